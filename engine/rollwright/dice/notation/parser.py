"""Recursive-descent parser: notation text -> syntax tree.

Grammar (whitespace allowed between tokens, letters in any case)::

    expression := ["-"] product (("+" | "-") product)*
    product    := term (("*" | "/") term)*           "/" divides and rounds down
    term       := NUMBER                                  constant
                | [NUMBER] "d" NUMBER [explode] [select]  dice
                | NUMBER "k" NUMBER                       XkY pool (keep the best)
                | "od20"                                  open-ended d20
                | "(" expression ")"
                | Fudge dice, rerolls, counts, "{...}" groups, min() and max():
                  see :mod:`~rollwright.dice.notation.forms`
    explode    := "!" [">=" NUMBER]       reroll and add on the top face, or on any
                                          face >= NUMBER (2 .. sides); Roll20's "!>N"
                                          means the same, its "!N" only for the top face
    select     := ("kh" | "kl" | "dh" | "dl") NUMBER
                                          keep highest / keep lowest / drop highest /
                                          drop lowest NUMBER dice ("k" / "d" alone: Roll20's
                                          keep highest / drop lowest)

Things happen in the order they are written: every die first explodes (its
extra rolls add to that same die), then whole dice are kept or dropped by
their totals. So ``4d6!kh3`` is accepted and ``4d6kh3!`` is refused. Keeping
counts 1 to all the dice (``4d6kh4`` keeps them all); dropping counts 1 to
one fewer than the dice. An explosion's compare point (Roll20's ``!>=4``,
``!<=2``, ``!3``) that takes every face would never end, and one that takes
none would never explode: both are refused. ``!>=S`` and ``!S`` on a dS are
plain ``!`` and print as ``!``. After dice, a comparison with no ``!``
before it counts successes (``5d10>=8``).

``XkY`` against ``XdYkhZ``: ``XkY`` is the keep-the-best pool, X d10s that
ALWAYS explode on 10 (each explosion added to its own die before keeping)
and the Y highest kept; its second number counts kept dice, not sides.
``XdYkhZ`` is plain dice with no explosion unless written: ``10d10kh5`` keeps
five plain d10s, and ``10k5`` equals ``10d10!kh5`` (the same distribution and,
for one seed, the same roll). After dice, ``k`` alone keeps the highest and
``d`` alone drops the lowest, as Roll20 reads them: ``4d6k3`` is ``4d6kh3``.
``d%`` is a d100. The explosion and the keep or drop are read by
:mod:`~rollwright.dice.notation.modifiers`.

>>> to_text(parse("2d10 + d4"))
'2d10+d4'
>>> parse("4d6kh3") == Dice(4, 6, select=Select("kh", 3))
True
>>> to_text(parse("3D6 ! >= 5")), to_text(parse("d8!>=8"))
('3d6!>=5', 'd8!')
>>> parse("2d+1")
Traceback (most recent call last):
...
rollwright.errors.NotationError: expected a number of sides after 'd' (as in '2d6') at position 3
>>> parse("d6!>=1")
Traceback (most recent call last):
...
rollwright.errors.NotationError: 'd6!>=1' would explode on every face and never end; explode on fewer faces, as in 'd6!' (on its top face) or 'd6!>=5' at position 6
"""

from __future__ import annotations

from rollwright.dice.notation.forms import Forms
from rollwright.dice.notation.modifiers import Modifiers
from rollwright.dice.notation.lexer import AT_LEAST, END, FUNCTION, NUMBER, Token, tokenize
from rollwright.dice.notation.limits import (
    MAX_CONSTANT,
    MAX_DICE,
    MAX_NESTING,
    MAX_SIDES,
    check_length,
)
from rollwright.dice.notation.syntax import (
    BinOp,
    Constant,
    Dice,
    Expr,
    Group,
    Neg,
    OpenD20,
    RollKeep,
    Select,
    to_text,
)
from rollwright.errors import LimitError, NotationError

