/**
 * "Use my character": on any page, each widget field that a character can fill
 * gets a select of a saved character's values (from the builder's saved
 * characters of the widget's system), which fills the field and makes the
 * widget answer. The active character is offered first; with two or more saved, a
 * "Character on this page" select before the system's first widget offers any of them
 * (remembered for the tab, per system).
 *
 * The engine marks such a field with `data-rw-fill` (its parameter declares
 * what a character can fill it with) and its widget with `data-rw-system`.
 * The selects are engine-rendered by the system's `<system>.character.picker`
 * call (the builder contract, engine/kit/characters.py); this module only
 * places them, and names no system.
 */

import { callEngine } from "../runtime/worker-client.js";
import { openStore } from "../builder/character-store.js";

/**
 * Fill `input` from the select and let the widget answer as if the player had typed it.
 * @param {HTMLInputElement} input
 * @param {HTMLSelectElement} select
 */
function fill(input, select) {
  if (!select.value) return;
  input.value = select.value;
  input.dispatchEvent(new Event("input", { bubbles: true }));
  input.dispatchEvent(new Event("change", { bubbles: true }));
  const section = input.closest("section[data-rw-widget]");
  if (section && /** @type {HTMLElement} */ (section).dataset.rwLive !== "change") input.form?.requestSubmit();
}

/**
 * The fillable fields of the page not offered yet, grouped by their widget's system.
 * @returns {Map<string, HTMLInputElement[]>}
 */
function fieldsBySystem() {
  const groups = new Map();
  const inputs = document.querySelectorAll(
    "section[data-rw-widget][data-rw-system] input[data-rw-fill][id]:not([data-rw-use-mounted])");
  for (const input of /** @type {NodeListOf<HTMLInputElement>} */ (inputs)) {
    const system = /** @type {HTMLElement} */ (input.closest("section[data-rw-system]")).dataset.rwSystem || "";
    if (!groups.has(system)) groups.set(system, []);
    groups.get(system).push(input);
  }
  return groups;
}

/** @param {string} system */
const choiceKey = (system) => `rollwright.${system}.page-character`;

/**
 * Offer one system's chosen character (this tab's choice, else the active one) on its fields, and a
 * choice of character when two or more are saved.
 * @param {import("../runtime/worker-client.js").RuntimeConfig} config
 * @param {string} system
 * @param {HTMLInputElement[]} inputs
 */
async function offer(config, system, inputs) {
  const store = openStore(system);
  const saved = store.list();
  let chosen = null;
  try { chosen = window.sessionStorage.getItem(choiceKey(system)); } catch { /* the active one */ }
  const id = chosen && store.has(chosen) ? chosen : store.activeId;
  if (!id) return;
  await Promise.all([saved.length > 1 ? chooser(config, system, inputs, saved, id) : null,
    place(config, system, inputs, store.get(id))]);
}

/**
 * The "Character on this page" select, before the system's first widget with a fillable field.
 * @param {import("../runtime/worker-client.js").RuntimeConfig} config
 * @param {string} system
 * @param {HTMLInputElement[]} inputs
 * @param {{id: string, name: string}[]} saved
 * @param {string} id the character offered now
 */
async function chooser(config, system, inputs, saved, id) {
  const first = inputs[0]?.closest("section[data-rw-widget]");
  if (!first) return;
  const controlId = `${first.id}-page-character`;
  let answer;
  try {
    answer = await callEngine(config, "character.choice", { characters: saved, chosen: id, control_id: controlId });
  } catch (error) {
    console.warn("Rollwright: the choice of characters cannot be shown:", error?.message || error);
    return;
  }
  first.insertAdjacentHTML("beforebegin", answer.html); // engine-rendered, escaped
  const select = /** @type {HTMLSelectElement|null} */ (document.getElementById(controlId));
  select?.addEventListener("change", () => {
    try { window.sessionStorage.setItem(choiceKey(system), select.value); } catch { /* this page only */ }
    const character = openStore(system).get(select.value);
    if (character) place(config, system, inputs, character);
  });
}

/**
 * Put one character's selects on the fields (replacing another character's).
 * @param {import("../runtime/worker-client.js").RuntimeConfig} config
 * @param {string} system
 * @param {HTMLInputElement[]} inputs
 * @param {any} character
 */
async function place(config, system, inputs, character) {
  if (!character) return;
  for (const input of inputs) input.setAttribute("data-rw-use-mounted", "");
  let answer;
  try {
    answer = await callEngine(config, `${system}.character.picker`, { character, fields: inputs.map((i) => i.id) });
  } catch (error) {
    // A draft the engine cannot read offers nothing; the widgets work as before.
    console.warn("Rollwright: the active character cannot fill these fields:", error?.message || error);
    return;
  }
  for (const input of inputs) {
    const html = answer.pickers?.[input.id];
    if (!html || !input.isConnected) continue;
    document.querySelector(`[data-rw-use-for="${CSS.escape(input.id)}"]`)?.remove();
    (input.closest("label") || input).insertAdjacentHTML("afterend", html); // engine-rendered, escaped
    const select = /** @type {HTMLSelectElement|null} */ (document.getElementById(`${input.id}-use`));
    select?.addEventListener("change", () => fill(input, select));
  }
}

/**
 * Offer each system's active character on every fillable field of the page not offered yet.
 * Does nothing (and starts nothing) when there is no such field or no active character.
 * @param {import("../runtime/worker-client.js").RuntimeConfig|null} config
 */
export async function mountUseCharacter(config) {
  if (!config) return;
  await Promise.all(Array.from(fieldsBySystem(), ([system, inputs]) => offer(config, system, inputs)));
}
