"""MkDocs hook: ship the browser runtime with the site.

Registered in mkdocs.yml under ``hooks:``. At every build it

* builds ``engine/`` into a py3-none-any wheel with the pinned PEP 517 backend (hatchling,
  through ``pip wheel --no-build-isolation``: no network), reproducible with
  ``SOURCE_DATE_EPOCH``, with Pyodide bytecode next to the sources (``hatch_build.py``),
  at a content-addressed path, ``assets/engine/<sha256[:12]>/<wheel>``;
* makes a Pyodide memory snapshot with the engine imported (``macros/snapshot.py``) and
  ships it gzipped at ``assets/snapshot/<sha256[:16]>/engine.snapshot.gz``;
* copies the pinned Pyodide core files from ``node_modules/pyodide`` to
  ``assets/pyodide/<version>/`` (self-hosted, no CDN);
* writes the service worker ``sw.js`` for offline reading (``macros/offline.py``; not
  under ``mkdocs serve``);
* sets ``config.extra["rollwright"]``, which ``site-overrides/main.html`` puts on
  every page as JSON for ``assets/rollwright/rollwright.js`` (its modules: ``runtime/``, ``widgets/``, ``builder/``).

Paths in that config are relative to the site root.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:  # this file is loaded by path; its helpers live in the macros package
    sys.path.insert(0, str(REPO_ROOT))

from rollwright.mkdocs.offline import SERVICE_WORKER, write_service_worker  # noqa: E402
from rollwright.mkdocs.snapshot import Snapshot, SnapshotError, build_snapshot  # noqa: E402
from rollwright.mkdocs.worker_bundle import BundleError, write_worker_bundle  # noqa: E402

WORKER_SCRIPT = "assets/rollwright/runtime/worker.js"
"""The Python worker's script in the built site: its modules joined into one (``macros/worker_bundle.py``)."""
DIST_NAME = "rollwright_engine"
PACKAGE = "engine"
ENTRY_MODULE = "rollwright.kit.api"
"""The Python module the browser worker imports and calls (``call_json``); the snapshot imports it too."""
DEFAULT_SOURCE_DATE_EPOCH = "315532800"  # 1980-01-01T00:00:00Z, the earliest a zip can record
BYTECODE_ENV = "ROLLWRIGHT_PYODIDE_BYTECODE"  # read by hatch_build.py
# Everything loadPyodide fetches before it resolves (see pyodide.mjs: the
# loader, the emscripten module, the wasm binary, the stdlib and the lock file).
PYODIDE_CORE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
BOOT_TIMEOUT_MS = 120_000
CALL_TIMEOUT_MS = 30_000

_VERSION_RE = re.compile(r"""^__version__\s*=\s*["']([^"']+)["']""", re.MULTILINE)
_EXACT_VERSION_RE = re.compile(r"^\d+(\.\d+)*([a-z]+\d*)?$")


# --------------------------------------------------------------------------
# The engine wheel
# --------------------------------------------------------------------------

def engine_version(repo_root: Path) -> str:
    """``__version__`` from ``engine/__init__.py``, read as text (never imported)."""
    source = (repo_root / PACKAGE / "__init__.py").read_text(encoding="utf-8")
    match = _VERSION_RE.search(source)
    if not match:
        raise PluginError(f"{PACKAGE}/__init__.py has no __version__ = \"...\" line")
    return match.group(1)


def _package_files(repo_root: Path) -> list[tuple[str, bytes]]:
    """(archive name, bytes) for every file of the package, sorted, no caches."""
    root = repo_root / PACKAGE
    files = []
    for path in root.rglob("*"):
        rel = path.relative_to(repo_root)
        if not path.is_file() or any(part == "__pycache__" or part.startswith(".") for part in rel.parts):
            continue
        if path.suffix in {".pyc", ".pyo"}:
            continue
        files.append((rel.as_posix(), path.read_bytes()))
    return sorted(files)


