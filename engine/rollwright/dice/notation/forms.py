"""The parser's newer forms, as Roll20 writes them: Fudge dice, rerolls, success counting, group rolls, min/max.

Grammar (added to :mod:`~rollwright.dice.notation.parser`'s)::

    dice     := [NUMBER] "d" ("F" | NUMBER [reroll] [explode] [select]) [count]
    reroll   := "r" ["o"] [compare] NUMBER     r: roll again while the face matches; ro: once
    explode  := ("!" | "!!" | "!p") [(">=" | ">") NUMBER]
                                             "!" extra rolls are dice of their own when counted,
                                             "!!" compound into one die, "!p" takes 1 from each
    count    := compare NUMBER ["f" [compare] NUMBER]
                                             how many dice meet the target, minus the failures
    compare  := ">=" | ">" | "<=" | "<" | "="   as in Roll20, '>' means at least and '<' at most
    group    := "{" expression ("," expression)* "}" [aside] [select | count]
    aside    := "s" [compare] NUMBER             one roll alone: its dice showing NUMBER (or, with
                                             '<=' / '>=', up to or from it; 's1' the 1s) are set
                                             aside, add nothing and are never kept
                                             a keep or drop reads the rolls' totals, or, for one
                                             roll alone, its dice: '{4d6+3d8}kh4' keeps 4 dice
    call     := ("min" | "max") "(" expression ("," expression)+ ")"

A count after an exploding pool needs braces (``{10d10!}>=8``), because ``10d10!>8``
is an explosion threshold, as Roll20 reads it.

>>> from rollwright.dice.notation.parser import parse
>>> from rollwright.dice.notation.syntax import to_text
>>> [to_text(parse(t)) for t in ("4dF+1", "2d8r<2", "d20ro1", "3d6>3f1", "{10d10!}>8", "{d8!,d6!}kh1")]
['4dF+1', '2d8r<=2', 'd20ro1', '3d6>=3f=1', '{10d10!}>=8', '{d8!,d6!}kh1']
>>> to_text(parse("MIN(2d6+3, 10) + max(d6, 3) * 2 / 4"))
'min(2d6+3,10)+max(d6,3)*2/4'
>>> parse("d6r<=6")
Traceback (most recent call last):
...
rollwright.errors.NotationError: 'r<=6' rerolls every face of a d6, so it would never stop; reroll fewer faces at position 6
"""

from __future__ import annotations

from rollwright.dice.notation.lexer import AT_LEAST, AT_MOST, FUNCTION, NUMBER, Token
from rollwright.dice.notation.syntax import Call, Count, Dice, Expr, Fudge, GroupRoll, Reroll, Select, dice_count, signed_terms
from rollwright.errors import NotationError

COMPARE = {">=": ">=", ">": ">=", "<=": "<=", "<": "<=", "=": "="}
"""Each way a comparison is written, and what it means (Roll20's '>' is 'at least')."""
MAX_ITEMS = 12
"""Most rolls in one ``{...}`` group or one ``min(...)``/``max(...)``."""


class ParserPart:
    """What a part of the parser mixed into it may use of it: ``text``, ``current``, ``advance``, ``peek`` and
    ``fail`` (declared once here, for the type checker; the parser class defines them)."""

    text: str

    @property
    def current(self) -> Token: ...  # type: ignore[empty-body]

    def advance(self) -> Token: ...  # type: ignore[empty-body]

    def peek(self) -> Token: ...  # type: ignore[empty-body]

    def fail(self, message: str, position: int) -> NotationError: ...  # type: ignore[empty-body]


