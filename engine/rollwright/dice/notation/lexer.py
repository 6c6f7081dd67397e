"""Split dice notation into tokens, each with its 0-based position.

>>> [(t.kind, t.text, t.position) for t in tokenize("2D6 + 3")]
[('number', '2', 0), ('d', 'D', 1), ('number', '6', 2), ('+', '+', 4), ('number', '3', 6), ('end', '', 7)]
"""

from __future__ import annotations

from rollwright.errors import NotationError

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a few ms of a fresh process); mypy reads it
if TYPE_CHECKING:
    from typing import Final

NUMBER: Final = "number"
END: Final = "end"

_DIGITS: Final = frozenset("0123456789")
_WHITESPACE: Final = frozenset(" \t\r\n")
_SINGLE: Final = {
    "d": "d",
    "D": "d",
    "k": "k",
    "K": "k",
    "h": "h",
    "H": "h",
    "l": "l",
    "L": "l",
    "o": "o",
    "O": "o",
    "!": "!",
    "+": "+",
    "-": "-",
    "(": "(",
    ")": ")",
}
AT_LEAST: Final = ">="
_THRESHOLD_HINT: Final = "an explosion threshold is written '!>=' and a face, as in 'd8!>=7' (explodes on 7 or 8)"
_HINTS: Final = {
    ">": _THRESHOLD_HINT,
    "<": _THRESHOLD_HINT,
    "=": _THRESHOLD_HINT,
    "*": "multiplication is not part of dice notation; write the dice out, as in '3d6' or 'd6+d6'",
    "x": "multiplication is not part of dice notation; write the dice out, as in '3d6' or 'd6+d6'",
    "X": "multiplication is not part of dice notation; write the dice out, as in '3d6' or 'd6+d6'",
    "/": "division is not part of dice notation; use only '+' and '-'",
    "%": "percentile dice are written 'd100'",
    ",": "write one expression; join terms with '+' or '-'",
    "[": "use '(' and ')' for grouping",
    "]": "use '(' and ')' for grouping",
}


class Token:
    """One token: ``kind`` is ``"number"``, ``"end"`` or the symbol itself (``d k h l o ! >= + - ( )``).

    A plain class (not a dataclass: see :class:`~rollwright.dice.notation.syntax._Node`).
    """

    __slots__ = ("kind", "text", "position")

    def __init__(self, kind: str, text: str, position: int) -> None:
        self.kind = kind
        self.text = text
        self.position = position

    def __repr__(self) -> str:
        return f"Token({self.kind!r}, {self.text!r}, {self.position})"

    @property
    def value(self) -> int:
        """The integer a number token stands for."""
        return int(self.text)

    def describe(self) -> str:
        """How the token reads in an error message."""
        if self.kind == END:
            return "the end of the notation"
        return f"'{self.text}'"


def tokenize(text: str) -> list[Token]:
    """Tokens of ``text``, always ending with an ``"end"`` token.

    Only ASCII digits count as digits; whitespace between tokens is skipped.

    >>> tokenize("d6?")
    Traceback (most recent call last):
    ...
    rollwright.errors.NotationError: unexpected character '?'; dice notation uses numbers, 'd', 'k', 'kh', 'kl', 'dh', 'dl', 'od20', '!', '!>=', '+', '-' and parentheses at position 3
    >>> [t.kind for t in tokenize("d8!>=7")]
    ['d', 'number', '!', '>=', 'number', 'end']
    """
    tokens: list[Token] = []
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch in _WHITESPACE:
            i += 1
        elif ch in _DIGITS:
            start = i
            while i < n and text[i] in _DIGITS:
                i += 1
            tokens.append(Token(NUMBER, text[start:i], start))
        elif text.startswith(AT_LEAST, i):
            tokens.append(Token(AT_LEAST, AT_LEAST, i))
            i += len(AT_LEAST)
        elif ch in _SINGLE:
            tokens.append(Token(_SINGLE[ch], ch, i))
            i += 1
        else:
            hint = _HINTS.get(
                ch,
                "dice notation uses numbers, 'd', 'k', 'kh', 'kl', 'dh', 'dl', 'od20', '!', '!>=', '+', '-' "
                "and parentheses",
            )
            raise NotationError(f"unexpected character {ch!r}; {hint}", text=text, position=i)
    tokens.append(Token(END, "", n))
    return tokens
