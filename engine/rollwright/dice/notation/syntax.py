"""The syntax tree of dice notation, and its canonical text.

Nodes are frozen dataclasses. ``position`` (0-based, where the node starts in
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

from dataclasses import dataclass, field

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a few ms of a fresh process); mypy reads it
if TYPE_CHECKING:
    from typing import Literal, TypeAlias

    Op: TypeAlias = Literal["+", "-"]
    SelectMode: TypeAlias = Literal["kh", "kl", "dh", "dl"]

SELECT_MODES: tuple[SelectMode, ...] = ("kh", "kl", "dh", "dl")


@dataclass(frozen=True)
class Constant:
    """An integer written in the notation, as in ``+3``."""

    value: int
    position: int = field(default=0, compare=False, repr=False, kw_only=True)


@dataclass(frozen=True)
class Select:
    """A keep/drop suffix: ``kh``/``kl`` keep the ``count`` highest/lowest dice, ``dh``/``dl`` drop them.

    >>> Select("dl", 1).kept(4), Select("kl", 1).kept(2)
    ((True, 3), (False, 1))
    """

    mode: SelectMode
    count: int

    def kept(self, rolled: int) -> tuple[bool, int]:
        """``(keeps the highest?, how many dice are kept)`` out of ``rolled`` dice."""
        keeps = self.mode[0] == "k"
        highest = (self.mode[1] == "h") == keeps  # dropping the lowest keeps the highest
        return highest, self.count if keeps else rolled - self.count


@dataclass(frozen=True)
class Dice:
    """``NdS``: ``count`` dice with ``sides`` faces, in the order things happen to them.

    ``explode``: a die showing ``threshold`` or more (``None``: its top face) rolls
    again and adds to itself; ``select``: then keep or drop some dice by their totals.
    """

    count: int
    sides: int
    explode: bool = False
    threshold: int | None = None
    select: Select | None = None
    position: int = field(default=0, compare=False, repr=False, kw_only=True)

    @property
    def explodes_at(self) -> int:
        """The lowest face that explodes (only meaningful when ``explode``)."""
        return self.sides if self.threshold is None else self.threshold


@dataclass(frozen=True)
class RollKeep:
    """``XkY``: roll ``rolled`` d10 that explode on 10, keep the ``kept`` highest."""

    rolled: int
    kept: int
    position: int = field(default=0, compare=False, repr=False, kw_only=True)


@dataclass(frozen=True)
class OpenD20:
    """``od20``: 2-19 as rolled; a 1 subtracts another d20, a 20 adds another d20 (closed)."""

    position: int = field(default=0, compare=False, repr=False, kw_only=True)


@dataclass(frozen=True)
class Neg:
    """A leading unary minus, as in ``-d4+3``."""

    operand: Expr
    position: int = field(default=0, compare=False, repr=False, kw_only=True)


@dataclass(frozen=True)
class BinOp:
    """``left + right`` or ``left - right``."""

    op: Op
    left: Expr
    right: Expr
    position: int = field(default=0, compare=False, repr=False, kw_only=True)


@dataclass(frozen=True)
class Group:
    """A parenthesised expression."""

    inner: Expr
    position: int = field(default=0, compare=False, repr=False, kw_only=True)


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
