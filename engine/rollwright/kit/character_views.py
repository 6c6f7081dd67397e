"""A builder's report and printed sheet, for any system: the status, the problems with their rule
links, and a sheet of boxed parts (tables, or label and value rows) laid out to fit one page.

A system describes its sheet as :class:`Part` objects; these functions draw them as HTML (the
builder's sheet and print), plain text and Markdown (``character sheet`` on the command line), so
the three never disagree. A cell is text, a number, None (shown as a dash) or a :class:`Track`, a
row of boxes to tick (dramatic wounds, say).

>>> part = Part("traits", "Traits", ("Trait", "Rating"), (("Brawn", 3), ("Resolve", None)))
>>> print(sheet_text("Ada", "A test", [part]))
Ada
===
A test
<BLANKLINE>
Traits
------
  Trait    Rating
  Brawn    3
  Resolve  –
<BLANKLINE>
>>> 'class="rw-csheet__table"' in sheet_html("Ada", "A test", [part], ident="c-1", valid=True)
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rollwright.kit.markup import Html, el


@dataclass(frozen=True)
class Track:
    """A row of ``boxes`` boxes, the first ``filled`` ticked; ``marks`` names some boxes (1-based).

    >>> Track(5, 2, {3: "crippled", 5: "out"}).text()
    '[x][x][ ][ ][ ] (2 of 5; 3: crippled, 5: out)'
    """

    boxes: int
    filled: int
    marks: Mapping[int, str] = field(default_factory=dict)

    def summary(self) -> str:
        marks = ", ".join(f"{box}: {name}" for box, name in sorted(self.marks.items()))
        return f"{min(self.filled, self.boxes)} of {self.boxes}" + (f"; {marks}" if marks else "")

    def text(self) -> str:
        boxes = "".join("[x]" if i < self.filled else "[ ]" for i in range(self.boxes))
        return f"{boxes} ({self.summary()})"

    def html(self) -> Html:
        cells = []
        for box in range(1, self.boxes + 1):
            mark = self.marks.get(box)
            cells.append(el("span", {"class": "rw-track__box" + (" rw-track__box--on" if box <= self.filled else ""),
                                     "data-rw-mark": mark}, el("span", {"class": "rw-track__mark"}, mark)
                            if mark else None))
        return el("span", {"class": "rw-track", "role": "img", "aria-label": self.summary()}, cells)


Cell = str | int | None | Track


@dataclass(frozen=True)
class Part:
    """One boxed part of the sheet: a table (``headers`` and ``rows``) or, with no headers, rows of a
    label and a value; ``notes`` go under it; a ``wide`` part spans the whole sheet."""

    key: str
    title: str
    headers: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    notes: tuple[str, ...] = ()
    wide: bool = False


def cell_text(value: Cell) -> str:
    """A cell as plain text (a dash for nothing)."""
    if isinstance(value, Track):
        return value.text()
    return "–" if value is None or value == "" else str(value)


def _cell_html(value: Cell) -> object:
    return value.html() if isinstance(value, Track) else cell_text(value)


def part_html(part: Part, heading: str = "h3") -> Html:
    """One part as a section: its heading, its table and its notes; each row's first cell heads its row."""
    head = el("thead", None, el("tr", None, [el("th", {"scope": "col"}, h) for h in part.headers])) \
        if part.headers else None
    rows = [el("tr", None, el("th", {"scope": "row"}, cell_text(row[0])),
               [el("td", None, _cell_html(v)) for v in row[1:]]) for row in part.rows]
    css = "rw-csheet__section" + (" rw-csheet__section--wide" if part.wide else "")
    return el("section", {"class": css, "data-rw-section": part.key}, el(heading, None, part.title),
              el("table", {"class": "rw-csheet__table"}, head, el("tbody", None, rows)),
              [el("p", {"class": "rw-csheet__note"}, note) for note in part.notes])


