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
>>> to_text(GroupRoll((Dice(1, 8, explode=True), Dice(1, 6, explode=True)), Select("kh", 1)))
'{d8!,d6!}kh1'
>>> to_text(Count(Dice(10, 10, explode=True), ">=", 8)), to_text(Count(Dice(3, 6), ">=", 4, "<=", 1))
('{10d10!}>=8', '3d6>=4f<=1')
>>> to_text(BinOp("*", Group(BinOp("-", Dice(1, 10), Constant(1))), Constant(10))), to_text(Fudge(4))
('(d10-1)*10', '4dF')
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a few ms of a fresh process); mypy reads it
if TYPE_CHECKING:
    from typing import ClassVar, Literal, TypeAlias

    Op: TypeAlias = Literal["+", "-", "*", "/"]
    SelectMode: TypeAlias = Literal["kh", "kl", "dh", "dl"]

SELECT_MODES: tuple[SelectMode, ...] = ("kh", "kl", "dh", "dl")


class _Node:
    """A value of the tree: immutable, compared, hashed and shown by its ``_fields`` (never ``position``).

    What frozen dataclasses would give, written out: building seven dataclasses and importing
    ``dataclasses`` (with ``inspect``, ``ast``, ``dis``...) cost a fresh process more time than
    parsing and working out most notations.

    >>> Dice(2, 6, position=4) == Dice(2, 6), Dice(2, 6)
    (True, Dice(count=2, sides=6, explode=False, threshold=None, select=None, style='!', reroll=None, explode_op='>='))
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


class Reroll(_Node):
    """``r`` (reroll while the face matches) or ``ro`` (reroll once): faces ``op`` ``face`` (``<=``, ``>=``, ``=``)."""

    _fields = ("once", "op", "face")
    once: bool
    op: str
    face: int

    def __init__(self, once: bool, op: str, face: int) -> None:
        self._init(once=once, op=op, face=face)

    def matches(self, value: int) -> bool:
        """Whether a face is rerolled.

        >>> Reroll(False, "<=", 2).matches(2), Reroll(True, "=", 1).matches(2)
        (True, False)
        """
        return value <= self.face if self.op == "<=" else value >= self.face if self.op == ">=" else value == self.face

    def text(self) -> str:
        return f"{'ro' if self.once else 'r'}{'' if self.op == '=' else self.op}{self.face}"


class Dice(_Node):
    """``NdS``: ``count`` dice with ``sides`` faces, in the order things happen to them.

    ``reroll``: a face that matches is rolled again (see :class:`Reroll`); ``explode``: a die
    whose face meets ``explode_op`` ``threshold`` (``">="``, ``"<="`` or ``"="``; a threshold of
    ``None``: its top face) rolls again: ``style`` ``"!"`` adds each
    roll as a die of its own in a count, ``"!!"`` compounds them into one die, ``"!p"`` (penetrating)
    takes 1 from each extra roll; ``select``: then keep or drop some dice by their totals.
    """

    _fields = ("count", "sides", "explode", "threshold", "select", "style", "reroll", "explode_op")
    count: int
    sides: int
    explode: bool
    threshold: int | None
    select: Select | None
    style: str
    reroll: Reroll | None
    explode_op: str
    position: int

    def __init__(self, count: int, sides: int, explode: bool = False, threshold: int | None = None,
                 select: Select | None = None, style: str = "!", reroll: Reroll | None = None,
                 explode_op: str = ">=", *, position: int = 0) -> None:
        self._init(count=count, sides=sides, explode=explode, threshold=threshold, select=select, style=style,
                   reroll=reroll, explode_op=explode_op, position=position)

    def explodes_on(self, value: int) -> bool:
        """Whether a die showing ``value`` explodes (only meaningful when ``explode``).

        >>> [Dice(1, 6, True, 3, explode_op=op).explodes_on(3) for op in (">=", "<=", "=")]
        [True, True, True]
        >>> Dice(1, 6, True, 3, explode_op="=").explodes_on(4), Dice(1, 6, True).explodes_on(6)
        (False, True)
        """
        if self.threshold is None:
            return value >= self.sides
        op, face = self.explode_op, self.threshold
        return value >= face if op == ">=" else value <= face if op == "<=" else value == face

    @property
    def trigger(self) -> frozenset[int]:
        """The faces that explode (empty when the dice do not explode).

        >>> sorted(Dice(1, 6, True, 2, explode_op="<=").trigger), sorted(Dice(1, 6, True).trigger)
        ([1, 2], [6])
        """
        if not self.explode:
            return frozenset()
        return frozenset(face for face in range(1, self.sides + 1) if self.explodes_on(face))

    def trigger_text(self) -> str:
        """The explosion's compare point as written canonically: ``''`` (the top face), ``'>=5'``, ``'<=2'``, or
        Roll20's ``'3'`` (on a 3 alone: ``'!=3'`` would read as "not 3").

        >>> [Dice(3, 6, True, face, explode_op=op).trigger_text() for face, op in ((5, ">="), (2, "<="), (3, "="))]
        ['>=5', '<=2', '3']
        """
        if self.threshold is None:
            return ""
        return f"{'' if self.explode_op == '=' and self.explode else self.explode_op}{self.threshold}"


class Fudge(_Node):
    """``NdF``: Fudge dice, each showing -1, 0 or +1."""

    _fields = ("count",)
    count: int
    position: int

    def __init__(self, count: int, *, position: int = 0) -> None:
        self._init(count=count, position=position)


class Count(_Node):
    """``3d6>=4``: how many dice meet ``op target``, minus how many meet ``fail_op fail_target`` (``f<=1``)."""

    _fields = ("pool", "op", "target", "fail_op", "fail_target")
    pool: Dice | Fudge
    op: str
    target: int
    fail_op: str | None
    fail_target: int | None
    position: int

    def __init__(self, pool: Dice | Fudge, op: str, target: int, fail_op: str | None = None,
                 fail_target: int | None = None, *, position: int = 0) -> None:
        self._init(pool=pool, op=op, target=target, fail_op=fail_op, fail_target=fail_target, position=position)


class GroupRoll(_Node):
    """``{a, b, ...}``: whole rolls side by side; ``select`` keeps or drops some by their totals (else all add).

    One roll alone (``{4d6+3d8}kh4``) keeps or drops its dice instead; ``aside``: its dice showing a face
    ``aside_op`` ``aside`` are set aside first (``s1``: the 1s; ``s<=2``, ``s6``, ``s>=5``): they add nothing
    and are never kept.
    """

    _fields = ("items", "select", "aside", "aside_op")
    items: tuple[Expr, ...]
    select: Select | None
    aside: int | None
    aside_op: str
    position: int

    def __init__(self, items: tuple[Expr, ...], select: Select | None = None, aside: int | None = None,
                 aside_op: str = "<=", *, position: int = 0) -> None:
        self._init(items=items, select=select, aside=aside, aside_op=aside_op, position=position)

    def sets_aside(self, value: int) -> bool:
        """Whether a die showing ``value`` is set aside.

        >>> GroupRoll((), aside=2).sets_aside(2), GroupRoll((), aside=5, aside_op=">=").sets_aside(4)
        (True, False)
        """
        if self.aside is None:
            return False
        op = self.aside_op
        return value <= self.aside if op == "<=" else value >= self.aside if op == ">=" else value == self.aside


class Call(_Node):
    """``min(a, b, ...)`` or ``max(a, b, ...)`` of whole rolls: a cap or a floor on a rolled value."""

    _fields = ("name", "args")
    name: str
    args: tuple[Expr, ...]
    position: int

    def __init__(self, name: str, args: tuple[Expr, ...], *, position: int = 0) -> None:
        self._init(name=name, args=args, position=position)


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
    """``left + right``, ``left - right``, ``left * right`` or ``left / right`` (division rounds down)."""

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


Leaf: TypeAlias = Constant | Dice | RollKeep | OpenD20 | Fudge | Count | GroupRoll | Call | BinOp
"""A term of a sum: a product or quotient (``BinOp`` with ``*`` or ``/``) is one term, worked out whole."""
Expr: TypeAlias = Constant | Dice | RollKeep | OpenD20 | Fudge | Count | GroupRoll | Call | Neg | BinOp | Group
LEAF_TYPES = (Constant, Dice, RollKeep, OpenD20, Fudge, Count, GroupRoll, Call)
EXPR_TYPES = (Constant, Dice, RollKeep, OpenD20, Fudge, Count, GroupRoll, Call, Neg, BinOp, Group)


def to_text(expr: Expr) -> str:
    """Canonical notation: lower case, no spaces, a count of 1 left out.

    >>> to_text(Dice(1, 8, explode=True)), to_text(OpenD20()), to_text(Constant(-2))
    ('d8!', 'od20', '-2')
    """
    if isinstance(expr, Constant):
        return str(expr.value)
    if isinstance(expr, Dice):
        count = "" if expr.count == 1 else str(expr.count)
        text = f"{count}d{expr.sides}{expr.reroll.text() if expr.reroll else ''}{expr.style if expr.explode else ''}"
        if expr.threshold is not None:  # printed even without '!', so a bad hand-built tree fails to re-parse
            text += expr.trigger_text()
        if expr.select is not None:
            text += f"{expr.select.mode}{expr.select.count}"
        return text
    if isinstance(expr, RollKeep):
        return f"{expr.rolled}k{expr.kept}"
    if isinstance(expr, Fudge):
        return f"{'' if expr.count == 1 else expr.count}dF"
    if isinstance(expr, Count):
        pool = to_text(expr.pool)
        pool = f"{{{pool}}}" if isinstance(expr.pool, Dice) and (expr.pool.explode or expr.pool.threshold) else pool
        fail = "" if expr.fail_op is None else f"f{expr.fail_op}{expr.fail_target}"
        return f"{pool}{expr.op}{expr.target}{fail}"
    if isinstance(expr, GroupRoll):
        select = "" if expr.select is None else f"{expr.select.mode}{expr.select.count}"
        op = "" if expr.aside_op == "=" or (expr.aside_op == "<=" and expr.aside == 1) else expr.aside_op
        aside = "" if expr.aside is None else f"s{op}{expr.aside}"
        return "{" + ",".join(to_text(item) for item in expr.items) + "}" + aside + select
    if isinstance(expr, Call):
        return f"{expr.name}(" + ",".join(to_text(arg) for arg in expr.args) + ")"
    if isinstance(expr, OpenD20):
        return "od20"
    if isinstance(expr, Group):
        return f"({to_text(expr.inner)})"
    if isinstance(expr, Neg):
        return f"-{_operand(expr.operand)}"
    if isinstance(expr, BinOp):
        if expr.op in "*/":
            return f"{_factor(expr.left, left=True)}{expr.op}{_factor(expr.right, left=False)}"
        return f"{to_text(expr.left)}{expr.op}{_operand(expr.right)}"
    raise TypeError(f"not a dice expression: {expr!r}")


def _factor(expr: Expr, left: bool) -> str:
    """Text of a factor of ``*`` or ``/``, bracketed when a sum (or, on the right, a product) would bind wrong."""
    text = to_text(expr)
    loose = isinstance(expr, Neg) or (isinstance(expr, BinOp) and (expr.op in "+-" or not left))
    return f"({text})" if loose or (isinstance(expr, Constant) and expr.value < 0) else text


def _operand(expr: Expr) -> str:
    """Text of an operand, bracketed when it would otherwise read differently."""
    text = to_text(expr)
    if (isinstance(expr, BinOp) and expr.op in "+-") or isinstance(expr, Neg) or (
            isinstance(expr, Constant) and expr.value < 0):
        return f"({text})"
    return text


def signed_terms(expr: Expr, sign: int = 1) -> list[tuple[int, Leaf]]:
    """The leaves of ``expr`` left to right, each with its sign (+1 or -1)."""
    if isinstance(expr, LEAF_TYPES) or (isinstance(expr, BinOp) and expr.op in "*/"):
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
        if isinstance(leaf, (Dice, Fudge)):
            total += leaf.count
        elif isinstance(leaf, RollKeep):
            total += leaf.rolled
        elif isinstance(leaf, OpenD20):
            total += 1
        elif isinstance(leaf, Count):
            total += leaf.pool.count
        elif isinstance(leaf, (GroupRoll, Call)):
            total += sum(dice_count(item) for item in (leaf.items if isinstance(leaf, GroupRoll) else leaf.args))
        elif isinstance(leaf, BinOp):
            total += dice_count(leaf.left) + dice_count(leaf.right)
    return total
