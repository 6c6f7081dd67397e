/**
 * Saved characters, one store per system: the ONLY code that touches localStorage.
 *
 * Each system's key holds a versioned envelope:
 *   "rollwright.<system>.characters" = {"version": 1, "active": id|null, "characters": {id: doc}}
 * (the same key and envelope the builder used when it served a single system,
 * so characters saved back then are found as they are.)
 * Documents are kept exactly as last saved, drafts included (the engine judges them,
 * not this module). A store that cannot be read is never overwritten silently: its raw
 * text is copied to a backup key first and `problem` says so; later writes start afresh.
 *
 * Also here: a character as a .json download, reading an imported file, and the
 * share link's fragment ("#c=" + base64url of the UTF-8 JSON).
 */

/** @param {string} system a system id, e.g. from the page's `data-rw-builder` */
export const storeKey = (system) => `rollwright.${system}.characters`;
/** @param {string} system */
export const backupKey = (system) => `${storeKey(system)}.backup`;
export const STORE_VERSION = 1;
export const SHARE_PREFIX = "#c=";
const MAX_IMPORT_BYTES = 1_000_000;

/** A short random id for a new character. */
export function newId() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return "c-" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** @returns {Storage|null} localStorage, or null where the browser refuses it */
function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * Read an envelope's text; throws an Error saying what is wrong with it.
 * @param {string} raw
 * @returns {{version: number, active: string|null, characters: Record<string, object>}}
 */
function parseEnvelope(raw) {
  let data;
  try {
    data = JSON.parse(raw);
  } catch (error) {
    throw new Error(`it is not valid JSON (${error.message})`);
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) throw new Error("it is not an object");
  if (data.version !== STORE_VERSION) throw new Error(`its version is ${JSON.stringify(data.version)}, not ${STORE_VERSION}`);
  const characters = data.characters;
  if (!characters || typeof characters !== "object" || Array.isArray(characters)) {
    throw new Error("it has no character list");
  }
  for (const [id, doc] of Object.entries(characters)) {
    if (!doc || typeof doc !== "object" || Array.isArray(doc)) throw new Error(`the character ${JSON.stringify(id)} is not an object`);
  }
  const active = typeof data.active === "string" && data.active in characters ? data.active : null;
  return { version: STORE_VERSION, active, characters };
}

/** One system's saved characters, with the active one; every change is written at once. */
export class CharacterStore {
  /** @param {string} system the system id (its key in localStorage) */
  constructor(system) {
    if (!/^[a-z][a-z0-9-]*$/.test(system)) throw new Error(`not a system id: ${JSON.stringify(system)}`);
    this.system = system;
    this.key = storeKey(system);
    /** @type {Storage|null} */
    this.storage = storage();
    /** A sentence for the player when the saved characters could not be read or saved, else null. */
    this.problem = this.storage ? null : "This browser does not let the page save anything, so characters last only until you leave.";
    /** The key the unreadable store was copied to, if any. */
    this.backupKey = null;
    this.data = { version: STORE_VERSION, active: null, characters: /** @type {Record<string, any>} */ ({}) };
    /** The text last read or written, so a change made by another tab is read before the next write. */
    this.lastRaw = null;
    this.reload();
  }

