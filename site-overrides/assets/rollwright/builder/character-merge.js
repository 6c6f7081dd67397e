/**
 * Three-way merge of a character document edited in two tabs.
 *
 * `base` is the version both tabs started from, `mine` this tab's, `theirs` the one
 * another tab saved since. A field changed on one side only takes that side's value;
 * a field changed on both sides to different values is a conflict, resolved by
 * `prefer` ("mine" or "theirs") and reported so that the player can be asked.
 * Objects merge key by key; lists of the same length in all three merge item by item;
 * anything else is one value. Keys are copied as own properties, so a key such as
 * "__proto__" is data, never the prototype.
 *
 *   merge({name: "A", hp: 1}, {name: "B", hp: 1}, {name: "A", hp: 2})
 *     // {doc: {name: "B", hp: 2}, conflicts: []}
 *   merge({name: "A"}, {name: "B"}, {name: "C"}).conflicts
 *     // [{path: ["name"], mine: "B", theirs: "C"}]
 */

/** @typedef {{path: (string|number)[], mine: unknown, theirs: unknown}} Conflict */

const own = (node, key) => (Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined);
const isRecord = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const same = (a, b) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * Set `node[key]` as an own data property (safe for any key, "__proto__" included).
 * @param {object} node @param {string|number} key @param {unknown} value
 */
export function defineOwn(node, key, value) {
  Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
}

/**
 * @param {unknown} base @param {unknown} mine @param {unknown} theirs
 * @param {(string|number)[]} path @param {Conflict[]} conflicts @param {"mine"|"theirs"} prefer
 * @returns {unknown} the merged value (undefined: the key is gone)
 */
function mergeValue(base, mine, theirs, path, conflicts, prefer) {
  if (same(mine, theirs)) return mine;
  if (same(mine, base)) return theirs;
  if (same(theirs, base)) return mine;
  if (isRecord(base) && isRecord(mine) && isRecord(theirs)) {
    const out = {};
    const keys = [...Object.keys(mine), ...Object.keys(theirs).filter((k) => !Object.prototype.hasOwnProperty.call(mine, k))];
    for (const key of keys) {
      const value = mergeValue(own(base, key), own(mine, key), own(theirs, key), [...path, key], conflicts, prefer);
      if (value !== undefined) defineOwn(out, key, value);
    }
    return out;
  }
  if (Array.isArray(base) && Array.isArray(mine) && Array.isArray(theirs)
      && base.length === mine.length && mine.length === theirs.length) {
    return mine.map((item, i) => mergeValue(base[i], item, theirs[i], [...path, i], conflicts, prefer) ?? null);
  }
  conflicts.push({ path, mine, theirs });
  return prefer === "theirs" ? theirs : mine;
}

/**
 * Merge two edits of one document.
 * @param {unknown} base @param {unknown} mine @param {unknown} theirs
 * @param {"mine"|"theirs"} [prefer] which side wins a conflict (default: mine)
 * @returns {{doc: any, conflicts: Conflict[]}}
 */
export function merge(base, mine, theirs, prefer = "mine") {
  /** @type {Conflict[]} */
  const conflicts = [];
  const doc = mergeValue(base, mine, theirs, [], conflicts, prefer);
  return { doc, conflicts };
}

/**
 * A conflict's place in words: ["skills", 0, "name"] -> "skills › 1 › name".
 * @param {(string|number)[]} path
 */
export function describePath(path) {
  if (!path.length) return "the whole character";
  return path.map((part) => (typeof part === "number" ? String(part + 1) : String(part).replace(/_/g, " "))).join(" › ");
}
