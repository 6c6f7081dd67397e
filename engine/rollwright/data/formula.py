"""Formulas: the small, safe expression language of a game declared as data.

A formula is whole-number arithmetic over named values, parsed into a tree and
evaluated by walking it; nothing is ever handed to ``eval``. It has:

* whole numbers and names (``might``, ``need``): the inputs or fields in scope;
* ``+ - *`` and ``/``, which divides and rounds down (``7 / 2`` is 3, ``-7 / 2`` is -4);
* parentheses, and the functions ``min(a, b, ...)``, ``max(a, b, ...)``, ``abs(a)`` and ``floor(a)``;
* a lookup in a declared ladder: ``trait[rating]`` (a ladder of numbers gives a number,
  a ladder of dice gives its notation, for dice templates).

Like dice notation it is capped before any work: its length, its nesting and the
size of every number it makes.

>>> parse("max(1, might + 2) / 2").evaluate({"might": 3})
2
>>> parse("-7 / 2").evaluate({})
-4
>>> sorted(parse("2 * (a + b) - min(c, 3)").names())
['a', 'b', 'c']
>>> parse("might +")
Traceback (most recent call last):
...
rollwright.errors.FormulaError: expected a number, a name, '(' or '-' at the end of the formula 'might +' (position 8)
>>> parse("might * 2").evaluate({})
Traceback (most recent call last):
...
rollwright.errors.FormulaError: unknown name 'might' in 'might * 2' (position 1); the names here are: none
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Union

from rollwright.errors import FormulaError

MAX_LENGTH = 200
"""Longest formula accepted, in characters."""
MAX_NESTING = 12
"""Deepest nesting of parentheses, calls and lookups."""
MAX_MAGNITUDE = 10**9
"""Largest size (either sign) of a number written in, or made by, a formula."""
FUNCTIONS = {"min": (1, 16), "max": (1, 16), "abs": (1, 1), "floor": (1, 1)}
"""Each function and how many arguments it takes (fewest, most); ``floor(x)`` is ``x`` (``/`` already rounds
down), for designers who write ``floor(might / 2)`` from habit."""

Value = Union[int, str]
"""What a formula gives: a whole number, or a dice notation looked up in a ladder of dice."""
Ladders = Mapping[str, Mapping[int, Value]]

_TOKEN = re.compile(r"\s*(?:(\d+)|([A-Za-z_][A-Za-z0-9_]*)|(<=|>=|==|!=|<|>)|(.))")


@dataclass(frozen=True)
class Node:
    """A parsed formula; ``text`` is the whole formula and ``position`` where this node starts (0-based)."""

    text: str = field(compare=False, repr=False)
    position: int = field(compare=False, repr=False)

    def evaluate(self, scope: Mapping[str, int], ladders: Ladders | None = None) -> Value:
        raise NotImplementedError

    def names(self) -> set[str]:
        return set()

    def ladders(self) -> set[str]:
        return set()

    def error(self, message: str) -> FormulaError:
        return FormulaError(f"{message} in {self.text!r}", text=self.text, position=self.position)


@dataclass(frozen=True)
class Number(Node):
    value: int = 0

    def evaluate(self, scope: Mapping[str, int], ladders: Ladders | None = None) -> Value:
        return self.value


@dataclass(frozen=True)
class Name(Node):
    name: str = ""

    def evaluate(self, scope: Mapping[str, int], ladders: Ladders | None = None) -> Value:
        if self.name not in scope:
            raise self.error(f"unknown name {self.name!r}").with_hint(suggest(self.name, scope))
        return scope[self.name]

    def names(self) -> set[str]:
        return {self.name}


@dataclass(frozen=True)
class Negate(Node):
    operand: Node | None = None

    def evaluate(self, scope: Mapping[str, int], ladders: Ladders | None = None) -> Value:
        assert self.operand is not None
        return -_number(self.operand, self.operand.evaluate(scope, ladders))

    def names(self) -> set[str]:
        return self.operand.names() if self.operand else set()

    def ladders(self) -> set[str]:
        return self.operand.ladders() if self.operand else set()


@dataclass(frozen=True)
class Binary(Node):
    op: str = "+"
    left: Node | None = None
    right: Node | None = None

    def evaluate(self, scope: Mapping[str, int], ladders: Ladders | None = None) -> Value:
        assert self.left is not None and self.right is not None
        a = _number(self.left, self.left.evaluate(scope, ladders))
        b = _number(self.right, self.right.evaluate(scope, ladders))
        if self.op == "/":
            if b == 0:
                raise self.error("division by zero")
            return _capped(self, a // b)
        return _capped(self, a + b if self.op == "+" else a - b if self.op == "-" else a * b)

    def names(self) -> set[str]:
        assert self.left is not None and self.right is not None
        return self.left.names() | self.right.names()

    def ladders(self) -> set[str]:
        assert self.left is not None and self.right is not None
        return self.left.ladders() | self.right.ladders()


@dataclass(frozen=True)
class Function(Node):
    name: str = ""
    args: tuple[Node, ...] = ()

    def evaluate(self, scope: Mapping[str, int], ladders: Ladders | None = None) -> Value:
        values = [_number(arg, arg.evaluate(scope, ladders)) for arg in self.args]
        if self.name in ("abs", "floor"):
            return abs(values[0]) if self.name == "abs" else values[0]
        return min(values) if self.name == "min" else max(values)

    def names(self) -> set[str]:
        return set().union(*(arg.names() for arg in self.args))

    def ladders(self) -> set[str]:
        return set().union(*(arg.ladders() for arg in self.args))


@dataclass(frozen=True)
class Lookup(Node):
    ladder: str = ""
    index: Node | None = None

    def evaluate(self, scope: Mapping[str, int], ladders: Ladders | None = None) -> Value:
        assert self.index is not None
        steps = (ladders or {}).get(self.ladder)
        if steps is None:
            raise self.error(f"unknown ladder {self.ladder!r}").with_hint(suggest(self.ladder, ladders or {}))
        at = _number(self.index, self.index.evaluate(scope, ladders))
        if at not in steps:
            low, high = min(steps), max(steps)
            raise self.error(f"the ladder {self.ladder!r} has no step {at} (it runs from {low} to {high})")
        return steps[at]

    def names(self) -> set[str]:
        return self.index.names() if self.index else set()

    def ladders(self) -> set[str]:
        return {self.ladder} | (self.index.ladders() if self.index else set())


def suggest(name: str, known: Mapping[str, object] | Sequence[str]) -> str:
    """The end of a message about an unknown name: the closest known one, else the known ones.

    >>> suggest("migth", {"might": 1, "grace": 2})
    "; did you mean 'might'?"
    >>> suggest("x", ["might", "grace"])
    '; the names here are: grace, might'
    """
    names = sorted(set(known) - {name})  # never offer back the name just refused
    close = difflib.get_close_matches(name, names, n=1)
    if close:
        return f"; did you mean {close[0]!r}?"
    return "; the names here are: " + (", ".join(names) if names else "none")


def _number(node: Node, value: Value) -> int:
    if isinstance(value, str):
        raise node.error("a ladder of dice gives dice, not a number, so it cannot be counted with")
    return value


def _capped(node: Node, value: int) -> int:
    if abs(value) > MAX_MAGNITUDE:
        raise node.error(f"a number beyond {MAX_MAGNITUDE:,} (the cap)")
    return value


class _Parser:
    """Recursive descent over the tokens; each level of nesting is counted against the cap.

    ``comparisons``: whether ``<``, ``<=``, ``==``, ``!=``, ``>=`` and ``>`` are tokens (of kind ``cmp``), as in
    a condition (:mod:`rollwright.data.condition`); a formula refuses them. ``what`` names the text in messages.
    """

    comparisons = False
    what = "formula"

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens: list[tuple[str, str, int]] = []
        for match in _TOKEN.finditer(text):
            number, name, compare, other = match.groups()
            start = match.start(match.lastindex or 0)
            if number is not None:
                self.tokens.append(("number", number, start))
            elif name is not None:
                self.tokens.append(("name", name, start))
            elif compare is not None and self.comparisons:
                self.tokens.append(("cmp", compare, start))
            elif (other or compare or "").strip():
                char = (other or compare or "")[0]
                if char not in "+-*/(),[]":
                    hint = " (equal is written '==')" if self.comparisons and char in "=!" else ""
                    raise self._error(f"the character {char!r} has no meaning in a {self.what}{hint}", start)
                self.tokens.append(("op", char, start))
        self.at = 0
        self.depth = 0

    def _error(self, message: str, position: int) -> FormulaError:
        return FormulaError(f"{message} in the {self.what} {self.text!r}", text=self.text, position=position)

    def whole(self) -> Node:
        """The text read as one whole formula (a condition reads more: see its parser)."""
        return self.sum()

    def peek(self) -> tuple[str, str, int] | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def take(self, value: str) -> bool:
        token = self.peek()
        if token is not None and token[0] == "op" and token[1] == value:
            self.at += 1
            return True
        return False

    def expect(self, value: str, what: str) -> None:
        if not self.take(value):
            token = self.peek()
            found = f"found {token[1]!r}" if token else "found the end"
            raise self._error(f"expected {value!r} {what}, {found}", token[2] if token else len(self.text))

    def sum(self) -> Node:
        node = self.product()
        while (token := self.peek()) and token[0] == "op" and token[1] in "+-":
            self.at += 1
            node = Binary(self.text, token[2], token[1], node, self.product())
        return node

    def product(self) -> Node:
        node = self.unary()
        while (token := self.peek()) and token[0] == "op" and token[1] in "*/":
            self.at += 1
            node = Binary(self.text, token[2], token[1], node, self.unary())
        return node

    def nested(self, position: int) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise self._error(f"nesting deeper than {MAX_NESTING} (the cap)", position)

    def unary(self) -> Node:
        token = self.peek()
        if token is None:
            message = "expected a number, a name, '(' or '-' at the end of the formula"
            raise FormulaError(f"{message} {self.text!r}", text=self.text, position=len(self.text))
        kind, value, position = token
        self.at += 1
        if kind == "number":
            if len(value) > 10 or int(value) > MAX_MAGNITUDE:
                raise self._error(f"a number beyond {MAX_MAGNITUDE:,} (the cap)", position)
            return Number(self.text, position, int(value))
        if kind == "op" and value == "-":
            self.nested(position)
            node: Node = Negate(self.text, position, self.unary())
            self.depth -= 1
            return node
        if kind == "op" and value == "(":
            self.nested(position)
            inner = self.sum()
            self.expect(")", "to close the '('")
            self.depth -= 1
            return inner
        if kind == "name":
            return self.after_name(value, position)
        raise self._error(f"expected a number, a name, '(' or '-', found {value!r}", position)

    def after_name(self, name: str, position: int) -> Node:
        if self.take("("):
            if name not in FUNCTIONS:
                raise self._error(f"unknown function {name!r} (there are {', '.join(FUNCTIONS)})", position)
            self.nested(position)
            args = [self.sum()]
            while self.take(","):
                args.append(self.sum())
            self.expect(")", f"to close {name}(")
            self.depth -= 1
            fewest, most = FUNCTIONS[name]
            if not fewest <= len(args) <= most:
                raise self._error(f"{name}() takes {fewest if fewest == most else f'{fewest} to {most}'} "
                                  f"values (got {len(args)})", position)
            return Function(self.text, position, name, tuple(args))
        if self.take("["):
            self.nested(position)
            index = self.sum()
            self.expect("]", f"to close {name}[")
            self.depth -= 1
            return Lookup(self.text, position, name, index)
        return Name(self.text, position, name)


def parse(text: str) -> Node:
    """Parse a formula (see the module's examples); FormulaError with a position if it cannot be read."""
    return parse_with(_Parser, text, "might + 2")


def parse_with(parser_class: type[_Parser], text: str, example: str) -> Node:
    """Parse ``text`` whole with ``parser_class``, after the checks every formula passes (type, length, blank)."""
    what = parser_class.what
    if not isinstance(text, str):
        raise FormulaError(f"a {what} is text, such as \"{example}\" (got {type(text).__name__})", text="",
                           position=0)
    if len(text) > MAX_LENGTH:
        raise FormulaError(f"a {what} of {len(text)} characters is longer than the cap of {MAX_LENGTH}",
                           text=text[:MAX_LENGTH], position=MAX_LENGTH)
    if not text.strip():
        raise FormulaError(f"the {what} is empty", text=text, position=0)
    parser = parser_class(text)
    node = parser.whole()
    token = parser.peek()
    if token is not None:
        raise parser._error(f"unexpected {token[1]!r} after a whole {what}", token[2])
    return node


def evaluate(text: str, scope: Mapping[str, int], ladders: Ladders | None = None) -> Value:
    """Parse and evaluate in one step.

    >>> evaluate("trait[2]", {}, {"trait": {1: "d2", 2: "d4"}})
    'd4'
    """
    return parse(text).evaluate(scope, ladders)
