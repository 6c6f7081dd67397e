"""The browser modules a page will load, read from their own imports when the site is built.

A page's scripts are ES modules that import one another: fetched one by one, each level of imports is
one more round trip before the page is live (on a phone's 150 ms link, four levels cost more than all
of their bytes). The theme lists every module a page will need as ``<link rel="modulepreload">`` in
its head, so they all load at once. The list is read here from the modules' ``import`` lines, so it
can never fall behind the code.

Every page loads ``rollwright.js`` and all it imports. The modules it or ``widgets.js`` imports only
when the page has something (a builder, a things list, a tracker) are listed with the mark of that
something in the page's HTML (:data:`ON_DEMAND`); the theme preloads them only where that mark is.

>>> sorted(static_imports('import { a } from "./x.js";\\nimport "../y.js";\\n * @type {import("./z.js").T}'
...                      '\\n  import("./w.js").then(f);\\nexport { b } from "./v.js";'))
['../y.js', './v.js', './x.js']
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

ENTRY = "rollwright.js"
"""The page's own module (``extra_javascript``), relative to ``assets/rollwright/``."""

ON_DEMAND: tuple[tuple[str, tuple[str, ...], bool], ...] = (
    ("builder/builder.js", ("data-rw-builder=",), True),
    ("builder/store-notice.js", ("data-rw-system=",), False),
    ("widgets/things.js", ("data-rw-things", "data-rw-entry="), True),
    ("widgets/use-character.js", ("data-rw-fill",), False),
    ("widgets/tracker-keep.js", ("data-rw-keep",), True),
    ("widgets/roll-log.js", ("data-rw-roll-log",), True),
    ("widgets/roll-links.js", ("data-rw-widget", "data-rw-chip"), False),
)
"""Modules imported with ``import(...)`` (rollwright.js, widgets.js, after-answer.js), the marks of the pages
that use them, and whether the theme preloads them there. A builder, a things list, a tracker and the roll log
are the page's point. The rest load once the page is quiet (runtime/idle.js) or with the first answer, so
that on a phone's link they do not delay that answer (each request before it takes a share of a busy link):
the note about unreadable saved characters, "use my character", the roll links and the roll log."""

_STATIC = re.compile(r"""^[ \t]*(?:import\s*(?:[\w$*{][^;'"]*?\sfrom\s*)?|export\s*(?:\*|\{[^}]*\})[^;'"]*?\bfrom\s*)"""
                     r"""["'](\.{1,2}/[^"']+\.js)["']""", re.M)
_DYNAMIC = re.compile(r"""^(?![ \t]*(?:\*|//)).*?\bimport\(\s*["'](\.{1,2}/[^"']+\.js)["']\s*\)""", re.M)


def static_imports(source: str) -> list[str]:
    """The relative modules a module's top-level ``import``/``export ... from`` lines name (no comments)."""
    return _STATIC.findall(source)


def dynamic_imports(source: str) -> list[str]:
    """The relative modules a module imports with ``import("...")`` in code (not in a comment).

    >>> dynamic_imports('  import("./a.js").then(f);\\n * @type {import("./b.js").T}')
    ['./a.js']
    """
    return _DYNAMIC.findall(source)


def closure(root: Path, start: str) -> list[str]:
    """``start`` and every module it imports, directly or not, depth first (paths relative to ``root``).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     _ = (Path(folder) / "a.js").write_text('import { b } from "./w/b.js";')
    ...     (Path(folder) / "w").mkdir()
    ...     _ = (Path(folder) / "w" / "b.js").write_text('import "../a.js";')
    ...     closure(Path(folder), "a.js")
    ['a.js', 'w/b.js']
    """
    found: list[str] = []
    pending = [start]
    while pending:
        module = pending.pop()
        if module in found:
            continue
        path = root / module
        if not path.is_file():
            raise FileNotFoundError(f"{path}: imported by the site's scripts, but not there")
        found.append(module)
        folder = posixpath.dirname(module)
        pending.extend(reversed([posixpath.normpath(posixpath.join(folder, name))
                                 for name in static_imports(path.read_text(encoding="utf-8"))]))
    return found


def page_modules(root: Path) -> list[dict[str, object]]:
    """Each module a page may load, once: ``{"path": ..., "when": [marks]}``; ``when`` is ``[""]`` for
    those every page loads (the empty string is in every page), else the marks of :data:`ON_DEMAND`
    whose module imports it. ``root``: the theme's ``assets/rollwright`` folder."""
    listed: dict[str, list[str]] = {module: [""] for module in closure(root, ENTRY)}
    for entry, marks, preload in ON_DEMAND:
        if not preload:
            continue
        for module in closure(root, entry):
            when = listed.setdefault(module, [])
            if "" not in when:
                when.extend(mark for mark in marks if mark not in when)
    return [{"path": path, "when": when} for path, when in listed.items()]
