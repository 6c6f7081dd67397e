"""A TOML text's size and nesting, measured before ``tomllib`` reads it.

``tomllib`` reads nested arrays and inline tables by recursion: 5,000 nested arrays make it
raise RecursionError, which no caller expects. :func:`check_toml` scans the text once, without
recursion (strings and comments skipped), and refuses a text over :data:`MAX_TOML_TEXT`
characters or nested deeper than :data:`MAX_TOML_NESTING`, naming the line and the key.

>>> check_toml('[game]\\npages = [{ path = "a.md", title = "[[[" }]  # [[[\\n', "demo/game.toml")
>>> check_toml('[checks.move]\\nbands = ' + "[" * 40 + "]" * 40 + "\\n", "demo/game.toml")
Traceback (most recent call last):
...
rollwright.errors.DeclarationError: demo/game.toml, line 2, checks.move.bands: lists and inline tables nested more than 16 levels deep; the cap is 16, so flatten them
"""

from __future__ import annotations

import re

from rollwright.errors import DeclarationError

MAX_TOML_TEXT = 1_000_000
"""Most characters of a TOML text read (a game's own file is capped lower, by its size in bytes)."""
MAX_TOML_NESTING = 16
"""Deepest nesting of arrays and inline tables inside one value (a real declaration uses 2 or 3)."""

_KEY = re.compile(r'[ \t]*([A-Za-z0-9_\-". ]+?)[ \t]*=')
_HEADER = re.compile(r"[ \t]*\[\[?[ \t]*([^\]\n]+?)[ \t]*\]")


def check_toml(text: str, file: str) -> None:
    """Refuse ``text`` when it is too long or nested too deep (DeclarationError with file, line and key)."""
    if len(text) > MAX_TOML_TEXT:
        raise DeclarationError(f"the text is {len(text):,} characters long; the cap is {MAX_TOML_TEXT:,}, so "
                               f"split it or shorten it", file=file, line=None, key="")
    depth, line, table, key, index, end = 0, 1, "", "", 0, len(text)
    at_line_start = True
    while index < end:
        char = text[index]
        if char == "\n":
            line, at_line_start, index = line + 1, True, index + 1
            continue
        if at_line_start and depth == 0:
            header = _HEADER.match(text, index)
            if header and text[index:header.start(1)].strip() in ("[", "[["):
                table = header.group(1).replace('"', "").replace(" ", "")
                key = ""
                index = header.end()
                at_line_start = False
                continue
            found = _KEY.match(text, index)
            if found:
                key = found.group(1).replace('"', "")
                index = found.end()
                at_line_start = False
                continue
        at_line_start = at_line_start and char in " \t\r"
        if char == "#":
            newline = text.find("\n", index)
            index = end if newline < 0 else newline
        elif char in "\"'":
            after = _past_string(text, index, char)
            line += text.count("\n", index, after)
            index = after
        elif char in "[{":
            depth += 1
            if depth > MAX_TOML_NESTING:
                where = ".".join(part for part in (table, key) if part)
                raise DeclarationError(f"lists and inline tables nested more than {MAX_TOML_NESTING} levels deep; "
                                       f"the cap is {MAX_TOML_NESTING}, so flatten them", file=file,
                                       line=line, key=where)
            index += 1
        elif char in "]}":
            depth = max(0, depth - 1)
            index += 1
        else:
            index += 1


def _past_string(text: str, start: int, quote: str) -> int:
    """The index just past the string that opens at ``start`` (a basic, literal or multi-line one)."""
    triple = quote * 3
    if text.startswith(triple, start):
        close = text.find(triple, start + 3)
        while close >= 0 and quote == '"' and _escaped(text, close):
            close = text.find(triple, close + 1)
        return len(text) if close < 0 else close + 3
    index = start + 1
    while index < len(text):
        char = text[index]
        if char == "\n":
            return index  # an unclosed string: tomllib says so, with its line
        if char == "\\" and quote == '"':
            index += 2
            continue
        if char == quote:
            return index + 1
        index += 1
    return index


def _escaped(text: str, index: int) -> bool:
    """Whether the character at ``index`` follows an odd number of backslashes."""
    count = 0
    while index - count - 1 >= 0 and text[index - count - 1] == "\\":
        count += 1
    return count % 2 == 1
