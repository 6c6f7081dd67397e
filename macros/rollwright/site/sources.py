"""Which files and folders a site is built from, read from its ``mkdocs.yml`` by a few lines of plain parsing.

The dev server watches them: the config itself, the docs folder, the theme's ``custom_dir``, the
folders under ``watch:``, and every game folder under ``rollwright: systems:`` (at the top level or
as the plugin's options). Only this small part of YAML is read (block keys, block and ``[a, b]``
lists, quotes, comments), so tags other tools define (``!relative``, ``!!python/name``) never stop it.

>>> import tempfile
>>> site = Path(tempfile.mkdtemp())
>>> _ = (site / "mkdocs.yml").write_text('''site_name: T
... theme:
...   name: material
...   custom_dir: overrides   # the theme's templates
... plugins:
...   - search
...   - rollwright:
...       systems:
...         - games/pips
...         - "games/dots"
... ''')
>>> [str(path.relative_to(site)) for path in site_sources(site / "mkdocs.yml")]
['mkdocs.yml', 'docs', 'overrides', 'games/pips', 'games/dots']
"""

from __future__ import annotations

import re
from pathlib import Path

_KEY = re.compile(r"^(?P<indent>\s*)(?P<dash>-\s+)?(?P<key>[A-Za-z_][\w-]*)\s*:(?:\s+(?P<value>.*))?$")
_ITEM = re.compile(r"^(?P<indent>\s*)-\s+(?P<value>.*)$")


def _scalar(text: str) -> str:
    """A plain or quoted scalar without its comment or tag.

    >>> _scalar('"games/a b"  # note'), _scalar("!relative overrides"), _scalar("docs # here")
    ('games/a b', 'overrides', 'docs')
    """
    text = text.strip()
    if text[:1] in "\"'" and text[:1] and text[0] in text[1:]:
        return text[1:text.index(text[0], 1)]
    text = re.sub(r"\s+#.*$", "", text).strip()
    while text.startswith("!"):
        text = text.partition(" ")[2].strip()
    return text


def _flow(text: str) -> list[str]:
    """``[a, "b"]`` as a list of scalars."""
    inner = _scalar(text) if not text.strip().startswith("[") else re.sub(r"\s+#.*$", "", text).strip()
    return [_scalar(part) for part in inner.strip("[]").split(",") if part.strip()]


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def read_lists(text: str, path: tuple[str, ...]) -> list[str]:
    """The scalars listed under the key ``path`` (each step a key at any depth below the last).

    >>> read_lists("rollwright:\\n  systems: [a, 'b']\\nwatch:\\n  - x\\n", ("rollwright", "systems"))
    ['a', 'b']
    >>> read_lists("watch:\\n  - x\\n  - y\\nnav: []\\n", ("watch",))
    ['x', 'y']
    """
    lines = _lines(text)
    found: list[str] = []
    depth, step, limit = -1, 0, -1  # limit: the indent that ends the block of the last key matched
    for number, line in enumerate(lines):
        key = _KEY.match(line)
        indent = len(line) - len(line.lstrip(" -")) if key and key["dash"] else len(line) - len(line.lstrip())
        if step and indent <= limit:
            step, limit = 0, -1  # left the block: start over (the key may come again)
        if not key or key["key"] != path[step] or indent <= depth:
            continue
        if step + 1 < len(path):
            step, limit = step + 1, indent if step == 0 else limit
            continue
        value = (key["value"] or "").strip()
        if value and not value.startswith("#"):
            found += _flow(value)
        else:
            for item in lines[number + 1:]:
                listed = _ITEM.match(item)
                if not listed or len(listed["indent"]) < indent:
                    break
                found.append(_scalar(listed["value"]).rstrip(":"))
        step, limit = 0, -1
    return found


def read_value(text: str, path: tuple[str, ...]) -> str | None:
    """The scalar at the key ``path`` (each step a key below the last), or None.

    >>> read_value("theme:\\n  name: material\\n  custom_dir: over\\ndocs_dir: pages\\n", ("theme", "custom_dir"))
    'over'
    """
    lines, want, indent_above = _lines(text), 0, -1
    for line in lines:
        key = _KEY.match(line)
        if not key:
            continue
        indent = len(line) - len(line.lstrip())
        if want and indent <= indent_above:
            want, indent_above = 0, -1
        if key["key"] != path[want] or (want == 0 and indent != 0):
            continue
        if want + 1 == len(path):
            value = _scalar(key["value"] or "")
            return value or None
        want, indent_above = want + 1, indent
    return None


def site_sources(config_file: Path) -> list[Path]:
    """What a site is built from and a dev server must watch (paths may not exist yet)."""
    config_file = Path(config_file)
    here = config_file.parent
    try:
        text = config_file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return [config_file, here / "docs"]  # the next successful read says the rest
    named = [read_value(text, ("docs_dir",)) or "docs", read_value(text, ("theme", "custom_dir"))]
    named += read_lists(text, ("watch",)) + read_lists(text, ("rollwright", "systems"))
    named += read_lists(text, ("rollwright", "examples"))
    return [config_file] + list(dict.fromkeys(here / name for name in named if name))
