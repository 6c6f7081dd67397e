/**
 * The builder's pieces that need no state of their own: finding the shell's parts, its
 * two dialogs (a two-way question, and which tab's edit wins), engine HTML fix-ups, and
 * where an imported character goes when the roster already has it.
 *
 *   const ui = parts(root);
 *   await ask(ui, "Delete “Ada”?", ["delete", "Delete"], ["cancel", "Keep it"]);  // "delete", "cancel" or ""
 */

import { describePath } from "./character-merge.js";

const SITE_ROOT = new URL("../../../", import.meta.url);

/**
 * Every part of the builder shell (engine/kit/builder_page.py), found by its data attribute.
 * @param {HTMLElement} root `[data-rw-builder]`
 */
export function parts(root) {
  const one = (selector) => /** @type {any} */ (root.querySelector(selector));
  return {
    status: one(":scope > [data-rw-status]"), notice: one("[data-rw-notice]"), roster: one("[data-rw-roster]"),
    tools: one("[data-rw-tools]"), editor: one("[data-rw-editor-region]"), report: one("[data-rw-report-region]"),
    sheet: one("[data-rw-sheet-region]"), shared: one("[data-rw-shared]"), shareBox: one("[data-rw-share-box]"),
    shareLink: one("[data-rw-share-link]"), importer: one("[data-rw-import]"),
    confirm: one("[data-rw-confirm]"), confirmText: one("[data-rw-confirm-text]"),
    merge: one("[data-rw-merge]"), mergeText: one("[data-rw-merge-text]"),
  };
}

/**
 * Ask a question in the builder's dialog; resolves to the value of the button pressed
 * ("" when dismissed with Escape).
 * @param {ReturnType<typeof parts>} ui
 * @param {string} text
 * @param {[string, string]} first value and label of the main choice
 * @param {[string, string]} second value and label of the other choice (focused first)
 * @returns {Promise<string>}
 */
export function ask(ui, text, first, second) {
  return new Promise((resolve) => {
    const [one, other] = ui.confirm.querySelectorAll("button[value]");
    [one.value, one.textContent] = first;
    [other.value, other.textContent] = second;
    ui.confirmText.textContent = text;
    ui.confirm.returnValue = "";
    ui.confirm.addEventListener("close", () => resolve(ui.confirm.returnValue), { once: true });
    ui.confirm.showModal();
  });
}

/**
 * Ask which side wins when this tab and another changed the same fields.
 * @param {ReturnType<typeof parts>} ui
 * @param {string|undefined} name the open character's name
 * @param {import("./character-merge.js").Conflict[]} conflicts
 * @returns {Promise<"mine"|"theirs">}
 */
export function askMerge(ui, name, conflicts) {
  return new Promise((resolve) => {
    const fields = [...new Set(conflicts.map((c) => describePath(c.path)))].slice(0, 5).join(", ");
    ui.mergeText.textContent = `“${name || "Unnamed character"}” was also changed in another tab, `
      + `and both changed: ${fields}. Everything else from both tabs is kept. Which version of these should stay?`;
    ui.merge.returnValue = "";
    ui.merge.addEventListener("close", () => resolve(ui.merge.returnValue === "theirs" ? "theirs" : "mine"), { once: true });
    ui.merge.showModal();
  });
}

/**
 * Links in engine HTML are relative to the site root: point them there.
 * @param {Element} region
 */
export function fixLinks(region) {
  for (const link of region.querySelectorAll("a[href]")) {
    const href = link.getAttribute("href");
    if (!/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(href)) link.setAttribute("href", new URL(href, SITE_ROOT).href);
  }
}

/**
 * Mark the form's controls that error messages name.
 * @param {HTMLFormElement|null} form
 * @param {{severity: string, path?: string}[]} messages
 */
export function markInvalid(form, messages) {
  if (!form) return;
  const bad = new Set(messages.filter((m) => m.severity === "error" && m.path).map((m) => m.path));
  for (const control of form.querySelectorAll("[data-rw-path]")) {
    if (bad.has(control.getAttribute("data-rw-path"))) control.setAttribute("aria-invalid", "true");
    else control.removeAttribute("aria-invalid");
  }
}

/**
 * A saved character the imported one may duplicate: the same id, or the same content.
 * @param {import("./character-store.js").CharacterStore} store
 * @param {any} doc
 * @returns {{id: string, same: boolean}|null}
 */
