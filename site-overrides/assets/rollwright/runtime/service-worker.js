/**
 * Rollwright's service worker logic (a classic script, imported by the site's generated
 * `sw.js`, which first sets `self.ROLLWRIGHT_BUILD`: this build's id and its file list with
 * a SHA-256 and a role per file; see macros/offline.py).
 *
 * One cache per build, `rollwright-<build>`, and every file in it checked against the list:
 *
 * - install: the shell and the snapshot-path runtime (role "precache"), the offline page and the
 *   home page are copied from an older build's cache when their bytes are the same, else
 *   downloaded; one missing or different file fails the install, and the old build stays in charge;
 * - activate: older caches are deleted, and the pages already open are kept for offline use;
 * - message `rollwright-keep` `{urls}`: a tab lists what it loaded in this visit (pages opened
 *   before this service worker controlled it included, runtime/offline.js); those of this
 *   build not kept yet are downloaded, checked and kept;
 * - fetch: this build's files come from its cache, each copy checked the first time this service
 *   worker serves it (hashed, or its length for a large file): a damaged copy (a torn write, a
 *   disk fault) is dropped and fetched again, and the tabs hear `rollwright-healed`; a page, or a file not cached yet, comes
 *   from the network and is kept when its bytes are this build's. A page of ANOTHER build
 *   means a new build is published: it is never mixed into this one. A navigation installs
 *   the new build first and moves the tab to it when no other tab shows this build; else the
 *   tab gets this build's copy of the page if it has one, or the new build's page, and then
 *   everything that tab asks for comes from the network (service-worker-tabs.js).
 *   Offline, a page never kept gets the site's offline page (`offline.html`), which says so.
 *
 * Whether a copy is this build's file, when it is kept and when it is served, is service-worker-checks.js's.
 *
 * Requests to other origins, outside the scope, or for files not in the list are left alone.
 */

/** @typedef {{sha256: string|null, bytes: number|null, role: "precache"|"page"|"lazy", python?: boolean,
 *   raw?: {sha256: string, bytes: number}}} FileInfo
 * A null sha256: a file whose bytes are not checked (the sitemap). `raw`: a compressed file kept
 * decompressed (the memory snapshot), marked with the INFLATED header for its reader. */

const BUILD = /** @type {{build: string, files: Object<string, FileInfo>}} */ (self.ROLLWRIGHT_BUILD);
const PREFIX = "rollwright-";
const CACHE = `${PREFIX}${BUILD.build}`;
const SCOPE = new URL(self.registration.scope);
const UPDATE_WAIT_MS = 20000;
/** The site's offline page (made from its 404 page by the site work, rollwright/site/finish.py), and the home
 * page: kept at install. */
const OFFLINE_PAGE = "503.html";
const HOME = "";

/**
 * The site path of a URL in scope ("rules/combat/" for a page, "assets/x.js"), or null.
 * @param {string} href
 * @returns {string|null}
 */
function sitePath(href) {
  const url = new URL(href);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return null;
  const path = decodeURIComponent(url.pathname.slice(SCOPE.pathname.length));
  return path === "index.html" || path.endsWith("/index.html") ? path.slice(0, -"index.html".length) : path;
}

/** @param {string} href @returns {string} the URL without its #fragment */
function withoutHash(href) {
  return href.split("#", 1)[0];
}

/** A file of a listed folder of answers at build time (`BUILD.answers`): kept once fetched, unchecked (the
 * folder's name ends with a hash of its answers). */
const ANSWER = Object.freeze({ sha256: null, bytes: null, role: "lazy" });
const ANSWER_FILE = /^[0-9]+\.json$/;

/**
 * This build's entry for a site path: its listed file, or an answer at build time of a listed folder.
 * @param {string} path
 * @returns {FileInfo|undefined}
 */
