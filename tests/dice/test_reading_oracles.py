"""Reading a roll's dice (``rollwright.dice.reading``) against icepool and brute force.

Every feature at once (total, each term's value, counts, highest, lowest, largest set, dice kept)
as one joint distribution, for plain, mixed, kept and exploding pools.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwright.dice.notation import parse
from rollwright.dice.reading import MAX_STATE_STEPS, joint
from rollwright.errors import LimitError, RollwrightError

POOL = [("total",), ("count", "==", 1), ("count", ">=", 5), ("count", "<=", 2), ("highest",), ("lowest",),
        ("largest_set",), ("dice",)]


def features_of(kept: Sequence[int], total: int) -> tuple[int, ...]:
    counts = Counter(kept)
    return (total, counts[1], sum(1 for v in kept if v >= 5), sum(1 for v in kept if v <= 2), max(kept), min(kept),
            max(counts.values()), len(kept))


def normalised(weights: dict[tuple[int, ...], int]) -> dict[tuple[int, ...], object]:
    from fractions import Fraction

    total = sum(weights.values())
    return {k: Fraction(w, total) for k, w in weights.items() if w}


@pytest.mark.parametrize("text, pool", [
    ("3d6", lambda ip: ip.d6.pool(3)),
    ("2d6+d8", lambda ip: ip.Pool([ip.d6, ip.d6, ip.d8])),
    ("4d6kh3", lambda ip: ip.d6.pool(4).highest(3)),
    ("5d6kl2", lambda ip: ip.d6.pool(5).lowest(2)),
    ("6d10dl2", lambda ip: ip.d10.pool(6).highest(4)),
    ("d4+d6+d8+d10", lambda ip: ip.Pool([ip.d4, ip.d6, ip.d8, ip.d10])),
    ("3d6!", lambda ip: ip.d6.explode(depth=3).pool(3)),
    ("3d6!<2", lambda ip: ip.d6.explode([1, 2], depth=3).pool(3)),
    ("4d6!3kh2", lambda ip: ip.d6.explode([3], depth=3).pool(4).highest(2)),
])
def test_joint_reading_equals_icepool(text: str, pool) -> None:
    icepool = pytest.importorskip("icepool")
    expected: Counter[tuple[int, ...]] = Counter()
    expanded = pool(icepool).expand()
    for kept, quantity in expanded.items():
        expected[features_of(kept, sum(kept))] += quantity
    assert normalised(joint(parse(text), POOL, depth=3)) == normalised(dict(expected))


def brute(terms: Sequence[tuple[int, int, int, str | None, int]]) -> Counter[tuple[int, ...]]:
    """Every face of every die: terms are (sign, count, sides, keep mode, how many)."""
    found: Counter[tuple[int, ...]] = Counter()
    dice = [range(1, sides + 1) for _, count, sides, _, _ in terms for _ in range(count)]
    for faces in itertools.product(*dice):
        at, kept, total, values = 0, [], 0, []
        for sign, count, _, mode, n in terms:
            mine = sorted(faces[at:at + count], reverse=True)
            at += count
            mine = {"kh": mine[:n], "kl": mine[count - n:], "dh": mine[n:], "dl": mine[:count - n]}.get(mode, mine)
            kept += mine
            total += sign * sum(mine)
            values.append(sum(mine))
        found[features_of(kept, total) + tuple(values)] += 1
    return found


term = st.tuples(st.sampled_from([1, -1]), st.integers(1, 2), st.sampled_from([2, 3, 4]),
                 st.sampled_from([None, "kh", "kl", "dh", "dl"]), st.integers(1, 2))


@settings(max_examples=40, deadline=None)
@given(st.lists(term, min_size=1, max_size=3), st.integers(-3, 3))
def test_joint_reading_equals_brute_force(terms, constant) -> None:
    fixed = []
    for sign, count, sides, mode, n in terms:
        if mode is not None and (n > count or (mode[0] == "d" and n >= count)):
            mode = None
        fixed.append((sign, count, sides, mode, n))
    text = "".join(f"{'+' if sign > 0 else '-'}{count}d{sides}{mode + str(n) if mode else ''}"
                   for sign, count, sides, mode, n in fixed) + f"{constant:+d}"
    wanted = POOL + [("die", i) for i in range(1, len(fixed) + 1)]
    expected = Counter({k[:1] and (k[0] + constant,) + k[1:]: w for k, w in brute(fixed).items()})
    assert normalised(joint(parse(text.lstrip("+")), wanted)) == normalised(dict(expected)), text


def test_totals_and_naturals_alone_are_read_term_by_term() -> None:
    weights = joint(parse("d20+d4+3"), [("total",), ("die", 1), ("die", 2)])
    assert sum(weights.values()) == 80 and weights[(27, 20, 4)] == 1


@given(st.text(alphabet="0123456789d!khl+-()", min_size=1, max_size=14),
       st.lists(st.sampled_from(POOL), min_size=1, max_size=4))
@settings(max_examples=150, deadline=None)
def test_any_notation_is_read_or_refused_with_our_error(text: str, wanted) -> None:
    try:
        expr = parse(text)
    except RollwrightError:
        return
    try:
        weights = joint(expr, wanted)
    except RollwrightError:
        return
    assert weights and all(w > 0 for w in weights.values())


def test_a_reading_past_the_cap_is_refused_with_the_work_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(LimitError) as caught:  # refused before any work: too many dice times faces
        joint(parse("60d1000"), [("largest_set",)])
    assert caught.value.limit == "work"
    assert MAX_STATE_STEPS <= 1_000_000
    from rollwright.dice import reading

    monkeypatch.setattr(reading, "MAX_STATE_STEPS", 20_000)  # the guard while it runs, on a smaller budget
    with pytest.raises(LimitError) as caught:
        joint(parse("5d10!"), POOL, depth=20)
    assert caught.value.limit == "work"


def brute_pool(sides: Sequence[int], aside: int | Callable[[int], bool], keep: int) -> Counter[tuple[int, ...]]:
    """A pool in braces, die by die: faces up to ``aside`` (or those it says) set aside, the ``keep`` highest of
    the rest kept (at equal faces the smaller dice first), and the effect die: the most sides among the others."""
    found: Counter[tuple[int, ...]] = Counter()
    set_aside = aside if callable(aside) else (lambda face: face <= aside)
    for faces in itertools.product(*(range(1, s + 1) for s in sides)):
        eligible = sorted(((f, s) for f, s in zip(faces, sides) if not set_aside(f)), key=lambda fs: (-fs[0], fs[1]))
        kept, rest = eligible[:keep], eligible[keep:]
        found[(sum(f for f, _ in kept), max((s for _, s in rest), default=0), len(kept),
               max((f for f, _ in kept), default=0))] += 1
    return found


@pytest.mark.parametrize("text, sides, aside, keep", [
    ("{2d8+d6}s1kh2", [8, 8, 6], 1, 2),
    ("{d4+d6+d8+d10}s1kh2", [4, 6, 8, 10], 1, 2),
    ("{3d6+d4}s<=2kh1", [6, 6, 6, 4], 2, 1),
    ("{2d4+2d6}kh2", [4, 4, 6, 6], 0, 2),
    ("{d12+d4+d4}s1", [12, 4, 4], 1, 3),
    ("{2d8+d6}s8kh2", [8, 8, 6], lambda face: face == 8, 2),  # set aside by any face, not only the lowest
    ("{3d6+d4}s>=4kh1", [6, 6, 6, 4], lambda face: face >= 4, 1),
])
def test_a_pool_in_braces_reads_its_total_effect_die_and_kept_dice(text: str, sides, aside, keep: int) -> None:
    wanted = [("total",), ("effect",), ("dice",), ("highest",)]
    assert normalised(joint(parse(text), wanted)) == normalised(dict(brute_pool(sides, aside, keep)))
