"""Whose fault an exception is: a game's own code, or Rollwright's (the kit), said where it lies.

The command line and the site build report an exception that is not an engine refusal
(:class:`rollwright.errors.RollwrightError`) by where it happened. Walking its traceback from
the innermost frame outwards:

* a ``SyntaxError`` in a game's file: that file and line, whatever imported it;
* an error a library raised for one it caught (``__cause__``, ``__context__``): the caught one's;
* else the innermost frame that is not Python's or an installed library's: in a game's own files
  (a folder that is neither Rollwright nor a library, or a package the site names as a game), the
  game's code at that file and line; in Rollwright itself, a fault in the kit, the only case to
  report.

>>> import os
>>> try:
...     exec(compile("{}['crit']", os.path.abspath("mygame/rules.py"), "exec"), {})
... except KeyError as error:
...     found = blame(error)
>>> found.kind, found.where.file.endswith("mygame/rules.py"), found.where.line, found.cause
('game', True, 1, "KeyError: 'crit'")
"""

from __future__ import annotations

import os
import sys
import sysconfig
import traceback
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

import rollwright

GAME = "game"
KIT = "kit"
LIBRARY = "library"


@dataclass(frozen=True)
class Where:
    """A line of code: its file, line number, function and text."""

    file: str
    line: int | None
    function: str = ""
    text: str = ""

    def shown(self, root: Path | None = None) -> str:
        """``pips/rules/hits.py, line 30`` (relative to ``root`` when inside it).

        >>> Where("/site/pips/x.py", 3).shown(Path("/site"))
        'pips/x.py, line 3'
        """
        path = Path(self.file)
        if root is not None:
            try:
                path = path.resolve().relative_to(root.resolve())
            except ValueError:
                pass
        return f"{path.as_posix()}, line {self.line}" if self.line else path.as_posix()


@dataclass(frozen=True)
class Blame:
    """Where an exception lies: ``kind`` is ``game``, ``kit`` or ``library``; ``where`` the line to look at."""

    kind: str
    where: Where | None
    cause: str
    """The exception in one line: ``KeyError: 'crit'``."""


def _roots(paths: Iterable[str]) -> tuple[str, ...]:
    return tuple(os.path.join(os.path.realpath(path), "") for path in paths if path)


def _library_roots() -> tuple[str, ...]:
    names = ("stdlib", "platstdlib", "purelib", "platlib")
    paths = {sysconfig.get_paths().get(name, "") for name in names}
    for prefix in {sys.prefix, sys.base_prefix, sys.exec_prefix}:
        paths.add(os.path.join(prefix, "lib"))
    return _roots(paths)


def kind_of(file: str, games: Sequence[str] = ()) -> str:
    """``game``, ``kit`` or ``library`` for a source file (``games``: the site's game package folders).

    >>> kind_of(rollwright.__file__), kind_of(os.__file__), kind_of("/home/me/srd/pips/rules/hits.py")
    ('kit', 'library', 'game')
    """
    if file.startswith("<"):  # <template>, <string>, <frozen importlib._bootstrap>
        return LIBRARY
    path = os.path.realpath(file)
    if games and path.startswith(_roots(games)):
        return GAME
    if path.startswith(_roots(rollwright.__path__)):
        return KIT
    if path.startswith(_library_roots()):
        return LIBRARY
    return GAME


def one_line(error: BaseException) -> str:
    """The exception as Python prints its last line, on one line.

    >>> one_line(KeyError("crit"))
    "KeyError: 'crit'"
    """
    text = " ".join(traceback.format_exception_only(type(error), error)[-1].split())
    return text if len(text) <= 500 else text[:497] + "..."


def frames(error: BaseException) -> list[Where]:
    """The traceback's lines, outermost first."""
    return [Where(frame.filename, frame.lineno, frame.name, (frame.line or "").strip())
            for frame in traceback.extract_tb(error.__traceback__)]


def _imported_file(error: BaseException) -> Where | None:
    """The line a SyntaxError points at (the file being imported), if it is a real file."""
    if isinstance(error, SyntaxError) and error.filename and os.path.isfile(error.filename):
        return Where(error.filename, error.lineno, "", (error.text or "").strip())
    return None


def blame(error: BaseException, games: Sequence[str] = ()) -> Blame:
    """Where ``error`` lies (see the module documentation); ``games`` adds installed games' folders."""
    cause = one_line(error)
    imported = _imported_file(error)
    if imported is not None and kind_of(imported.file, games) == GAME:
        return Blame(GAME, imported, cause)
    lines = frames(error)
    chained = error.__cause__ or error.__context__
    if lines and kind_of(lines[-1].file, games) == LIBRARY and chained is not None and chained is not error:
        inner = blame(chained, games)  # a library that caught a game's error and raised its own
        if inner.kind != LIBRARY:
            return inner
    for where in reversed(lines):  # the innermost line of a game's or Rollwright's own code decides
        kind = kind_of(where.file, games)
        if kind != LIBRARY:
            return Blame(kind, where, cause)
    return Blame(LIBRARY, lines[-1] if lines else None, cause)


def describe(error: BaseException, games: Sequence[str] = (), root: Path | None = None) -> str:
    """What went wrong, whose it is and what to do, in words (one or two lines; paths shown from ``root``).

    >>> try:
    ...     exec(compile("{}['crit']", os.path.abspath("mygame/rules.py"), "exec"), {})
    ... except KeyError as error:
    ...     print(describe(error, root=Path.cwd()))
    Your game's code failed: KeyError: 'crit' at mygame/rules.py, line 1. Fix it there (this is not a fault in Rollwright).
    """
    found = blame(error, games)
    hint = missing_module_hint(_innermost(error, found))
    where = f" at {found.where.shown(root)}" if found.where is not None else ""
    if found.kind == GAME:
        code = f": `{found.where.text}`" if found.where is not None and found.where.text else ""
        advice = hint or "Fix it there (this is not a fault in Rollwright)."
        return f"Your game's code failed: {found.cause}{where}{code}. {advice}"
    if hint:
        return f"{found.cause}{where}. {hint}"
    return (f"Rollwright itself failed: {found.cause}{where}. This is a fault in Rollwright, not in your site: "
            "please report it with this message.")


def _innermost(error: BaseException, found: Blame) -> BaseException:
    """The error of the chain that ``found`` describes."""
    seen: BaseException | None = error
    while seen is not None and one_line(seen) != found.cause:
        seen = seen.__cause__ or seen.__context__
    return seen or error


def missing_module_hint(error: BaseException) -> str:
    """For a ModuleNotFoundError: what to do, in words (else '').

    >>> missing_module_hint(ModuleNotFoundError("No module named 'numpyy'", name="numpyy"))
    "Python cannot find a module named 'numpyy': check its spelling, or install it (pip install ...) in the environment that runs Rollwright."
    """
    if not isinstance(error, ModuleNotFoundError) or not error.name:
        return ""
    return (f"Python cannot find a module named {error.name!r}: check its spelling, or install it "
            "(pip install ...) in the environment that runs Rollwright.")
