"""The notation grammar: what parses, its canonical text, and the errors for what does not."""

from __future__ import annotations

import pytest

from rollwright.dice.notation import (
    BinOp,
    Constant,
    Dice,
    Group,
    Neg,
    OpenD20,
    RollKeep,
    Select,
    as_expr,
    dice_count,
    parse,
    signed_terms,
    to_text,
)
from rollwright.dice.notation.lexer import tokenize
from rollwright.errors import LimitError, NotationError


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("2d10+d4", "2d10+d4"),
        (" 2D10 + 1d4 ", "2d10+d4"),
        ("10k5", "10k5"),
        ("10K5", "10k5"),
        ("od20", "od20"),
        ("OD20", "od20"),
        ("o d 20", "od20"),
        ("d8!", "d8!"),
        ("2d8 !", "2d8!"),
        ("3d10+d6", "3d10+d6"),
        ("-d4+3", "-d4+3"),
        ("- 2", "-2"),
        ("(2d6+1)-(d4)", "(2d6+1)-(d4)"),
        ("-(od20-d6)", "-(od20-d6)"),
        ("007", "7"),
        ("d1", "d1"),
        ("1000000", "1000000"),
        ("\t2d6\n-1", "2d6-1"),
        ("4d6kh3", "4d6kh3"),
        ("4D6KH3", "4d6kh3"),
        ("4d6 k h 3", "4d6kh3"),
        ("2d20kl1", "2d20kl1"),
        ("4d6dl1", "4d6dl1"),
        ("6d10DH2", "6d10dh2"),
        ("4d6kh4", "4d6kh4"),
        ("d8!>=7", "d8!>=7"),
        ("d8 ! >= 7", "d8!>=7"),
        ("d8!>=8", "d8!"),
        ("3d6!>=5", "3d6!>=5"),
        ("4d6!kh3", "4d6!kh3"),
        ("5d8!>=7dl2+10k5-od20", "5d8!>=7dl2+10k5-od20"),
        ("d2!>=2", "d2!"),
    ],
)
def test_parses_to_canonical_text(text: str, canonical: str) -> None:
    expr = parse(text)
    assert to_text(expr) == canonical
    assert parse(canonical) == expr


def test_tree_shapes() -> None:
    assert parse("2d10+d4") == BinOp("+", Dice(2, 10), Dice(1, 4))
    assert parse("d8!") == Dice(1, 8, explode=True)
    assert parse("10k5") == RollKeep(10, 5)
    assert parse("od20") == OpenD20()
    assert parse("-d4+3") == BinOp("+", Neg(Dice(1, 4)), Constant(3))
    assert parse("1-2-3") == BinOp("-", BinOp("-", Constant(1), Constant(2)), Constant(3))
    assert parse("(1)") == Group(Constant(1))
    assert parse("4d6kh3") == Dice(4, 6, select=Select("kh", 3))
    assert parse("d8!>=7") == Dice(1, 8, explode=True, threshold=7)
    assert parse("5d8!>=7dl2") == Dice(5, 8, True, 7, Select("dl", 2))
    assert parse("d8!>=8") == parse("d8!") == Dice(1, 8, explode=True)


@pytest.mark.parametrize(("mode", "count", "rolled", "kept"), [
    ("kh", 3, 4, (True, 3)), ("kl", 1, 2, (False, 1)), ("dl", 1, 4, (True, 3)), ("dh", 2, 6, (False, 4)),
])
def test_select_says_which_dice_are_kept(mode: str, count: int, rolled: int, kept: tuple[bool, int]) -> None:
    assert Select(mode, count).kept(rolled) == kept  # type: ignore[arg-type]


def test_positions_are_recorded_but_ignored_by_equality() -> None:
    expr = parse("  2d6 + 10k5")
    assert isinstance(expr, BinOp)
    assert expr.left.position == 2 and expr.right.position == 8
    assert expr == BinOp("+", Dice(2, 6), RollKeep(10, 5))


def test_to_text_brackets_hand_built_operands() -> None:
    expr = BinOp("-", Dice(1, 6), BinOp("+", Constant(1), Dice(1, 4)))
    assert to_text(expr) == "d6-(1+d4)"
    assert to_text(BinOp("-", Constant(1), Constant(-2))) == "1-(-2)"
    assert to_text(Neg(Neg(Dice(1, 6)))) == "-(-d6)"