# --------------------------------------------------------------------------
# Bytecode for Pyodide
# --------------------------------------------------------------------------
# Pyodide would otherwise compile every engine module on every page load (it keeps
# no bytecode between visits): ~0.5 s of each boot. The build runs the pinned Pyodide
# under Node once per distinct set of sources (cached under .cache/pyc/) and ships
# unchecked-hash .pyc files (PEP 552) in the wheel, next to the sources.

PYC_SCRIPT = Path(__file__).with_name("compile_pyc.mjs")
NODE_TIMEOUT_S = 300


def _sources_key(sources: list[tuple[str, bytes]], pyodide_version: str) -> str:
    digest = hashlib.sha256(pyodide_version.encode())
    for name, data in sources:
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.hexdigest()[:24]


def _run_node(sources: list[tuple[str, bytes]]) -> dict[str, bytes]:
    node = shutil.which("node")
    if node is None:
        raise PluginError("building the engine's browser bytecode needs Node.js (`make deps` installs it)")
    with tempfile.TemporaryDirectory() as scratch:
        request, answer = Path(scratch, "request.json"), Path(scratch, "answer.json")
        files = {name: base64.b64encode(data).decode("ascii") for name, data in sources}
        request.write_text(json.dumps({"files": files}), encoding="utf-8")
        result = subprocess.run([node, str(PYC_SCRIPT), str(request), str(answer)], capture_output=True, text=True,
                                timeout=NODE_TIMEOUT_S)
        if result.returncode != 0:
            raise PluginError(f"compiling the engine for Pyodide failed: {result.stderr.strip()[-2000:]}")
        compiled = json.loads(answer.read_text(encoding="utf-8"))["pyc"]
    return {name: base64.b64decode(data) for name, data in compiled.items()}


def pyodide_bytecode(sources: list[tuple[str, bytes]], pyodide_version: str, cache_dir: Path) -> list[tuple[str, bytes]]:
    """(archive name, bytes) of a ``.pyc`` for each ``.py`` in ``sources``, sorted; cached by content."""
    python_sources = [(name, data) for name, data in sources if name.endswith(".py")]
    cache = cache_dir / f"{_sources_key(python_sources, pyodide_version)}.json"
    if cache.is_file():
        stored = json.loads(cache.read_text(encoding="utf-8"))
        return sorted((name, base64.b64decode(data)) for name, data in stored.items())
    compiled = _run_node(python_sources)
    cache_dir.mkdir(parents=True, exist_ok=True)
    for stale in cache_dir.glob("*.json"):
        stale.unlink()
    cache.write_text(json.dumps({n: base64.b64encode(d).decode("ascii") for n, d in compiled.items()}),
                     encoding="utf-8")
    return sorted(compiled.items())


def _wheel_key(repo_root: Path, sources: list[tuple[str, bytes]], pyc: list[tuple[str, bytes]], epoch: str) -> str:
    digest = hashlib.sha256(epoch.encode())
    for name in ("pyproject.toml", "hatch_build.py"):
        digest.update(name.encode() + b"\0" + hashlib.sha256((repo_root / name).read_bytes()).digest())
    for name, data in sources + pyc:
        digest.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return digest.hexdigest()[:24]


