// Make a Pyodide memory snapshot with the engine imported, for the browser worker to restore.
//
//   node macros/make_snapshot.mjs <request.json> <snapshot.bin> <answer.json>
//
// request.json: {"wheel": "<path to the engine .whl>", "entryModule": "rollwright.kit.api"}
// snapshot.bin: the raw snapshot (pyodide.makeMemorySnapshot(): a header, then the wasm heap)
// answer.json:  {"pyodide": "<version>", "python": "3.x.y", "modules": ["engine", ...], "bytes": <n>}
//
// Boots the pinned Pyodide in node_modules with the private `_makeSnapshot` option, installs
// the wheel into site-packages, imports the entry module and then every module of its
// top-level package (so every registry is filled: the browser restores this memory without
// the wheel's files, so nothing may be left to import later), and writes the snapshot.
// Only modules named __main__ are skipped: importing one would run a command line.
// No Python source lives here: the script only imports modules and calls functions.

import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const indexURL = join(here, "..", "node_modules", "pyodide") + "/";
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
entry.destroy();
const topName = String(request.entryModule).split(".")[0];
const top = importlib.import_module(topName);
const modules = [topName];
const found = pkgutil.walk_packages(top.__path__, `${topName}.`);
for (const info of found) {
  const name = String(info.name);
  info.destroy();
  if (name.split(".").at(-1) === "__main__") continue;
  importlib.import_module(name).destroy();
  modules.push(name);
}
found.destroy();
top.destroy();
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
