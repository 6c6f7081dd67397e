/**
 * A game's things in the page (issue 38): each kind's list sorts by any column and filters by its
 * menus, a number comparison and a name search, in plain JavaScript over the rows the build wrote
 * (no Python: instant, even on a phone); each entry link shows its preview on hover or keyboard focus
 * (CSS), and on a touch screen on the first tap, the second tap following the link.
 * Only text and attributes are set here, never HTML.
 */

const OPEN = "rw-entry--open";
const PAGE = 100; // rows shown at once: a phone lays out a hundred rows at once, not thousands
const QUIET = "rw-entry--quiet";
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/**
 * Every row's sort and filter values, read once from the cells the build wrote (`data-v`), by column.
 * @param {HTMLTableRowElement[]} rows
 * @returns {Map<HTMLTableRowElement, Map<string, string>>}
 */
function readValues(rows) {
  const values = new Map();
  for (const row of rows) {
    const own = new Map();
    for (const cell of row.cells) {
      own.set(cell.getAttribute("data-rw-col") || (cell.tagName === "TH" ? "name" : ""), cell.getAttribute("data-v") || "");
    }
    values.set(row, own);
  }
  return values;
}

/**
 * Compare two cells' values: numbers by value (an empty cell last), text by the reader's collation.
 * @param {string} a @param {string} b @param {boolean} numeric
 */
function compare(a, b, numeric) {
  if (a === "" || b === "") return a === b ? 0 : a === "" ? 1 : -1;
  return numeric ? Number(a) - Number(b) : collator.compare(a, b);
}

/** @param {HTMLElement} root  a `[data-rw-things]` list */
export function mountThings(root) {
  root.setAttribute("data-rw-mounted", "");
  const tools = /** @type {HTMLElement | null} */ (root.querySelector(".rw-things__tools"));
  const body = root.querySelector("tbody");
  if (!tools || !body) return;
  const rows = /** @type {HTMLTableRowElement[]} */ (Array.from(body.rows));
  const original = rows.slice();
  const search = /** @type {HTMLInputElement} */ (tools.querySelector("[data-rw-search]"));
  const filters = /** @type {HTMLSelectElement[]} */ (Array.from(tools.querySelectorAll("[data-rw-filter]")));
  const numberField = /** @type {HTMLSelectElement | null} */ (tools.querySelector("[data-rw-number-field]"));
  const numberOp = /** @type {HTMLSelectElement | null} */ (tools.querySelector("[data-rw-number-op]"));
  const numberValue = /** @type {HTMLInputElement | null} */ (tools.querySelector("[data-rw-number-value]"));
  const count = /** @type {HTMLElement} */ (tools.querySelector("[data-rw-count]"));
  const none = /** @type {HTMLElement | null} */ (root.querySelector("[data-rw-none]"));
  const more = /** @type {HTMLButtonElement | null} */ (root.querySelector("[data-rw-more]"));
  let limit = PAGE;
  const headers = /** @type {HTMLTableCellElement[]} */ (Array.from(root.querySelectorAll("thead th[data-rw-col]")));
  const values = readValues(rows);
  /** @param {HTMLTableRowElement} row @param {string} column */
  const cellValue = (row, column) => values.get(row)?.get(column) || "";
  /** Put the rows back in the table in their present order, in one change. */
  const place = () => {
    const fragment = document.createDocumentFragment();
    for (const row of rows) fragment.appendChild(row);
    body.appendChild(fragment);
  };

  /** @param {HTMLTableRowElement} row */
  function matches(row) {
    const words = search.value.trim().toLowerCase();
    if (words && !cellValue(row, "name").includes(words)) return false;
    for (const select of filters) {
      if (!select.value) continue;
      const value = cellValue(row, select.getAttribute("data-rw-filter") || "");
      const has = select.getAttribute("data-rw-match") === "has"
        ? value.split(", ").includes(select.value) : value === select.value;
      if (!has) return false;
    }
    if (numberField && numberOp && numberValue && numberValue.value.trim() !== "") {
      const wanted = Number(numberValue.value);
      const raw = cellValue(row, numberField.value);
      if (raw === "" || Number.isNaN(wanted)) return false;
      const value = Number(raw);
      if (numberOp.value === "ge" ? value < wanted : numberOp.value === "le" ? value > wanted : value !== wanted) {
        return false;
      }
    }
    return true;
  }

  function apply() {
    let found = 0;
    for (const row of rows) {
      const match = matches(row);
      const keep = match && found < limit;
      if (match) found += 1;
      if (row.hidden === keep) row.hidden = !keep; // only the rows that change
    }
    const showing = Math.min(found, limit);
    const of = found === rows.length ? `${rows.length} entries` : `${found} of ${rows.length} entries`;
    count.textContent = showing < found ? `${of}, the first ${showing} shown` : of;
    if (none) none.hidden = found !== 0;
    if (more) {
      more.hidden = showing >= found;
      more.textContent = `Show ${Math.min(PAGE, found - showing)} more`;
    }
  }

  /** @param {HTMLTableCellElement} header */
  function sortBy(header) {
    const column = header.getAttribute("data-rw-col") || "name";
    const numeric = header.getAttribute("data-rw-type") === "number";
    const next = header.getAttribute("aria-sort") === "ascending" ? "descending" : "ascending";
    for (const other of headers) other.setAttribute("aria-sort", "none");
    header.setAttribute("aria-sort", next);
    const sign = next === "ascending" ? 1 : -1;
    const place0 = new Map(original.map((row, index) => [row, index]));
    rows.sort((a, b) => {
      const va = cellValue(a, column), vb = cellValue(b, column);
      if (va === "" || vb === "") return compare(va, vb, numeric) || place0.get(a) - place0.get(b); // empty last
      return sign * compare(va, vb, numeric) || place0.get(a) - place0.get(b);
    });
    place();
    apply(); // the first rows in the new order
  }

  for (const header of headers) {
    const button = header.querySelector("button");
    if (button) button.addEventListener("click", () => sortBy(header));
  }
  const narrowed = () => { limit = PAGE; apply(); };
  search.addEventListener("input", narrowed);
  for (const select of filters) select.addEventListener("change", narrowed);
  for (const control of [numberField, numberOp]) if (control) control.addEventListener("change", narrowed);
  if (numberValue) numberValue.addEventListener("input", narrowed);
  if (more) more.addEventListener("click", () => { limit += PAGE; apply(); });
  const reset = tools.querySelector("[data-rw-reset]");
  if (reset) {
    reset.addEventListener("click", () => {
      search.value = "";
      for (const select of filters) select.value = "";
      if (numberValue) numberValue.value = "";
      for (const header of headers) header.setAttribute("aria-sort", "none");
      rows.splice(0, rows.length, ...original);
      place();
      limit = PAGE;
      apply();
    });
  }
  tools.hidden = false;
  apply();
}

