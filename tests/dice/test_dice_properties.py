"""Hypothesis properties of distributions, the parser and rolling."""

from __future__ import annotations

from fractions import Fraction
from itertools import product
from math import prod

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rollwright.dice import Distribution, explode, sum_all
from rollwright.dice.notation import distribution, margin, parse, signed_terms, to_text
from rollwright.dice.notation.syntax import EXPR_TYPES
from rollwright.dice.rolling import roll
from rollwright.errors import LimitError, NotationError

FAST = settings(deadline=None, max_examples=150, suppress_health_check=[HealthCheck.too_slow])

# --- distributions ------------------------------------------------------------
die_specs = st.lists(
    st.tuples(st.integers(1, 12), st.booleans(), st.integers(0, 3)), min_size=1, max_size=4
)


@FAST
@given(die_specs)
def test_weights_positive_and_total_is_product_of_die_totals(specs: list[tuple[int, bool, int]]) -> None:
    parts = []
    totals = []
    for sides, explodes, depth in specs:
        if explodes and sides > 1:
            parts.append(explode(Distribution.die(sides), depth=depth))
            totals.append(sides ** (depth + 1))
        else:
            parts.append(Distribution.die(sides))
            totals.append(sides)
    dist = sum_all(parts)
    assert all(w > 0 for w in dist.weights())
    assert dist.total_weight == prod(totals)
    assert sum(p for _, p in dist.probabilities()) == 1


# --- grammar-shaped strings ---------------------------------------------------
def _spaced(draw: st.DrawFn, text: str) -> str:
    return text + draw(st.sampled_from(["", "", " "]))


@st.composite
def term_text(draw: st.DrawFn, nesting: int = 0) -> str:
    kind = draw(st.sampled_from(["const", "dice", "explode", "keep", "open", "group", "select", "threshold"]))
    d = draw(st.sampled_from(["d", "D"]))
    if kind == "const":
        return str(draw(st.integers(0, 20)))
    if kind == "dice":
        count = draw(st.sampled_from(["", "1", "2", "3"]))
        return f"{count}{d}{draw(st.integers(1, 8))}"
    if kind == "explode":
        return f"{draw(st.sampled_from(['', '2']))}{d}{draw(st.integers(2, 6))}!"
    if kind == "threshold":
        sides = draw(st.integers(2, 6))
        return f"{draw(st.sampled_from(['', '2']))}{d}{sides}!{_spaced(draw, '>=')}{draw(st.integers(2, sides))}"
    if kind == "select":
        count = draw(st.integers(1, 4))
        mode = draw(st.sampled_from(["kh", "kl", "dh", "dl", "KH", "dL"]))
        n = draw(st.integers(1, count)) if mode[0] in "kK" else draw(st.integers(1, max(1, count - 1)))
        count = max(count, n + 1) if mode[0] in "dD" else count
        boom = draw(st.sampled_from(["", "", "!", f"!>={draw(st.integers(3, 4))}"]))
        return f"{count}{d}{draw(st.integers(4, 6))}{boom}{mode}{n}"
    if kind == "keep":
        rolled = draw(st.integers(1, 3))
        return f"{rolled}{draw(st.sampled_from(['k', 'K']))}{draw(st.integers(1, rolled))}"
    if kind == "open" or nesting >= 2:
        return draw(st.sampled_from(["od20", "OD20", "o d20"]))
    return "(" + draw(expression_text(nesting + 1)) + ")"


@st.composite
def expression_text(draw: st.DrawFn, nesting: int = 0) -> str:
    terms = draw(st.lists(term_text(nesting), min_size=1, max_size=3))
    text = draw(st.sampled_from(["", "", "-", " - "])) + _spaced(draw, terms[0])
    for term in terms[1:]:
        text += draw(st.sampled_from(["+", "-", " + ", " -"])) + _spaced(draw, term)
    return text


TOKENS = ["d", "D", "k", "o", "od20", "!", "(", ")", "+", "-", " ", "0", "1", "2", "6", "10", "20",
          "1000", "1001", "999999999", "x", "%", "\n", "é", "٣",
          "h", "l", "kh", "kl", "dh", "dl", "KH", ">=", ">", "<", "=", "!>=", "4d6", "d8!>="]


def _parses_or_refuses(text: str) -> None:
    try:
        expr = parse(text)
    except (NotationError, LimitError) as err:
        assert err.message and "\n" not in err.message
        if isinstance(err, NotationError) or err.position is not None:
            assert 0 <= err.position <= len(text)  # type: ignore[operator]
        return
    assert isinstance(expr, EXPR_TYPES)
    assert parse(to_text(expr)) == expr


