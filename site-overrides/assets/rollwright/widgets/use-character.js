/**
 * "Use my character": on any page, each widget field that a character can fill
 * gets a select of the active character's values (from the builder's saved
 * characters of the widget's system), which fills the field and makes the
 * widget answer.
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

/**
 * Offer one system's active character on its fields.
 * @param {import("../runtime/worker-client.js").RuntimeConfig} config
 * @param {string} system
 * @param {HTMLInputElement[]} inputs
 */
async function offer(config, system, inputs) {
  const character = openStore(system).active();
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