function infoOf(path) {
  const listed = BUILD.files[path];
  if (listed) return listed;
  const cut = path.lastIndexOf("/") + 1;
  if (cut > 0 && ANSWER_FILE.test(path.slice(cut)) && (BUILD.answers ?? []).includes(path.slice(0, cut))) return ANSWER;
  return undefined;
}

/** @param {string} path @returns {string} the cache key (absolute URL, no query) */
function keyOf(path) {
  return new URL(path, SCOPE).href;
}

/**
 * Download one of this build's files; null when the server has other bytes for it.
 * @param {string} path
 * @param {FileInfo} info
 * @param {RequestCache} cacheMode
 * @returns {Promise<Response|null>}
 */
async function download(path, info, cacheMode) {
  const response = await fetch(keyOf(path), { cache: cacheMode, credentials: "same-origin" });
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return checked(response, info);
}

/**
 * Put one file of this build in its cache: from an older build's cache if the bytes are the
 * same (the runtime rarely changes) or from what the Python worker downloaded on this first
 * visit (runtime/handoff.js), else from the network (the HTTP cache, then the server).
 * @param {Cache} cache
 * @param {string[]} older names of older caches
 * @param {string} path
 * @param {FileInfo} info
 */
async function keep(cache, older, path, info) {
  const key = keyOf(path);
  if (await cachedCopy(cache, path, info)) return;
  for (const name of older) {
    const hit = await (await caches.open(name)).match(key);
    const kept = hit ? await checked(hit, info) : null;
    if (kept) return cache.put(key, kept);
  }
  const response = (await download(path, info, "default")) ?? (await download(path, info, "reload"));
  if (!response) throw new Error(`${path} on the server is not build ${BUILD.build}'s: a newer build is out`);
  await cache.put(key, response);
}

/**
 * Post a message to every open tab of the site (they report it in window.rollwright.offline).
 * @param {object} message
 */
async function tellWindows(message) {
  for (const client of await self.clients.matchAll({ type: "window", includeUncontrolled: true })) {
    client.postMessage(message);
  }
}

/**
 * Whether this connection is slow (the rule of runtime/connection.js, which a classic script cannot import):
 * then Python's own files (`python: true`) are not downloaded at install; they are kept once Python is used.
 */
function slowLink() {
  const connection = /** @type {any} */ (self.navigator)?.connection;
  if (!connection) return false;
  if (connection.saveData || ["slow-2g", "2g", "3g"].includes(String(connection.effectiveType))) return true;
  const downlink = Number(connection.downlink);
  return downlink > 0 && downlink <= 2 && Number(connection.rtt) >= 150;
}

/** Fill this build's cache: every "precache" file, and the pages still the same as an older build's. */
async function install() {
  const older = (await caches.keys()).filter((name) => name.startsWith(PREFIX) && name !== CACHE);
  const cache = await caches.open(CACHE);
  const entries = Object.entries(BUILD.files);
  const slow = slowLink();
  try {
    await Promise.all(entries.filter(([path, info]) => (info.role === "precache" && !(slow && info.python)) || path === HOME)
      .map(([path, info]) => keep(cache, older, path, info)));
  } catch (error) {
    await caches.delete(CACHE);
    await caches.delete(`${PREFIX}fetched`); // what the first visit handed over (runtime/handoff.js)
    await tellWindows({ type: "rollwright-install-failed", build: BUILD.build, error: error.message });
    throw error;
  }
  for (const [path, info] of entries.filter(([, info]) => info.role === "page")) {
    for (const name of older) {
      const hit = await (await caches.open(name)).match(keyOf(path));
      if (!hit) continue;
      const body = await hit.arrayBuffer();
      if (await matches(body, info)) await cache.put(keyOf(path), stored(body, hit.headers));
      break;
    }
  }
}

