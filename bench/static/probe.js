// Bench only: injected into every page (Playwright init script) to time the first live
// answer in the page's own clock. When a widget first reaches data-rw-state="ready",
// submit its form at once and note when its result region changes. A click on a link
// is noted too, so an instant navigation can be timed from the click.
(() => {
  const bench = (window.__rwBench = { marks: [], clickAt: null, longTaskMs: 0, busy: false });
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) bench.longTaskMs += entry.duration;
    }).observe({ type: "longtask", buffered: true });
  } catch (_) { /* no long-task timing in this browser */ }
  document.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("a")) bench.clickAt = performance.now();
  }, true);
  const seen = new WeakSet();
  new MutationObserver((records) => {
    for (const record of records) {
      const section = record.target;
      if (!(section instanceof HTMLElement) || !section.matches("section[data-rw-widget]")) continue;
      if (section.dataset.rwState !== "ready" || seen.has(section) || bench.busy) continue;
      seen.add(section);
      const result = section.querySelector("[data-rw-result]");
      const form = section.querySelector("form");
      if (!result || !form) continue;
      bench.busy = true;
      const readyAt = performance.now();
      new MutationObserver((_, observer) => {
        observer.disconnect();
        bench.marks.push({ widget: section.dataset.rwWidget, readyAt, answerAt: performance.now(),
          clickAt: bench.clickAt });
        bench.busy = false;
      }).observe(result, { childList: true, subtree: true });
      form.requestSubmit();
    }
  }).observe(document, { attributes: true, attributeFilter: ["data-rw-state"], subtree: true });
})();
