/**
 * The page's side of the Python worker: ONE worker per tab, made lazily when the
 * first widget mounts, kept across instant navigation.
 *
 * Messages are typed `{type, id, data}`; each request has one Promise, settled
 * by the answer with the same id or by a timeout. Boot has its own timeout,
 * because `loadPyodide` never settles when the page's Content-Security-Policy
 * forbids WebAssembly ('wasm-unsafe-eval' missing).
 *
 * Read-only diagnostics for people and tests: `window.rollwright`.
 *
 * Early start: on a page with widgets, main.html creates the worker in <head> (an inline
 * script, so that Python starts before the page is parsed) and sends it the raw config; it
 * leaves the worker in `window.__rollwrightEarlyWorker` (and any load error in
 * `window.__rollwrightEarlyError`) for startPython to adopt as this tab's one worker.
 *
 * A worker that dies (closed, crashed, killed: runtime/liveness.js tells it at once, however
 * busy Python was; or an error event once it had started) is replaced by a new one, and every
 * request it had not answered (the boot included) is sent to the new one. A call in flight
 * through two deaths is refused rather than sent a third time, and after MAX_RESTARTS the
 * runtime fails for good. A call that outlives its timeout still restarts Python (it is stuck).
 *
 * The states are told apart in `window.rollwright.phase` (and the `phase` event): "idle", "booting",
 * "ready", "slow" (a call running past SLOW_MS), "hung" (a call cut at its timeout: "this answer took
 * too long"), "dead-booting" / "dead" (a worker that died while booting, or later, being replaced),
 * "failed". A worker that dies before it answers `watch` (killed while booting, before the page
 * could watch its lock) is noticed after WATCH_MS, not at the boot's timeout.
 */

import { workerInit } from "./config.js";
import { watchLife } from "./liveness.js";

/** How many dead workers a page replaces before it gives up (a worker that dies at every start). */
const MAX_RESTARTS = 5;
/** A worker answers `watch` as soon as its script runs; one silent this long is taken for dead and replaced. */
const WATCH_MS = 8000;
/** A call still running after this long is "slow" (window.rollwright.phase); at its timeout it is "hung". */
export const SLOW_MS = 5000;

/** @typedef {{indexURL: string, wheelURL: string, entryModule: string, pyodideVersion: string,
 *   snapshot: import("./snapshot.js").SnapshotInfo|null, serviceWorkerURL: string|null,
 *   bootTimeoutMs: number, callTimeoutMs: number, engineVersion?: string,
 *   sources?: {base: string, games: Readonly<Record<string, string>>}|null}} RuntimeConfig */
/** @typedef {{python: string, engineVersion: string, path: string, reason: string|null,
 *   bootMs: number, pyodideMs: number, engineMs: number}} ReadyInfo */

/** An answer the engine (or the runtime) refused: `kind`, `message`, maybe `field`/`position`. */
export class EngineError extends Error {
  /** @param {{kind?: string, message?: string, field?: string, position?: number}} data */
  constructor(data) {
    super(data?.message || "unknown error");
    this.name = "EngineError";
    this.kind = data?.kind || "error";
    this.field = data?.field;
    this.position = data?.position;
  }
}

const stats = {
  state: "idle", // idle | loading | ready | failed
  workerStarts: 0,
  bootMs: /** @type {number|null} */ (null),
  worker: /** @type {ReadyInfo|null} */ (null), // the worker's own timings: Pyodide vs engine
  python: /** @type {string|null} */ (null),
  engineVersion: /** @type {string|null} */ (null),
  earlyStart: false, // the worker was started by main.html's inline script (else by this module)
  bootPath: /** @type {string|null} */ (null), // "snapshot" or "fallback" (a normal boot)
  bootReason: /** @type {string|null} */ (null), // why the snapshot was not used
  offline: /** @type {object|null} */ (null), // the service worker's state (offline.js)
  calls: 0,
  watched: false, // the worker's death is seen at once (runtime/liveness.js)
  restarts: 0, // dead workers replaced
  refreshes: 0, // new wheels the running worker took under `rollwright serve` (refreshPython)
  refreshMs: /** @type {number|null} */ (null), // the worker's time for the last of them
  restartReason: /** @type {string|null} */ (null), // why the last one was
  phase: "idle", // see the module's text
  deaths: /** @type {{when: "booting"|"later", why: string}[]} */ ([]),
  error: /** @type {string|null} */ (null),
};
/** Calls running now (their ids), and those of them past SLOW_MS. */
const running = new Set();
const slow = new Set();

