"""The newer notation forms (Fudge dice, rerolls, counts, explosions in counts, group rolls, min/max, * and /)
against brute force and icepool, Roll20's documented examples as data, and Hypothesis on any text."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwright.dice.notation import distribution, estimate_work, parse, to_text
from rollwright.dice.notation.limits import MAX_WORK
from rollwright.dice.rolling import roll
from rollwright.errors import LimitError, RollwrightError

Exact = dict[int, Fraction]


def exact(text: str, depth: int = 9) -> Exact:
    return dict(distribution(text, depth=depth).probabilities())


def brute(faces: Iterable[Iterable[int]], value: Callable[[tuple[int, ...]], int]) -> Exact:
    """Every combination of faces (each die's list, repeated faces weighing more), reduced by ``value``."""
    found: Counter[int] = Counter()
    for combo in itertools.product(*[list(f) for f in faces]):
        found[value(combo)] += 1
    total = sum(found.values())
    return {k: Fraction(n, total) for k, n in sorted(found.items())}


def d(sides: int) -> list[int]:
    return list(range(1, sides + 1))


def rerolled_once(sides: int, matches: Callable[[int], bool]) -> list[int]:
    """A die rerolled once, as a list of equally likely faces (each first face, then each second face)."""
    return [second if matches(first) else first for first in d(sides) for second in d(sides)]


def exploding(sides: int, depth: int, penetrate: bool = False) -> list[tuple[int, ...]]:
    """Every sequence of faces of one exploding die, each repeated to weigh as likely as it is."""
    if depth == 0:
        return [(f,) for f in d(sides) for _ in range(sides ** 0)]
    out: list[tuple[int, ...]] = []
    deeper = exploding(sides, depth - 1, penetrate)
    for face in d(sides):
        if face == sides:
            out += [(face, *rest) for rest in deeper]
        else:
            out += [(face,)] * len(deeper)
    return out


FUDGE = [-1, 0, 1]
ROLL20 = [
    # Roll20's documented forms, each with the meaning its reference gives it, worked out by brute force
    ("4dF", "4dF", lambda: brute([FUDGE] * 4, sum)),
    ("3d6>3", "3d6>=3", lambda: brute([d(6)] * 3, lambda c: sum(f >= 3 for f in c))),
    ("3d6<3", "3d6<=3", lambda: brute([d(6)] * 3, lambda c: sum(f <= 3 for f in c))),
    ("3d6>3f1", "3d6>=3f=1", lambda: brute([d(6)] * 3, lambda c: sum(f >= 3 for f in c) - sum(f == 1 for f in c))),
    ("10d6<4f>5", "10d6<=4f>=5", None),  # checked against a sum of per-die scores below
    ("2d8r<2", "2d8r<=2", lambda: brute([[3, 4, 5, 6, 7, 8]] * 2, sum)),
    ("2d8ro<2", "2d8ro<=2", lambda: brute([rerolled_once(8, lambda f: f <= 2)] * 2, sum)),
    ("d20ro1", "d20ro1", lambda: brute([rerolled_once(20, lambda f: f == 1)], sum)),
    ("3d6!", "3d6!", None),
    ("{4d6+3d8}kh4", "{4d6+3d8}kh4", None),  # against icepool below
    ("{1d8!,1d6!}kh1", "{d8!,d6!}kh1", None),
    ("{3d6, 2d8}kl1", "{3d6,2d8}kl1", lambda: brute([d(6)] * 3 + [d(8)] * 2, lambda c: min(sum(c[:3]), sum(c[3:])))),
    # exploding on a face and up, keep and drop shorthands, percentile dice, Shadowrun's compounding count
    ("3d6!>4", "3d6!>=4", None),
    ("3d6!6", "3d6!", None),  # '!N' on the top face is plain '!'
    ("8d100k4", "8d100kh4", None),
    ("8d100d3", "8d100dl3", None),
    ("4d6k3", "4d6kh3", lambda: brute([d(6)] * 4, lambda c: sum(sorted(c)[1:]))),
    ("4d6d1", "4d6dl1", lambda: brute([d(6)] * 4, lambda c: sum(sorted(c)[1:]))),
    ("2d20k1", "2d20kh1", lambda: brute([d(20)] * 2, max)),
    ("2d20kl1", "2d20kl1", lambda: brute([d(20)] * 2, min)),
    ("d%", "d100", lambda: brute([d(100)], sum)),
    ("2d6>=5", "2d6>=5", lambda: brute([d(6)] * 2, lambda c: sum(f >= 5 for f in c))),
    ("4d6=5", "4d6=5", lambda: brute([d(6)] * 4, lambda c: sum(f == 5 for f in c))),
    ("{5d6!!}>8", "{5d6!!}>=8", None),
    ("{4d6+3d8}k4", "{4d6+3d8}kh4", None),
    # exploding on any compare point (each against brute force and icepool in test_explode_compare_points.py)
    ("3d6!3", "3d6!3", None),
    ("3d6!<2", "3d6!<=2", None),
    ("1d20!1k1", "d20!1kh1", None),
    ("5d6!!5", "5d6!!5", None),
    ("5d6!p>4", "5d6!p>=4", None),
]
ASIDE_REFUSED = [
    ("{3d6}s>=1kh1", "'s>=1' would set aside every face of a d6, leaving it nothing; set aside fewer faces"),
    ("{3d6}s9", "no die here shows what 's9' sets aside; use a face from 1 to 6"),
    ("{4dF}s1", "Fudge dice show -1, 0 or +1 and cannot be set aside"),
    ("{3d6}s6kl1", "dice set aside are never kept, so keep the highest"),
]
ROLL20_REFUSED = [
    # Roll20's forms this engine does not roll (or that would never end), each refused with what to write instead
    ("3d6!>1", "'d6!>=1' would explode on every face and never end"),  # Roll20 would roll forever
    ("1d20cs>18", "Roll20's 'cs' and 'cf' only colour dice in its chat and never change a roll, so leave them out"),
    ("1d20cf<3", "Roll20's 'cs' and 'cf' only colour dice in its chat"),
]


@pytest.mark.parametrize("text, canonical, oracle", ROLL20, ids=[r[0] for r in ROLL20])
def test_roll20_forms_read_as_roll20_documents_them(text: str, canonical: str, oracle) -> None:
    assert to_text(parse(text)) == canonical
    assert parse(canonical) == parse(text)
    if oracle is not None:
        assert exact(text) == oracle()


@pytest.mark.parametrize("text, words", ROLL20_REFUSED + ASIDE_REFUSED, ids=[r[0] for r in ROLL20_REFUSED + ASIDE_REFUSED])
def test_roll20_forms_not_rolled_here_are_refused_saying_what_to_write(text: str, words: str) -> None:
    with pytest.raises(RollwrightError) as refused:
        parse(text)
    assert words in str(refused.value) and "at position" in str(refused.value)


def test_a_count_with_failures_is_a_sum_of_each_dies_score() -> None:
    one = brute([d(6)], lambda c: int(c[0] <= 4) - int(c[0] >= 5))
    ten: Exact = {0: Fraction(1)}
    for _ in range(10):  # ten dice, one at a time
        grown: Exact = {}
        for a, p in ten.items():
            for b, q in one.items():
                grown[a + b] = grown.get(a + b, Fraction(0)) + p * q
        ten = grown
    assert exact("10d6<4f>5") == dict(sorted(ten.items()))


@pytest.mark.parametrize("text, depth, oracle", [
    ("3d4!", 2, lambda: brute([[sum(s) for s in exploding(4, 2)]] * 3, sum)),
    ("2d4!p", 2, lambda: brute([[sum(s) - len(s) + 1 for s in exploding(4, 2, True)]] * 2, sum)),
    ("{3d4!}>=3", 2, lambda: brute([exploding(4, 2)] * 3, lambda c: sum(f >= 3 for seq in c for f in seq))),
    ("{2d4!!}>=5", 2, lambda: brute([exploding(4, 2)] * 2, lambda c: sum(sum(seq) >= 5 for seq in c))),
    ("{2d4!p}>=3", 2, lambda: brute([exploding(4, 2, True)] * 2,
                                    lambda c: sum((f - (i > 0)) >= 3 for seq in c for i, f in enumerate(seq)))),
    ("{d6!,d4!}kh1", 2, lambda: brute([[sum(s) for s in exploding(6, 2)], [sum(s) for s in exploding(4, 2)]], max)),
    ("(d10-1)*10+d10", 9, lambda: brute([d(100)], sum)),
    ("d6*d4-2", 9, lambda: brute([d(6), d(4)], lambda c: c[0] * c[1] - 2)),
    ("(2d6-5)/2", 9, lambda: brute([d(6)] * 2, lambda c: (sum(c) - 5) // 2)),
    ("min(2d6+3,10)", 9, lambda: brute([d(6)] * 2, lambda c: min(sum(c) + 3, 10))),
    ("max(d6,d6,3)-1", 9, lambda: brute([d(6)] * 2, lambda c: max(*c, 3) - 1)),
    ("{4dF+d6}kl2", 9, lambda: brute([FUDGE] * 4 + [d(6)], lambda c: sum(sorted(c)[:2]))),
    # dice set aside by any face: they add nothing and are never kept
    ("{3d6}s6kh2", 9, lambda: brute([d(6)] * 3, lambda c: sum(sorted(f for f in c if f != 6)[-2:]))),
    ("{2d8+d10}s>=7kh1", 9, lambda: brute([d(8)] * 2 + [d(10)], lambda c: max([0, *(f for f in c if f < 7)]))),
    ("{4d6}s6", 9, lambda: brute([d(6)] * 4, lambda c: sum(f for f in c if f != 6))),
    ("{2d8+d6}s<=2kh2", 9, lambda: brute([d(8)] * 2 + [d(6)], lambda c: sum(sorted(f for f in c if f > 2)[-2:]))),
])
def test_forms_equal_brute_force(text: str, depth: int, oracle) -> None:
    assert exact(text, depth) == oracle()


@pytest.mark.parametrize("text, pool", [
    ("{4d6+3d8}kh4", lambda ip: ip.Pool([ip.d6] * 4 + [ip.d8] * 3).highest(4).sum()),
    ("{2d10+2d6+d4}kl2", lambda ip: ip.Pool([ip.d10] * 2 + [ip.d6] * 2 + [ip.d4]).lowest(2).sum()),
    ("{1d8!,1d6!}kh1", lambda ip: ip.highest(ip.d8.explode(depth=9), ip.d6.explode(depth=9))),
    ("3d6!", lambda ip: 3 @ ip.d6.explode(depth=9)),
])
def test_forms_equal_icepool(text: str, pool) -> None:
    icepool = pytest.importorskip("icepool")
    die = pool(icepool)
    assert exact(text) == {k: Fraction(v, die.denominator()) for k, v in die.items()}


def test_ten_again_has_the_chance_the_hobby_quotes() -> None:
    # one die: 8 or 9 is one success, a 10 is one and rolls again: 1/3 of a success on average, uncapped
    assert float(distribution("{1d10!}>=8", depth=20).mean()) == pytest.approx(1 / 3, abs=1e-12)


@pytest.mark.parametrize("text", ["4dF+1", "{10d10!}>=8f1", "{3d6}s>=5kh1", "{2d8+d6}s6kh2",
                                  "2d8r<2", "{d8!,d6!}kh1", "{4d6+3d8}kh4",
                                  "min(2d6+3,10)*2", "(d10-1)*10+d10", "d20ro1", "{5d6!!}>8", "3d6!p"])
def test_rolls_report_every_die_and_stay_inside_the_distribution(text: str) -> None:
    dist = distribution(text)
    for seed in range(40):
        report = roll(text, seed=seed)
        assert report.total == sum(t.sign * t.value for t in report.terms)
        assert dist.weight(report.total) > 0, (text, seed, report.to_dict())
        assert roll(text, seed=seed) == report


def test_division_by_a_roll_that_can_be_zero_is_refused_with_its_position() -> None:
    for work in (distribution, lambda t: roll(t, seed=1)):
        with pytest.raises(RollwrightError, match="division by a roll that can come to 0"):
            work("d6/(d2-1)")


ALPHABET = "0123456789dF!p+-*/(){},<>=rofkhlmiaxs "


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, min_size=1, max_size=16))
def test_any_text_gives_a_distribution_or_our_error_never_past_the_caps(text: str) -> None:
    try:
        expr = parse(text)
    except RollwrightError:
        return
    try:
        work = estimate_work(expr, 9)
        dist = distribution(expr)
    except LimitError:
        return
    except RollwrightError:
        return
    assert work <= MAX_WORK and dist.total_weight > 0
    report = roll(expr, seed=7)
    assert dist.weight(report.total) > 0