def _pip_wheel(repo_root: Path, pyc: list[tuple[str, bytes]], epoch: str) -> tuple[str, bytes]:
    """Run the PEP 517 backend through ``pip wheel``; returns (filename, bytes)."""
    with tempfile.TemporaryDirectory(prefix="rollwright-wheel-") as scratch:
        out, bytecode = Path(scratch, "out"), Path(scratch, "bytecode")
        env = {**os.environ, "SOURCE_DATE_EPOCH": epoch, "PIP_NO_INPUT": "1"}
        env.pop(BYTECODE_ENV, None)
        if pyc:
            for name, data in pyc:
                (bytecode / name).parent.mkdir(parents=True, exist_ok=True)
                (bytecode / name).write_bytes(data)
            env[BYTECODE_ENV] = str(bytecode)
        done = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps", "--no-index", "--quiet",
             "--disable-pip-version-check", "--wheel-dir", str(out), str(repo_root)],
            capture_output=True, text=True, env=env, timeout=NODE_TIMEOUT_S)
        if done.returncode != 0:
            raise PluginError(f"building the engine wheel failed (pip wheel; is hatchling installed? `make deps`): "
                              f"{(done.stderr or done.stdout).strip()[-2000:]}")
        wheels = sorted(out.glob("*.whl"))
        if len(wheels) != 1:
            raise PluginError(f"pip wheel made {len(wheels)} wheels, expected one")
        return wheels[0].name, wheels[0].read_bytes()


def build_engine_wheel(repo_root: Path, *, bytecode: bool = True, cache: bool = True) -> tuple[str, bytes]:
    """Build ``engine/`` as a py3-none-any wheel with the pinned backend; returns (filename, bytes).

    Reproducible: the same sources and ``SOURCE_DATE_EPOCH`` (default 1980-01-01) give the
    same bytes. With ``bytecode``, Pyodide's ``.pyc`` files are included (see above). With
    ``cache``, a wheel already built from the same inputs is reused from ``.cache/wheel/``.
    """
    repo_root = Path(repo_root)
    sources = _package_files(repo_root)
    if not sources:
        raise PluginError(f"no files found under {repo_root / PACKAGE}")
    pyc: list[tuple[str, bytes]] = []
    if bytecode:
        _, pyodide_version = pyodide_dir(repo_root)
        pyc = pyodide_bytecode(sources, pyodide_version, repo_root / ".cache" / "pyc")
    epoch = os.environ.get("SOURCE_DATE_EPOCH") or DEFAULT_SOURCE_DATE_EPOCH
    cache_dir = repo_root / ".cache" / "wheel" / _wheel_key(repo_root, sources, pyc, epoch)
    if cache:
        stored = sorted(cache_dir.glob("*.whl")) if cache_dir.is_dir() else []
        if stored:
            return stored[0].name, stored[0].read_bytes()
    filename, data = _pip_wheel(repo_root, pyc, epoch)
    if cache:
        if cache_dir.parent.is_dir():
            for stale in cache_dir.parent.iterdir():
                if stale != cache_dir:
                    shutil.rmtree(stale, ignore_errors=True)
        cache_dir.mkdir(parents=True, exist_ok=True)
        temporary = cache_dir / f".{filename}.{os.getpid()}.tmp"
        temporary.write_bytes(data)
        temporary.replace(cache_dir / filename)
    return filename, data


def wheel_site_path(filename: str, data: bytes) -> str:
    """The wheel's content-addressed path inside the site."""
    return f"assets/engine/{hashlib.sha256(data).hexdigest()[:12]}/{filename}"


# --------------------------------------------------------------------------
# Pyodide
# --------------------------------------------------------------------------

def pyodide_dir(repo_root: Path) -> tuple[Path, str]:
    """(node_modules/pyodide, its version), checked against the exact pin in package.json."""
    package_dir = repo_root / "node_modules" / "pyodide"
    manifest = package_dir / "package.json"
    if not manifest.is_file():
        raise PluginError(f"Pyodide is not installed ({manifest} is missing): run `make deps`")
    installed = json.loads(manifest.read_text(encoding="utf-8"))["version"]
    pins = json.loads((repo_root / "package.json").read_text(encoding="utf-8"))
    pin = {**pins.get("devDependencies", {}), **pins.get("dependencies", {})}.get("pyodide")
    if pin is None:
        raise PluginError("package.json does not pin `pyodide`; add an exact version to dependencies")
    if not _EXACT_VERSION_RE.match(pin):
        raise PluginError(f"package.json pins pyodide as {pin!r}; it must be an exact version like \"314.0.7\"")
    if installed != pin:
        raise PluginError(
            f"node_modules/pyodide is version {installed} but package.json pins {pin}: run `make deps`")
    missing = [name for name in PYODIDE_CORE_FILES if not (package_dir / name).is_file()]
    if missing:
        raise PluginError(f"node_modules/pyodide lacks {', '.join(missing)}: run `make deps`")
    return package_dir, installed