/** Drop older builds, take charge of open tabs, and keep the pages they show. */
async function activate() {
  for (const name of await caches.keys()) {
    if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
  }
  await self.clients.claim();
  const cache = await caches.open(CACHE);
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  for (const client of windows) {
    const path = sitePath(client.url);
    const info = path === null ? undefined : BUILD.files[path];
    if (!info || info.role !== "page" || (await cache.match(keyOf(path)))) continue;
    try {
      const response = await download(path, info, "default");
      if (response) await cache.put(keyOf(path), response);
    } catch (error) {
      console.warn(`Rollwright offline: could not keep ${path}: ${error.message}`);
    }
  }
}

/**
 * Wait until a service worker reaches one of some states (or the time runs out).
 * @param {ServiceWorker} worker
 * @param {string[]} states
 * @returns {Promise<boolean>} whether it did
 */
function until(worker, states) {
  if (states.includes(worker.state)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => { worker.removeEventListener("statechange", check); resolve(false); },
      UPDATE_WAIT_MS);
    function check() {
      if (!states.includes(worker.state)) return;
      clearTimeout(timer);
      worker.removeEventListener("statechange", check);
      resolve(true);
    }
    worker.addEventListener("statechange", check);
  });
}

/**
 * Keep what a tab loaded in this visit: the files of this build among `urls` not kept yet.
 * @param {unknown} urls
 */
async function keepVisited(urls) {
  if (!Array.isArray(urls)) return;
  const cache = await caches.open(CACHE);
  for (const url of urls.slice(0, 1000)) {
    let path;
    try {
      path = sitePath(String(url));
    } catch {
      continue;
    }
    const info = path === null ? undefined : infoOf(path);
    if (!info || (await cache.match(keyOf(path)))) continue;
    try {
      const response = await download(path, info, "default");
      if (response) await cache.put(keyOf(path), response); // (another build's bytes are never kept)
    } catch (error) {
      console.warn(`Rollwright offline: could not keep ${path}: ${error.message}`);
    }
  }
}

/**
 * When a newer build is installed and waiting, and this tab is the only one showing this
 * build, hand over to the new build and load the page again, from it. The new build can only
 * take charge once this worker has answered (the browser waits until the old worker is idle),
 * so the answer is a blank page that loads the page again as soon as the new build is in charge (or
 * after two seconds); it never shows a mix of two builds.
 * @param {FetchEvent} event
 * @returns {Promise<Response|null>}
 */
