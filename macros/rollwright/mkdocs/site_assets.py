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
import sys
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

    def __init__(self, work: Callable[[], tuple[Bundle, Snapshot | None]], *, background: bool = False) -> None:
        self._work = work
        self._background = background
        self._done = threading.Event()
        self._answer: tuple[Bundle, Snapshot | None] | None = None
        self._error: BaseException | None = None
        self.superseded = False
        """Under serve: newer sources were wanted before this making began, so it never ran."""

    def start(self) -> None:
        threading.Thread(target=self._run, name="rollwright-runtime", daemon=True).start()

    def _run(self) -> None:
        if self._background and sys.platform == "linux":
            # Under serve: this thread (and the Node.js it starts) yields the cores to the browser booting the page
            # and to the next edit's build. On Linux a thread's priority is its own; elsewhere it is the process's.
            try:
                os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), BACKGROUND_NICENESS)
            except OSError:
                pass
        try:
            if not self._background:
                self._answer = self._work()
                return
            with _ONE_AT_A_TIME:  # under serve, makings for sources already edited again are skipped, not raced
                if self not in _MAKING.values():
                    self.superseded = True
                    return
                self._answer = self._work()
        except BaseException as error:  # noqa: BLE001 - handed to the build, which raises it
            self._error = error
        finally:
            self._done.set()

    def ready(self, within: float = 0.0) -> bool:
        """Whether the making has ended and made something (a failure counts: :meth:`result` raises it)."""
        return self.done(within) and not self.superseded

    def done(self, within: float = 0.0) -> bool:
        """Whether the making has ended (waiting at most ``within`` seconds for it)."""
        return self._done.wait(within)

    def result(self) -> tuple[Bundle, Snapshot | None]:
        self._done.wait()
        if self._error is not None:
            raise self._error
        assert self._answer is not None
        return self._answer


_ONE_AT_A_TIME = threading.Lock()
BACKGROUND_NICENESS = 5
"""How much lower the making of bytecode and snapshot runs under ``rollwright serve`` (Linux; see :class:`_Making`)."""
SERVE_WAIT_S = 0.5
"""How long a build under ``rollwright serve`` waits for the bytecode and the snapshot before it ships a plain wheel
(when there is no earlier snapshot the browser can bring up to date instead)."""
_MAKING: dict[str, _Making] = {}
"""The making of the bundle and snapshot for the latest sources this process saw (:meth:`SiteAssets.prepare`)."""


class _Made:
    """A snapshot made by this process, and what it was made from: the kit's sources, and each game's."""

    def __init__(self, site_root: Path, base: str, games: dict[str, str], snapshot: Snapshot,
                 lean_stdlib: LeanStdlib | None, bytecode: dict[str, tuple[str, str, bytes]]) -> None:
        self.site_root, self.base, self.games = site_root, base, games
        self.snapshot, self.lean_stdlib = snapshot, lean_stdlib
        self.bytecode = bytecode

    def bytecode_for(self, sources: Sequence[tuple[str, bytes]]) -> list[tuple[str, bytes]]:
        """The bytecode made then of the ``sources`` unchanged since (it is never checked against its source: PEP
        552's unchecked hash, so an edited file gets none, and Pyodide compiles it)."""
        found = []
        for name, data in sources:
            kept = self.bytecode.get(name)
            if kept is not None and kept[0] == hashlib.sha256(data).hexdigest():
                found.append((kept[1], kept[2]))
        return sorted(found)


def bytecode_by_source(sources: Sequence[tuple[str, bytes]], pyc: Sequence[tuple[str, bytes]]
                       ) -> dict[str, tuple[str, str, bytes]]:
    """Each source's (digest, its .pyc's name, the .pyc) from a build's bytecode (``pkg/__pycache__/x.TAG.pyc``).

    >>> found = bytecode_by_source([("g/x.py", b"X = 1")], [("g/__pycache__/x.cpython-313.pyc", b"pyc")])
    >>> found["g/x.py"][1:]
    ('g/__pycache__/x.cpython-313.pyc', b'pyc')
    >>> list(bytecode_by_source([("e.py", b"")], [("__pycache__/e.cpython-313.pyc", b"")]))
    ['e.py']
    """
    digests = {name: hashlib.sha256(data).hexdigest() for name, data in sources}
    found: dict[str, tuple[str, str, bytes]] = {}
    for name, data in pyc:
        folder, _, file = f"/{name}".rpartition("/__pycache__/")
        source = f"{folder}/{file.split('.', 1)[0]}.py".lstrip("/")
        if file and source in digests:
            found[source] = (digests[source], name, data)
    return found


_LAST_MADE: dict[Path, _Made] = {}
"""Per site: the last snapshot made under ``rollwright serve``. While the one for sources just edited is being made,
the pages get it with the new plain wheel and the games to import again (``refresh``): the browser restores it, puts
the new wheel's files in place and imports those games afresh, instead of booting Python the slow way."""


