"""Page macros' answers, cached by content: the engine's sources and the call's arguments.

A page macro is a pure function of the engine and its arguments, so its HTML is kept, keyed by

* the sources it can depend on (:class:`Fingerprints`): the kit's (the engine the browser gets, the
  page macros of this package) and, of the games, the files the call used: the Python files whose code
  ran for it, with the files they import, and the game's files that are not Python (recorded while it ran,
  :mod:`rollwright.mkdocs.call_uses`), plus the list of the game's files. An edit of one rules file then
  recomputes only the calls that read it. A call whose files could not be recorded (a profiler was running)
  is keyed on its whole game, as a call with arguments that are not plain data is never kept;
* the macro's name and its arguments as JSON.

A call that fails is never kept: it runs, and fails, each time. Ids given out on the page
(``rw-w3``, ``rw-c1``, see :mod:`rollwright.kit.macros`) are kept as placeholders and given afresh
on each use, so a kept answer fits wherever on a page the call stands. The cache lives in memory
for the life of the process (``rollwright serve``) and on disk in the site's
``.cache/rollwright/macros/``, one file per game (and one for the kit), rewritten with what the
last build used (up to :data:`VARIANTS` answers per call, so undoing an edit finds the answer again).

>>> import tempfile
>>> from rollwright.kit.macros import next_widget_id, start_page_ids
>>> cache = MacroCache(Path(tempfile.mkdtemp()), Fingerprints({None: "k"}))
>>> ran = []
>>> def box(n):
...     ran.append(n)
...     return f'<b id="{next_widget_id()}">{n}</b>'
>>> cached = cache.wrap(box, owner=lambda args, kwargs: None)
>>> start_page_ids(); cached(1), cached(1), cached(2), ran
('<b id="rw-w1">1</b>', '<b id="rw-w2">1</b>', '<b id="rw-w3">2</b>', [1, 2])
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import os
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import rollwright
from rollwright.kit.macros import PAGE_IDS
from rollwright.mkdocs.call_uses import Uses, import_closure, module_imports

FORMAT = "2"
"""Bump to forget every kept answer."""
KIT = "_kit"
"""The cache file of the calls that depend on the kit alone (``roll``, the kit's own widgets)."""
_ID = re.compile(r"\brw-([wc])(\d+)(?!\d)")
_SLOT = re.compile("\x00([wc])(\\d+)\x00")

log = logging.getLogger("mkdocs.plugins.rollwright")


def digest(files: Iterable[tuple[str, bytes]]) -> str:
    """One hex digest of (name, bytes) pairs, in the order given.

    >>> digest([("a.py", b"x")]) == digest([("a.py", b"x")]) != digest([("a.py", b"y")])
    True
    """
    total = hashlib.sha256(FORMAT.encode())
    for name, data in files:
        total.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return total.hexdigest()[:24]


class Fingerprints:
    """The fingerprint of the kit (key ``None``) and of each game package (key: its import name); with ``files``,
    each game's files' own digests (relative to its folder), so a call is keyed on the files it used alone."""

    def __init__(self, parts: Mapping[str | None, str], files: Mapping[str, Mapping[str, bytes]] | None = None,
                 folders: Mapping[str, Path] | None = None) -> None:
        self.parts = dict(parts)
        self.sources = {owner: dict(found) for owner, found in (files or {}).items()}
        self.digests = {owner: {name: hashlib.sha256(data).hexdigest()[:16] for name, data in found.items()}
                        for owner, found in self.sources.items()}
        self.layouts = {owner: digest([("\n".join(sorted(found)), b"")]) for owner, found in self.sources.items()}
        self.folders = {owner: Path(folder) for owner, folder in (folders or {}).items()}
        self._imports: dict[str, dict[str, set[str]]] = {}
        self._paths: dict[str, tuple[str, str]] | None = None

    def of(self, owner: str | None) -> str:
        """What a call owned by ``owner`` (a game package, or None for the kit) depends on."""
        kit = self.parts[None]
        return kit if owner is None else f"{kit}-{self.parts[owner]}"

    def changed(self, other: Fingerprints | None) -> set[str | None]:
        """The owners whose fingerprint differs from ``other``'s (every one, when the kit's differs).

        >>> Fingerprints({None: "k", "a": "1", "b": "2"}).changed(Fingerprints({None: "k", "a": "1", "b": "3"}))
        {'b'}
        """
        if other is None or other.parts.get(None) != self.parts[None]:
            return set(self.parts)
        return {owner for owner, value in self.parts.items() if other.parts.get(owner) != value}

    def used(self, owner: str | None, ran: set[str] | None) -> dict[str, list[str]]:
        """What a call owned by ``owner`` depends on, given the files whose code ``ran`` (None: not known, so the
        owner's whole game): per game, its Python files that ran with those they import, and its files that are
        not Python (``*``: every file of the game)."""
        found: dict[str, set[str]] = {}
        if ran is None:
            return {owner: ["*"]} if owner is not None else {}
        where = self._where()
        for path in ran:
            place = where.get(path) or where.get(os.path.realpath(path))
            if place is not None:
                found.setdefault(place[0], set()).add(place[1])
        for game in list(found):
            found[game] = import_closure(found[game], self.imports(game))
        if owner is not None:
            found.setdefault(owner, set())
        for game in found:
            found[game] |= {name for name in self.digests.get(game, {}) if not name.endswith(".py")}
        return {game: sorted(names) for game, names in sorted(found.items())}

    def _where(self) -> dict[str, tuple[str, str]]:
        """Each game Python file's path (as found, and resolved) -> (game, its name in the game)."""
        if self._paths is None:
            self._paths = {}
            for game, folder in self.folders.items():
                for name in self.digests.get(game, {}):
                    if name.endswith(".py"):
                        self._paths[str(folder / name)] = self._paths[os.path.realpath(folder / name)] = (game, name)
        return self._paths

    def imports(self, game: str) -> dict[str, set[str]]:
        """The game's files and the game files each imports (read once per fingerprint)."""
        if game not in self._imports:
            self._imports[game] = module_imports(game, self.sources.get(game, {}))
        return self._imports[game]

    def key(self, uses: Mapping[str, Sequence[str]]) -> str | None:
        """The fingerprint of what a call used, now (None: a file it used is gone, or a game it used)."""
        parts = [("kit", self.parts[None].encode())]
        for game, names in sorted(uses.items()):
            if game not in self.parts:
                return None
            if list(names) == ["*"] or game not in self.digests:
                parts.append((game, self.parts[game].encode()))
                continue
            parts.append((game, self.layouts[game].encode()))
            for name in names:
                if name not in self.digests[game]:
                    return None
                parts.append((f"{game}/{name}", self.digests[game][name].encode()))
        return digest(parts)


def kit_files(systems: Sequence[str]) -> list[tuple[str, bytes]]:
    """The kit's side of every answer: the engine the browser gets, this package's page macros, the site's games
    (by name) and the Python that runs them."""
    from rollwright.mkdocs.bundle import engine_files

    here = Path(__file__).resolve().parent
    own = [(f"{folder.name}/{path.name}", path.read_bytes())
           for folder in (here, here.parent / "site") for path in sorted(folder.glob("*.py"))]
    facts = f"{rollwright.__version__}\0{sys.version}\0{','.join(systems)}".encode()
    return [*engine_files(), *own, ("facts", facts)]


def game_files(folder: Path, package: str) -> list[tuple[str, bytes]]:
    """A game's side of its answers: every file of its package (what the browser gets, and its checks' data)."""
    files = []
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder)
        if path.is_file() and not any(part == "__pycache__" or part.startswith(".") for part in relative.parts):
            files.append((f"{package}/{relative.as_posix()}", path.read_bytes()))
    return files


