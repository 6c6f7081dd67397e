/**
 * The text of one system's saved characters (its envelope), read and written; no storage here.
 *
 *   "rollwright.<system>.characters" = {"version": 1, "active": id|null, "characters": {id: doc}}
 *
 * Reading keeps every entry that is a usable character and lists the others (`rejected`), so
 * one bad entry never costs the rest. Text this version cannot read at all throws an
 * `UnreadableStore`, which says whether it was written by a NEWER version of the site (a
 * higher `version`): such text must never be saved over.
 *
 *   parseEnvelope('{"version": 1, "active": null, "characters": {"c-1": {"name": "Ada"}}}', limits)
 *     // {active: null, characters: Map {"c-1" => {name: "Ada", id: "c-1"}}, rejected: []}
 *   parseEnvelope('{"version": 2}', limits)   // throws UnreadableStore, newer: true
 */

import { checkDocument } from "./document-limits.js";
import { defineOwn } from "./character-merge.js";

export const STORE_VERSION = 1;

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
const RESERVED_IDS = new Set(Object.getOwnPropertyNames(Object.prototype));

/** A short random id for a new character. */
export function newId() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return "c-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Whether `id` can name a saved character: 1-64 letters, digits, "-" or "_", starting with
 * a letter or digit, and not a name objects already have ("constructor", "toString" ...).
 * @param {unknown} id
 */
export function usableId(id) {
  return typeof id === "string" && SAFE_ID.test(id) && !RESERVED_IDS.has(id);
}

/**
 * Add a copy of each document to `characters`, under its own id when that id is usable and free,
 * else under a new one (restoring a backup never replaces a saved character).
 * @param {Map<string, any>} characters
 * @param {Iterable<any>} docs
 */
export function addCopies(characters, docs) {
  for (const doc of docs) {
    const copy = structuredClone(doc);
    if (!usableId(copy.id) || characters.has(copy.id)) copy.id = newId();
    characters.set(copy.id, copy);
  }
}

/** Saved text this version cannot read; `newer`: it names a later version of the store. */
export class UnreadableStore extends Error {
  /** @param {string} message @param {boolean} newer */
  constructor(message, newer) {
    super(message);
    this.name = "UnreadableStore";
    this.newer = newer;
  }
}

/** @typedef {{active: string|null, characters: Map<string, any>}} Envelope */
/** @typedef {{key: string, value: unknown, why: string}} Rejected */

/**
 * Read an envelope's text, keeping every entry that is a usable character.
 * Throws an UnreadableStore saying what is wrong when the envelope itself cannot be read.
 * @param {string} raw
 * @param {import("./document-limits.js").DocumentLimits} limits
 * @returns {Envelope & {rejected: Rejected[]}}
 */
export function parseEnvelope(raw, limits) {
  let data;
  try {
    data = JSON.parse(raw);
  } catch (error) {
    throw new UnreadableStore(`it is not valid JSON (${error.message})`, false);
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new UnreadableStore("it is not an object", false);
  if (data.version !== STORE_VERSION) {
    const newer = typeof data.version === "number" && data.version > STORE_VERSION;
    throw new UnreadableStore(`its version is ${JSON.stringify(data.version)}, not ${STORE_VERSION}`, newer);
  }
  const listed = Object.prototype.hasOwnProperty.call(data, "characters") ? data.characters : null;
  if (!listed || typeof listed !== "object" || Array.isArray(listed)) throw new UnreadableStore("it has no character list", false);
  /** @type {Map<string, any>} */
  const characters = new Map();
  /** @type {Rejected[]} */
  const rejected = [];
  /** @type {string|null} */
  let active = null;
  for (const [key, doc] of Object.entries(listed)) {
    if (!doc || typeof doc !== "object" || Array.isArray(doc)) {
      rejected.push({ key, value: doc, why: "it is not a character" });
      continue;
    }
    try {
      checkDocument(doc, limits, "it");
    } catch (error) {
      rejected.push({ key, value: doc, why: error.message });
      continue;
    }
    const id = usableId(key) && !characters.has(key) ? key : newId();
    if (doc.id !== id) defineOwn(doc, "id", id);
    characters.set(id, doc);
    if (key === data.active) active = id; // a character given a fresh id stays the active one
  }
  if (active === null && typeof data.active === "string" && characters.has(data.active)) active = data.active;
  return { active, characters, rejected };
}

/**
 * The envelope as JSON text (keys become own properties: "__proto__" is plain data).
 * @param {Envelope} envelope
 */
export function envelopeText(envelope) {
  const characters = {};
  for (const [id, doc] of envelope.characters) defineOwn(characters, id, doc);
  return JSON.stringify({ version: STORE_VERSION, active: envelope.active, characters });
}