/**
 * Set `window.rollwright.phase`: from the runtime's state and the calls running, unless `phase` is given.
 * @param {string} [phase]
 */
function setPhase(phase) {
  const next = phase ?? (stats.state === "failed" ? "failed" : stats.state === "loading" ? "booting"
    : stats.state === "ready" ? (slow.size ? "slow" : "ready") : "idle");
  if (next === stats.phase) return;
  stats.phase = next;
  events.dispatchEvent(new CustomEvent("phase", { detail: { phase: next } }));
}

/** Fires `statechange` whenever `stats.state` changes, and `kept` when the worker has handed its downloads over. */
export const events = new EventTarget();
let handingOff = false;
let handedOff = false;

/** @type {Worker|null} */
let worker = null;
/** @type {Promise<ReadyInfo>|null} */
let booting = null;
/** The init a replacement worker is sent (no hand-over, no wait for a paint long done). */
let restartInit = /** @type {object|null} */ (null);
/** Whether a replacement worker is still booting (calls sent meanwhile wait for that too). */
let rebooting = false;
/** @type {RuntimeConfig|null} */
let runtimeConfig = null;
let nextId = 1;
/** @typedef {{resolve: Function, reject: Function, timer: number, type: string, data: unknown,
 *   timeoutMs: number, timeoutMessage: string, replays: number}} Pending */
/** @type {Map<number, Pending>} */
const pending = new Map();
/** @type {WeakSet<Worker>} workers that have answered (so an error event means one that died, not one that never loaded) */
const started = new WeakSet();

/**
 * Tells this origin's other scripts how Python is doing; search-after-python.js waits for
 * "ready" or "failed" before it builds the search index, and asks once when it starts.
 */
const broadcast = typeof BroadcastChannel === "function" ? new BroadcastChannel("rollwright-python") : null;
broadcast?.addEventListener("message", (event) => {
  if (event.data?.ask === "state") broadcast.postMessage({ state: stats.state });
});

function setState(state, error = null) {
  stats.state = state;
  stats.error = error;
  broadcast?.postMessage({ state });
  events.dispatchEvent(new CustomEvent("statechange", { detail: { state, error } }));
  setPhase();
}

/**
 * Send one request and wait for its answer.
 * @param {string} type
 * @param {unknown} data
 * @param {number} timeoutMs
 * @param {string} timeoutMessage
 */
function request(type, data, timeoutMs, timeoutMessage) {
  const id = nextId++;
  if (!worker) return Promise.reject(new EngineError({ kind: "stopped", message: "the Python worker is not running" }));
  return new Promise((resolve, reject) => {
    const entry = { resolve, reject, timer: 0, type, data, timeoutMs, timeoutMessage, replays: 0 };
    pending.set(id, entry);
    send(id, entry);
  });
}

/**
 * Post a pending request to the current worker and start its clock (a worker that is booting
 * again after a death gets the boot's time too).
 * @param {number} id
 * @param {Pending} entry
 */
function send(id, entry) {
  clearTimeout(entry.timer);
  const extra = rebooting && entry.type === "call" && runtimeConfig ? runtimeConfig.bootTimeoutMs : 0;
  entry.timer = setTimeout(() => {
    pending.delete(id);
    entry.reject(new EngineError({ kind: "timeout", message: entry.timeoutMessage }));
  }, entry.timeoutMs + extra);
  /** @type {Worker} */ (worker).postMessage({ type: entry.type, id, data: entry.data });
}

