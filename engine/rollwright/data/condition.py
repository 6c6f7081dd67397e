"""Conditions: when an outcome of a check happens, read from its dice and its inputs.

A condition is a formula (:mod:`rollwright.data.formula`) with comparisons
(``<  <=  ==  !=  >=  >``), ``and``, ``or``, ``not``, and words that read the roll:

* ``total``; ``margin`` (the total minus ``against``); ``hits`` (a pool's hits);
* ``highest`` and ``lowest`` (the highest and lowest kept die); ``dice`` (how many are kept);
* ``die(1)``, ``die(2)``...: the value of the first, second... dice term before numbers are added;
* ``count(6)`` (dice showing 6), ``at_least(5)``, ``at_most(2)``;
* ``any(1)`` (some die shows 1), ``all(1)`` (every die does);
* ``largest_set``: the most dice showing one same face (``largest_set >= 2``: doubles);
* ``effect``: the most sides of a die neither kept nor set aside (``{2d8+d6}s1kh2``), 0 for none.

The number inside ``count()`` and the others is a formula of the inputs only.
A true condition is 1, a false one 0; nothing is handed to ``eval``.

>>> node = parse("die(1) == 20 or total >= target + 10")
>>> sorted(reads(node, {"target": 12}))
['die(1)', 'total']
>>> node.evaluate({"target": 12, "die(1)": 20, "total": 14})
1
>>> parse("at_least(skill / 2) >= 2 and not any(1)").evaluate({"skill": 9, "at_least(4)": 3, "count(1)": 0})
1
>>> parse("total >")
Traceback (most recent call last):
...
rollwright.errors.FormulaError: expected a number, a name, '(' or '-' at the end of the formula 'total >' (position 8)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Mapping

from rollwright.data.formula import (
    Binary,
    Ladders,
    Name,
    Node,
    Value,
    _number,
    _Parser,
    parse_with,
)

READ_WORDS = ("total", "margin", "hits", "highest", "lowest", "dice", "largest_set", "effect")
"""Names a condition may read from the roll, besides the inputs."""
READ_FUNCTIONS = ("die", "count", "at_least", "at_most", "any", "all")
"""Functions of one number that read the roll's dice."""


@dataclasses.dataclass(frozen=True)
class Compare(Binary):
    """``left op right`` for a comparison ``op``: 1 when it holds, else 0."""

    op: str = "=="

    def evaluate(self, scope: Mapping[str, int], ladders: Ladders | None = None) -> Value:
        assert self.left is not None and self.right is not None
        a = _number(self.left, self.left.evaluate(scope, ladders))
        b = _number(self.right, self.right.evaluate(scope, ladders))
        return int({"<": a < b, "<=": a <= b, "==": a == b, "!=": a != b, ">=": a >= b, ">": a > b}[self.op])


@dataclasses.dataclass(frozen=True)
class Logic(Binary):
    """``and``/``or`` of two conditions (both sides are always worked out: nothing here has effects)."""

    op: str = "and"

    def evaluate(self, scope: Mapping[str, int], ladders: Ladders | None = None) -> Value:
        assert self.left is not None and self.right is not None
        a = _number(self.left, self.left.evaluate(scope, ladders)) != 0
        b = _number(self.right, self.right.evaluate(scope, ladders)) != 0
        return int(a and b) if self.op == "and" else int(a or b)


@dataclasses.dataclass(frozen=True)
class Not(Node):
    operand: Node | None = None

    def evaluate(self, scope: Mapping[str, int], ladders: Ladders | None = None) -> Value:
        assert self.operand is not None
        return int(_number(self.operand, self.operand.evaluate(scope, ladders)) == 0)

    def names(self) -> set[str]:
        return self.operand.names() if self.operand else set()

    def ladders(self) -> set[str]:
        return self.operand.ladders() if self.operand else set()


@dataclasses.dataclass(frozen=True)
class Read(Node):
    """``count(6)`` and the like: a feature of the roll, looked up by :meth:`key` in the scope."""

    name: str = ""
    arg: Node | None = None

    def key(self, scope: Mapping[str, int], ladders: Ladders | None = None) -> str:
        assert self.arg is not None
        value = _number(self.arg, self.arg.evaluate(scope, ladders))
        return f"{'count' if self.name == 'any' or self.name == 'all' else self.name}({value})"

    def evaluate(self, scope: Mapping[str, int], ladders: Ladders | None = None) -> Value:
        found = scope[self.key(scope, ladders)]
        if self.name == "any":
            return int(found > 0)
        if self.name == "all":
            return int(found == scope["dice"])
        return found

    def names(self) -> set[str]:
        inner = self.arg.names() if self.arg else set()
        return inner | ({"dice"} if self.name == "all" else set())

    def ladders(self) -> set[str]:
        return self.arg.ladders() if self.arg else set()


