// Make a Pyodide memory snapshot with the engine imported, for the browser worker to restore.
//
//   node macros/make_snapshot.mjs <request.json> <snapshot.bin> <answer.json>
//
// request.json: {"indexURL": "<folder of pyodide.mjs>/", "wheel": "<path to the site's .whl>",
//                "entryModule": "rollwright_site"}
// snapshot.bin: the raw snapshot (pyodide.makeMemorySnapshot(): a header, then the wasm heap)
// answer.json:  {"pyodide": "<version>", "python": "3.x.y", "modules": ["rollwright", ...], "stdlib": ["json/__init__.py", ...],
//                "bytes": <n>, "zeroed": <bytes of free memory zeroed>}
//
// Boots the pinned Pyodide with the private `_makeSnapshot` option, installs the wheel into
// site-packages, imports the entry module and then every module of each package it lists in
// PACKAGES (the engine and the site's systems: every registry is filled; the browser restores this memory without
// the wheel's files, so nothing may be left to import later), zeroes the memory left free, and writes the snapshot.
// Only modules named __main__ are skipped: importing one would run a command line.
// It also lists the standard-library files those imports read (stdlib_files.py) for the site's small
// standard library (lean_stdlib.py). No Python source lives here: the script only imports modules, calls
// functions and runs that one file.

import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const [requestPath, snapshotPath, answerPath] = process.argv.slice(2);
if (!requestPath || !snapshotPath || !answerPath) {
  console.error("usage: node make_snapshot.mjs <request.json> <snapshot.bin> <answer.json>");
  process.exit(2);
}
process.on("uncaughtException", (error) => {
  console.error(`make_snapshot failed: ${error?.stack ?? error}`);
  process.exit(1);
});

const request = JSON.parse(await readFile(requestPath, "utf8"));
const indexURL = String(request.indexURL);
const { loadPyodide, version } = await import(join(indexURL, "pyodide.mjs"));
const pyodide = await loadPyodide({
  indexURL,
  _makeSnapshot: true,
  stdout: (line) => console.error(line),
  stderr: (line) => console.error(line),
});

const wheel = await readFile(request.wheel);
const sysconfig = pyodide.pyimport("sysconfig");
pyodide.unpackArchive(new Uint8Array(wheel.buffer, wheel.byteOffset, wheel.byteLength), "wheel",
  { extractDir: sysconfig.get_path("purelib") });
sysconfig.destroy();

/** Every proxy made here is destroyed before the snapshot: it must hold no JS references. */
const importlib = pyodide.pyimport("importlib");
const pkgutil = pyodide.pyimport("pkgutil");
const entry = importlib.import_module(request.entryModule);
const listed = entry.PACKAGES;
const packages = [...listed].map(String);
listed.destroy();
entry.destroy();
const modules = [String(request.entryModule)];
for (const packageName of packages) {
  const top = importlib.import_module(packageName);
  modules.push(packageName);
  const found = pkgutil.walk_packages(top.__path__, `${packageName}.`);
  for (const info of found) {
    const name = String(info.name);
    info.destroy();
    if (name.split(".").at(-1) === "__main__") continue;
    importlib.import_module(name).destroy();
    modules.push(name);
  }
  found.destroy();
  top.destroy();
}
pkgutil.destroy();
importlib.destroy();
const platform = pyodide.pyimport("platform");
const python = String(platform.python_version());
platform.destroy();
const stdlib = await standardLibraryFiles(pyodide);
forgetFileCaches(pyodide); // after the last import
const gc = pyodide.pyimport("gc");
gc.collect();
gc.destroy();
const zeroed = zeroFreeMemory(pyodide._module); // last: any Python work after it would leave garbage again

const snapshot = pyodide.makeMemorySnapshot();
await writeFile(snapshotPath, snapshot);
await writeFile(answerPath, JSON.stringify({ pyodide: version, python, modules, stdlib, bytes: snapshot.length,
  zeroed }));

/**
 * The standard-library files every imported module came from (stdlib_files.py, run in a namespace
 * of its own that is then dropped): what a normal boot of this Pyodide with this engine reads.
 * @param {any} pyodide
 * @returns {Promise<string[]>}
 */
async function standardLibraryFiles(pyodide) {
  const script = join(dirname(fileURLToPath(import.meta.url)), "stdlib_files.py");
  const namespace = pyodide.toPy({ __name__: "__main__" });
  try {
    pyodide.runPython(await readFile(script, "utf8"), { globals: namespace, filename: "stdlib_files.py" });
    return JSON.parse(String(namespace.get("answer_json")));
  } finally {
    namespace.destroy();
  }
}

/**
 * Drop what Python keeps about files, which the restored memory would carry for nothing: the
 * browser restores it without the wheel's files and with an empty standard-library zip, and
 * Python looks again when files appear (runtime/files.js calls importlib.invalidate_caches).
 * Directory listings of every package folder, the standard-library zip's table of contents,
 * source lines read for tracebacks, and patterns cached by `re`.
 * @param {any} pyodide
 */
function forgetFileCaches(pyodide) {
  const calls = [["re", null, "purge"], ["linecache", null, "clearcache"], ["sys", "path_importer_cache", "clear"],
    ["zipimport", "_zip_directory_cache", "clear"]];
  for (const [moduleName, attribute, method] of calls) {
    const module = pyodide.pyimport(moduleName);
    const target = attribute ? module[attribute] : module;
    try {
      target[method]();
    } finally {
      if (target !== module) target.destroy();
      module.destroy();
    }
  }
}

/**
 * Write zeros over the memory that importing left free. Freed memory keeps its old bytes, and the
 * snapshot would carry them: every free block of the C allocator (Python here allocates through
 * it) is taken, zeroed and given back, with the allocator told not to grow the memory meanwhile.
 * Zeros then pack away (macros/snapshot.py `pack`). Returns the bytes zeroed (0 when this Pyodide's
 * allocator does not offer the calls needed).
 * @param {any} module Pyodide's Emscripten module
 * @returns {number}
 */
function zeroFreeMemory(module) {
  const calls = ["_malloc", "_free", "_malloc_footprint", "_malloc_footprint_limit", "_malloc_set_footprint_limit"];
  if (!calls.every((name) => typeof module[name] === "function")) return 0;
  const heapBefore = module.HEAPU8.length;
  const limit = module._malloc_footprint_limit();
  module._malloc_set_footprint_limit(module._malloc_footprint());
  const taken = [];
  let zeroed = 0;
  try {
    for (let size = 1 << 24; size >= 16; size >>= 1) {
      for (let block = module._malloc(size); block; block = module._malloc(size)) {
        module.HEAPU8.fill(0, block, block + size);
        taken.push(block);
        zeroed += size;
      }
    }
  } finally {
    for (const block of taken) module._free(block);
    module._malloc_set_footprint_limit(limit);
  }
  if (module.HEAPU8.length !== heapBefore) throw new Error("zeroing free memory grew Python's memory");
  return zeroed;
}