function settle(id, ok, value) {
  const entry = pending.get(id);
  if (!entry) return; // timed out already
  pending.delete(id);
  clearTimeout(entry.timer);
  if (ok) entry.resolve(value);
  else entry.reject(new EngineError(value));
}

/** Stop the worker and fail everything still waiting on it. */
function stopWorker(reason) {
  if (worker) worker.terminate();
  worker = null;
  booting = null;
  rebooting = false;
  for (const [id] of pending) settle(id, false, { kind: "stopped", message: reason });
}

/**
 * Listen to a worker: its answers, its errors, and (runtime/liveness.js) its death.
 * @param {Worker} target
 */
function attach(target) {
  target.addEventListener("message", (event) => {
    const { type, id, data } = event.data ?? {};
    started.add(target);
    if (type === "ready" || type === "result") settle(id, true, data);
    else if (type === "error") settle(id, false, data);
    else if (type === "kept") {
      handedOff = true;
      events.dispatchEvent(new CustomEvent("kept", { detail: data }));
    }
  });
  target.addEventListener("error", (event) => {
    event.preventDefault();
    const why = event.message || "its script could not be loaded";
    if (started.has(target)) died(target, `an error stopped it: ${why}`);
    else if (target === worker) fail(`the Python worker stopped (${why})`);
  });
  target.addEventListener("messageerror", () => fail("the Python worker sent a message that could not be read"));
  stats.watched = false;
  const watch = request("watch", null, WATCH_MS, "the Python worker gave no sign of life");
  watch.catch((error) => {
    if (error instanceof EngineError && error.kind === "timeout") {
      died(target, `it gave no sign of life within ${WATCH_MS / 1000} s of starting`);
    }
  });
  watchLife(watch, () => died(target, "it was closed or crashed"))
    .then((watched) => { if (target === worker) stats.watched = watched; });
}

/**
 * A worker died: start another, and send it everything the dead one had not answered.
 * @param {Worker} dead
 * @param {string} why
 */
function died(dead, why) {
  if (dead !== worker || stats.state === "failed") return; // stopped on purpose, or replaced already
  dead.terminate();
  const reason = `the Python worker stopped (${why})`;
  stats.restartReason = reason;
  const when = stats.state === "ready" ? "later" : "booting";
  stats.deaths.push({ when, why });
  setPhase(when === "later" ? "dead" : "dead-booting");
  if (stats.restarts >= MAX_RESTARTS) {
    fail(`${reason}, for the ${MAX_RESTARTS + 1}th time on this page`);
    return;
  }
  stats.restarts += 1;
  console.warn(`Rollwright: ${reason}; starting it again and repeating what it had not answered`);
  for (const [id, entry] of pending) {
    clearTimeout(entry.timer);
    if (entry.type === "watch") settle(id, false, { kind: "stopped", message: reason });
    else if (entry.type === "refresh") settle(id, true, null); // the new worker boots the refreshed config
    else if (entry.type === "call" && entry.replays >= 1) {
      settle(id, false, { kind: "stopped", message: `${reason} twice while answering this, so it was not tried again` });
    }
  }
  try {
    worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: "rollwright-python" });
  } catch (error) {
    fail(`the browser would not start the Python worker again (${error.message})`);
    return;
  }
  stats.workerStarts += 1;
  attach(worker);
  rebooting = true;
  const boot = [...pending].find(([, entry]) => entry.type === "init");
  if (boot) { // it died while booting: the boot goes on in the new worker
    boot[1].data = restartInit;
    send(...boot);
  } else {
    if (stats.state === "ready") setState("loading");
    const seconds = Math.round((runtimeConfig?.bootTimeoutMs ?? 120000) / 1000);
    request("init", restartInit, runtimeConfig?.bootTimeoutMs ?? 120000, `Python did not start again within ${seconds} s`)
      .then(() => { rebooting = false; if (stats.state === "loading") setState("ready"); else setPhase(); },
        (error) => fail(`Python could not start again: ${error.message}`));
  }
  for (const [id, entry] of [...pending]) {
    if (entry.type !== "call") continue;
    entry.replays += 1;
    send(id, entry);
  }
}

