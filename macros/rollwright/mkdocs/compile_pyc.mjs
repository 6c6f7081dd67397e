// Compile Python sources to bytecode for the pinned Pyodide (its CPython version).
//
//   node compile_pyc.mjs <request.json> <answer.json>
//
// request.json: {"indexURL": "<folder of pyodide.mjs>/", "files": {"pkg/x.py": "<base64 source>", ...}}
// answer.json:  {"python": "3.14.x", "cache_tag": "cpython-314",
//                "pyc": {"pkg/__pycache__/x.cpython-314.pyc": "<base64>", ...}}
// The Python side is compile_pyc.py next to this script; this script only hands it the request.

import { readFile, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [requestPath, answerPath] = process.argv.slice(2);
process.on("uncaughtException", (error) => {
  console.error(`compile_pyc failed: ${error?.stack ?? error}`);
  process.exit(1);
});

const requestText = await readFile(requestPath, "utf8");
const { indexURL } = JSON.parse(requestText);
const { loadPyodide } = await import(join(indexURL, "pyodide.mjs"));
const pyodide = await loadPyodide({ indexURL });
pyodide.globals.set("request_json", requestText);
pyodide.runPython(await readFile(join(here, "compile_pyc.py"), "utf8"), { filename: "compile_pyc.py" });
await writeFile(answerPath, String(pyodide.globals.get("answer_json")));
