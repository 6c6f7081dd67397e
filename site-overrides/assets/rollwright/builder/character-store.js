/**
 * Saved characters, one store per system: the ONLY code that touches localStorage.
 *
 * Each system's key holds a versioned envelope:
 *   "rollwright.<system>.characters" = {"version": 1, "active": id|null, "characters": {id: doc}}
 * (the same key and envelope the builder used when it served a single system,
 * so characters saved back then are found as they are.)
 *
 * Nothing a player typed is lost:
 * - In memory the characters are a Map and ids are checked (`usableId`), so no id or key
 *   ("__proto__", "constructor" ...) can touch an object's prototype; an id that cannot be
 *   used gets a fresh one.
 * - A store that cannot be read at all is copied to a backup key before anything is written
 *   over it; one bad entry is backed up ALONE and every other character is kept (salvage).
 * - Every write reads the store again first and merges this tab's document with what another
 *   tab saved since (character-merge.js): fields changed on one side only are kept; a field
 *   changed on both sides is a conflict the caller must resolve (it asks the player).
 * - A write the browser refuses (storage full) returns false and sets `problem`.
 *
 * Re-exported from character-files.js: a character as a .json download, reading an
 * imported file, and the share link's fragment.
 */

import { DEFAULT_LIMITS, checkDocument } from "./document-limits.js";
import { defineOwn, merge } from "./character-merge.js";

export { SHARE_PREFIX, decodeShare, encodeShare, exportCharacter, readCharacterFile } from "./character-files.js";

/** @param {string} system a system id, e.g. from the page's `data-rw-builder` */
export const storeKey = (system) => `rollwright.${system}.characters`;
/** @param {string} system */
export const backupKey = (system) => `${storeKey(system)}.backup`;
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

/** @returns {Storage|null} localStorage, or null where the browser refuses it */
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** @typedef {{active: string|null, characters: Map<string, any>}} Envelope */
/** @typedef {{key: string, value: unknown, why: string}} Rejected */

/**
 * Read an envelope's text, keeping every entry that is a usable character.
 * Throws an Error saying what is wrong when the envelope itself cannot be read.
 * @param {string} raw
 * @param {import("./document-limits.js").DocumentLimits} limits
 * @returns {Envelope & {rejected: Rejected[]}}
 */