def split_sources(sources: Sequence[tuple[str, bytes]], games: Sequence[str]) -> tuple[str, dict[str, str]]:
    """The digest of the sources that are not a game's (the kit, the entry module), and each game's digest.

    >>> base, parts = split_sources([("rollwright/a.py", b"1"), ("g/b.py", b"2")], ["g"])
    >>> split_sources([("rollwright/a.py", b"1"), ("g/b.py", b"3")], ["g"])[0] == base, sorted(parts)
    (True, ['g'])
    """
    totals = {game: hashlib.sha256() for game in games}
    base = hashlib.sha256()
    for name, data in sources:
        total = totals.get(name.split("/", 1)[0], base) if "/" in name else base
        total.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return base.hexdigest(), {game: total.hexdigest() for game, total in totals.items()}


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

    def _make(self, sources: list[tuple[str, bytes]], pyc: list[tuple[str, bytes]] | None = None
              ) -> tuple[Bundle, Snapshot | None]:
        """The wheel (with bytecode) and the snapshot for ``sources`` (Node.js runs for both when it is there)."""
        bundle = build_bundle(self.systems, self._bytecode(sources) if pyc is None else pyc, sources)
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
        code starts the making only once the pages are rendered (one making at a time: one for sources edited
        again meanwhile is skipped), and the pages get meanwhile the last snapshot to bring up to date (see
        :data:`_LAST_MADE`), or before the site's first snapshot, a plain wheel. The first build under serve starts
        the making at once, so that the fast path is there as soon as can be.
        """
        sources = source_files(self.systems)
        self._sources = sources
        key = self._sources_key(sources)
        self._key = key
        if not self.serving or (self.site_root not in _LAST_MADE and all(m.done() for m in _MAKING.values())):
            self._start_making()  # under serve, only for the site's first snapshot: edits wait for none before it
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
            making = _Making(lambda: self._make_and_remember(sources), background=self.serving)
            _MAKING[self._key] = making
            making.start()  # after it is listed: under serve it checks that it is still the latest
        self._making = _MAKING[self._key]

    def _make_and_remember(self, sources: list[tuple[str, bytes]]) -> tuple[Bundle, Snapshot | None]:
        """:meth:`_make`; under serve, its snapshot is then the one later pages bring up to date (:data:`_LAST_MADE`),
        from the moment it is made, whether or not a build has shipped it yet."""
        pyc = self._bytecode(sources)
        bundle, snapshot = self._make(sources, pyc)
        if self.serving and snapshot is not None:
            base, games = split_sources(sources, [system.module for system in self.systems])
            _LAST_MADE[self.site_root] = _Made(self.site_root, base, games, snapshot, self._lean_stdlib(snapshot),
                                               bytecode_by_source(sources, pyc))
        return bundle, snapshot

    def finish(self) -> None:
        """Wait for the bundle and the snapshot, and put their paths in the page config (its failure raised here).
        Under serve, the config also names the digests of the sources its wheel holds (``sources``: the kit's and
        each game's), so that a tab whose Python runs an older wheel can tell which games to import afresh when the
        dev server swaps a page built again in place (runtime/hot-refresh.js)."""
        if not self._key:
            raise SiteBuildError("the site's runtime was never prepared (on_config did not run)")
        refresh = None
        if self.serving:
            base, digests = split_sources(self._sources, [system.module for system in self.systems])
            self.page_config["sources"] = {"base": base, "games": digests}
            refresh = self._refresh(base, digests)
        self._start_making()  # under serve, only now: the pages were rendered without it taking a core
        assert self._making is not None
        if refresh is not None and not self._making.ready(0.0):
            # The last snapshot, brought up to date in the browser: the new wheel, and the games edited since.
            made, games = refresh
            self.bundle = build_bundle(self.systems, made.bytecode_for(self._sources), self._sources)
            self.snapshot, self.lean_stdlib = made.snapshot, made.lean_stdlib
            self.page_config["engineWheel"] = self.bundle.site_path
            self.page_config["snapshot"] = {**made.snapshot.config(), "refresh": games}
            if made.lean_stdlib is not None:
                self.page_config["snapshot"]["stdlib"] = made.lean_stdlib.config()
            return
        if self.serving and not self._making.ready(SERVE_WAIT_S):
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
        self.lean_stdlib = self._lean_stdlib(self.snapshot)
        if self.lean_stdlib is not None:
            self.page_config["snapshot"]["stdlib"] = self.lean_stdlib.config()

    def _refresh(self, base: str, games: dict[str, str]) -> tuple[_Made, list[str]] | None:
        """The last snapshot made for this site, and the games whose sources changed since, when the browser can
        bring it up to date: the same kit and entry module (so the same games), only games' code edited.
        ``base`` and ``games``: the digests of the sources now (:func:`split_sources`)."""
        made = _LAST_MADE.get(self.site_root)
        if made is None:
            return None
        if base != made.base or set(games) != set(made.games):
            return None
        return made, sorted(game for game, value in games.items() if made.games[game] != value)

    def _lean_stdlib(self, snapshot: Snapshot | None) -> LeanStdlib | None:
        """The small standard library listed with a snapshot (none without a snapshot, or an old one's list)."""
        if snapshot is None or not snapshot.stdlib_files:
            return None
        try:
            data = trim((self.runtime.folder / STDLIB_ZIP).read_bytes(), snapshot.stdlib_files)
        except LeanStdlibError as error:
            raise SiteBuildError(str(error)) from None
        return LeanStdlib(data, snapshot.site_path.rsplit("/", 1)[0])

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
            if target.is_file() and target.stat().st_size == len(data):
                continue  # content-addressed: the same path holds the same bytes (a snapshot is MBs)
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
