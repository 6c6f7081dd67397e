/**
 * The builder's note about saved characters it must not write over, with what the player can do:
 * - saved text this page cannot read: export it; unless a newer version wrote it, start a new
 *   list (the text is first kept aside under a backup key);
 * - a backup in this browser's storage: restore the characters in it that the roster lacks,
 *   export it, or delete it (asked first).
 *
 * - a character the builder cannot open (a share link's, or the saved active one, over a cap):
 *   why, and a download of it (`showUnopened`).
 *
 * The note is the builder's notice (`[data-rw-notice]`): a sentence, then one button per choice
 * (made here with textContent, never from markup), reachable by Tab.
 *
 *   showStoreNote(builder, "")   // the note for the store's state, after `message` (may be empty)
 */

import { downloadText } from "./character-backups.js";
import { exportCharacter } from "./character-files.js";
import { ask } from "./builder-parts.js";

const plural = (n, one, many) => `${n.toLocaleString("en")} ${n === 1 ? one : many}`;

/**
 * @typedef {{ui: any, store: import("./character-store.js").CharacterStore, system: string,
 *   setStatus: (state: string, message: string) => void, hold: () => void,
 *   refresh: () => Promise<void>}} NoteHost the builder, as this note needs it
 */

/**
 * A button for the note.
 * @param {string} label
 * @param {string} id
 * @param {() => Promise<void>|void} run
 */
function button(label, id, run) {
  const element = document.createElement("button");
  element.type = "button";
  element.className = "md-button rw-builder__notice-action";
  element.id = id;
  element.textContent = label;
  element.addEventListener("click", () => { run(); });
  return element;
}

/**
 * The choices for the store's state, and a sentence about its backups.
 * @param {NoteHost} host
 * @returns {{text: string, actions: HTMLButtonElement[]}}
 */
function choices(host) {
  const { store, system } = host;
  const actions = [];
  let text = "";
  const again = () => showStoreNote(host, "");
  if (store.blocked) {
    const blocked = store.blocked;
    actions.push(button("Export the saved text", "rw-builder-export-store", () => {
      downloadText(blocked.raw, `saved-characters.${system}.json`);
      host.setStatus("ready", "The saved text this page cannot read was offered as a download; it is still saved here too.");
      host.hold();
    }));
    if (!blocked.newer) {
      actions.push(button("Start a new list", "rw-builder-start-afresh", async () => {
        const key = store.startAfresh();
        if (!key) {
          host.setStatus("error", `Nothing changed: ${store.lastError}.`);
          host.hold();
          return;
        }
        again();
        await host.refresh();
        host.setStatus("ready", `Started a new list of characters; the text that could not be read is kept under "${key}".`);
        host.hold();
      }));
    }
  }
  const backups = store.backups();
  backups.forEach((backup, index) => {
    const found = backup.missing.size;
    const which = backups.length > 1 ? `backup ${index + 1}` : "the backup";
    text += ` ${backups.length > 1 ? `Backup ${index + 1}` : "A backup"} of saved characters is kept in this browser's `
      + `storage under "${backup.key}"` + (found ? `, with ${plural(found, "character", "characters")} your list lacks.` : ".");
    if (found && !store.inMemory) {
      const what = `${plural(found, "character", "characters")}${backups.length > 1 ? ` from ${which}` : ""}`;
      actions.push(button(`Restore ${what}`, `rw-builder-restore-${index}`, async () => {
        const added = store.restore(backup.key);
        if (added === null) {
          host.setStatus("error", `Nothing was restored: ${store.lastError}.`);
          host.hold();
          return;
        }
        again();
        await host.refresh();
        host.setStatus("ready", `Restored ${plural(added, "character", "characters")} from the backup.`);
        host.hold();
      }));
    }
    actions.push(button(`Export ${which}`, `rw-builder-export-backup-${index}`, () => {
      downloadText(backup.raw, `${backup.key.replace(/^rollwright\./, "")}.json`);
      host.setStatus("ready", `The backup "${backup.key}" was offered as a download; it is still kept here too.`);
      host.hold();
    }));
    actions.push(button(`Delete ${which}`, `rw-builder-delete-backup-${index}`, async () => {
      const answer = await ask(host.ui, `Delete the backup "${backup.key}"? `
        + (found ? `It holds ${plural(found, "character", "characters")} your list lacks. ` : "")
        + "This cannot be undone (export it first to keep a copy).", ["delete", "Delete it"], ["cancel", "Keep it"]);
      if (answer !== "delete") return;
      store.storage?.removeItem(backup.key);
      again();
      host.setStatus("ready", `Deleted the backup "${backup.key}".`);
      host.hold();
    }));
  });
  return { text, actions };
}

/**
 * Show `message` and the store's own note (its problem, its backups, the choices) in the notice.
 * @param {NoteHost} host
 * @param {string} message
 * @param {HTMLButtonElement[]} [first] choices that go with `message`, before the store's
 */
export function showStoreNote(host, message, first = []) {
  const { ui, store } = host;
  const { text, actions: own } = choices(host);
  const actions = [...first, ...own];
  const sentence = [message, store.problem, text.trim()].filter(Boolean).join(" ");
  const focused = document.activeElement?.id;
  ui.notice.replaceChildren(sentence, ...(actions.length ? [document.createElement("br"), ...actions] : []));
  ui.notice.hidden = !sentence && !actions.length;
  if (focused && !document.activeElement?.id) document.getElementById(focused)?.focus();
}

/**
 * A character the builder cannot open (from a share link, or the saved active one): say why, and
 * offer it as a file, so it is never dropped unsaid.
 * @param {NoteHost} host
 * @param {any} doc
 * @param {string} why the engine's refusal
 * @param {"shared"|"saved"} which
 */
export function showUnopened(host, doc, why, which) {
  const reason = why.replace(/[.\s]+$/, "");
  const kept = which === "shared" ? "It was not saved here" : "It is still saved in this browser, but a new one is shown";
  showStoreNote(host, `The ${which} character could not be opened: ${reason}. ${kept}; `
    + "download it to keep it, fix it or send it on.", [button(`Download the ${which} character`,
    `rw-builder-download-${which}`, () => {
      const name = exportCharacter(doc, host.system);
      host.setStatus("ready", `The ${which} character was offered as a download (${name}).`);
      host.hold();
    })]);
}
