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
 * On a touch screen, where nothing hovers, the first tap on a chip shows its odds and the
 * next tap rolls it; a tap elsewhere closes the odds. The odds open under the chip, or above
 * it when there is no room below (and room above).
 *
 * Pressing a chip before Python is ready starts Python and rolls once it is.
 * The seed used is on the result region (`data-rw-seed`, with `data-rw-total` and
 * `data-rw-outcome`), so anyone can replay the roll; a `data-rw-seed` attribute on
 * the chip itself fixes the seed (for tests and demonstrations).
 *
 * Each roll goes to the reader's roll log (./roll-log.js) and gets a "Copy link" button: the link
 * `?rw-chip=<chip id>&rw-seed=<seed>#<chip id>` rolls that chip with that seed when opened, and says the
 * roll is the shared one reproduced, not a new one.
 */

import { EngineError, callEngine, runtimeState } from "../runtime/worker-client.js";
import { copyButton } from "./copy-link.js";
import { afterAnswer } from "./after-answer.js";

const INTEGER = /^\d+$/;
const QUIET = "rw-chip--quiet"; // its odds are hidden (pressed, Escape, or another chip shows its own)
const OPEN = "rw-chip--open"; // its odds are shown by a tap (touch screens)
const ABOVE = "rw-chip__tip--above"; // the odds open above the chip (no room below)
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
 * Keep a shown tooltip on screen: shift it left if it would run past the viewport's right
 * edge, and open it above the chip when it would run past the bottom and fits above
 * (below the site's fixed header). CSS alone places it under the button.
 * @param {HTMLElement} tip
 */
function keepOnScreen(tip) {
  tip.style.removeProperty("left");
  tip.classList.remove(ABOVE);
  requestAnimationFrame(() => {
    const box = tip.getBoundingClientRect();
    if (box.width === 0) return;
    const room = document.documentElement.clientWidth - 8;
    if (box.right > room) tip.style.left = `${-Math.min(box.right - room, Math.max(0, box.left - 8))}px`;
    const anchor = tip.parentElement?.getBoundingClientRect();
    const header = document.querySelector(".md-header")?.getBoundingClientRect().bottom ?? 0;
    const below = box.bottom > document.documentElement.clientHeight - 4;
    if (anchor && below && anchor.top - box.height - 4 >= header) tip.classList.add(ABOVE);
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
  /** @type {HTMLButtonElement|null} */
  let copy = null;
  let link = "";
  /** @param {number|null} [shared] a shared link's seed: reproduce that roll */
  const roll = async (shared = null) => {
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
    const seed = shared ?? (INTEGER.test(fixed) ? Number(fixed) : randomSeed());
    if (runtimeState().state !== "ready") show(region, "loading", "Starting Python to roll…");
    region.setAttribute("aria-busy", "true");
    const later = afterAnswer(); // the roll log loads while Python answers
    later.catch(() => { /* said below, if the roll is answered */ });
    try {
      const answer = await callEngine(config, callName, { ...params, seed });
      if (mine !== sequence) return; // a newer roll supersedes this one
      region.dataset.rwSeed = String(answer.seed);
      region.dataset.rwTotal = String(answer.total);
      region.dataset.rwOutcome = String(answer.outcome ?? (answer.meets === true ? "meets"
        : answer.meets === false ? "misses" : ""));
      const url = new URL(location.href);
      url.search = "";
      url.searchParams.set("rw-chip", chip.id);
      url.searchParams.set("rw-seed", String(answer.seed));
      url.hash = chip.id;
      link = url.href;
      show(region, "done", shared === null ? String(answer.text)
        : `${answer.text} (reproduced from a shared link: the same seed, the same dice)`);
      const { logRoll } = await later;
      if (mine !== sequence) return;
      if (shared === null) {
        logRoll({ what: "Inline roll", text: String(answer.text), seed: Number(answer.seed), total: String(answer.total), link });
      }
      if (!copy && chip.id) {
        copy = copyButton(() => link, "Copy link", "rw-copy rw-copy--small rw-chip__copy");
        copy.setAttribute("aria-label", "Copy a link to this roll");
        chip.after(copy);
      }
    } catch (error) {
      if (mine !== sequence) return;
      const data = error instanceof EngineError ? error : new EngineError({ kind: "internal", message: String(error) });
      show(region, "error", data.kind === "boot" ? `Live rolls are unavailable: ${data.message}.` : data.message);
    } finally {
      if (mine === sequence) region.removeAttribute("aria-busy");
    }
  };

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
    for (const other of document.querySelectorAll("[data-rw-chip]")) {
      other.classList.toggle(QUIET, other !== chip);
      if (other !== chip) other.classList.remove(OPEN);
    }
  };
  chip.addEventListener("mouseenter", activate);
  chip.addEventListener("focusin", activate);

  // A touch screen has no hover: the first tap opens the odds, the next one rolls.
  let touched = false;
  button.addEventListener("pointerdown", (event) => { touched = event.pointerType === "touch"; });
  button.addEventListener("click", () => { // a <button> turns Enter and Space into click itself
    const tapped = touched;
    touched = false;
    if (tapped && !chip.classList.contains(OPEN)) {
      activate();
      chip.classList.remove(QUIET);
      chip.classList.add(OPEN);
      if (tip) keepOnScreen(tip);
      return;
    }
    chip.classList.remove(OPEN);
    chip.classList.add(QUIET);
    roll(null);
  });
  const asked = new URL(location.href).searchParams;
  const sharedSeed = asked.get("rw-seed") ?? "";
  if (chip.id && asked.get("rw-chip") === chip.id && INTEGER.test(sharedSeed)) roll(Number(sharedSeed));
  if (!escapeListening) {
    escapeListening = true;
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape") return;
      for (const any of document.querySelectorAll("[data-rw-chip]")) { any.classList.add(QUIET); any.classList.remove(OPEN); }
    });
    document.addEventListener("pointerdown", (event) => { // a tap elsewhere closes tapped-open odds
      const inside = event.target instanceof Element ? event.target.closest("[data-rw-chip]") : null;
      for (const open of document.querySelectorAll(`[data-rw-chip].${OPEN}`)) if (open !== inside) open.classList.remove(OPEN);
    });
  }
}
