/**
 * A widget's form state in the page's address, for widgets that opt in
 * (the engine renders `data-rw-url="<key>"` on their section).
 *
 * The state of widget `key` is the query parameters `<key>.<control name>`, and
 * only for controls whose value differs from the page's own (the value the engine
 * rendered), so links stay short: `?q.e1=10k5&q.e2=&q.view=at-least`.
 *
 * - At mount, the address fills the form (`applyState`), and the widget answers.
 * - After each answer, the form goes back into the address (`writeState`,
 *   with `history.replaceState`: no new history entry per keystroke).
 * - A click on a link to this same page that names a mounted widget's key is
 *   handled here, without reloading: the address gets the link's state for the
 *   widgets it names (other widgets keep theirs), in a new history entry, and
 *   those widgets answer; Back and Forward restore the earlier state the same way.
 *
 * - The state is also kept for the tab (tab-memory.js): a page opened again without any state
 *   in its address (through the menu, say) gives each widget the state this tab last gave it
 *   there, and a Reset button puts the page's own values back.
 *
 * Values are only ever written into form controls (`value`, `checked`), never
 * into markup; the engine judges them like anything typed.
 */

import { recall, remember, resetButton } from "./tab-memory.js";

const MAX_VALUE_LENGTH = 1000;

/** @type {Map<HTMLFormElement, (differs: boolean) => void>} each kept form's Reset button */
const resets = new Map();

/** @typedef {{section: HTMLElement, form: HTMLFormElement, key: string, path: string, answer: () => void}} Entry */

/** @type {Set<Entry>} */
const entries = new Set();
let listening = false;
/**
 * Whether this page was reached by Back or Forward (the theme's instant navigation may render it again from
 * the server then): its address is the whole truth, as the reader left it, so a widget it names nothing for
 * shows the page's own values, not what this tab last did here. A click (a link, a control) ends it.
 */
let byHistory = false;
window.addEventListener("popstate", () => { byHistory = true; });
document.addEventListener("click", () => { byHistory = false; }, true);

/**
 * The form's named controls (one entry per radio group).
 * @param {HTMLFormElement} form
 * @returns {Array<HTMLInputElement|HTMLSelectElement|HTMLTextAreaElement>}
 */
function controls(form) {
  const seen = new Set();
  const found = [];
  for (const control of form.elements) {
    if (!(control instanceof HTMLInputElement || control instanceof HTMLSelectElement
      || control instanceof HTMLTextAreaElement) || !control.name || seen.has(control.name)) continue;
    if (control instanceof HTMLInputElement && control.type === "radio") seen.add(control.name);
    found.push(control);
  }
  return found;
}

/**
 * A control's value as the address holds it, and its page default.
 * @param {HTMLFormElement} form
 * @param {HTMLInputElement|HTMLSelectElement|HTMLTextAreaElement} control
 * @returns {{value: string, initial: string}}
 */
function valueOf(form, control) {
  if (control instanceof HTMLSelectElement) {
    const initial = [...control.options].find((o) => o.defaultSelected) ?? control.options[0];
    return { value: control.value, initial: initial ? initial.value : "" };
  }
  if (control instanceof HTMLInputElement && control.type === "checkbox") {
    return { value: control.checked ? "1" : "0", initial: control.defaultChecked ? "1" : "0" };
  }
  if (control instanceof HTMLInputElement && control.type === "radio") {
    const group = [...form.querySelectorAll(`input[type=radio]`)].filter((r) => r.name === control.name);
    const checked = group.find((r) => r.checked);
    const initial = group.find((r) => r.defaultChecked);
    return { value: checked ? checked.value : "", initial: initial ? initial.value : "" };
  }
  return { value: control.value, initial: control.defaultValue };
}

/**
 * Set one control from text (a select only to one of its options).
 * @param {HTMLFormElement} form
 * @param {HTMLInputElement|HTMLSelectElement|HTMLTextAreaElement} control
 * @param {string} value
 */
function setValue(form, control, value) {
  if (control instanceof HTMLSelectElement) {
    if ([...control.options].some((o) => o.value === value)) control.value = value;
  } else if (control instanceof HTMLInputElement && control.type === "checkbox") {
    control.checked = value === "1" || value === "true" || value === "on";
  } else if (control instanceof HTMLInputElement && control.type === "radio") {
    for (const radio of form.querySelectorAll("input[type=radio]")) {
      if (radio instanceof HTMLInputElement && radio.name === control.name) radio.checked = radio.value === value;
    }
  } else {
    control.value = value.slice(0, MAX_VALUE_LENGTH);
  }
}

/**
 * Does `query` say anything about widget `key`?
 * @param {URLSearchParams} query
 * @param {string} key
 */
export function namesWidget(query, key) {
  return [...query.keys()].some((name) => name.startsWith(`${key}.`));
}

/**
 * Put the form in the state `url` gives widget `key`: every control back to the
 * page's value, then the address's values on top.
 * @param {HTMLFormElement} form
 * @param {string} key
 * @param {URL} url
 * @returns {boolean} whether any control changed
 */
export function applyState(form, key, url) {
  const before = controls(form).map((c) => valueOf(form, c).value).join("\u0000");
  for (const control of controls(form)) {
    const { initial } = valueOf(form, control);
    const given = url.searchParams.get(`${key}.${control.name}`);
    setValue(form, control, given ?? initial);
  }
  return controls(form).map((c) => valueOf(form, c).value).join("\u0000") !== before;
}

