/**
 * Under `rollwright serve` only: bring this tab's runtime up to date with a page built again, which the dev
 * server's reload script (macros/rollwright/site/reload.js) swaps in place instead of loading the page again.
 * No page of a built site imports this module.
 *
 * Every page the dev server sends names the digests of the sources its wheel holds (`sources`: the kit's and
 * each game's; rollwright/mkdocs/site_assets.py). This module keeps the digests of the code the tab's Python
 * runs, and a page built again is taken in place when only games' code differs: the running worker puts the
 * new wheel in place and imports those games afresh (worker-client.js `refreshPython`), whatever memory
 * snapshot the new page names (one made meanwhile in the background holds the same code). Anything else (the
 * kit or the entry module edited, a game added or removed, another Pyodide or engine) needs the page loaded again.
 *
 *   gamesToRefresh({base: "k", games: {a: "1", b: "2"}}, {base: "k", games: {a: "1", b: "3"}})  // ["b"]
 */

import { config, parseConfig, replaceConfig } from "./config.js";
import { refreshPython } from "./worker-client.js";

/** The digests of the code this tab's Python runs (or will boot: the config it is given): the first page's. */
let running = config?.sources ?? null;

/**
 * The games whose code differs between what runs and what a page built again holds, or null when that page
 * cannot be taken without a reload (no digests, the kit edited, a game added or removed).
 * @param {{base: string, games: Readonly<Record<string, string>>}|null|undefined} now
 * @param {{base: string, games: Readonly<Record<string, string>>}|null|undefined} next
 * @returns {string[]|null}
 */
export function gamesToRefresh(now, next) {
  if (!now || !next || now.base !== next.base) return null;
  const names = Object.keys(next.games).sort();
  if (names.length !== Object.keys(now.games).length || names.some((game) => !(game in now.games))) return null;
  return names.filter((game) => now.games[game] !== next.games[game]);
}

/**
 * Whether a tab running `now` can run `next`'s code without a new Python (the same Pyodide, engine, entry).
 * @param {import("./worker-client.js").RuntimeConfig} now
 * @param {import("./worker-client.js").RuntimeConfig} next
 */
export function sameRuntime(now, next) {
  return now.indexURL === next.indexURL && now.pyodideVersion === next.pyodideVersion &&
    now.entryModule === next.entryModule && now.engineVersion === next.engineVersion;
}

/**
 * Take the runtime config of the page built again (its JSON, as written in the page): from now on the widgets
 * read it, and Python, if it runs, takes its wheel and imports afresh the games whose code changed (the calls
 * wait for that as they wait for the boot; a worker started later boots this config).
 * @param {string} text
 * @returns {Promise<void>|null} settled once Python runs the new code (rejected: load the page again), or null
 *   when this tab cannot take the new page without loading it again (nothing was changed then)
 */
export function refreshFor(text) {
  const now = config;
  const { config: next } = parseConfig(JSON.parse(text));
  if (!now || !next || !sameRuntime(now, next)) return null;
  const games = gamesToRefresh(running, next.sources);
  if (games === null) return null;
  replaceConfig(next);
  running = next.sources;
  if (next.wheelURL === now.wheelURL && games.length === 0) return Promise.resolve(); // a Markdown edit
  return refreshPython(next, games);
}
