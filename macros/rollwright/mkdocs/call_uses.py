"""Which of the games' files a page macro's answer depends on, so that an edit recomputes only the calls it touches.

A call's answer is a function of the code that ran for it and of the values that code read. While a call runs,
:class:`Uses` records the file of every Python function that ran (with C's profiler, the cheapest hook there is
before Python 3.12's ``sys.monitoring``). A module's values come from its own code and from what it imports, so each recorded file of a game
adds the files it imports, transitively (:func:`import_closure`, read from the source, never run). The game's
files that are not Python (a ``game.toml``, data) are counted as used by every call of that game: what reads them
is not always Python of the game (the kit reads a ``game.toml``).

What this cannot see, and so never relies on: a module that changes another's values when imported (a registry
filled from elsewhere) is caught only if its code runs during the call or is imported by code that does. Adding
or removing a file of a game changes what the kit's discovery finds, so the cache keys every call of a game on
the list of its files too (:mod:`rollwright.mkdocs.macro_cache`).

>>> import tempfile
>>> game = Path(tempfile.mkdtemp()) / "g"
>>> (game / "rules").mkdir(parents=True)
>>> for name, text in {"__init__.py": "from g.rules import odds", "rules/__init__.py": "",
...                    "rules/odds.py": "from .steps import STEPS", "rules/steps.py": "STEPS = 3"}.items():
...     _ = (game / name).write_text(text)
>>> sources = {p.relative_to(game).as_posix(): p.read_bytes() for p in game.rglob("*.py")}
>>> sorted(import_closure({"rules/odds.py"}, module_imports("g", sources)))
['rules/odds.py', 'rules/steps.py']
"""

from __future__ import annotations

import ast
import cProfile
import sys
import threading
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

_local = threading.local()


def _module_of(relative: str, package: str) -> str:
    """The import name of a game's file: ``rules/odds.py`` of ``g`` is ``g.rules.odds``."""
    parts = [package, *relative[: -len(".py")].split("/")]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def module_imports(package: str, sources: Mapping[str, bytes]) -> dict[str, set[str]]:
    """Each Python file of a game (relative to its folder) and the game's files it imports (read, never run).

    ``import g.rules.odds`` binds ``g``: every level counts. ``from g.rules import odds`` takes the submodule only;
    ``from g.rules import X`` (not a submodule) takes the package's ``__init__.py``. A package's ``__init__.py``
    is not counted merely because one of its submodules is imported: its values reach no one who does not name it.

    >>> game = {"__init__.py": b"", "a.py": b"from g import b", "b.py": b"X = 1", "c.py": b"from . import X"}
    >>> found = module_imports("g", game)
    >>> sorted(found["a.py"]), sorted(found["c.py"]), sorted(found["b.py"])
    (['b.py'], ['__init__.py'], [])
    """
    found: dict[str, set[str]] = {}
    for relative, data in sources.items():
        if not relative.endswith(".py"):
            continue
        module = _module_of(relative, package)
        here = module if relative.endswith("__init__.py") else module.rpartition(".")[0]
        try:
            tree = ast.parse(data)
        except (SyntaxError, ValueError):
            found[relative] = set()  # the import fails with its own message; nothing to follow here
            continue
        names: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    parts = alias.name.split(".")
                    names.update(".".join(parts[: n + 1]) for n in range(len(parts)))
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = here.split(".")
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join([*anchor, base] if base else anchor)
                for alias in node.names:
                    if _file_of(f"{base}.{alias.name}", package, sources) is not None:
                        names.add(f"{base}.{alias.name}")
                    else:
                        names.add(base)
        found[relative] = {file for name in names if (file := _file_of(name, package, sources)) is not None}
    return found


def _file_of(module: str, package: str, sources: Mapping[str, bytes]) -> str | None:
    """The game file of an import name (None: not the game's)."""
    if module != package and not module.startswith(package + "."):
        return None
    inner = module[len(package) + 1:].replace(".", "/") if module != package else ""
    for candidate in ((f"{inner}.py", f"{inner}/__init__.py") if inner else ("__init__.py",)):
        if candidate in sources:
            return candidate
    return None


def import_closure(files: Iterable[str], imports: Mapping[str, set[str]]) -> set[str]:
    """``files`` and every game file they import, transitively (see :func:`module_imports`)."""
    seen: set[str] = set()
    todo = list(files)
    while todo:
        relative = todo.pop()
        if relative not in seen:
            seen.add(relative)
            todo.extend(imports.get(relative, ()))
    return seen


class Uses:
    """The files whose Python functions ran while in the block (this thread; C's profiler, so a call costs
    about 3x while recorded: only a call that is not in the cache is).

    ``active`` is False when a profiler runs already (cProfile, a debugger's) or a block is open on this thread:
    nothing is recorded then, and the caller takes the call as using every file of its game.

    >>> with Uses() as used:
    ...     _ = _module_of("a.py", "g")
    >>> used.active, __file__ in used.files
    (True, True)
    """

    def __init__(self) -> None:
        self.files: set[str] = set()
        self.active = False
        self._profile: cProfile.Profile | None = None

    def __enter__(self) -> Uses:
        if getattr(_local, "open", False) or sys.getprofile() is not None:
            return self
        self._profile = cProfile.Profile(builtins=False)
        try:
            self._profile.enable()
        except ValueError:  # another profiling tool is active (Python 3.12+ says so)
            self._profile = None
            return self
        _local.open = self.active = True
        return self

    def __exit__(self, *exc: Any) -> None:
        if self._profile is None:
            return
        self._profile.disable()
        _local.open = False
        self.files = {entry.code.co_filename for entry in self._profile.getstats()
                      if not isinstance(entry.code, str)}
        self._profile = None
