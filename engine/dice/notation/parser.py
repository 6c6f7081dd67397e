"""Recursive-descent parser: notation text -> syntax tree.

Grammar (whitespace allowed between tokens, letters in any case)::

    expression := ["-"] term (("+" | "-") term)*
    term       := NUMBER                      constant
                | [NUMBER] "d" NUMBER ["!"]   dice, "!" = explode on the top face
                | NUMBER "k" NUMBER           roll X d10 exploding on 10, keep Y
                | "od20"                      open-ended d20
                | "(" expression ")"

>>> parse("2d10 + d4")
BinOp(op='+', left=Dice(count=2, sides=10, explode=False), right=Dice(count=1, sides=4, explode=False))
>>> parse("2d+1")
Traceback (most recent call last):
...
engine.errors.NotationError: expected a number of sides after 'd' (as in '2d6') at position 3
"""

from __future__ import annotations

from engine.dice.notation.lexer import END, NUMBER, Token, tokenize
from engine.dice.notation.limits import (
    MAX_CONSTANT,
    MAX_DICE,
    MAX_NESTING,
    MAX_SIDES,
    check_length,
)
from engine.dice.notation.syntax import (
    BinOp,
    Constant,
    Dice,
    Expr,
    Group,
    Neg,
    OpenD20,
    RollKeep,
)
from engine.errors import LimitError, NotationError

_TERM_START = "a die, a number, 'od20' or '('"


