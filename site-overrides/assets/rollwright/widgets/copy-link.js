/**
 * "Copy link": put a link on the clipboard, and when the browser refuses (no clipboard API, an
 * insecure origin, a denied permission), show the link in a read-only field, selected, for the
 * reader to copy by hand (Ctrl+C, or a phone's own Copy). Nothing is sent anywhere.
 *
 *   const button = copyButton(() => location.href, "Copy link");   // a <button>, placed by the caller
 *   await copyText("https://…", button)                          // true: copied; false: shown selected
 */

/**
 * Where a refused copy shows its text: a read-only field right after `anchor`, made once.
 * @param {Element} anchor
 * @returns {HTMLInputElement}
 */
function fallbackField(anchor) {
  const next = anchor.nextElementSibling;
  if (next instanceof HTMLElement && next.matches("[data-rw-copy-fallback]")) {
    return /** @type {HTMLInputElement} */ (next.querySelector("input"));
  }
  const box = document.createElement("span");
  box.className = "rw-copy__fallback";
  box.setAttribute("data-rw-copy-fallback", "");
  const field = document.createElement("input");
  field.type = "text";
  field.readOnly = true;
  field.className = "rw-copy__field";
  field.setAttribute("aria-label", "The link, selected: copy it");
  const note = document.createElement("span");
  note.className = "rw-copy__note";
  note.textContent = "Copying was refused by the browser: the link is selected, copy it yourself.";
  box.append(field, note);
  anchor.after(box);
  field.addEventListener("focus", () => field.select());
  return field;
}

/**
 * Copy `text`; when the clipboard is refused, show it selected next to `anchor`.
 * @param {string} text
 * @param {Element} anchor
 * @returns {Promise<boolean>} whether the clipboard took it
 */
export async function copyText(text, anchor) {
  try {
    if (!navigator.clipboard || typeof navigator.clipboard.writeText !== "function") throw new Error("no clipboard");
    await navigator.clipboard.writeText(text);
    const shown = anchor.nextElementSibling;
    if (shown instanceof HTMLElement && shown.matches("[data-rw-copy-fallback]")) shown.remove();
    return true;
  } catch {
    const field = fallbackField(anchor);
    field.value = text;
    field.size = Math.min(Math.max(text.length, 20), 60);
    field.focus();
    field.select();
    return false;
  }
}

/**
 * A button that copies what `text()` gives when pressed, and says so for a moment (in its own words,
 * read out by screen readers through its live label). `text` may be async: a link whose module loads on
 * first use (the press keeps its user activation for seconds, long enough for the clipboard).
 * @param {() => string|Promise<string>} text
 * @param {string} label
 * @param {string} [css]
 * @returns {HTMLButtonElement}
 */
export function copyButton(text, label, css = "md-button rw-copy") {
  const button = document.createElement("button");
  button.type = "button";
  button.className = css;
  button.setAttribute("data-rw-copy", "");
  button.textContent = label;
  let timer = 0;
  button.addEventListener("click", async () => {
    const copied = await copyText(await text(), button);
    clearTimeout(timer);
    button.textContent = copied ? "Link copied" : label;
    if (copied) timer = window.setTimeout(() => { button.textContent = label; }, 2000);
  });
  return button;
}
