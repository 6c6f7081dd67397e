/**
 * Telling a dead Python worker from a busy one, at once.
 *
 * A worker busy in Python answers nothing until its call is done, so no heartbeat can tell it
 * from a dead one. Instead, the worker holds a Web Lock with a name of its own for its whole
 * life (worker.js answers `watch` with that name once it holds it), and the page asks for the
 * same lock: the browser grants it the moment the worker is gone (closed, crashed, killed or
 * terminated), and never while it lives, however long Python computes.
 *
 *   watchLife(request("watch", ...), () => restart());
 *
 * Without Web Locks (a page not served over HTTPS or from this machine) nothing is watched,
 * and a dead worker shows as a call that outlives its timeout.
 */

/**
 * Call `onDeath` once the worker that answered `answer` is gone.
 * @param {Promise<{lock: string|null}>} answer the worker's answer to `watch`
 * @param {() => void} onDeath
 * @returns {Promise<boolean>} whether its death will be seen
 */
export async function watchLife(answer, onDeath) {
  let lock = null;
  try {
    ({ lock } = await answer);
  } catch {
    return false; // stopped before it answered: whoever stopped it knows
  }
  const locks = typeof navigator === "object" ? navigator.locks : undefined;
  if (!lock || !locks) return false;
  locks.request(lock, () => { onDeath(); }).catch((error) => {
    console.warn(`Rollwright: the Python worker's life cannot be watched (${error?.message || error})`);
  });
  return true;
}
