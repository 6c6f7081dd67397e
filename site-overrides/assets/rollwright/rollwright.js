/**
 * Rollwright's browser entry point (an ES module, loaded on every page).
 *
 * Mounts every widget and inline roll chip on the page, as soon as it is parsed. With
 * Material's instant navigation this module stays loaded across page switches: `document$`
 * emits each new page and only its new widgets and chips are mounted, so Python boots once
 * per visit, not once per page.
 * (preboot.js may have started Python already; the worker is one per tab either way.)
 * It also registers the service worker that keeps the site readable offline (runtime/offline.js).
 *
 * Only what a page needs to go live, and what a reader can press from its first moment, is imported here.
 * The note about unreadable saved characters and "use my character" load once the page is quiet
 * (runtime/idle.js), roll links and the roll log with the first answer (widgets/after-answer.js): on a
 * phone's link every module before the first answer takes a share of the bandwidth that answer waits on.
 */

import { config, configError } from "./runtime/config.js";
import { showChartReadouts } from "./widgets/chart-readout.js";
import { showExactOnDemand } from "./widgets/exact.js";
import { narrowSearchToAGame } from "./widgets/search-games.js";
import { followVisits, registerOffline } from "./runtime/offline.js";
import { mountChip } from "./widgets/chips.js";
import { mountWidget } from "./widgets/widgets.js";
import { markScrollRegions } from "./widgets/scroll-regions.js";
import { warmWhenIdle } from "./runtime/warm.js";
import { whenQuiet } from "./runtime/idle.js";

/** Mount every widget and inline roll chip in the current document that is not mounted yet. */
function mountAll() {
  for (const section of document.querySelectorAll("section[data-rw-widget]:not([data-rw-mounted])")) {
    mountWidget(/** @type {HTMLElement} */ (section), config, configError);
  }
  for (const chip of document.querySelectorAll("[data-rw-chip]:not([data-rw-mounted])")) {
    mountChip(/** @type {HTMLElement} */ (chip), config, configError);
  }
  if (document.querySelector("[data-rw-roll-log]:not([data-rw-mounted])")) {
    import("./widgets/roll-log.js").then(({ mountRollLog }) => {
      for (const log of document.querySelectorAll("[data-rw-roll-log]:not([data-rw-mounted])")) {
        mountRollLog(/** @type {HTMLElement} */ (log));
      }
    }, (error) => console.error("Rollwright: the roll log could not load", error));
  }
  requestAnimationFrame(markScrollRegions); // after the theme has wrapped this page's tables
  warmWhenIdle(config); // a page that does not need Python first: later, when idle on a fast link
  // Character builder: the builder page itself, and "use my character" on every widget's trait field.
  // Only loaded on a page that has one (a page without widgets loads no builder code).
  if (document.querySelector("[data-rw-builder]:not([data-rw-mounted])")) {
    import("./builder/builder.js").then(({ mountBuilder }) => {
      for (const root of document.querySelectorAll("[data-rw-builder]:not([data-rw-mounted])")) {
        mountBuilder(/** @type {HTMLElement} */ (root), config, configError);
      }
    }, (error) => console.error("Rollwright: the builder could not load", error));
  }
  if (document.querySelector("section[data-rw-widget][data-rw-system]")) {
    whenQuiet(() => import("./builder/store-notice.js").then(({ noteUnreadableStores }) => noteUnreadableStores(),
      (error) => console.error("Rollwright: the saved-characters note could not load", error)));
  }
  if (document.querySelector("[data-rw-things]:not([data-rw-mounted]), .rw-entry:not([data-rw-mounted])")) {
    import("./widgets/things.js").then(({ mountAllThings }) => mountAllThings(),
      (error) => console.error("Rollwright: the things lists could not load", error));
  }
  if (document.querySelector("[data-rw-fill]")) {
    whenQuiet(() => import("./widgets/use-character.js").then(({ mountUseCharacter }) => mountUseCharacter(config),
      (error) => console.error("Rollwright: use-character could not load", error)));
  }
}

/**
 * Follow the theme's instant navigation: its `document$` emits each page it opens (the first one too), its
 * `location$` each address (offline.js notes them). This module is loaded `async` (main.html): it may run
 * before the theme's deferred bundle, which defines both and has run by DOMContentLoaded.
 */
function followTheTheme() {
  const theme = /** @type {any} */ (window);
  if (theme.document$ && typeof theme.document$.subscribe === "function") theme.document$.subscribe(mountAll);
  followVisits(theme.location$);
}

// The widgets go live as soon as the page is parsed and this module has loaded, without waiting for the
// theme's bundle to load and run (on a phone, that is the better part of a second).
if (document.readyState === "loading") {
  document.addEventListener("readystatechange", mountAll, { once: true }); // "interactive": parsed
} else {
  mountAll();
}
if (document.readyState === "complete" || /** @type {any} */ (window).document$) {
  followTheTheme();
} else {
  document.addEventListener("DOMContentLoaded", followTheTheme, { once: true });
}

showChartReadouts();
showExactOnDemand();
narrowSearchToAGame();
registerOffline(config);