def sheet_html(name: str, subtitle: str, parts: Sequence[Part], *, ident: str, valid: bool) -> Html:
    """The printable sheet: a heading and every part, boxed (no controls)."""
    return el("article", {"class": "rw-csheet", "data-rw-sheet": ident or "character",
                          "data-rw-valid": "true" if valid else "false"},
              el("header", {"class": "rw-csheet__head"}, el("h2", None, name or "Unnamed character"),
                 el("p", None, subtitle) if subtitle else None),
              [part_html(p) for p in parts])


def _table_text(part: Part) -> list[str]:
    rows = [[cell_text(v) for v in row] for row in part.rows]
    headers = list(part.headers) or [""] * max((len(r) for r in rows), default=0)
    widths = [max([len(h)] + [len(r[i]) for r in rows if i < len(r)]) for i, h in enumerate(headers)]
    lines = ["  " + "  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip()] if part.headers else []
    lines += ["  " + "  ".join(v.ljust(w) for v, w in zip(r, widths)).rstrip() for r in rows]
    return lines


def sheet_text(name: str, subtitle: str, parts: Sequence[Part]) -> str:
    """The sheet as plain text, in aligned columns."""
    title = name or "Unnamed character"
    lines = [title, "=" * len(title)] + ([subtitle] if subtitle else [])
    for part in parts:
        lines += ["", part.title, "-" * len(part.title), *_table_text(part)]
        lines += [f"  {note}" for note in part.notes]
    return "\n".join(lines) + "\n"


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|~#])")


def md(value: Cell) -> str:
    r"""A cell made safe for Markdown.

    >>> md("a|b *c*")
    'a\\|b \\*c\\*'
    """
    return _MD_SPECIAL.sub(r"\\\1", " ".join(cell_text(value).split()))


def sheet_markdown(name: str, subtitle: str, parts: Sequence[Part]) -> str:
    """The sheet as Markdown: a heading and a table per part."""
    lines = [f"# {md(name or 'Unnamed character')}"] + (["", md(subtitle)] if subtitle else [])
    for part in parts:
        lines += ["", f"## {md(part.title)}", ""]
        headers = list(part.headers) or [" "] * max((len(r) for r in part.rows), default=2)
        lines.append("| " + " | ".join(md(h) if h.strip() else " " for h in headers) + " |")
        lines.append("|" + "|".join("---" for _ in headers) + "|")
        lines += ["| " + " | ".join(md(v) for v in row) + " |" for row in part.rows]
        lines += [f"\n{md(note)}" for note in part.notes]
    return "\n".join(lines) + "\n"


def report_html(messages: Sequence[Mapping[str, str]], *, ok: str) -> Html:
    """The builder's report: a status line, then each problem with a link to the rule it breaks.

    >>> html = report_html([{"severity": "error", "code": "x", "path": "a", "text": "Too big.", "rule": "Size",
    ...                      "href": "demo/rules/#size"}], ok="Fine.")
    >>> 'data-rw-valid="false"' in html and "1 error" in html and ">Rule: Size</a>" in html
    True
    """
    errors = sum(m["severity"] == "error" for m in messages)
    warnings = len(messages) - errors
    status = ("Valid character" if not errors else f"{errors} {'error' if errors == 1 else 'errors'}") + (
        f", {warnings} {'warning' if warnings == 1 else 'warnings'}" if warnings else "")
    if messages:
        body = el("ul", {"class": "rw-creport__messages"}, [
            el("li", {"data-rw-severity": m["severity"], "data-rw-code": m["code"], "data-rw-path": m["path"],
                      "class": f"rw-creport__msg rw-creport__msg--{m['severity']}"},
               el("strong", None, "Error: " if m["severity"] == "error" else "Warning: "), m["text"], " ",
               el("a", {"href": m["href"]}, f"Rule: {m['rule']}")) for m in messages])
    else:
        body = el("p", {"class": "rw-creport__ok"}, ok)
    return el("div", {"class": "rw-creport", "data-rw-valid": "false" if errors else "true",
                      "data-rw-errors": errors, "data-rw-warnings": warnings},
              el("p", {"class": "rw-creport__status", "data-rw-status": "invalid" if errors else "valid"},
                 el("strong", None, status)),
              el("h3", None, "Problems"), body)
