"""Keep/drop pools and explosion thresholds against brute force and icepool (dev-only oracle)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from fractions import Fraction

import pytest

from rollwright.dice import Distribution, explode, keep_dice, keep_highest, keep_lowest, repeat_sum, roll_and_keep
from rollwright.dice.notation import distribution, margin

Exact = dict[int, Fraction]


def exact(dist: Distribution) -> Exact:
    return dict(dist.probabilities())


# --- brute force ------------------------------------------------------------
def brute_die(sides: int, at_least: int | None = None, depth: int = 9) -> Exact:
    """One die face by face; a face >= ``at_least`` rolls again (one less depth) and adds."""
    out: Exact = {}
    for face in range(1, sides + 1):
        p = Fraction(1, sides)
        if at_least is not None and face >= at_least and depth > 0:
            for rest, q in brute_die(sides, at_least, depth - 1).items():
                out[face + rest] = out.get(face + rest, 0) + p * q
        else:
            out[face] = out.get(face, 0) + p
    return out


def brute_pool(die: Exact, count: int, pick: Callable[[list[int]], list[int]]) -> Exact:
    """Every ordered roll of ``count`` dice (itertools.product), summed over the dice ``pick`` keeps."""
    out: Exact = {}
    for combo in itertools.product(die.items(), repeat=count):
        value = sum(pick(sorted(v for v, _ in combo)))
        prob = Fraction(1)
        for _, q in combo:
            prob *= q
        out[value] = out.get(value, 0) + prob
    return out


def picker(mode: str, n: int) -> Callable[[list[int]], list[int]]:
    """What kh/kl/dh/dl ``n`` keep of an ascending list."""
    return {
        "kh": lambda v: v[len(v) - n:],
        "kl": lambda v: v[:n],
        "dh": lambda v: v[:len(v) - n],
        "dl": lambda v: v[n:],
    }[mode]


POOLS = [
    # count, sides, mode, n
    (4, 6, "kh", 3), (4, 6, "dl", 1), (2, 20, "kl", 1), (2, 20, "kh", 1), (3, 6, "dh", 1),
    (5, 4, "kl", 2), (5, 4, "dh", 2), (3, 8, "kh", 3), (1, 12, "kl", 1), (6, 3, "dl", 5), (6, 3, "kh", 1),
]


@pytest.mark.parametrize(("count", "sides", "mode", "n"), POOLS)
def test_keep_drop_matches_brute_force(count: int, sides: int, mode: str, n: int) -> None:
    expected = brute_pool(brute_die(sides), count, picker(mode, n))
    assert exact(distribution(f"{count}d{sides}{mode}{n}")) == expected


@pytest.mark.parametrize(("sides", "at_least", "depth"), [(8, 7, 0), (8, 7, 1), (8, 7, 3), (6, 5, 2), (4, 2, 4), (6, 2, 3), (3, 3, 5)])
def test_threshold_explosion_matches_recursion(sides: int, at_least: int, depth: int) -> None:
    expected = brute_die(sides, at_least, depth)
    assert exact(explode(Distribution.die(sides), depth=depth, at_least=at_least)) == expected
    assert exact(distribution(f"d{sides}!>={at_least}", depth=depth)) == expected


@pytest.mark.parametrize(("notation", "count", "sides", "at_least", "mode", "n", "depth"), [
    ("3d6!>=5", 3, 6, 5, None, 0, 1),
    ("4d6!kh3", 4, 6, 6, "kh", 3, 1),
    ("3d4!>=3dl1", 3, 4, 3, "dl", 1, 2),
    ("3d6!>=5kl2", 3, 6, 5, "kl", 2, 1),
    ("2d8!>=7dh1", 2, 8, 7, "dh", 1, 2),
])
def test_exploding_pools_match_brute_force(notation: str, count: int, sides: int, at_least: int,
                                           mode: str | None, n: int, depth: int) -> None:
    die = brute_die(sides, at_least, depth)
    expected = brute_pool(die, count, picker(mode, n) if mode else (lambda v: v))
    assert exact(distribution(notation, depth=depth)) == expected


def test_margin_matches_brute_force() -> None:
    a, b = brute_pool(brute_die(6), 3, picker("kh", 2)), brute_die(8, 7, 1)
    expected: Exact = {}
    for (x, p), (y, q) in itertools.product(a.items(), b.items()):
        expected[x - y] = expected.get(x - y, 0) + p * q
    assert exact(margin("3d6kh2", "d8!>=7", depth=1)) == expected


# --- identities -----------------------------------------------------------------
@pytest.mark.parametrize(("left", "right"), [
    ("4d6dl1", "4d6kh3"), ("6d10dh2", "6d10kl4"), ("2d20kl1", "21-2d20kh1"),
    ("3d6kh3", "3d6"), ("3d6kl3", "3d6"), ("d20kh1", "d20"), ("d8!>=8", "d8!"),
])
def test_equivalent_notations(left: str, right: str) -> None:
    assert distribution(left, depth=3) == distribution(right, depth=3)


@pytest.mark.parametrize(("rolled", "kept", "depth"), [(10, 5, 9), (4, 2, 3), (3, 3, 2), (6, 1, 9)])
def test_roll_and_keep_is_exploding_d10s_keep_highest(rolled: int, kept: int, depth: int) -> None:
    assert distribution(f"{rolled}k{kept}", depth=depth) == distribution(f"{rolled}d10!kh{kept}", depth=depth)
    assert roll_and_keep(rolled, kept, depth) == keep_highest(explode(Distribution.die(10), depth), rolled, kept)


def test_keep_functions_on_uneven_and_negative_dice() -> None:
    lumpy = Distribution({-3: 2, 0: 1, 4: 5})
    values = [(v, Fraction(w, lumpy.total_weight)) for v, w in lumpy.items()]
    for count, keep in [(3, 1), (3, 2), (4, 2), (2, 2)]:
        high = brute_pool(dict(values), count, picker("kh", keep))
        low = brute_pool(dict(values), count, picker("kl", keep))
        assert exact(keep_dice(lumpy, count, keep)) == high
        assert exact(keep_dice(lumpy, count, keep, highest=False)) == low
    assert keep_lowest(lumpy, 5, 5) == keep_highest(lumpy, 5, 5) == repeat_sum(lumpy, 5)


# --- icepool ------------------------------------------------------------------
icepool = pytest.importorskip("icepool")


def from_icepool(die: object) -> Exact:
    denominator = die.denominator()  # type: ignore[attr-defined]
    return {int(value): Fraction(count, denominator) for value, count in die.items()}  # type: ignore[attr-defined]


def _pool(count: int, sides: int, at_least: int | None = None, depth: int = 9) -> object:
    die = icepool.Die(range(1, sides + 1))
    if at_least is not None:
        die = die.explode(range(at_least, sides + 1), depth=depth)
    return icepool.Pool([die] * count)


def _icepool_select(count: int, sides: int, mode: str, n: int, at_least: int | None = None, depth: int = 9) -> object:
    """Each keep/drop in icepool's own words (its ``drop`` argument for dh/dl)."""
    pool = _pool(count, sides, at_least, depth)
    if mode == "kh":
        return pool.highest(n).sum()  # type: ignore[attr-defined]
    if mode == "kl":
        return pool.lowest(n).sum()  # type: ignore[attr-defined]
    if mode == "dh":  # drop the n highest, keep all the rest
        return pool.highest(count - n, drop=n).sum()  # type: ignore[attr-defined]
    return pool.lowest(count - n, drop=n).sum()  # type: ignore[attr-defined]


