/**
 * Backups of saved characters: text kept aside under "<store key>.backup" (then ".backup.2" ...)
 * before anything could replace it, found again, restored or exported by the player.
 *
 * A backup holds either a whole store this tab could not read (kept when the player chose to
 * start a new list over it, or by an earlier version of the site, which kept one and wrote
 * over the store), or the entries of a store that could not be read alone (salvage).
 *
 *   const key = keepBackup(localStorage, "rollwright.mygame.characters.backup", text);  // null: no room
 *   findBackups(localStorage, "rollwright.mygame.characters.backup")  // [{key, raw}]
 */

/** How many backup keys are looked at (".backup", ".backup.2" ... ".backup.99"). */
const MOST = 99;

/**
 * The keys a backup may be under, in order.
 * @param {string} base e.g. "rollwright.mygame.characters.backup"
 */
function backupKeys(base) {
  return Array.from({ length: MOST }, (_, i) => (i === 0 ? base : `${base}.${i + 1}`));
}

/**
 * Copy text to the first backup key that is free (or already holds the same text).
 * @param {Storage} storage
 * @param {string} base
 * @param {string} raw
 * @returns {string|null} the key used; null when the browser had no room
 */
export function keepBackup(storage, base, raw) {
  for (const key of backupKeys(base)) {
    const existing = storage.getItem(key);
    if (existing === raw) return key;
    if (existing !== null) continue;
    try {
      storage.setItem(key, raw);
      return key;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Every backup present, in order.
 * @param {Storage} storage
 * @param {string} base
 * @returns {{key: string, raw: string}[]}
 */
export function findBackups(storage, base) {
  const found = [];
  for (const key of backupKeys(base)) {
    const raw = storage.getItem(key);
    if (raw !== null) found.push({ key, raw });
  }
  return found;
}

/**
 * Each backup with the characters in it that are not among ``present`` (compared without their ids):
 * what restoring it would bring back. A backup this version cannot read brings back nothing (it can
 * still be exported).
 *
 *   withMissing(findBackups(localStorage, base), store.values(), (raw) => parseEnvelope(raw).characters)
 * @param {{key: string, raw: string}[]} found
 * @param {Iterable<any>} present the characters saved now
 * @param {(raw: string) => Map<string, any>} read a backup's characters (throws when it cannot)
 * @returns {{key: string, raw: string, missing: Map<string, any>}[]}
 */
export function withMissing(found, present, read) {
  const content = (doc) => JSON.stringify({ ...doc, id: undefined });
  const here = new Set(Array.from(present, content));
  return found.map(({ key, raw }) => {
    /** @type {Map<string, any>} */
    const missing = new Map();
    try {
      for (const [id, doc] of read(raw)) if (!here.has(content(doc))) missing.set(id, doc);
    } catch { /* a backup this version cannot read: it can still be exported */ }
    return { key, raw, missing };
  });
}

export { downloadText } from "../widgets/download.js";