class _ConditionParser(_Parser):
    """The formula parser, with comparisons and logic above its sums and the reading functions."""

    comparisons = True
    what = "condition"

    def whole(self) -> Node:
        return self.condition()

    def condition(self) -> Node:
        node = self.conjunction()
        while self.word("or"):
            node = Logic(self.text, node.position, "or", node, self.conjunction())
        return node

    def conjunction(self) -> Node:
        node = self.negation()
        while self.word("and"):
            node = Logic(self.text, node.position, "and", node, self.negation())
        return node

    def negation(self) -> Node:
        token = self.peek()
        if self.word("not"):
            assert token is not None
            self.nested(token[2])
            node: Node = Not(self.text, token[2], self.negation())
            self.depth -= 1
            return node
        return self.comparison()

    def comparison(self) -> Node:
        node = self.sum()
        token = self.peek()
        if token is not None and token[0] == "cmp":
            self.at += 1
            node = Compare(self.text, token[2], token[1], node, self.sum())
            after = self.peek()
            if after is not None and after[0] == "cmp":
                raise self._error("compare two things at a time; join comparisons with 'and'", after[2])
        return node

    def word(self, word: str) -> bool:
        token = self.peek()
        if token is not None and token[0] == "name" and token[1] == word:
            self.at += 1
            return True
        return False

    def unary(self) -> Node:
        token = self.peek()
        if token is not None and token[0] == "op" and token[1] == "(":
            self.at += 1
            self.nested(token[2])
            inner = self.condition()
            self.expect(")", "to close the '('")
            self.depth -= 1
            return inner
        return super().unary()

    def after_name(self, name: str, position: int) -> Node:
        if name in READ_FUNCTIONS and self.take("("):
            self.nested(position)
            arg = self.sum()
            self.expect(")", f"to close {name}(")
            self.depth -= 1
            return Read(self.text, position, name, arg)
        return super().after_name(name, position)


def parse(text: str) -> Node:
    """Parse a condition; FormulaError with a position if it cannot be read."""
    return parse_with(_ConditionParser, text, "total >= 10")


def reads(node: Node, scope: Mapping[str, int], ladders: Ladders | None = None) -> set[str]:
    """The roll's features a condition reads, for these inputs (``total``, ``count(6)``, ...)."""
    found: set[str] = set()
    _walk(node, scope, ladders, found)
    return found


def _walk(node: object, scope: Mapping[str, int], ladders: Ladders | None, found: set[str]) -> None:
    if isinstance(node, Read):
        found.add(node.key(scope, ladders))
        if node.name == "all":
            found.add("dice")
        return
    if isinstance(node, Name) and node.name in READ_WORDS:
        found.add(node.name)
        return
    if dataclasses.is_dataclass(node):
        for item in dataclasses.fields(node):
            value = getattr(node, item.name)
            for child in value if isinstance(value, tuple) else (value,):
                if isinstance(child, Node):
                    _walk(child, scope, ladders, found)


def feature(key: str) -> tuple[object, ...]:
    """The dice layer's feature for a key :func:`reads` gave (see :mod:`rollwright.dice.reading`).

    >>> feature("at_least(5)"), feature("die(2)"), feature("highest")
    (('count', '>=', 5), ('die', 2), ('highest',))
    """
    if "(" not in key:
        return (key,)
    name, _, rest = key.partition("(")
    value = int(rest[:-1])
    if name == "die":
        return ("die", value)
    return ("count", {"count": "==", "at_least": ">=", "at_most": "<="}[name], value)


POOL_WORDS = frozenset({"hits", "highest", "lowest", "dice", "largest_set", "effect"})


def reads_dice(node: object, inputs: Collection[str]) -> bool:
    """Whether a condition reads the roll at all (a word of the roll that is not an input's name, or a function).

    >>> reads_dice(parse("dice == 0"), ["dice"]), reads_dice(parse("count(1) > 0"), []), reads_dice(parse("total"), [])
    (False, True, True)
    """
    if isinstance(node, Read):
        return True
    if isinstance(node, Name):
        return node.name in READ_WORDS and node.name not in inputs
    if dataclasses.is_dataclass(node):
        return any(reads_dice(getattr(node, item.name), inputs) for item in dataclasses.fields(node)
                   if isinstance(getattr(node, item.name), Node))
    return False


def reads_pool(node: object) -> bool:
    """Whether a condition reads the dice one by one (counts, highest...), not only totals and ``die(n)``.

    >>> reads_pool(parse("total >= 10 and die(1) == 20")), reads_pool(parse("at_least(5) >= 2"))
    (False, True)
    """
    if isinstance(node, Read):
        return node.name != "die"
    if isinstance(node, Name):
        return node.name in POOL_WORDS
    if dataclasses.is_dataclass(node):
        return any(reads_pool(getattr(node, item.name)) for item in dataclasses.fields(node)
                   if isinstance(getattr(node, item.name), Node))
    return False
