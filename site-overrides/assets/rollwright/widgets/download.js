/**
 * A text offered as a file to download (a backup, a roll log, saved trackers): made in the page, never sent.
 *
 *   downloadText('{"a": 1}', "a.json");   downloadText("# Log", "log.md", "text/markdown")
 */

/**
 * Offer a text as a download (a backup, or saved text this page cannot read), so the player
 * can keep it whatever happens to this browser's storage.
 * @param {string} text
 * @param {string} name the file's name
 * @param {string} [type] its media type
 */
export function downloadText(text, name, type = "application/json") {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
