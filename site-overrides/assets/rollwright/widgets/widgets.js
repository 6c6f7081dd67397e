/**
 * Generic wiring for every Rollwright widget.
 *
 * The engine renders each widget at build time (form, status line and first
 * result). This module only brings that markup to life: it never builds widget
 * markup, never writes user text as HTML, and only ever puts engine-rendered,
 * already-escaped HTML (`widget.render`'s `html`) into the result region.
 *
 * Opt-ins the engine marks on a widget: `data-rw-url` keeps its form in the
 * page's address (./url-state.js); `[data-rw-log]` lists its last answers, as
 * copies of the engine-rendered result (its `[data-rw-log-entry]` part).
 * Every widget gets a "Copy link" button (its state lives in the address); an answer that is a roll (its
 * result carries `data-rw-seed`) is a roll link (./roll-links.js): the form's state with that seed, which a
 * reader opens to see the same dice, marked as reproduced; each roll goes to the reader's roll log
 * (./roll-log.js). Those two load with the first answer (./after-answer.js), not before the page is live. A
 * widget marked `data-rw-keep` (a tracker) is also kept in the browser (./tracker-keep.js).
 * An error that names a field is shown once, in that field's `[data-rw-field-error]` (the status
 * line then only points to it: FIELD_ERROR_STATUS); any other error is shown in the status line.
 *
 * When Python starts (`data-rw-python` on a widget the site did not answer at build time):
 * - a widget answered at build time (`data-rw-answers`, ./answers.js) never starts it: it reads the answer
 *   of each input from the site (state "built", "Live") until Python is ready, and asks Python for inputs
 *   beyond its answers; once Python is ready (warmed when the browser is idle on a fast connection,
 *   rollwright.js), Python answers everything (state "ready", the same "Live": nothing visible changes);
 * - "asked" (a widget answered on its button, e.g. a roller): when the reader first uses it (state "asked");
 * - "first" (it answers as the reader types free input, or its inputs are too many): at once, as before.
 */

import { EngineError, SLOW_MS, callEngine, events, runtimeState, startPython } from "../runtime/worker-client.js";
import { answersOf, builtAnswer, prefetchNear } from "./answers.js";
import { clearStale, clearedNote } from "./stale-values.js";
import { markScrollRegions } from "./scroll-regions.js";
import { keepInAddress, writeState } from "./url-state.js";
import { copyButton } from "./copy-link.js";
import { afterAnswer } from "./after-answer.js";

const DEBOUNCE_MS = 150;
/** The status line's words while the error is shown under the field it names. */
export const FIELD_ERROR_STATUS = "Not answered: see the field marked above.";
const BUSY_DELAY_MS = 250;
const INTEGER = /^-?\d+$/;

/**
 * Show a status line: text (never HTML), a class for the look, a state on the section.
 * @param {HTMLElement} section
 * @param {"loading"|"ready"|"busy"|"error"|"failed"|"built"|"asked"} state
 * @param {string} message
 */
function setStatus(section, state, message) {
  const status = section.querySelector("[data-rw-status]");
  section.dataset.rwState = state;
  if (!status) return;
  status.textContent = message;
  status.classList.remove("rw-status--loading", "rw-status--ready", "rw-status--busy", "rw-status--error");
  const look = state === "failed" ? "error" : state === "built" || state === "asked" ? "ready" : state;
  status.classList.add(`rw-status--${look}`);
}

/** What can hold the focus inside a result (links, buttons, chart bars with a tabindex...). */
const FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";

/**
 * Put an answer's HTML in a result region. The same HTML again changes nothing (a debounced
 * repeat of the last call, say), so nothing inside is rebuilt. New HTML replaces the old, and a
 * control inside that had the focus hands it on: to the control with the same `data-rw-focus`
 * name in the new HTML if the view named it (a turn tracker's "on to the next phase"), else to
 * the control at the same place. A reader who pressed Enter on a link in the result (a tracker's
 * "spend" link) can press it again.
 * @param {Element} result
 * @param {string} html engine-rendered, escaped
 */
function showResult(result, html) {
  if (shownHTML.get(result) === html) return;
  const active = document.activeElement;
  const place = active && result.contains(active) ? [...result.querySelectorAll(FOCUSABLE)].indexOf(active) : -1;
  const name = place >= 0 ? active?.getAttribute("data-rw-focus") : null;
  result.innerHTML = html; // engine-rendered, escaped HTML: the only innerHTML we ever set
  shownHTML.set(result, html);
  requestAnimationFrame(markScrollRegions); // a new answer's charts and tables may scroll
  const named = name ? result.querySelector(`[data-rw-focus="${CSS.escape(name)}"]`) : null;
  const heir = named ?? (place >= 0 ? result.querySelectorAll(FOCUSABLE)[place] : null);
  if (heir instanceof HTMLElement || heir instanceof SVGElement) heir.focus({ preventScroll: true });
}

