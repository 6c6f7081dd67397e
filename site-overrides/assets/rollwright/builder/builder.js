/**
 * The character builder page of any system: roster, editor, live report, sheet.
 *
 * The page (docs/<system>/builder.md) holds the static shell and names its
 * system in `data-rw-builder="<system>"`; the engine renders everything else
 * through the builder contract (engine/kit/characters.py): the editor form
 * (`<system>.character.editor`), the report and the sheet (`<system>.character.check`),
 * a blank character (`<system>.character.new`) and the roster (`character.roster`).
 * This module never builds markup: it sets text, attribute values and the
 * innerHTML of engine-rendered HTML. It collects the document back from the form
 * through each control's `data-rw-path`/`data-rw-type`, saves it at once (drafts
 * too, through character-store.js) and asks for a fresh check, debounced and
 * latest-wins like widgets.js.
 */

import { EngineError, callEngine, events, runtimeState, startPython } from "../runtime/worker-client.js";
import { decodeShare, encodeShare, exportCharacter, newId, openStore, readCharacterFile, usableId } from "./character-store.js";
import { collectDocument } from "./character-form.js";
import { ask, askMerge, fixLinks, markInvalid, parts, saveImported } from "./builder-parts.js";
import { readLimits } from "./document-limits.js";

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
  /** @type {{doc: any, stored: boolean, shared: boolean, unsaved: string|null}} */
  const current = { doc: null, stored: false, shared: false, unsaved: null }; // unsaved: why the last save failed
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
  const notify = (message) => {
    ui.notice.textContent = message || "";
    ui.notice.hidden = !message;
  };
  const failed = (error) => (error instanceof EngineError ? error.message : String(error?.message || error));
  const form = () => /** @type {HTMLFormElement|null} */ (ui.editor.querySelector("form[data-rw-editor]"));

  if (!config) {
    setStatus("failed", `The builder is unavailable: ${configError || "the page has no Rollwright runtime config"}.`);
    return;
  }
  if (store.problem) notify(store.problem);

  /** Read the form into the current document (nothing typed is dropped). */
  const collect = () => {
    const f = form();
    if (f && current.doc) current.doc = collectDocument(f, current.doc);
    return current.doc;
  };

  /** The status line's start: whether the open character is really saved. */
  const savedLabel = () => (current.unsaved ? `NOT saved: ${current.unsaved}. Use “Export file” to keep a copy`
    : current.stored ? "Saved" : "Not saved yet");


  /**
   * Save the current document as a draft; the first edit of an unsaved one adds it. Another
   * tab's changes are merged in (asking when both changed one field); returns whether the
   * form must show the merged document.
   */
  const save = async ({ ask = true } = {}) => {
    if (!current.doc) return false;
    let result = store.put(current.doc);
    if (!result.ok && result.conflicts.length) {
      if (!ask) return false; // a closing tab cannot ask: the other tab's newer work stays as it is
      result = store.put(collect(), { resolve: await askMerge(ui, current.doc?.name, result.conflicts) });
    }
    const merged = JSON.stringify(result.doc) !== JSON.stringify(current.doc);
    if (result.ok) {
      current.doc = result.doc;
      current.unsaved = null;
      if (!current.stored || current.shared) {
        current.stored = true;
        current.shared = false;
        ui.shared.hidden = true;
        renderRoster();
      }
    } else {
      current.unsaved = store.problem || "the browser refused to save";
      setStatus("error", `${savedLabel()}.`);
      heldMessage = true;
    }
    if (store.problem && !current.unsaved) notify(store.problem);
    return merged;
  };

  const renderRoster = async () => {
    const entries = store.list();
    if (current.doc && !current.stored) {
      entries.push({ id: current.doc.id, name: current.doc.name || "", note: current.shared ? "shared, not saved" : "not saved" });
    }
    const focused = document.activeElement?.id;
    try {
      const answer = await callEngine(config, "character.roster",
        { characters: entries, active: current.doc?.id || "" });
      ui.roster.innerHTML = answer.html; // engine-rendered, escaped
      if (focused && !document.activeElement?.id) document.getElementById(focused)?.focus();
      lastName = current.doc?.name ?? null;
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
      ui.report.innerHTML = answer.html.report;
      ui.sheet.innerHTML = answer.html.sheet;
      fixLinks(ui.report);
      fixLinks(ui.sheet);
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
      ui.editor.innerHTML = answer.html; // engine-rendered, escaped
      const target = document.getElementById(answer.focus || focused || "");
      if (target && ui.editor.contains(target)) target.focus();
      return;
    }
  };

  /** Show the document a merge with another tab's changes gave (the form is not read back first). */
  const showMerged = async () => {
    const focused = document.activeElement?.id;
    ui.editor.innerHTML = "";
    await renderEditor();
    if (focused) document.getElementById(focused)?.focus();
  };

  /** Show a document (saved or not) in the editor, report and roster. */
  const show = async (doc, { stored, shared = false, focus = null }) => {
    Object.assign(current, { doc, stored, shared });
    ui.shared.hidden = !shared;
    ui.shareBox.hidden = true;
    ui.editor.innerHTML = "";
    await renderEditor();
    await Promise.all([renderRoster(), check()]);
    if (focus) document.getElementById(focus)?.focus();
  };

  const fresh = async () => {
    const answer = await callEngine(config, contract("new"), {});
    return { ...answer.character, id: newId() };
  };

  const edited = async (event) => {
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

  const confirmDelete = async (name) => (await ask(ui,
    `Delete “${name || "Unnamed character"}”? This cannot be undone (export it first to keep a copy).`,
    ["delete", "Delete"], ["cancel", "Keep it"])) === "delete";

  const commands = {
    async new() {
      collect();
      const { ok, doc } = store.add(await fresh());
      await show(doc, { stored: ok, focus: "rw-c-name" });
    },
    /** Open a ready-made example (`[data-rw-examples]`, rendered by the engine) as a new saved character. */
    async example(button) {
      const data = root.querySelector("script[data-rw-examples]");
      const examples = JSON.parse(data?.textContent || "[]");
      const chosen = examples[Number(button?.getAttribute("data-rw-example"))];
      if (!chosen) return;
      collect();
      const answer = await callEngine(config, contract("check"), { character: chosen });
      const { ok, doc: saved } = store.add({ ...answer.character, id: newId() });
      await show(saved, { stored: ok, focus: "rw-c-name" });
      setStatus("ready", `Opened the example “${saved.name}” as a character of your own: change anything.`);
      heldMessage = true;
    },
    async duplicate() {
      const copy = { ...structuredClone(collect()), id: newId() };
      copy.name = `${copy.name || "Unnamed character"} (copy)`;
      const { ok, doc } = store.add(copy);
      await show(doc, { stored: ok, focus: "rw-c-name" });
    },
    async delete() {
      const doc = collect();
      if (!(await confirmDelete(doc.name))) { ui.tools.querySelector("[data-rw-do='delete']").focus(); return; }
      if (current.stored) store.remove(doc.id);
      const next = store.active();
      await show(next || (await fresh()), { stored: Boolean(next) });
      setStatus("ready", `Deleted “${doc.name || "Unnamed character"}”.`);
      ui.tools.querySelector("[data-rw-do='new']").focus();
    },
    async export() {
      const file = exportCharacter(collect(), system);
      setStatus("ready", `Exported as ${file}.`);
    },
    async share() {
      const link = new URL(location.pathname + location.search + encodeShare(collect()), location.href).href;
      ui.shareLink.value = link;
      ui.shareBox.hidden = false;
      ui.shareLink.focus();
      ui.shareLink.select();
      let copied = false;
      try { await navigator.clipboard.writeText(link); copied = true; } catch { /* the box shows it */ }
      setStatus("ready", copied ? "Share link copied; it is also in the box below." : "Share link ready in the box below.");
    },
    async print() {
      collect();
      await check();
      window.print();
    },
    async "save-shared"() {
      const { ok, doc: saved } = store.add(collect());
      if (!ok) throw new Error(`NOT saved: ${store.problem}. Use “Export file” to keep a copy`);
      Object.assign(current, { doc: saved, stored: true, shared: false, unsaved: null });
      ui.shared.hidden = true;
      history.replaceState(history.state, "", location.pathname + location.search);
      await renderEditor();
      await Promise.all([renderRoster(), check()]);
      setStatus("ready", `Saved “${saved.name || "Unnamed character"}” to your characters.`);
    },
  };


  const importFile = async () => {
    const file = ui.importer.files?.[0];
    if (!file) return;
    heldMessage = false;
    try {
      const data = await readCharacterFile(file, limits);
      let answer;
      try {
        answer = await callEngine(config, contract("check"), { character: data });
      } catch (error) {
        throw new Error(`“${file.name}” is not a character this builder can read: ${failed(error)}`);
      }
      collect();
      const incoming = { ...answer.character, id: typeof data.id === "string" ? data.id : newId() };
      const name = incoming.name || "Unnamed character";
      const placed = await saveImported(store, ui, incoming);
      if (!placed) {
        setStatus("ready", "Nothing was imported; your saved characters are unchanged.");
        heldMessage = true;
        return;
      }
      const { ok, doc: saved, how } = placed;
      if (!ok) throw new Error(`NOT saved: ${store.problem}. Export the file's character again later`);
      await show(saved, { stored: true });
      const migrated = answer.migrated_from ? ` (updated from version ${answer.migrated_from})` : "";
      notify("");
      const verdict = answer.valid ? "" : " It breaks rules of the game: the report below lists what to fix.";
      setStatus(answer.valid ? "ready" : "error", `Imported “${saved.name || name}”${migrated} ${how}.${verdict}`);
      heldMessage = true;
    } catch (error) {
      const message = `${failed(error)} Nothing was imported; your saved characters are unchanged.`;
      notify(message);
      setStatus("error", message);
      heldMessage = true;
    } finally {
      ui.importer.value = "";
    }
  };

  /** Another tab changed the saved characters: show its changes here (merged with this tab's). */
  const fromOtherTab = async () => {
    store.reload();
    if (store.problem) notify(store.problem);
    if (current.stored && current.doc && !store.has(current.doc.id)) {
      current.stored = false;
      setStatus("ready", `“${current.doc.name || "Unnamed character"}” was deleted in another tab. It stays open here; `
        + "edit it to save it again, or open another character.");
      heldMessage = true;
    } else if (current.stored && current.doc && !current.unsaved) {
      // Every edit here is saved at once, so there is nothing of this tab's to merge: show
      // theirs, and write nothing (two tabs answering each other's writes would never stop).
      if (store.changedElsewhere(current.doc.id)) {
        current.doc = store.get(current.doc.id);
        await showMerged();
        await check();
        setStatus("ready", "Updated with the changes made in another tab.");
        heldMessage = true; // until the player's next action
      }
    } else if (current.stored && current.doc) {
      if (await save()) await showMerged(); // this tab's unsaved work, merged with theirs
    }
    await renderRoster();
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
    window.addEventListener("pagehide", () => { if (root.isConnected && current.stored) { collect(); save({ ask: false }); } });
    window.addEventListener("storage", (event) => {
      if (root.isConnected && (event.key === store.key || event.key === null)) fromOtherTab();
    });
  };

  const start = async () => {
    setStatus("loading", "Starting Python…");
    try {
      await startPython(config);
    } catch (error) {
      setStatus("failed", `The builder is unavailable: ${failed(error)}.`);
      return;
    }
    wire();
    let opened = false;
    try {
      const shared = decodeShare(location.hash, limits);
      if (shared) {
        const answer = await callEngine(config, contract("check"), { character: shared });
        const id = usableId(shared.id) && !store.has(shared.id) ? shared.id : newId();
        await show({ ...answer.character, id }, { stored: false, shared: true });
        opened = true;
      }
    } catch (error) {
      notify(failed(error));
    }
    try {
      if (!opened) {
        const saved = store.active() || (store.list()[0] && store.get(store.list()[0].id));
        await show(saved || (await fresh()), { stored: Boolean(saved) });
      }
      ui.tools.disabled = false;
    } catch (error) {
      setStatus("error", failed(error));
    }
  };

  events.addEventListener("statechange", () => {
    const { state, error } = runtimeState();
    if (state === "failed" && root.isConnected) setStatus("failed", `The builder is unavailable: ${error}.`);
  });
  start();
}
