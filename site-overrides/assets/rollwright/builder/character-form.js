/**
 * The character editor's form, read back into a character document.
 *
 * Every bound control carries `data-rw-path` (where its value goes, e.g.
 * "skills.0.focuses.1.name") and `data-rw-type` (how to read it). Values that do
 * not parse stay as the raw text, so nothing the player typed is thrown away and
 * the engine can say what is wrong with it.
 */

import { defineOwn } from "./character-merge.js";

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
 * Put `value` at a dotted path, making objects/lists on the way. Every step reads and
 * writes OWN properties only, so a path through a key such as "__proto__" or
 * "constructor" (a hostile saved document can hold one) stays inside the document
 * and never reaches a prototype.
 * @param {any} doc
 * @param {string} path
 * @param {unknown} value
 */
function setPath(doc, path, value) {
  const parts = path.split(".");
  const keyOf = (node, part) => (Array.isArray(node) && /^\d+$/.test(part) ? Number(part) : part);
  let node = doc;
  parts.slice(0, -1).forEach((part, i) => {
    const key = keyOf(node, part);
    const child = Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
    if (child === null || typeof child !== "object") {
      defineOwn(node, key, /^\d+$/.test(parts[i + 1]) ? [] : {});
    }
    node = node[key];
  });
  defineOwn(node, keyOf(node, parts[parts.length - 1]), value);
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
