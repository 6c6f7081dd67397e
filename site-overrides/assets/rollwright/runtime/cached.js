/**
 * A runtime file read straight from the service worker's cache (Cache Storage), not through its
 * fetch handler: the same stored bytes without the hop through the service worker, which for the
 * 20 MB memory snapshot took 70-150 ms against 25-35 ms.
 *
 * Only for files whose address names their content (the snapshot's folder is its hash; Pyodide's
 * is its version), so a copy in any build's cache is the right one. Only Rollwright's caches
 * (runtime/service-worker.js names them `rollwright-<build>`) are looked in.
 *
 *   const response = (await cachedResponse(url)) ?? (await fetch(url));
 */

const PREFIX = "rollwright-";

/** The files read from the cache so far (their names), for the worker's `ready` diagnostics. */
export const readFromCache = /** @type {string[]} */ ([]);

/**
 * The stored response for `url`, or null: not cached yet (a first visit), no service worker, or
 * storage that cannot be read (the caller then fetches as usual).
 * @param {string} url absolute
 * @returns {Promise<Response|null>}
 */
export async function cachedResponse(url) {
  try {
    if (typeof caches === "undefined") return null;
    for (const name of (await caches.keys()).filter((key) => key.startsWith(PREFIX)).reverse()) {
      const response = await (await caches.open(name)).match(url);
      if (response?.ok) {
        readFromCache.push(url.split(/[?#]/)[0].split("/").pop() || url);
        return response;
      }
    }
  } catch {
    // storage blocked or unreadable: the network (or the service worker) answers instead
  }
  return null;
}
