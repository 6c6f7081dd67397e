"""``rollwright serve`` for any generator: build the site, serve it, rebuild on each edit; never hang, never die.

:func:`serve_site` serves the last good build on ``dev_addr`` (see :mod:`rollwright.site.httpd`)
while a :class:`DevSite` watches the site's sources by polling (:mod:`rollwright.site.watcher`)
and rebuilds in ONE background thread, once per burst of edits, passing the build what changed.
A build that fails turns every page into an error page that reloads itself once a build succeeds;
requests never wait for a build. The build function is the caller's (the generator's build and
Rollwright's step), called as ``build(config_file, generator=..., site_dir=..., site_url=...,
serving=True, changed=...)``: ``changed`` is None for a full build, else the paths edited since the
last build that succeeded.

>>> import tempfile, urllib.request
>>> site = Path(tempfile.mkdtemp())
>>> _ = (site / "mkdocs.yml").write_text("site_name: T\\n")
>>> def build(config_file, *, site_dir, **_):
...     (site_dir / "index.html").write_text("<html><body>Hi</body></html>")
>>> with running(site / "mkdocs.yml", "127.0.0.1:0", build=build, generator=None) as dev:
...     dev.wait_for_epoch(1)
...     print(urllib.request.urlopen(dev.url).read().decode()[:21])
1
<html><body>Hi<script
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from rollwright.errors import RollwrightError
from rollwright.site.httpd import SiteServer
from rollwright.site.mirror import sync
from rollwright.site.reload import BuildState, in_place, still_building
from rollwright.site.sources import site_sources
from rollwright.site.watcher import Watcher

log = logging.getLogger("rollwright.serve")
NOTE_EVERY = 20.0
"""Seconds between the log's "still building" lines after the first (at :data:`~rollwright.site.reload.SLOW_BUILD`)."""


def parse_address(dev_addr: str) -> tuple[str, int]:
    """``host:port`` as a pair; the host defaults to 127.0.0.1.

    >>> parse_address("127.0.0.1:8000"), parse_address(":8001"), parse_address("[::1]:8002")
    (('127.0.0.1', 8000), ('127.0.0.1', 8001), ('::1', 8002))
    """
    host, _, port = dev_addr.rpartition(":")
    if not port.isdigit():
        raise ValueError(f"the address to serve on must be host:port (like 127.0.0.1:8000), not {dev_addr!r}")
    return host.strip("[]") or "127.0.0.1", int(port)


