/**
 * A first visit downloads the runtime once, not twice: the Python worker hands what it
 * downloaded to the service worker, which registers only once Python is up (offline.js) and
 * would otherwise download the same files again to keep them for offline reading. (A
 * browser's HTTP cache may not keep files this large, e.g. in a private window.)
 *
 * Copies go into one staging cache, `rollwright-fetched`. The service worker's install takes
 * from it only what matches its build's list byte for byte (service-worker.js) and deletes
 * it when it activates. Used only when the page is not yet served by the service worker.
 */

import { INFLATED } from "./snapshot.js";

export const STAGING = "rollwright-fetched";

/** @type {Promise<void>[]} every copy under way */
const copies = [];

/**
 * Resolves once every copy started so far is stored (or has failed, and said so).
 * @returns {Promise<number>} how many copies were made
 */
export async function copiesDone() {
  await Promise.all(copies);
  return copies.length;
}

/**
 * Put one response in the staging cache; a failure only costs a second download later.
 * @param {string} url
 * @param {Response} response
 */
function stage(url, response) {
  copies.push(store(url, response));
}

/**
 * @param {string} url
 * @param {Response} response
 */
async function store(url, response) {
  try {
    await (await caches.open(STAGING)).put(url, response);
  } catch (error) {
    console.warn(`Rollwright: could not keep ${url} for offline use (${error.message})`);
  }
}

/**
 * From now on, keep a copy of every successful GET of these URLs made by this worker
 * (Pyodide's own downloads included: it calls the global fetch).
 * @param {string[]} urls absolute URLs
 */
export function keepDownloads(urls) {
  if (typeof caches === "undefined") return;
  const wanted = new Set(urls);
  const original = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (wanted.has(url) && response.ok && (init?.method ?? "GET") === "GET") {
      wanted.delete(url);
      stage(url, response.clone());
    }
    return response;
  };
}

/**
 * Keep the decompressed memory snapshot (the service worker stores it that way).
 * @param {string} url the snapshot's URL
 * @param {Uint8Array} bytes its decompressed (still packed) bytes
 */
export function keepSnapshot(url, bytes) {
  if (typeof caches === "undefined") return;
  stage(url, new Response(bytes, { headers: { "Content-Type": "application/octet-stream", [INFLATED]: "1" } }));
}