def fingerprints(systems: Sequence[Any]) -> Fingerprints:
    """The fingerprints of a site's sources now (``systems``: :class:`rollwright.mkdocs.systems.SiteSystem`)."""
    parts: dict[str | None, str] = {None: digest(kit_files([s.module for s in systems]))}
    files: dict[str, dict[str, bytes]] = {}
    for system in systems:
        found = game_files(system.folder, system.module)
        parts[system.module] = digest(found)
        files[system.module] = {name.split("/", 1)[1]: data for name, data in found}
    return Fingerprints(parts, files, {system.module: Path(system.folder) for system in systems})


def _plain(args: tuple[Any, ...], kwargs: Mapping[str, Any]) -> str | None:
    """The arguments as canonical JSON, or None when they are not plain data (such a call is never kept)."""
    try:
        return json.dumps([list(args), kwargs], sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError):
        return None


def _to_slots(html: str, first: Mapping[str, int]) -> str:
    """The ids given out during the call (numbered after ``first``) as placeholders, in order of issue."""
    def slot(match: re.Match[str]) -> str:
        kind, number = match.group(1), int(match.group(2))
        return f"\x00{kind}{number - first[kind]}\x00" if number > first[kind] else match.group(0)

    return _ID.sub(slot, html)


def _from_slots(html: str) -> str:
    """Placeholders back into ids, given out now in the order the call first gave them."""
    given: dict[tuple[str, int], str] = {}
    for kind, index in sorted({(m.group(1), int(m.group(2))) for m in _SLOT.finditer(html)}):
        given[(kind, index)] = PAGE_IDS.next(kind)
    return _SLOT.sub(lambda m: given[(m.group(1), int(m.group(2)))], html)


