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
    "f": "f",
    "F": "f",
    "r": "r",
    "R": "r",
    "p": "p",
    "P": "p",
    "s": "s",
    "S": "s",
    "!": "!",
    "+": "+",
    "-": "-",
    "*": "*",
    "/": "/",
    "(": "(",
    ")": ")",
    "{": "{",
    "}": "}",
    ",": ",",
    ">": ">",
    "<": "<",
    "=": "=",
}
AT_LEAST: Final = ">="
AT_MOST: Final = "<="
FUNCTION: Final = "function"
FUNCTIONS: Final = ("min", "max")
_HINTS: Final = {
    "x": "multiplication is written '*', as in 'd10*10'",
    "X": "multiplication is written '*', as in 'd10*10'",
    "%": "percentile dice are written 'd%' or 'd100'",
    "[": "use '(' and ')' for grouping, '{' and '}' for a group of rolls",
    "]": "use '(' and ')' for grouping, '{' and '}' for a group of rolls",
}
_CRITICAL_HINT: Final = ("Roll20's 'cs' and 'cf' only colour dice in its chat and never change a roll, so leave "
                         "them out (a check's outcomes read a natural 20 as 'die(1) == 20')")
_GENERAL_HINT: Final = ("dice notation uses numbers, 'd', 'dF', 'k', 'kh', 'kl', 'dh', 'dl', 'od20', '!', '!!', '!p', "
                        "'r', 'ro', '>=', '<=', 'f', '+', '-', '*', '/', 'min(', 'max(', parentheses and '{ }'")


class Token:
    """One token: ``kind`` is ``"number"``, ``"end"``, ``"function"`` (``min``, ``max``) or the symbol itself.

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
    rollwright.errors.NotationError: unexpected character '?'; dice notation uses numbers, 'd', 'dF', 'k', 'kh', 'kl', 'dh', 'dl', 'od20', '!', '!!', '!p', 'r', 'ro', '>=', '<=', 'f', '+', '-', '*', '/', 'min(', 'max(', parentheses and '{ }' at position 3
    >>> tokenize("2d6x3")
    Traceback (most recent call last):
    ...
    rollwright.errors.NotationError: unexpected character 'x'; multiplication is written '*', as in 'd10*10' at position 4
    >>> tokenize("x")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rollwright.errors.NotationError: unexpected character 'x'; dice notation uses numbers, 'd', ... at position 1
    >>> [(t.kind, t.text) for t in tokenize("2d%")][1:3]
    [('d', 'd'), ('number', '100')]
    >>> [t.kind for t in tokenize("d8!>=7")]
    ['d', 'number', '!', '>=', 'number', 'end']
    >>> [t.kind for t in tokenize("MAX(4dF, 0)")]
    ['function', '(', 'number', 'd', 'f', ',', 'number', ')', 'end']
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
        elif text.startswith(AT_LEAST, i) or text.startswith(AT_MOST, i):
            tokens.append(Token(text[i:i + 2], text[i:i + 2], i))
            i += 2
        elif text[i:i + 3].lower() in FUNCTIONS:
            tokens.append(Token(FUNCTION, text[i:i + 3].lower(), i))
            i += 3
        elif ch == "%" and tokens and tokens[-1].kind == "d" and tokens[-1].position == i - 1:
            tokens.append(Token(NUMBER, "100", i))  # Roll20's d%: percentile dice, a d100
            i += 1
        elif ch in _SINGLE:
            tokens.append(Token(_SINGLE[ch], ch, i))
            i += 1
        else:
            hint = _CRITICAL_HINT if text[i:i + 2].lower() in ("cs", "cf") else _HINTS.get(ch, _GENERAL_HINT)
            if ch in "xX" and not (tokens and tokens[-1].kind in (NUMBER, ")", "}", "f")):
                hint = _GENERAL_HINT  # nothing before it to multiply: an 'x' here is not a times sign
            raise NotationError(f"unexpected character {ch!r}; {hint}", text=text, position=i)
    tokens.append(Token(END, "", n))
    return tokens