  /** Read the store again if another tab changed it (every change starts with this, so none is lost). */
  reload() {
    if (!this.storage) return;
    const raw = this.storage.getItem(this.key);
    if (raw === null || raw === this.lastRaw) return;
    try {
      this.data = parseEnvelope(raw);
      this.lastRaw = raw;
    } catch (error) {
      this.data = { version: STORE_VERSION, active: null, characters: {} };
      this.lastRaw = raw; // read once: backed up and reported, not again on every change
      this.backupKey = this.keepBackup(raw);
      this.problem = this.backupKey
        ? `Your saved characters could not be read (${error.message}). Their text was kept in this browser's storage under "${this.backupKey}"; new characters are saved fresh.`
        : `Your saved characters could not be read (${error.message}), and there was no room to back them up, so nothing will be saved over them.`;
      if (!this.backupKey) this.storage = null;
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
    if (!this.storage) return false;
    try {
      const raw = JSON.stringify(this.data);
      this.storage.setItem(this.key, raw);
      this.lastRaw = raw;
      return true;
    } catch (error) {
      this.problem = `Saving failed (${error.message}); your latest changes are only on this page.`;
      return false;
    }
  }

  /** @returns {{id: string, name: string}[]} every saved character, in the order they were added */
  list() {
    return Object.entries(this.data.characters).map(([id, doc]) => ({ id, name: typeof doc.name === "string" ? doc.name : "" }));
  }

  /** @param {string} id */
  get(id) {
    const doc = this.data.characters[id];
    return doc ? structuredClone(doc) : null;
  }

  /** @param {string} id */
  has(id) {
    return Object.prototype.hasOwnProperty.call(this.data.characters, id);
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
   * @param {any} doc with a string `id`
   */
  put(doc) {
    if (!doc || typeof doc.id !== "string" || !doc.id) throw new Error("a character needs an id to be saved");
    this.reload();
    this.data.characters[doc.id] = structuredClone(doc);
    this.data.active = doc.id;
    return this.write();
  }

  /**
   * Add a document as a NEW character (a fresh id if its own is taken or missing).
   * @param {any} doc
   * @returns {any} the saved copy
   */
  add(doc) {
    const copy = structuredClone(doc);
    if (typeof copy.id !== "string" || !copy.id || this.has(copy.id)) copy.id = newId();
    this.put(copy);
    return copy;
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
    delete this.data.characters[id];
    if (this.data.active === id) this.data.active = Object.keys(this.data.characters)[0] ?? null;
    return this.write();
  }
}

/**
 * One system's store, read fresh (call again after navigation to see other pages' changes).
 * @param {string} system
 */
export function openStore(system) {
  return new CharacterStore(system);
}

/**
 * A file name for a character's export: its name, made safe, and its system.
 * @param {any} doc
 * @param {string} system
 */
function fileName(doc, system) {
  const base = String(doc?.name || "character").normalize("NFKD").replace(/[^\w.-]+/g, "-").replace(/^-+|-+$/g, "");
  return `${base || "character"}.${system}.json`;
}

/**
 * Offer one character as a .json download through a page's (hidden) link.
 * @param {any} doc
 * @param {string} system
 * @param {HTMLAnchorElement} link
 */
export function exportCharacter(doc, system, link) {
  const blob = new Blob([JSON.stringify(doc, null, 2) + "\n"], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  link.setAttribute("href", url);
  link.setAttribute("download", fileName(doc, system));
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName(doc, system);
}

/**
 * Read an imported file as a JSON object; throws an Error with a sentence for the player.
 * @param {File} file
 */
export async function readCharacterFile(file) {
  if (file.size > MAX_IMPORT_BYTES) throw new Error(`“${file.name}” is too large to be a character (${file.size} bytes).`);
  const raw = await file.text();
  let data;
  try {
    data = JSON.parse(raw);
  } catch (error) {
    throw new Error(`“${file.name}” is not a character file: it is not valid JSON (${error.message}).`);
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    throw new Error(`“${file.name}” is not a character file: it holds no JSON object.`);
  }
  return data;
}

/**
 * The share fragment for a document: "#c=" + base64url of its UTF-8 JSON.
 * @param {any} doc
 */
export function encodeShare(doc) {
  const bytes = new TextEncoder().encode(JSON.stringify(doc));
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return SHARE_PREFIX + btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The document a share fragment carries, null when the fragment is not a share link;
 * throws an Error with a sentence when it is one but cannot be read.
 * @param {string} hash e.g. location.hash
 */
export function decodeShare(hash) {
  if (!hash.startsWith(SHARE_PREFIX)) return null;
  try {
    const text = hash.slice(SHARE_PREFIX.length).replace(/-/g, "+").replace(/_/g, "/");
    const binary = atob(text + "=".repeat((4 - (text.length % 4)) % 4));
    const json = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const data = JSON.parse(json);
    if (!data || typeof data !== "object" || Array.isArray(data)) throw new Error("it holds no character");
    return data;
  } catch (error) {
    throw new Error(`This share link is damaged and holds no readable character (${error.message}).`);
  }
}
