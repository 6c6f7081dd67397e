"""The browser runtime of one site build: its Python bundle, memory snapshot, Pyodide and service worker.

The plugin (:mod:`rollwright.mkdocs.plugin`) makes one :class:`SiteAssets` per build. It

* builds the site's browser wheel (:mod:`rollwright.mkdocs.bundle`: the engine and exactly the
  site's systems) at a content-addressed path, ``assets/engine/<sha256[:12]>/<wheel>``, with
  Pyodide bytecode next to the sources when Node.js is there (:mod:`rollwright.mkdocs.bytecode`);
* with Node.js, makes a Pyodide memory snapshot with the engine imported
  (:mod:`rollwright.mkdocs.snapshot`), shipped as zstd frames at ``assets/snapshot/<sha256[:16]>/...``,
  and beside it the small standard library a normal boot needs (:mod:`rollwright.mkdocs.lean_stdlib`);
  without Node.js the site boots Python the standard way, and the build says so once;
* copies the pinned Pyodide core files to ``assets/pyodide/<version>/`` (self-hosted, no CDN);
* joins the Python worker's modules into one script (:mod:`rollwright.mkdocs.worker_bundle`);
* writes the service worker ``sw.js`` for offline reading (:mod:`rollwright.mkdocs.offline`; not
  under ``mkdocs serve``), whose offline page the theme renders (the plugin asks for it);
* gives ``config.extra["rollwright"]``, which the theme's ``main.html`` puts on every page as
  JSON for ``assets/rollwright/rollwright.js``. Its paths are relative to the site root.

Caches (bytecode, snapshots) live in the site's ``.cache/rollwright/``, keyed by content.
"""

from __future__ import annotations

import hashlib
import logging
import os
import shutil
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rollwright.site.errors import SiteBuildError

import rollwright
from rollwright.mkdocs.bundle import ENTRY_MODULE, Bundle, build_bundle, source_files
from rollwright.mkdocs.bytecode import NodeError, node_path, pyodide_bytecode
from rollwright.mkdocs.offline import SERVICE_WORKER, write_service_worker
from rollwright.mkdocs.resources import PYODIDE_CORE_FILES, Pyodide, pyodide
from rollwright.mkdocs.lean_stdlib import FILENAME as STDLIB_ZIP
from rollwright.mkdocs.lean_stdlib import LeanStdlib, LeanStdlibError, trim
from rollwright.mkdocs.snapshot import BUILD_LEVEL, SERVE_LEVEL, Snapshot, SnapshotError, build_snapshot
from rollwright.mkdocs.systems import SiteSystem
from rollwright.mkdocs.worker_bundle import BundleError, write_worker_bundle

WORKER_SCRIPT = "assets/rollwright/runtime/worker.js"
"""The Python worker's script in the built site: its modules joined into one (``worker_bundle.py``)."""
BOOT_TIMEOUT_MS = 120_000
CALL_TIMEOUT_MS = 30_000
NO_NODE = ("Node.js was not found: the site is built without the memory snapshot and the compiled "
           "bytecode, so each reader's first page with a widget starts Python the standard way (about "
           "3-4x longer before its first answer). Install Node.js 20 or newer and build again for the "
           "fast start; nothing else changes.")

log = logging.getLogger("mkdocs.plugins.rollwright")
_told_about_node: list[bool] = []


class _Making:
    """The bundle and snapshot being made on a thread of their own (a daemon: a build that stops does not wait)."""

    def __init__(self, work: Callable[[], tuple[Bundle, Snapshot | None]]) -> None:
        self._work = work
        self._done = threading.Event()
        self._answer: tuple[Bundle, Snapshot | None] | None = None
        self._error: BaseException | None = None
        threading.Thread(target=self._run, name="rollwright-runtime", daemon=True).start()

    def _run(self) -> None:
        try:
            self._answer = self._work()
        except BaseException as error:  # noqa: BLE001 - handed to the build, which raises it
            self._error = error
        finally:
            self._done.set()

    def done(self, within: float = 0.0) -> bool:
        """Whether the making has ended (waiting at most ``within`` seconds for it)."""
        return self._done.wait(within)

    def result(self) -> tuple[Bundle, Snapshot | None]:
        self._done.wait()
        if self._error is not None:
            raise self._error
        assert self._answer is not None
        return self._answer


