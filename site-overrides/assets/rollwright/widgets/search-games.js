/**
 * Narrowing a search to one game. The search box holds a button per game (partials/search.html,
 * from the systems the site declares); pressing one puts that game's clause (`+tags:Pips`: every
 * result must carry the game's tag, which the build gives each of its pages) at the front of the
 * query, in words the reader can see and delete, and searches again; "All pages" takes it away.
 * Each button says whether it is in force (`aria-pressed`), also when the reader edits the query.
 *
 * Every result of a game's page, the page itself or one of its sections (a widget's included), says its
 * game in one place: a small label (the game's tag, from the build) just above the result's title. The
 * theme writes it after the result's text, so under a title alone or under a long snippet; it is moved
 * once each result is written, where a screen reader meets it too.
 *
 * By keyboard: the theme closes the search on Tab. Between the box and the buttons (both ways),
 * Tab and Shift+Tab are kept from the theme, so the search stays open and focus moves on as usual.
 */

let listening = false;

/** @returns {HTMLInputElement|null} */
function queryBox() {
  const box = document.querySelector(".md-search__input");
  return box instanceof HTMLInputElement ? box : null;
}

/** @returns {HTMLButtonElement[]} */
function buttons() {
  return [...document.querySelectorAll("button[data-rw-search-game]")].filter(
    (b) => b instanceof HTMLButtonElement);
}

/**
 * The query without any game's clause.
 * @param {string} query
 */
function withoutGame(query) {
  let rest = ` ${query} `;
  for (const clause of buttons().map((b) => b.dataset.rwSearchGame || "").filter(Boolean)) {
    rest = rest.split(` ${clause} `).join(" ");
  }
  return rest.trim();
}

/** Mark the button whose clause the query holds (none: "All pages"). */
function showPressed() {
  const query = ` ${queryBox()?.value ?? ""} `;
  const clauses = buttons().map((b) => b.dataset.rwSearchGame || "");
  const held = clauses.find((c) => c && query.includes(` ${c} `)) ?? "";
  for (const button of buttons()) button.setAttribute("aria-pressed", String((button.dataset.rwSearchGame || "") === held));
}

/** @param {Event} event */
function choose(event) {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const button = target.closest("button[data-rw-search-game]");
  const box = queryBox();
  if (!(button instanceof HTMLButtonElement) || !box) return;
  const clause = button.dataset.rwSearchGame || "";
  const rest = withoutGame(box.value);
  box.value = clause ? `${clause} ${rest}`.trimEnd() + (rest ? "" : " ") : rest;
  showPressed();
  box.focus();
  box.setSelectionRange(box.value.length, box.value.length);
  // Material searches on the box's own events: the same ones a keystroke sends.
  box.dispatchEvent(new Event("input", { bubbles: true }));
  box.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true, key: "End" }));
}

/**
 * Tab (or Shift+Tab) from the box to the buttons, between them, or from them back to the box: the
 * browser moves focus as usual, but the theme never hears the key, so it does not close the search.
 * @param {KeyboardEvent} event
 */
function keepOpenOnTab(event) {
  if (event.key !== "Tab" || event.altKey || event.ctrlKey || event.metaKey) return;
  const all = buttons().filter((b) => b.checkVisibility?.({ visibilityProperty: true }) ?? b.offsetParent !== null);
  if (!all.length) return;
  const box = queryBox();
  const at = document.activeElement;
  const here = at instanceof HTMLButtonElement ? all.indexOf(at) : -1;
  const staysInside = at === box ? !event.shiftKey : here >= 0 && (event.shiftKey || here < all.length - 1);
  if (staysInside) event.stopPropagation();
}

/**
 * Put each result's game label just above its title (before the theme's heading, after its icon).
 * @param {ParentNode} results
 */
function labelsFirst(results) {
  for (const tags of results.querySelectorAll(".md-search-result__article > nav.md-tags")) {
    const title = tags.parentElement?.querySelector(":scope > h1, :scope > h2");
    if (!title || tags.nextElementSibling === title) continue;
    tags.classList.add("rw-search-game-label");
    title.before(tags);
  }
}

/** @type {WeakSet<Element>} */
const watched = new WeakSet();

/** Results are written by the theme as a search runs (and as its list scrolls): label each as it comes. */
function watchResults() {
  const list = document.querySelector(".md-search-result__list");
  if (!list || watched.has(list)) return;
  watched.add(list);
  new MutationObserver(() => labelsFirst(list)).observe(list, { childList: true, subtree: true });
  labelsFirst(list);
}

/** Listen once for the buttons, for edits of the query and for Tab between them; label the results. */
export function narrowSearchToAGame() {
  watchResults(); // again on every page: the theme may write a new header with a new list
  if (listening) return;
  listening = true;
  document.addEventListener("click", choose);
  document.addEventListener("keydown", keepOpenOnTab, true);
  document.addEventListener("input", (event) => { if (event.target === queryBox()) showPressed(); });
}
