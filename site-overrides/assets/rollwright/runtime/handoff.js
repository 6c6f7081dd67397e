/**
 * A first visit downloads the runtime once, not twice: the Python worker hands what it
 * downloaded to the service worker, which registers only once Python is up (offline.js) and
 * would otherwise download the same files again to keep them for offline reading. (A
 * browser's HTTP cache may not keep files this large, e.g. in a private window.)
 *
 * Copies go into one staging cache, `rollwright-fetched`. The service worker's install takes
 * from it only what matches its build's list byte for byte (service-worker.js) and deletes
 * it when it activates. Used only when the page is not yet served by the service worker.
 *
 * Storing waits (`storeAfter`) until Python has answered the page's first calls: writing 30 MB
 * to the cache takes CPU that the first answer needs (measured: a first visit's first answer
 * 1043 -> 982 ms, interleaved A/B). Until then the copies wait in memory, unread.
 */

import { INFLATED } from "./snapshot.js";

export const STAGING = "rollwright-fetched";

/** @type {Promise<void>[]} every copy under way */
const copies = [];

/** @type {Promise<unknown>} copies are stored once this settles (see storeAfter) */
let storeWhen = Promise.resolve();

/**
 * Store the copies made from now on only once `moment` settles (worker.js: Python is up and has
 * been idle for a moment, or could not start).
 * @param {Promise<unknown>} moment
 */
export function storeAfter(moment) {
  storeWhen = moment.catch(() => {});
}

/**
 * Resolves once every copy started so far is stored (or has failed, and said so).
 * @returns {Promise<number>} how many copies were made
 */
export async function copiesDone() {
  await Promise.all(copies);
  return copies.length;
}

/**
 * Put one response in the staging cache, once storing may start; a failure only costs a second
 * download later.
 * @param {string} url
 * @param {() => Response} response made when it is stored
 */
function stage(url, response) {
  copies.push(storeWhen.then(() => store(url, response())));
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
      const copy = response.clone(); // read only when stored: until then it waits in memory
      stage(url, () => copy);
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
  stage(url, () => new Response(bytes, { headers: { "Content-Type": "application/octet-stream", [INFLATED]: "1" } }));
}
