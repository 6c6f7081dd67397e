// Rollwright's dev server (macros/rollwright/site/reload.py): bring this page up to date once the site has been
// built again. A built page is swapped in place, as the theme's instant navigation swaps pages, and the tab's
// Python takes the new wheel (runtime/hot-refresh.js); anything else loads the page again, keeping the place.
(() => {
  const script = document.currentScript;
  let epoch = (script && script.dataset.epoch) || "0";
  const key = "rollwright-reload-scroll";
  const failed = document.querySelector(".rw-build-error") !== null;  // the error page keeps the place for the page
  try {
    const kept = JSON.parse(sessionStorage.getItem(key) || "null");
    if (!failed) sessionStorage.removeItem(key);
    if (!failed && kept && kept.path === location.pathname) {
      history.scrollRestoration = "manual";  // the browser would put back the error page's place
      addEventListener("load", () => scrollTo(kept.x, kept.y));
    }
  } catch (error) { /* no storage: start at the top */ }
  if (window.__rollwrightReload) return;  // one loop per tab, whatever instant navigation runs again
  window.__rollwrightReload = true;
  const pause = (ms) => new Promise((done) => setTimeout(done, ms));
  const CONTAINER = "[data-md-component=container]";
  /** What the theme's instant navigation swaps from a new page (the container: the page's text, its sidebars). */
  const SWAPPED = [CONTAINER, ...["announce", "header-topic", "outdated", "logo", "skip", "tabs"]
    .map((name) => `[data-md-component=${name}]`)];

  /** Load the page again, keeping where the reader had scrolled to. */
  const reload = () => {
    if (!failed) try {
      sessionStorage.setItem(key, JSON.stringify({path: location.pathname, x: scrollX, y: scrollY}));
    } catch (error) { /* reload at the top */ }
    location.reload();
  };

  /**
   * Swap the page as built again in place of this one, its runtime brought up to date; resolves to the epoch of
   * the page swapped in, or null when only a reload will do (the error page, another snapshot, no theme...).
   * The server said the builds up to `now` may be taken in place (Markdown, a game's code or data edited).
   * @param {string} now
   * @returns {Promise<string|null>}
   */
  const swapInPlace = async (now) => {
    const theme = window.document$;
    const entry = document.querySelector("script[type=module][src$='/rollwright/rollwright.js']");
    if (failed || !theme || typeof theme.next !== "function" || !entry ||
        !document.querySelector(CONTAINER) || !document.getElementById("rw-config")) return null;
    const answer = await fetch(location.href, {cache: "no-store"});
    if (!answer.ok) return null;  // the error page (500), a page gone (404)
    const next = new DOMParser().parseFromString(await answer.text(), "text/html");
    const container = next.querySelector(CONTAINER);  // (swapped with the rest below)
    const config = next.getElementById("rw-config");
    const mark = next.querySelector("script[src='/.rollwright/reload.js'][data-epoch]");
    if (next.querySelector(".rw-build-error") || !container || !config || !mark || mark.dataset.epoch !== now) {
      return null;  // (a page of a later build: the server has not said whether it may be taken in place)
    }
    const { refreshFor } = await import(new URL("runtime/hot-refresh.js", entry.src).href);
    const refreshed = refreshFor(config.textContent || "");  // before the swap: the new widgets wait for it
    if (!refreshed) return null;
    const place = {x: scrollX, y: scrollY};
    for (const selector of SWAPPED) {
      const [here, there] = [document.querySelector(selector), next.querySelector(selector)];
      if (here && there) here.replaceWith(document.adoptNode(there));
    }
    document.getElementById("rw-config").replaceWith(document.adoptNode(config));
    document.title = next.title;
    for (const old of document.querySelectorAll(CONTAINER + " script")) {  // as the theme does: its scripts run
      const fresh = document.createElement("script");
      for (const name of old.getAttributeNames()) fresh.setAttribute(name, old.getAttribute(name));
      fresh.textContent = old.textContent;
      old.replaceWith(fresh);
    }
    scrollTo(place.x, place.y);
    theme.next(document);  // rollwright.js mounts the new page's widgets; the theme its components
    await refreshed;
    return now;
  };

  (async () => {
    for (;;) {
      try {
        const answer = await fetch("/.rollwright/reload?epoch=" + encodeURIComponent(epoch), {cache: "no-store"});
        if (!answer.ok) { await pause(1000); continue; }
        const told = await answer.json();
        const now = String(told.epoch);
        if (now !== epoch) {
          let swapped = null;
          try {
            if (told.inPlace === true) swapped = await swapInPlace(now);
          } catch (error) {
            console.warn("Rollwright: the page is loaded again, as it could not be brought up to date in place", error);
          }
          if (swapped === null) { reload(); return; }
          epoch = swapped;
        }
      } catch (error) {
        await pause(1000);  // the server is down or restarting: ask again
      }
    }
  })();
})();
