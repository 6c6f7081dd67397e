/**
 * The reader's roll log: every roll the site makes in this browser (a roller, the Dice page, an inline
 * roll, a tracker that rolls), newest first, each with the link that shows exactly that roll again
 * (its inputs and seed; the page says it is reproduced, not rolled anew). Kept in this browser only
 * (localStorage, the most recent MOST rolls); shown by the `{{ roll_log() }}` shell
 * (engine/kit/roll_log.py), exported as Markdown or JSON, cleared after asking. Nothing here is sent
 * anywhere, and nothing is written as markup: every text goes in as text.
 *
 *   logRoll({what: "Roll a pool", text: "4k2 rolled 15", seed: 7, total: 15, link: "https://…?rkroll.seed=7…"})
 *   readLog()   // [{at, page, title, what, text, seed, total, link}, …] newest first
 */

import { downloadText } from "./download.js";
import { copyButton } from "./copy-link.js";

export const LOG_KEY = "rollwright.rolls";
const VERSION = 1;
const MOST = 200;
const MAX_TEXT = 500;

/** @typedef {{at: string, page: string, title: string, what: string, text: string, seed: number|null,
 *   total: string, link: string}} LoggedRoll */

/** @returns {Storage|null} */
function storage() {
  try { return window.localStorage; } catch { return null; }
}

/**
 * The rolls kept in this browser, newest first (an unreadable log reads as empty, and is not written over).
 * @returns {LoggedRoll[]}
 */
export function readLog() {
  const raw = storage()?.getItem(LOG_KEY);
  if (!raw) return [];
  try {
    const data = JSON.parse(raw);
    if (data?.version !== VERSION || !Array.isArray(data.rolls)) return [];
    return data.rolls.filter((r) => r && typeof r.text === "string" && typeof r.link === "string").slice(0, MOST);
  } catch {
    return [];
  }
}

/** Whether the saved log is one this page can read (or there is none), so a write loses nothing. */
function writable() {
  const raw = storage()?.getItem(LOG_KEY);
  if (!raw) return true;
  try { return JSON.parse(raw)?.version === VERSION; } catch { return false; }
}

/**
 * Add a roll to the log (read again first, so rolls another tab logged meanwhile are kept).
 * @param {{what: string, text: string, seed: number|null, total: string, link: string}} roll
 */
export function logRoll(roll) {
  const store = storage();
  if (!store || !writable()) return;
  const heading = document.querySelector("article h1, h1")?.cloneNode(true);
  if (heading instanceof Element) for (const link of heading.querySelectorAll(".headerlink")) link.remove();
  const title = heading?.textContent?.trim() || document.title;
  /** @type {LoggedRoll} */
  const entry = { at: new Date().toISOString(), page: location.pathname, title: title.slice(0, 200),
    what: roll.what.slice(0, 200), text: roll.text.replace(/\s+/g, " ").trim().slice(0, MAX_TEXT),
    seed: roll.seed, total: roll.total, link: roll.link };
  const rolls = [entry, ...readLog()].slice(0, MOST);
  try {
    store.setItem(LOG_KEY, JSON.stringify({ version: VERSION, rolls }));
  } catch { /* a full storage: the roll is still on the page, with its link */ }
  window.dispatchEvent(new CustomEvent("rollwright:rolled"));
}

/** @param {string} iso */
const when = (iso) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
};

/**
 * The log as Markdown: one line per roll, with its link.
 * @param {LoggedRoll[]} rolls
 */
