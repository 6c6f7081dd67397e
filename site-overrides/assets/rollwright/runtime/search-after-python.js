/**
 * Material's search worker, started once this tab's Python is up (a classic Worker script).
 *
 * Building the search index takes the better part of a second of CPU, and on a page with live
 * widgets it would compete with Python's start for the same cores, while a reader looks for
 * the first answer before searching. main.html points Material's `search` config at this file
 * on such pages, with the real worker's URL in the fragment (`search-after-python.js#<url>`).
 * Material's messages (the index, then any query) are held, in order, until the page says
 * Python is ready or has failed (worker-client.js, on the "rollwright-python" broadcast
 * channel), or until HOLD_MS have passed; then the real worker is loaded here and gets them.
 * Search answers as soon as the index is built, as before. The worker then says on the channel
 * what it waited for: `{searchStartedAfter: "ready" | "failed" | "timeout"}`.
 *
 * Every page runs Material's worker through this script: a page that starts no Python marks its
 * fragment `now:` (no wait, no channel). On every page, two rewrites of a query before the real
 * worker sees it:
 * - accents: a term typed without an accent also looks for the accented words of the index that
 *   begin the same way (`cafe*` also asks for `café*`), learnt from the index itself;
 * - one game: a query narrowed to one game (it holds a required tag clause, `+tags:Pips`, put
 *   there by widgets/search-games.js) asks for every one of its other words too (`+`), so a game's
 *   pages match only when they hold the words searched for.
 */

/* global importScripts */
const HOLD_MS = 4000;

const NOW = "now:";
const waits = !self.location.hash.slice(1).startsWith(NOW);
const SETUP = 0; // Material's message types (its worker's protocol): the index ...
const QUERY = 2; // ... and a query

/** The real search worker's URL, from this script's fragment; only this site's own scripts. */
function realWorker() {
  const named = decodeURIComponent(self.location.hash.slice(1).replace(NOW, ""));
  const url = new URL(named, self.location.href);
  if (!named || url.origin !== self.location.origin || !url.pathname.endsWith(".js")) {
    throw new Error(`search-after-python.js: no same-origin search worker in its fragment (${named || "empty"})`);
  }
  return url.href;
}

/** The words of the index that carry an accent (lower case), learnt from the index's documents. */
const accented = new Set();

/** A word without its accents, in lower case: `Café` -> `cafe`. @param {string} word */
const plain = (word) => word.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

/** @param {{title?: string, text?: string, tags?: string[]}[]} docs */
function learn(docs) {
  for (const doc of docs) {
    for (const part of [doc.title, doc.text, ...(doc.tags || [])]) {
      for (const word of String(part || "").match(/\p{L}+/gu) || []) {
        const lower = word.toLowerCase().normalize("NFC");
        if (plain(word) !== lower) accented.add(lower);
      }
    }
  }
}

/**
 * A term typed without accents stands for the accented words of the index it begins: `faca*`
 * becomes `faça*` (the theme's search would otherwise say under each result that the plain term
 * is missing); an excluded term excludes both forms.
 * @param {string} query
 */
function withAccents(query) {
  if (!accented.size) return query;
  return query.split(/\s+/).filter(Boolean).flatMap((term) => {
    const [, sign, field, body, rest] = /^([+-]?)((?:\w+:)?)(\p{L}+)(.*)$/u.exec(term) || [];
    if (body === undefined || plain(body) !== body.toLowerCase()) return [term];
    const key = body.toLowerCase();
    const forms = [...new Set([...accented].filter((w) => plain(w).startsWith(key)).map((w) => w.slice(0, key.length)))];
    if (!forms.length) return [term];
    const others = forms.map((form) => `${sign}${field}${form}${rest}`);
    if (sign === "+") return others.slice(0, 1);
    return sign === "-" ? [term, ...others] : others;
  }).join(" ");
}

/**
 * A query narrowed to one game asks for all its words: every term without its own sign gets `+`.
 * @param {string} query Material's query, after its own transform (terms end in `*`)
 */
function narrowed(query) {
  if (!/(^|\s)\+tags:\S/.test(query)) return query;
  return query.split(/\s+/).filter(Boolean).map((term) => (/^[+-]/.test(term) ? term : `+${term}`)).join(" ");
}

// First of all listeners (the real worker's comes later): learn the index's accented words, and
// rewrite a query in place (a narrowed one first: its words become required, then accented).
self.addEventListener("message", (event) => {
  const message = event.data;
  if (message && message.type === SETUP && Array.isArray(message.data?.docs)) learn(message.data.docs);
  if (message && message.type === QUERY && typeof message.data === "string") {
    message.data = withAccents(narrowed(message.data));
  }
});

/** @type {MessageEvent[]} Material's messages while Python starts */
const held = [];
const hold = (/** @type {MessageEvent} */ event) => {
  held.push(event);
  event.stopImmediatePropagation();
};
self.addEventListener("message", hold);

const channel = waits && typeof BroadcastChannel === "function" ? new BroadcastChannel("rollwright-python") : null;
let started = false;

/** @param {string} reason what the wait ended on */
function start(reason) {
  if (started) return;
  started = true;
  channel?.postMessage({ searchStartedAfter: reason });
  channel?.close();
  self.removeEventListener("message", hold);
  importScripts(realWorker()); // the real worker adds its own message listener
  for (const event of held.splice(0)) self.dispatchEvent(new MessageEvent("message", { data: event.data }));
}

if (channel) {
  channel.addEventListener("message", (event) => {
    if (event.data?.state === "ready" || event.data?.state === "failed") start(event.data.state);
  });
  channel.postMessage({ ask: "state" }); // Python may be up already (worker-client.js answers)
}
setTimeout(() => start("timeout"), channel ? HOLD_MS : 0);
