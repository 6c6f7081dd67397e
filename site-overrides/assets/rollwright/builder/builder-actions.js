/**
 * What the builder's buttons do (`[data-rw-do]`: new, example, duplicate, delete, export, share,
 * print, save-shared), what an imported file does, and how another tab's changes reach this one.
 *
 * builder.js owns the page's state (the open document, saving, checking, rendering) and hands
 * it over as one object; nothing here keeps state of its own.
 */

import { callEngine } from "../runtime/worker-client.js";
import { encodeShare, exportCharacter, newId, readCharacterFile } from "./character-store.js";
import { ask, saveImported } from "./builder-parts.js";

/**
 * @typedef {object} Builder the open builder (builder.js `mountBuilder`)
 * @property {HTMLElement} root
 * @property {ReturnType<typeof import("./builder-parts.js").parts>} ui
 * @property {any} store the system's character store (character-store.js)
 * @property {import("../runtime/worker-client.js").RuntimeConfig} config
 * @property {string} system
 * @property {any} limits
 * @property {{doc: any, stored: boolean, shared: boolean, unsaved: string|null}} current
 * @property {(operation: string) => string} contract the builder contract's call name for an operation
 * @property {(error: unknown) => string} failed a message for the status line
 * @property {() => any} collect read the form into the current document
 * @property {(options?: {ask?: boolean}) => Promise<boolean>} save
 * @property {() => Promise<void>} check
 * @property {(doc: any, how: {stored: boolean, shared?: boolean, focus?: string|null}) => Promise<void>} show
 * @property {() => Promise<void>} showMerged
 * @property {() => Promise<any>} fresh a blank character
 * @property {(state: string, message: string) => void} setStatus
 * @property {(message: string) => void} notify
 * @property {(action?: string, path?: string, value?: string) => Promise<void>} renderEditor
 * @property {() => Promise<void>} renderRoster
 * @property {() => void} hold keep the status line's message until the player's next action
 * @property {() => void} release let the next check's message replace it
 */

/**
 * @param {Builder} builder
 */
export function builderActions(builder) {
  const { root, ui, store, config, system, limits, current, contract, failed, collect, check, show,
    showMerged, fresh, setStatus, notify, renderEditor, renderRoster, save, hold, release } = builder;

  const confirmDelete = async (name) => (await ask(ui,
    `Delete “${name || "Unnamed character"}”? This cannot be undone (export it first to keep a copy).`,
    ["delete", "Delete"], ["cancel", "Keep it"])) === "delete";

  /**
   * Open a character just added (or refused): the roster and the status say whether it was saved.
   * @param {{ok: boolean, doc: any, why: string|null}} added store.add's answer
   */
  const openAdded = ({ ok, doc, why }) => show(doc, { stored: store.has(doc.id), unsaved: ok ? null : why, focus: "rw-c-name" });

  const commands = {
    async new() {
      collect();
      await openAdded(store.add(await fresh()));
    },
    /** Open a ready-made example (`[data-rw-examples]`, rendered by the engine) as a new saved character. */
    async example(button) {
      const data = root.querySelector("script[data-rw-examples]");
      const examples = JSON.parse(data?.textContent || "[]");
      const chosen = examples[Number(button?.getAttribute("data-rw-example"))];
      if (!chosen) return;
      collect();
      const answer = await callEngine(config, contract("check"), { character: chosen });
      const added = store.add({ ...answer.character, id: newId() });
      await openAdded(added);
      if (added.ok) setStatus("ready", `Opened the example “${added.doc.name}” as a character of your own: change anything.`);
      else setStatus("error", `Opened the example “${added.doc.name}”, NOT saved: ${added.why}. Use “Export file” to keep a copy.`);
      hold();
    },
    async duplicate() {
      const copy = { ...structuredClone(collect()), id: newId() };
      copy.name = `${copy.name || "Unnamed character"} (copy)`;
      await openAdded(store.add(copy));
    },
    async delete() {
      const doc = collect();
      if (!(await confirmDelete(doc.name))) { ui.tools.querySelector("[data-rw-do='delete']").focus(); return; }
      if (current.stored && !store.remove(doc.id) && !store.inMemory) {
        setStatus("error", `“${doc.name || "Unnamed character"}” was NOT deleted: ${store.lastError}.`);
        hold();
        return;
      }
      const next = store.active();
      await show(next || (await fresh()), { stored: Boolean(next), unsaved: next && !store.isSaved(next.id) ? store.lastError : null });
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
      const { ok, doc: saved, why } = store.add(collect());
      if (!ok) {
        if (store.has(saved.id)) await openAdded({ ok, doc: saved, why });
        throw new Error(`NOT saved: ${why}. Use “Export file” to keep a copy`);
      }
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
    release();
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
        hold();
        return;
      }
      const { ok, doc: saved, how, why } = placed;
      if (!ok && !store.has(saved.id)) throw new Error(`NOT saved: ${why}`);
      await show(saved, { stored: true, unsaved: ok ? null : why });
      if (!ok) {
        setStatus("error", `Opened “${saved.name || name}” from the file in this tab only, NOT saved: ${why}.`);
        hold();
        return;
      }
      const migrated = answer.migrated_from ? ` (updated from version ${answer.migrated_from})` : "";
      notify("");
      const verdict = answer.valid ? "" : " It breaks rules of the game: the report below lists what to fix.";
      setStatus(answer.valid ? "ready" : "error", `Imported “${saved.name || name}”${migrated} ${how}.${verdict}`);
      hold();
    } catch (error) {
      const why = failed(error).trim();
      const message = `${/[.!?]$/.test(why) ? why : `${why}.`} Nothing was imported; your saved characters are unchanged.`;
      notify(message);
      setStatus("error", message);
      hold();
    } finally {
      ui.importer.value = "";
    }
  };

  /** Another tab changed the saved characters: show its changes here (merged with this tab's). */
  const fromOtherTab = async () => {
    const wasBlocked = store.blocked;
    store.reload();
    if (store.blocked !== wasBlocked) notify("");
    if (store.blocked && current.doc) { // another tab (or a newer version) wrote what this one cannot read
      if (current.unsaved !== store.blocked.short) {
        current.unsaved = store.blocked.short;
        setStatus("error", `NOT saved: ${current.unsaved}. Use “Export file” to keep a copy.`);
        hold();
      }
    } else if (wasBlocked && current.doc) { // readable again: what this tab kept in memory was saved
      if (current.stored || current.unsaved) await save();
    } else if (current.stored && current.doc && !store.has(current.doc.id)) {
      current.stored = false;
      setStatus("ready", `“${current.doc.name || "Unnamed character"}” was deleted in another tab. It stays open here; `
        + "edit it to save it again, or open another character.");
      hold();
    } else if (current.stored && current.doc && !current.unsaved) {
      // Every edit here is saved at once, so there is nothing of this tab's to merge: show
      // theirs, and write nothing (two tabs answering each other's writes would never stop).
      if (store.changedElsewhere(current.doc.id)) {
        current.doc = store.get(current.doc.id);
        await showMerged();
        await check();
        setStatus("ready", "Updated with the changes made in another tab.");
        hold(); // until the player's next action
      }
    } else if (current.stored && current.doc) {
      if (await save()) await showMerged(); // this tab's unsaved work, merged with theirs
    }
    await renderRoster();
  };

  return { commands, importFile, fromOtherTab };
}
