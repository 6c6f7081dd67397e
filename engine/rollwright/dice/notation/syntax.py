"""The syntax tree of dice notation, and its canonical text.

Nodes are immutable values (see ``_Node``). ``position`` (0-based, where the node starts in
the text it was parsed from) is kept for messages but ignored by ``==``.

>>> to_text(BinOp("+", Dice(2, 10), Dice(1, 4)))
'2d10+d4'
>>> to_text(Neg(Group(BinOp("-", RollKeep(10, 5), Constant(3)))))
'-(10k5-3)'
>>> [(sign, to_text(leaf)) for sign, leaf in signed_terms(BinOp("-", Constant(3), Group(BinOp("-", Dice(1, 6), OpenD20()))))]
[(1, '3'), (-1, 'd6'), (1, 'od20')]
>>> to_text(Dice(4, 6, explode=True, threshold=5, select=Select("kh", 3)))
'4d6!>=5kh3'
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a few ms of a fresh process); mypy reads it
if TYPE_CHECKING:
    from typing import ClassVar, Literal, TypeAlias

    Op: TypeAlias = Literal["+", "-"]
    SelectMode: TypeAlias = Literal["kh", "kl", "dh", "dl"]

SELECT_MODES: tuple[SelectMode, ...] = ("kh", "kl", "dh", "dl")


class _Node:
    """A value of the tree: immutable, compared, hashed and shown by its ``_fields`` (never ``position``).

    What frozen dataclasses would give, written out: building seven dataclasses and importing
    ``dataclasses`` (with ``inspect``, ``ast``, ``dis``...) cost a fresh process more time than
    parsing and working out most notations.

    >>> Dice(2, 6, position=4) == Dice(2, 6), Dice(2, 6)
    (True, Dice(count=2, sides=6, explode=False, threshold=None, select=None))
    >>> Constant(3).value = 4
    Traceback (most recent call last):
    ...
    AttributeError: cannot assign to field 'value'
    """

    _fields: ClassVar[tuple[str, ...]] = ()

    def _init(self, **values: object) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")

    def _key(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__ or not isinstance(other, _Node):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({shown})"


class Constant(_Node):
    """An integer written in the notation, as in ``+3``."""

    _fields = ("value",)
    value: int
    position: int

    def __init__(self, value: int, *, position: int = 0) -> None:
        self._init(value=value, position=position)


class Select(_Node):
    """A keep/drop suffix: ``kh``/``kl`` keep the ``count`` highest/lowest dice, ``dh``/``dl`` drop them.

    >>> Select("dl", 1).kept(4), Select("kl", 1).kept(2)
    ((True, 3), (False, 1))
    """

    _fields = ("mode", "count")
    mode: SelectMode
    count: int

    def __init__(self, mode: SelectMode, count: int) -> None:
        self._init(mode=mode, count=count)

    def kept(self, rolled: int) -> tuple[bool, int]:
        """``(keeps the highest?, how many dice are kept)`` out of ``rolled`` dice."""
        keeps = self.mode[0] == "k"
        highest = (self.mode[1] == "h") == keeps  # dropping the lowest keeps the highest
        return highest, self.count if keeps else rolled - self.count


class Dice(_Node):
    """``NdS``: ``count`` dice with ``sides`` faces, in the order things happen to them.

    ``explode``: a die showing ``threshold`` or more (``None``: its top face) rolls
    again and adds to itself; ``select``: then keep or drop some dice by their totals.
    """

    _fields = ("count", "sides", "explode", "threshold", "select")
    count: int
    sides: int
    explode: bool
    threshold: int | None
    select: Select | None
    position: int

    def __init__(self, count: int, sides: int, explode: bool = False, threshold: int | None = None,
                 select: Select | None = None, *, position: int = 0) -> None:
        self._init(count=count, sides=sides, explode=explode, threshold=threshold, select=select, position=position)

    @property
    def explodes_at(self) -> int:
        """The lowest face that explodes (only meaningful when ``explode``)."""
        return self.sides if self.threshold is None else self.threshold


class RollKeep(_Node):
    """``XkY``: roll ``rolled`` d10 that explode on 10, keep the ``kept`` highest."""

    _fields = ("rolled", "kept")
    rolled: int
    kept: int
    position: int

    def __init__(self, rolled: int, kept: int, *, position: int = 0) -> None:
        self._init(rolled=rolled, kept=kept, position=position)


class OpenD20(_Node):
    """``od20``: 2-19 as rolled; a 1 subtracts another d20, a 20 adds another d20 (closed)."""

    position: int

    def __init__(self, *, position: int = 0) -> None:
        self._init(position=position)


class Neg(_Node):
    """A leading unary minus, as in ``-d4+3``."""

    _fields = ("operand",)
    operand: Expr
    position: int

    def __init__(self, operand: Expr, *, position: int = 0) -> None:
        self._init(operand=operand, position=position)


class BinOp(_Node):
    """``left + right`` or ``left - right``."""

    _fields = ("op", "left", "right")
    op: Op
    left: Expr
    right: Expr
    position: int

    def __init__(self, op: Op, left: Expr, right: Expr, *, position: int = 0) -> None:
        self._init(op=op, left=left, right=right, position=position)


class Group(_Node):
    """A parenthesised expression."""

    _fields = ("inner",)
    inner: Expr
    position: int

    def __init__(self, inner: Expr, *, position: int = 0) -> None:
        self._init(inner=inner, position=position)


Leaf: TypeAlias = Constant | Dice | RollKeep | OpenD20
Expr: TypeAlias = Constant | Dice | RollKeep | OpenD20 | Neg | BinOp | Group
LEAF_TYPES = (Constant, Dice, RollKeep, OpenD20)
EXPR_TYPES = (Constant, Dice, RollKeep, OpenD20, Neg, BinOp, Group)


def to_text(expr: Expr) -> str:
    """Canonical notation: lower case, no spaces, a count of 1 left out.

    >>> to_text(Dice(1, 8, explode=True)), to_text(OpenD20()), to_text(Constant(-2))
    ('d8!', 'od20', '-2')
    """
    if isinstance(expr, Constant):
        return str(expr.value)
    if isinstance(expr, Dice):
        count = "" if expr.count == 1 else str(expr.count)
        text = f"{count}d{expr.sides}{'!' if expr.explode else ''}"
        if expr.threshold is not None:  # printed even without '!', so a bad hand-built tree fails to re-parse
            text += f">={expr.threshold}"
        if expr.select is not None:
            text += f"{expr.select.mode}{expr.select.count}"
        return text
    if isinstance(expr, RollKeep):
        return f"{expr.rolled}k{expr.kept}"
    if isinstance(expr, OpenD20):
        return "od20"
    if isinstance(expr, Group):
        return f"({to_text(expr.inner)})"
    if isinstance(expr, Neg):
        return f"-{_operand(expr.operand)}"
    if isinstance(expr, BinOp):
        return f"{to_text(expr.left)}{expr.op}{_operand(expr.right)}"
    raise TypeError(f"not a dice expression: {expr!r}")


def _operand(expr: Expr) -> str:
    """Text of an operand, bracketed when it would otherwise read differently."""
    text = to_text(expr)
    if isinstance(expr, (BinOp, Neg)) or (isinstance(expr, Constant) and expr.value < 0):
        return f"({text})"
    return text


def signed_terms(expr: Expr, sign: int = 1) -> list[tuple[int, Leaf]]:
    """The leaves of ``expr`` left to right, each with its sign (+1 or -1)."""
    if isinstance(expr, LEAF_TYPES):
        return [(sign, expr)]
    if isinstance(expr, Group):
        return signed_terms(expr.inner, sign)
    if isinstance(expr, Neg):
        return signed_terms(expr.operand, -sign)
    if isinstance(expr, BinOp):
        right_sign = sign if expr.op == "+" else -sign
        return signed_terms(expr.left, sign) + signed_terms(expr.right, right_sign)
    raise TypeError(f"not a dice expression: {expr!r}")


def dice_count(expr: Expr) -> int:
    """Dice rolled before any explosion (XkY counts X, od20 counts 1).

    >>> dice_count(BinOp("+", RollKeep(10, 5), Dice(3, 6)))
    13
    """
    total = 0
    for _, leaf in signed_terms(expr):
        if isinstance(leaf, Dice):
            total += leaf.count
        elif isinstance(leaf, RollKeep):
            total += leaf.rolled
        elif isinstance(leaf, OpenD20):
            total += 1
    return total
