/**
 * Long exact fractions on demand. The engine never puts a fraction longer than its one
 * limit in the flow of a page (engine/kit/exact.py): it renders a small "exact" button
 * (`[data-rw-exact-toggle]`) followed by the hidden value. Pressing the button shows the
 * value (in a box that scrolls, selected whole on a click, ready to copy) or hides it again.
 * One listener per document, so answers that widgets render later work too.
 */

let listening = false;

/**
 * Show or hide the value after a pressed toggle.
 * @param {Event} event
 */
function toggle(event) {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const button = target.closest("[data-rw-exact-toggle]");
  if (!(button instanceof HTMLButtonElement)) return;
  const value = button.nextElementSibling;
  if (!(value instanceof HTMLElement)) return;
  const open = button.getAttribute("aria-expanded") !== "true";
  button.setAttribute("aria-expanded", open ? "true" : "false");
  value.hidden = !open;
}

/** Listen once for every toggle of the document. */
export function showExactOnDemand() {
  if (listening) return;
  listening = true;
  document.addEventListener("click", toggle);
}
