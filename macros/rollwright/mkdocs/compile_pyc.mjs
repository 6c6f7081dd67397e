// Compile Python sources to bytecode for the Pyodide in node_modules (its CPython version).
//
//   node macros/compile_pyc.mjs <request.json> <answer.json>
//
// request.json: {"files": {"engine/x.py": "<base64 source>", ...}}
// answer.json:  {"python": "3.14.x", "cache_tag": "cpython-314",
//                "pyc": {"engine/__pycache__/x.cpython-314.pyc": "<base64>", ...}}
// Bytecode is written with the unchecked-hash invalidation mode (PEP 552): the browser
// imports it without comparing timestamps, and the same source gives the same bytes.

import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const indexURL = join(here, "..", "node_modules", "pyodide") + "/";
const [requestPath, answerPath] = process.argv.slice(2);
process.on("uncaughtException", (error) => {
  console.error(`compile_pyc failed: ${error?.stack ?? error}`);
  process.exit(1);
});

const request = JSON.parse(await readFile(requestPath, "utf8"));
const { loadPyodide } = await import(join(indexURL, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL });
pyodide.globals.set("request_json", JSON.stringify(request));
const answer = pyodide.runPython(`
import base64, json, os, py_compile, sys, tempfile
files = json.loads(request_json)["files"]
out = {}
with tempfile.TemporaryDirectory() as root:
    for name, data in sorted(files.items()):
        source = os.path.join(root, name)
        os.makedirs(os.path.dirname(source), exist_ok=True)
        with open(source, "wb") as handle:
            handle.write(base64.b64decode(data))
        folder, base = os.path.split(name)
        target = f"{folder}/__pycache__/{base[:-3]}.{sys.implementation.cache_tag}.pyc"
        compiled = py_compile.compile(source, cfile=os.path.join(root, target), dfile=name, doraise=True,
                                      invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
        with open(compiled, "rb") as handle:
            out[target] = base64.b64encode(handle.read()).decode("ascii")
json.dumps({"python": sys.version.split()[0], "cache_tag": sys.implementation.cache_tag, "pyc": out})
`);
await writeFile(answerPath, answer);
