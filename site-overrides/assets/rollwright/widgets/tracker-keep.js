/**
 * Trackers that remember: a widget the engine marks `data-rw-keep` (a game's tracker: its widget says
 * `keep=True`) keeps its state in the browser under a name, per game, across tabs, reloads and
 * visits, in the builders' own store (builder/character-store.js, kind "trackers.<widget key>"): every
 * write reads the store again and merges with what another tab saved since, a field changed on both
 * sides is kept as a copy (nothing is lost), and unreadable text is never written over.
 *
 * A tracker document: {id, name, widget, params: {<control name>: value as the address holds it}, updated}
 * (only the values that differ from the page's own, like the address).
 *
 * - Opened with nothing in the address, the widget shows the tracker this tab last used, else the
 *   active one; the address then follows it, so a copied link still shares it.
 * - Opened from a link whose state differs from the saved tracker, it shows the link and saves
 *   nothing until the reader changes something, which keeps it as a NEW tracker.
 * - Each change the reader makes is saved at once; another tab's change shows here at once.
 * - The panel: choose a saved tracker, rename it, start a new one (or from a saved character, through
 *   the engine's `widget.from-character`), reset it (asks), delete it (asks), export them all.
 * Nothing is written as markup: names go in as text, values into form controls.
 */

import { callEngine } from "../runtime/worker-client.js";
import { DEFAULT_LIMITS } from "../builder/document-limits.js";
import { downloadText } from "./download.js";
import { openStore } from "../builder/character-store.js";
import { formState, setFormState } from "./url-state.js";

const MAX_NAME = 80;

/** @typedef {{recalled: URLSearchParams|null, answered: (byReader: boolean) => void}} Keeper */

/** @returns {Storage|null} */
function tabStorage() {
  try { return window.sessionStorage; } catch { return null; }
}

/**
 * A tracker's saved params as the widget's address state.
 * @param {string} key @param {unknown} params
 */
function asState(key, params) {
  const state = new URLSearchParams();
  if (params && typeof params === "object") {
    for (const [name, value] of Object.entries(params)) state.append(`${key}.${name}`, String(value));
  }
  return state;
}

/**
 * The widget's address state as a tracker's params.
 * @param {string} key @param {URLSearchParams} state
 */
function asParams(key, state) {
  /** @type {Record<string, string>} */
  const params = {};
  for (const [name, value] of state) if (name.startsWith(`${key}.`)) params[name.slice(key.length + 1)] = value;
  return params;
}

