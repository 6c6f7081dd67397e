/**
 * Material's search worker, started once this tab's Python is up (a classic Worker script).
 *
 * Building the search index takes the better part of a second of CPU, and on a page with live
 * widgets it would compete with Python's start for the same cores, while a reader looks for
 * the first answer before searching. main.html points Material's `search` config at this file
 * on such pages, with the real worker's URL in the fragment (`search-after-python.js#<url>`).
 * Material's messages (the index, then any query) are held, in order, until the page says
 * Python is ready or has failed (worker-client.js, on the "rollwright-python" broadcast
 * channel), or until HOLD_MS have passed; then the real worker is loaded here and gets them.
 * Search answers as soon as the index is built, as before. The worker then says on the channel
 * what it waited for: `{searchStartedAfter: "ready" | "failed" | "timeout"}`.
 */

/* global importScripts */
const HOLD_MS = 4000;

/** The real search worker's URL, from this script's fragment; only this site's own scripts. */
function realWorker() {
  const named = decodeURIComponent(self.location.hash.slice(1));
  const url = new URL(named, self.location.href);
  if (!named || url.origin !== self.location.origin || !url.pathname.endsWith(".js")) {
    throw new Error(`search-after-python.js: no same-origin search worker in its fragment (${named || "empty"})`);
  }
  return url.href;
}

/** @type {MessageEvent[]} Material's messages while Python starts */
const held = [];
const hold = (/** @type {MessageEvent} */ event) => {
  held.push(event);
  event.stopImmediatePropagation();
};
self.addEventListener("message", hold);

const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("rollwright-python") : null;
let started = false;

/** @param {string} reason what the wait ended on */
function start(reason) {
  if (started) return;
  started = true;
  channel?.postMessage({ searchStartedAfter: reason });
  channel?.close();
  self.removeEventListener("message", hold);
  importScripts(realWorker()); // the real worker adds its own message listener
  for (const event of held.splice(0)) self.dispatchEvent(new MessageEvent("message", { data: event.data }));
}

if (channel) {
  channel.addEventListener("message", (event) => {
    if (event.data?.state === "ready" || event.data?.state === "failed") start(event.data.state);
  });
  channel.postMessage({ ask: "state" }); // Python may be up already (worker-client.js answers)
}
setTimeout(() => start("timeout"), channel ? HOLD_MS : 0);
