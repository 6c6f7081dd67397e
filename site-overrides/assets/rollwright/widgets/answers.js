/**
 * Answers at build time (rollwright/site/answers.py): a widget whose inputs are few carries its input space
 * (`data-rw-space`) and the folder of its answers (`data-rw-answers`, from the site's root); each answer is
 * the engine's own envelope for `widget.render`, one file per input. This module finds the file of a form's
 * parameters and reads it, so the page answers without Python; inputs outside the space get null (Python
 * answers those). It never builds markup: the answer's HTML is the engine's, shown by widgets.js.
 *
 * A field that takes the focus has the answers one step either side of its value read ahead (prefetchNear):
 * a reader who focuses a field is about to change it, most often by one (an arrow key, a phone's stepper), and
 * that answer is then in the tab before the key is pressed.
 *
 * The index is the engine's (rollwright/kit/answer_space.py): a grid is every combination, the last field
 * fastest; a star (`base`) is the page's state with one field changed, field after field.
 */

import { EngineError } from "../runtime/worker-client.js";

const SITE_ROOT = new URL("../../../", import.meta.url);

/** @typedef {{fields: [string, unknown[]][], base?: unknown[]}} Space */

/**
 * The widget's space and answers folder, or null when it has none (or they are unreadable).
 * @param {HTMLElement} section
 * @returns {{space: Space, folder: URL}|null}
 */
export function answersOf(section) {
  const folder = section.getAttribute("data-rw-answers");
  const raw = section.getAttribute("data-rw-space");
  if (!folder || !raw) return null;
  try {
    const space = JSON.parse(raw);
    if (!space || !Array.isArray(space.fields)) return null;
    return { space, folder: new URL(folder, SITE_ROOT) };
  } catch {
    return null;
  }
}

/** Equal as JSON values: 1 is not true, "1" is not 1. @param {unknown} a @param {unknown} b */
function same(a, b) {
  return a === b;
}

/**
 * The index of a form's parameters in the space, or null when they are outside it.
 * @param {Space} space
 * @param {Record<string, unknown>} params
 * @returns {number|null}
 */
export function indexOf(space, params) {
  const names = new Set(space.fields.map(([name]) => name));
  if (Object.keys(params).some((name) => !names.has(name))) return null;
  const places = [];
  for (const [name, values] of space.fields) {
    const value = Object.prototype.hasOwnProperty.call(params, name) ? params[name] : null;
    const place = values.findIndex((v) => same(v, value));
    if (place < 0) return null;
    places.push(place);
  }
  if (!Array.isArray(space.base)) {
    return space.fields.reduce((index, [, values], k) => index * values.length + places[k], 0);
  }
  const base = space.base;
  const changed = space.fields.map((_, k) => k).filter((k) => !same(space.fields[k][1][places[k]], base[k]));
  if (changed.length > 1) return null;
  const k = changed.length ? changed[0] : 0;
  return space.fields.slice(0, k).reduce((sum, [, values]) => sum + values.length, 0) + places[k];
}

/** @type {Map<string, Promise<any>>} answers read (or being read) in this tab, by URL: each file once */
const read = new Map();

/**
 * The envelope of the answer file at `url`, read once per tab (a failed read is forgotten, to be tried again).
 * @param {string} url
 * @returns {Promise<any>}
 */
function readAnswer(url) {
  if (!read.has(url)) {
    const reading = fetch(url, { credentials: "same-origin" }).then(async (response) => {
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return response.json();
    });
    reading.catch(() => read.delete(url));
    read.set(url, reading);
  }
  return /** @type {Promise<any>} */ (read.get(url));
}

/**
 * Read ahead the answers of `params` with field `name` one value either side of its own (within the space).
 * @param {HTMLElement} section
 * @param {Record<string, unknown>} params the form's parameters now
 * @param {string} name the field that took the focus
 */
export function prefetchNear(section, params, name) {
  const found = answersOf(section);
  const field = found?.space.fields.find(([fieldName]) => fieldName === name);
  if (!found || !field || !Object.prototype.hasOwnProperty.call(params, name)) return;
  const values = field[1];
  const place = values.findIndex((v) => same(v, params[name]));
  if (place < 0) return;
  for (const next of [place - 1, place + 1]) {
    if (next < 0 || next >= values.length) continue;
    const index = indexOf(found.space, { ...params, [name]: values[next] });
    if (index !== null) readAnswer(new URL(`${index}.json`, found.folder).href).catch(() => { /* read again when asked */ });
  }
}

/**
 * The build-time answer for these parameters: `{html}`, an EngineError (the engine refused them, in its
 * words), or null when they are outside the space or the file cannot be read (then Python answers).
 * @param {HTMLElement} section
 * @param {Record<string, unknown>} params
 * @returns {Promise<{html: string}|null>}
 */
export async function builtAnswer(section, params) {
  const found = answersOf(section);
  if (!found) return null;
  const index = indexOf(found.space, params);
  if (index === null) return null;
  const url = new URL(`${index}.json`, found.folder).href;
  let envelope;
  try {
    envelope = await readAnswer(url);
  } catch (error) {
    console.warn(`Rollwright: the build-time answer ${url} could not be read (${error.message}); Python answers`);
    return null;
  }
  if (envelope?.ok === true && typeof envelope.result?.html === "string") return { html: envelope.result.html };
  if (envelope?.ok === false && envelope.error) throw new EngineError(envelope.error);
  return null;
}