/** Whether Python has been ready in this tab: from then on it answers everything (a worker that died is
 * replaced, and what it had not answered is sent to the next one), never the site's answers again. */
let pythonTookOver = runtimeState().state === "ready";
events.addEventListener("statechange", () => { if (runtimeState().state === "ready") pythonTookOver = true; });

/** @type {WeakMap<Element, string>} the engine HTML each result region shows */
const shownHTML = new WeakMap();

/** A random 32-bit seed for a roll whose seed was left empty. */
function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

/**
 * Does this control hold a whole-number parameter? The engine marks each control with its
 * parameter's kind (`data-rw-kind="int"` or `"text"`); a text field holding "12" stays text.
 * @param {HTMLInputElement|HTMLSelectElement|HTMLTextAreaElement} control
 */
function holdsWholeNumber(control) {
  const kind = control.getAttribute("data-rw-kind");
  if (kind) return kind === "int";
  return control instanceof HTMLInputElement && control.type === "number";
}

/**
 * The form's named controls as call parameters. Empty optional fields are left
 * out; an empty seed becomes a random one (not written back to the input);
 * whole numbers go as numbers for whole-number parameters only, anything else as
 * the raw text for Python to judge (so "1e3" is refused by the engine, in its words).
 * @param {HTMLFormElement} form
 * @returns {Record<string, unknown>}
 */
export function collectParams(form) {
  /** @type {Record<string, unknown>} */
  const params = {};
  for (const control of form.elements) {
    if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement
      || control instanceof HTMLTextAreaElement) || !control.name) continue;
    if (control instanceof HTMLInputElement) {
      if (control.type === "checkbox") { params[control.name] = control.checked; continue; }
      if (control.type === "radio" && !control.checked) continue;
    }
    const value = control.value.trim();
    const unreadable = control instanceof HTMLInputElement && control.validity.badInput;
    if (value === "" && !unreadable) {
      if (control.hasAttribute("data-rw-seed")) { params[control.name] = randomSeed(); continue; }
      if (control.hasAttribute("data-rw-optional")) continue;
    }
    params[control.name] = holdsWholeNumber(control) && INTEGER.test(value) ? Number(value) : value;
  }
  return params;
}

/**
 * Enable only the controls that count for the form's current choices (the engine marks a
 * control `data-rw-used-when="<other field>" data-rw-used-values="a b"`): e.g. a named
 * weapon fixes its damage, so the custom-damage field is disabled until "custom" is chosen.
 * @param {HTMLFormElement} form
 */
export function applyUsedWhen(form) {
  for (const control of form.querySelectorAll("[data-rw-used-when]")) {
    if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement)) continue;
    const other = form.elements.namedItem(control.getAttribute("data-rw-used-when") || "");
    if (!(other instanceof HTMLInputElement || other instanceof HTMLSelectElement)) continue;
    const values = (control.getAttribute("data-rw-used-values") || "").split(" ");
    control.disabled = !values.includes(other.value);
  }
}

/**
 * Mark the control an error names and show the message under it (and clear the others).
 * @param {HTMLFormElement} form
 * @param {string|undefined} field
 * @param {string} [message]
 * @returns {boolean} whether the message is shown under a field
 */
function markInvalid(form, field, message = "") {
  let shown = false;
  for (const control of form.querySelectorAll("[name]")) {
    const invalid = Boolean(field) && control.getAttribute("name") === field;
    if (invalid) control.setAttribute("aria-invalid", "true");
    else control.removeAttribute("aria-invalid");
    // The browser's own check agrees with the engine's (":invalid", e.g. "1e3" in a number field).
    if ("setCustomValidity" in control) control.setCustomValidity(invalid ? message : "");
    const slot = control.closest("label")?.querySelector("[data-rw-field-error]");
    if (slot instanceof HTMLElement) {
      slot.textContent = invalid ? message : "";
      slot.hidden = !invalid;
      shown ||= invalid;
    }
  }
  return shown;
}

/**
 * Add a copy of the answer just shown to the widget's log of last answers, newest first.
 * Only engine-rendered nodes are copied; nothing is parsed from text.
 * @param {HTMLElement} section
 * @param {Element} result
 * @param {string} link the link to this answer (a roll's: its inputs and seed), for the entry's copy button
 */
