/**
 * Rollwright's Python worker (a module Web Worker; one per tab).
 *
 * It owns Pyodide and the engine, so the page never freezes while Python boots
 * or computes. Messages are typed `{type, id, data}`:
 *
 * - page -> worker `init` `{indexURL, wheelURL}`: load Pyodide from the site
 *   itself, unpack the engine wheel, import `engine.kit.api`; answers `ready`
 *   `{python, engineVersion, bootMs, pyodideMs, engineMs}` or `error`.
 * - page -> worker `call` `{name, params}`: runs `engine.kit.api.call_json`;
 *   answers `result` (the call's result) or `error` `{kind, message, field?, position?}`.
 *
 * No Python source lives here: the worker only imports modules and calls functions.
 */

/** @type {Promise<{callJson: (name: string, params: string) => string, python: string,
 *   engineVersion: string, bootMs: number, pyodideMs: number, engineMs: number}> | null} */
let booting = null;

/**
 * Post one typed message to the page.
 * @param {string} type
 * @param {number} id
 * @param {unknown} data
 */
function post(type, id, data) {
  self.postMessage({ type, id, data });
}

/**
 * A plain error payload from anything thrown.
 * @param {string} kind
 * @param {unknown} error
 * @returns {{kind: string, message: string}}
 */
function errorData(kind, error) {
  const message = error instanceof Error ? error.message : String(error);
  return { kind, message: message || `${kind} error` };
}

/**
 * Fetch a file as bytes, failing clearly on HTTP errors.
 * @param {string} url
 * @returns {Promise<Uint8Array>}
 */
async function fetchBytes(url) {
  let response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`could not download ${url} (${errorData("network", error).message})`);
  }
  if (!response.ok) throw new Error(`could not download ${url} (HTTP ${response.status})`);
  return new Uint8Array(await response.arrayBuffer());
}

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
      const reason = errorData("wasm", args[0]).message;
      reject(new Error(/Content.Security/i.test(reason)
        ? "this site's Content-Security-Policy blocks WebAssembly (it must allow 'wasm-unsafe-eval')"
        : `the Python runtime (pyodide.asm.wasm) did not load (${reason})`));
    }
  };
  return { failed, restore: () => { console.warn = original; } };
}

/**
 * Boot Pyodide and the engine. Downloads of the wheel and Pyodide overlap.
 * @param {{indexURL: string, wheelURL: string}} data
 */
async function boot({ indexURL, wheelURL }) {
  const started = performance.now();
  const wheel = fetchBytes(wheelURL);
  wheel.catch(() => {}); // reported below, once Pyodide is up or has failed
  let loadPyodide;
  try {
    ({ loadPyodide } = await import(`${indexURL}pyodide.mjs`));
  } catch (error) {
    throw new Error(`could not load ${indexURL}pyodide.mjs (${errorData("load", error).message})`);
  }
  const watch = watchWasmFailure();
  let pyodide;
  try {
    pyodide = await Promise.race([loadPyodide({ indexURL, fullStdLib: false }), watch.failed]);
  } finally {
    watch.restore();
  }
  const pyodideUp = performance.now();
  // Install into site-packages (unpackArchive's default is the working directory).
  const sitePackages = String(pyodide.pyimport("sysconfig").get_path("purelib"));
  pyodide.unpackArchive(await wheel, "wheel", { extractDir: sitePackages });
  const api = pyodide.pyimport("engine.kit.api");
  const engine = pyodide.pyimport("engine");
  const platform = pyodide.pyimport("platform");
  return {
    callJson: api.call_json,
    python: String(platform.python_version()),
    engineVersion: String(engine.__version__),
    bootMs: Math.round(performance.now() - started),
    pyodideMs: Math.round(pyodideUp - started),
    engineMs: Math.round(performance.now() - pyodideUp),
  };
}

/**
 * Answer one call through the engine's JSON door.
 * @param {number} id
 * @param {{name: string, params: object}} data
 */
async function answer(id, { name, params }) {
  let runtime;
  try {
    runtime = await booting;
  } catch (error) {
    post("error", id, errorData("boot", error));
    return;
  }
  if (!runtime) {
    post("error", id, { kind: "boot", message: "Python was asked for an answer before it was started" });
    return;
  }
  let envelope;
  try {
    envelope = JSON.parse(runtime.callJson(String(name), JSON.stringify(params ?? {})));
  } catch (error) {
    post("error", id, errorData("internal", error));
    return;
  }
  if (envelope.ok) post("result", id, envelope.result);
  else post("error", id, envelope.error);
}

self.addEventListener("message", (event) => {
  const { type, id, data } = event.data ?? {};
  if (type === "init") {
    if (!booting) booting = boot(data);
    booting.then(
      ({ callJson, ...info }) => post("ready", id, info),
      (error) => post("error", id, errorData("boot", error)),
    );
  } else if (type === "call") {
    answer(id, data);
  } else {
    post("error", id, { kind: "protocol", message: `unknown message type ${JSON.stringify(type)}` });
  }
});
