/**
 * The character builder page of any system: roster, editor, live report, sheet.
 *
 * The page (docs/<system>/builder.md) holds the static shell and names its
 * system in `data-rw-builder="<system>"`; the engine renders everything else
 * through the builder contract (engine/kit/characters.py): the editor form
 * (`<system>.character.editor`), the report and the sheet (`<system>.character.check`),
 * a blank character (`<system>.character.new`) and the roster (`character.roster`).
 * The page comes with a new character's editor, report and sheet, rendered by the
 * same calls at build time and inert until Python is up; a region is re-rendered
 * only when an answer differs from what it shows (builder-parts.js `showHTML`).
 * This module never builds markup: it sets text, attribute values and the
 * innerHTML of engine-rendered HTML. It collects the document back from the form
 * through each control's `data-rw-path`/`data-rw-type`, saves it at once (drafts
 * too, through character-store.js) and asks for a fresh check, debounced and
 * latest-wins like widgets.js.
 */

import { EngineError, callEngine, events, runtimeState, startPython } from "../runtime/worker-client.js";
import { SHARE_PREFIX, decodeShare, newId, openStore, usableId } from "./character-store.js";
import { collectDocument } from "./character-form.js";
import { askMerge, markInvalid, parts, showHTML } from "./builder-parts.js";
import { builderActions } from "./builder-actions.js";
import { readLimits } from "./document-limits.js";
import { showStoreNote, showUnopened } from "./store-offers.js";
import { pageRoster, showLoading } from "./roster-pages.js";

const DEBOUNCE_MS = 200;

/**
 * Bring the builder to life (once).
 * @param {HTMLElement} root `[data-rw-builder]`
 * @param {import("../runtime/worker-client.js").RuntimeConfig|null} config
 * @param {string} [configError]
 */
