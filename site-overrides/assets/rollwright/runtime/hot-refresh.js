/**
 * Under `rollwright serve` only: bring this tab's runtime up to date with a page built again, which the dev
 * server's reload script (macros/rollwright/site/reload.js) swaps in place instead of loading the page again.
 * No page of a built site imports this module.
 *
 * That works while the new page's memory snapshot is the one this tab's config names (only the wheel and the
 * games edited since changed): the running worker then puts the new wheel in place and imports the edited
 * games afresh (worker-client.js `refreshPython`). Any other change (another snapshot, another Pyodide or
 * engine) needs the page loaded again.
 */

import { config, parseConfig, replaceConfig } from "./config.js";
import { refreshPython } from "./worker-client.js";

/** Every game imported afresh in this tab so far: the first page's (its snapshot's `refresh`), then each swap's. */
const refreshed = new Set(config?.snapshot?.refresh ?? []);

/**
 * Whether a tab running `now` can take `next` without loading the page again.
 * @param {import("./worker-client.js").RuntimeConfig} now
 * @param {import("./worker-client.js").RuntimeConfig} next
 */
export function sameSnapshot(now, next) {
  return Boolean(now.snapshot && next.snapshot) && now.snapshot?.url === next.snapshot?.url &&
    now.snapshot?.sha256 === next.snapshot?.sha256 && now.indexURL === next.indexURL &&
    now.pyodideVersion === next.pyodideVersion && now.entryModule === next.entryModule &&
    now.engineVersion === next.engineVersion;
}

/**
 * Take the runtime config of the page built again (its JSON, as written in the page): from now on the widgets
 * read it, and Python, if it runs, takes its wheel (the calls wait for that as they wait for the boot).
 * @param {string} text
 * @returns {Promise<void>|null} settled once Python has the new games (rejected: load the page again), or null
 *   when this tab cannot take the new page without loading it again (nothing was changed then)
 */
export function refreshFor(text) {
  const now = config;
  const { config: next } = parseConfig(JSON.parse(text));
  if (!now || !next || !next.snapshot || !sameSnapshot(now, next)) return null;
  for (const game of next.snapshot.refresh ?? []) refreshed.add(game);
  const games = refreshed.size ? Object.freeze([...refreshed].sort()) : null;
  const taken = Object.freeze({ ...next, snapshot: Object.freeze({ ...next.snapshot, refresh: games }) });
  replaceConfig(taken);
  if (taken.wheelURL === now.wheelURL) return Promise.resolve(); // the same code (a Markdown edit)
  return refreshPython(taken);
}
