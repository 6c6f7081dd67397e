/**
 * Starting Pyodide in the Python worker (worker.js), so that every failure says what went wrong:
 * the loader's import, a wasm that cannot load or compile (Pyodide would only log it and never
 * settle), and which of its files could not be downloaded.
 */

import { lend } from "./early-wasm.js";
import { runtimeScript, wholeZipFetch } from "./whole-files.js";
import { describe } from "./snapshot.js";

/**
 * Pyodide catches a failed wasm download or compile (a blocked request, or a CSP
 * without 'wasm-unsafe-eval'), logs "wasm instantiation failed!" and the error
 * with console.warn, and then never settles. Watch for that log during boot so
 * the page hears the browser's reason at once instead of waiting for the timeout.
 * @returns {{failed: Promise<never>, restore: () => void}}
 */
function watchWasmFailure() {
  const original = console.warn;
  let flagged = false;
  /** @type {(error: Error) => void} */
  let reject = () => {};
  const failed = new Promise((_, r) => { reject = r; });
  console.warn = (...args) => {
    original.apply(console, args);
    if (args[0] === "wasm instantiation failed!") {
      flagged = true;
    } else if (flagged) {
      flagged = false;
      const reason = describe(args[0]);
      reject(new Error(/Content.Security/i.test(reason)
        ? "this site's Content-Security-Policy blocks WebAssembly (it must allow 'wasm-unsafe-eval')"
        : `the Python runtime (pyodide.asm.wasm) did not load (${reason})`));
    }
  };
  return { failed, restore: () => { console.warn = original; } };
}

/**
 * Import the pinned Pyodide loader from the site.
 * @param {string} indexURL
 * @returns {Promise<{loadPyodide: Function, version: string}>}
 */
export async function importPyodide(indexURL) {
  try {
    return await import(`${indexURL}pyodide.mjs`);
  } catch (error) {
    throw new Error(`could not load ${indexURL}pyodide.mjs (${describe(error)})`);
  }
}

/**
 * loadPyodide with the wasm compiled early, failing at once (not at the page's timeout) when
 * the wasm cannot load.
 * @param {Function} loadPyodide
 * @param {object} options
 * @param {import("./early-wasm.js").EarlyWasm} wasm
 */
export async function startPyodide(loadPyodide, options, wasm) {
  const watch = watchWasmFailure();
  const downloads = watchDownloads();
  try {
    // Pyodide's runtime script and its zips, each fetched once more if it arrives cut short (whole-files.js)
    const createPyodideModule = await runtimeScript(options.indexURL);
    return await lend(wasm, () => wholeZipFetch(() => Promise.race([loadPyodide({ ...options, createPyodideModule }),
      watch.failed])));
  } catch (error) { // name the step and the file: Pyodide itself often says only "exit(1)"
    const files = downloads.failed.length ? `could not download ${downloads.failed.join(", ")}; ` : "";
    throw new Error(`Pyodide could not start from ${options.indexURL}: ${files}${describe(error)}`);
  } finally {
    watch.restore();
    downloads.restore();
  }
}

/**
 * Note every download that fails while Pyodide starts (its file name and why), so a boot
 * failure can say which file was missing.
 * @returns {{failed: string[], restore: () => void}}
 */
function watchDownloads() {
  const original = self.fetch;
  /** @type {string[]} */
  const failed = [];
  const name = (url) => String(url).split(/[?#]/)[0].split("/").pop() || String(url);
  self.fetch = async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    try {
      const response = await original(input, init);
      if (!response.ok) failed.push(`${name(url)} (HTTP ${response.status})`);
      return response;
    } catch (error) {
      failed.push(`${name(url)} (${describe(error)})`);
      throw error;
    }
  };
  return { failed, restore: () => { self.fetch = original; } };
}
