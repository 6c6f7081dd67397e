/**
 * Python's files, installed into Pyodide's in-memory file system (shared by the browser
 * worker, worker.js, and the parity runner under Node, rollwright/checks/run_calls.mjs).
 *
 * A restored memory snapshot holds every imported module but none of the files: the
 * standard-library zip Pyodide installs is then an empty one, and no wheel is unpacked.
 * `installSkippedFiles` puts the real ones where Python looked for them when the snapshot
 * was made (the same bytes: the build makes the snapshot from the Pyodide the site ships),
 * so any module can still be imported.
 */

/**
 * Unpack a wheel into site-packages (unpackArchive's default is the working directory).
 * @param {any} pyodide
 * @param {Uint8Array} wheel
 */
export function installWheel(pyodide, wheel) {
  const sysconfig = pyodide.pyimport("sysconfig");
  pyodide.unpackArchive(wheel, "wheel", { extractDir: String(sysconfig.get_path("purelib")) });
  sysconfig.destroy();
}

/**
 * After a restore: write the standard-library zip over the empty one, unpack the wheel,
 * and make Python's importers look again.
 * @param {any} pyodide
 * @param {Uint8Array} stdlib python_stdlib.zip
 * @param {Uint8Array} wheel the engine wheel
 */
export function installSkippedFiles(pyodide, stdlib, wheel) {
  installStdlib(pyodide, stdlib);
  installWheel(pyodide, wheel);
  lookAgain(pyodide);
}

/**
 * Write the whole standard-library zip over the one Python started with (an empty one after a
 * restore, the site's small one after a normal boot), and make Python's importers look again.
 * @param {any} pyodide
 * @param {Uint8Array} stdlib python_stdlib.zip
 */
export function installStdlib(pyodide, stdlib) {
  const sys = pyodide.pyimport("sys");
  const zip = [...sys.path].map(String).find((entry) => entry.endsWith(".zip"));
  sys.destroy();
  if (!zip) throw new Error("Python has no standard-library zip on its path");
  pyodide.FS.writeFile(zip, stdlib);
  lookAgain(pyodide);
}

/**
 * Make Python's importers look at the files again (the zip's table of contents, folder listings).
 * @param {any} pyodide
 */
function lookAgain(pyodide) {
  const importlib = pyodide.pyimport("importlib");
  importlib.invalidate_caches();
  importlib.destroy();
}