function parseEnvelope(raw, limits) {
  let data;
  try {
    data = JSON.parse(raw);
  } catch (error) {
    throw new Error(`it is not valid JSON (${error.message})`);
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new Error("it is not an object");
  if (data.version !== STORE_VERSION) throw new Error(`its version is ${JSON.stringify(data.version)}, not ${STORE_VERSION}`);
  const listed = Object.prototype.hasOwnProperty.call(data, "characters") ? data.characters : null;
  if (!listed || typeof listed !== "object" || Array.isArray(listed)) throw new Error("it has no character list");
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

/** The envelope as JSON text (keys become own properties: "__proto__" is plain data). */
function envelopeText(envelope) {
  const characters = {};
  for (const [id, doc] of envelope.characters) defineOwn(characters, id, doc);
  return JSON.stringify({ version: STORE_VERSION, active: envelope.active, characters });
}

/** @typedef {{ok: boolean, doc: any, changedElsewhere: boolean, deletedElsewhere: boolean,
 *   conflicts: import("./character-merge.js").Conflict[]}} PutResult */

/** One system's saved characters, with the active one; every change is written at once. */
export class CharacterStore {
  /**
   * @param {string} system the system id (its key in localStorage)
   * @param {import("./document-limits.js").DocumentLimits} [limits] what a stored character may hold
   */
  constructor(system, limits = DEFAULT_LIMITS) {
    if (!/^[a-z][a-z0-9-]*$/.test(system)) throw new Error(`not a system id: ${JSON.stringify(system)}`);
    this.system = system;
    this.key = storeKey(system);
    this.limits = limits;
    /** @type {Storage|null} */
    this.storage = storage();
    /** A sentence for the player when the saved characters could not be read or saved, else null. */
    this.problem = this.storage ? null : "This browser does not let the page save anything, so characters last only until you leave.";
    /** The key the unreadable store (or the unreadable entries) were copied to, if any. */
    this.backupKey = null;
    /** @type {Envelope} */
    this.data = { active: null, characters: new Map() };
    /** The text last read or written, so a change made by another tab is read before the next write. */
    this.lastRaw = null;
    /** @type {Map<string, string>} each character as this tab last read or wrote it (the merge's base) */
    this.base = new Map();
    this.reload();
  }

  /** Read the store again if another tab changed it (every change starts with this, so none is lost). */
  reload() {
    if (!this.storage) return;
    const raw = this.storage.getItem(this.key);
    if (raw === null || raw === this.lastRaw) return;
    let read;
    try {
      read = parseEnvelope(raw, this.limits);
    } catch (error) {
      this.data = { active: null, characters: new Map() };
      this.lastRaw = raw; // read once: backed up and reported, not again on every change
      this.backupKey = this.keepBackup(raw);
      this.problem = this.backupKey
        ? `Your saved characters could not be read (${error.message}). Their text was kept in this browser's storage under "${this.backupKey}"; new characters are saved fresh.`
        : `Your saved characters could not be read (${error.message}), and there was no room to back them up, so nothing will be saved over them.`;
      if (!this.backupKey) this.storage = null;
      return;
    }
    if (read.rejected.length) this.salvage(read.rejected);
    this.data = { active: read.active, characters: read.characters };
    this.lastRaw = raw;
    for (const [id, doc] of read.characters) if (!this.base.has(id)) this.base.set(id, JSON.stringify(doc));
  }

  /**
   * Back up the entries that could not be read, alone, and say so; the rest stay usable.
   * @param {Rejected[]} rejected
   */
  salvage(rejected) {
    const kept = {};
    for (const entry of rejected) defineOwn(kept, entry.key, entry.value);
    const key = this.keepBackup(JSON.stringify({ version: STORE_VERSION, characters: kept }));
    const what = rejected.length === 1 ? "One saved character" : `${rejected.length} saved characters`;
    const why = rejected[0].why;
    if (key) {
      this.backupKey = key;
      this.problem = `${what} could not be read (${why}) and was kept aside under "${key}" in this browser's storage; every other character is here as saved.`;
    } else {
      this.problem = `${what} could not be read (${why}), and there was no room to back it up, so nothing will be saved over your characters.`;
      this.storage = null;
    }
  }

  /**
   * Copy unreadable text to a backup key that does not hold something else already.
   * @param {string} raw
   * @returns {string|null} the key used
   */
  keepBackup(raw) {
    for (let n = 1; n < 100; n += 1) {
      const key = n === 1 ? backupKey(this.system) : `${backupKey(this.system)}.${n}`;
      const existing = this.storage.getItem(key);
      if (existing === raw) return key;
      if (existing !== null) continue;
      try {
        this.storage.setItem(key, raw);
        return key;
      } catch {
        return null;
      }
    }
    return null;
  }

  /** Write the envelope; false (with `problem` set) when the browser refused. */
  write() {
    if (!this.storage) {
      this.problem ||= "This browser does not let the page save anything.";
      return false;
    }
    try {
      const raw = envelopeText(this.data);
      this.storage.setItem(this.key, raw);
      this.lastRaw = raw;
      return true;
    } catch (error) {
      this.problem = `the browser refused to save (${error.name === "QuotaExceededError" ? "its storage for this site is full" : error.message})`;
      return false;
    }
  }

  /** @returns {{id: string, name: string}[]} every saved character, in the order they were added */
  list() {
    return Array.from(this.data.characters, ([id, doc]) => ({ id, name: typeof doc.name === "string" ? doc.name : "" }));
  }

  /** @param {string} id */
  get(id) {
    const doc = this.data.characters.get(id);
    if (!doc) return null;
    this.base.set(id, JSON.stringify(doc));
    return structuredClone(doc);
  }

  /** @param {string} id */
  has(id) {
    return this.data.characters.has(id);
  }

  /**
   * Whether another tab saved character `id` since this tab last read or wrote it (call reload() first).
   * @param {string} id
   */
  changedElsewhere(id) {
    const doc = this.data.characters.get(id);
    return Boolean(doc) && this.base.has(id) && this.base.get(id) !== JSON.stringify(doc);
  }

  get activeId() {
    return this.data.active;
  }

  /** The active character's document, or null. */
  active() {
    return this.data.active ? this.get(this.data.active) : null;
  }

  /**
   * Save a document under its id (adding it if new); it becomes the active character.
   * If another tab saved it since this tab read it, the two are merged; a conflict is
   * NOT written unless `resolve` says which side wins ("mine" or "theirs").
   * @param {any} doc with a usable string `id`
   * @param {{resolve?: "mine"|"theirs"}} [options]
   * @returns {PutResult}
   */
  put(doc, { resolve } = {}) {
    if (!doc || !usableId(doc.id)) throw new Error("a character needs a usable id to be saved");
    this.reload();
    const id = doc.id;
    const theirs = this.data.characters.get(id);
    const baseText = this.base.get(id);
    const changedElsewhere = Boolean(theirs && baseText !== undefined && JSON.stringify(theirs) !== baseText);
    const deletedElsewhere = !theirs && baseText !== undefined;
    let result = doc;
    /** @type {import("./character-merge.js").Conflict[]} */
    let conflicts = [];
    if (changedElsewhere) {
      ({ doc: result, conflicts } = merge(JSON.parse(baseText), doc, theirs, resolve || "mine"));
      if (conflicts.length && !resolve) return { ok: false, doc, changedElsewhere, deletedElsewhere, conflicts };
    }
    this.data.characters.set(id, structuredClone(result));
    this.data.active = id;
    const ok = this.write();
    if (ok) this.base.set(id, JSON.stringify(result));
    return { ok, doc: result, changedElsewhere, deletedElsewhere, conflicts };
  }

  /**
   * Add a document as a NEW character (a fresh id if its own is taken, missing or unusable).
   * @param {any} doc
   * @returns {{ok: boolean, doc: any}} the saved copy, and whether the write succeeded
   */
  add(doc) {
    const copy = structuredClone(doc);
    this.reload();
    if (!usableId(copy.id) || this.has(copy.id)) copy.id = newId();
    this.base.delete(copy.id);
    const { ok, doc: saved } = this.put(copy);
    return { ok, doc: saved };
  }

  /** @param {string|null} id */
  setActive(id) {
    this.reload();
    this.data.active = id && this.has(id) ? id : null;
    return this.write();
  }

  /** @param {string} id */
  remove(id) {
    this.reload();
    this.data.characters.delete(id);
    this.base.delete(id);
    if (this.data.active === id) this.data.active = this.data.characters.keys().next().value ?? null;
    return this.write();
  }
}

/**
 * One system's store, read fresh (call again after navigation to see other pages' changes).
 * @param {string} system
 * @param {import("./document-limits.js").DocumentLimits} [limits]
 */
export function openStore(system, limits = DEFAULT_LIMITS) {
  return new CharacterStore(system, limits);
}
