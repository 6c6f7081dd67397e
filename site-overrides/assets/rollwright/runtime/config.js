/**
 * The runtime config, read once per tab from `<script type="application/json" id="rw-config">`
 * (written by macros/site_assets.py through site-overrides/main.html). Its paths are
 * relative to the site root, which is two levels above this file
 * (`assets/rollwright/runtime/config.js`), so it works under any sub-path and after instant navigation.
 */

const SITE_ROOT = new URL("../../../", import.meta.url);

/**
 * The memory snapshot entry (see runtime/snapshot.js), with its URL made absolute; null if none.
 * @param {any} raw
 * @returns {import("./snapshot.js").SnapshotInfo|null}
 */
function readSnapshot(raw) {
  if (!raw || typeof raw.url !== "string") return null;
  return Object.freeze({ url: new URL(raw.url, SITE_ROOT).href, rawBytes: Number(raw.rawBytes),
    packedBytes: Number(raw.packedBytes),
    pyodide: String(raw.pyodide ?? ""), sha256: String(raw.sha256 ?? "") });
}

/**
 * @returns {{config: import("./worker-client.js").RuntimeConfig|null, error?: string}}
 */
function readConfig() {
  const element = document.getElementById("rw-config");
  if (!element) return { config: null, error: "the page has no Rollwright runtime config" };
  try {
    const raw = JSON.parse(element.textContent || "null");
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
      }),
    };
  } catch (error) {
    return { config: null, error: `the page's Rollwright runtime config is not valid JSON (${error.message})` };
  }
}

/** Evaluated once per tab: the first page's config serves every later (instant) page. */
export const { config, error: configError } = readConfig();
