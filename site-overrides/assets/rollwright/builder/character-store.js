/**
 * Saved characters, one store per system: the ONLY code that touches localStorage for saved documents.
 * The same store keeps each system's saved trackers (`kind` "trackers.<widget key>", widgets/tracker-keep.js):
 * named documents with the same guarantees (merged across tabs, never written over unread, backed up).
 *
 * Each system's key holds a versioned envelope (character-envelope.js):
 *   "rollwright.<system>.characters" = {"version": 1, "active": id|null, "characters": {id: doc}}
 *
 * Nothing a player typed is lost, and what the roster shows is what storage holds:
 * - In memory the characters are a Map and ids are checked (`usableId`), so no id or key
 *   ("__proto__", "constructor" ...) can touch an object's prototype.
 * - Saved text this tab cannot read (damaged, or written by a NEWER version of the site) is
 *   never written over: the store is `blocked`, changes stay in this tab's memory (listed as
 *   not saved), and `problem` says so. The player may export that text, or (unless it is a newer
 *   version's) start a new list, which first copies it to a backup key (character-backups.js).
 *   Backups this version can read are offered back (`restorable`, `restore`).
 * - One bad entry of a readable store is backed up ALONE and every other character is kept.
 * - Every write reads the store again first and merges this tab's document with what another
 *   tab saved since (character-merge.js); a field changed on both sides is a conflict the caller
 *   resolves (it asks the player).
 * - A write the browser refuses (storage full) changes nothing in memory either, and says why
 *   (`PutResult.why`, `lastError`); so does a new character past the most one roster holds
 *   (`limits.entries`), refused before anything is stored.
 *
 * Re-exported from character-files.js: a character as a .json download, an imported file, a share link.
 */

import { DEFAULT_LIMITS } from "./document-limits.js";
import { defineOwn, merge } from "./character-merge.js";
import { STORE_VERSION, UnreadableStore, addCopies, envelopeText, newId, parseEnvelope, usableId } from "./character-envelope.js";
import { findBackups, keepBackup, withMissing } from "./character-backups.js";

export { SHARE_PREFIX, decodeShare, encodeShare, exportCharacter, readCharacterFile } from "./character-files.js";
export { STORE_VERSION, newId, usableId } from "./character-envelope.js";

/** @param {string} system a system id, e.g. from the page's `data-rw-builder` @param {string} [kind] what it keeps */
export const storeKey = (system, kind = "characters") => `rollwright.${system}.${kind}`;
/** @param {string} system @param {string} [kind] */
export const backupKey = (system, kind = "characters") => `${storeKey(system, kind)}.backup`;

/** @typedef {{kind?: string, one?: string, many?: string}} StoreKind what a store keeps: its key's last part
 * ("characters", or "trackers.ft") and the words for one and many of them in messages */

/** @returns {Storage|null} localStorage, or null where the browser refuses it */
function storage() {
  try { return window.localStorage; } catch { return null; }
}

const count = (n) => n.toLocaleString("en");

/** @typedef {import("./character-envelope.js").Envelope} Envelope */
/** @typedef {{ok: boolean, doc: any, changedElsewhere: boolean, deletedElsewhere: boolean,
 *   conflicts: import("./character-merge.js").Conflict[], why: string|null}} PutResult
 * `why`: when not ok, why nothing was saved (a sentence without its final stop). */