class Forms(ParserPart):
    """Methods the parser mixes in; they use its ``current``, ``advance``, ``fail``, ``expression`` and ``add_dice``."""

    # These come from the parser class that mixes this in.
    def expression(self, nesting: int) -> Expr: ...  # type: ignore[empty-body]

    def add_dice(self, count: int, position: int) -> None: ...

    def select(self, count: int) -> Select | None: ...

    def nest(self, nesting: int, opener: Token) -> None: ...

    # --- the forms ---------------------------------------------------------
    def fudge(self, count: int, start: int) -> Expr:
        """``NdF`` (the 'F' is current)."""
        self.advance()
        self.add_dice(count, start)
        return self.maybe_count(Fudge(count, position=start), start)

    def reroll(self, sides: int) -> Reroll | None:
        """``r`` or ``ro``, a comparison (none: equal) and a face."""
        if self.current.kind != "r":
            return None
        start = self.advance().position
        once = self.current.kind == "o"
        if once:
            self.advance()
        op = self.comparison() or "="
        face_token = self.current
        if face_token.kind != NUMBER:
            raise self.fail("expected the face to reroll after 'r' (as in 'd20r1' or '2d8r<2')", face_token.position)
        self.advance()
        reroll = Reroll(once, op, face_token.value)
        matched = [face for face in range(1, sides + 1) if reroll.matches(face)]
        written = self.text[start:face_token.position + len(face_token.text)]
        if not matched:
            raise self.fail(f"a d{sides} never shows what '{written}' rerolls; reroll a face from 1 to {sides}",
                            face_token.position)
        if len(matched) == sides and not once:
            raise self.fail(f"'{written}' rerolls every face of a d{sides}, so it would never stop; "
                            "reroll fewer faces", face_token.position)
        if self.current.kind == "r":
            raise self.fail("write one reroll per dice term", self.current.position)
        return reroll

    def comparison(self) -> str | None:
        """A comparison sign, if one is current (and taken)."""
        if self.current.kind in COMPARE:
            return COMPARE[self.advance().kind]
        return None

    def maybe_count(self, pool: Dice | Fudge, start: int) -> Expr:
        """``>=N`` (successes) and ``fN`` (failures) after a pool; the pool itself when none follows."""
        if self.current.kind not in COMPARE:
            if self.current.kind == "f":
                raise self.fail("failures ('f') follow a target, as in '3d6>=4f1'", self.current.position)
            return pool
        if isinstance(pool, Dice) and pool.select is not None:
            raise self.fail("a count reads every die: leave out the keep or drop (or keep whole rolls with "
                            "'{...}kh1')", self.current.position)
        op = self.comparison()
        target = self.number("the target after the comparison (as in '5d10>=8')")
        fail_op = fail_target = None
        if self.current.kind == "f":
            self.advance()
            fail_op = self.comparison() or "="
            fail_target = self.number("the failing face after 'f' (as in '3d6>=4f1')")
        if self.current.kind in COMPARE or self.current.kind == "f":
            raise self.fail("write one target and at most one 'f' per count", self.current.position)
        assert op is not None
        return Count(pool, op, target, fail_op, fail_target, position=start)

    def number(self, what: str) -> int:
        token = self.current
        if token.kind != NUMBER:
            raise self.fail(f"expected {what}", token.position)
        self.advance()
        return token.value

    def rolls(self, nesting: int, opener: Token) -> list[Expr]:
        """Whole rolls separated by ',' (after ``opener``, one level deeper)."""
        self.nest(nesting, opener)
        items = [self.expression(nesting + 1)]
        while self.current.kind == ",":
            self.advance()
            items.append(self.expression(nesting + 1))
        return items

    def group_roll(self, nesting: int) -> Expr:
        """``{a, b, ...}``, then a keep/drop of whole rolls or a count of one pool's dice."""
        opener = self.advance()
        items = self.rolls(nesting, opener)
        if self.current.kind != "}":
            found = self.current
            raise self.fail(f"expected ',' or '}}' in the '{{' opened at position {opener.position + 1}, found "
                            f"{found.describe()}", found.position)
        self.advance()
        if len(items) > MAX_ITEMS:
            raise self.fail(f"a group holds at most {MAX_ITEMS} rolls", opener.position)
        if self.current.kind in COMPARE:
            pool = items[0]
            if len(items) > 1 or not isinstance(pool, (Dice, Fudge)):
                raise self.fail("a count after '{...}' reads the dice of one pool, as in '{10d10!}>=8'",
                                self.current.position)
            return self.maybe_count(pool, opener.position)
        aside, aside_op = self.set_aside(items)
        kept_of = dice_count(items[0]) if len(items) == 1 else len(items)  # one roll: its dice are kept or dropped
        select = self.select(kept_of) if self.current.kind in ("k", "d") else None
        if (select is not None or aside is not None) and len(items) == 1:
            for sign, leaf in signed_terms(items[0]):
                if sign < 0 or not isinstance(leaf, (Dice, Fudge)) or (isinstance(leaf, Dice) and leaf.select):
                    raise self.fail("a keep after one roll in braces keeps its dice, so write dice added together, "
                                    "as in '{4d6+3d8}kh4' (numbers go outside the braces)", leaf.position)
        if aside is not None and select is not None and not select.kept(kept_of)[0]:
            raise self.fail("dice set aside are never kept, so keep the highest ('kh' or 'dl') after 's'",
                            opener.position)
        return GroupRoll(tuple(items), select, aside, aside_op, position=opener.position)

    def set_aside(self, items: list[Expr]) -> tuple[int | None, str]:
        """``sF`` (or ``s<=F``, ``s>=F``) after one roll in braces: its dice showing F (or F and less, F and more)
        are set aside; returns the face and the comparison (``s1`` is ``s<=1``), or (None, "<=") without ``s``."""
        if self.current.kind != "s":
            return None, "<="
        start = self.advance().position
        compared = self.comparison() or ("<=" if self.current.kind == NUMBER and self.current.value == 1 else "=")
        face = self.number("the face set aside after 's' (as in '{3d8+2d6}s1kh2')")
        if len(items) > 1:
            raise self.fail("'s' sets dice aside in one roll in braces, as in '{3d8+2d6}s1kh2'", start)
        written = self.text[start:self.current.position].strip()
        test = Reroll(False, compared, face)  # the same comparison as a reroll's
        for _, leaf in signed_terms(items[0]):
            if isinstance(leaf, Fudge):
                raise self.fail("Fudge dice show -1, 0 or +1 and cannot be set aside; roll them outside the braces",
                                start)
            if isinstance(leaf, Dice):
                faces = range(1, leaf.sides + 1)
                if all(test.matches(f) for f in faces):
                    raise self.fail(f"'{written}' would set aside every face of a d{leaf.sides}, leaving it "
                                    "nothing; set aside fewer faces", start)
        sides = [leaf.sides for _, leaf in signed_terms(items[0]) if isinstance(leaf, Dice)]
        if sides and not any(test.matches(f) for f in range(1, max(sides) + 1)):
            raise self.fail(f"no die here shows what '{written}' sets aside; use a face from 1 to {max(sides)}", start)
        return face, compared

    def call(self, nesting: int) -> Expr:
        """``min(a, b, ...)`` or ``max(a, b, ...)``."""
        name = self.advance()
        opener = self.current
        if opener.kind != "(":
            raise self.fail(f"'{name.text}' is followed by '(', as in '{name.text}(2d6, 10)'", opener.position)
        self.advance()
        args = self.rolls(nesting, opener)
        if self.current.kind != ")":
            raise self.fail(f"expected ',' or ')' in '{name.text}(' opened at position {opener.position + 1}, found "
                            f"{self.current.describe()}", self.current.position)
        self.advance()
        if not 2 <= len(args) <= MAX_ITEMS:
            raise self.fail(f"{name.text}() takes 2 to {MAX_ITEMS} rolls or numbers, as in '{name.text}(2d6, 10)'",
                            name.position)
        return Call(name.text, tuple(args), position=name.position)


__all__ = ["AT_LEAST", "AT_MOST", "COMPARE", "FUNCTION", "Forms", "MAX_ITEMS"]
