/**
 * A box that scrolls sideways (a wide table, a wide chart) must be reachable by keyboard,
 * or a keyboard user can never see its hidden part (WCAG 2.1.1; axe's
 * `scrollable-region-focusable`). Every such box that scrolls at the current width and
 * holds nothing focusable gets `tabindex="0"`, the role of a region and a name (its
 * table's caption, else its chart's title); a box that no longer scrolls loses them.
 * A bar chart that scrolls opens on its tallest bar (the largest share), not on its left
 * end, which may hold only near-zero bars; once per chart, so a reader's scrolling stays.
 * Every box that scrolls sideways carries `data-rw-scrolls` (the stylesheet shades its edges
 * and shows a chart's note that it scrolls).
 */

const BOXES = ".md-typeset__scrollwrap, .rw-table-wrap, .rw-chart-scroll, .rw-scroll";
const FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";
let listening = false;
let timer = 0;
/** Whether a box scrolls can change after it was first looked at (a widget goes live, fonts load). */
const watched = new WeakSet();
/** The bar charts already scrolled to their tallest bar. */
const placed = new WeakSet();
const resized = typeof ResizeObserver === "function"
  ? new ResizeObserver(() => { clearTimeout(timer); timer = setTimeout(markScrollRegions, 100); })
  : null;

/**
 * The name a scrolling box is announced with.
 * @param {Element} box
 */
function nameOf(box) {
  const caption = box.querySelector("caption")?.textContent?.trim();
  const title = box.querySelector("svg > title")?.textContent?.trim();
  return `${caption || title || "Table"} (scrolls sideways)`;
}

/**
 * Scroll a bar chart's box so that its tallest bar sits in the middle of what shows.
 * @param {Element} box
 */
function showTallestBar(box) {
  /** @type {Element|null} */
  let tallest = null;
  let height = -1;
  for (const bar of box.querySelectorAll(".rw-bar > rect:not(.rw-bar__target)")) {
    const h = Number(bar.getAttribute("height"));
    if (h > height) { height = h; tallest = bar; }
  }
  if (!tallest) return;
  placed.add(box);
  const seen = box.getBoundingClientRect();
  const bar = tallest.getBoundingClientRect();
  box.scrollLeft += bar.left + bar.width / 2 - (seen.left + box.clientWidth / 2);
}

/** Mark the boxes that scroll now; unmark the ones this script marked that no longer do. */
export function markScrollRegions() {
  for (const box of document.querySelectorAll(BOXES)) {
    if (resized && !watched.has(box)) {
      watched.add(box);
      resized.observe(box);
      if (box.firstElementChild) resized.observe(box.firstElementChild);
    }
    const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
    box.toggleAttribute("data-rw-scrolls", box.scrollWidth > box.clientWidth + 1);
    const marked = box.hasAttribute("data-rw-scroll-marked");
    if (box.scrollWidth > box.clientWidth + 1 && !placed.has(box)) showTallestBar(box);
    if (scrolls && !box.hasAttribute("tabindex") && !box.querySelector(FOCUSABLE)) {
      box.setAttribute("tabindex", "0");
      box.setAttribute("role", "region");
      if (!box.hasAttribute("aria-label")) box.setAttribute("aria-label", nameOf(box));
      box.setAttribute("data-rw-scroll-marked", "");
    } else if (!scrolls && marked) {
      for (const name of ["tabindex", "role", "aria-label", "data-rw-scroll-marked"]) box.removeAttribute(name);
    }
  }
  if (!listening) {
    listening = true;
    window.addEventListener("resize", () => { clearTimeout(timer); timer = setTimeout(markScrollRegions, 200); });
  }
}