/** @param {string} message */
function fail(message) {
  stopWorker(message);
  setState("failed", message);
}

/**
 * Start Python (once per tab) and resolve when the engine is ready.
 * After a failure it keeps rejecting with the same reason until the page reloads.
 * @param {RuntimeConfig} config
 * @returns {Promise<ReadyInfo>}
 */
export function startPython(config) {
  if (stats.state === "failed") return Promise.reject(new EngineError({ kind: "boot", message: stats.error }));
  if (booting) return booting;
  const startedAt = performance.now();
  runtimeConfig = config;
  restartInit = workerInit(config, false, false);
  const early = /** @type {any} */ (window).__rollwrightEarlyWorker;
  try {
    worker = early instanceof Worker ? early
      : new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: "rollwright-python" });
  } catch (error) {
    fail(`the browser would not start the Python worker (${error.message})`);
    return Promise.reject(new EngineError({ kind: "boot", message: stats.error }));
  }
  stats.workerStarts += 1;
  setState("loading");
  attach(worker);
  if (early instanceof Worker) {
    stats.earlyStart = true;
    /** @type {any} */ (window).__rollwrightEarlyWorker = null;
    const earlyError = /** @type {any} */ (window).__rollwrightEarlyError;
    if (earlyError) {
      fail(`the Python worker stopped (${earlyError})`);
      return Promise.reject(new EngineError({ kind: "boot", message: stats.error }));
    }
  }
  if (!stats.earlyStart) tellWhenPainted(worker); // main.html's early start tells its worker itself
  const seconds = Math.round(config.bootTimeoutMs / 1000);
  // A first visit (no service worker serves the page yet): the worker keeps its downloads for it.
  const handOff = Boolean(config.serviceWorkerURL) && "serviceWorker" in navigator &&
    !navigator.serviceWorker.controller;
  handingOff = handOff;
  const fromNetwork = !("serviceWorker" in navigator && navigator.serviceWorker.controller);
  // An early-started worker boots from the same config already: this init joins that boot.
  booting = request("init", workerInit(config, handOff, fromNetwork), config.bootTimeoutMs,
    `Python did not start within ${seconds} s (a slow connection, or a Content-Security-Policy ` +
    `without 'wasm-unsafe-eval', which stops WebAssembly)`)
    .then((info) => {
      rebooting = false;
      stats.bootMs = Math.round(performance.now() - startedAt);
      stats.python = info.python;
      stats.engineVersion = info.engineVersion;
      stats.bootPath = info.path;
      stats.bootReason = info.reason;
      stats.worker = Object.freeze({ ...info });
      setState("ready");
      return info;
    }, (error) => {
      fail(`Python could not start: ${error.message}`);
      throw new EngineError({ kind: "boot", message: stats.error });
    });
  return booting;
}

/**
 * Under `rollwright serve`, a page built again after an edit and swapped in place (runtime/hot-refresh.js): the
 * running worker puts `config`'s wheel in place and imports `games` afresh (worker.js `refresh`), instead of
 * Python starting again. Calls wait for that as they wait for the boot (startPython gives it), so none is
 * answered by the code before the edit; a worker started later (a dead one replaced) boots `config`.
 * @param {RuntimeConfig} config
 * @param {readonly string[]} games the games (import names) whose code differs from what the worker runs
 * @returns {Promise<void>} rejected when the worker could not (the page is then loaded again)
 */
export function refreshPython(config, games) {
  if (stats.state === "failed") return Promise.reject(new EngineError({ kind: "boot", message: stats.error }));
  if (!booting) return Promise.resolve(); // not started: it will boot from `config` (the widgets' config now)
  runtimeConfig = config;
  restartInit = workerInit(config, false, false);
  const seconds = Math.round(config.bootTimeoutMs / 1000);
  const done = request("refresh", { wheelURL: config.wheelURL, games: [...games] },
    config.bootTimeoutMs, `Python did not take the edited games within ${seconds} s`);
  booting = Promise.all([booting, done]).then(([info, answer]) => {
    stats.refreshes += 1;
    stats.refreshMs = Number(answer?.ms ?? 0) || null; // null: a worker replaced meanwhile booted the new wheel
    return info;
  });
  booting.catch(() => {}); // each caller of startPython sees it
  return done.then(() => {});
}

