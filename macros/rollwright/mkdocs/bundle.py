"""The browser's Python: one wheel holding the engine and exactly the site's systems.

The bundle is an ordinary ``py3-none-any`` wheel, written here byte for byte the same for the
same inputs (sorted entries, timestamps from ``SOURCE_DATE_EPOCH``, default 1980-01-01):

* the engine: ``rollwright/__init__.py``, ``errors.py``, ``dice/`` and ``kit/`` (never the
  command line or this MkDocs side, which a browser has no use for);
* each system's package folder: its Python modules and data files (``.toml``, ``.json``), but not
  its ``worked_examples.toml`` and ``parity_calls.toml`` (the checks' data, :mod:`rollwright.checks`);
* :data:`ENTRY_MODULE`, written for this site: it names the site's systems and its example games
  (:func:`rollwright.kit.discovery.use_systems`), then imports the registry, so the browser
  worker, the memory snapshot and the fallback boot all see the same systems;
* with Node, Pyodide's bytecode for every module (:mod:`rollwright.mkdocs.bytecode`).

>>> entry_module_source(["pips"], "1.0.0").splitlines()[-4:]
['SYSTEMS = ("pips",)', 'EXAMPLES = ()', 'use_systems(SYSTEMS, EXAMPLES)', 'from rollwright.kit.api import call_json  # noqa: E402  (fills the registry)']
>>> entry_module_source(["pips"], "1.0.0", ["coin"]).splitlines()[-5:-2]
['PACKAGES = ("rollwright", "pips", "coin")', 'SYSTEMS = ("pips",)', 'EXAMPLES = ("coin",)']
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timezone
from io import BytesIO
from pathlib import Path

import rollwright
from rollwright.mkdocs.systems import SiteSystem

ENTRY_MODULE = "rollwright_site"
"""The module the browser worker imports and calls (``call_json``); written into each site's bundle."""
DIST_NAME = "rollwright_site"
ENGINE_PARTS = ("__init__.py", "errors.py", "dice", "kit", "data")
"""What of the ``rollwright`` package the browser gets (tests/kit/test_bundle.py checks nothing else is needed)."""
DATA_SUFFIXES = (".py", ".toml", ".json")
NOT_SHIPPED = frozenset({"worked_examples.toml", "parity_calls.toml"})
"""A system's data files for ``rollwright check``, which the browser never reads."""
DEFAULT_SOURCE_DATE_EPOCH = 315532800  # 1980-01-01T00:00:00Z, the earliest a zip can record


@dataclass(frozen=True)
class Bundle:
    """The built wheel: its file name, bytes, and the packages it holds."""

    filename: str
    data: bytes
    packages: tuple[str, ...]

    @property
    def site_path(self) -> str:
        """Its content-addressed path inside the site."""
        return f"assets/engine/{hashlib.sha256(self.data).hexdigest()[:12]}/{self.filename}"


def _tuple(items: Sequence[str]) -> str:
    """Python source for a tuple of strings: ``("a",)``, ``("a", "b")``."""
    inner = ", ".join(json.dumps(item) for item in items)
    return f"({inner},)" if len(items) == 1 else f"({inner})"


def entry_module_source(systems: Sequence[str], version: str, examples: Sequence[str] = ()) -> str:
    """The text of :data:`ENTRY_MODULE` for a site with these system packages (and example games')."""
    return "\n".join([
        '"""This site\'s engine in the browser: its systems, then the registry (written by the site build)."""',
        "",
        "from rollwright.kit.discovery import use_systems",
        "",
        f"__version__ = {json.dumps(version)}",
        f"PACKAGES = {_tuple(['rollwright', *systems, *examples])}",
        f"SYSTEMS = {_tuple(systems)}",
        f"EXAMPLES = {_tuple(examples)}",
        "use_systems(SYSTEMS, EXAMPLES)",
        "from rollwright.kit.api import call_json  # noqa: E402  (fills the registry)",
    ]) + "\n"


def _folder_files(folder: Path, prefix: str) -> list[tuple[str, bytes]]:
    files = []
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if not path.is_file() or any(part == "__pycache__" or part.startswith(".") for part in relative.parts):
            continue
        if path.suffix not in DATA_SUFFIXES or path.name in NOT_SHIPPED:
            continue
        files.append((f"{prefix}/{relative.as_posix()}", path.read_bytes()))
    return files


def engine_files() -> list[tuple[str, bytes]]:
    """(archive name, bytes) of the engine part of ``rollwright``, wherever it is installed."""
    root = Path(rollwright.__file__).resolve().parent
    files: list[tuple[str, bytes]] = []
    for part in ENGINE_PARTS:
        path = root / part
        files += _folder_files(path, f"rollwright/{part}") if path.is_dir() else [(f"rollwright/{part}",
                                                                                    path.read_bytes())]
    return files


def source_files(systems: Sequence[SiteSystem]) -> list[tuple[str, bytes]]:
    """Every source file of the bundle (engine, systems, entry module), sorted by archive name."""
    files = engine_files()
    for system in systems:
        files += _folder_files(system.folder, system.module)
    entry = entry_module_source([s.module for s in systems if not s.example], rollwright.__version__,
                                [s.module for s in systems if s.example])
    files.append((f"{ENTRY_MODULE}.py", entry.encode("utf-8")))
    names = [name for name, _ in files]
    if len(set(names)) != len(names):
        raise ValueError("two systems ship the same file: " + ", ".join(sorted({n for n in names if names.count(n) > 1})))
    return sorted(files)


def _epoch() -> tuple[int, int, int, int, int, int]:
    seconds = max(int(os.environ.get("SOURCE_DATE_EPOCH") or DEFAULT_SOURCE_DATE_EPOCH), DEFAULT_SOURCE_DATE_EPOCH)
    moment = datetime.fromtimestamp(seconds, tz=timezone.utc)
    return (moment.year, moment.month, moment.day, moment.hour, moment.minute, moment.second - moment.second % 2)


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")


def write_wheel(files: Sequence[tuple[str, bytes]], version: str) -> tuple[str, bytes]:
    """A wheel of ``files`` with its metadata; returns (file name, bytes). Same input, same bytes."""
    dist_info = f"{DIST_NAME}-{version}.dist-info"
    metadata = [
        (f"{dist_info}/METADATA", f"Metadata-Version: 2.1\nName: {DIST_NAME}\nVersion: {version}\n"
                                  "Summary: A Rollwright site's engine for the browser\n".encode()),
        (f"{dist_info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: rollwright\nRoot-Is-Purelib: true\n"
                               b"Tag: py3-none-any\n"),
    ]
    entries = sorted(files) + metadata
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in entries)
    entries.append((f"{dist_info}/RECORD", (record + f"{dist_info}/RECORD,,\n").encode()))
    out = BytesIO()
    stamp = _epoch()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            info = zipfile.ZipInfo(name, date_time=stamp)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, data, compresslevel=9)
    return f"{DIST_NAME}-{version}-py3-none-any.whl", out.getvalue()


def build_bundle(systems: Sequence[SiteSystem], pyc: Sequence[tuple[str, bytes]] = (),
                 sources: Sequence[tuple[str, bytes]] | None = None) -> Bundle:
    """The site's browser wheel from its systems' sources (``sources``: as read already) and (optionally)
    their Pyodide bytecode."""
    sources = source_files(systems) if sources is None else sources
    filename, data = write_wheel([*sources, *pyc], rollwright.__version__)
    return Bundle(filename, data, ("rollwright", *(s.module for s in systems)))
