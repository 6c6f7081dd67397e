/**
 * Compile Pyodide's WebAssembly (pyodide.asm.wasm, about 10 MB) from the moment the Python
 * worker starts, instead of from the moment Pyodide asks for it.
 *
 * Left alone, Pyodide downloads the wasm only once its loader has been imported, and compiles
 * it only once the memory snapshot is in hand; the download, the compile, the loader, its
 * runtime script and the snapshot then take turns. Here the download and the compile start at
 * once and run beside the rest. While Pyodide starts (`lend`), the worker's fetch answers
 * Pyodide's own request for the same file with a stand-in (so it is downloaded once), and
 * `WebAssembly.instantiateStreaming`, given that stand-in, instantiates the module compiled
 * here. Any failure of the early compile reaches Pyodide through that call, so the worker's
 * usual "wasm instantiation failed" handling names it (worker.js `watchWasmFailure`).
 *
 * The two globals are replaced only while Pyodide starts, and are put back afterwards.
 */

import { cachedResponse } from "./cached.js";

/** @typedef {{url: string, module: Promise<WebAssembly.Module>, bytes: Promise<Uint8Array>}} EarlyWasm
 * bytes: the file itself, read from the same download (the memory snapshot is packed against the
 * data it holds, see snapshot.js `unpack`). */

/**
 * Start downloading and compiling the wasm now: from the service worker's cache when it has
 * it (cached.js), else through the worker's fetch, so a first visit's hand-off to the service
 * worker keeps a copy (see handoff.js).
 * @param {string} indexURL Pyodide's folder, absolute, ending in "/"
 * @param {RequestPriority} priority "low" from the network, after the page's own files
 * @returns {EarlyWasm}
 */
export function compileEarly(indexURL, priority) {
  const url = `${indexURL}pyodide.asm.wasm`;
  const download = self.fetch.bind(self); // taken now: `lend` soon answers this URL with its stand-in
  const first = fetchAndCompile(url, () => cachedResponse(url).then((kept) => kept ?? download(url, { priority })));
  // A copy cut short (a dropped connection, a torn cache entry) fails to compile: fetched once more,
  // past the caches (through the service worker, which drops its own damaged copy), before giving up.
  const done = Promise.all([first.module, first.bytes]).then(() => first, async (error) => {
    if (error instanceof DownloadRefused) throw error; // the server said no: asking again says the same
    retried.push(describeFailure(error));
    const again = fetchAndCompile(url, () => download(url, { priority, cache: "reload" }));
    try {
      await Promise.all([again.module, again.bytes]);
      return again;
    } catch (second) {
      throw new Error("Python's engine file (pyodide.asm.wasm) arrived incomplete or damaged twice, so Python "
        + `cannot start: check the connection and reload the page (${describeFailure(second)})`);
    }
  });
  const module = done.then((wasm) => wasm.module);
  const bytes = done.then((wasm) => wasm.bytes);
  module.catch(() => {}); // reported when Pyodide instantiates it (see lend)
  bytes.catch(() => {}); // reported by snapshot.js when the snapshot needs them
  return { url, module, bytes };
}

/** The server answered the wasm's request with an error (a 404): not a download cut short. */
class DownloadRefused extends Error {}

/** Why each first download of the wasm was fetched again (for the worker's diagnostics). */
export const retried = /** @type {string[]} */ ([]);

/** @param {unknown} error */
function describeFailure(error) {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * One download of the wasm, compiled as it streams in and kept as bytes.
 * @param {string} url
 * @param {() => Promise<Response>} get
 * @returns {{module: Promise<WebAssembly.Module>, bytes: Promise<Uint8Array>}}
 */
function fetchAndCompile(url, get) {
  const response = (async () => {
    const answer = await get();
    if (!answer.ok || !answer.body) throw new DownloadRefused(`could not download ${url} (HTTP ${answer.status})`);
    return answer;
  })();
  const branches = response.then((answer) => answer.body.tee());
  const module = branches.then(([stream]) => WebAssembly.compileStreaming(
    new Response(stream, { headers: { "Content-Type": "application/wasm" } })));
  const bytes = branches.then(async ([, stream]) => new Uint8Array(await new Response(stream).arrayBuffer()));
  module.catch(() => {});
  bytes.catch(() => {});
  return { module, bytes };
}

/**
 * While `start` runs, let Pyodide use the early compile instead of downloading the wasm again.
 * @template T
 * @param {EarlyWasm} early
 * @param {() => Promise<T>} start calls loadPyodide
 * @returns {Promise<T>}
 */
export async function lend(early, start) {
  const fetchBefore = self.fetch;
  const instantiateBefore = WebAssembly.instantiateStreaming;
  const standIn = new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } });
  self.fetch = (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    return url === early.url ? Promise.resolve(standIn) : fetchBefore(input, init);
  };
  WebAssembly.instantiateStreaming = async (source, imports) => {
    if ((await source) !== standIn) return instantiateBefore.call(WebAssembly, source, imports);
    const module = await early.module;
    return { module, instance: await WebAssembly.instantiate(module, imports) };
  };
  try {
    return await start();
  } finally {
    self.fetch = fetchBefore;
    WebAssembly.instantiateStreaming = instantiateBefore;
  }
}
