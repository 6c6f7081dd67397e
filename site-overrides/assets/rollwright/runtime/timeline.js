/**
 * The Python worker's timeline: when things happened (epoch ms), for the page's diagnostics and the
 * bench (`ready` carries it as `at`; bench/run.py prints it). Shared by worker.js and boot-paths.js.
 */

/** Epoch milliseconds (comparable with the page's performance.timeOrigin + now()). */
export const clock = () => Math.round(performance.timeOrigin + performance.now());
/** When things happened, for the page's diagnostics and the bench. */
export const at = { workerStart: clock() };
