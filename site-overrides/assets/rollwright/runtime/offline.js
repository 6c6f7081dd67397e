/**
 * Offline after one visit, the page's side: register the site's service worker (`sw.js`,
 * written by macros/offline.py; its logic is runtime/service-worker.js) and report its state
 * in `window.rollwright.offline`:
 *
 * `{state, build, update, error}` where `state` is "off" (this build has no service worker,
 * e.g. under `mkdocs serve`), "unsupported", "waiting" (until the page and Python have
 * loaded), "installing", "ready" (this build's files are cached) or "failed"; `update` is
 * null, "installing" or "ready" (a newer build is cached and takes over at the next reload).
 *
 * Registration waits until the page has loaded and Python is up (or has failed), and on a
 * slow connection for a quiet moment after that, so the service worker's downloads never
 * compete with the first live answer, and mostly come from the HTTP cache.
 *
 * Every page this tab opens in the visit is noted (sessionStorage); once a service worker is
 * active, and whenever another takes control, it is sent that list and the files this document
 * loaded (`rollwright-keep`), so the pages read before it controlled the tab are kept too.
 */

import { events, handingOver, reportOffline, runtimeState } from "./worker-client.js";
import { willWarm } from "./warm.js";
import { slowConnection } from "./connection.js";

const HANDOFF_WAIT_MS = 15000;
/** How long registration waits for Python's start when the browser is idle (warm.js) before it goes ahead. */
const WARM_WAIT_MS = 10000;
/** On a slow connection (connection.js), how long after the page has loaded registration waits for a quiet moment:
 * the service worker's downloads (megabytes, for offline reading) would share the thin link with the reader's first
 * answers and searches. */
const SLOW_LINK_QUIET_MS = 10000;
/** The pages this tab opened in the visit (sessionStorage), newest last. */
const VISITED = "rollwright.visited";
const MOST_VISITED = 300;

/** @type {{state: string, build: string|null, update: string|null, error: string|null}} */
const status = { state: "off", build: null, update: null, error: null, healed: /** @type {string[]} */ ([]) };
let started = false;
/** @type {WeakSet<ServiceWorker>} */
const followed = new WeakSet();

/** @param {Partial<typeof status>} change */
function report(change) {
  Object.assign(status, change);
  reportOffline(Object.freeze({ ...status }));
}

/**
 * Resolves once the document has loaded, Python has started if it is going to when the browser is idle
 * (warm.js), the Python runtime is not loading, and the worker
 * has handed over its downloads (or that took too long), so the service worker need not
 * download them again.
 */
async function settled() {
  if (document.readyState !== "complete") {
    await new Promise((resolve) => window.addEventListener("load", resolve, { once: true }));
  }
  if (slowConnection(/** @type {any} */ (navigator).connection)) {
    await new Promise((resolve) => setTimeout(() => (
      "requestIdleCallback" in window ? requestIdleCallback(resolve, { timeout: 5000 }) : resolve(undefined)), SLOW_LINK_QUIET_MS));
  }
  if (willWarm()) { // Python starts when the browser is idle (warm.js): wait for it, so it is downloaded once
    await new Promise((resolve) => {
      events.addEventListener("statechange", resolve, { once: true });
      setTimeout(resolve, WARM_WAIT_MS);
    });
  }
  while (runtimeState().state === "loading") {
    await new Promise((resolve) => events.addEventListener("statechange", resolve, { once: true }));
  }
  if (handingOver()) {
    await new Promise((resolve) => {
      events.addEventListener("kept", resolve, { once: true });
      setTimeout(resolve, HANDOFF_WAIT_MS);
    });
  }
}

/**
 * Follow a registration's workers into `status`.
 * @param {ServiceWorkerRegistration} registration
 */
function follow(registration) {
  const update = () => {
    const active = registration.active;
    const incoming = registration.installing ?? registration.waiting;
    if (active && active.state === "activated") {
      report({ state: "ready", update: incoming ? (registration.waiting ? "ready" : "installing") : null });
    } else if (incoming || active) {
      report({ state: "installing" });
    }
    for (const worker of [registration.installing, registration.waiting, registration.active]) {
      if (worker && !followed.has(worker)) {
        followed.add(worker);
        worker.addEventListener("statechange", () => {
          if (worker.state === "redundant" && !registration.active && !registration.installing) {
            report({ state: "failed", error: "the service worker could not cache this build's files" });
          } else {
            update();
          }
        });
      }
    }
  };
  registration.addEventListener("updatefound", update);
  update();
}

