/**
 * Roll links: a link that shows exactly one roll again. A roll's answer carries its seed
 * (`data-rw-seed` in the engine's result; its words are marked `data-rw-roll-text`, else
 * `data-rw-log-entry`); its link is the page with every input of the widget (its notation, its inputs),
 * that seed in the widget's seed field if it has one, and `rw-shared=<widget key>`, which makes the page
 * say that what it shows is the shared roll reproduced from its seed, not a new roll. The engine rolls
 * from the seed alone, so the same inputs and seed give the same dice (tests/systems/test_roll_links.py).
 * An inline roll's link is `?rw-chip=<chip id>&rw-seed=<seed>#<chip id>` (./chips.js).
 *
 *   answerLink(form, "roll", {seed: 7, total: "12", text: "2d6 rolled 12"})
 *     // "https://site/dice/?roll.notation=2d6&roll.seed=7&rw-shared=roll#rw-w3" (every input of a roll)
 */

import { stateURL } from "./url-state.js";

export const SHARED = "rw-shared";

/** @typedef {{seed: number, total: string, text: string}} Roll */

/**
 * The roll an answer shows, if it is one.
 * @param {Element} result the widget's result region
 * @returns {Roll|null}
 */
export function rollOf(result) {
  const rolled = result.querySelector("[data-rw-seed]");
  const seed = Number(rolled?.getAttribute("data-rw-seed"));
  if (!rolled || !Number.isInteger(seed)) return null;
  const entry = result.querySelector("[data-rw-roll-text]") ?? result.querySelector("[data-rw-log-entry]") ?? rolled;
  return { seed, total: rolled.getAttribute("data-rw-total") ?? "", text: (entry.textContent ?? "").trim() };
}

/**
 * The link to a widget's answer: its state (and, for a roll, its seed and the shared mark), no other widget's.
 * @param {HTMLFormElement} form
 * @param {string} key
 * @param {Roll|null} roll
 */
export function answerLink(form, key, roll) {
  const here = new URL(location.href);
  here.search = "";
  const url = stateURL(form, key, here);
  const seedField = form.querySelector("[data-rw-seed][name]");
  if (roll) { // every input, not only those that differ from the page's: a later build may change them
    for (const [name, value] of allValues(form)) url.searchParams.set(`${key}.${name}`, value);
    if (seedField) url.searchParams.set(`${key}.${seedField.getAttribute("name")}`, String(roll.seed));
    url.searchParams.set(SHARED, key);
  }
  const section = form.closest("section[id]");
  url.hash = section ? section.id : "";
  return url.href;
}

/**
 * Every named control's value as the address holds it (a checkbox "1" or "0", a radio group's checked one).
 * @param {HTMLFormElement} form
 * @returns {[string, string][]}
 */
function allValues(form) {
  /** @type {[string, string][]} */
  const found = [];
  for (const control of form.elements) {
    if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement
      || control instanceof HTMLTextAreaElement) || !control.name || control.disabled) continue;
    if (control instanceof HTMLInputElement && control.type === "checkbox") found.push([control.name, control.checked ? "1" : "0"]);
    else if (!(control instanceof HTMLInputElement && control.type === "radio") || control.checked) found.push([control.name, control.value]);
  }
  return found;
}

/** The widget key the address marks as a shared roll, or null. */
export function sharedKey() {
  return new URL(location.href).searchParams.get(SHARED);
}

/**
 * Say, above the result, that the roll shown is the shared one reproduced.
 * @param {HTMLElement} section
 * @param {Roll} roll
 */
export function showReproduced(section, roll) {
  let note = section.querySelector("[data-rw-reproduced]");
  if (!note) {
    note = document.createElement("p");
    note.className = "rw-reproduced";
    note.setAttribute("data-rw-reproduced", "");
    section.querySelector("[data-rw-result]")?.before(note);
  }
  const afresh = section.querySelector("input[data-rw-seed]") ? "Empty the seed to roll afresh."
    : "Change the seed to roll afresh.";
  note.textContent = `Reproduced from a shared link, not rolled again: seed ${roll.seed} gives exactly these dice `
    + `to anyone who opens it. ${afresh}`;
  section.querySelector("[data-rw-result]")?.setAttribute("data-rw-reproduced", String(roll.seed));
}

/**
 * The reader changed the widget: the address no longer marks its roll as shared, and the note goes.
 * @param {string} key
 * @param {HTMLElement} section
 */
export function unshare(key, section) {
  section.querySelector("[data-rw-reproduced]")?.remove();
  section.querySelector("[data-rw-result]")?.removeAttribute("data-rw-reproduced");
  const url = new URL(location.href);
  if (url.searchParams.get(SHARED) !== key) return;
  url.searchParams.delete(SHARED);
  history.replaceState(history.state, "", url.href);
}
