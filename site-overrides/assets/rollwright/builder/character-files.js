/**
 * A character outside the browser's storage: a .json download, an imported file, and
 * the share link's fragment ("#c=" + base64url of the UTF-8 JSON). What comes in is
 * size-checked before it is parsed (document-limits.js), and every failure is one
 * sentence for the player.
 */

import { DEFAULT_LIMITS, LimitError, parseChecked } from "./document-limits.js";

export const SHARE_PREFIX = "#c=";

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
 * Offer one character as a .json download, through a link made for the moment (the page
 * keeps no link without an address, which crawlers and Lighthouse count as broken).
 * @param {any} doc
 * @param {string} system
 */
export function exportCharacter(doc, system) {
  const blob = new Blob([JSON.stringify(doc, null, 2) + "\n"], { type: "application/json" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName(doc, system);
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return fileName(doc, system);
}

/**
 * Read an imported file as a JSON object, its size, nesting and lists checked before and
 * after parsing; throws an Error with a sentence for the player (a LimitError names the limit).
 * @param {File} file
 * @param {import("./document-limits.js").DocumentLimits} [limits]
 */
export async function readCharacterFile(file, limits = DEFAULT_LIMITS) {
  const what = `“${file.name}”`;
  if (file.size > limits.text * 4) { // UTF-8: at most 4 bytes a character; the exact count is checked below
    throw new LimitError(`${what} is ${file.size.toLocaleString("en")} bytes, far too large to be a character.`, "text");
  }
  const raw = await file.text();
  let data;
  try {
    data = parseChecked(raw, limits, what);
  } catch (error) {
    if (error instanceof LimitError) throw error;
    throw new Error(`${what} is not a character file: it is not valid JSON (${error.message}).`);
  }
  if (!data || typeof data !== "object" || Array.isArray(data)) {
    throw new Error(`${what} is not a character file: it holds no JSON object.`);
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
 * throws an Error with a sentence when it is one but cannot be read (what was wrong is
 * kept as the error's `detail`, for people who debug links).
 * @param {string} hash e.g. location.hash
 * @param {import("./document-limits.js").DocumentLimits} [limits]
 */
export function decodeShare(hash, limits = DEFAULT_LIMITS) {
  if (!hash.startsWith(SHARE_PREFIX)) return null;
  const text = hash.slice(SHARE_PREFIX.length).replace(/-/g, "+").replace(/_/g, "/");
  try {
    if (text.length > limits.text * 2) throw new LimitError("the link is far longer than any character", "text");
    const binary = atob(text + "=".repeat((4 - (text.length % 4)) % 4));
    const json = new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
    const data = parseChecked(json, limits, "the link");
    if (!data || typeof data !== "object" || Array.isArray(data)) throw new Error("it holds no character");
    return data;
  } catch (error) {
    const damaged = new Error(error instanceof LimitError
      ? `This share link cannot be opened: ${error.message} Ask whoever sent it for the character's exported file instead.`
      : "This share link is damaged or incomplete, so it holds no character to open. "
        + "Ask for the link again, or for the character's exported file to import.");
    damaged.detail = String(error?.message || error);
    throw damaged;
  }
}
