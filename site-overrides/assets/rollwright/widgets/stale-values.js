/**
 * Optional values that belong to other fields (a roll goes with the trait that made it): the
 * engine marks them `data-rw-goes-with="trait_a trait_b"`. When the answer's error names such a
 * value and the field changed last is one it goes with (by hand or from "use my character"), it
 * no longer fits: it is cleared, with every optional value that goes with one of the same fields,
 * and the widget answers again. An error after any other change (the value itself, a partner
 * value) is the reader's to see.
 */

/**
 * The optional values cleared, by their labels (empty: nothing was stale, the error stands).
 * @param {HTMLFormElement} form
 * @param {string|undefined} field the field the engine's error names
 * @param {string} lastEdited the name of the control changed last
 * @returns {string[]}
 */
export function clearStale(form, field, lastEdited) {
  if (!field) return [];
  const named = form.querySelector(`[name="${CSS.escape(field)}"][data-rw-goes-with]`);
  if (!(named instanceof HTMLInputElement) || named.value === "") return [];
  const owners = new Set((named.getAttribute("data-rw-goes-with") || "").split(" ").filter(Boolean));
  if (!owners.has(lastEdited)) return [];
  const cleared = [];
  for (const control of form.querySelectorAll("input[data-rw-goes-with]")) {
    if (!(control instanceof HTMLInputElement) || control.value === "") continue;
    const goes = (control.getAttribute("data-rw-goes-with") || "").split(" ");
    if (!goes.some((name) => owners.has(name))) continue;
    control.value = "";
    const label = control.closest("label")?.querySelector(".rw-field__label")?.textContent || control.name;
    cleared.push(label.replace(/\s*\(optional\)$/, ""));
  }
  return cleared;
}

/**
 * The status line's words for what was cleared.
 * @param {string[]} labels
 */
export function clearedNote(labels) {
  const list = labels.length > 1 ? `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}` : labels[0];
  return `${list} cleared: ${labels.length > 1 ? "they" : "it"} did not fit the new values.`;
}