function twinOf(store, doc) {
  const content = (d) => JSON.stringify({ ...d, id: undefined });
  for (const { id } of store.list()) {
    const same = content(store.get(id)) === content(doc);
    if (same || id === doc.id) return { id, same };
  }
  return null;
}

/**
 * A name no saved character has yet, e.g. "Ada (2)".
 * @param {import("./character-store.js").CharacterStore} store
 * @param {string} name
 */
function freeName(store, name) {
  const taken = new Set(store.list().map((entry) => entry.name));
  let n = 2;
  while (taken.has(`${name} (${n})`)) n += 1;
  return `${name} (${n})`;
}

/**
 * The question asked when an imported file's character is already saved: it names the SAVED
 * character (the one a replace would overwrite), and the file's name for it when that differs.
 * @param {string} saved the saved character's name
 * @param {string} name the file's name for it
 * @param {boolean} same whether the file holds exactly what is saved
 * @param {boolean} sameId whether the file is a version of that character (the same id)
 * @example twinQuestion("Bram Vasquez", "Bram the Bold", false, true)
 *   // "This file is a version of “Bram Vasquez”, one of your saved characters (the file calls it “Bram the Bold”). ..."
 */
export function twinQuestion(saved, name, same, sameId) {
  const what = same ? `This file holds “${saved}” exactly as it is saved among your characters`
    : sameId ? `This file is a version of “${saved}”, one of your saved characters`
      : `This file holds the same character as “${saved}”, one of your saved characters`;
  const called = saved !== name ? ` (the file calls it “${name}”)` : "";
  return `${what}${called}. Replace the saved “${saved}” with the file's version, or keep both `
    + "(the file's gets a new name)? Escape imports nothing.";
}

/**
 * Save an imported character: as a new one, or, when the roster has it already, over the
 * saved one or beside it under a new name, as the player chooses. Null when they chose
 * neither (Escape): nothing is saved.
 * @param {import("./character-store.js").CharacterStore} store
 * @param {ReturnType<typeof parts>} ui
 * @param {any} incoming the checked document, with an id
 * @returns {Promise<{ok: boolean, doc: any, how: string, why: string|null}|null>}
 */
export async function saveImported(store, ui, incoming) {
  const name = incoming.name || "Unnamed character";
  const twin = twinOf(store, incoming);
  if (!twin) return { ...store.add(incoming), how: "as a new character" };
  const saved = String(store.get(twin.id)?.name || "").trim() || "Unnamed character";
  const choice = await ask(ui, twinQuestion(saved, name, twin.same, twin.id === incoming.id),
    ["replace", "Replace it"], ["keep", "Keep both"]);
  if (choice === "replace") {
    const { ok, doc, why } = store.put({ ...incoming, id: twin.id }, { resolve: "mine" });
    return { ok, doc, why, how: `over the saved “${saved}”` };
  }
  if (choice === "keep") {
    const { ok, doc, why } = store.add({ ...incoming, name: freeName(store, name) });
    return { ok, doc, why, how: `as a second character, “${doc.name}”` };
  }
  return null;
}

/**
 * A short key of an HTML string, the same as engine/kit/builder_page.py's `html_key`: its length and
 * 32-bit FNV-1a hash over its UTF-16 code units.
 * @param {string} html
 * @example htmlKey("<p>é</p>") // "8:dff4c5eb"
 */
export function htmlKey(html) {
  let value = 0x811c9dc5;
  for (let index = 0; index < html.length; index += 1) {
    value = Math.imul(value ^ html.charCodeAt(index), 0x01000193) >>> 0;
  }
  return `${html.length}:${value.toString(16).padStart(8, "0")}`;
}

/**
 * Show engine-rendered HTML in a region, unless the region shows exactly that already (its first
 * render came with the page, and many answers repeat the last): no needless re-layout, and focus,
 * scroll and selection stay. Returns whether anything changed.
 * @param {HTMLElement} region
 * @param {string} html engine-rendered, escaped
 */
export function showHTML(region, html) {
  const key = htmlKey(html);
  if (region.getAttribute("data-rw-html") === key) return false;
  region.innerHTML = html;
  region.setAttribute("data-rw-html", key);
  fixLinks(region);
  return true;
}
