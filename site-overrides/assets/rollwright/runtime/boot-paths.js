/**
 * The Python worker's two ways to start Python with the engine (worker.js chooses):
 * - `restore`: the build's memory snapshot, in which the engine is imported already;
 * - `bootFresh`: a normal boot of Pyodide, the engine wheel unpacked, the entry module imported.
 * Each gives a {@link Runtime}; `complete` (when not null) installs the files that path started
 * without, for a call that turns out to need them (worker.js `answer`); `refresh` puts a newer wheel in
 * place and imports some games afresh (worker.js `refresh`, under `rollwright serve`).
 */

import { forgetBytecode, installSkippedFiles, installStdlib, installWheel } from "./files.js";
import { keepSnapshot } from "./handoff.js";
import { startPyodide } from "./pyodide-start.js";
import { EMPTY_ZIP_URL, SnapshotUnusable, describe } from "./snapshot.js";
import { at, clock } from "./timeline.js";
import { wholeZip } from "./whole-files.js";

/** @typedef {{callJson: (name: string, params: string) => string, complete: (() => Promise<boolean>) | null,
 *   filesComplete?: boolean, refresh: (wheelURL: string, games: readonly string[]) => Promise<Runtime>,
 *   python: string, engineVersion: string, path: string, reason: string|null,
 *   bootMs: number, pyodideMs: number, engineMs: number, at: Object<string, number>}} Runtime */


/**
 * The runtime record for a Python with the entry module importable.
 * @param {any} pyodide
 * @param {string} entryModule
 * @param {{path: string, reason: string|null, started: number, pyodideUp: number,
 *   complete: (() => Promise<boolean>) | null, wheel: {url: string}}} how
 * @returns {Runtime}
 */
function makeRuntime(pyodide, entryModule, how) {
  const { path, reason, started, pyodideUp, complete } = how;
  const api = pyodide.pyimport(entryModule);
  const engine = pyodide.pyimport(entryModule.split(".")[0]);
  const platform = pyodide.pyimport("platform");
  return {
    callJson: api.call_json,
    complete,
    refresh: (wheelURL, games) => refreshed(pyodide, { entryModule, wheelURL, refresh: games }, complete, how),
    python: String(platform.python_version()),
    engineVersion: String(engine.__version__),
    path,
    reason,
    bootMs: Math.round(performance.now() - started),
    pyodideMs: Math.round(pyodideUp - started),
    engineMs: Math.round(performance.now() - pyodideUp),
    at: { ...at, python: clock() },
  };
}

/**
 * The snapshot path: restore the build's memory image, in which the engine is imported.
 * The real standard-library zip and the engine's files are not downloaded: `complete`
 * fetches them later, if a call ever needs a module that the snapshot does not hold.
 * @param {Function} loadPyodide
 * @param {{indexURL: string, wheelURL: string, entryModule: string, snapshot: any, handOff?: boolean}} data
 * @param {Promise<{image: Uint8Array, packed: Uint8Array}>} image the snapshot, downloading
 * @param {import("./early-wasm.js").EarlyWasm} wasm Pyodide's wasm, compiling
 * @param {number} started
 * @returns {Promise<Runtime>}
 */
export async function restore(loadPyodide, { indexURL, wheelURL, entryModule, snapshot, handOff }, image, wasm, started) {
  const memory = image.then((snapshotBytes) => snapshotBytes.image);
  memory.catch(() => {}); // loadPyodide awaits it (later) and rejects with its error
  let pyodide;
  try {
    pyodide = await startPyodide(loadPyodide, { indexURL, fullStdLib: false, stdLibURL: EMPTY_ZIP_URL,
      _loadSnapshot: memory }, wasm);
  } catch (error) {
    if (error instanceof SnapshotUnusable) throw error;
    throw new SnapshotUnusable(`the memory snapshot could not be restored (${describe(error)})`);
  }
  const pyodideUp = performance.now();
  if (handOff) keepSnapshot(snapshot.url, (await image).packed);
  // Everything in the image is the same on every visit, the random generator's state included.
  const random = pyodide.pyimport("random");
  random.seed();
  random.destroy();
  const wheel = { url: wheelURL }; // the wheel put in place last (a refresh puts a newer one)
  /** @type {Promise<boolean>|null} */
  let completing = null; // one download, however many calls wait for it
  const complete = () => (completing ??= completeFiles(pyodide, indexURL, wheel));
  const how = { path: "snapshot", reason: null, started, pyodideUp, complete, wheel };
  if (snapshot.refresh) return refreshed(pyodide, { entryModule, wheelURL, refresh: snapshot.refresh }, complete, how);
  try {
    return makeRuntime(pyodide, entryModule, how);
  } catch (error) { // the image lacks the entry module: it may import once the files are there
    console.warn(`Rollwright: ${describe(error)}; installing Python's files`);
  }
  try {
    await complete();
    return { ...makeRuntime(pyodide, entryModule, how), filesComplete: true };
  } catch (error) {
    throw new SnapshotUnusable(`the memory snapshot lacks ${entryModule} (${describe(error)})`);
  }
}

