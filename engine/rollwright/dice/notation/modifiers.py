"""What may follow a die's sides: an explosion, and a keep or drop (mixed into the parser).

Grammar (added to :mod:`~rollwright.dice.notation.parser`'s)::

    explode := ("!" | "!!" | "!p") [(">=" | ">" | "<=" | "<" | "=") NUMBER | NUMBER]
                                    on the top face, or on Roll20's compare point: '!>4' on 4
                                    and up, '!<2' on 2 and down, '!3' (or '!=3') on a 3 alone;
                                    a compare point that takes every face is refused
    select  := ("kh" | "kl" | "dh" | "dl" | "k" | "d") NUMBER
                                    keep highest / lowest, drop highest / lowest; Roll20's
                                    'k' alone keeps the highest and 'd' alone drops the lowest

>>> from rollwright.dice.notation.parser import parse
>>> from rollwright.dice.notation.syntax import to_text
>>> [to_text(parse(t)) for t in ("3d6!>4", "3d6!6", "3d6!3", "3d6!<2", "3d6!<1", "8d100k4", "{4d6+3d8}k4")]
['3d6!>=4', '3d6!', '3d6!3', '3d6!<=2', '3d6!1', '8d100kh4', '{4d6+3d8}kh4']
>>> parse("3d6!>1")
Traceback (most recent call last):
...
rollwright.errors.NotationError: 'd6!>=1' would explode on every face and never end; explode on fewer faces, as in 'd6!' (on its top face) or 'd6!>=5' at position 6
"""

from __future__ import annotations

from rollwright.dice.notation.forms import COMPARE, ParserPart
from rollwright.dice.notation.lexer import NUMBER, Token
from rollwright.dice.notation.syntax import Dice, Reroll, Select
from rollwright.errors import NotationError


class Modifiers(ParserPart):
    """Methods the parser mixes in; they use its ``current``, ``advance``, ``peek`` and ``fail``."""

    def explosion(self, sides: int, reroll: Reroll | None = None) -> tuple[bool, int | None, str, str]:
        """``["!" | "!!" | "!p"] [compare NUMBER | NUMBER]``: (explodes?, compare face or None for the top, style,
        compare: ``">="``, ``"<="`` or ``"="``), in canonical form (a trigger of one face is ``=``, the top face None).

        A trigger that takes every face a die can show (after a reroll) is refused, and so is one it never shows.
        """
        if self.current.kind != "!":
            return False, None, "!", ">="
        bang = self.advance()
        style = "!"
        if self.current.kind in ("!", "p"):
            style += "!" if self.advance().kind == "!" else "p"
        if self.current.kind == NUMBER:
            op, face_token = "=", self.advance()  # Roll20's '!3': on a 3 alone
        elif self.current.kind in COMPARE:
            sign = self.advance()
            op, face_token = COMPARE[sign.kind], self.current
            if face_token.kind != NUMBER:
                raise self.fail(f"expected a face after '!{sign.text}' (as in 'd8!>=7' or 'd8!<=2')",
                                face_token.position)
            self.advance()
        else:
            if sides == 1:
                raise self.fail("'d1!' would explode forever (its only face is its top face); drop the '!'",
                                bang.position)
            return (True, *self._trigger(sides, style, "=", Token(NUMBER, str(sides), bang.position), reroll,
                                         implied=True)[1:])
        return self._trigger(sides, style, op, face_token, reroll)

    def _trigger(self, sides: int, style: str, op: str, face_token: Token,
                 reroll: Reroll | None, implied: bool = False) -> tuple[bool, int | None, str, str]:
        """Check a compare point against the faces a die shows (after a reroll); the canonical (threshold, op)."""
        face = face_token.value
        point = "" if implied else f"{'' if op == '=' else op}{face_token.text}"
        written = f"d{sides}{reroll.text() if reroll else ''}{style}{point}"
        trigger = Dice(1, sides, True, face, explode_op=op).trigger
        shown = [f for f in range(1, sides + 1) if reroll is None or reroll.once or not reroll.matches(f)]
        if not trigger.intersection(shown):
            after = "" if len(shown) == sides else " after its reroll"
            fix = "drop the '!'" if sides == 1 else (
                f"use a face from 1 to {sides}, or write 'd{sides}{style}' (on its top face)")
            raise self.fail(f"a d{sides} never shows {face_token.text}{after}, so '{written}' would never explode; {fix}",
                            face_token.position)
        if sides == 1:
            raise self.fail("'d1!' would explode forever (its only face is its top face); drop the '!'",
                            face_token.position)
        if trigger.issuperset(shown):
            if len(shown) < sides:
                fix = f"after its reroll it shows only {', '.join(map(str, shown))}: explode on fewer of them or reroll fewer faces"
            else:
                fix = f"explode on fewer faces, as in 'd{sides}{style}' (on its top face)" + (
                    f" or 'd{sides}{style}>={sides - 1}'" if sides > 2 else "")
            raise self.fail(f"'{written}' would explode on every face and never end; {fix}", face_token.position)
        if trigger == {sides}:
            return True, None, style, ">="
        if len(trigger) == 1:
            return True, min(trigger), style, "="
        return True, face, style, op

    def select(self, count: int) -> Select | None:
        """``[("kh" | "kl" | "dh" | "dl" | "k" | "d") NUMBER]`` after dice (Roll20's ``k3`` keeps the highest 3,
        ``d1`` drops the lowest one)."""
        token = self.current
        if token.kind not in ("k", "d"):
            return None
        word = "keep" if token.kind == "k" else "drop"
        letter = token.kind
        self.advance()
        side = self.current
        if side.kind == NUMBER:  # Roll20's shorthand: keep the highest, drop the lowest
            mode = "kh" if word == "keep" else "dl"
        elif side.kind in ("h", "l"):
            self.advance()
            mode = f"{letter}{side.kind}"
        else:
            raise self.fail(
                f"after dice, '{letter}' says which dice to {word}: '{letter}h' the highest or '{letter}l' the "
                f"lowest, then how many, as in '4d6{letter}{'h3' if word == 'keep' else 'l1'}'", token.position)
        number = self.current
        if number.kind != NUMBER:
            raise self.fail(f"expected how many dice to {word} after '{mode}' (as in '4d6{mode}1')", number.position)
        self.advance()
        how_many = number.value
        if word == "keep" and not 1 <= how_many <= count:
            raise self.fail(
                f"'{mode}{number.text}' keeps no dice; keep at least one" if how_many < 1 else
                f"keep ({number.text}) cannot exceed dice rolled ({count})",
                number.position,
            )
        if word == "drop" and not 1 <= how_many < count:
            raise self.fail(
                f"'{mode}{number.text}' drops no dice; leave it out" if how_many < 1 else
                f"dropping {number.text} of {count} dice would leave none; drop at most {count - 1}"
                if count > 1 else "dropping from one die would leave none; roll more dice or leave the drop out",
                number.position,
            )
        if self.current.kind in ("k", "d") and self.peek().kind in ("h", "l", NUMBER):
            raise self.fail("write one keep or drop per dice term", self.current.position)
        return Select(mode, how_many)  # type: ignore[arg-type]


__all__ = ["Modifiers"]
