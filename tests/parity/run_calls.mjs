// Parity runner: boot Pyodide ONCE from node_modules/pyodide, install the engine
// wheel, run registry calls through engine.kit.api.call_json and write the answers.
//
//   node tests/parity/run_calls.mjs <request.json> <answers.json>
//
// request.json: {"wheel": "<path to .whl>", "calls": [{"name": "...", "params_json": "..."}]}
// answers.json: {"python", "pyodide", "engineVersion", "describe", "answers": ["<envelope JSON>", ...]}
// Params go in as the exact JSON text CPython is given, and envelopes come back as
// text, so the test compares the engine's own output byte for byte.

import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

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
const { loadPyodide, version } = await import(join(indexURL, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL, stdout: (s) => console.error(s), stderr: (s) => console.error(s) });
const wheel = await readFile(request.wheel);
// A Node Buffer is not a plain typed array to Pyodide: hand it a Uint8Array view.
// Install into site-packages as the worker does (unpackArchive's default is the cwd).
const sitePackages = pyodide.pyimport("sysconfig").get_path("purelib");
pyodide.unpackArchive(new Uint8Array(wheel.buffer, wheel.byteOffset, wheel.byteLength), "wheel",
  { extractDir: sitePackages });

const api = pyodide.pyimport("engine.kit.api");
const json = pyodide.pyimport("json");
const describe = api.describe();
const answers = request.calls.map(({ name, params_json }) => api.call_json(name, params_json));

await writeFile(answersPath, JSON.stringify({
  python: pyodide.pyimport("platform").python_version(),
  pyodide: version,
  engineVersion: pyodide.pyimport("engine").__version__,
  enginePath: pyodide.pyimport("engine").__file__,
  describe: json.dumps.callKwargs(describe, { sort_keys: true }),
  answers,
}));
describe.destroy();
