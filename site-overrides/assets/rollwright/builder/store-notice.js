/**
 * On every page with a widget of a system (not the builder, which says more and offers choices:
 * store-offers.js): a note when that system's saved characters cannot be read here, so the
 * reader knows why "use my character" offers nothing, and that nothing is saved over them.
 *
 * The note goes before the first widget of that system, once per page (made with textContent).
 */

import { openStore } from "./character-store.js";

/**
 * The note's sentence for a store this page cannot read, or null when it reads fine.
 * @param {import("./character-store.js").CharacterStore} store
 */
export function unreadableNote(store) {
  if (!store.blocked) return null;
  return store.blocked.newer
    ? "Your saved characters for this game were saved by a newer version of this site, which this page cannot "
      + "read; nothing here is saved over them. Reload the page to get the newer version."
    : `Your saved characters for this game could not be read (${store.blocked.why}); nothing is saved over them. `
      + "The character builder offers to export their text or to start a new list.";
}

/** Add the note before the first widget of each system whose saved characters cannot be read. */
export function noteUnreadableStores() {
  const first = new Map();
  for (const section of document.querySelectorAll("section[data-rw-widget][data-rw-system]")) {
    const system = /** @type {HTMLElement} */ (section).dataset.rwSystem || "";
    if (system && !first.has(system) && !document.querySelector(`[data-rw-builder="${CSS.escape(system)}"]`)) {
      first.set(system, section); // (the builder page says more, and offers choices)
    }
  }
  for (const [system, section] of first) {
    if (section.previousElementSibling?.matches(`[data-rw-store-note="${CSS.escape(system)}"]`)) continue;
    let text;
    try {
      text = unreadableNote(openStore(system));
    } catch (error) {
      console.warn(`Rollwright: the saved characters of ${system} could not be looked at`, error);
      continue;
    }
    if (!text) continue;
    const note = document.createElement("p");
    note.className = "rw-store-note";
    note.setAttribute("data-rw-store-note", system);
    note.setAttribute("role", "note");
    note.textContent = text;
    section.before(note);
  }
}