class DevSite:
    """A site served while edited: its temporary folders, the build state, the watcher and the builder thread."""

    def __init__(self, config_file: Path, *, build: Callable[..., object], generator: Any,
                 watched: Callable[[], list[Path]] | None = None, poll: float = 0.1, quiet: float = 0.09) -> None:
        self.config_file = Path(config_file).resolve()
        self.build, self.generator, self.poll = build, generator, poll
        self.watched = watched or (lambda: site_sources(self.config_file))
        self.folder = Path(tempfile.mkdtemp(prefix="rollwright_serve_"))
        self.built, self.served = self.folder / "built", self.folder / "served"
        self.built.mkdir()
        self.served.mkdir()
        self.url = ""
        self.server: SiteServer | None = None
        self.state = BuildState()
        self.builds: list[frozenset[Path] | None] = []
        """What each build was told had changed, in order (None: everything)."""
        self.watcher = Watcher(self._roots(), quiet=quiet)
        self._lock = threading.Lock()
        self._unbuilt: set[Path] = set()
        self._full = True
        self._wanted = threading.Event()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    def _roots(self) -> list[Path]:
        """What to watch: the caller's list (or the config's), always with the config itself."""
        try:
            roots = [Path(root) for root in self.watched()]
        except Exception as error:  # noqa: BLE001 - a config being edited may not read: keep watching what we had
            log.debug("could not list the sources to watch: %s", error)
            roots = self.watcher.roots if hasattr(self, "watcher") else []
        return [self.config_file] + [root for root in roots if root != self.config_file]

    def start(self, url: str) -> None:
        """Build first, then rebuild on each burst of edits (both in background threads)."""
        self.url = url
        self._wanted.set()
        for name, work in (("rollwright-build", self._build_loop), ("rollwright-watch", self._watch_loop)):
            thread = threading.Thread(target=work, name=name, daemon=True)
            thread.start()
            self._threads.append(thread)

    def stop(self) -> None:
        """Stop watching and building (a build running on is left to end with the process) and remove the folders."""
        self._stop.set()
        self._wanted.set()
        self.state.wake()
        for thread in self._threads:
            thread.join(timeout=2.0)
        shutil.rmtree(self.folder, ignore_errors=True)

    def changed(self, paths: frozenset[Path]) -> None:
        """Ask for a build that takes ``paths`` into account."""
        with self._lock:
            self._unbuilt |= paths
        self._wanted.set()

    def wait_for_epoch(self, epoch: int, timeout: float = 30.0) -> int:
        """Wait until ``epoch`` builds have finished (for tests and tools); the epoch now."""
        deadline = time.monotonic() + timeout
        while self.state.epoch < epoch and time.monotonic() < deadline:
            self.state.wait_past(self.state.epoch, timeout=min(0.5, max(0.0, deadline - time.monotonic())))
        return self.state.epoch

    def _watch_loop(self) -> None:
        next_note = 0.0
        while not self._stop.wait(self.poll):
            try:
                paths = self.watcher.poll()
                if paths:
                    log.info("Changed: %s", ", ".join(sorted(self._shown(path) for path in paths)[:5])
                             + (f" and {len(paths) - 5} more" if len(paths) > 5 else ""))
                    self.changed(paths)
                seconds = self.state.running_for()
                if seconds is None:
                    next_note = 0.0
                elif (note := still_building(seconds)) and seconds >= next_note:
                    log.warning("%s (pages show the last good build meanwhile)", note)
                    next_note = seconds + NOTE_EVERY
            except Exception as error:  # noqa: BLE001 - the watcher must outlive anything
                log.debug("watching failed once: %r", error)

    def _build_loop(self) -> None:
        while True:
            self._wanted.wait()
            if self._stop.is_set():
                return
            self._wanted.clear()
            with self._lock:
                taken, self._unbuilt = self._unbuilt, set()
                changed, full = (None if self._full else frozenset(taken)), self._full
            if changed is not None and not changed:
                continue  # woken for paths an earlier turn already took
            try:
                ok, internal = self.build_once(changed)
            except Exception as error:  # noqa: BLE001 - the builder thread must outlive anything
                log.error("Rollwright itself failed: %s: %s", type(error).__name__, self._scrub(str(error)))
                ok, internal = False, True
                self.state.finished([f"Rollwright itself failed: {type(error).__name__}: {self._scrub(str(error))}"])
            with self._lock:
                if not ok:
                    self._unbuilt |= taken  # the next build is told everything since the last good one
                self._full = (full and not ok) or internal

    def build_once(self, changed: frozenset[Path] | None) -> tuple[bool, bool]:
        """One build into the builder's folder, then (if it succeeded) into the served one; (succeeded, our fault)."""
        log.info("Building...")
        self.builds.append(changed)
        began, began_ns = time.perf_counter(), time.time_ns()
        self.state.started()
        problems: list[str] | None = None
        internal = False
        try:
            self.build(self.config_file, generator=self.generator, site_dir=self.built, site_url=self.url,
                       serving=True, changed=changed)
            sync(self.built, self.served)
        except (Exception, SystemExit) as error:  # noqa: BLE001 - every failure goes to the page; the server lives
            problems, internal = self._problems(error)
        self.watcher.set_roots(self._roots(), since_ns=began_ns)
        if self._stop.is_set():
            return problems is None, internal
        if problems is None:
            log.info("Built in %.2f s", time.perf_counter() - began)
        else:
            for problem in problems:
                log.error("%s", problem)
            log.error("The site did not build; the browser shows why. The server keeps running: fix the error and save.")
        self.state.finished(problems, in_place(changed, self.config_file))
        return problems is None, internal

    def _problems(self, error: BaseException) -> tuple[list[str], bool]:
        """What a failed build says, and whether the fault is Rollwright's own (not the site's)."""
        listed = getattr(error, "problems", None)
        if isinstance(listed, list) and listed:
            return [self._scrub(str(problem)) for problem in listed], False
        if isinstance(error, RollwrightError):
            return [self._scrub(error.message)], False
        log.debug("the build raised", exc_info=error)
        return [f"Rollwright itself failed: {type(error).__name__}: {self._scrub(str(error))}"], True

    def _scrub(self, text: str) -> str:
        """``text`` without this machine's folders (the build's, the project's, the home folder)."""
        for folder, shown in ((self.built, "site"), (self.folder, "site"), (self.config_file.parent, "."),
                              (Path.home(), "~")):
            if len(str(folder)) > 1:
                text = text.replace(str(folder) + os.sep, "" if shown == "." else shown + "/").replace(str(folder), shown)
        return text

    def _shown(self, path: Path) -> str:
        try:
            return path.relative_to(self.config_file.parent).as_posix()
        except ValueError:
            return path.name


@contextmanager
def running(config_file: Path, dev_addr: str, *, build: Callable[..., object], generator: Any,
            watched: Callable[[], list[Path]] | None = None, in_thread: bool = True,
            poll: float = 0.1, quiet: float = 0.09) -> Iterator[DevSite]:
    """A dev server (bound, building, watching) while in the block; ``dev_addr`` port 0 picks a free one.

    With ``in_thread`` the HTTP server answers from a thread of its own; else the caller runs
    ``site.server.serve_forever()``. The sources are scanned every ``poll`` seconds; a burst of edits is
    built once no new edit has come for ``quiet`` seconds (by default: the next scan saw nothing new).
    """
    host, port = parse_address(dev_addr)
    site = DevSite(Path(config_file), build=build, generator=generator, watched=watched, poll=poll, quiet=quiet)
    try:
        server = SiteServer((host, port), site.served, site.state)
    except BaseException:
        site.stop()
        raise
    shown_host = f"[{host}]" if ":" in host else host
    site.server = server
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    try:
        site.start(f"http://{shown_host}:{server.server_address[1]}/")
        if in_thread:
            thread.start()
        yield site
    finally:
        if in_thread and thread.is_alive():
            server.shutdown()
        server.close()
        site.stop()


def _show_logs() -> None:
    """Print this server's lines as ``mkdocs serve`` does, unless logging is set up already."""
    if log.level == logging.NOTSET:
        log.setLevel(logging.INFO)
    if not log.hasHandlers():
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(levelname)-8s-  %(message)s"))
        log.addHandler(handler)


def serve_site(config_file: Path, dev_addr: str, *, build: Callable[..., object], generator: Any,
               watched: Callable[[], list[Path]] | None = None) -> None:
    """Serve the site at ``dev_addr`` while its sources are edited, until Ctrl-C (see the module documentation).

    Raises OSError (and serves nothing) if the address cannot be bound; a failing build never stops it.
    """
    _show_logs()
    with running(Path(config_file), dev_addr, build=build, generator=generator, watched=watched,
                 in_thread=False) as site:
        log.info("Serving on %s", site.url)
        assert site.server is not None
        try:
            site.server.serve_forever(poll_interval=0.5)
        except KeyboardInterrupt:
            log.info("Shutting down...")
