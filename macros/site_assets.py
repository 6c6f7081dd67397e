"""MkDocs hook: ship the browser runtime with the site.

Registered in mkdocs.yml under ``hooks:``. At every build it

* packs ``engine/`` into a deterministic py3-none-any wheel (no network, no
  ``python -m build``: the zip is written here) and puts it at a
  content-addressed path, ``assets/engine/<sha256[:12]>/<wheel>``;
* copies the pinned Pyodide core files from ``node_modules/pyodide`` to
  ``assets/pyodide/<version>/`` (self-hosted, no CDN);
* sets ``config.extra["rollwright"]``, which ``site-overrides/main.html`` puts on
  every page as JSON for ``assets/rollwright/rollwright.js`` (its modules: ``runtime/``, ``widgets/``, ``builder/``).

Paths in that config are relative to the site root.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import shutil
import subprocess
import tempfile
import zipfile
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError

REPO_ROOT = Path(__file__).resolve().parent.parent
DIST_NAME = "rollwright_engine"
PACKAGE = "engine"
ZIP_DATE = (1980, 1, 1, 0, 0, 0)
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


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "sha256=" + digest.decode("ascii")


def _metadata(version: str) -> bytes:
    return (
        "Metadata-Version: 2.1\n"
        f"Name: {DIST_NAME.replace('_', '-')}\n"
        f"Version: {version}\n"
        "Summary: Rollwright rules engine: exact dice maths and rule systems, pure Python.\n"
        "Requires-Python: >=3.11\n"
    ).encode("utf-8")


def _wheel_info() -> bytes:
    return (
        "Wheel-Version: 1.0\n"
        "Generator: rollwright-site-assets\n"
        "Root-Is-Purelib: true\n"
        "Tag: py3-none-any\n"
    ).encode("utf-8")



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


def build_engine_wheel(repo_root: Path, *, bytecode: bool = True) -> tuple[str, bytes]:
    """Pack ``engine/`` as a py3-none-any wheel; returns (filename, bytes).

    Deterministic: sorted entries, fixed timestamps and modes, fixed compression,
    so the same sources always give the same bytes (and the same cache path).
    With ``bytecode``, Pyodide's ``.pyc`` files are included (see above).
    """
    repo_root = Path(repo_root)
    version = engine_version(repo_root)
    dist_info = f"{DIST_NAME}-{version}.dist-info"
    entries = _package_files(repo_root)
    if not entries:
        raise PluginError(f"no files found under {repo_root / PACKAGE}")
    if bytecode:
        _, pyodide_version = pyodide_dir(repo_root)
        entries = sorted(entries + pyodide_bytecode(entries, pyodide_version, repo_root / ".cache" / "pyc"))
    entries += [(f"{dist_info}/METADATA", _metadata(version)), (f"{dist_info}/WHEEL", _wheel_info())]
    record_lines = [f"{name},{_record_hash(data)},{len(data)}" for name, data in entries]
    record_lines.append(f"{dist_info}/RECORD,,")
    entries.append((f"{dist_info}/RECORD", ("\n".join(record_lines) + "\n").encode("utf-8")))

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o100644 << 16  # regular file, rw-r--r--
            info.create_system = 3  # unix, whatever the build machine is
            archive.writestr(info, data, compresslevel=9)
    return f"{DIST_NAME}-{version}-py3-none-any.whl", buffer.getvalue()


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


def on_config(config, **_: Any):
    """Build the wheel, check Pyodide, and publish the runtime config to templates."""
    package_dir, version = pyodide_dir(REPO_ROOT)
    filename, data = build_engine_wheel(REPO_ROOT)
    wheel_path = wheel_site_path(filename, data)
    _state.update(pyodide_dir=package_dir, pyodide_version=version, wheel_path=wheel_path, wheel=data)
    config.extra["rollwright"] = {
        "pyodide": f"assets/pyodide/{version}/",
        "engineWheel": wheel_path,
        "engineVersion": engine_version(REPO_ROOT),
        "bootTimeoutMs": BOOT_TIMEOUT_MS,
        "callTimeoutMs": CALL_TIMEOUT_MS,
    }
    return config


def on_post_build(config, **_: Any) -> None:
    """Write the wheel and the Pyodide core files into the built site."""
    site_dir = Path(config.site_dir)
    wheel_target = site_dir / _state["wheel_path"]
    wheel_target.parent.mkdir(parents=True, exist_ok=True)
    wheel_target.write_bytes(_state["wheel"])
    target_dir = site_dir / "assets" / "pyodide" / _state["pyodide_version"]
    for name in PYODIDE_CORE_FILES:
        _copy_if_changed(_state["pyodide_dir"] / name, target_dir / name)


def on_serve(server, config, builder, **_: Any):
    """Rebuild on engine edits too (the docs, config and theme are watched already)."""
    server.watch(str(REPO_ROOT / PACKAGE))
    return server