/**
 * Tell the worker once the page has shown its first content (the next frame, or the paint
 * timing entry, whichever comes first): from the network, its big downloads wait for that
 * (worker.js `painted`), so Python never delays the page's first paint.
 * @param {Worker} target
 */
function tellWhenPainted(target) {
  let told = false;
  const tell = () => {
    if (told) return;
    told = true;
    target.postMessage({ type: "painted" });
  };
  requestAnimationFrame(tell); // no frame runs while a stylesheet is still loading
  try {
    new PerformanceObserver((list) => {
      if (list.getEntriesByName("first-contentful-paint").length) tell();
    }).observe({ type: "paint", buffered: true });
  } catch {
    // no paint timing in this browser: the next frame says it
  }
}

/**
 * Run one engine call in the worker (booting it first if needed).
 * A call that outlives its timeout restarts the worker, since Python is stuck on it.
 * @param {RuntimeConfig} config
 * @param {string} name
 * @param {object} params
 */
export async function callEngine(config, name, params) {
  await startPython(config);
  stats.calls += 1;
  const seconds = Math.round(config.callTimeoutMs / 1000);
  const id = {};
  running.add(id);
  const slowTimer = setTimeout(() => { slow.add(id); setPhase(); }, SLOW_MS);
  try {
    return await request("call", { name, params }, config.callTimeoutMs,
      `this answer took too long: the rules engine worked on it for more than ${seconds} s, so it was `
      + "stopped (Python starts again for the next one)");
  } catch (error) {
    if (error instanceof EngineError && error.kind === "timeout") {
      stopWorker(error.message);
      setState("idle");
      setPhase("hung");
    }
    throw error;
  } finally {
    clearTimeout(slowTimer);
    running.delete(id);
    if (slow.delete(id) && stats.phase === "slow") setPhase();
  }
}

/**
 * Publish the offline (service worker) state in `window.rollwright.offline`.
 * @param {object} state a plain, frozen object
 */
export function reportOffline(state) {
  stats.offline = state;
}

/**
 * Whether the worker is still handing its downloads to the service worker (runtime/handoff.js):
 * true from its start on a first visit until it posts `kept` (events fires `kept`).
 */
export function handingOver() {
  return handingOff && !handedOff && stats.state !== "failed";
}

/** The current runtime state: "idle", "loading", "ready" or "failed". */
export function runtimeState() {
  return { state: stats.state, error: stats.error };
}

// An own property: a page element with id="rollwright" (the home page's heading) is also
// `window.rollwright` through the window's named access, and must not hide the diagnostics.
if (!Object.prototype.hasOwnProperty.call(window, "rollwright")) {
  Object.defineProperty(window, "rollwright", {
    enumerable: true,
    value: Object.freeze({
      get state() { return stats.state; },
      get workerStarts() { return stats.workerStarts; },
      get bootMs() { return stats.bootMs; },
      get worker() { return stats.worker; },
      get python() { return stats.python; },
      get engineVersion() { return stats.engineVersion; },
      get earlyStart() { return stats.earlyStart; },
      get bootPath() { return stats.bootPath; },
      get bootReason() { return stats.bootReason; },
      get offline() { return stats.offline; },
      get calls() { return stats.calls; },
      get watched() { return stats.watched; },
      get restarts() { return stats.restarts; },
      get restartReason() { return stats.restartReason; },
      get refreshes() { return stats.refreshes; },
      get refreshMs() { return stats.refreshMs; },
      get phase() { return stats.phase; },
      get deaths() { return stats.deaths.map((death) => ({ ...death })); },
      get error() { return stats.error; },
    }),
  });
}
