/**
 * Bar charts: the exact share of a bar, for the keyboard and for touch, not only for a
 * mouse hovering its tooltip. Each bar (`.rw-bar[data-rw-tip]`, rendered by the engine)
 * can take the focus; the bar focused or tapped shows its text in the readout line under
 * its chart (`[data-rw-chart-readout]`). Text only, never markup.
 *
 * A chart is one stop for the Tab key (the engine gives one bar `tabindex="0"`, the others
 * -1): the arrow keys move to the next or previous bar, Home and End to the first and last,
 * and the bar left last is where Tab comes back to (a roving tab stop). One listener per
 * document, so charts that widgets re-render later work too.
 */

let listening = false;

/**
 * Show a bar's share in its chart's readout.
 * @param {Event} event
 */
function show(event) {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const bar = target.closest(".rw-bar[data-rw-tip]");
  if (!bar) return;
  const readout = bar.closest(".rw-chart-box")?.querySelector("[data-rw-chart-readout]");
  if (!(readout instanceof HTMLElement)) return;
  readout.textContent = bar.getAttribute("data-rw-tip") || "";
  readout.setAttribute("data-rw-active", "");
  if (event.type === "click" && bar instanceof SVGElement && document.activeElement !== bar) move(bar);
}

/**
 * Make `bar` its chart's one Tab stop, and focus it.
 * @param {SVGElement} bar
 */
function move(bar) {
  const chart = bar.closest("svg");
  for (const other of chart ? chart.querySelectorAll(".rw-bar[tabindex]") : []) {
    other.setAttribute("tabindex", other === bar ? "0" : "-1");
  }
  bar.focus();
}

const STEPS = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * Arrow keys, Home and End on a focused bar.
 * @param {KeyboardEvent} event
 */
function step(event) {
  const target = event.target;
  if (!(target instanceof SVGElement) || !target.matches(".rw-bar[tabindex]")) return;
  if (event.altKey || event.ctrlKey || event.metaKey) return;
  const bars = [...(target.closest("svg")?.querySelectorAll(".rw-bar[tabindex]") ?? [])];
  const here = bars.indexOf(target);
  let next = -1;
  if (event.key in STEPS) next = Math.min(bars.length - 1, Math.max(0, here + STEPS[/** @type {keyof STEPS} */ (event.key)]));
  else if (event.key === "Home") next = 0;
  else if (event.key === "End") next = bars.length - 1;
  else return;
  event.preventDefault(); // the page (or the chart's box) does not scroll instead
  const bar = bars[next];
  if (bar instanceof SVGElement && bar !== target) move(bar);
}

/** Listen once for focus, taps and keys on any bar of any chart. */
export function showChartReadouts() {
  if (listening) return;
  listening = true;
  document.addEventListener("focusin", show);
  document.addEventListener("click", show);
  document.addEventListener("keydown", step);
}
