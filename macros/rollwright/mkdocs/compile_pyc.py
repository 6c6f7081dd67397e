"""Run inside Pyodide under Node by ``compile_pyc.mjs``: compile Python sources to Pyodide's bytecode.

Reads ``request_json`` (``{"files": {"pkg/x.py": "<base64 source>", ...}}``, set as a global by the
script) and leaves the answer in ``answer_json``: ``{"python", "cache_tag", "pyc": {"pkg/__pycache__/
x.cpython-3XX.pyc": "<base64>"}}``. Bytecode uses the unchecked-hash invalidation mode (PEP 552):
the browser imports it without comparing timestamps, and the same source gives the same bytes.
Imported elsewhere (a test, a doctest run) it only defines :func:`answer`.
"""

import base64
import json
import os
import py_compile
import sys
import tempfile


def compile_all(files: dict[str, str]) -> dict[str, str]:
    """Base64 bytecode for every base64 source, keyed by its ``__pycache__`` path."""
    out = {}
    with tempfile.TemporaryDirectory() as root:
        for name, data in sorted(files.items()):
            source = os.path.join(root, name)
            os.makedirs(os.path.dirname(source), exist_ok=True)
            with open(source, "wb") as handle:
                handle.write(base64.b64decode(data))
            folder, base = os.path.split(name)
            target = f"{folder}/__pycache__/{base[:-3]}.{sys.implementation.cache_tag}.pyc"
            cfile = os.path.join(root, target)
            py_compile.compile(source, cfile=cfile, dfile=name, doraise=True,
                               invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
            with open(cfile, "rb") as handle:
                out[target] = base64.b64encode(handle.read()).decode("ascii")
    return out


def answer(request_text: str) -> str:
    """The answer's JSON text for the request's JSON text."""
    return json.dumps({"python": sys.version.split()[0], "cache_tag": sys.implementation.cache_tag,
                       "pyc": compile_all(json.loads(request_text)["files"])})


if __name__ == "__main__":  # run by compile_pyc.mjs, which sets request_json
    answer_json = answer(request_json)  # type: ignore[name-defined]  # noqa: F821