@FAST
@given(st.text(max_size=60))
def test_parse_arbitrary_text_returns_expr_or_own_error(text: str) -> None:
    _parses_or_refuses(text)


@FAST
@given(st.lists(st.sampled_from(TOKENS), max_size=25).map("".join))
def test_parse_token_soup_returns_expr_or_own_error(text: str) -> None:
    _parses_or_refuses(text)


@FAST
@given(expression_text())
def test_grammar_shaped_text_parses_and_round_trips(text: str) -> None:
    expr = parse(text)
    canonical = to_text(expr)
    assert parse(canonical) == expr
    assert to_text(parse(canonical)) == canonical


@FAST
@given(expression_text(), st.integers(0, 2))
def test_distribution_of_canonical_text_is_the_same(text: str, depth: int) -> None:
    dist = distribution(text, depth=depth)
    assert distribution(to_text(parse(text)), depth=depth) == dist
    assert sum(p for _, p in dist.probabilities()) == Fraction(1)


@FAST
@given(expression_text(), st.integers(0, 2**32 - 1), st.integers(0, 2))
def test_rolls_are_deterministic_and_possible(text: str, seed: int, depth: int) -> None:
    report = roll(text, seed=seed, depth=depth)
    assert roll(text, seed=seed, depth=depth) == report
    assert report.total == sum(t.sign * t.value for t in report.terms)
    assert len(report.terms) == len(signed_terms(parse(text)))
    assert distribution(text, depth=depth).weight(report.total) > 0


# --- keep / drop and thresholds ---------------------------------------------------
@st.composite
def small_pool(draw: st.DrawFn) -> tuple[str, int, int, int | None, str, int, int]:
    """(notation, count, sides, lowest exploding face or None, mode, n, depth) for a pool small enough to enumerate."""
    count, sides = draw(st.integers(1, 3)), draw(st.integers(2, 5))
    mode = draw(st.sampled_from(["kh", "kl", "dh", "dl"]))
    n = draw(st.integers(1, count)) if mode[0] == "k" else draw(st.integers(0, count - 1))
    at_least = draw(st.one_of(st.none(), st.integers(2, sides)))
    depth = draw(st.integers(0, 2))
    boom = "" if at_least is None else f"!>={at_least}"
    select = f"{mode}{n}" if n else ""
    return f"{count}d{sides}{boom}{select}", count, sides, at_least, mode, n, depth


def _enumerated(count: int, sides: int, at_least: int | None, mode: str, n: int, depth: int) -> dict[int, Fraction]:
    die: dict[int, Fraction] = {face: Fraction(1, sides) for face in range(1, sides + 1)}
    if at_least is not None:
        for _ in range(depth):  # one more level of explosion on top of the die so far
            deeper: dict[int, Fraction] = {}
            for face in range(1, sides + 1):
                rest = die if face >= at_least else {0: Fraction(1)}
                for value, p in rest.items():
                    deeper[face + value] = deeper.get(face + value, 0) + p / sides
            die = deeper
    kept = {"kh": n, "kl": n, "dh": count - n, "dl": count - n}[mode]
    highest = mode in ("kh", "dl")
    out: dict[int, Fraction] = {}
    for combo in product(die.items(), repeat=count):
        values = sorted((v for v, _ in combo), reverse=highest)
        total = sum(values[:kept]) if n else sum(values)
        out[total] = out.get(total, 0) + prod(p for _, p in combo)
    return out


@settings(deadline=None, max_examples=60, suppress_health_check=[HealthCheck.too_slow])
@given(small_pool())
def test_small_pools_equal_enumeration(case: tuple[str, int, int, int | None, str, int, int]) -> None:
    notation, count, sides, at_least, mode, n, depth = case
    assert dict(distribution(notation, depth=depth).probabilities()) == _enumerated(count, sides, at_least, mode, n, depth)


@FAST
@given(expression_text(), expression_text(), st.integers(0, 2))
def test_margin_is_antisymmetric_and_sums_to_one(a: str, b: str, depth: int) -> None:
    forward, backward = margin(a, b, depth=depth), margin(b, a, depth=depth)
    assert forward == -backward
    assert forward.at_least(1) + forward.probability(0) + forward.at_most(-1) == 1
    assert forward.mean() == distribution(a, depth=depth).mean() - distribution(b, depth=depth).mean()
