/**
 * Python later, on a page that does not need it first (widgets answered at build time, chips): once the page has
 * loaded and the browser is idle, on a connection that is not slow (./connection.js; a browser that does not
 * tell counts as fast), Python starts anyway, so that it is ready for what lies beyond those answers, and the
 * service worker keeps it for offline reading (./offline.js registers it after this start, so the runtime is
 * downloaded once, by the worker, and handed over).
 */

import { runtimeState, startPython } from "./worker-client.js";
import { slowConnection } from "./connection.js";
import { whenQuiet } from "./idle.js";

/** Whether this page will start Python when idle (it has live parts, Python is not started, the link is not slow). */
export function willWarm() {
  return runtimeState().state === "idle" && Boolean(document.querySelector("section[data-rw-widget], [data-rw-chip]"))
    && !slowConnection(/** @type {any} */ (navigator).connection);
}

/**
 * Start Python when the page has loaded and the browser is idle, if it will (see willWarm).
 * @param {import("./worker-client.js").RuntimeConfig|null} config
 */
export function warmWhenIdle(config) {
  if (!config || !willWarm()) return;
  const go = () => {
    if (!willWarm()) return;
    startPython(config).catch(() => { /* each widget shows the failure when it needs Python */ });
  };
  whenQuiet(go, { after: 0 }); // on a fast link only (willWarm): no need to wait past the load
}