def _copy_if_changed(source: Path, target: Path) -> None:
    stat = source.stat()
    if target.is_file():
        current = target.stat()
        if current.st_size == stat.st_size and int(current.st_mtime) == int(stat.st_mtime):
            return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)


# --------------------------------------------------------------------------
# MkDocs hook events
# --------------------------------------------------------------------------

_state: dict[str, Any] = {}


def on_startup(command: str, **_: Any) -> None:
    """Remember whether this is ``mkdocs serve``: a live-reloading site gets no service worker."""
    _state["serving"] = command == "serve"


def engine_snapshot(repo_root: Path, wheel: bytes) -> Snapshot:
    """The memory snapshot for this wheel and the pinned Pyodide (cached in ``.cache/snapshot/``)."""
    package_dir, version = pyodide_dir(repo_root)
    try:
        return build_snapshot(wheel, ENTRY_MODULE, package_dir, version, repo_root / ".cache" / "snapshot")
    except SnapshotError as error:
        raise PluginError(str(error)) from None


def on_config(config, **_: Any):
    """Build the wheel and the snapshot, check Pyodide, and publish the runtime config to templates."""
    package_dir, version = pyodide_dir(REPO_ROOT)
    filename, data = build_engine_wheel(REPO_ROOT)
    wheel_path = wheel_site_path(filename, data)
    snapshot = engine_snapshot(REPO_ROOT, data)
    _state.update(pyodide_dir=package_dir, pyodide_version=version, wheel_path=wheel_path, wheel=data,
                  snapshot=snapshot)
    config.extra["rollwright"] = {
        "pyodide": f"assets/pyodide/{version}/",
        "pyodideVersion": version,
        "engineWheel": wheel_path,
        "engineVersion": engine_version(REPO_ROOT),
        "entryModule": ENTRY_MODULE,
        "snapshot": snapshot.config(),
        "serviceWorker": None if _state.get("serving") else SERVICE_WORKER,
        "bootTimeoutMs": BOOT_TIMEOUT_MS,
        "callTimeoutMs": CALL_TIMEOUT_MS,
    }
    return config


def on_post_build(config, **_: Any) -> None:
    """Write the wheel, the snapshot and the Pyodide core files into the built site, join the worker's
    modules into one script, then write ``sw.js``."""
    site_dir = Path(config.site_dir)
    snapshot: Snapshot = _state["snapshot"]
    for path, data in ((_state["wheel_path"], _state["wheel"]), (snapshot.site_path, snapshot.gz)):
        target = site_dir / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    try:
        write_worker_bundle(site_dir / WORKER_SCRIPT)
    except BundleError as error:
        raise PluginError(f"Python worker ({WORKER_SCRIPT}): {error}") from None
    pyodide_path = f"assets/pyodide/{_state['pyodide_version']}"
    for name in PYODIDE_CORE_FILES:
        _copy_if_changed(_state["pyodide_dir"] / name, site_dir / pyodide_path / name)
    if not _state.get("serving"):
        # Only the fallback boot needs these two: the service worker keeps them when fetched, never up front.
        write_service_worker(site_dir, frozenset({_state["wheel_path"], f"{pyodide_path}/python_stdlib.zip"}),
                             inflate=frozenset({snapshot.site_path}))


def on_serve(server, config, builder, **_: Any):
    """Rebuild on engine edits too (the docs, config and theme are watched already)."""
    server.watch(str(REPO_ROOT / PACKAGE))
    return server
