"""Where a key sits in a TOML file, so an error about a declaration can name its line.

``tomllib`` gives values, not positions; this reads the lines once more, tracking the
current table header (``[checks.move]``, ``[[character.rules]]``), and finds the line
that sets a dotted key, or the header that opens it.

>>> text = '[game]\\nid = "demo"\\n\\n[checks.move]\\nroll = "2d6"\\nbands = [\\n  { key = "hit" },\\n]\\n'
>>> locate(text, "checks.move.roll"), locate(text, "checks.move.bands"), locate(text, "checks.move")
(5, 6, 4)
>>> locate(text, "checks.move.bands.0"), locate(text, "game.title"), locate(text, "nowhere")
(7, 1, None)
"""

from __future__ import annotations

import re

_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-\".]+)\s*=")


def _dotted(raw: str) -> str:
    return ".".join(part.strip().strip('"') for part in raw.split("."))


def _key_lines(text: str) -> dict[str, int]:
    """The line (1-based) where each dotted key is first set or opened; array-of-tables entries get an index."""
    lines: dict[str, int] = {}
    table = ""
    counts: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        header = _HEADER.match(line)
        if header and not line.lstrip().startswith("#"):
            table = _dotted(header.group(1))
            if line.lstrip().startswith("[["):
                index = counts.get(table, 0)
                counts[table] = index + 1
                lines.setdefault(table, number)
                table = f"{table}.{index}"
            lines.setdefault(table, number)
            continue
        key = _KEY.match(line)
        if key:
            full = f"{table}.{_dotted(key.group(1))}" if table else _dotted(key.group(1))
            lines.setdefault(full, number)
            last = full
            lines.setdefault(f"{last}.__open__", number)
    return lines


def _item_lines(text: str, key_line: int) -> list[int]:
    """Lines of the items of an array that opens on ``key_line`` (one item per line that starts with ``{`` or a value)."""
    found: list[int] = []
    rows = text.splitlines()
    depth = rows[key_line - 1].count("[") - rows[key_line - 1].count("]")
    for number in range(key_line + 1, len(rows) + 1):
        if depth <= 0:
            break
        line = rows[number - 1].strip()
        if line and not line.startswith(("#", "]")):
            found.append(number)
        depth += line.count("[") - line.count("]")
    return found


def locate(text: str, key: str) -> int | None:
    """The 1-based line of ``key`` (dotted; a trailing number is an item of an array), or of its nearest parent."""
    lines = _key_lines(text)
    parts = key.split(".")
    while parts:
        joined = ".".join(parts)
        if joined in lines:
            return lines[joined]
        if parts[-1].isdigit():
            parent = ".".join(parts[:-1])
            if parent in lines:
                items = _item_lines(text, lines[parent])
                index = int(parts[-1])
                return items[index] if index < len(items) else lines[parent]
        parts.pop()
    return None
