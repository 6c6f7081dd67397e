/**
 * Which build each open tab shows, for the service worker (a classic script, imported by the
 * site's `sw.js` before runtime/service-worker.js; it uses that script's globals once they exist).
 *
 * A tab this service worker gave ANOTHER build's page (a newer build is published, the tab
 * followed a link to a page this build never kept, and it could not move to the new build
 * because other tabs still show this one) is "foreign": everything it asks for afterwards
 * comes from the network, revalidated (never this build's cache, nor the HTTP cache, which
 * may hold this build's copy of a file the new build changed), and so does everything a
 * worker it starts asks for. So no page ever combines files of two builds.
 *
 * The ids are kept in this build's cache (a service worker is stopped when idle, and its
 * memory with it), under a made-up URL no file has; an id whose tab is gone is dropped.
 */

/** The made-up key the foreign tabs are kept under, in this build's cache. */
const FOREIGN_KEY = "__rollwright/foreign-tabs";
/** An id is kept at least this long, even before its tab exists (a navigation is still under way). */
const FOREIGN_GRACE_MS = 60000;

/** @type {Promise<Map<string, number>>|null} client id -> when it was marked (epoch ms) */
let foreignTabs = null;

/** The foreign tabs (read once from the cache). @returns {Promise<Map<string, number>>} */
function foreign() {
  foreignTabs ??= (async () => {
    const hit = await (await caches.open(CACHE)).match(keyOf(FOREIGN_KEY));
    try {
      return new Map(hit ? await hit.json() : []);
    } catch {
      return new Map();
    }
  })();
  return foreignTabs;
}

/**
 * Whether a request comes from a tab (or a worker of a tab) that shows another build.
 * @param {FetchEvent} event
 */
async function fromForeignTab(event) {
  return Boolean(event.clientId) && (await foreign()).has(event.clientId);
}

/**
 * Mark a client as showing another build (a page given another build's HTML, or a worker such a
 * page starts), and drop the marks of clients that are gone.
 * @param {string} id
 */
async function markForeign(id) {
  if (!id) return;
  const tabs = await foreign();
  tabs.set(id, Date.now());
  for (const [known, since] of [...tabs]) {
    if (known !== id && Date.now() - since > FOREIGN_GRACE_MS && !(await self.clients.get(known))) tabs.delete(known);
  }
  const cache = await caches.open(CACHE);
  await cache.put(keyOf(FOREIGN_KEY), new Response(JSON.stringify([...tabs]), { headers: { "Content-Type": "application/json" } }));
}

/**
 * A foreign tab's request: from the network, revalidated; a worker it starts is foreign too.
 * @param {FetchEvent} event
 */
async function fromNetwork(event) {
  const request = event.request;
  if (request.destination === "worker" || request.destination === "sharedworker") {
    await markForeign(event.resultingClientId);
  }
  return fetch(request.url, { cache: "no-cache", credentials: "same-origin", mode: request.mode });
}

/**
 * Whether the tab asking for this navigation may move to a newer build: no tab but the one
 * reloading this address shows this build (the others, if any, show the newer one already).
 * @param {FetchEvent} event
 */
async function mayMove(event) {
  const tabs = await foreign();
  const here = withoutHash(event.request.url);
  const ours = (await self.clients.matchAll({ type: "window" })).filter((client) => !tabs.has(client.id));
  return ours.length === 0 || (ours.length === 1 && withoutHash(ours[0].url) === here);
}