SERVE_WAIT_S = 0.5
"""How long a build under ``rollwright serve`` waits for the bytecode and the snapshot before it ships a plain wheel."""
_MAKING: dict[str, _Making] = {}
"""The making of the bundle and snapshot for the latest sources this process saw (:meth:`SiteAssets.prepare`)."""


def say_once_no_node() -> None:
    """Say, once per process, that without Node.js the site has no fast start.

    An INFO message, not a warning: a site without the fast start is a working site, and a
    strict build (every Rollwright build is one) stops at the first warning.
    """
    if not _told_about_node:
        _told_about_node.append(True)
        log.info(NO_NODE)


def _copy_if_changed(source: Path, target: Path) -> None:
    stat = source.stat()
    if target.is_file():
        current = target.stat()
        if current.st_size == stat.st_size and int(current.st_mtime) == int(stat.st_mtime):
            return
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(source, target)


class SiteAssets:
    """What one build of one site ships for the browser; :meth:`prepare` first, then :meth:`write`."""

    def __init__(self, site_root: Path, systems: Sequence[SiteSystem], *, serving: bool) -> None:
        self.site_root = site_root
        self.systems = list(systems)
        self.serving = serving
        self.cache = site_root / ".cache" / "rollwright"
        self.runtime: Pyodide = pyodide()
        self.bundle: Bundle | None = None
        self.snapshot: Snapshot | None = None
        self.lean_stdlib: LeanStdlib | None = None
        self._making: _Making | None = None
        self._sources: list[tuple[str, bytes]] = []
        self._key = ""
        self.page_config: dict[str, Any] = {}

    def _bytecode(self, sources: list[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
        if node_path() is None:
            say_once_no_node()
            return []
        try:
            return pyodide_bytecode(sources, self.runtime, self.cache / "pyc")
        except NodeError as error:
            raise SiteBuildError(str(error)) from None

    def _make(self, sources: list[tuple[str, bytes]]) -> tuple[Bundle, Snapshot | None]:
        """The wheel (with bytecode) and the snapshot for ``sources`` (Node.js runs for both when it is there)."""
        bundle = build_bundle(self.systems, self._bytecode(sources), sources)
        snapshot = None
        if node_path() is not None:
            try:
                snapshot = build_snapshot(bundle.data, ENTRY_MODULE, self.runtime, self.cache / "snapshot",
                                          SERVE_LEVEL if self.serving else BUILD_LEVEL)
            except SnapshotError as error:
                raise SiteBuildError(str(error)) from None
        return bundle, snapshot

    def _sources_key(self, sources: list[tuple[str, bytes]]) -> str:
        """What the bundle and the snapshot are made from: the sources, the versions, Node.js or not."""
        total = hashlib.sha256()
        for name, data in sources:
            total.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
        facts = (rollwright.__version__, self.runtime.version, str(node_path()), str(os.environ.get("SOURCE_DATE_EPOCH")),
                 str(self.serving))  # serving: a faster compression of the snapshot
        total.update("\0".join(facts).encode())
        return total.hexdigest()

    def prepare(self) -> dict[str, Any]:
        """Start making the bundle and (with Node) the snapshot; returns the page config for the theme, whose
        ``engineWheel`` and ``snapshot`` :meth:`finish` fills in.

        They are made in the background (:class:`_Making`) while the pages' macros and Markdown are rendered,
        and the site work waits for them (:meth:`finish`). Under ``rollwright serve`` an edit of the Markdown
        leaves the sources as they were: what was made for them last time is used again; an edit of a game's
        code starts the making only once the pages are rendered, and the pages get a plain wheel meanwhile.
        """
        sources = source_files(self.systems)
        self._sources = sources
        key = self._sources_key(sources)
        self._key = key
        if not self.serving:
            self._start_making()
        self.page_config = {
            "pyodide": f"assets/pyodide/{self.runtime.version}/",
            "pyodideVersion": self.runtime.version,
            "engineWheel": None,
            "engineVersion": rollwright.__version__,
            "entryModule": ENTRY_MODULE,
            "snapshot": None,
            "serviceWorker": None if self.serving else SERVICE_WORKER,
            "bootTimeoutMs": BOOT_TIMEOUT_MS,
            "callTimeoutMs": CALL_TIMEOUT_MS,
        }
        return self.page_config

    def _start_making(self) -> None:
        if self._key not in _MAKING:
            _MAKING.clear()  # only the latest sources are worth keeping (an older making still ends on its own)
            sources = self._sources
            _MAKING[self._key] = _Making(lambda: self._make(sources))
        self._making = _MAKING[self._key]

    def finish(self) -> None:
        """Wait for the bundle and the snapshot, and put their paths in the page config (its failure raised here)."""
        if not self._key:
            raise SiteBuildError("the site's runtime was never prepared (on_config did not run)")
        self._start_making()  # under serve, only now: the pages were rendered without it taking a core
        assert self._making is not None
        if self.serving and not self._making.done(SERVE_WAIT_S):
            # While serving, a page never waits for the bytecode and the snapshot of sources just edited: it gets
            # a plain wheel of them now (the browser boots Python the standard way), and the next build after the
            # making ends uses what it made.
            self.bundle, self.snapshot = build_bundle(self.systems, [], self._sources), None
            self.page_config["engineWheel"] = self.bundle.site_path
            self.page_config["snapshot"] = None
            self.lean_stdlib = None
            return
        try:
            self.bundle, self.snapshot = self._making.result()
        except BaseException:
            _MAKING.pop(self._key, None)  # made again at the next build, not the same failure given back
            raise
        self.page_config["engineWheel"] = self.bundle.site_path
        self.page_config["snapshot"] = self.snapshot.config() if self.snapshot else None
        self.lean_stdlib = self._lean_stdlib()
        if self.lean_stdlib is not None:
            self.page_config["snapshot"]["stdlib"] = self.lean_stdlib.config()

    def _lean_stdlib(self) -> LeanStdlib | None:
        """The small standard library listed with the snapshot (none without a snapshot, or an old one's list)."""
        if self.snapshot is None or not self.snapshot.stdlib_files:
            return None
        try:
            data = trim((self.runtime.folder / STDLIB_ZIP).read_bytes(), self.snapshot.stdlib_files)
        except LeanStdlibError as error:
            raise SiteBuildError(str(error)) from None
        return LeanStdlib(data, self.snapshot.site_path.rsplit("/", 1)[0])

    def write(self, site_dir: Path) -> None:
        """Write the bundle, the snapshot and Pyodide into the built site, join the worker, then ``sw.js``."""
        if self.bundle is None:
            raise SiteBuildError("the site's runtime was never prepared (on_config did not run)")
        written = [(self.bundle.site_path, self.bundle.data)]
        if self.snapshot is not None:
            written.append((self.snapshot.site_path, self.snapshot.compressed))
        if self.lean_stdlib is not None:
            written.append((self.lean_stdlib.site_path, self.lean_stdlib.data))
        for path, data in written:
            target = site_dir / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(data)
        try:
            write_worker_bundle(site_dir / WORKER_SCRIPT)
        except BundleError as error:
            raise SiteBuildError(f"Python worker ({WORKER_SCRIPT}): {error}") from None
        pyodide_path = f"assets/pyodide/{self.runtime.version}"
        for name in PYODIDE_CORE_FILES:
            _copy_if_changed(self.runtime.folder / name, site_dir / pyodide_path / name)
        if not self.serving:
            # Only the fallback boot needs these two: the service worker keeps them when fetched, never up front.
            lazy = frozenset({self.bundle.site_path, f"{pyodide_path}/{STDLIB_ZIP}"}
                             | ({self.lean_stdlib.site_path} if self.lean_stdlib else set()))
            inflate = frozenset({self.snapshot.site_path}) if self.snapshot else frozenset()
            # Python's own files: on a slow connection, kept once Python is used, not at install (answers at build time
            # let a page be read without them).
            python = frozenset({f"{pyodide_path}/{name}" for name in PYODIDE_CORE_FILES}
                               | ({self.snapshot.site_path} if self.snapshot else set())) - lazy
            write_service_worker(site_dir, lazy, inflate=inflate, python=python)