class _Parser:
    """Walks the token list once; tracks nesting and the running dice count."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.tokens = tokenize(text)
        self.index = 0
        self.dice_total = 0

    # --- helpers ----------------------------------------------------------
    @property
    def current(self) -> Token:
        return self.tokens[self.index]

    def advance(self) -> Token:
        token = self.tokens[self.index]
        if token.kind != END:
            self.index += 1
        return token

    def fail(self, message: str, position: int) -> NotationError:
        return NotationError(message, text=self.text, position=position)

    def add_dice(self, count: int, position: int) -> None:
        self.dice_total += count
        if self.dice_total > MAX_DICE:
            raise LimitError(
                f"too many dice: this expression rolls {self.dice_total} so far, and the cap is {MAX_DICE}",
                limit="dice",
                position=position,
            )

    # --- grammar ----------------------------------------------------------
    def expression(self, nesting: int) -> Expr:
        token = self.current
        if token.kind == "-":
            self.advance()
            left: Expr = Neg(self.term(nesting, after="'-'"), position=token.position)
        else:
            left = self.term(nesting, after=None)
        while self.current.kind in ("+", "-"):
            op_token = self.advance()
            right = self.term(nesting, after=f"'{op_token.text}'")
            left = BinOp("+" if op_token.kind == "+" else "-", left, right, position=left.position)
        return left

    def term(self, nesting: int, after: str | None) -> Expr:
        token = self.current
        if token.kind == NUMBER:
            return self.number_term()
        if token.kind == "d":
            return self.dice(1, token.position)
        if token.kind == "o":
            return self.open_d20()
        if token.kind == "(":
            return self.group(nesting)
        if token.kind == "k":
            raise self.fail(
                "'k' needs the number of dice rolled before it, as in '10k5'", token.position
            )
        if token.kind in ("+", "-") and after is not None:
            raise self.fail(
                "two operators in a row; remove one, or wrap the second part in parentheses",
                token.position,
            )
        if token.kind == END and self.index == 0:
            raise self.fail("empty notation; write dice such as '2d6+1'", token.position)
        where = f" after {after}" if after else ""
        raise self.fail(f"expected {_TERM_START}{where}, found {token.describe()}", token.position)

    def number_term(self) -> Expr:
        token = self.advance()
        value = token.value
        follower = self.current
        if follower.kind == "d":
            if value < 1:
                raise self.fail(f"'{token.text}d' rolls no dice; roll at least one", token.position)
            return self.dice(value, token.position)
        if follower.kind == "k":
            return self.roll_keep(token)
        if follower.kind == "o":
            raise self.fail(
                "open-ended d20s take no count; write 'od20+od20' for two", token.position
            )
        if value > MAX_CONSTANT:
            raise LimitError(
                f"constant {token.text} is above the cap of {MAX_CONSTANT}",
                limit="constant",
                position=token.position,
            )
        return Constant(value, position=token.position)

    def dice(self, count: int, start: int) -> Expr:
        self.advance()  # the 'd'
        if count > MAX_DICE:
            raise LimitError(
                f"{count} dice in one term is above the cap of {MAX_DICE}",
                limit="dice",
                position=start,
            )
        sides_token = self.current
        if sides_token.kind != NUMBER:
            raise self.fail("expected a number of sides after 'd' (as in '2d6')", sides_token.position)
        self.advance()
        sides = sides_token.value
        if sides < 1:
            raise self.fail(f"a die needs at least 1 side, not {sides_token.text}", sides_token.position)
        if sides > MAX_SIDES:
            raise LimitError(
                f"a d{sides_token.text} has more sides than the cap of {MAX_SIDES}",
                limit="sides",
                position=sides_token.position,
            )
        explode = False
        if self.current.kind == "!":
            bang = self.advance()
            if sides == 1:
                raise self.fail(
                    "'d1!' would explode forever (its only face is its top face); drop the '!'",
                    bang.position,
                )
            explode = True
            if self.current.kind == "!":
                raise self.fail("write '!' once; compounding explosions are not supported", self.current.position)
        self.add_dice(count, start)
        return Dice(count, sides, explode, position=start)

    def roll_keep(self, rolled_token: Token) -> Expr:
        self.advance()  # the 'k'
        rolled = rolled_token.value
        kept_token = self.current
        if kept_token.kind != NUMBER:
            raise self.fail("expected the number of dice kept after 'k' (as in '10k5')", kept_token.position)
        self.advance()
        kept = kept_token.value
        written = f"{rolled_token.text}k{kept_token.text}"
        if rolled < 1:
            raise self.fail(f"'{written}' rolls no dice; roll at least one", rolled_token.position)
        if rolled > MAX_DICE:
            raise LimitError(
                f"{rolled} dice in '{written}' is above the cap of {MAX_DICE}",
                limit="dice",
                position=rolled_token.position,
            )
        if kept < 1:
            raise self.fail(f"'{written}' keeps no dice; keep at least one", kept_token.position)
        if kept > rolled:
            raise self.fail(
                f"keep ({kept}) cannot exceed dice rolled ({rolled}) in '{written}'",
                kept_token.position,
            )
        if self.current.kind == "!":
            raise self.fail(
                "roll-and-keep dice already explode on 10; drop the '!'", self.current.position
            )
        self.add_dice(rolled, rolled_token.position)
        return RollKeep(rolled, kept, position=rolled_token.position)

    def open_d20(self) -> Expr:
        start = self.advance().position  # the 'o'
        d_token = self.advance()
        sides = self.advance()
        if d_token.kind != "d" or sides.kind != NUMBER or sides.value != 20:
            raise self.fail("'o' only starts the open-ended die 'od20'", start)
        self.add_dice(1, start)
        return OpenD20(position=start)

    def group(self, nesting: int) -> Expr:
        opener = self.advance()
        if nesting + 1 > MAX_NESTING:
            raise LimitError(
                f"parentheses nested more than {MAX_NESTING} deep",
                limit="nesting",
                position=opener.position,
            )
        if self.current.kind == ")":
            raise self.fail("empty parentheses; put dice or a number inside", self.current.position)
        inner = self.expression(nesting + 1)
        if self.current.kind != ")":
            found = self.current
            if found.kind == END:
                message = f"unclosed '(' opened at position {opener.position + 1}; add a ')'"
            else:
                message = f"expected '+', '-' or ')' in the '(' opened at position {opener.position + 1}, found {found.describe()}"
            raise self.fail(message, found.position)
        self.advance()
        return Group(inner, position=opener.position)


def parse(text: str) -> Expr:
    """Parse dice notation into a syntax tree (raises NotationError or LimitError)."""
    if not isinstance(text, str):
        raise NotationError(f"dice notation must be text, not {type(text).__name__}")
    check_length(text)
    parser = _Parser(text)
    expr = parser.expression(0)
    token = parser.current
    if token.kind == ")":
        raise parser.fail("unexpected ')' with no '(' to close", token.position)
    if token.kind != END:
        raise parser.fail(f"expected '+' or '-' before {token.describe()}", token.position)
    return expr
