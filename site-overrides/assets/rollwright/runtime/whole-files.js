/**
 * Runtime files that arrive cut short (a dropped connection on a first visit, a torn copy in a
 * cache) are fetched once more, past the caches, before Python gives up; the wasm has its own
 * retry (early-wasm.js), this module covers the others the worker needs:
 *
 * - the zips: Python's standard library (python_stdlib.zip, fetched by Pyodide itself while it
 *   starts: `wholeZipFetch` answers that request) and the site's engine wheel (boot-paths.js).
 *   A zip ends with its table of contents, so a copy cut short lacks it (`zipProblem`);
 * - Pyodide's runtime script (pyodide.asm.mjs): a copy cut short does not parse. It is imported
 *   here and handed to loadPyodide (its `createPyodideModule` option); a failed import is tried
 *   once more under another address (a module that failed to parse stays failed at its own).
 *
 * A file refused by the server (a 404) is not asked for again: asking again says the same.
 * Each retry is noted in `refetched` (the worker's `ready` reports it as `filesRetried`).
 */

import { describe } from "./snapshot.js";

/** Why each runtime file (other than the wasm) was fetched again: "file: reason". */
export const refetched = /** @type {string[]} */ ([]);

const READER_NAMES = /** @type {Record<string, string>} */ ({
  "python_stdlib.zip": "Python's standard library (python_stdlib.zip)",
  "pyodide.asm.mjs": "Python's runtime script (pyodide.asm.mjs)",
});

/** @param {string} url */
function fileName(url) {
  return url.split(/[?#]/)[0].split("/").pop() || url;
}

/** @param {string} url how a reader is told which file it is */
function readerName(url) {
  const file = fileName(url);
  if (file.endsWith(".whl")) return `this site's rules engine (${file})`;
  return READER_NAMES[file] ?? file;
}

/** @param {string} url @param {string} reason */
function twice(url, reason) {
  return new Error(`${readerName(url)} arrived incomplete or damaged twice, so Python cannot use it: check the `
    + `connection and reload the page (${reason})`);
}

/**
 * Why ``bytes`` is not a whole zip (its end-of-contents record is missing), or null.
 * @param {Uint8Array} bytes
 * @returns {string|null}
 */
export function zipProblem(bytes) {
  if (bytes.length < 22) return `it has ${bytes.length} bytes, too few for a zip`;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65535); at -= 1) {
    if (bytes[at] === 0x50 && bytes[at + 1] === 0x4b && bytes[at + 2] === 0x05 && bytes[at + 3] === 0x06) return null;
  }
  return `its last part is missing (${bytes.length} bytes arrived)`;
}

/** The server answered with an error status: not a download cut short. */
class Refused extends Error {}

/**
 * @param {typeof fetch} get
 * @param {string} url
 * @param {RequestInit} [init]
 * @returns {Promise<Uint8Array>}
 */
async function download(get, url, init) {
  let response;
  try {
    response = await get(url, init);
  } catch (error) {
    throw new Error(`could not download ${url} (${describe(error) || "network error"})`);
  }
  if (!response.ok) throw new Refused(`could not download ${url} (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer()); // rejects when the connection drops midway
}

/**
 * A zip's bytes, downloaded once more past the caches if the first copy is cut short.
 * @param {string} url
 * @param {typeof fetch} [get] the fetch to use (while Pyodide starts: the one before `wholeZipFetch`'s)
 * @returns {Promise<Uint8Array>}
 */
export async function wholeZip(url, get = (input, init) => self.fetch(input, init)) {
  let reason;
  try {
    const bytes = await download(get, url);
    reason = zipProblem(bytes);
    if (!reason) return bytes;
  } catch (error) {
    if (error instanceof Refused) throw error;
    reason = describe(error);
  }
  refetched.push(`${fileName(url)}: ${reason}`);
  try {
    const bytes = await download(get, url, { cache: "reload" });
    reason = zipProblem(bytes);
    if (!reason) return bytes;
  } catch (error) {
    if (error instanceof Refused) throw error;
    reason = describe(error);
  }
  throw twice(url, reason);
}

/**
 * While `start` runs (Pyodide starting), answer Pyodide's own requests for zips with whole copies.
 * @template T
 * @param {() => Promise<T>} start
 * @returns {Promise<T>}
 */
export async function wholeZipFetch(start) {
  const before = self.fetch;
  self.fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (fileName(url).endsWith(".zip")) {
      return new Response(await wholeZip(url, before), { headers: { "Content-Type": "application/zip" } });
    }
    return before(input, init);
  };
  try {
    return await start();
  } finally {
    self.fetch = before;
  }
}

/**
 * Pyodide's runtime script, imported (once more under another address if the first import fails).
 * @param {string} indexURL
 * @returns {Promise<Function>} its default export, loadPyodide's `createPyodideModule`
 */
export async function runtimeScript(indexURL) {
  const url = `${indexURL}pyodide.asm.mjs`;
  try {
    return (await import(url)).default;
  } catch (error) {
    refetched.push(`pyodide.asm.mjs: ${describe(error)}`);
    try {
      return (await import(`${url}?again=1`)).default;
    } catch (second) {
      throw twice(url, describe(second));
    }
  }
}