/**
 * Note a page among those this tab opened in the visit.
 * @param {URL|Location} [url] the page (default: the one shown now)
 */
function noteVisit(url = location) {
  try {
    const list = JSON.parse(sessionStorage.getItem(VISITED) || "[]");
    const here = url.origin + url.pathname;
    if (Array.isArray(list) && !list.includes(here)) {
      list.push(here);
      sessionStorage.setItem(VISITED, JSON.stringify(list.slice(-MOST_VISITED)));
    }
  } catch { /* no session storage: the service worker keeps the pages it serves itself */ }
}

/** Whether this build keeps pages offline, so the pages the theme opens in place are noted (followVisits). */
let noting = false;

/**
 * Note each page the theme's instant navigation opens in place (its `location$`; rollwright.js hands it over
 * once the theme is up), so a service worker that takes control later keeps it too.
 * @param {any} materialLocation
 */
export function followVisits(materialLocation) {
  if (!materialLocation || typeof materialLocation.subscribe !== "function") return;
  materialLocation.subscribe((/** @type {unknown} */ url) => { if (noting && url instanceof URL) noteVisit(url); });
}

/** What this visit loaded: the pages this tab opened, and the files this document fetched. */
function visited() {
  const urls = new Set([location.origin + location.pathname]);
  try {
    for (const url of JSON.parse(sessionStorage.getItem(VISITED) || "[]")) urls.add(String(url));
  } catch { /* the pages of this document only */ }
  for (const entry of performance.getEntriesByType("resource")) {
    if (entry.name.startsWith(location.origin)) urls.add(entry.name.split("#", 1)[0]);
  }
  return [...urls];
}

/**
 * Ask a service worker to keep what this visit loaded (the files of its build it lacks).
 * @param {ServiceWorker|null|undefined} worker
 */
function askToKeep(worker) {
  worker?.postMessage({ type: "rollwright-keep", urls: visited() });
}

/** Ask the active service worker which build it serves. */
function askBuild() {
  const controller = navigator.serviceWorker.controller;
  if (controller) controller.postMessage({ type: "rollwright-status" });
}

/**
 * A build without a service worker (`mkdocs serve`) on an origin where one was registered
 * before (`make site` served at the same address): unregister it, or it would go on serving
 * its own build's pages.
 */
async function retire() {
  report({ state: "off" });
  const registration = await navigator.serviceWorker.getRegistration();
  if (registration && (await registration.unregister())) {
    console.warn("Rollwright: this build keeps no offline copy; the service worker of an earlier build was removed");
  }
}

/**
 * Register the service worker once per tab (instant navigation keeps this module loaded).
 * @param {import("./worker-client.js").RuntimeConfig|null} config
 */
export async function registerOffline(config) {
  if (started) return;
  started = true;
  if (!("serviceWorker" in navigator)) return report({ state: config?.serviceWorkerURL ? "unsupported" : "off" });
  if (!config?.serviceWorkerURL) return retire();
  report({ state: "waiting" });
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type === "rollwright-status") report({ build: String(event.data.build) });
    if (event.data?.type === "rollwright-healed") { // a damaged cached copy, dropped and fetched again
      report({ healed: [...status.healed, String(event.data.path)] });
    }
    if (event.data?.type === "rollwright-install-failed") {
      const error = `build ${event.data.build} could not be cached: ${event.data.error}`;
      console.warn(`Rollwright offline: ${error}`);
      report(status.state === "ready" ? { update: null, error } : { state: "failed", error });
    }
  });
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    askBuild();
    askToKeep(navigator.serviceWorker.controller);
  });
  noting = true;
  noteVisit();
  askBuild();
  await settled();
  try {
    const registration = await navigator.serviceWorker.register(config.serviceWorkerURL, { updateViaCache: "none" });
    follow(registration);
    navigator.serviceWorker.ready.then((ready) => askToKeep(ready.active));
  } catch (error) {
    report({ state: "failed", error: `the service worker could not be registered (${error.message})` });
    console.warn(`Rollwright: offline reading is off: ${error.message}`);
  }
}
