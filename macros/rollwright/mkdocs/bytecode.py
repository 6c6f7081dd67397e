"""Bytecode for Pyodide, made once per set of sources under Node.

Pyodide would otherwise compile every engine module on every page load (it keeps no bytecode
between visits): about half a second of each fallback boot. The build runs the pinned Pyodide
under Node (``compile_pyc.mjs`` with ``compile_pyc.py``) once per distinct set of sources,
caches the result under the site's ``.cache/pyc/``, and ships unchecked-hash ``.pyc`` files
(PEP 552) in the browser bundle, next to the sources. Without Node there is no bytecode; the
bundle then holds the sources only, and Pyodide compiles them at the visit.
"""

from __future__ import annotations

import base64
import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from rollwright.mkdocs.resources import Pyodide

SCRIPT = Path(__file__).with_name("compile_pyc.mjs")
NODE_TIMEOUT_S = 300


class NodeError(RuntimeError):
    """Running Pyodide under Node failed; the message says why."""


def node_path() -> str | None:
    """The ``node`` command, or None when Node.js is not on the PATH."""
    return shutil.which("node")


def _sources_key(sources: list[tuple[str, bytes]], runtime: Pyodide) -> str:
    digest = hashlib.sha256(runtime.version.encode() + b"\0")
    for script in (SCRIPT, SCRIPT.with_suffix(".py")):
        digest.update(hashlib.sha256(script.read_bytes()).digest())
    for name, data in sources:
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.hexdigest()[:24]


def _run_node(sources: list[tuple[str, bytes]], runtime: Pyodide) -> dict[str, bytes]:
    node = node_path()
    if node is None:
        raise NodeError("compiling Python for the browser needs Node.js 20+ on the PATH")
    with tempfile.TemporaryDirectory(prefix="rollwright-pyc-") as scratch:
        request, answer = Path(scratch, "request.json"), Path(scratch, "answer.json")
        files = {name: base64.b64encode(data).decode("ascii") for name, data in sources}
        request.write_text(json.dumps({"indexURL": f"{runtime.folder}/", "files": files}), encoding="utf-8")
        done = subprocess.run([node, str(SCRIPT), str(request), str(answer)], capture_output=True, text=True,
                              timeout=NODE_TIMEOUT_S)
        if done.returncode != 0:
            raise NodeError(f"compiling Python for Pyodide failed: {done.stderr.strip()[-2000:]}")
        compiled = json.loads(answer.read_text(encoding="utf-8"))["pyc"]
    return {name: base64.b64decode(data) for name, data in compiled.items()}


def pyodide_bytecode(sources: list[tuple[str, bytes]], runtime: Pyodide, cache_dir: Path) -> list[tuple[str, bytes]]:
    """(archive name, bytes) of a ``.pyc`` for each ``.py`` in ``sources``, sorted; cached by content."""
    python_sources = sorted((name, data) for name, data in sources if name.endswith(".py"))
    cache = cache_dir / f"{_sources_key(python_sources, runtime)}.json"
    if cache.is_file():
        stored = json.loads(cache.read_text(encoding="utf-8"))
        return sorted((name, base64.b64decode(data)) for name, data in stored.items())
    compiled = _run_node(python_sources, runtime)
    cache_dir.mkdir(parents=True, exist_ok=True)
    for stale in cache_dir.glob("*.json"):
        stale.unlink()
    cache.write_text(json.dumps({n: base64.b64encode(d).decode("ascii") for n, d in compiled.items()}),
                     encoding="utf-8")
    return sorted(compiled.items())