/**
 * Under `rollwright serve`, after restoring a snapshot made before some games' code was edited: the page's
 * wheel unpacked, those games imported afresh from it (rollwright.kit.reload `refresh_systems`), so no answer
 * comes from the code as it was. Should their code need a module the snapshot lacks, every file is installed
 * and they are imported once more; any other failure boots Python the normal way (SnapshotUnusable).
 * The same, later, for a Python running since (Runtime `refresh`: a failure then loads the page again).
 * @param {any} pyodide
 * @param {{entryModule: string, wheelURL: string, refresh: readonly string[]}} data
 * @param {() => Promise<boolean>} complete
 * @param {any} how
 * @returns {Promise<Runtime>}
 */
async function refreshed(pyodide, { entryModule, wheelURL, refresh }, complete, how) {
  how.wheel.url = wheelURL;
  const again = () => {
    const reload = pyodide.pyimport("rollwright.kit.reload");
    try {
      reload.refresh_systems(pyodide.toPy([...refresh]));
    } finally {
      reload.destroy();
    }
    return makeRuntime(pyodide, entryModule, { ...how, path: "snapshot-refreshed" });
  };
  try {
    const wheel = await wholeZip(wheelURL);
    forgetBytecode(pyodide, refresh); // an older wheel's, for code edited since (a Python running since a refresh)
    installWheel(pyodide, wheel);
    return again();
  } catch (error) {
    console.warn(`Rollwright: ${describe(error)}; installing Python's files`);
  }
  try {
    await complete();
    return { ...again(), filesComplete: true };
  } catch (error) {
    throw new SnapshotUnusable(`the memory snapshot could not take the edited games (${describe(error)})`);
  }
}

/**
 * After a restore: download the standard library and the engine's files, and install them.
 * @param {any} pyodide
 * @param {string} indexURL
 * @param {{url: string}} wheel the wheel put in place last
 * @returns {Promise<boolean>}
 */
async function completeFiles(pyodide, indexURL, wheel) {
  const asked = wheel.url;
  let [stdlib, files] = await Promise.all([wholeZip(`${indexURL}python_stdlib.zip`), wholeZip(asked)]);
  if (wheel.url !== asked) files = await wholeZip(wheel.url); // a refresh put a newer one in place meanwhile
  installSkippedFiles(pyodide, stdlib, files);
  return true;
}

/**
 * The fallback path: boot Pyodide, unpack the engine wheel, import the entry module. With the site's
 * small standard library (the snapshot's list, for this same Pyodide), Python starts from it; should
 * a call need a module it lacks, `complete` installs the whole standard library (see `answer`).
 * @param {Function} loadPyodide
 * @param {{indexURL: string, wheelURL: string, entryModule: string, snapshot: any}} data
 * @param {import("./early-wasm.js").EarlyWasm} wasm Pyodide's wasm, compiling
 * @param {number} started
 * @param {string} reason why the snapshot was not used
 * @param {boolean} samePyodide whether the snapshot (and so its small standard library) fits this Pyodide
 * @returns {Promise<Runtime>}
 */
export async function bootFresh(loadPyodide, { indexURL, wheelURL, entryModule, snapshot }, wasm, started, reason,
  samePyodide) {
  const wheel = wholeZip(wheelURL);
  wheel.catch(() => {}); // reported below, once Pyodide is up or has failed
  let small = samePyodide && snapshot?.stdlib?.url ? snapshot.stdlib.url : null;
  let pyodide;
  try {
    pyodide = await startPyodide(loadPyodide, { indexURL, fullStdLib: false, ...(small ? { stdLibURL: small } : {}) },
      wasm);
  } catch (error) { // the small standard library could not be had: the whole one, as a plain boot
    if (!small) throw error;
    console.warn(`Rollwright: ${describe(error)}; starting Python from the whole standard library`);
    small = null;
    pyodide = await startPyodide(loadPyodide, { indexURL, fullStdLib: false }, wasm);
  }
  const pyodideUp = performance.now();
  installWheel(pyodide, await wheel);
  /** @type {Promise<boolean>|null} */
  let completing = null;
  const complete = small ? () => (completing ??= wholeZip(`${indexURL}python_stdlib.zip`)
    .then((stdlib) => { installStdlib(pyodide, stdlib); return true; })) : null;
  const how = { path: "fallback", reason, started, pyodideUp, complete, wheel: { url: wheelURL } };
  try {
    return makeRuntime(pyodide, entryModule, how);
  } catch (error) { // the small standard library lacks a module the engine imports: the whole one has it
    if (!complete) throw error;
    console.warn(`Rollwright: ${describe(error)}; installing the whole standard library`);
  }
  await complete();
  return { ...makeRuntime(pyodide, entryModule, how), filesComplete: true };
}