function logAnswer(section, result, link) {
  const list = section.querySelector("ol[data-rw-log]");
  if (!(list instanceof HTMLElement)) return;
  const entry = result.querySelector("[data-rw-log-entry]") ?? result;
  const item = document.createElement("li");
  item.className = "rw-log__item";
  item.append(...Array.from(entry.cloneNode(true).childNodes), " ", copyButton(() => link, "Copy link", "rw-copy rw-copy--small"));
  for (const node of item.querySelectorAll("[id]")) node.removeAttribute("id");
  list.prepend(item);
  const size = Number(list.dataset.rwLogSize) || 5;
  while (list.children.length > size) list.lastElementChild?.remove();
  const box = section.querySelector("[data-rw-log-box]");
  if (box instanceof HTMLElement) box.hidden = false;
}

/** @param {string} reason */
function failedMessage(reason) {
  return `Live answers are unavailable: ${reason}. The result below was computed when this page was built.`;
}

/**
 * Bring one server-rendered widget to life (once; later calls do nothing).
 * @param {HTMLElement} section a `section[data-rw-widget]`
 * @param {import("../runtime/worker-client.js").RuntimeConfig|null} config null when the page has no usable config
 * @param {string} [configError] why there is no config
 */
export function mountWidget(section, config, configError) {
  if (section.hasAttribute("data-rw-mounted")) return;
  section.setAttribute("data-rw-mounted", "");
  const form = /** @type {HTMLFormElement|null} */ (section.querySelector("form[data-rw-form]"));
  const fieldset = form?.querySelector("fieldset");
  const result = section.querySelector("[data-rw-result]");
  if (!form || !result) {
    setStatus(section, "failed", failedMessage("this widget's markup is incomplete"));
    return;
  }
  if (!config) {
    setStatus(section, "failed", failedMessage(configError || "the page has no Rollwright runtime config"));
    return;
  }

  const built = answersOf(section);
  const when = section.dataset.rwPython === "asked" ? "asked" : "first";
  const onState = () => {
    if (!section.isConnected) { events.removeEventListener("statechange", onState); return; }
    const { state, error } = runtimeState();
    const shown = section.dataset.rwState;
    if (state === "failed") {
      if (built) return; // its answers still come from the site; an input beyond them says why not
      if (fieldset) fieldset.disabled = true;
      setStatus(section, "failed", failedMessage(error || "Python could not start"));
    } else if (state === "loading") {
      if (!built && shown !== "busy") setStatus(section, "loading", "Starting Python…");
    } else if (state === "ready" && ["loading", "built", "asked", undefined, ""].includes(shown)) {
      if (fieldset) fieldset.disabled = false;
      setStatus(section, "ready", "Live");
    }
  };
  events.addEventListener("statechange", onState);
  if (built || when === "asked") {
    if (fieldset) fieldset.disabled = false;
    setStatus(section, built ? "built" : "asked", built ? "Live" : "Python starts when you first use this widget.");
  } else {
    setStatus(section, "loading", "Starting Python…");
  }

  let sequence = 0;
  let lastEdited = ""; // the control changed last (see stale-values.js)
  let note = ""; // what the last answer cleared, said once in the status line
  /** @type {import("./tracker-keep.js").Keeper|null} */
  let keeper = null;
  let lastLogged = ""; // the roll this widget logged last (its seed and words)
  const title = section.querySelector(".rw-widget__title")?.textContent?.trim() || "Roll";
  /** @param {boolean} [byReader] false: an answer the page asked for (a link, another tab), not the reader */
  const update = async (byReader = true) => {
    const mine = ++sequence;
    const params = collectParams(form);
    const busy = setTimeout(() => { if (mine === sequence) setStatus(section, "busy", "Working…"); }, BUSY_DELAY_MS);
    const slow = setTimeout(() => { // told apart from a hung call, which is cut at its budget
      if (mine === sequence) setStatus(section, "busy", "Still working: the rules engine takes a while on this one…");
    }, SLOW_MS);
    result.setAttribute("aria-busy", "true");
    try {
      const fromSite = built && !pythonTookOver ? await builtAnswer(section, params) : null;
      if (!fromSite && !pythonTookOver && built) {
        setStatus(section, "busy", "Starting Python for an answer beyond the ones this page keeps…");
      }
      const answer = fromSite ?? await callEngine(config, "widget.render", { widget: section.dataset.rwWidget, params });
      if (mine !== sequence) return; // a newer request supersedes this one
      markInvalid(form, undefined);
      result.removeAttribute("data-rw-stale");
      showResult(result, answer.html);
      setStatus(section, fromSite ? "built" : "ready", note ? `Live. ${note}` : "Live"); // "ready": Python's
      note = "";
      if (urlKey) writeState(form, urlKey);
      keeper?.answered(byReader);
      afterAnswer().then((later) => { if (mine === sequence) linkAndLog(later, byReader); },
        (error) => console.error("Rollwright: this answer's link and log could not load", error));
    } catch (error) {
      if (mine !== sequence) return;
      const data = error instanceof EngineError ? error : new EngineError({ kind: "internal", message: String(error) });
      if (data.kind === "boot" && !built) return; // the runtime's failed state is shown by onState
      const cleared = clearStale(form, data.field, lastEdited);
      if (cleared.length) { note = clearedNote(cleared); update(byReader); return; }
      const underField = markInvalid(form, data.field, data.message);
      setStatus(section, "error", underField ? FIELD_ERROR_STATUS : data.message);
      // The previous answer stays in place, marked as an answer to earlier values.
      result.setAttribute("data-rw-stale", ""); // (only answered states reach the address)
    } finally {
      clearTimeout(busy);
      clearTimeout(slow);
      if (mine === sequence) result.removeAttribute("aria-busy");
    }
  };

  /**
   * The answer just shown as a link (a roll's: its seed, and "reproduced" when the address shared it), in the
   * widget's log of answers and, for a roll the reader made, in their roll log.
   * @param {import("./after-answer.js").AfterAnswer} later
   * @param {boolean} byReader
   */
  const linkAndLog = ({ answerLink, logRoll, rollOf, showReproduced, sharedKey, unshare }, byReader) => {
    const shared = !byReader && urlKey && sharedKey() === urlKey;
    if (byReader && urlKey) unshare(urlKey, section);
    const roll = rollOf(result);
    const link = urlKey ? answerLink(form, urlKey, roll) : location.href;
    if (shared && roll) showReproduced(section, roll);
    logAnswer(section, result, link);
    const said = roll ? `${roll.seed} ${roll.text}` : "";
    if (roll && byReader && said !== lastLogged) { // a tracker stepping through one roll logs it once
      logRoll({ what: title, text: roll.text, seed: roll.seed, total: roll.total, link });
      lastLogged = said;
    }
  };

  // A state from the address (a shared link, a reload) or a kept tracker is answered as soon as Python
  // is up; until then the build-time result is shown dimmed, as stale.
  const urlKey = section.dataset.rwUrl;
  const begin = () => {
    const kept = keeper ? { recalled: keeper.recalled } : undefined;
    const fromAddress = Boolean(urlKey) && keepInAddress(section, form, urlKey, () => update(), kept);
    if (fromAddress) result.setAttribute("aria-busy", "true");
    applyUsedWhen(form); // after the address has filled the form
    const start = () => startPython(config).then(() => { onState(); if (fromAddress && !built) update(false); },
      () => { onState(); result.removeAttribute("aria-busy"); });
    if (built) {
      if (fromAddress) update(false); // from the site's answers (or Python, for a state beyond them)
      if (runtimeState().state !== "idle") start(); // Python is on its way already (an earlier page)
    } else if (when === "asked") {
      if (fromAddress || runtimeState().state !== "idle") start();
      else for (const type of ["focusin", "pointerdown", "input"]) section.addEventListener(type, start, { once: true });
    } else {
      start();
    }
  };
  if (urlKey) {
    const link = async () => {
      const { answerLink, rollOf } = await afterAnswer();
      return answerLink(form, urlKey, rollOf(result));
    };
    const copy = copyButton(link, "Copy link", "md-button rw-copy");
    copy.title = "Copy a link to this widget as it is now (a roll: the same dice)";
    (form.querySelector("button[type=submit]") ?? form).after(copy);
  }
  if (urlKey && section.hasAttribute("data-rw-keep")) {
    import("./tracker-keep.js").then(({ keepTracker }) => {
      keeper = keepTracker(section, form, urlKey, config, (byReader) => update(byReader));
    }).catch((error) => console.error("Rollwright: this tracker cannot be kept in the browser", error)).finally(begin);
  } else {
    begin();
  }

  const edited = (/** @type {Event} */ event) => {
    const name = /** @type {HTMLInputElement} */ (event.target).name; // a "use my character" select has none
    if (name) lastEdited = name;
  };
  form.addEventListener("input", edited);
  form.addEventListener("change", edited);
  if (built) form.addEventListener("focusin", (event) => { // a field about to change: its next answers, read ahead
    const name = /** @type {HTMLInputElement} */ (event.target).name;
    if (name && !pythonTookOver) prefetchNear(section, collectParams(form), name);
  });
  form.addEventListener("change", () => applyUsedWhen(form));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    update();
  });
  if (section.dataset.rwLive === "change") {
    let timer = 0;
    // Python's answers wait for a pause in the typing; the site's own are one small file each, asked for at
    // once, in the keypress's own task (a task queued after it may wait behind the theme's bundle on a phone).
    const later = () => {
      clearTimeout(timer);
      if (built && !pythonTookOver) update();
      else timer = setTimeout(update, DEBOUNCE_MS);
    };
    form.addEventListener("input", later);
    form.addEventListener("change", later);
  }
}
