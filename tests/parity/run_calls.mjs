// Parity runner: start Pyodide ONCE from node_modules/pyodide with the engine, run registry
// calls through the entry module's call_json and write the answers.
//
//   node tests/parity/run_calls.mjs <request.json> <answers.json>
//
// request.json: {"wheel": "<path to .whl>", "entryModule": "rollwright.kit.api",
//                "snapshot": null | "<path to the gzipped snapshot>", "snapshotBytes": <its unpacked size>,
//                "emptyZip": "<path to an empty .zip>",
//                "stdlib": "<path to python_stdlib.zip>" (with "snapshot": checks runtime/files.js after the calls),
//                "calls": [{"name": "...", "params_json": "..."}]}
// answers.json: {"python", "pyodide", "engineVersion", "enginePath", "describe", "answers": ["<envelope JSON>", ...],
//                "draws": null | {"restored": <random() before reseeding>, "reseeded": <random() after>},
//                "files": null | {"loaded": bool, "before": "...", "after": "...", "engineMain": bool}}
// With "snapshot", Python starts the way the browser worker's snapshot path starts it
// (runtime/worker.js): the memory image unpacked (runtime/snapshot.js) and restored, an empty standard-library zip, no wheel
// unpacked, `random` reseeded. Without it, Pyodide boots and the wheel is installed.
// Params go in as the exact JSON text CPython is given, and envelopes come back as
// text, so the test compares the engine's own output byte for byte.

import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

import { installSkippedFiles, installWheel } from "../../site-overrides/assets/rollwright/runtime/files.js";
import { unpack } from "../../site-overrides/assets/rollwright/runtime/snapshot.js";

const here = dirname(fileURLToPath(import.meta.url));
const indexURL = join(here, "..", "..", "node_modules", "pyodide") + "/";

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
/** A file as a Uint8Array (a Node Buffer is not a plain typed array to Pyodide). */
const bytes = async (path) => {
  const data = await readFile(path);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
};
const { loadPyodide, version } = await import(join(indexURL, "pyodide.mjs"));
const output = { stdout: (s) => console.error(s), stderr: (s) => console.error(s) };
let pyodide;
let draws = null;
if (request.snapshot) {
  const packed = gunzipSync(await readFile(request.snapshot));
  const image = unpack(new Uint8Array(packed.buffer, packed.byteOffset, packed.byteLength), request.snapshotBytes);
  pyodide = await loadPyodide({ indexURL, ...output, stdLibURL: request.emptyZip, _loadSnapshot: image });
  const random = pyodide.pyimport("random");
  const restored = random.random();
  random.seed();
  draws = { restored, reseeded: random.random() };
  random.destroy();
} else {
  pyodide = await loadPyodide({ indexURL, ...output });
  installWheel(pyodide, await bytes(request.wheel));
}

const api = pyodide.pyimport(request.entryModule);
const json = pyodide.pyimport("json");
const describe = api.describe();
const answers = request.calls.map(({ name, params_json }) => api.call_json(name, params_json));

// The snapshot path's safety net (runtime/files.js): a module that is not in the image cannot
// be imported until the skipped files are installed, and then it can.
let files = null;
if (request.snapshot && request.stdlib) {
  const importlib = pyodide.pyimport("importlib");
  const attempt = (name) => {
    try {
      importlib.import_module(name).destroy();
      return "imported";
    } catch (error) {
      return String(error).split("\n").filter(Boolean).at(-1);
    }
  };
  const loaded = pyodide.pyimport("sys").modules.has("difflib");
  const before = attempt("difflib");
  installSkippedFiles(pyodide, await bytes(request.stdlib), await bytes(request.wheel));
  const after = attempt("difflib");
  const engineMain = pyodide.pyimport("importlib.util").find_spec("rollwright.__main__") !== undefined;
  files = { loaded, before, after, engineMain };
  importlib.destroy();
}

await writeFile(answersPath, JSON.stringify({
  python: pyodide.pyimport("platform").python_version(),
  pyodide: version,
  engineVersion: pyodide.pyimport("engine").__version__,
  enginePath: pyodide.pyimport("engine").__file__,
  describe: json.dumps.callKwargs(describe, { sort_keys: true }),
  answers,
  draws,
  files,
}));
describe.destroy();