VARIANTS = 3
"""Answers kept per call (for different sources): undoing an edit finds the answer from before it."""


class MacroCache:
    """Kept answers of page macros for one site, in memory and under ``folder`` (see the module documentation)."""

    def __init__(self, folder: Path, fingerprints: Fingerprints) -> None:
        self.folder = folder
        self.fingerprints = fingerprints
        self._kept: dict[str | None, dict[str, list[dict[str, Any]]]] = {}  # owner -> key -> variants, newest first
        self._used: dict[str | None, set[str]] = {}  # owner -> keys used by this process
        self.hits = self.misses = 0
        self.owners_used: set[str | None] = set()
        """The owners of the calls made since :meth:`start_page` (which games' code a page depends on)."""
        self.files_used: dict[str, set[str]] = {}
        """The games' files the calls made since :meth:`start_page` used (``*``: every file of that game)."""

    def renew(self, fingerprints: Fingerprints) -> None:
        """The sources changed: each kept answer is checked against the files it used, as they are now."""
        self.fingerprints = fingerprints

    def start_page(self) -> None:
        """A page starts: count its owners and files afresh."""
        self.owners_used = set()
        self.files_used = {}

    def _note(self, uses: Mapping[str, Sequence[str]]) -> None:
        for game, names in uses.items():
            self.files_used.setdefault(game, set()).update(names)

    def _file(self, owner: str | None) -> Path:
        return self.folder / f"{owner or KIT}.json"

    def _entries(self, owner: str | None) -> dict[str, list[dict[str, Any]]]:
        if owner not in self._kept:
            self._kept[owner] = {}
            try:
                stored = json.loads(self._file(owner).read_text(encoding="utf-8"))
                if stored.get("format") == FORMAT:
                    self._kept[owner] = {key: list(found) for key, found in dict(stored["answers"]).items()}
            except (OSError, ValueError, KeyError, TypeError, AttributeError):
                pass  # no cache yet, or one this version cannot read: start empty
        return self._kept[owner]

    def wrap(self, macro: Callable[..., Any], owner: Callable[[tuple[Any, ...], dict[str, Any]], str | None]
             ) -> Callable[..., Any]:
        """``macro``, answering from the cache when it can; ``owner`` says which game a call belongs to."""
        @functools.wraps(macro)
        def cached(*args: Any, **kwargs: Any) -> Any:
            whose = owner(args, kwargs)
            self.owners_used.add(whose)
            plain = _plain(args, kwargs)
            if plain is None or (whose is not None and whose not in self.fingerprints.parts):
                self._note({whose: ["*"]} if whose is not None else {})
                return macro(*args, **kwargs)
            entries = self._entries(whose)
            key = hashlib.sha256(f"{macro.__module__}.{macro.__name__}\0{plain}".encode()).hexdigest()[:32]
            self._used.setdefault(whose, set()).add(key)
            variants = entries.get(key, [])
            for variant in variants:
                if self.fingerprints.key(variant["uses"]) == variant["fingerprint"]:
                    self.hits += 1
                    self._note(variant["uses"])
                    return _from_slots(variant["html"])
            self.misses += 1
            first = dict(PAGE_IDS.given)
            with Uses() as ran:
                html = macro(*args, **kwargs)
            uses = self.fingerprints.used(whose, ran.files if ran.active else None)
            self._note(uses)
            fingerprint = self.fingerprints.key(uses)
            if isinstance(html, str) and fingerprint is not None:
                kept = {"fingerprint": fingerprint, "uses": uses, "html": _to_slots(str(html), first)}
                entries[key] = [kept, *(v for v in variants if v["fingerprint"] != fingerprint)][:VARIANTS]
            return html

        return cached

    def save(self) -> None:
        """Write, for each owner, the answers this process used (a failed write only costs speed)."""
        for owner, used in self._used.items():
            entries = self._kept.get(owner, {})
            answers = {key: entries[key] for key in sorted(used) if key in entries}
            if not answers:
                continue
            path = self._file(owner)
            try:
                self.folder.mkdir(parents=True, exist_ok=True)
                temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
                temporary.write_text(json.dumps({"format": FORMAT, "answers": answers}), encoding="utf-8")
                temporary.replace(path)
            except OSError as error:
                log.info(f"The macro cache could not be saved ({error}); the next build computes every table again.")
