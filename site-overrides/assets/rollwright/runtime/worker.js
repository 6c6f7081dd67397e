/**
 * Rollwright's Python worker (a module Web Worker; one per tab).
 *
 * It owns Pyodide and the engine, so the page never freezes while Python boots
 * or computes. Messages are typed `{type, id, data}`:
 *
 * - page -> worker `init` `{indexURL, wheelURL, entryModule, snapshot, pyodideVersion, handOff,
 *   waitForPaint}`
 *   (runtime/config.js `workerInit`): start Python with the engine imported, by one of two
 *   paths, and answer `ready` `{python, engineVersion, path, reason, bootMs, pyodideMs,
 *   engineMs, waitedForPaint, fromCache, wasmRetried, filesRetried, bootFrom, at}` (`wasmRetried`: why a first download of
 *   the wasm was fetched again, early-wasm.js; `filesRetried`: the same for the other runtime files,
 *   whole-files.js; `fromCache`: the files read straight from the service
 *   worker's cache, see cached.js; `at`, epoch ms: when the worker started, began, heard that the page had
 *   painted, started the big downloads, had Pyodide's loader, had the wasm's bytes, had it compiled, had
 *   the snapshot unpacked, had Python) or `error`:
 *   - "snapshot": restore the build's memory snapshot (snapshot.js), in which the engine
 *     is imported already, and reseed `random` (a restored generator would repeat itself
 *     on every visit);
 *   - "fallback": any problem with the snapshot (none shipped, 404, corrupt, made for another
 *     Pyodide, restore error), or a first visit on a slow connection (connection.js: fewer bytes
 *     beat less work), boots Pyodide the normal way (from the site's small standard library
 *     when there is one for this Pyodide), unpacks the engine wheel and imports the entry
 *     module; `reason` says why.
 *   With `handOff` (a first visit, before the service worker runs), the big runtime files are
 *   also handed to the service worker's install (handoff.js), so they are downloaded once; they
 *   are stored once Python has answered the page's first calls (IDLE_MS without a call), and
 *   then the worker posts `kept` `{files}` (id 0).
 *   `init` may also carry `{rawConfig, handOff, waitForPaint}`: the page config as written. main.html's
 *   early start puts that in this worker's name (`"rollwright-python " + JSON`), so the boot
 *   starts as soon as the script runs, before any message could arrive. The first init
 *   starts the boot; every init is answered when it is done.
 * - page -> worker `painted` (no id, no answer): the page has shown its first content
 *   (main.html, worker-client.js). With `waitForPaint` (the runtime comes from the network,
 *   not from the service worker's cache), the big downloads (the wasm, the snapshot) wait for
 *   it, so that they never compete with the page's own first paint; after PAINT_WAIT_MS they
 *   start anyway (a tab opened in the background paints only when it is shown).
 * - page -> worker `call` `{name, params}`: runs the entry module's `call_json`;
 *   answers `result` (the call's result) or `error` `{kind, message, field?, position?}`.
 * - page -> worker `refresh` `{wheelURL, games}` (under `rollwright serve`, a page swapped in place after an
 *   edit: worker-client.js `refreshPython`): once the boot (and any refresh before) is done, put that wheel in
 *   place and import those games afresh (boot-paths.js `refreshed`); calls sent after it wait for it. Answers
 *   `result` `{games, ms}` (ms: the time it took, once its turn came) or `error` (the page then loads again).
 * - page -> worker `watch` (answered at once, also while Python boots or computes): `result`
 *   `{lock}`, the name of a Web Lock this worker holds for as long as it lives (null where the
 *   browser has no Web Locks). The page asks for the same lock: the browser grants it the moment
 *   this worker is gone (closed, crashed, killed), however busy Python was, so a dead worker is
 *   told from a slow answer at once (runtime/liveness.js).
 *
 * No Python source lives here: the worker only imports modules and calls functions.
 *
 * The site build joins this module and every module it imports into one script, in place of this
 * file (macros/worker_bundle.py): the browser then loads the worker in one request, not level by
 * level. Imports here stay one-line and named; the build refuses anything it cannot join.
 */

import { parseConfig, workerInit } from "./config.js";
import { slowConnection } from "./connection.js";
import { readFromCache } from "./cached.js";
import { compileEarly, retried } from "./early-wasm.js";
import { copiesDone, keepDownloads, storeAfter } from "./handoff.js";
import { importPyodide } from "./pyodide-start.js";
import { bootFresh, restore } from "./boot-paths.js";
import { at, clock } from "./timeline.js";
import { SnapshotUnusable, describe, fetchSnapshot, incompatibility } from "./snapshot.js";
import { DECODER_URL } from "./zstd.js";
import { refetched } from "./whole-files.js";



