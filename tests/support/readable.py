"""Finding numbers a person cannot read in rendered HTML (issue 28: "numbers a person can read").

:func:`faults` reads the text a reader sees (and hears: ``title``, ``aria-label`` and a chart
bar's ``data-rw-tip``), leaving out what is hidden until asked for (``hidden``), code and
scripts, and lists every fault with a little context:

- an exact fraction longer than the kit's one limit (``MAX_EXACT_CHARS``), or any unbroken
  run of text too long for a phone;
- ``exactly 0`` / ``exactly 1`` / ``0/1`` / ``1/1`` where "never" or "always" is meant;
- a hedged plural (``hit(s)``), a count of one with a plural noun (``1 hits``), a wrong
  ordinal (``1th``, ``11st``).

>>> faults('<p>Wins 25% (exactly 1/4) after 3 hits, the 2nd time.</p>')
[]
>>> [f.split(":")[0] for f in faults('<p>Taking 1 hit(s): 0% (exactly 0/1), the 1th of 1 wounds, '
...                                  '1/' + '7' * 20 + '</p><p hidden>1/' + '7' * 20 + '</p>')]
['long fraction', 'never or always', 'hedged plural', 'wrong ordinal', 'one with a plural']
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

from rollwright.kit.numbers import MAX_EXACT_CHARS, ordinal

LONGEST_RUN = 40
"""The longest unbroken run of visible text (no space) a phone can show without scrolling sideways."""

SKIPPED = frozenset({"script", "style", "code", "pre", "template", "kbd", "samp"})
SPOKEN = ("title", "aria-label", "data-rw-tip")
VOID = frozenset({"input", "br", "hr", "img", "meta", "link", "area", "base", "col", "embed", "source",
                  "track", "wbr"})

COUNT_NOUNS = ("hits", "wounds", "points", "dice", "steps", "attempts", "successes", "advantages", "minutes",
               "hours", "days", "weeks", "months", "levels", "exchanges", "rolls", "actions", "helpers",
               "tokens", "seconds", "phases", "times", "failures", "results")

PATTERNS = (
    ("long fraction", re.compile(r"\d+/\d+")),
    ("never or always", re.compile(r"\(exactly [01]\)|%,? exactly [01]\b(?![/.,]\d)|(?<![\d/.])[01]/1\b(?![\d/])")),
    ("hedged plural", re.compile(r"[A-Za-z]\((?:s|es)\)")),
    ("wrong ordinal", re.compile(r"\b(\d+)(st|nd|rd|th)\b")),
    ("one with a plural", re.compile(rf"(?<![\d.,/-])\b1 (?:more |extra |other )?(?:{'|'.join(COUNT_NOUNS)})\b")),
)


class _TextReader(HTMLParser):
    """Visible and spoken text, in pieces, skipping hidden subtrees and code."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.pieces: list[str] = []
        self._stack: list[tuple[str, bool]] = []  # (tag, skipping from here)

    @property
    def _skipping(self) -> bool:
        return any(skip for _, skip in self._stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        skip = tag in SKIPPED or "hidden" in values
        if not skip and not self._skipping:
            self.pieces.extend(v for k, v in values.items() if k in SPOKEN and v)
        if tag not in VOID:
            self._stack.append((tag, skip))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID and self._stack and self._stack[-1][0] == tag:
            self._stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        for index in range(len(self._stack) - 1, -1, -1):  # forgiving, as browsers are
            if self._stack[index][0] == tag:
                del self._stack[index:]
                return

    def handle_data(self, data: str) -> None:
        if not self._skipping:
            self.pieces.append(data)


def visible_text(html: str) -> list[str]:
    """The text pieces a reader sees or hears in ``html``."""
    reader = _TextReader()
    reader.feed(html)
    reader.close()
    return reader.pieces


def faults(html: str) -> list[str]:
    """Every fault found, as ``"kind: ...context..."``, in the order of the patterns."""
    found: list[str] = []
    text = " ".join(" ".join(piece.split()) for piece in visible_text(html))
    for kind, pattern in PATTERNS:
        for match in pattern.finditer(text):
            if kind == "long fraction" and len(match.group(0)) <= MAX_EXACT_CHARS:
                continue
            if kind == "wrong ordinal" and ordinal(int(match.group(1))) == match.group(0):
                continue
            start = max(0, match.start() - 40)
            found.append(f"{kind}: ...{text[start:match.end() + 20][:120]}...")
            break  # one of each kind is enough to say
    for word in text.split():
        if len(word) > LONGEST_RUN and not re.fullmatch(r"[\w./:-]*\d+/\d+[\w./:)-]*", word):
            found.append(f"long run: {word[:60]}... ({len(word)} characters)")
            break
    return found
