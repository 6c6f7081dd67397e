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
 * Remove the compiled files (`__pycache__`) of these packages from the installed ones, before a newer wheel is
 * unpacked over them: the site's wheels ship unchecked-hash `.pyc` files, which Python never compares with their
 * source, so one left by an older wheel would run a module's code as it was before an edit (the newer wheel holds
 * none for a module edited since its bytecode was made).
 * @param {any} pyodide
 * @param {readonly string[]} packages import names
 */
export function forgetBytecode(pyodide, packages) {
  const sysconfig = pyodide.pyimport("sysconfig");
  const root = String(sysconfig.get_path("purelib"));
  sysconfig.destroy();
  const FS = pyodide.FS;
  /** @param {string} folder */
  const entries = (folder) => FS.readdir(folder).filter((/** @type {string} */ name) => name !== "." && name !== "..");
  /** @param {string} folder */
  const walk = (folder) => {
    for (const name of entries(folder)) {
      const path = `${folder}/${name}`;
      if (!FS.isDir(FS.stat(path).mode)) continue;
      if (name === "__pycache__") {
        for (const file of entries(path)) FS.unlink(`${path}/${file}`);
        FS.rmdir(path);
      } else {
        walk(path);
      }
    }
  };
  for (const name of packages) {
    const folder = `${root}/${name.replaceAll(".", "/")}`;
    if (FS.analyzePath(folder).exists) walk(folder);
  }
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
