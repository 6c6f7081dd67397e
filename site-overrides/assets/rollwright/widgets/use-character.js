/**
 * "Use my character": on any page, each widget's trait field gets a select of the
 * active character's trait totals (from the builder's saved characters), which
 * fills the field and makes the widget answer.
 *
 * A trait field is a number input the engine marked with `data-rw-trait` (a
 * 1-18 trait range), or, failing that, one whose name says trait (trait,
 * trait_a, trait_b, primary, attacker, defender, ..._trait). The selects are
 * engine-rendered (`facade.character.picker`); this module only places them.
 */

import { callEngine } from "../runtime/worker-client.js";
import { openStore } from "../builder/character-store.js";

const TRAIT_NAME = /^(trait|trait_[ab]|primary|secondary|attacker|defender|[a-z_]+_trait)$/;

/** @param {HTMLInputElement} input */
function isTraitField(input) {
  return input.hasAttribute("data-rw-trait") || TRAIT_NAME.test(input.name);
}

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
 * Offer the active character on every trait field of the page not offered yet.
 * Does nothing (and starts nothing) when there is no active character or no trait field.
 * @param {import("../runtime/worker-client.js").RuntimeConfig|null} config
 */
export async function mountUseCharacter(config) {
  if (!config) return;
  const inputs = /** @type {HTMLInputElement[]} */ (Array.from(document.querySelectorAll(
    "section[data-rw-widget] input[type='number'][id]:not([data-rw-use-mounted])"))).filter(isTraitField);
  if (!inputs.length) return;
  const character = openStore().active();
  if (!character) return;
  for (const input of inputs) input.setAttribute("data-rw-use-mounted", "");
  let answer;
  try {
    answer = await callEngine(config, "facade.character.picker", { character, fields: inputs.map((i) => i.id) });
  } catch (error) {
    // A draft the engine cannot read offers nothing; the widgets work as before.
    console.warn("Rollwright: the active character cannot fill trait fields:", error?.message || error);
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
