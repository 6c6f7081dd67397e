/**
 * "Later, when the page is quiet": a moment after the page has loaded (its scripts, styles and images, the
 * theme's bundle run), once the browser is idle. What a page does not need for its first answer waits for
 * this, so that on a phone's link it neither takes bandwidth from what the page needs first nor competes with
 * the reader's first keypress, which often comes just as the page has loaded (bench row 13).
 *
 *   whenQuiet(() => import("./x.js"));  // QUIET_AFTER_LOAD_MS after load, then idle (or `timeout` ms more)
 */

/** How long after the page's load its quiet work waits, before it waits for the browser to be idle. */
export const QUIET_AFTER_LOAD_MS = 1000;

/** When the document finished loading, in the page's clock (0 while it has not). */
function loadedAt() {
  const entry = /** @type {PerformanceNavigationTiming|undefined} */ (performance.getEntriesByType("navigation")[0]);
  return entry?.loadEventEnd || 0;
}

/**
 * Call `work` once the browser is idle, `after` ms or more after the page has loaded (or `timeout` ms later at
 * most). A page opened by the theme's instant navigation loaded long ago: its work waits only for idle.
 * @param {() => unknown} work
 * @param {{after?: number, timeout?: number}} [options]
 */
export function whenQuiet(work, { after = QUIET_AFTER_LOAD_MS, timeout = 3000 } = {}) {
  const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(() => work(), { timeout })
    : setTimeout(() => work(), 0));
  const soon = () => {
    const wait = Math.max(0, (loadedAt() || performance.now()) + after - performance.now());
    if (wait > 0) setTimeout(idle, wait);
    else idle();
  };
  if (document.readyState === "complete") soon();
  else window.addEventListener("load", () => setTimeout(soon, 0), { once: true }); // loadEventEnd is set after
}