/** @type {Promise<import("./boot-paths.js").Runtime> | null} */
let booting = null;

const PAINT_WAIT_MS = 3000;
/** Whether this boot waited for the page's first paint (reported in `ready`). */
let waitedForPaint = false;
/** @type {() => void} */
let painted = () => {};
/** Resolves once the page has painted (a `painted` message), or after PAINT_WAIT_MS. */
const pagePainted = new Promise((resolve) => { painted = resolve; });
setTimeout(() => painted(), PAINT_WAIT_MS);
pagePainted.then(() => { at.painted = clock(); });

/** How long Python must have had no call before a first visit's copies are stored (handoff.js). */
const IDLE_MS = 300;
/** When (performance.now()) Python last answered a call. */
let lastAnswer = 0;

/**
 * Resolves once the boot has settled and Python has then had no call for IDLE_MS: the page's
 * first answers are out.
 * @param {Promise<unknown>} boot
 */
async function quietAfter(boot) {
  await boot.catch(() => {});
  lastAnswer = Math.max(lastAnswer, performance.now());
  for (let wait = IDLE_MS; wait > 0; wait = lastAnswer + IDLE_MS - performance.now()) {
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

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
  const message = describe(error);
  return { kind, message: message || `${kind} error` };
}

/**
 * Start Python with the engine: from the snapshot when it fits, else the normal way.
 * @param {{indexURL: string, wheelURL: string, entryModule: string, snapshot: any, pyodideVersion: string,
 *   handOff?: boolean}} data
 * @returns {Promise<import("./boot-paths.js").Runtime>}
 */
async function boot(data) {
  const started = performance.now();
  at.init = clock();
  const loader = importPyodide(data.indexURL);
  loader.catch(() => {}); // awaited below
  // From the network, the big downloads come after the page's first paint and its own files.
  waitedForPaint = Boolean(data.waitForPaint);
  if (waitedForPaint) await pagePainted;
  const priority = data.waitForPaint ? "low" : "auto";
  at.downloads = clock();
  if (data.handOff) {
    storeAfter(quietAfter(booting ?? Promise.resolve()));
    keepDownloads([`${data.indexURL}pyodide.asm.wasm`, `${data.indexURL}pyodide-lock.json`, DECODER_URL]);
  }
  const wasm = compileEarly(data.indexURL, priority);
  wasm.bytes.then(() => { at.wasm = clock(); }, () => {});
  wasm.module.then(() => { at.compiled = clock(); }, () => {});
  // The download starts at once, alongside the loader's; it is dropped if the loader turns out
  // to be another Pyodide than the page config says.
  let reason = incompatibility(data.snapshot, data.pyodideVersion);
  const samePyodide = data.snapshot?.pyodide === data.pyodideVersion;
  const slow = !reason && data.waitForPaint ? slowConnection(self.navigator?.connection) : null;
  if (slow) reason = `a normal boot downloads fewer bytes, and ${slow}`;
  const download = new AbortController();
  const image = reason ? null : fetchSnapshot(data.snapshot, download.signal, priority, wasm.bytes);
  image?.then(() => { at.snapshot = clock(); }, () => {}); // restore() awaits it and reports its failure
  const { loadPyodide, version } = await loader;
  at.loader = clock();
  reason ??= incompatibility(data.snapshot, version);
  if (reason) download.abort();
  if (!reason && image) {
    try {
      return await restore(loadPyodide, data, image, wasm, started);
    } catch (error) {
      if (!(error instanceof SnapshotUnusable)) throw error;
      reason = error.message;
      console.warn(`Rollwright: booting Python without the memory snapshot: ${reason}`);
    }
  }
  return bootFresh(loadPyodide, data, wasm, started, reason, samePyodide && data.snapshot?.pyodide === version);
}

/**
 * Run one call through the entry module's JSON door; returns its envelope.
 * @param {import("./boot-paths.js").Runtime} runtime
 * @param {string} name
 * @param {object} params
 * @returns {{ok: boolean, result?: unknown, error?: any}}
 */
function callEnvelope(runtime, name, params) {
  return JSON.parse(runtime.callJson(String(name), JSON.stringify(params ?? {})));
}

/**
 * Answer one call. On the snapshot path, an internal error may mean Python needed a module
 * that the snapshot does not hold (its files were never downloaded): the files are then
 * installed and the call is run once more.
 * @param {number} id
 * @param {{name: string, params: object}} data
 */
async function answer(id, { name, params }) {
  let runtime;
  try {
    runtime = await booting;
    lastAnswer = performance.now(); // a call under way counts as busy (see quietAfter)
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
    envelope = callEnvelope(runtime, name, params);
    if (!envelope.ok && envelope.error?.kind === "internal" && runtime.complete && !runtime.filesComplete) {
      console.warn(`Rollwright: ${envelope.error.message}; installing Python's files and trying again`);
      runtime.filesComplete = await runtime.complete();
      envelope = callEnvelope(runtime, name, params);
    }
  } catch (error) {
    post("error", id, errorData("internal", error));
    return;
  }
  if (envelope.ok) post("result", id, envelope.result);
  else post("error", id, envelope.error);
  lastAnswer = performance.now();
}

/**
 * Take a newer wheel and import `games` afresh, after the boot and any refresh before (see `refresh` above).
 * @param {number} id
 * @param {{wheelURL: string, games: string[]}} data
 */
function refresh(id, { wheelURL, games }) {
  if (!booting) {
    post("error", id, { kind: "boot", message: "Python was asked to take new games before it was started" });
    return;
  }
  const named = [...(games ?? [])].map(String);
  let ms = 0;
  booting = booting.then(async (runtime) => {
    const began = performance.now();
    const next = await runtime.refresh(String(wheelURL), named);
    ms = Math.round(performance.now() - began);
    return { ...next, filesComplete: Boolean(runtime.filesComplete || next.filesComplete) };
  });
  booting.then(() => post("result", id, { games: named, ms }), (error) => post("error", id, errorData("refresh", error)));
}

/**
 * The init data, from either form of `init`.
 * @param {any} data
 */
function initData(data) {
  if (!data?.rawConfig) return data;
  const { config, error } = parseConfig(data.rawConfig);
  if (!config) throw new Error(error);
  return workerInit(config, Boolean(data.handOff), Boolean(data.waitForPaint));
}

/**
 * Start booting (once).
 * @param {any} data either form of `init`
 */
function startBoot(data) {
  if (booting) return;
  booting = Promise.resolve(data).then(initData).then(boot);
  if (data?.handOff) booting.then(copiesDone, copiesDone).then((files) => post("kept", 0, { files }));
}

/** The name main.html's early start gives this worker: "rollwright-python " and then its init data. */
const NAME = "rollwright-python ";

/** The init data in this worker's name (main.html's early start), or null. */
function initFromName() {
  if (!self.name.startsWith(NAME)) return null;
  try {
    return JSON.parse(self.name.slice(NAME.length));
  } catch (error) {
    console.warn(`Rollwright: the worker's name carries no usable config (${describe(error)}); waiting for init`);
    return null;
  }
}

/** The Web Lock held for this worker's whole life (see `watch`): its name once held, or null. */
const lifeLock = new Promise((resolve) => {
  const locks = self.navigator?.locks;
  if (!locks) { resolve(null); return; }
  const name = `rollwright-python-${Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join("")}`;
  locks.request(name, () => { resolve(name); return new Promise(() => {}); }).catch(() => resolve(null));
});

const early = initFromName();
/** What started the boot: "name" (main.html's early start) or "message" (the page's `init`); in `ready`. */
const bootFrom = early ? "name" : "message";
if (early) startBoot(early);

self.addEventListener("message", (event) => {
  const { type, id, data } = event.data ?? {};
  if (type === "init") {
    startBoot(data);
    booting.then(
      ({ callJson, complete, filesComplete, refresh: _, ...info }) => post("ready", id, { ...info, waitedForPaint,
        fromCache: [...readFromCache], wasmRetried: [...retried],
        filesRetried: [...refetched], bootFrom }),
      (error) => post("error", id, errorData("boot", error)),
    );
  } else if (type === "watch") {
    lifeLock.then((lock) => post("result", id, { lock }));
  } else if (type === "painted") {
    painted();
  } else if (type === "call") {
    answer(id, data);
  } else if (type === "refresh") {
    refresh(id, data);
  } else {
    post("error", id, { kind: "protocol", message: `unknown message type ${JSON.stringify(type)}` });
  }
});