export function mountBuilder(root, config, configError) {
  if (root.hasAttribute("data-rw-mounted")) return;
  root.setAttribute("data-rw-mounted", "");
  const ui = parts(root);
  const system = root.dataset.rwBuilder || "";
  /** @param {string} operation one of the contract's: new, check, editor, sheet, picker */
  const contract = (operation) => `${system}.character.${operation}`;
  const limits = readLimits(root);
  let store;
  try {
    store = openStore(system, limits);
  } catch (error) {
    ui.status.textContent = `The builder is unavailable: ${error.message}.`;
    return;
  }
  /** @type {{doc: any, stored: boolean, shared: boolean, unsaved: string|null, formStale: boolean, asking: boolean}} */
  // stored: on the roster (saved, or kept in this tab's memory when nothing can be saved); unsaved: why the
  // last save failed; formStale: the form shows another document than `doc` (the page's first render of a
  // new character, or the one shown before), so nothing is read back from it; asking: the player is asked
  // which tab's edit wins, and nothing is saved until they answer
  const current = { doc: null, stored: false, shared: false, unsaved: null, formStale: true, asking: false };
  let checkSequence = 0;
  let timer = 0;
  let lastName = null;
  let heldMessage = false; // an import failure stays on the status line until the player's next action

  const setStatus = (state, message) => {
    root.dataset.rwState = state;
    if (ui.status.textContent !== message) ui.status.textContent = message; // no repeat announcements
    ui.status.classList.remove("rw-status--loading", "rw-status--ready", "rw-status--busy", "rw-status--error");
    ui.status.classList.add(`rw-status--${state === "failed" ? "error" : state}`);
  };
  /** The notice: `message`, then the store's own note and choices (store-offers.js). */
  const notify = (message) => showStoreNote(noteHost, message || "");
  const failed = (error) => (error instanceof EngineError ? error.message : String(error?.message || error));
  const form = () => /** @type {HTMLFormElement|null} */ (ui.editor.querySelector("form[data-rw-editor]"));
  /** The page came with a new character's roster entry, editor, report and sheet (inert): usable once Python is up. */
  const regions = [ui.roster, ui.editor, ui.report, ui.sheet];
  const unavailable = (why) => {
    setStatus("failed", `The builder is unavailable: ${why}.`);
    root.removeAttribute("data-rw-loading");
    ui.roster.removeAttribute("aria-busy");
    for (const region of regions.filter((r) => r.inert)) { // never live: no form that cannot be used
      region.replaceChildren();
      region.removeAttribute("data-rw-html");
    }
  };

  if (!config) {
    unavailable(configError || "the page has no Rollwright runtime config");
    return;
  }
  const noteHost = { ui, store, system, setStatus, hold: () => { heldMessage = true; }, refresh: async () => {} };
  notify("");

  /** Read the form into the current document (nothing typed is dropped). */
  const collect = () => {
    const f = form();
    if (f && current.doc && !current.formStale) current.doc = collectDocument(f, current.doc);
    return current.doc;
  };

  /** The status line's start: whether the open character is really saved. */
  const savedLabel = () => (current.asking ? "Not saved yet: first answer which tab's changes to keep"
    : current.unsaved ? `NOT saved: ${current.unsaved}. Use “Export file” to keep a copy`
      : current.stored ? "Saved" : "Not saved yet");

  /** The tab closes while its edit conflicts with another tab's: keep the edit as a character of its own. */
  const keepClosingEdit = () => {
    const name = `${current.doc.name || "Unnamed character"} (kept from a closed tab)`;
    store.add({ ...structuredClone(current.doc), id: newId(), name });
    return false;
  };


  /**
   * Save the current document as a draft; the first edit of an unsaved one adds it. Another
   * tab's changes are merged in (asking when both changed one field); returns whether the
   * form must show the merged document.
   */
  const save = async ({ ask = true } = {}) => {
    if (!current.doc) return false;
    let result = store.put(current.doc);
    if (!result.ok && result.conflicts.length) {
      if (!ask) return keepClosingEdit(); // a closing tab cannot ask: the other tab's work stays, and so does this
      current.asking = true;
      setStatus("ready", `${savedLabel()}.`);
      let choice;
      try {
        choice = await askMerge(ui, current.doc?.name, result.conflicts);
      } finally {
        current.asking = false;
      }
      result = store.put(collect(), { resolve: choice });
    }
    const merged = JSON.stringify(result.doc) !== JSON.stringify(current.doc);
    const listed = store.has(current.doc.id);
    if (result.ok || listed) current.doc = result.doc;
    const wasUnsaved = current.unsaved;
    current.unsaved = result.ok ? null : result.why || "the browser refused to save";
    if (listed !== current.stored || (listed && current.shared) || wasUnsaved !== current.unsaved) {
      current.stored = listed;
      if (listed) {
        current.shared = false;
        ui.shared.hidden = true;
      }
      renderRoster();
    }
    if (!result.ok) {
      setStatus("error", `${savedLabel()}.`);
      heldMessage = true;
    }
    return merged;
  };

  const renderRoster = async () => {
    const entries = store.list();
    if (current.doc && !store.has(current.doc.id)) {
      entries.push({ id: current.doc.id, name: current.doc.name || "", note: current.shared ? "shared, not saved" : "not saved" });
    }
    const focused = document.activeElement?.id;
    const shownName = current.doc?.name ?? null; // the name these entries show, whatever is typed meanwhile
    const shown = pageRoster(ui.roster, entries, current.doc?.id || "", store.most, renderRoster);
    try {
      const answer = await callEngine(config, "character.roster", { characters: shown, active: current.doc?.id || "" });
      showHTML(ui.roster, answer.html);
      ui.roster.removeAttribute("aria-busy"); // the store is read: the list is the real one now
      if (focused && !document.activeElement?.id) document.getElementById(focused)?.focus();
      lastName = shownName;
    } catch (error) {
      setStatus("error", failed(error));
    }
  };



  /** Check the current document and show the report and sheet (latest wins). */
  const check = async () => {
    const mine = ++checkSequence;
    const doc = current.doc;
    ui.report.setAttribute("aria-busy", "true");
    try {
      const answer = await callEngine(config, contract("check"), { character: doc });
      if (mine !== checkSequence) return;
      showHTML(ui.report, answer.html.report);
      showHTML(ui.sheet, answer.html.sheet);
      markInvalid(form(), answer.messages || []);
      const errors = (answer.messages || []).filter((m) => m.severity === "error").length;
      ui.report.setAttribute("data-rw-valid", String(Boolean(answer.valid)));
      ui.report.setAttribute("data-rw-errors", String(errors));
      for (const pool of answer.spending?.pools || []) {
        ui.report.setAttribute(`data-rw-${pool.pool.toLowerCase()}-spent`, String(pool.spent));
        ui.report.setAttribute(`data-rw-${pool.pool.toLowerCase()}-left`, String(pool.left));
      }
      ui.report.setAttribute("data-rw-checked", String(mine));
      const saved = savedLabel();
      if (!heldMessage) setStatus(current.unsaved ? "error" : "ready", answer.valid ? `${saved}. The character follows the rules.`
        : `${saved} as a draft. ${errors} ${errors === 1 ? "problem" : "problems"} to fix (see the report).`);
      if ((current.doc?.name ?? null) !== lastName) renderRoster();
    } catch (error) {
      if (mine !== checkSequence) return;
      setStatus("error", failed(error)); // the previous report stays; the draft is saved anyway
    } finally {
      if (mine === checkSequence) ui.report.removeAttribute("aria-busy");
    }
  };

  const later = () => { clearTimeout(timer); timer = setTimeout(check, DEBOUNCE_MS); };

  /**
   * Re-render the editor (after an optional add/remove/method change) and put the focus back.
   * If the player typed while the engine answered, the answer is redone from what they typed.
   */
  const renderEditor = async (action = "render", path = "", value = "") => {
    const focused = document.activeElement?.id;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const sent = JSON.stringify(collect());
      const answer = await callEngine(config, contract("editor"), { character: current.doc, action, path, value });
      if (JSON.stringify(collect()) !== sent) continue;
      current.doc = answer.character;
      showHTML(ui.editor, answer.html);
      current.formStale = false;
      const target = document.getElementById(answer.focus || focused || "");
      if (target && ui.editor.contains(target)) target.focus();
      return;
    }
  };

  /** Show the document a merge with another tab's changes gave (the form is not read back first). */
  const showMerged = async () => {
    const focused = document.activeElement?.id;
    current.formStale = true;
    await renderEditor();
    if (focused) document.getElementById(focused)?.focus();
  };

  /** Show a document (saved or not: `unsaved` says why not) in the editor, report and roster. */
  const show = async (doc, { stored, shared = false, focus = null, unsaved = null }) => {
    Object.assign(current, { doc, stored, shared, unsaved });
    root.removeAttribute("data-rw-loading");
    ui.shared.hidden = !shared;
    ui.shareBox.hidden = true;
    current.formStale = true;
    await renderEditor();
    for (const region of regions) region.inert = false;
    await Promise.all([renderRoster(), check()]);
    if (focus) document.getElementById(focus)?.focus();
  };

  const fresh = async () => {
    const answer = await callEngine(config, contract("new"), {});
    return { ...answer.character, id: newId() };
  };

  const edited = async (event) => {
    // What is typed is no longer the HTML the form was rendered from: its next render is never skipped.
    ui.editor.removeAttribute("data-rw-html");
    if (!(event.target instanceof Element) || !event.target.hasAttribute("data-rw-path")) return;
    heldMessage = false;
    collect();
    if (await save()) await showMerged();
    later();
  };

  const changed = async (event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    const how = target?.dataset?.rwOnChange;
    if (!how) return;
    try {
      await renderEditor(how, "", how === "set-method" ? /** @type {HTMLSelectElement} */ (target).value : "");
      if (await save()) await showMerged();
      later();
    } catch (error) {
      setStatus("error", failed(error));
    }
  };

  const act = async (button) => {
    heldMessage = false;
    try {
      await renderEditor(button.dataset.rwAction, button.dataset.rwTarget);
      if (await save()) await showMerged();
      later();
    } catch (error) {
      setStatus("error", failed(error));
    }
  };

  /** What the page needs of this builder, for the commands, the importer and other tabs' changes. */
  const builder = {
    root, ui, store, config, system, limits, current, contract, failed, collect, save, check, show, showMerged,
    fresh, setStatus, notify, renderEditor, renderRoster,
    hold: () => { heldMessage = true; }, release: () => { heldMessage = false; },
  };
  const { commands, importFile, fromOtherTab } = builderActions(builder);
  /** After the player chose what to do with unreadable text or a backup: save the open character again. */
  noteHost.refresh = async () => {
    if (!current.doc) return;
    if (current.stored || current.unsaved) await save();
    await Promise.all([renderRoster(), check()]);
  };

  const wire = () => {
    ui.editor.addEventListener("input", edited);
    ui.editor.addEventListener("change", (event) => { edited(event); changed(event); });
    ui.editor.addEventListener("submit", (event) => { event.preventDefault(); collect(); save(); check(); });
    ui.editor.addEventListener("click", (event) => {
      const button = event.target instanceof Element ? event.target.closest("button[data-rw-action]") : null;
      if (button) act(button);
    });
    ui.roster.addEventListener("click", async (event) => {
      const pick = event.target instanceof Element ? event.target.closest("[data-rw-pick]") : null;
      if (!pick) return;
      const id = pick.getAttribute("data-rw-pick");
      if (id === current.doc?.id) return;
      collect();
      const doc = store.get(id);
      if (!doc) return;
      heldMessage = false;
      store.setActive(id);
      await show(doc, { stored: true, focus: `rw-pick-${id}` });
    });
    root.addEventListener("click", async (event) => {
      const button = event.target instanceof Element ? event.target.closest("[data-rw-do]") : null;
      if (!button) return;
      heldMessage = false;
      try {
        await commands[button.getAttribute("data-rw-do")](button);
      } catch (error) {
        setStatus("error", failed(error));
      }
    });
    ui.importer.addEventListener("change", importFile);
    for (const dialog of [ui.confirm, ui.merge]) { // the site's own keys (n: next page, s: search) wait
      dialog.addEventListener("keydown", (event) => event.stopPropagation());
    }
    window.addEventListener("pagehide", () => {
      if (root.isConnected && current.stored && !store.inMemory) { collect(); save({ ask: false }); }
    });
    window.addEventListener("storage", (event) => {
      if (root.isConnected && (event.key === store.key || event.key === null)) fromOtherTab();
    });
  };

  /** A character the builder cannot open: why, and a download of it (store-offers.js). */
  const offerUnopened = (doc, why, which) => showUnopened(noteHost, doc, why, which);

  const start = async () => {
    setStatus("loading", "Starting Python…");
    try {
      await startPython(config);
    } catch (error) {
      unavailable(failed(error));
      return;
    }
    setStatus("busy", "Python is ready; opening the character…"); // no longer "Starting Python" while it reads
    wire();
    let opened = false;
    let shared = null;
    try {
      shared = decodeShare(location.hash, limits);
      if (shared) {
        const answer = await callEngine(config, contract("check"), { character: shared });
        const id = usableId(shared.id) && !store.has(shared.id) ? shared.id : newId();
        await show({ ...answer.character, id }, { stored: false, shared: true });
        opened = true;
      }
    } catch (error) {
      if (shared) offerUnopened(shared, failed(error), "shared");
      else notify(failed(error));
    }
    try {
      if (!opened) {
        const saved = store.active() || (store.list()[0] && store.get(store.list()[0].id));
        try {
          await show(saved || (await fresh()), { stored: Boolean(saved) }); // the notice says if nothing can be saved
        } catch (error) {
          if (!saved || !(error instanceof EngineError) || error.kind !== "limit") throw error;
          offerUnopened(saved, failed(error), "saved"); // over a cap: refused at every visit, so set aside
          await show(await fresh(), { stored: false });
        }
      }
      ui.tools.disabled = false;
    } catch (error) {
      setStatus("error", failed(error));
    }
  };

  events.addEventListener("statechange", () => {
    const { state, error } = runtimeState();
    if (state === "failed" && root.isConnected) unavailable(error);
  });
  const saved = store.list().length;
  if (saved && !location.hash.startsWith(SHARE_PREFIX)) showLoading(root, ui.roster, saved);
  start();
}
