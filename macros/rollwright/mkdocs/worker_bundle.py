"""The Python worker's modules joined into one script at build time.

The worker (``assets/rollwright/runtime/worker.js``) is a module script with a small graph of
relative imports. A browser fetches and evaluates that graph one level at a time before the
worker's first line runs, and on a returning visit every file is one more trip through the
service worker. The built site therefore gets ``worker.js`` as one module: every module of the
graph once, dependencies first (the order in which the browser evaluates them), with their
``import`` lines and ``export`` keywords removed. The sources stay separate files.

Only what the runtime's modules use is accepted, so a change that this simple join would get
wrong fails the build with the file and the line instead: one-line named imports of relative
modules (``import { a, b } from "./x.js";``), ``export`` before a declaration, and top-level
names that no two modules share. Dynamic ``import()`` is left alone.

>>> files = {"a.js": 'import { b } from "./b.js";\\nb();\\n', "b.js": "export function b() {}\\n"}
>>> print(join_modules("a.js", files.__getitem__))
// ---- b.js
function b() {}
<BLANKLINE>
// ---- a.js
b();
<BLANKLINE>
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from pathlib import Path

IMPORT = re.compile(r'^import \{([^}]*)\} from "(\./[^"]+\.js)";[ \t]*$', re.M)
ANY_STATIC_IMPORT = re.compile(r"^\s*import\b(?!\s*\()", re.M)
EXPORT = re.compile(r"^export ", re.M)
UNSUPPORTED_EXPORT = re.compile(r"^export\s+(default\b|\{|\*)", re.M)
DECLARATION = re.compile(r"^(?:export )?(?:async )?(?:function\*?|class|const|let|var)\s+(\w+|\{[^}]*\})", re.M)


class BundleError(ValueError):
    """The worker's modules use a form this join does not support; the message names the file and line."""


def _line(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def declared_names(name: str, text: str) -> list[str]:
    """Top-level names a module declares (destructured names included).

    >>> declared_names("x.js", "export const { config, error: configError } = f();\\nasync function g() {}\\n")
    ['config', 'configError', 'g']
    """
    names = []
    for match in DECLARATION.finditer(text):
        target = match.group(1)
        if target.startswith("{"):
            for part in target.strip("{}").split(","):
                if part.strip():
                    names.append(part.split(":")[-1].strip())
        else:
            names.append(target)
    return names


def _imports(name: str, text: str) -> list[tuple[str, list[str]]]:
    """(module path, imported names) for each import line; anything else that imports is refused."""
    found = []
    for match in IMPORT.finditer(text):
        names = [part.strip() for part in match.group(1).split(",") if part.strip()]
        if any(not re.fullmatch(r"\w+", n) for n in names):
            raise BundleError(f"{name}:{_line(text, match.start())}: only plain names can be imported "
                              f"(no `as`): {match.group(0)}")
        found.append((posixpath.normpath(posixpath.join(posixpath.dirname(name), match.group(2))), names))
    rest = IMPORT.sub("", text)
    stray = ANY_STATIC_IMPORT.search(rest)
    if stray:
        raise BundleError(f"{name}: an import the worker bundle cannot join (write it as "
                          f'`import {{ a, b }} from "./x.js";` on one line): '
                          f"{rest[stray.start():rest.find(chr(10), stray.start())].strip()}")
    unsupported = UNSUPPORTED_EXPORT.search(text)
    if unsupported:
        raise BundleError(f"{name}:{_line(text, unsupported.start())}: only `export` before a declaration "
                          f"can be joined: {text[unsupported.start():text.find(chr(10), unsupported.start())]}")
    return found


def join_modules(entry: str, read: Callable[[str], str | None]) -> str:
    """One script from the module ``entry`` and every module it imports (paths relative to one folder).

    >>> try:
    ...     join_modules("a.js", {"a.js": 'import { c } from "./b.js";\\n', "b.js": "export const d = 1;\\n"}.get)
    ... except BundleError as error:
    ...     print(error)
    a.js imports c from b.js, which does not export it
    """
    order: list[str] = []
    texts: dict[str, str] = {}
    visiting: set[str] = set()

    def visit(name: str) -> None:
        if name in texts:
            return
        if name in visiting:
            raise BundleError(f"{name} is part of an import cycle, which the worker bundle cannot order")
        visiting.add(name)
        try:
            text = read(name)
        except (OSError, KeyError) as error:
            raise BundleError(f"the worker imports {name}, which cannot be read ({error})") from None
        if text is None:
            raise BundleError(f"the worker imports {name}, which does not exist")
        for target, names in _imports(name, text):
            visit(target)
            exported = {n for n in declared_names(target, texts[target])
                        if re.search(rf"^export .*\b{re.escape(n)}\b", texts[target], re.M)}
            for imported in names:
                if imported not in exported:
                    raise BundleError(f"{name} imports {imported} from {target}, which does not export it")
        texts[name] = text
        order.append(name)

    visit(entry)
    owners: dict[str, str] = {}
    for name in order:
        for declared in declared_names(name, texts[name]):
            if declared in owners:
                raise BundleError(f"{name} and {owners[declared]} both declare `{declared}` at the top level: "
                                  "rename one of them (the worker's modules are joined into one script)")
            owners[declared] = name
    parts = [f"// ---- {name}\n" + EXPORT.sub("", IMPORT.sub("", texts[name])).lstrip("\n") for name in order]
    return "\n".join(parts)


def write_worker_bundle(script: Path) -> None:
    """Replace a built module script with its whole graph joined (see module doc)."""
    folder = script.parent
    script.write_text(join_modules(script.name, lambda name: (folder / name).read_text(encoding="utf-8")),
                      encoding="utf-8")
