/**
 * Bar charts: the exact share of a bar, for the keyboard and for touch, not only for a
 * mouse hovering its tooltip. Each bar (`.rw-bar[data-rw-tip]`, rendered by the engine)
 * takes the focus; the bar focused or tapped shows its text in the readout line under
 * its chart (`[data-rw-chart-readout]`). Text only, never markup. One listener per
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
  if (event.type === "click" && bar instanceof SVGElement && document.activeElement !== bar) bar.focus();
}

/** Listen once for focus and taps on any bar of any chart. */
export function showChartReadouts() {
  if (listening) return;
  listening = true;
  document.addEventListener("focusin", show);
  document.addEventListener("click", show);
}
