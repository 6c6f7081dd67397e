/**
 * Whether this visit's connection is slow enough that fewer bytes beat less work: then the Python
 * worker boots Python the normal way from the site's small standard library and the engine wheel
 * (about 2 MB with the flagship's four games) instead of downloading the memory snapshot (about
 * 5.5 MB), and pays instead for importing the engine (about a second on a phone).
 *
 * Read from the Network Information API (Chromium-based browsers; elsewhere the snapshot is used):
 * - the reader asked to save data (`saveData`);
 * - the browser rates the connection 3g or slower (`effectiveType`);
 * - or it measures at most SLOW_MBPS down with a round trip of at least SLOW_RTT_MS: a "slow 4G"
 *   link. At 2 Mbps the snapshot's extra 3.5 MB take 14 s, far more than the import costs; the
 *   round trip keeps out the estimate a browser gives before it has measured anything (100 ms).
 * Only a visit whose runtime comes from the network asks (worker.js): from the service worker's
 * cache, the snapshot costs no bytes.
 */

export const SLOW_MBPS = 2;
export const SLOW_RTT_MS = 150;

/**
 * Why this connection counts as slow, or null.
 * @param {{saveData?: boolean, effectiveType?: string, downlink?: number, rtt?: number}|undefined|null} connection
 *   `navigator.connection`
 * @returns {string|null}
 */
export function slowConnection(connection) {
  if (!connection) return null;
  if (connection.saveData) return "the reader's browser asks to save data";
  if (["slow-2g", "2g", "3g"].includes(String(connection.effectiveType))) {
    return `the browser rates this connection ${connection.effectiveType}`;
  }
  const downlink = Number(connection.downlink);
  const rtt = Number(connection.rtt);
  if (downlink > 0 && downlink <= SLOW_MBPS && rtt >= SLOW_RTT_MS) {
    return `the connection is slow (${downlink} Mbps down, ${rtt} ms round trip)`;
  }
  return null;
}
