/**
 * Inline roll chips: a roll named in a sentence, rolled live when pressed.
 *
 * The engine renders each chip at build time (engine/kit/chips.py): a real
 * <button>, a role="tooltip" element with the exact odds (shown by CSS alone on
 * hover and focus) and an empty aria-live region. This module only makes the
 * button roll: it sends the chip's own call (`data-rw-call`, `chip.dice` or
 * `chip.trait`) with the chip's build-time parameters (`data-rw-params`) and a
 * seed, and writes the engine's sentence into the live region as text (never HTML).
 *
 * Pressing a chip before Python is ready starts Python and rolls once it is.
 * The seed used is on the result region (`data-rw-seed`, with `data-rw-total` and
 * `data-rw-outcome`), so anyone can replay the roll; a `data-rw-seed` attribute on
 * the chip itself fixes the seed (for tests and demonstrations).
 */

import { EngineError, callEngine, runtimeState } from "../runtime/worker-client.js";

const INTEGER = /^\d+$/;
const QUIET = "rw-chip--quiet"; // its odds are hidden (pressed, Escape, or another chip shows its own)
let escapeListening = false;

/** A random 32-bit seed. */
function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/**
 * Put a message in the chip's live region: text only, with a state for the look.
 * @param {HTMLElement} region
 * @param {"loading"|"done"|"error"} state
 * @param {string} message
 */
function show(region, state, message) {
  region.dataset.rwState = state;
  region.textContent = message;
}

/**
 * The chip's call parameters, or null when the markup is unusable.
 * @param {HTMLElement} chip
 * @returns {Record<string, unknown>|null}
 */
function chipParams(chip) {
  try {
    const params = JSON.parse(chip.dataset.rwParams || "null");
    return params && typeof params === "object" && !Array.isArray(params) ? params : null;
  } catch {
    return null;
  }
}

/**
 * Shift a shown tooltip left if it would run past the viewport's right edge.
 * (CSS alone places it under the button; this only nudges it on narrow screens.)
 * @param {HTMLElement} tip
 */
function keepOnScreen(tip) {
  tip.style.removeProperty("left");
  requestAnimationFrame(() => {
    const box = tip.getBoundingClientRect();
    const room = document.documentElement.clientWidth - 8;
    if (box.width === 0 || box.right <= room) return;
    const shift = Math.min(box.right - room, Math.max(0, box.left - 8));
    tip.style.left = `${-shift}px`;
  });
}

/**
 * Bring one build-time chip to life (once; later calls do nothing).
 * @param {HTMLElement} chip a `[data-rw-chip]` element
 * @param {import("../runtime/worker-client.js").RuntimeConfig|null} config null when the page has no usable config
 * @param {string} [configError] why there is no config
 */
export function mountChip(chip, config, configError) {
  if (chip.hasAttribute("data-rw-mounted")) return;
  chip.setAttribute("data-rw-mounted", "");
  const button = chip.querySelector("button.rw-chip__button");
  const region = /** @type {HTMLElement|null} */ (chip.querySelector("[data-rw-chip-result]"));
  if (!button || !region) return;
  let sequence = 0;
  const roll = async () => {
    const params = chipParams(chip);
    const callName = chip.dataset.rwCall || "";
    if (!config) {
      show(region, "error", `Live rolls are unavailable: ${configError || "the page has no Rollwright runtime config"}.`);
      return;
    }
    if (!params || !callName) {
      show(region, "error", "Live rolls are unavailable: this chip's markup is incomplete.");
      return;
    }
    const mine = ++sequence;
    const fixed = chip.dataset.rwSeed || "";
    const seed = INTEGER.test(fixed) ? Number(fixed) : randomSeed();
    if (runtimeState().state !== "ready") show(region, "loading", "Starting Python to roll…");
    region.setAttribute("aria-busy", "true");
    try {
      const answer = await callEngine(config, callName, { ...params, seed });
      if (mine !== sequence) return; // a newer roll supersedes this one
      region.dataset.rwSeed = String(answer.seed);
      region.dataset.rwTotal = String(answer.total);
      region.dataset.rwOutcome = String(answer.outcome ?? (answer.meets === true ? "meets"
        : answer.meets === false ? "misses" : ""));
      show(region, "done", String(answer.text));
    } catch (error) {
      if (mine !== sequence) return;
      const data = error instanceof EngineError ? error : new EngineError({ kind: "internal", message: String(error) });
      show(region, "error", data.kind === "boot" ? `Live rolls are unavailable: ${data.message}.` : data.message);
    } finally {
      if (mine === sequence) region.removeAttribute("aria-busy");
    }
  };
  button.addEventListener("click", roll); // a <button> turns Enter and Space into click itself

  const anchor = chip.querySelector(".rw-chip__anchor");
  const tip = /** @type {HTMLElement|null} */ (chip.querySelector(".rw-chip__tip"));
  if (anchor && tip) {
    anchor.addEventListener("mouseenter", () => keepOnScreen(tip));
    anchor.addEventListener("focusin", () => keepOnScreen(tip));
  }

  // One tooltip at a time, and never over a result (WCAG 1.4.13): a chip's odds show when the
  // pointer or the focus comes to it (and every other chip's hide); pressing the chip or
  // Escape (wherever the focus is) hides them until the pointer or the focus comes back.
  const activate = () => {
    for (const other of document.querySelectorAll("[data-rw-chip]")) other.classList.toggle(QUIET, other !== chip);
  };
  chip.addEventListener("mouseenter", activate);
  chip.addEventListener("focusin", activate);
  button.addEventListener("click", () => chip.classList.add(QUIET));
  if (!escapeListening) {
    escapeListening = true;
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      for (const any of document.querySelectorAll("[data-rw-chip]")) any.classList.add(QUIET);
    });
  }
}