/** Keep an open preview inside the window (a link near the right edge of a phone). @param {HTMLElement} tip */
function keepInView(tip) {
  tip.style.left = "";
  const box = tip.getBoundingClientRect();
  const over = box.right - (document.documentElement.clientWidth - 8);
  if (over > 0) tip.style.left = `${-Math.min(over, box.left - 8)}px`;
}

/** @param {HTMLElement} holder  a `.rw-entry` link with its preview */
export function mountEntryLink(holder) {
  holder.setAttribute("data-rw-mounted", "");
  const link = holder.querySelector("a");
  const tip = /** @type {HTMLElement | null} */ (holder.querySelector(".rw-entry__tip"));
  if (!link || !tip) return;
  let touched = false;
  const show = () => { holder.classList.remove(QUIET); keepInView(tip); };
  holder.addEventListener("mouseenter", show);
  link.addEventListener("focus", show);
  link.addEventListener("pointerdown", (event) => { touched = event.pointerType === "touch"; });
  link.addEventListener("click", (event) => {
    const tapped = touched;
    touched = false;
    if (!tapped || holder.classList.contains(OPEN)) return; // a mouse, a key, or the second tap: follow it
    event.preventDefault(); // the first tap on a touch screen shows the preview;
    event.stopPropagation(); // and the theme's instant navigation (which ignores preventDefault) must not see it
    for (const other of document.querySelectorAll(`.${OPEN}`)) other.classList.remove(OPEN);
    holder.classList.add(OPEN);
    show();
  });
  link.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { holder.classList.remove(OPEN); holder.classList.add(QUIET); }
  });
  link.addEventListener("blur", () => holder.classList.remove(OPEN));
}

let listening = false;

/** Mount every list and entry link of the page not mounted yet. */
export function mountAllThings() {
  for (const root of document.querySelectorAll("[data-rw-things]:not([data-rw-mounted])")) {
    mountThings(/** @type {HTMLElement} */ (root));
  }
  for (const holder of document.querySelectorAll(".rw-entry:not([data-rw-mounted])")) {
    mountEntryLink(/** @type {HTMLElement} */ (holder));
  }
  if (!listening) {
    listening = true;
    document.addEventListener("pointerdown", (event) => { // a tap elsewhere closes a tapped-open preview
      const target = /** @type {Element} */ (event.target);
      for (const open of document.querySelectorAll(`.${OPEN}`)) {
        if (!open.contains(target)) open.classList.remove(OPEN);
      }
    });
  }
}
