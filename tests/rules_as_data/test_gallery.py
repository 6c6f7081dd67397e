"""The gallery's games (one check each, conditions on the dice) against brute force on every input.

Each game's rule is written again here in plain Python, over every face of every die, and the
declared check must give the same fractions for every combination of its inputs.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from math import factorial
from pathlib import Path
from typing import Any

import pytest

from rollwright.data.checks import grid, outcome_odds, seeded_roll
from rollwright.data.loader import load_file
from rollwright.kit.numbers import MAX_EXACT_CHARS, percent

GALLERY = Path(__file__).resolve().parents[2] / "docs" / "designers" / "gallery"
Judge = Callable[[Sequence[int], dict[str, Any]], str]


def strike(faces: Sequence[int], v: dict[str, Any]) -> str:
    (natural,) = faces
    if natural == 20:
        return "critical"
    if natural == 1:
        return "fumble"
    return "hit" if natural + v["bonus"] >= v["target"] else "miss"


def percentile(faces: Sequence[int], v: dict[str, Any]) -> str:
    (roll,) = faces
    skill = v["skill"]
    if roll == 100 or (skill < 50 and roll >= 96):
        return "fumble"
    for key, limit in (("extreme", skill // 5), ("hard", skill // 2), ("regular", skill)):
        if roll <= limit:
            return key
    return "failure"


def glitch(faces: Sequence[int], v: dict[str, Any]) -> str:
    hits = sum(1 for f in faces if f >= 5)
    glitched = faces.count(1) > len(faces) / 2
    if glitched and hits == 0:
        return "critical-glitch"
    if hits >= v["need"]:
        return "glitch" if glitched else "success"
    return "failure"


def highest(faces: Sequence[int], v: dict[str, Any]) -> str:
    if v["pool"] == 0:  # no dice: two are rolled and only the lower is kept (and read)
        faces = [min(faces)]
    if faces.count(6) >= 2:
        return "critical"
    return "full" if max(faces) == 6 else "partial" if max(faces) >= 4 else "bad"


def challenge(faces: Sequence[int], v: dict[str, Any]) -> str:
    action, c1, c2 = faces
    score = min(action + v["stat"] + v["adds"], 10)
    beats = (score > c1) + (score > c2)
    match = c1 == c2
    if beats == 2:
        return "strong-match" if match else "strong"
    if beats == 1:
        return "weak"
    return "miss-match" if match else "miss"


def duality(faces: Sequence[int], v: dict[str, Any]) -> str:
    hope, fear = faces
    if hope == fear:
        return "critical"
    made = hope + fear + v["trait"] >= v["difficulty"]
    if made:
        return "hope" if hope > fear else "fear"
    return "fail-hope" if hope > fear else "fail-fear"


CASES: dict[str, tuple[Judge, Callable[[dict[str, Any]], list[int]]]] = {
    "strike": (strike, lambda v: [20]),
    "percentile": (percentile, lambda v: [100]),
    "glitch": (glitch, lambda v: [6] * v["pool"]),
    "highest": (highest, lambda v: [6] * (v["pool"] or 2)),
    "challenge": (challenge, lambda v: [6, 10, 10]),
    "duality": (duality, lambda v: [12, 12]),
}


ORDERLESS = {"glitch", "highest"}
"""Games whose rule reads a pool of alike dice in no order: enumerated as multisets, each with its count of orders."""


def brute(judge: Judge, sides: list[int], values: dict[str, Any], orderless: bool = False) -> dict[str, Fraction]:
    found: Counter[str] = Counter()
    if orderless:
        for faces in itertools.combinations_with_replacement(range(1, sides[0] + 1), len(sides)):
            orders = factorial(len(faces))
            for count in Counter(faces).values():
                orders //= factorial(count)
            found[judge(faces, values)] += orders
    else:
        for faces in itertools.product(*(range(1, s + 1) for s in sides)):
            found[judge(faces, values)] += 1
    total = sum(found.values())
    return {k: Fraction(n, total) for k, n in found.items()}


@pytest.mark.parametrize("name", sorted(CASES))
def test_gallery_game_equals_brute_force_on_every_input(name: str) -> None:
    judge, sides = CASES[name]
    game = load_file(GALLERY / name / "game.toml")
    (check,) = game.checks.values()
    combos = grid(check, game.inputs)
    if len(combos) > 400:  # wide grids: every value of each input, the others at a spread of values
        combos = combos[:: len(combos) // 400 + 1] + combos[-1:]
    for values in combos:
        odds = {o.key: p for o, p in outcome_odds(check, values, game.ladders)}
        expected = brute(judge, sides(values), values, name in ORDERLESS)
        assert odds == {k: expected.get(k, Fraction(0)) for k in odds}, values
        assert sum(odds.values()) == 1


def exploding_die(sides: int, depth: int) -> dict[int, Fraction]:
    """One die that rolls again and adds on its top face, at most ``depth`` times, face by face."""
    out: dict[int, Fraction] = {}
    for face in range(1, sides + 1):
        if face == sides and depth:
            for rest, p in exploding_die(sides, depth - 1).items():
                out[face + rest] = out.get(face + rest, Fraction(0)) + p / sides
        else:
            out[face] = out.get(face, Fraction(0)) + Fraction(1, sides)
    return out


def again_hits(depth: int) -> dict[int, Fraction]:
    """Hits of one d10 hitting on 8+, a 10 rolling another die (each roll its own hit), ``depth`` extra at most."""
    out: dict[int, Fraction] = {}
    for face in range(1, 11):
        rests = again_hits(depth - 1) if face == 10 and depth else {0: Fraction(1)}
        for rest, p in rests.items():
            out[(face >= 8) + rest] = out.get((face >= 8) + rest, Fraction(0)) + p / 10
    return out


def combine(a: dict[int, Fraction], b: dict[int, Fraction], fn) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for x, p in a.items():
        for y, q in b.items():
            out[fn(x, y)] = out.get(fn(x, y), Fraction(0)) + p * q
    return out


def by_outcome(values: dict[int, Fraction], judge) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for value, p in values.items():
        out[judge(value)] = out.get(judge(value), Fraction(0)) + p
    return out


def ladder(v: dict[str, Any]) -> dict[str, Fraction]:
    fudge = {-1: Fraction(1, 3), 0: Fraction(1, 3), 1: Fraction(1, 3)}
    four = combine(combine(fudge, fudge, int.__add__), combine(fudge, fudge, int.__add__), int.__add__)
    return by_outcome(four, lambda s: (lambda m: "style" if m >= 3 else "success" if m >= 1 else "tie" if m == 0
                                       else "fail")(s + v["skill"] - v["difficulty"]))


def wild(v: dict[str, Any]) -> dict[str, Fraction]:
    trait = exploding_die([4, 6, 8, 10, 12][v["trait"] - 1], 6)
    pairs = combine(trait, exploding_die(6, 6), lambda a, b: (a, b))  # each die read apart: both 1s is snake eyes
    return by_outcome(pairs, lambda ab: "snake-eyes" if ab == (1, 1) else "raise" if max(ab) + v["modifier"] >= 8
                      else "success" if max(ab) + v["modifier"] >= 4 else "failure")


def again(v: dict[str, Any]) -> dict[str, Fraction]:
    hits = {0: Fraction(1)}
    for _ in range(v["pool"]):
        hits = combine(hits, again_hits(4), int.__add__)
    return by_outcome(hits, lambda h: "exceptional" if h >= 5 else "success" if h >= 1 else "failure")


def steps(v: dict[str, Any]) -> dict[str, Fraction]:
    sides = [[4], [6], [8], [10], [12], [12, 4], [12, 6], [12, 8]][v["rating"] - 1]
    found = brute(lambda faces, _: str(sum(faces)), sides, v)
    return by_outcome({int(k): p for k, p in found.items()}, lambda t: (lambda m: "raise" if m >= 4 else "success"
                                                                         if m >= 0 else "failure")(t - v["difficulty"]))


@functools.cache
def kept_totals(rolled: int, kept: int) -> dict[int, Fraction]:
    icepool = pytest.importorskip("icepool")
    pool = icepool.Pool([icepool.d10.explode(depth=3)] * rolled).highest(kept).sum()
    return {k: Fraction(w, pool.denominator()) for k, w in pool.items()}


def keep(v: dict[str, Any]) -> dict[str, Fraction]:
    totals = kept_totals(v["rolled"], min(v["kept"], v["rolled"]))
    return by_outcome(totals, lambda t: "success" if t >= v["target"] + 5 * v["raises"] else "failure")


def sets(v: dict[str, Any]) -> dict[str, Fraction]:
    def judge(faces: Sequence[int], _: dict[str, Any]) -> str:
        widest = max(Counter(faces).values())
        return "wide" if widest >= 3 else "set" if widest == 2 else "none"

    return brute(judge, [10] * v["pool"], v, orderless=True)


@functools.cache
def effect_pool(d8s: int, d6s: int) -> dict[tuple[int, int, int], Fraction]:
    """(total, effect die, dice kept) of the pool, die by die: 1s set aside, the best two kept (at equal faces
    the smaller dice first), the effect die the most sides among the rest."""
    sides = [8] * d8s + [6] * d6s + [10]
    found: Counter[tuple[int, int, int]] = Counter()
    for faces in itertools.product(*(range(1, s + 1) for s in sides)):
        eligible = sorted(((f, s) for f, s in zip(faces, sides) if f > 1), key=lambda fs: (-fs[0], fs[1]))
        found[(sum(f for f, _ in eligible[:2]), max((s for _, s in eligible[2:]), default=0), len(eligible[:2]))] += 1
    total = sum(found.values())
    return {k: Fraction(n, total) for k, n in found.items()}


def effect(v: dict[str, Any]) -> dict[str, Fraction]:
    def judge(state: tuple[int, int, int]) -> str:
        total, most, kept = state
        if total >= v["difficulty"]:
            return "big" if most >= 8 else "success"
        return "botch" if kept == 0 else "failure"

    out: dict[str, Fraction] = {}
    for state, p in effect_pool(v["d8s"], v["d6s"]).items():
        out[judge(state)] = out.get(judge(state), Fraction(0)) + p
    return out


FORMS = {"ladder": ladder, "wild": wild, "again": again, "steps": steps, "keep": keep, "sets": sets, "effect": effect}
"""Games on the newer notation and the rest, against their rule worked die by die (an exploding die face by face),
or icepool (a kept pool of exploding dice)."""


@pytest.mark.parametrize("name", sorted(FORMS))
def test_gallery_game_on_new_notation_equals_its_rule_on_every_input(name: str) -> None:
    game = load_file(GALLERY / name / "game.toml")
    (check,) = game.checks.values()
    for values in grid(check, game.inputs):
        odds = {o.key: p for o, p in outcome_odds(check, values, game.ladders)}
        expected = FORMS[name](values)
        assert odds == {k: expected.get(k, Fraction(0)) for k in odds}, values


def test_a_seeded_roll_of_the_wild_die_reads_each_die_of_its_group() -> None:
    """``die(1)`` and ``die(2)`` of ``{d8!, d6!}kh1`` are the trait die and the wild die (a roll as the odds read it)."""
    game = load_file(GALLERY / "wild" / "game.toml")
    (check,) = game.checks.values()
    seen = set()
    for seed in range(400):
        values = {"trait": 1 + seed % 2, "modifier": 0}
        answer = seeded_roll(check, values, game.ladders, seed)
        dice = [die["value"] if "value" in die else sum(die["faces"]) for t in answer["terms"] for die in t["dice"]]
        expected = ("snake-eyes" if dice == [1, 1] else "raise" if max(dice) >= 8 else "success" if max(dice) >= 4
                    else "failure")
        assert answer["outcome"] == expected, (seed, answer["terms"])
        seen.add(answer["outcome"])
    assert "snake-eyes" in seen


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_seeded_roll_is_judged_as_its_dice_say(name: str) -> None:
    judge, _ = CASES[name]
    game = load_file(GALLERY / name / "game.toml")
    (check,) = game.checks.values()
    for seed in range(30):
        values = {n: game.inputs[n].values()[seed % len(game.inputs[n].values())] for n in check.inputs}
        answer = seeded_roll(check, values, game.ladders, seed)
        faces = [die["faces"][0] for t in answer["terms"] for die in t["dice"]]
        assert answer["outcome"] == judge(faces, values), (values, faces)


@pytest.mark.parametrize("name", sorted([*CASES, *FORMS]))
def test_each_gallery_game_is_short(name: str) -> None:
    mechanics = [line for line in (GALLERY / name / "game.toml").read_text().splitlines()
                 if line.strip() and not line.startswith("#")]
    assert len(mechanics) < 40  # its [game] table (6 lines) aside, under 30 lines of mechanics


def test_the_guides_gallery_table_quotes_the_engines_exact_chances() -> None:
    page = (GALLERY.parent / "gallery.md").read_text(encoding="utf-8")
    rows = [line for line in page.splitlines() if line.startswith("| ") and ".toml` |" in line]
    assert len(rows) == len(list(GALLERY.glob("*/game.toml")))
    for row in rows:
        _, name, shown, chances = [cell.strip() for cell in row.strip("|").split("|")]
        game = load_file(GALLERY / name.strip("`"))
        (check,) = game.checks.values()
        values = {}
        for pair in shown.split(", "):
            key, _, value = pair.rpartition(" ")
            values[key] = int(value)
        odds = outcome_odds(check, values, game.ladders)
        shown_odds = [f"{o.key} {p if len(str(p)) <= MAX_EXACT_CHARS else percent(p)}" for o, p in odds]
        assert chances == ", ".join(shown_odds), name


def test_a_seeded_roll_of_the_effect_pool_keeps_and_reads_its_dice_as_the_odds_do() -> None:
    game = load_file(GALLERY / "effect" / "game.toml")
    (check,) = game.checks.values()
    for seed in range(40):
        values = {"d8s": seed % 3, "d6s": 1 + seed % 3, "difficulty": 3 + seed % 13}
        answer = seeded_roll(check, values, game.ladders, seed)
        dice = [(d["faces"][0], d["sides"], d["kept"]) for t in answer["terms"] for d in t["dice"]]
        eligible = sorted(((f, s) for f, s, _ in dice if f > 1), key=lambda fs: (-fs[0], fs[1]))
        assert sorted((f, s) for f, s, kept in dice if kept) == sorted(eligible[:2]), dice
        state = (sum(f for f, _ in eligible[:2]), max((s for _, s in eligible[2:]), default=0), len(eligible[:2]))
        expected = effect(values)
        assert expected[answer["outcome"]] > 0 and answer["total"] == state[0]
        assert answer["outcome"] == ("big" if state[0] >= values["difficulty"] and state[1] >= 8 else "success"
                                     if state[0] >= values["difficulty"] else "botch" if state[2] == 0 else "failure")
