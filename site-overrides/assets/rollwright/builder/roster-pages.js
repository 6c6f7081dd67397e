/**
 * The roster's pages and its waiting state, for the builder (builder.js).
 *
 * The builder keeps at most `most` characters (the store refuses one more), but a store saved
 * by another version may hold more: the roster then shows one page of `most` at a time (the
 * page of the open character first), with Previous and Next buttons and where the page is in
 * the list, so every character can be opened. And while Python starts, a builder with saved
 * characters says it is loading them, instead of showing the page's blank new character.
 *
 *   const shown = pageRoster(region, entries, "c-1", 1000, renderAgain);   // the entries to render
 */

/** @type {WeakMap<HTMLElement, {start: number, chosen: boolean}>} where each roster's page starts */
const pages = new WeakMap();

const number = (n) => n.toLocaleString("en");

/**
 * A button of the page bar.
 * @param {string} label
 * @param {string} id
 * @param {boolean} disabled
 * @param {() => void} run
 */
function pageButton(label, id, disabled, run) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-button rw-roster__page";
  button.id = id;
  button.textContent = label;
  button.disabled = disabled;
  button.addEventListener("click", run);
  return button;
}

/**
 * The entries of the page to show, and the page bar after `region` (removed when one page holds all).
 * @param {HTMLElement} region `[data-rw-roster]`
 * @param {{id: string}[]} entries every character on the roster, in order
 * @param {string} active the open character's id
 * @param {number} most how many one page shows
 * @param {() => void} again renders the roster again (after a page change)
 * @returns {{id: string}[]}
 */
export function pageRoster(region, entries, active, most, again) {
  let bar = region.nextElementSibling?.matches("[data-rw-roster-pages]") ? region.nextElementSibling : null;
  if (entries.length <= most) {
    bar?.remove();
    pages.delete(region);
    return entries;
  }
  const state = pages.get(region) ?? { start: 0, chosen: false };
  const at = entries.findIndex((entry) => entry.id === active);
  if (!state.chosen && at >= 0) state.start = Math.floor(at / most) * most;
  state.start = Math.min(state.start, Math.floor((entries.length - 1) / most) * most);
  pages.set(region, state);
  const end = Math.min(entries.length, state.start + most);
  if (!bar) {
    bar = document.createElement("nav");
    bar.setAttribute("data-rw-roster-pages", "");
    bar.className = "rw-roster__pages";
    bar.setAttribute("aria-label", "Pages of saved characters");
    region.after(bar);
  }
  const focused = document.activeElement?.id;
  const go = (start) => () => { state.start = start; state.chosen = true; again(); };
  const text = document.createElement("p");
  text.textContent = `Characters ${number(state.start + 1)}–${number(end)} of ${number(entries.length)}.`;
  bar.replaceChildren(text,
    pageButton("Previous page", "rw-roster-previous", state.start === 0, go(Math.max(0, state.start - most))),
    pageButton("Next page", "rw-roster-next", end >= entries.length, go(state.start + most)));
  if (focused && !document.activeElement?.id) document.getElementById(focused)?.focus();
  return entries.slice(state.start, end);
}

/**
 * Say that the saved characters are loading (Python is not up yet), in place of the page's
 * first render of a new character; the builder's first `show` replaces it.
 * @param {HTMLElement} root `[data-rw-builder]`
 * @param {HTMLElement} region `[data-rw-roster]`
 * @param {number} saved how many characters are saved
 */
export function showLoading(root, region, saved) {
  const text = document.createElement("p");
  text.className = "rw-roster__loading";
  text.textContent = `Loading your characters… (${number(saved)} saved in this browser)`;
  region.replaceChildren(text);
  region.removeAttribute("data-rw-html");
  region.setAttribute("aria-busy", "true");
  root.setAttribute("data-rw-loading", "");
}