async function handOver(event) {
  const waiting = self.registration.waiting;
  if (!waiting || !(await mayMove(event))) return null;
  waiting.postMessage({ type: "rollwright-activate" });
  // Reload once the new build is in charge (it claims this tab), not at once: an immediate reload
  // asks this worker again and again, and while it keeps answering the new one cannot take over.
  const text = "<!doctype html><meta charset=utf-8><meta http-equiv=refresh content=2>" +
    "<title>Updating</title><p>Loading the new version of this site…</p><script>" +
    "navigator.serviceWorker.addEventListener('controllerchange', () => location.reload());" +
    "</script>";
  return new Response(text, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * The server has a page of another build. Install that build; if this tab may move to it,
 * wait for the install and hand over, else let it install in the background.
 * @param {FetchEvent} event
 * @returns {Promise<Response|null>}
 */
async function adoptNewBuild(event) {
  const checking = self.registration.update().catch((error) => {
    console.warn(`Rollwright offline: could not check for a new build: ${error.message}`);
  });
  if (!(await mayMove(event))) {
    event.waitUntil(checking);
    return null;
  }
  await checking;
  const incoming = self.registration.installing ?? self.registration.waiting;
  if (!incoming || !(await until(incoming, ["installed", "activating", "activated", "redundant"]))) return null;
  return handOver(event);
}

/**
 * A page for a reader who is offline and never opened this one while online: the site's offline
 * page (its links start at the site's root, so they work at any address).
 */
async function offlinePage() {
  const kept = await (await caches.open(CACHE)).match(keyOf(OFFLINE_PAGE));
  const headers = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" };
  if (kept) return new Response(await kept.arrayBuffer(), { status: 503, headers });
  const text = "<!doctype html><meta charset=utf-8><title>Offline</title><h1>You are offline</h1>" +
    "<p>This browser has no copy of this page: it is kept the first time it is opened while online. " +
    `<a href="${SCOPE.href}">The home page</a> and the pages already opened here work offline.</p>`;
  return new Response(text, { status: 503, headers });
}

/**
 * A page: from the network when it is this build's (and then kept), else this build's copy.
 * @param {FetchEvent} event
 * @param {string} path
 */
async function page(event, path) {
  const navigation = event.request.mode === "navigate";
  const info = BUILD.files[path];
  const cache = await caches.open(CACHE);
  const cached = await cachedCopy(cache, path, info);
  if (navigation) {
    const moved = await handOver(event);
    if (moved) return moved;
  }
  let response;
  try {
    response = await fetch(event.request.url, { cache: "no-cache", credentials: "same-origin" });
  } catch (error) {
    return cached ?? (navigation ? await offlinePage() : Response.error());
  }
  if (navigation && response.redirected) return Response.redirect(response.url, 301);
  if (!response.ok) return response;
  const body = await response.clone().arrayBuffer();
  if (info?.role === "page" && (await matches(body, info))) {
    await cache.put(keyOf(path), stored(body, response.headers));
    return response;
  }
  // Another build's page. A navigation may move the tab to that build, else it gets this build's
  // copy, else the other build's page, whose tab then gets everything from the network (never
  // this build's files). An instant navigation inside this build's page gets this build's copy,
  // or fails (and the page loads in full).
  if (!navigation) return cached ?? Response.error();
  const moved = (await adoptNewBuild(event)) ?? cached;
  if (moved) return moved;
  await markForeign(event.resultingClientId);
  return response;
}

/**
 * A copy of a cached response, for a request with a #fragment: a script reads its settings there
 * (runtime/search-after-python.js), and a worker's URL is its response's URL, which for a stored
 * download is the download's, without the fragment. A copy has none, so the URL asked for stays.
 * @param {Response} cached
 */
async function ownURL(cached) {
  return stored(await cached.arrayBuffer(), cached.headers);
}

/**
 * One of this build's other files: from its cache, else from the network (kept when it is this build's).
 * @param {Request} request
 * @param {string} path
 * @param {FileInfo} info
 */
async function file(request, path, info) {
  const cache = await caches.open(CACHE);
  const cached = await cachedCopy(cache, path, info); // a damaged copy is dropped: fetched again below
  if (cached) return new URL(request.url).hash ? await ownURL(cached) : cached;
  const response = await fetch(request);
  if (response.ok && response.status === 200) {
    const kept = await checked(response.clone(), info);
    if (kept) await cache.put(keyOf(path), kept);
  }
  return response;
}

self.addEventListener("install", (event) => event.waitUntil(install()));
self.addEventListener("activate", (event) => event.waitUntil(activate()));

self.addEventListener("message", (event) => {
  const type = event.data?.type;
  if (type === "rollwright-activate") {
    event.waitUntil(self.skipWaiting());
  } else if (type === "rollwright-keep") {
    event.waitUntil(keepVisited(event.data.urls));
  } else if (type === "rollwright-status") {
    event.source?.postMessage({ type: "rollwright-status", build: BUILD.build, cache: CACHE });
  }
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const path = sitePath(request.url);
  if (path === null) return;
  const info = infoOf(path);
  const isPage = info ? info.role === "page" : request.mode === "navigate";
  if (!isPage && !info) return;
  event.respondWith((async () => {
    // A tab of another build gets none of this build's files. (A navigation's clientId may name the
    // tab it starts from: where it leads is decided by page(), which marks the new page's client.)
    if (request.mode !== "navigate" && (await fromForeignTab(event))) return fromNetwork(event);
    return isPage ? page(event, path) : file(request, path, info);
  })());
});
