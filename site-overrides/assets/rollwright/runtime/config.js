/**
 * The runtime config, read once per tab from `<script type="application/json" id="rw-config">`
 * (written by macros/site_assets.py through site-overrides/main.html). Its paths are
 * relative to the site root, which is two levels above this file
 * (`assets/rollwright/runtime/config.js`), so it works under any sub-path and after instant navigation.
 * The Python worker imports `parseConfig` and `workerInit` too (main.html's early start hands
 * it the raw config), so nothing here touches the document except `readConfig`.
 */

const SITE_ROOT = new URL("../../../", import.meta.url);

/**
 * The memory snapshot entry (see runtime/snapshot.js), with its URL made absolute; null if none.
 * @param {any} raw
 * @returns {import("./snapshot.js").SnapshotInfo|null}
 */
function readSnapshot(raw) {
  if (!raw || typeof raw.url !== "string") return null;
  const stdlib = raw.stdlib && typeof raw.stdlib.url === "string"
    ? Object.freeze({ url: new URL(raw.stdlib.url, SITE_ROOT).href, bytes: Number(raw.stdlib.bytes) }) : null;
  const frames = Array.isArray(raw.frames) ? raw.frames.map((frame) => (Array.isArray(frame) ? frame.map(Number) : []))
    : []; // checked against the sizes where it is used (zstd.js frameTableProblem)
  return Object.freeze({ url: new URL(raw.url, SITE_ROOT).href, bytes: Number(raw.bytes), frames,
    rawBytes: Number(raw.rawBytes), packedBytes: Number(raw.packedBytes),
    pyodide: String(raw.pyodide ?? ""), sha256: String(raw.sha256 ?? ""), stdlib,
    // Under `rollwright serve`, a snapshot made before the games named here were edited: the worker puts the
    // page's wheel in place and imports them afresh (boot-paths.js `restore`).
    refresh: Array.isArray(raw.refresh) ? Object.freeze(raw.refresh.map(String)) : null });
}

/**
 * Under `rollwright serve`, the digests of the sources the page's wheel holds: the kit's (`base`) and each
 * game's, by its import name (runtime/hot-refresh.js compares them); null on a built site.
 * @param {any} raw
 * @returns {{base: string, games: Readonly<Record<string, string>>}|null}
 */
function readSources(raw) {
  if (!raw || typeof raw.base !== "string" || !raw.games || typeof raw.games !== "object") return null;
  const games = Object.fromEntries(Object.entries(raw.games).map(([game, digest]) => [game, String(digest)]));
  return Object.freeze({ base: raw.base, games: Object.freeze(games) });
}

/**
 * The runtime config from the raw JSON object, with its paths made absolute.
 * @param {any} raw
 * @returns {{config: import("./worker-client.js").RuntimeConfig|null, error?: string}}
 */
export function parseConfig(raw) {
  if (!raw || typeof raw.pyodide !== "string" || typeof raw.engineWheel !== "string" ||
      typeof raw.entryModule !== "string") {
    return { config: null, error: "the page's Rollwright runtime config is incomplete" };
  }
  return {
    config: Object.freeze({
      indexURL: new URL(raw.pyodide, SITE_ROOT).href,
      wheelURL: new URL(raw.engineWheel, SITE_ROOT).href,
      entryModule: raw.entryModule,
      pyodideVersion: String(raw.pyodideVersion ?? ""),
      snapshot: readSnapshot(raw.snapshot),
      serviceWorkerURL: typeof raw.serviceWorker === "string" ? new URL(raw.serviceWorker, SITE_ROOT).href : null,
      engineVersion: String(raw.engineVersion ?? ""),
      bootTimeoutMs: Number(raw.bootTimeoutMs) > 0 ? Number(raw.bootTimeoutMs) : 120000,
      callTimeoutMs: Number(raw.callTimeoutMs) > 0 ? Number(raw.callTimeoutMs) : 30000,
      sources: readSources(raw.sources),
    }),
  };
}

/**
 * What the Python worker's `init` message carries (worker.js), for one config.
 * @param {import("./worker-client.js").RuntimeConfig} config
 * @param {boolean} handOff a first visit: the worker keeps its downloads for the service worker
 * @param {boolean} waitForPaint the runtime comes from the network (no service worker serves the
 *   page): its big downloads wait until the page has painted (worker.js `painted`)
 */
export function workerInit(config, handOff, waitForPaint) {
  return { indexURL: config.indexURL, wheelURL: config.wheelURL, entryModule: config.entryModule,
    snapshot: config.snapshot, pyodideVersion: config.pyodideVersion, handOff, waitForPaint };
}

/**
 * @returns {{config: import("./worker-client.js").RuntimeConfig|null, error?: string}}
 */
function readConfig() {
  const element = document.getElementById("rw-config");
  if (!element) return { config: null, error: "the page has no Rollwright runtime config" };
  try {
    return parseConfig(JSON.parse(element.textContent || "null"));
  } catch (error) {
    return { config: null, error: `the page's Rollwright runtime config is not valid JSON (${error.message})` };
  }
}

const readOnce = typeof document === "undefined" ? { config: null, error: "no document" } : readConfig();
/** Read once per tab: the first page's config serves every later (instant) page (none in a worker). Under
 * `rollwright serve`, a page swapped in place after an edit brings its own (`replaceConfig`). */
export let config = readOnce.config;
export let configError = readOnce.error;

/**
 * Use `next` from now on: the config of the page built again that `rollwright serve` swapped in place
 * (runtime/hot-refresh.js); the widgets it mounts then read it.
 * @param {import("./worker-client.js").RuntimeConfig} next
 */
export function replaceConfig(next) {
  config = next;
  configError = undefined;
}