def test_signed_terms_and_dice_count() -> None:
    expr = parse("-(d6-2d4)+od20-3k2")
    assert [(sign, to_text(leaf)) for sign, leaf in signed_terms(expr)] == [
        (-1, "d6"), (1, "2d4"), (1, "od20"), (-1, "3k2")
    ]
    assert dice_count(expr) == 1 + 2 + 1 + 3


def test_as_expr_rechecks_hand_built_trees() -> None:
    with pytest.raises(NotationError):
        as_expr(Dice(0, 6))
    with pytest.raises(LimitError):
        as_expr(Dice(1, 5000))
    with pytest.raises(NotationError):
        as_expr(42)  # type: ignore[arg-type]
    with pytest.raises(NotationError):
        as_expr(Dice(1, 8, threshold=7))  # a threshold without '!'
    with pytest.raises(NotationError):
        as_expr(Dice(2, 6, select=Select("dl", 2)))
    assert as_expr(Dice(1, 8, True, 8)) == Dice(1, 8, True)


def test_tokens_carry_positions() -> None:
    assert [(t.kind, t.position) for t in tokenize(" 3k2!")] == [
        ("number", 1), ("k", 2), ("number", 3), ("!", 4), ("end", 5)
    ]
    assert [(t.kind, t.position) for t in tokenize("d8!>=7kH1")] == [
        ("d", 0), ("number", 1), ("!", 2), (">=", 3), ("number", 5), ("k", 6), ("h", 7), ("number", 8), ("end", 9)
    ]


