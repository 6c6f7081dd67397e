// Make a Pyodide memory snapshot with the engine imported, for the browser worker to restore.
//
//   node macros/make_snapshot.mjs <request.json> <snapshot.bin> <answer.json>
//
// request.json: {"indexURL": "<folder of pyodide.mjs>/", "wheel": "<path to the site's .whl>",
//                "entryModule": "rollwright_site"}
// snapshot.bin: the raw snapshot (pyodide.makeMemorySnapshot(): a header, then the wasm heap)
// answer.json:  {"pyodide": "<version>", "python": "3.x.y", "modules": ["rollwright", ...], "bytes": <n>}
//
// Boots the pinned Pyodide with the private `_makeSnapshot` option, installs the wheel into
// site-packages, imports the entry module and then every module of each package it lists in
// PACKAGES (the engine and the site's systems: every registry is filled; the browser restores this memory without
// the wheel's files, so nothing may be left to import later), and writes the snapshot.
// Only modules named __main__ are skipped: importing one would run a command line.
// No Python source lives here: the script only imports modules and calls functions.

import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

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
const gc = pyodide.pyimport("gc");
gc.collect();
gc.destroy();
const platform = pyodide.pyimport("platform");
const python = String(platform.python_version());
platform.destroy();

const snapshot = pyodide.makeMemorySnapshot();
await writeFile(snapshotPath, snapshot);
await writeFile(answerPath, JSON.stringify({ pyodide: version, python, modules, bytes: snapshot.length }));