/** @param {string} tag @param {string} css @param {string} [text] */
function make(tag, css, text) {
  const node = document.createElement(tag);
  node.className = css;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** @param {string} text */
function button(text) {
  const made = /** @type {HTMLButtonElement} */ (make("button", "md-button rw-keep__button", text));
  made.type = "button";
  return made;
}

/**
 * Keep a tracker widget's state in the browser, and give it its panel.
 * @param {HTMLElement} section `section[data-rw-widget][data-rw-keep]`
 * @param {HTMLFormElement} form
 * @param {string} key the widget's address key
 * @param {import("../runtime/worker-client.js").RuntimeConfig} config
 * @param {(byReader: boolean) => void} answer asks the engine for the form's state
 * @returns {Keeper}
 */
export function keepTracker(section, form, key, config, answer) {
  const system = section.dataset.rwSystem || "site";
  const widget = section.dataset.rwWidget || "";
  const store = openStore(system, DEFAULT_LIMITS, { kind: `trackers.${key}`, one: "tracker", many: "trackers" });
  const tabKey = `rollwright.tracker.${system}.${key}`;
  const tabChoice = tabStorage()?.getItem(tabKey);
  /** @type {string|null} the tracker this tab shows */
  let currentId = tabChoice && store.has(tabChoice) ? tabChoice : store.activeId;
  /** @type {any} the current tracker as this tab last read or wrote it */
  let mine = currentId ? store.get(currentId) : null;
  let detached = false; // the form shows a link's state, not the saved tracker's
  let first = true;
  let pendingName = "";

  // The panel, after the form.
  const panel = make("div", "rw-keep");
  panel.setAttribute("data-rw-keep-panel", "");
  const chooseId = `${section.id}-keep-choose`;
  const nameId = `${section.id}-keep-name`;
  const choose = /** @type {HTMLSelectElement} */ (make("select", "rw-keep__choose"));
  choose.id = chooseId;
  const name = /** @type {HTMLInputElement} */ (make("input", "rw-keep__name"));
  name.id = nameId;
  name.type = "text";
  name.maxLength = MAX_NAME;
  name.autocomplete = "off";
  const label = (/** @type {string} */ text, /** @type {HTMLElement} */ control) => {
    const made = /** @type {HTMLLabelElement} */ (make("label", "rw-field rw-keep__field"));
    made.htmlFor = control.id;
    made.append(make("span", "rw-field__label", text), control);
    return made;
  };
  const fresh = button("New tracker");
  const reset = button("Reset…");
  const remove = button("Delete…");
  const exportAll = button("Export");
  const ask = make("p", "rw-keep__ask");
  ask.hidden = true;
  const status = make("p", "rw-keep__status");
  status.setAttribute("role", "status");
  const rows = [make("div", "rw-keep__row"), make("div", "rw-keep__row")];
  rows[0].append(label("Saved tracker", choose), label("Its name", name));
  rows[1].append(fresh, reset, remove, exportAll);
  panel.append(make("p", "rw-keep__title", "Kept in this browser"), ...rows, ask, status);
  form.after(panel);

  const nextName = () => {
    const taken = new Set(store.list().map((t) => t.name));
    let n = store.list().length + 1;
    while (taken.has(`Tracker ${n}`)) n += 1;
    return `Tracker ${n}`;
  };
  const say = (/** @type {string} */ text) => { status.textContent = store.problem ? `${text} ${store.problem}` : text; };
  const show = () => {
    const listed = store.list();
    const options = listed.map((t) => {
      const option = document.createElement("option");
      option.value = t.id;
      option.textContent = (t.name || "Unnamed tracker") + (t.note ? ` (${t.note})` : "");
      return option;
    });
    if (!currentId || detached) {
      const option = document.createElement("option");
      option.value = "";
      option.textContent = detached ? "From the address (not saved yet)" : "Not saved yet";
      options.unshift(option);
    }
    choose.replaceChildren(...options);
    choose.value = detached ? "" : currentId ?? "";
    choose.disabled = options.length < 2;
    name.value = !detached && mine ? String(mine.name ?? "") : pendingName || nextName();
    reset.disabled = false;
    remove.disabled = !currentId || detached;
    exportAll.disabled = listed.length === 0;
  };
  const remember = () => {
    try {
      if (currentId) tabStorage()?.setItem(tabKey, currentId);
      else tabStorage()?.removeItem(tabKey);
    } catch { /* the tab's choice is a convenience */ }
  };

  /** Save the form into the current tracker (a new one when there is none). */
  const save = () => {
    const params = asParams(key, formState(form, key));
    const updated = new Date().toISOString();
    if (!currentId || detached || !store.has(currentId)) {
      const { ok, doc, why } = store.add({ name: (pendingName || name.value.trim() || nextName()).slice(0, MAX_NAME),
        widget, params, updated });
      currentId = doc.id;
      mine = doc;
      detached = false;
      pendingName = "";
      remember();
      say(ok ? `Saved in this browser as “${doc.name}”: kept across tabs, reloads and visits.` : `Not saved: ${why}.`);
      return;
    }
    let result = store.put({ ...mine, params, updated });
    if (!result.ok && result.conflicts.length && result.conflicts.every((c) => c.path[0] === "updated")) {
      // Another tab saved it since, with the same values: only the time differs, and ours is the newer.
      result = store.put({ ...mine, params, updated }, { resolve: "mine" });
    }
    if (!result.ok && result.conflicts.length) { // both tabs changed the same values: keep ours as a copy
      const copy = store.add({ ...mine, name: `${mine.name} (this tab)`.slice(0, MAX_NAME), params, updated });
      currentId = copy.doc.id;
      mine = copy.doc;
      remember();
      say(`Another tab changed “${result.doc.name}” at the same moment; your changes are kept as “${copy.doc.name}”.`);
      return;
    }
    mine = result.doc;
    if (!result.ok) { say(`Not saved: ${result.why}.`); return; }
    say(`Saved in this browser as “${mine.name}”.`);
    if (result.changedElsewhere && setFormState(form, key, asState(key, mine.params))) answer(false);
  };

  /** @param {string|null} id show this saved tracker (or the page's own values) */
  const open = (id) => {
    currentId = id;
    mine = id ? store.get(id) : null;
    detached = false;
    if (id) store.setActive(id);
    remember();
    if (setFormState(form, key, asState(key, mine?.params))) answer(false);
    show();
    say(mine ? `Showing “${mine.name}”, saved in this browser.` : "Not saved yet: change anything to keep it.");
  };

  /** Ask before a change that loses a state; `yes` runs on the reader's yes. */
  const askFirst = (/** @type {string} */ question, /** @type {string} */ yesText, /** @type {() => void} */ yes,
    /** @type {HTMLButtonElement} */ from) => {
    const ok = button(yesText);
    const no = button("Cancel");
    ask.replaceChildren(question, " ", ok, " ", no);
    ask.hidden = false;
    no.focus();
    const close = () => { ask.hidden = true; ask.replaceChildren(); };
    no.addEventListener("click", () => { close(); from.focus(); });
    ok.addEventListener("click", () => { close(); yes(); (from.disabled ? choose : from).focus(); });
  };

  choose.addEventListener("change", () => open(choose.value || null));
  name.addEventListener("change", () => {
    const text = name.value.trim().slice(0, MAX_NAME);
    if (!text) { show(); return; }
    if (!currentId || detached) { pendingName = text; return; }
    const result = store.put({ ...mine, name: text }, { resolve: "mine" });
    if (result.ok) mine = result.doc;
    show();
    say(result.ok ? `Renamed “${text}”.` : `Not renamed: ${result.why}.`);
  });
  fresh.addEventListener("click", () => {
    currentId = null;
    mine = null;
    detached = false;
    pendingName = nextName();
    setFormState(form, key, new URLSearchParams());
    answer(true);
  });
  reset.addEventListener("click", () => askFirst(
    "Put every value back to this page's own? What this tracker holds now is lost.", "Reset it",
    () => { setFormState(form, key, new URLSearchParams()); answer(true); }, reset));
  remove.addEventListener("click", () => askFirst(
    `Delete “${mine?.name ?? ""}” from this browser?`, "Delete it",
    () => {
      if (currentId && !store.remove(currentId)) { say(`Not deleted: ${store.lastError}.`); return; }
      open(store.list()[0]?.id ?? null);
    }, remove));
  exportAll.addEventListener("click", () => {
    store.reload();
    const trackers = store.list().map((t) => store.get(t.id));
    downloadText(JSON.stringify({ format: "rollwright-trackers", version: 1, system, widget, trackers }, null, 2) + "\n",
      `${system}-${key}-trackers.json`);
  });

  if (section.hasAttribute("data-rw-from-character")) {
    const characters = openStore(system).list().filter((c) => c.name);
    if (characters.length) {
      const pick = /** @type {HTMLSelectElement} */ (make("select", "rw-keep__character"));
      pick.id = `${section.id}-keep-character`;
      for (const c of characters) {
        const option = document.createElement("option");
        option.value = c.id;
        option.textContent = c.name;
        pick.append(option);
      }
      const active = openStore(system).activeId;
      if (active && characters.some((c) => c.id === active)) pick.value = active;
      const start = button("Start from this character");
      const row = make("div", "rw-keep__row");
      row.append(label("Use my character", pick), start);
      rows[1].after(row);
      start.addEventListener("click", async () => {
        const character = openStore(system).get(pick.value);
        if (!character) { say("That character is no longer saved in this browser."); return; }
        try {
          const started = await callEngine(config, "widget.from-character", { widget, character });
          const state = new URLSearchParams();
          for (const [param, value] of Object.entries(started.params)) {
            state.append(`${key}.${param}`, typeof value === "boolean" ? (value ? "1" : "0") : String(value));
          }
          if (form.elements.namedItem("seed") && !("seed" in started.params)) { // dice the tracker rolls: a fresh roll
            state.append(`${key}.seed`, String(crypto.getRandomValues(new Uint32Array(1))[0]));
          }
          currentId = null;
          mine = null;
          detached = false;
          pendingName = started.name;
          setFormState(form, key, state);
          answer(true);
        } catch (error) {
          say(`This character cannot start the tracker: ${error?.message || error}.`);
        }
      });
    }
  }

  window.addEventListener("storage", (event) => {
    if (event.key !== store.key || !section.isConnected) return;
    store.reload();
    if (currentId && !store.has(currentId)) {
      currentId = null;
      mine = null;
      remember();
      show();
      say("Another tab deleted this tracker; change anything to keep it again as a new one.");
      return;
    }
    if (currentId && !detached) {
      const theirs = store.get(currentId);
      const changed = JSON.stringify(theirs?.params) !== JSON.stringify(mine?.params) || theirs?.name !== mine?.name;
      mine = theirs;
      if (changed) {
        if (setFormState(form, key, asState(key, mine?.params))) answer(false);
        say(`Updated from another tab: “${mine?.name}”.`);
      }
    }
    show();
  });

  show();
  say(mine ? `Showing “${mine.name}”, saved in this browser.`
    : "Not saved yet: change anything and it is kept in this browser, across tabs and visits.");
  return {
    recalled: mine ? asState(key, mine.params) : null,
    answered(byReader) {
      if (byReader) {
        save();
      } else if (first && mine && formState(form, key).toString() !== asState(key, mine.params).toString()) {
        detached = true; // opened from a link that differs from the saved tracker
        say(`Shown from the page's address; your saved trackers are unchanged. Change anything to keep this as a `
          + "new tracker, or choose a saved one above.");
      } else if (first) {
        say(mine ? `Saved in this browser as “${mine.name}”: kept across tabs, reloads and visits.`
          : "Not saved yet: change anything and it is kept in this browser, across tabs and visits.");
      }
      first = false;
      show();
    },
  };
}
