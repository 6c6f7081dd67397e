/**
 * The character editor's form, read back into a character document.
 *
 * Every bound control carries `data-rw-path` (where its value goes, e.g.
 * "skills.0.focuses.1.name") and `data-rw-type` (how to read it). Values that do
 * not parse stay as the raw text, so nothing the player typed is thrown away and
 * the engine can say what is wrong with it.
 */

const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * One control's value as the document holds it (raw text when it is not a number, for the engine to judge).
 * @param {HTMLInputElement|HTMLSelectElement|HTMLTextAreaElement} control
 */
export function controlValue(control) {
  const kind = control.dataset.rwType;
  if (kind === "bool") return /** @type {HTMLInputElement} */ (control).checked;
  const raw = control.value;
  const value = raw.trim();
  if (kind === "int") return INTEGER.test(value) ? Number(value) : raw;
  if (kind === "number") return DECIMAL.test(value) ? Number(value) : raw;
  if (kind === "optional-int") return value === "" ? null : INTEGER.test(value) ? Number(value) : raw;
  if (kind === "optional-choice") return value === "" ? null : value;
  return raw;
}

/**
 * Put `value` at a dotted path, making objects/lists on the way.
 * @param {any} doc
 * @param {string} path
 * @param {unknown} value
 */
function setPath(doc, path, value) {
  const parts = path.split(".");
  let node = doc;
  parts.slice(0, -1).forEach((part, i) => {
    const key = Array.isArray(node) ? Number(part) : part;
    if (node[key] === null || typeof node[key] !== "object") node[key] = /^\d+$/.test(parts[i + 1]) ? [] : {};
    node = node[key];
  });
  const last = parts[parts.length - 1];
  node[Array.isArray(node) ? Number(last) : last] = value;
}

/**
 * The document the form shows: `base` (a copy) with every bound control's value.
 * @param {HTMLFormElement} form
 * @param {any} base
 */
export function collectDocument(form, base) {
  const doc = structuredClone(base ?? {});
  for (const control of form.querySelectorAll("[data-rw-path]")) {
    setPath(doc, control.getAttribute("data-rw-path"), controlValue(/** @type {any} */ (control)));
  }
  return doc;
}