export function logMarkdown(rolls) {
  const clean = (/** @type {string} */ text) => text.replace(/([\\`*_[\]<>|])/g, "\\$1");
  const lines = [`# Roll log`, "", `Exported ${new Date().toISOString()} from ${location.origin}. `
    + "Each link shows the same roll again: its inputs and its seed.", ""];
  for (const roll of rolls) {
    const seed = roll.seed === null ? "" : ` (seed ${roll.seed})`;
    lines.push(`- ${roll.at} · ${clean(roll.what)} on ${clean(roll.title)}: ${clean(roll.text)}${seed} · [reproduce](${roll.link.replace(/[()\s<>]/g, encodeURIComponent)})`);
  }
  return lines.join("\n") + "\n";
}

/**
 * The log as JSON text.
 * @param {LoggedRoll[]} rolls
 */
export function logJSON(rolls) {
  return JSON.stringify({ format: "rollwright-roll-log", version: VERSION, exported: new Date().toISOString(),
    site: location.origin, rolls }, null, 2) + "\n";
}

/**
 * Fill one `[data-rw-roll-log]` shell with the log, and keep it current (rolls here and in other tabs).
 * @param {HTMLElement} section
 */
export function mountRollLog(section) {
  if (section.hasAttribute("data-rw-mounted")) return;
  section.setAttribute("data-rw-mounted", "");
  const list = section.querySelector("[data-rw-roll-log-list]");
  const status = section.querySelector("[data-rw-roll-log-status]");
  const ask = /** @type {HTMLElement|null} */ (section.querySelector("[data-rw-roll-log-ask]"));
  const clear = /** @type {HTMLButtonElement|null} */ (section.querySelector("[data-rw-roll-log-clear]"));
  const exports = /** @type {NodeListOf<HTMLButtonElement>} */ (section.querySelectorAll("[data-rw-roll-log-export]"));
  if (!list || !status || !ask || !clear) return;
  const show = () => {
    const rolls = readLog();
    list.replaceChildren(...rolls.map((roll) => {
      const item = document.createElement("li");
      item.className = "rw-roll-log__item";
      const meta = document.createElement("span");
      meta.className = "rw-roll-log__meta";
      const time = document.createElement("time");
      time.dateTime = roll.at;
      time.textContent = when(roll.at);
      meta.append(time, ` · ${roll.what}, ${roll.title}`);
      const open = document.createElement("a");
      open.href = roll.link;
      open.className = "rw-roll-log__open";
      open.textContent = "Show it again";
      const said = roll.seed === null || roll.text.toLowerCase().includes(`seed ${roll.seed}`) ? "" : ` · seed ${roll.seed}`;
      item.append(meta, `${roll.text}${said} `, open, " ",
        copyButton(() => roll.link, "Copy link", "rw-copy rw-copy--small"));
      return item;
    }));
    status.textContent = rolls.length
      ? `${rolls.length} ${rolls.length === 1 ? "roll" : "rolls"} kept in this browser (the last ${MOST} at most); nothing is sent anywhere.`
      : "No rolls yet. Every roll you make on this site (rollers, this page, inline rolls) is listed here, "
        + "kept in this browser only.";
    for (const button of exports) button.disabled = rolls.length === 0;
    clear.disabled = rolls.length === 0;
  };
  for (const button of exports) {
    button.addEventListener("click", () => {
      const rolls = readLog();
      const markdown = button.dataset.rwRollLogExport === "markdown";
      downloadText(markdown ? logMarkdown(rolls) : logJSON(rolls), markdown ? "roll-log.md" : "roll-log.json",
        markdown ? "text/markdown" : "application/json");
    });
  }
  clear.addEventListener("click", () => {
    ask.replaceChildren();
    const yes = document.createElement("button");
    yes.type = "button";
    yes.className = "md-button";
    yes.textContent = "Yes, clear it";
    const no = document.createElement("button");
    no.type = "button";
    no.className = "md-button";
    no.textContent = "Keep it";
    ask.append(`Forget all ${readLog().length} rolls in this browser? `, yes, " ", no);
    ask.hidden = false;
    no.focus();
    const close = () => { ask.hidden = true; ask.replaceChildren(); clear.focus(); };
    no.addEventListener("click", close);
    yes.addEventListener("click", () => { storage()?.removeItem(LOG_KEY); close(); show(); });
  });
  window.addEventListener("rollwright:rolled", () => section.isConnected && show());
  window.addEventListener("storage", (event) => { if (event.key === LOG_KEY && section.isConnected) show(); });
  show();
}