/** One system's saved characters (or trackers), with the active one; every change is written at once. */
export class CharacterStore {
  /**
   * @param {string} system the system id (its key in localStorage)
   * @param {import("./document-limits.js").DocumentLimits} [limits] what a stored character may hold
   * @param {StoreKind} [what] what the store keeps (default: characters)
   */
  constructor(system, limits = DEFAULT_LIMITS, { kind = "characters", one = "character", many = "characters" } = {}) {
    if (!/^[a-z][a-z0-9-]*$/.test(system)) throw new Error(`not a system id: ${JSON.stringify(system)}`);
    if (!/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)?$/.test(kind)) throw new Error(`not a store kind: ${JSON.stringify(kind)}`);
    this.system = system;
    this.kind = kind;
    this.one = one;
    this.many = many;
    this.key = storeKey(system, kind);
    this.limits = limits;
    /** The most characters one store keeps (the roster lists at most this many at once). */
    this.most = limits.entries;
    /** @type {Storage|null} */
    this.storage = storage();
    /** A sentence for the player when the saved characters could not be read or saved, else null. */
    this.problem = this.storage ? null : `This browser does not let the page save anything, so ${many} last only until you leave.`;
    /** Why the last change was not saved (null after one that was). */
    this.lastError = null;
    /** The key the unreadable entries were copied to, if any. */
    this.backupKey = null;
    /** @type {{why: string, newer: boolean, raw: string, short: string}|null} saved text this tab cannot read
     * (never written over); `short`: why nothing is saved, for a status line */
    this.blocked = null;
    /** @type {Set<string>} characters changed while nothing could be saved: in this tab's memory only */
    this.unsaved = new Set();
    /** @type {Envelope} */
    this.data = { active: null, characters: new Map() };
    /** The text last read or written, so a change made by another tab is read before the next write. */
    this.lastRaw = null;
    /** @type {Map<string, string>} each character as this tab last read or wrote it (the merge's base) */
    this.base = new Map();
    this.reload();
  }

  /** Whether changes stay in this tab's memory (nothing can be saved, or nothing may be). */
  get inMemory() {
    return !this.storage || this.blocked !== null;
  }

  /** Read the store again if another tab changed it (every change starts with this, so none is lost). */
  reload() {
    if (!this.storage) return;
    const raw = this.storage.getItem(this.key);
    if (raw === this.lastRaw) return;
    if (raw === null) { // never saved, or removed: whatever only this tab holds can be saved now
      if (this.blocked) this.unblock({ active: this.data.active, characters: new Map() });
      return;
    }
    let read;
    try {
      read = parseEnvelope(raw, this.limits);
    } catch (error) {
      if (!(error instanceof UnreadableStore)) throw error;
      this.block(raw, error);
      return;
    }
    if (read.rejected.length) this.salvage(read.rejected);
    this.lastRaw = raw;
    if (this.blocked) {
      this.unblock({ active: read.active, characters: read.characters });
      return;
    }
    this.data = { active: read.active, characters: read.characters };
    for (const [id, doc] of read.characters) if (!this.base.has(id)) this.base.set(id, JSON.stringify(doc));
  }

  /**
   * The saved text cannot be read: keep it as it is, and keep working in memory.
   * @param {string} raw
   * @param {UnreadableStore} error
   */
  block(raw, error) {
    this.lastRaw = raw;
    const many = this.many;
    const short = error.newer ? `your saved ${many} were saved by a newer version of this site, so nothing is saved over them`
      : `your saved ${many} could not be read, so nothing is saved over them until you choose what to do (see the note above)`;
    this.blocked = { why: error.message, newer: error.newer, raw, short };
    for (const id of this.data.characters.keys()) this.unsaved.add(id);
    this.problem = error.newer
      ? `Your saved ${many} were saved by a newer version of this site, which this page cannot read (${error.message}). `
        + "Nothing will be saved over them: reload the page to get the newer version. Until then, changes made here "
        + "stay in this tab only (“Export file” keeps a copy)."
      : `Your saved ${many} could not be read (${error.message}). Nothing will be saved over them until you choose: `
        + "export their text to keep it, or start a new list (their text is then kept aside in this browser). "
        + "Until then, changes made here stay in this tab only.";
  }

  /**
   * The saved text is readable again (another tab replaced it): add what only this tab holds, and save.
   * @param {Envelope} read
   */
  unblock(read) {
    this.blocked = null;
    this.problem = null;
    const mine = this.data;
    this.data = read;
    for (const id of this.unsaved) {
      const doc = mine.characters.get(id);
      if (!doc) continue;
      const copy = structuredClone(doc);
      if (this.data.characters.has(id)) copy.id = newId(); // theirs stays; this tab's is added beside it
      this.data.characters.set(copy.id, copy);
      this.base.set(copy.id, JSON.stringify(copy));
    }
    if (this.unsaved.size && this.write()) this.unsaved.clear();
  }

  /**
   * Back up the entries that could not be read, alone, and say so; the rest stay usable.
   * @param {import("./character-envelope.js").Rejected[]} rejected
   */
  salvage(rejected) {
    const kept = {};
    for (const entry of rejected) defineOwn(kept, entry.key, entry.value);
    const key = keepBackup(this.storage, backupKey(this.system, this.kind), JSON.stringify({ version: STORE_VERSION, characters: kept }));
    const what = rejected.length === 1 ? `One saved ${this.one}` : `${rejected.length} saved ${this.many}`;
    const why = rejected[0].why;
    if (key) {
      this.backupKey = key;
      this.problem = `${what} could not be read (${why}) and was kept aside under "${key}" in this browser's storage; every other ${this.one} is here as saved.`;
    } else {
      this.problem = `${what} could not be read (${why}), and there was no room to back it up, so nothing will be saved over your ${this.many}.`;
      this.storage = null;
    }
  }

  /**
   * Start a new list over saved text this tab cannot read (not a newer version's): the text is
   * first copied to a backup key; refused when there is no room for that copy.
   * @returns {string|null} the backup key, or null (and `lastError` says why)
   */
  startAfresh() {
    if (!this.blocked || !this.storage) return null;
    if (this.blocked.newer) {
      this.lastError = `these ${this.many} were saved by a newer version of this site; reload the page to use it`;
      return null;
    }
    const key = keepBackup(this.storage, backupKey(this.system, this.kind), this.blocked.raw);
    if (!key) {
      this.lastError = "there was no room in this browser's storage to keep their text aside first";
      return null;
    }
    this.backupKey = key;
    this.unblock({ active: this.data.active, characters: new Map() });
    if (!this.unsaved.size) this.write();
    return key;
  }

  /**
   * Backups present: their key, their text, and the characters in them this store lacks (when
   * this version can read them).
   * @returns {{key: string, raw: string, missing: Map<string, any>}[]}
   */
  backups() {
    if (!this.storage) return [];
    return withMissing(findBackups(this.storage, backupKey(this.system, this.kind)), this.data.characters.values(),
      (raw) => parseEnvelope(raw, this.limits).characters);
  }

  /**
   * Put a backup's characters back among the saved ones (those the store lacks), then drop the backup.
   * @param {string} key
   * @returns {number|null} how many were added; null when nothing could be saved (`lastError`)
   */
  restore(key) {
    this.reload();
    const backup = this.backups().find((b) => b.key === key);
    if (!backup || this.inMemory) {
      this.lastError = this.problem || "that backup is gone";
      return null;
    }
    if (this.data.characters.size + backup.missing.size > this.most) {
      this.lastError = `restoring them would make more than ${count(this.most)} ${this.many}; delete or export some first`;
      return null;
    }
    const ok = this.commit(() => addCopies(this.data.characters, backup.missing.values()), []);
    if (!ok) return null;
    /** @type {Storage} */ (this.storage).removeItem(key);
    return backup.missing.size;
  }

  /**
   * Make a change in memory and save it. When nothing can be saved, the change stays in memory
   * (marked unsaved); when the browser refuses the write, memory goes back to what is saved.
   * @param {() => void} change
   * @param {string[]} ids the characters it changes
   * @returns {boolean} whether it was saved
   */
  commit(change, ids) {
    const before = { active: this.data.active, characters: new Map(this.data.characters) };
    change();
    if (this.inMemory) {
      for (const id of ids) this.unsaved.add(id);
      this.lastError = this.blocked?.short ?? "this browser does not let the page save anything";
      return false;
    }
    if (this.write()) {
      for (const id of ids) this.unsaved.delete(id);
      return true;
    }
    this.data = before;
    return false;
  }

  /** Write the envelope; false (with `lastError` set) when the browser refused. */
  write() {
    if (this.inMemory) return false;
    try {
      const raw = envelopeText(this.data);
      /** @type {Storage} */ (this.storage).setItem(this.key, raw);
      this.lastRaw = raw;
      this.lastError = null;
      return true;
    } catch (error) {
      this.lastError = `the browser refused to save (${error.name === "QuotaExceededError" ? "its storage for this site is full" : error.message})`;
      return false;
    }
  }

  /** @returns {{id: string, name: string, note?: string}[]} every character, in the order they were added */
  list() {
    return Array.from(this.data.characters, ([id, doc]) => {
      const name = typeof doc.name === "string" ? doc.name : "";
      return this.unsaved.has(id) ? { id, name, note: "not saved" } : { id, name };
    });
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

  /** @param {string} id whether that character is saved (not only in this tab's memory) */
  isSaved(id) {
    return this.has(id) && !this.unsaved.has(id) && !this.inMemory;
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

  /** Why one more character cannot be added, or null. */
  full() {
    if (this.data.characters.size < this.most) return null;
    return `you have ${count(this.data.characters.size)} saved ${this.many}, the most this site keeps in one browser; `
      + "delete some (export them first to keep a copy) to make room";
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
    const refused = theirs ? null : this.full();
    if (refused) {
      this.lastError = refused;
      return { ok: false, doc, changedElsewhere, deletedElsewhere, conflicts: [], why: refused };
    }
    let result = doc;
    /** @type {import("./character-merge.js").Conflict[]} */
    let conflicts = [];
    if (changedElsewhere) {
      ({ doc: result, conflicts } = merge(JSON.parse(baseText), doc, theirs, resolve || "mine"));
      if (conflicts.length && !resolve) return { ok: false, doc, changedElsewhere, deletedElsewhere, conflicts, why: null };
    }
    const ok = this.commit(() => {
      this.data.characters.set(id, structuredClone(result));
      this.data.active = id;
    }, [id]);
    if (ok || this.inMemory) this.base.set(id, JSON.stringify(result));
    return { ok, doc: result, changedElsewhere, deletedElsewhere, conflicts, why: ok ? null : this.lastError };
  }

  /**
   * Add a document as a NEW character (a fresh id if its own is taken, missing or unusable).
   * @param {any} doc
   * @returns {{ok: boolean, doc: any, why: string|null}} the copy, whether it was saved, and why not
   */
  add(doc) {
    const copy = structuredClone(doc);
    this.reload();
    if (!usableId(copy.id) || this.has(copy.id)) copy.id = newId();
    this.base.delete(copy.id);
    const { ok, doc: saved, why } = this.put(copy);
    return { ok, doc: saved, why };
  }

  /** @param {string|null} id */
  setActive(id) {
    this.reload();
    return this.commit(() => { this.data.active = id && this.has(id) ? id : null; }, []);
  }

  /** @param {string} id */
  remove(id) {
    this.reload();
    const ok = this.commit(() => {
      this.data.characters.delete(id);
      if (this.data.active === id) this.data.active = this.data.characters.keys().next().value ?? null;
    }, []);
    if (ok || this.inMemory) {
      this.base.delete(id);
      this.unsaved.delete(id);
    }
    return ok;
  }
}

/**
 * One system's store, read fresh (call again after navigation to see other pages' changes).
 * @param {string} system
 * @param {import("./document-limits.js").DocumentLimits} [limits]
 * @param {StoreKind} [what] what the store keeps (default: characters)
 */
export function openStore(system, limits = DEFAULT_LIMITS, what = undefined) {
  return new CharacterStore(system, limits, what);
}
