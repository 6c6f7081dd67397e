"""What may follow a die's sides: an explosion, and a keep or drop (mixed into the parser).

Grammar (added to :mod:`~rollwright.dice.notation.parser`'s)::

    explode := ("!" | "!!" | "!p") [(">=" | ">") NUMBER | NUMBER]
                                    on the top face, on NUMBER and up (Roll20's '!>4'), or
                                    Roll20's '!N' when N is the top face (another face alone
                                    is refused: this engine explodes on the top faces)
    select  := ("kh" | "kl" | "dh" | "dl" | "k" | "d") NUMBER
                                    keep highest / lowest, drop highest / lowest; Roll20's
                                    'k' alone keeps the highest and 'd' alone drops the lowest

>>> from rollwright.dice.notation.parser import parse
>>> from rollwright.dice.notation.syntax import to_text
>>> [to_text(parse(t)) for t in ("3d6!>4", "3d6!6", "8d100k4", "8d100d3", "{4d6+3d8}k4")]
['3d6!>=4', '3d6!', '8d100kh4', '8d100dl3', '{4d6+3d8}kh4']
>>> parse("3d6!3")
Traceback (most recent call last):
...
rollwright.errors.NotationError: 'd6!3' explodes on a 3 alone (Roll20's form); dice here explode on their top faces: write 'd6!' (on its top face) or 'd6!>=3' (on 3 and up) at position 5
"""

from __future__ import annotations

from rollwright.dice.notation.lexer import AT_LEAST, NUMBER, Token
from rollwright.dice.notation.syntax import Select
from rollwright.errors import NotationError


class Modifiers:
    """Methods the parser mixes in; they use its ``current``, ``advance``, ``peek`` and ``fail``."""

    text: str

    # These come from the parser class that mixes this in.
    @property
    def current(self) -> Token: ...  # type: ignore[empty-body]

    def advance(self) -> Token: ...  # type: ignore[empty-body]

    def peek(self) -> Token: ...  # type: ignore[empty-body]

    def fail(self, message: str, position: int) -> NotationError: ...  # type: ignore[empty-body]

    def explosion(self, sides: int, start: int) -> tuple[bool, int | None, str]:
        """``["!" | "!!" | "!p"] [(">=" | ">") NUMBER]``: (explodes?, lowest exploding face or None for the top, style)."""
        if self.current.kind != "!":
            return False, None, "!"
        bang = self.advance()
        style = "!"
        if self.current.kind in ("!", "p"):
            style += "!" if self.advance().kind == "!" else "p"
        if self.current.kind == NUMBER:
            return self._on_one_face(sides, style)
        if self.current.kind in ("<", "<="):
            raise self.fail(f"dice here explode on their top faces, not on low ones: write 'd{sides}{style}' (on its "
                            f"top face) or 'd{sides}{style}>=N' (on N and up)", self.current.position)
        if self.current.kind not in (AT_LEAST, ">"):
            if sides == 1:
                raise self.fail(
                    "'d1!' would explode forever (its only face is its top face); drop the '!'",
                    bang.position,
                )
            return True, None, style
        self.advance()  # the '>=' (or Roll20's '>', which means the same)
        face_token = self.current
        if face_token.kind != NUMBER:
            raise self.fail("expected the lowest exploding face after '>=' (as in 'd8!>=7')", face_token.position)
        self.advance()
        face = face_token.value
        shown = f"d{sides}{style}>={face_token.text}"
        if face <= 1:
            raise self.fail(
                f"'{shown}' would explode on every face and never end; use a threshold from 2 to {sides}"
                if sides > 1 else "'d1!' would explode forever (its only face is its top face); drop the '!'",
                face_token.position,
            )
        if face > sides:
            raise self.fail(
                f"a d{sides} never shows {face_token.text}, so '{shown}' would never explode; "
                + (f"use a face from 2 to {sides}" if sides > 1 else "drop the '!'"),
                face_token.position,
            )
        return True, (None if face == sides else face), style

    def _on_one_face(self, sides: int, style: str) -> tuple[bool, int | None, str]:
        """Roll20's ``!N``: the top face is plain ``!``; any other face alone is refused, saying what to write."""
        face_token = self.advance()
        face = face_token.value
        written = f"d{sides}{style}{face_token.text}"
        if face == sides and sides > 1:
            return True, None, style
        if sides == 1:
            raise self.fail("'d1!' would explode forever (its only face is its top face); drop the '!'",
                            face_token.position)
        if not 1 <= face <= sides:
            raise self.fail(f"a d{sides} never shows {face_token.text}, so '{written}' would never explode; "
                            f"write 'd{sides}{style}' to explode on its top face", face_token.position)
        raise self.fail(f"'{written}' explodes on a {face} alone (Roll20's form); dice here explode on their top "
                        f"faces: write 'd{sides}{style}' (on its top face)"
                        + (f" or 'd{sides}{style}>={face}' (on {face} and up)" if face > 1 else ""),
                        face_token.position)

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
