// Parity runner of `rollwright check` (rollwright/checks/parity.py): start a built site's Pyodide ONCE
// with its engine, run registry calls through the entry module's call_json and write the answers.
//
//   node run_calls.mjs <request.json> <answers.json>
//
// request.json: {"indexURL": "<folder of pyodide.mjs>/", "runtime": "<folder of the theme's runtime/*.js>",
//                "wheel": "<path to .whl>", "entryModule": "rollwright_site",
//                "snapshot": null | "<path to the shipped snapshot>", "snapshotBytes": <its unpacked size>,
//                "snapshotFrames": [[<compressed bytes>, <decoded bytes>], ...] (its zstd frames, page config),
//                "emptyZip": "<path to an empty .zip>",
//                "stdlib": "<path to python_stdlib.zip>" (checks runtime/files.js after the calls),
//                "smallStdlib": null | "<path to the site's small python_stdlib.zip>" (without "snapshot": boot from it),
//                "calls": [{"name": "...", "params_json": "..."}]}
// answers.json: {"python", "pyodide", "engineVersion", "enginePath", "describe", "answers": ["<envelope JSON>", ...],
//                "draws": null | {"restored": <random() before reseeding>, "reseeded": <random() after>},
//                "files": null | {"loaded": bool, "before": "...", "after": "...", "engineFiles": bool}}
// With "snapshot", Python starts the way the browser worker's snapshot path starts it
// (runtime/worker.js): the memory image decoded (runtime/zstd.js), unpacked (runtime/snapshot.js) and restored, an empty standard-library zip, no wheel
// unpacked, `random` reseeded. Without it, Pyodide boots and the wheel is installed (runtime/files.js).
// The runtime's modules are the theme's own, imported from "runtime", so an installed Rollwright runs this too.
// Params go in as the exact JSON text CPython is given, and envelopes come back as
// text, so the check compares the engine's own output byte for byte.

import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const [requestPath, answersPath] = process.argv.slice(2);
if (!requestPath || !answersPath) {
  console.error("usage: node run_calls.mjs <request.json> <answers.json>");
  process.exit(2);
}

// Keep failures readable: Node would otherwise print a line of minified Pyodide source.
process.on("uncaughtException", (error) => {
  console.error(`parity runner failed: ${error?.stack ?? error}`);
  process.exit(1);
});

const request = JSON.parse(await readFile(requestPath, "utf8"));
const indexURL = String(request.indexURL);
const runtime = (name) => import(pathToFileURL(join(String(request.runtime), name)).href);
const { installSkippedFiles, installStdlib, installWheel } = await runtime("files.js");
const { unpack } = await runtime("snapshot.js");
const { DECODER_URL, Decoding, frameTableProblem } = await runtime("zstd.js");
/** A file as a Uint8Array (a Node Buffer is not a plain typed array to Pyodide). */
const bytes = async (path) => {
  const data = await readFile(path);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
};
const { loadPyodide, version } = await import(pathToFileURL(join(indexURL, "pyodide.mjs")).href);
const output = { stdout: (s) => console.error(s), stderr: (s) => console.error(s) };
let pyodide;
let draws = null;
if (request.snapshot) {
  const shipped = await bytes(request.snapshot);
  const frames = request.snapshotFrames;
  const problem = frameTableProblem(frames, shipped.length, frames.reduce((sum, frame) => sum + frame[1], 0));
  if (problem) throw new Error(problem);
  const decoding = new Decoding(await WebAssembly.compile(await readFile(fileURLToPath(DECODER_URL))), frames);
  decoding.push(shipped);
  const wasm = await bytes(join(indexURL, "pyodide.asm.wasm")); // an RWS2 snapshot is packed against its data
  const image = unpack(decoding.result(), request.snapshotBytes, wasm);
  pyodide = await loadPyodide({ indexURL, ...output, stdLibURL: request.emptyZip, _loadSnapshot: image });
  const random = pyodide.pyimport("random");
  const restored = random.random();
  random.seed();
  draws = { restored, reseeded: random.random() };
  random.destroy();
} else {
  const small = request.smallStdlib ? { stdLibURL: String(request.smallStdlib) } : {};
  pyodide = await loadPyodide({ indexURL, ...output, ...small });
  installWheel(pyodide, await bytes(request.wheel));
}

const entry = pyodide.pyimport(request.entryModule);
const api = pyodide.pyimport("rollwright.kit.api");
const json = pyodide.pyimport("json");
const describe = api.describe();
const answers = request.calls.map(({ name, params_json }) => entry.call_json(name, params_json));

// The safety net of either path (runtime/files.js): a module that is not in the snapshot's image, or
// not in the small standard library a normal boot starts from, cannot be imported until the files
// are installed, and then it can.
let files = null;
if (request.stdlib && (request.snapshot || request.smallStdlib)) {
  const importlib = pyodide.pyimport("importlib");
  const attempt = (name) => {
    try {
      importlib.import_module(name).destroy();
      return "imported";
    } catch (error) {
      return String(error).split("\n").filter(Boolean).at(-1);
    }
  };
  // A standard module that nothing in the engine imports, so the snapshot's image cannot hold it.
  const PROBE = "colorsys";
  const loaded = pyodide.pyimport("sys").modules.has(PROBE);
  const before = attempt(PROBE);
  if (request.snapshot) installSkippedFiles(pyodide, await bytes(request.stdlib), await bytes(request.wheel));
  else installStdlib(pyodide, await bytes(request.stdlib));
  const after = attempt(PROBE);
  const exists = pyodide.pyimport("os.path").exists;
  const engineFiles = Boolean(exists(String(entry.__file__)));
  files = { loaded, before, after, engineFiles };
  importlib.destroy();
}

await writeFile(answersPath, JSON.stringify({
  python: pyodide.pyimport("platform").python_version(),
  pyodide: version,
  engineVersion: entry.__version__,
  enginePath: pyodide.pyimport("rollwright").__file__,
  describe: json.dumps.callKwargs(describe, { sort_keys: true }),
  answers,
  draws,
  files,
}));
describe.destroy();