ERRORS = [
    # text, 0-based position, words the message must contain
    ("2d+1", 2, "expected a number of sides after 'd'"),
    ("d", 1, "expected a number of sides after 'd'"),
    ("d0", 1, "at least 1 side"),
    ("0d6", 0, "rolls no dice"),
    ("0k0", 0, "rolls no dice"),
    ("5k0", 2, "keeps no dice"),
    ("5k6", 2, "keep (6) cannot exceed dice rolled (5) in '5k6'"),
    ("5k", 2, "number of dice kept after 'k'"),
    ("k5", 0, "'k' needs the number of dice rolled"),
    ("d1!", 2, "'d1!' would explode forever"),
    ("3d1!", 3, "'d1!' would explode forever"),
    ("d6!!!", 4, "write one explosion: '!', '!!' or '!p'"),
    ("10k5!", 4, "already explode on 10"),
    ("(2d6", 4, "unclosed '(' opened at position 1"),
    ("1+((2d6)", 8, "unclosed '(' opened at position 3"),
    ("2d6)", 3, "unexpected ')'"),
    ("()", 1, "empty parentheses"),
    ("", 0, "empty notation"),
    ("   ", 3, "empty notation"),
    ("2d6+", 4, "after '+'"),
    ("2d6+-3", 4, "two operators in a row"),
    ("--3", 1, "two operators in a row"),
    ("2d6 3", 4, "expected '+', '-', '*' or '/' before '3'"),
    ("(1 2)", 3, "in the '(' opened at position 1"),
    ("od6", 0, "'od20'"),
    ("o", 0, "'od20'"),
    ("2od20", 0, "open-ended d20s take no count"),
    ("3**d6", 2, "two operators in a row"),
    ("3xd6", 1, "multiplication"),
    ("%", 0, "percentile dice are written 'd%' or 'd100'"),
    ("2d6?", 3, "unexpected character '?'"),
    ("d٣", 1, "unexpected character"),  # non-ASCII digit
    ("+3", 0, "expected a die, a number"),
    ("!", 0, "expected a die, a number"),
    # explosion thresholds
    ("d8!>=1", 5, "would explode on every face and never end; explode on fewer faces, as in 'd8!' (on its top "
                  "face) or 'd8!>=7'"),
    ("d8!>=0", 5, "never end"),
    ("3d6!>=01", 6, "never end"),
    ("d1!>=1", 5, "'d1!' would explode forever"),
    ("d6!>=7", 5, "a d6 never shows 7, so 'd6!>=7' would never explode; use a face from 1 to 6"),
    ("d8!>=", 5, "expected a face after '!>=' (as in 'd8!>=7' or 'd8!<=2')"),
    ("d8!=", 4, "expected a face after '!='"),
    ("d8!<=8", 5, "'d8!<=8' would explode on every face and never end"),
    ("d8!<9", 4, "'d8!<=9' would explode on every face"),
    ("d8!<0", 4, "a d8 never shows 0, so 'd8!<=0' would never explode"),
    ("d2!<2", 4, "'d2!<=2' would explode on every face and never end; explode on fewer faces, as in 'd2!' (on its "
                 "top face)"),
    ("d6r<=5!", 6, "'d6r<=5!' would explode on every face and never end; after its reroll it shows only 6"),
    ("d6r<2!>3", 7, "after its reroll it shows only 3, 4, 5, 6: explode on fewer of them or reroll fewer faces"),
    ("d6r1!1", 5, "a d6 never shows 1 after its reroll, so 'd6r1!1' would never explode"),
    ("d8!>=7<=2", 6, "write one compare point after '!'; to count the dice of an exploding pool, put it in braces"),
    ("d8!>=x", 5, "dice notation uses"),  # nothing to multiply after >=: not the times hint
    ("2d6x3", 3, "multiplication"),
    ("d8>=", 4, "expected the target after the comparison"),
    ("4d6f1", 3, "failures ('f') follow a target, as in '3d6>=4f1'"),
    ("d8!9", 3, "a d8 never shows 9, so 'd8!9' would never explode"),
    ("d20cs>18", 3, "Roll20's 'cs' and 'cf' only colour dice in its chat and never change a roll"),
    ("d20cf<2", 3, "Roll20's 'cs' and 'cf' only colour dice"),
    ("d6%", 2, "percentile dice are written 'd%' or 'd100'"),
    ("d8!>=7!", 6, "write one explosion"),
    ("d1!>=2", 5, "a d1 never shows 2, so 'd1!>=2' would never explode; drop the '!'"),
    # keep / drop
    ("4d6k+3", 3, "'k' says which dice to keep: 'kh' the highest or 'kl' the lowest"),
    ("4d6d+1", 3, "'d' says which dice to drop: 'dh' the highest or 'dl' the lowest"),
    ("2d6d6", 4, "dropping 6 of 2 dice would leave none; drop at most 1"),
    ("4d6k3k1", 5, "one keep or drop per dice term"),
    ("4d6kh", 5, "expected how many dice to keep after 'kh'"),
    ("4d6dl", 5, "expected how many dice to drop after 'dl'"),
    ("4d6kh0", 5, "'kh0' keeps no dice"),
    ("4d6kl5", 5, "keep (5) cannot exceed dice rolled (4)"),
    ("4d6dl0", 5, "'dl0' drops no dice; leave it out"),
    ("4d6dh4", 5, "dropping 4 of 4 dice would leave none; drop at most 3"),
    ("d20dl1", 5, "dropping from one die would leave none"),
    ("4d6kh3!", 6, "write '!' before the keep or drop, as in '4d6!kh3'"),
    ("4d6kh3>=5", 6, "a count reads every die: leave out the keep or drop"),
    ("4d6kh3dl1", 6, "one keep or drop per dice term"),
    ("4d6kh3kh2", 6, "one keep or drop per dice term"),
    ("4d6h3", 3, "expected '+', '-', '*' or '/' before 'h'"),
    ("kh3", 0, "'k' needs the number of dice rolled"),
    ("10kh5", 3, "'10kh' needs dice: write e.g. '10d10kh5'"),
    ("10k5kh3", 4, "'10k5' already keeps the 5 highest"),
    ("10k5!>=9", 4, "already explode on 10"),
    ("10k5>=9", 4, "already explode on 10"),
    ("4d6!kh3 3", 8, "expected '+', '-', '*' or '/' before '3'"),
]


@pytest.mark.parametrize(("text", "position", "words"), ERRORS, ids=[e[0] or "empty" for e in ERRORS])
def test_errors_name_the_fault_and_position(text: str, position: int, words: str) -> None:
    with pytest.raises(NotationError) as info:
        parse(text)
    err = info.value
    assert err.position == position
    assert words in err.message
    assert err.text == text
    assert str(err).endswith(f"at position {position + 1}")
    assert err.to_dict()["position"] == position


def test_non_text_is_refused() -> None:
    with pytest.raises(NotationError):
        parse(None)  # type: ignore[arg-type]