/**
 * The address with widget `key`'s state replaced by the form's.
 * @param {HTMLFormElement} form
 * @param {string} key
 * @param {URL} from
 * @returns {URL}
 */
export function stateURL(form, key, from) {
  const url = new URL(from.href);
  for (const name of [...url.searchParams.keys()]) {
    if (name.startsWith(`${key}.`)) url.searchParams.delete(name);
  }
  for (const control of controls(form)) {
    const { value, initial } = valueOf(form, control);
    if (value !== initial) url.searchParams.set(`${key}.${control.name}`, value);
  }
  return url;
}

/**
 * Widget `key`'s own state: the values that differ from the page's, as the address holds them.
 * @param {HTMLFormElement} form
 * @param {string} key
 * @returns {URLSearchParams}
 */
export function formState(form, key) {
  return ownState(stateURL(form, key, new URL(location.href)), key);
}

/**
 * Put widget `key`'s form in `state` (its own parameters; anything left out goes back to the page's value).
 * @param {HTMLFormElement} form
 * @param {string} key
 * @param {URLSearchParams} state
 * @returns {boolean} whether any control changed
 */
export function setFormState(form, key, state) {
  const url = new URL(location.href);
  url.search = "";
  for (const [name, value] of state) if (name.startsWith(`${key}.`)) url.searchParams.append(name, value);
  return applyState(form, key, url);
}

/**
 * Write the form's state into the address without a new history entry.
 * @param {HTMLFormElement} form
 * @param {string} key
 */
export function writeState(form, key) {
  const url = stateURL(form, key, new URL(location.href));
  if (url.href !== location.href) history.replaceState(history.state, "", url.href);
  const own = ownState(url, key);
  remember(location.pathname, key, own);
  resets.get(form)?.([...own.keys()].length > 0);
}

/**
 * Widget `key`'s parameters in an address.
 * @param {URL} url
 * @param {string} key
 */
function ownState(url, key) {
  const own = new URLSearchParams();
  for (const [name, value] of url.searchParams) if (name.startsWith(`${key}.`)) own.append(name, value);
  return own;
}

/**
 * The live entries for this page (forgetting widgets of pages left behind).
 * @returns {Entry[]}
 */
function live() {
  for (const entry of entries) if (!entry.section.isConnected) entries.delete(entry);
  return [...entries].filter((entry) => entry.path === location.pathname);
}

/**
 * A same-page link that names mounted widgets: set their state here, no reload.
 * @param {MouseEvent} event
 */
function onClick(event) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey
    || event.altKey || !(event.target instanceof Element)) return;
  const link = event.target.closest("a[href]");
  if (!(link instanceof HTMLAnchorElement) || link.target || link.hasAttribute("download")) return;
  const target = new URL(link.href);
  if (target.origin !== location.origin || target.pathname !== location.pathname) return;
  const named = live().filter((entry) => namesWidget(target.searchParams, entry.key));
  if (named.length === 0) return;
  event.preventDefault();
  event.stopPropagation(); // the theme's instant navigation would only push the address
  const next = new URL(location.href);
  const keys = new Set(named.map((entry) => entry.key));
  for (const name of [...next.searchParams.keys()]) {
    if (keys.has(name.split(".")[0])) next.searchParams.delete(name);
  }
  for (const [name, value] of target.searchParams) {
    if (keys.has(name.split(".")[0])) next.searchParams.append(name, value);
  }
  next.hash = target.hash;
  history.pushState(null, "", next.href);
  for (const entry of named) {
    if (applyState(entry.form, entry.key, next)) entry.answer();
  }
  named[0].section.scrollIntoView({ block: "nearest" }); // the focus stays on the link
}

/** Back or Forward within this page: every widget takes the state of that address. */
function onPopState() {
  const url = new URL(location.href);
  for (const entry of live()) {
    if (applyState(entry.form, entry.key, url)) entry.answer();
  }
}

/**
 * Keep widget `key`'s form in the address; returns whether the address gave it a state now.
 * @param {HTMLElement} section
 * @param {HTMLFormElement} form
 * @param {string} key
 * @param {() => void} answer asks the engine for the form's current state
 * @param {{recalled?: URLSearchParams|null}} [kept] a kept widget (a tracker): its saved state stands in for
 *   the tab's memory when the address has none, and it has its own Reset (which asks), not the tab's
 * @returns {boolean}
 */
export function keepInAddress(section, form, key, answer, kept = undefined) {
  entries.add({ section, form, key, path: location.pathname, answer });
  if (!listening) {
    listening = true;
    document.addEventListener("click", onClick, true);
    window.addEventListener("popstate", onPopState);
  }
  for (const kept of resets.keys()) if (!kept.isConnected) resets.delete(kept);
  const showReset = kept ? () => {} : resetButton(form, () => {
    const plain = new URL(location.href);
    for (const name of [...plain.searchParams.keys()]) if (name.startsWith(`${key}.`)) plain.searchParams.delete(name);
    applyState(form, key, plain);
    answer();
  });
  resets.set(form, showReset);
  const url = new URL(location.href);
  if (!namesWidget(url.searchParams, key)) { // nothing in the address: what this tab last did here, if anything
    const last = kept ? kept.recalled : byHistory ? null : recall(location.pathname, key);
    if (last) for (const [name, value] of last) url.searchParams.append(name, value);
  }
  const given = namesWidget(url.searchParams, key) && applyState(form, key, url);
  showReset(given);
  return given;
}