_TERM_START = "a die, a number, 'od20', '(', '{', 'min(' or 'max('"


class _Parser(Modifiers, Forms):  # Modifiers first: its select() is the one Forms calls
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

    def peek(self) -> Token:
        """The token after the current one (or the end)."""
        return self.tokens[min(self.index + 1, len(self.tokens) - 1)]

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
            left: Expr = Neg(self.product(nesting, after="'-'"), position=token.position)
        else:
            left = self.product(nesting, after=None)
        while self.current.kind in ("+", "-"):
            op_token = self.advance()
            right = self.product(nesting, after=f"'{op_token.text}'")
            left = BinOp("+" if op_token.kind == "+" else "-", left, right, position=left.position)
        return left

    def product(self, nesting: int, after: str | None) -> Expr:
        left = self.term(nesting, after)
        while self.current.kind in ("*", "/"):
            op_token = self.advance()
            right = self.term(nesting, after=f"'{op_token.text}'")
            left = BinOp("*" if op_token.kind == "*" else "/", left, right, position=left.position)
        return left

    def nest(self, nesting: int, opener: Token) -> None:
        if nesting + 1 > MAX_NESTING:
            raise LimitError(
                f"parentheses nested more than {MAX_NESTING} deep",
                limit="nesting",
                position=opener.position,
            )

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
        if token.kind == "{":
            return self.group_roll(nesting)
        if token.kind == FUNCTION:
            return self.call(nesting)
        if token.kind == "k":
            raise self.fail(
                "'k' needs the number of dice rolled before it, as in '10k5'", token.position
            )
        if token.kind in ("+", "-", "*", "/") and after is not None:
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
        if sides_token.kind == "f":
            return self.fudge(count, start)
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
        reroll = self.reroll(sides)
        explode, threshold, style, explode_op = self.explosion(sides, reroll)
        select = self.select(count)
        if self.current.kind == "!":
            raise self.fail(
                "write one explosion: '!', '!!' or '!p'" if select is None else
                "write '!' before the keep or drop, as in '4d6!kh3': dice explode first, then are kept",
                self.current.position,
            )
        if self.current.kind == "r":
            raise self.fail("write the reroll before the explosion, as in 'd6r1!'", self.current.position)
        self.add_dice(count, start)
        dice = Dice(count, sides, explode, threshold, select, style, reroll, explode_op, position=start)
        if explode and not select and self.current.kind in ("<", "<=", "=", ">", ">="):
            raise self.fail(
                "write one compare point after '!'; to count the dice of an exploding pool, "
                f"put it in braces, as in '{{{to_text(dice)}}}>=8'", self.current.position)
        return self.maybe_count(dice, start)

    def roll_keep(self, rolled_token: Token) -> Expr:
        self.advance()  # the 'k'
        rolled = rolled_token.value
        kept_token = self.current
        if kept_token.kind in ("h", "l"):
            raise self.fail(
                f"'{rolled_token.text}k{kept_token.text}' needs dice: write e.g. '{rolled_token.text}d10k{kept_token.text}5' "
                f"(plain dice, no explosion), or '{rolled_token.text}k5' for the pool of d10s exploding on 10, keep the best",
                kept_token.position,
            )
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
        if self.current.kind in ("!", AT_LEAST, ">"):
            raise self.fail(
                "XkY dice already explode on 10; drop the '!' (or write dice such as "
                f"'{rolled}d10!>=9kh{kept}' for another threshold)",
                self.current.position,
            )
        if self.current.kind in ("k", "d") and self.peek().kind in ("h", "l"):
            raise self.fail(
                f"'{written}' already keeps the {kept} highest; write dice such as '{rolled}d10!kh{kept}' "
                "to keep or drop differently",
                self.current.position,
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
        self.nest(nesting, opener)
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
        raise parser.fail(f"expected '+', '-', '*' or '/' before {token.describe()}", token.position)
    return expr
