/**
 * Size checks for a character document BEFORE it is parsed or sent to Python.
 *
 * The limits come from the builder shell's `data-rw-limits` (engine/kit/builder_page.py):
 * the engine's own input limits (engine/kit/limits.py: text length, nesting, entries per
 * list, values in all, text length of one value) and the system's editor limits
 * (`character_limits` in its SYSTEM: e.g. {"skills": 30, "skills.*.focuses": 10}).
 * A document over any of them is refused with a sentence naming the limit, so a hostile
 * file or share link never reaches the worker (where deep nesting used to hang Python)
 * and never fills the page with thousands of rows.
 *
 *   checkText('{"a": [[[1]]]}', limits, "the file")   // fine: returns nothing
 *   checkDocument({skills: Array(31).fill({})}, limits, "the file")
 *     // throws: "the file has 31 skills; a character has at most 30."
 */

/** @typedef {{text: number, nesting: number, entries: number, values: number, string: number,
 *   lists: Record<string, number>}} DocumentLimits */

/** Used when a page carries no limits (an older build): the engine's own, no list limits. */
export const DEFAULT_LIMITS = Object.freeze({
  text: 1_000_000, nesting: 31, entries: 1_000, values: 50_000, string: 100_000, lists: {},
});

export class LimitError extends Error {
  /** @param {string} message @param {string} limit which limit: text, nesting, entries, values, string or a list path */
  constructor(message, limit) {
    super(message);
    this.name = "LimitError";
    this.limit = limit;
  }
}

const count = (n) => n.toLocaleString("en");

/**
 * The builder's limits from its shell, or the defaults when missing or unreadable.
 * @param {HTMLElement} root `[data-rw-builder]`
 * @returns {DocumentLimits}
 */
export function readLimits(root) {
  try {
    const data = JSON.parse(root.dataset.rwLimits || "null");
    if (data && typeof data === "object") return { ...DEFAULT_LIMITS, ...data, lists: { ...(data.lists || {}) } };
  } catch { /* the defaults below */ }
  return { ...DEFAULT_LIMITS, lists: {} };
}

/**
 * Refuse JSON text that is too long or nested too deep, without parsing it (strings are skipped).
 * @param {string} text
 * @param {DocumentLimits} limits
 * @param {string} what names the text in the message, e.g. "“hero.json”"
 */
export function checkText(text, limits, what) {
  if (text.length > limits.text) {
    throw new LimitError(`${what} is ${count(text.length)} characters long; a character file has at most ${count(limits.text)}.`, "text");
  }
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i += 1; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      depth += 1;
      if (depth > limits.nesting) {
        throw new LimitError(`${what} nests lists and objects more than ${limits.nesting} levels deep, which no character does.`, "nesting");
      }
    } else if (c === 93 || c === 125) depth -= 1;
  }
}

/** "skills.3.focuses" -> "skills.*.focuses" (the form the system's list limits use). */
const pattern = (path) => path.map((part) => (typeof part === "number" ? "*" : part)).join(".");

/** "skills.*.focuses" -> "focuses" (a list's name in a sentence). */
const listName = (path) => String(path[path.length - 1]).replace(/_/g, " ");

/**
 * Refuse a parsed document over any limit: nesting, entries per list or object, values in
 * all, one text's length, and the system's list limits. Walks with a stack (no recursion).
 * @param {unknown} doc
 * @param {DocumentLimits} limits
 * @param {string} what
 */
export function checkDocument(doc, limits, what) {
  /** @type {[unknown, (string|number)[]][]} */
  const stack = [[doc, []]];
  let values = 0;
  while (stack.length) {
    const [node, path] = /** @type {[unknown, (string|number)[]]} */ (stack.pop());
    values += 1;
    if (values > limits.values) {
      throw new LimitError(`${what} holds more than ${count(limits.values)} values, far more than any character.`, "values");
    }
    if (typeof node === "string" && node.length > limits.string) {
      throw new LimitError(`${what} has a text of ${count(node.length)} characters; the longest allowed is ${count(limits.string)}.`, "string");
    }
    if (!node || typeof node !== "object") continue;
    if (path.length >= limits.nesting) {
      throw new LimitError(`${what} nests lists and objects more than ${limits.nesting} levels deep, which no character does.`, "nesting");
    }
    if (Array.isArray(node)) { // the system's own limit first: it names the list in the player's words
      const key = pattern(path);
      const most = Object.prototype.hasOwnProperty.call(limits.lists, key) ? limits.lists[key] : null;
      if (most !== null && node.length > most) {
        throw new LimitError(`${what} has ${count(node.length)} ${listName(path)}; a character has at most ${count(most)}.`, key);
      }
    }
    const entries = Array.isArray(node) ? node.map((v, i) => [i, v]) : Object.entries(node);
    if (entries.length > limits.entries) {
      throw new LimitError(`${what} has a list of ${count(entries.length)} entries; the most allowed is ${count(limits.entries)}.`, "entries");
    }
    for (const [key, value] of entries) stack.push([value, [...path, key]]);
  }
}

/**
 * Parse JSON text after checking it, then check the document; LimitError or SyntaxError.
 * @param {string} text
 * @param {DocumentLimits} limits
 * @param {string} what
 */
export function parseChecked(text, limits, what) {
  checkText(text, limits, what);
  const data = JSON.parse(text);
  checkDocument(data, limits, what);
  return data;
}