ICEPOOL_SELECT: Sequence[tuple[int, int, str, int]] = [
    (4, 6, "kh", 3), (10, 10, "kh", 5), (20, 6, "kh", 10), (2, 20, "kl", 1), (4, 6, "dl", 1), (6, 10, "dh", 2),
    (7, 12, "kl", 3), (30, 6, "dl", 3), (15, 8, "dh", 7), (3, 100, "kh", 2), (50, 4, "kl", 25), (12, 20, "kh", 11),
]


@pytest.mark.parametrize(("count", "sides", "mode", "n"), ICEPOOL_SELECT,
                         ids=[f"{c}d{s}{m}{n}" for c, s, m, n in ICEPOOL_SELECT])
def test_keep_drop_matches_icepool(count: int, sides: int, mode: str, n: int) -> None:
    expected = from_icepool(_icepool_select(count, sides, mode, n))
    assert exact(distribution(f"{count}d{sides}{mode}{n}")) == expected


ICEPOOL_EXPLODING = [
    # notation, count, sides, at_least, mode, n
    ("d8!>=7", 1, 8, 7, None, 0),
    ("3d6!>=5", 3, 6, 5, None, 0),
    ("2d10!>=9", 2, 10, 9, None, 0),
    ("d4!>=2", 1, 4, 2, None, 0),
    ("4d6!kh3", 4, 6, 6, "kh", 3),
    ("5d8!>=7dl2", 5, 8, 7, "dl", 2),
    ("3d12!>=11kl1", 3, 12, 11, "kl", 1),
    ("6d6!>=5dh3", 6, 6, 5, "dh", 3),
    ("10d10!kh5", 10, 10, 10, "kh", 5),
]


@pytest.mark.parametrize("depth", [0, 1, 3, 9])
@pytest.mark.parametrize(("notation", "count", "sides", "at_least", "mode", "n"), ICEPOOL_EXPLODING,
                         ids=[case[0] for case in ICEPOOL_EXPLODING])
def test_exploding_matches_icepool(notation: str, count: int, sides: int, at_least: int,
                                   mode: str | None, n: int, depth: int) -> None:
    if mode is None:
        oracle = _pool(count, sides, at_least, depth).sum()  # type: ignore[attr-defined]
    else:
        oracle = _icepool_select(count, sides, mode, n, at_least, depth)
    assert exact(distribution(notation, depth=depth)) == from_icepool(oracle)


@pytest.mark.parametrize(("a", "b", "oracle"), [
    ("4d6kh3", "3d6", lambda: icepool.Pool([icepool.d6] * 4).highest(3).sum() - 3 @ icepool.d6),
    ("2d20kh1", "2d20kl1", lambda: icepool.d20.highest(2, 1) - icepool.d20.lowest(2, 1)),
    ("10k5", "8k4", lambda: (icepool.Pool([icepool.d10.explode(depth=9)] * 10).highest(5).sum()
                             - icepool.Pool([icepool.d10.explode(depth=9)] * 8).highest(4).sum())),
])
def test_margin_matches_icepool(a: str, b: str, oracle: Callable[[], object]) -> None:
    assert exact(margin(a, b)) == from_icepool(oracle())
