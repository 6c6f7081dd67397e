"""Notice edits to a site's sources by polling, on every OS, with no package beyond the standard library.

A :class:`Watcher` keeps the size and modification time of every file under its roots (files or
folders; a root may be missing, come back, or be swapped for another). :meth:`Watcher.poll` scans
once and returns a burst of changes once the burst has gone quiet, so one save that touches many
files (an editor's temp file, a ``git checkout``) gives one rebuild.

>>> import tempfile, time
>>> root = Path(tempfile.mkdtemp())
>>> watcher = Watcher([root], quiet=0.0)
>>> watcher.poll()
frozenset()
>>> _ = (root / "page.md").write_text("hello")
>>> _ = (root / "page.md~").write_text("an editor's backup: ignored")
>>> [path.name for path in watcher.poll()]
['page.md']
>>> watcher.poll()
frozenset()
"""

from __future__ import annotations

import os
import stat
import threading
import time
from collections.abc import Iterable
from pathlib import Path

IGNORED_DIRS = frozenset({".cache", "__pycache__", ".git", ".hg", ".svn", "node_modules", ".pytest_cache",
                          ".mypy_cache", ".hypothesis", ".venv"})
"""Folders never looked into, wherever they are."""
IGNORED_TOP = frozenset({"site"})
"""Folders skipped only at the top of a root (a project's built output; ``docs/rules/site/`` is a page folder)."""

Stamp = tuple[int, int, int]
"""A file's (size, modification time in ns, inode: an editor that saves by renaming changes it)."""


def ignored_file(name: str) -> bool:
    """Editors' and systems' scratch files.

    >>> [ignored_file(n) for n in ("rules.md", "rules.md~", ".rules.md.swp", ".#rules.md", "4913", ".DS_Store")]
    [False, True, True, True, True, True]
    """
    return (name.endswith(("~", ".swp", ".swx", ".swo", ".tmp", ".pyc")) or name.startswith(".#")
            or name in {"4913", ".DS_Store", "Thumbs.db"})


def scan(root: Path) -> dict[str, Stamp]:
    """Every watched file under ``root`` (itself, if a file) with its stamp; ``{}`` while it is missing.

    Paths stay strings here: a scan runs several times a second and makes no object it does not need.
    """
    found: dict[str, Stamp] = {}
    try:
        info = root.stat()
    except OSError:
        return found
    if not stat.S_ISDIR(info.st_mode):
        if not ignored_file(root.name):
            found[str(root)] = (info.st_size, info.st_mtime_ns, info.st_ino)
        return found
    seen: set[tuple[int, int]] = set()
    stack = [(str(root), True)]
    while stack:
        folder, top = stack.pop()
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue  # removed while we looked: the next poll sees it
        for entry in entries:
            try:
                if entry.is_dir():
                    here = entry.stat()
                    if entry.name in IGNORED_DIRS or (top and entry.name in IGNORED_TOP) \
                            or (here.st_dev, here.st_ino) in seen:
                        continue
                    seen.add((here.st_dev, here.st_ino))  # a folder linked into itself is read once
                    stack.append((entry.path, False))
                elif not ignored_file(entry.name):
                    here = entry.stat()
                    found[entry.path] = (here.st_size, here.st_mtime_ns, here.st_ino)
            except OSError:
                continue
    return found


class Watcher:
    """Poll roots for changes; :meth:`poll` returns a quiet burst's changed paths (added, edited, removed)."""

    def __init__(self, roots: Iterable[Path], *, quiet: float = 0.15) -> None:
        self.quiet = quiet
        self._lock = threading.Lock()
        self._roots: dict[Path, dict[str, Stamp]] = {}
        self._burst: set[str] = set()
        self._last_change = 0.0
        self.set_roots(roots)

    @property
    def roots(self) -> list[Path]:
        """The roots watched now."""
        with self._lock:
            return list(self._roots)

    def set_roots(self, roots: Iterable[Path], *, since_ns: int | None = None) -> None:
        """Watch ``roots`` from now on. A new root's files are taken as they are, except those modified at or
        after ``since_ns`` (a build's start: what was edited while it read the old roots), which count as changes.
        """
        wanted = list(dict.fromkeys(Path(os.path.abspath(root)) for root in roots))
        with self._lock:
            kept = {root: self._roots[root] for root in wanted if root in self._roots}
            for root in wanted:
                if root not in kept:
                    kept[root] = files = scan(root)
                    if since_ns is not None:
                        self._note({path for path, (_, mtime, _) in files.items() if mtime >= since_ns})
            self._roots = kept

    def _note(self, changed: set[str]) -> None:
        if changed:
            self._burst |= changed
            self._last_change = time.monotonic()

    def poll(self) -> frozenset[Path]:
        """Scan once; the changes of a burst that has been quiet ``quiet`` seconds (else nothing, yet)."""
        with self._lock:
            roots = list(self._roots.items())
        for root, before in roots:
            now = scan(root)
            if now == before:
                continue
            changed = {path for path in before.keys() | now.keys() if before.get(path) != now.get(path)}
            with self._lock:
                if self._roots.get(root) is before:
                    self._roots[root] = now
                    self._note(changed)
        with self._lock:
            if self._burst and time.monotonic() - self._last_change >= self.quiet:
                burst, self._burst = frozenset(Path(path) for path in self._burst), set()
                return burst
        return frozenset()
