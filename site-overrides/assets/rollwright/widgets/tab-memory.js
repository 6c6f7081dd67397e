/**
 * What a reader did with a widget, kept for as long as the tab is open (sessionStorage): a
 * tracker's spent points, a turn's plan, a roller's trait. A widget's state is its part of the
 * page's address (url-state.js); when the reader leaves the page through the menu and comes back,
 * the address has none, and the widget takes the state this tab last gave it on that page. A
 * "Reset" button, shown while the widget differs from the page's own values, puts them back
 * (and forgets what was kept).
 *
 * Kept per page and widget key: "rollwright.widget.<page path>.<key>" = "<key>.trait=14&<key>.seed=7".
 * Nothing here is ever written as markup; the values go into form controls like anything typed.
 *
 *   remember("/mygame/tracker/", "ft", new URLSearchParams("ft.spent=15"));
 *   recall("/mygame/tracker/", "ft")   // URLSearchParams "ft.spent=15", or null
 */

const PREFIX = "rollwright.widget.";
const MOST = 4000; // characters: what a widget's state can hold in the address too (url-state.js)

/** @returns {Storage|null} */
function tabStorage() {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** @param {string} path @param {string} key */
const entry = (path, key) => `${PREFIX}${path}.${key}`;

/**
 * Keep widget `key`'s state on page `path` for this tab (an empty state is forgotten).
 * @param {string} path
 * @param {string} key
 * @param {URLSearchParams} state only the widget's own parameters ("<key>.<name>")
 */
export function remember(path, key, state) {
  const storage = tabStorage();
  if (!storage) return;
  const text = state.toString();
  try {
    if (!text || text.length > MOST) storage.removeItem(entry(path, key));
    else storage.setItem(entry(path, key), text);
  } catch { /* a full or refused storage: the address still holds the state */ }
}

/**
 * The state this tab last kept for widget `key` on page `path`, or null.
 * @param {string} path
 * @param {string} key
 * @returns {URLSearchParams|null}
 */
export function recall(path, key) {
  const text = tabStorage()?.getItem(entry(path, key));
  if (!text) return null;
  const state = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(text)) if (name.startsWith(`${key}.`)) state.append(name, value);
  return [...state.keys()].length ? state : null;
}

/**
 * The widget's Reset button (made once, after its submit button), shown while `differs()`.
 * @param {HTMLFormElement} form
 * @param {() => void} reset puts the page's values back and answers
 * @returns {(differs: boolean) => void} shows or hides the button
 */
export function resetButton(form, reset) {
  let button = /** @type {HTMLButtonElement|null} */ (form.querySelector("button[data-rw-reset]"));
  if (!button) {
    button = document.createElement("button");
    button.type = "button";
    button.className = "md-button rw-reset";
    button.setAttribute("data-rw-reset", "");
    button.textContent = "Reset";
    button.title = "Put back this page's values (and forget what this tab kept)";
    button.hidden = true;
    const submit = form.querySelector("button[type=submit]");
    if (submit) submit.after(button);
    else (form.querySelector("fieldset") ?? form).append(button);
    button.addEventListener("click", () => {
      reset();
      /** @type {HTMLElement|null} */ (form.querySelector("button[type=submit]"))?.focus(); // the button hides
    });
  }
  const shown = button;
  return (differs) => { shown.hidden = !differs; };
}
