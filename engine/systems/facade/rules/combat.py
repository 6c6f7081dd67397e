"""Façade combat rules: blows, hit locations, attack odds, damage against armor, wound penalties.

Dramatic combat: an attack rolls against the defender's Action score and its
success level picks a blow for each hit location. The torso follows one rule
(near miss: Scratch; levels 0-1 Glancing, 2-3 Full, 4-5 Strong, 6+ Savage);
legs, arms, head and a specific spot read the same rule one, two, three and
four levels lower. Simple combat compares the two rolls directly.

>>> hit_options(9)["torso"], hit_options(9)["arms"], hit_options(9)["specific"]
('full', 'glancing', 'scratch')
>>> simple_blow(10, 6), simple_blow(12, 6), simple_blow(18, 6)
('full', 'strong', 'savage')
>>> damage_after_armor(Fraction(3), "D", ARMOR["leather-armor"], bullets=False).taken_text
'1B'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from rollwright.errors import ParameterError
from facade.rules.combat_equipment import ARMOR, DAMAGE_TYPES, Armor
from facade.rules.success import NEAR_MISS_RANGE, OUTCOME_KEYS, judge, success_level
from facade.rules.traits import trait_distribution

BLOWS = ("scratch", "glancing", "full", "strong", "savage")
BLOW_NAMES = {"scratch": "Scratch", "glancing": "Glancing", "full": "Full", "strong": "Strong", "savage": "Savage"}
BLOW_MULTIPLIERS: dict[str, Fraction | None] = {
    "glancing": Fraction(1, 2), "full": Fraction(1), "strong": Fraction(2), "savage": None}
"""Damage multiplier per blow; Savage's is never given. A Scratch is a flat 1B instead."""
SCRATCH_LEVELS = 1

LOCATIONS = ("torso", "legs", "arms", "head", "specific")
LOCATION_NAMES = {"torso": "Torso", "legs": "Legs", "arms": "Arms", "head": "Head", "specific": "Specific"}
LOCATION_SHIFT = {loc: i for i, loc in enumerate(LOCATIONS)}
"""How many success levels lower than the torso each location reads the blow rule."""
NEAR_MISS_STEP = -1


def attack_step(margin: int) -> int | None:
    """The attack's step on the blow rule: its success level, -1 for a near miss, None worse.

    >>> [attack_step(m) for m in (-3, -2, 0, 9, 40)]
    [None, -1, 0, 3, 9]
    """
    level = success_level(margin)
    if level is not None:
        return level
    return NEAR_MISS_STEP if margin >= -NEAR_MISS_RANGE else None


def torso_blow(step: int) -> str | None:
    """The torso's blow for a step: -1 Scratch, 0-1 Glancing, 2-3 Full, 4-5 Strong, 6+ Savage.

    >>> [torso_blow(s) for s in range(-2, 8)]
    [None, 'scratch', 'glancing', 'glancing', 'full', 'full', 'strong', 'strong', 'savage', 'savage']
    """
    if step < NEAR_MISS_STEP:
        return None
    return BLOWS[min((step + 2) // 2, len(BLOWS) - 1)]


def location_blow(step: int | None, location: str) -> str | None:
    """The blow an attack at ``step`` lands on ``location`` (None: no effect there)."""
    if step is None:
        return None
    return torso_blow(step - LOCATION_SHIFT[location])


def hit_options(margin: int) -> dict[str, str | None]:
    """Every location's blow for an attack that beat (or missed) the Action score by ``margin``."""
    step = attack_step(margin)
    return {loc: location_blow(step, loc) for loc in LOCATIONS}


def blow_damage(levels: int, blow: str) -> Fraction | None:
    """Levels dealt by a blow of a weapon doing ``levels``: half, full, double; None for Savage.

    >>> blow_damage(3, "glancing"), blow_damage(3, "strong"), blow_damage(3, "savage")
    (Fraction(3, 2), Fraction(6, 1), None)
    """
    if blow == "scratch":
        return Fraction(SCRATCH_LEVELS)
    multiplier = BLOW_MULTIPLIERS[blow]
    return None if multiplier is None else levels * multiplier


# --- simple combat -------------------------------------------------------------------------


SAVAGE_READINGS: tuple[str, ...] = ("triple", "lead")
"""The two readings of "wins by triple the opponent's roll" (the draft states neither alone).

``triple``: the winner's roll is at least three times the loser's (as "scores double" reads
for a Strong blow). ``lead``: the winner's lead is at least three times the loser's roll,
so the roll is at least four times it.
"""
SAVAGE_MULTIPLE = {"triple": 3, "lead": 4}
"""How many times the loser's roll the winner's roll must reach for a Savage blow, per reading."""
SAVAGE_READING_NAMES = {"triple": "Roll at least triple the loser's", "lead": "Lead at least triple the loser's roll"}


def simple_blow(winner: int, loser: int, savage: str = "triple") -> str:
    """The blow of the higher (or equal) roll: the best of the blows whose test it passes.

    Ahead by 0-1 is Glancing, by 2+ Full, at least double Strong, and Savage by the
    chosen reading (``SAVAGE_READINGS``). Our reading: doubling counts even when the
    lead is 1 (only 2 against 1).

    >>> simple_blow(7, 7), simple_blow(8, 7), simple_blow(2, 1), simple_blow(3, 1)
    ('glancing', 'glancing', 'strong', 'savage')
    >>> simple_blow(18, 6, "triple"), simple_blow(18, 6, "lead"), simple_blow(24, 6, "lead")
    ('savage', 'strong', 'savage')
    """
    if winner < loser:
        raise ParameterError(f"the winner's roll ({winner}) is below the loser's ({loser})", field="roll_a")
    if savage not in SAVAGE_MULTIPLE:
        raise ParameterError(f"unknown reading of the Savage blow {savage!r}; use one of {', '.join(SAVAGE_READINGS)}",
                             field="savage")
    if winner >= SAVAGE_MULTIPLE[savage] * loser:
        return "savage"
    if winner >= 2 * loser:
        return "strong"
    return "full" if winner - loser >= 2 else "glancing"


def simple_exchange(roll_a: int, roll_b: int, savage: str = "triple") -> tuple[str, str]:
    """(who scores, blow): ``("a", ...)``, ``("b", ...)`` or ``("tie", "glancing")``."""
    if roll_a == roll_b:
        return "tie", "glancing"
    if roll_a > roll_b:
        return "a", simple_blow(roll_a, roll_b, savage)
    return "b", simple_blow(roll_b, roll_a, savage)


SIMPLE_KEYS: tuple[str, ...] = tuple(f"b-{b}" for b in reversed(BLOWS[1:])) + ("tie",) + tuple(
    f"a-{b}" for b in BLOWS[1:])
"""Every simple-combat result, from B's best blow through a tie to A's best."""


def blow_odds(trait_a: int, trait_b: int, savage: str = "triple") -> dict[str, Fraction]:
    """Exact chance of each simple-combat result, over every pair of rolls of the two traits.

    >>> [f"{float(blow_odds(10, 10, r)['a-savage']):.2%}" for r in SAVAGE_READINGS]
    ['4.83%', '2.18%']
    """
    dist_a, dist_b = trait_distribution(trait_a), trait_distribution(trait_b)
    counts = dict.fromkeys(SIMPLE_KEYS, 0)
    for a, wa in dist_a.items():
        for b, wb in dist_b.items():
            side, blow = simple_exchange(a, b, savage)
            counts["tie" if side == "tie" else f"{side}-{blow}"] += wa * wb
    total = dist_a.total_weight * dist_b.total_weight
    return {key: Fraction(n, total) for key, n in counts.items()}


# --- dramatic combat: attack odds ----------------------------------------------------------

TIE = "tie"
ATTACK_KEYS: tuple[str, ...] = OUTCOME_KEYS[:2] + (TIE,) + OUTCOME_KEYS[2:]


def attack_outcome(attack: int, action: int, defense: int | None = None) -> tuple[str, int | None]:
    """(outcome key, margin) of one attack roll against Action, then an optional defense roll.

    The defense is rolled only when the attack meets the Action score; then the
    defense roll stands in for the difficulty, and equal rolls are a tie.

    >>> attack_outcome(14, 10), attack_outcome(14, 10, 12), attack_outcome(14, 10, 14), attack_outcome(9, 10, 2)
    (('level-1', 4), ('level-0', 2), ('tie', 0), ('near-miss', -1))
    """
    if attack < action or defense is None:
        outcome = judge(attack, action)
        return outcome.key, outcome.margin
    if attack == defense:
        return TIE, 0
    outcome = judge(attack, defense)
    return outcome.key, outcome.margin


def attack_odds(trait: int, action: int, defender_trait: int | None = None) -> dict[str, Fraction]:
    """Exact chance of every attack outcome (ATTACK_KEYS order), with or without an active defense."""
    attack = trait_distribution(trait)
    defense = None if defender_trait is None else trait_distribution(defender_trait)
    counts = dict.fromkeys(ATTACK_KEYS, 0)
    scale = 1 if defense is None else defense.total_weight
    for a, wa in attack.items():
        if defense is None or a < action:
            counts[attack_outcome(a, action)[0]] += wa * scale
            continue
        for d, wd in defense.items():
            counts[attack_outcome(a, action, d)[0]] += wa * wd
    total = attack.total_weight * scale
    return {key: Fraction(n, total) for key, n in counts.items()}


def key_step(key: str) -> int | None:
    """The blow-rule step of an outcome key (None: no hit anywhere, including a tie)."""
    if key.startswith("level-"):
        return int(key.removeprefix("level-"))
    return NEAR_MISS_STEP if key == "near-miss" else None


# --- damage against armor ------------------------------------------------------------------


@dataclass(frozen=True)
class ArmorResult:
    """Damage before and after one armor, with each step of the reading."""

    levels: Fraction
    kind: str
    protection: int
    remaining: Fraction
    tested: Fraction         # remaining levels, doubled for bullets
    reduction: int | None    # None: the armor has no Reduction (NA)
    reduced: bool
    taken: Fraction
    taken_kind: str

    @property
    def taken_text(self) -> str:
        return f"{levels_text(self.taken)}{self.taken_kind}" if self.taken else "nothing"


def levels_text(levels: Fraction) -> str:
    """Levels with an exact half shown as ½.

    >>> levels_text(Fraction(3, 2)), levels_text(Fraction(1, 2)), levels_text(Fraction(4))
    ('1½', '½', '4')
    """
    whole, rest = divmod(levels, 1)
    if rest == 0:
        return str(int(whole))
    if rest == Fraction(1, 2):
        return ("" if whole == 0 else str(int(whole))) + "½"
    return str(levels)


def damage_after_armor(levels: Fraction, kind: str, armor: Armor | None, *, bullets: bool) -> ArmorResult:
    """Our reading of the broadsword example: protection removes levels of its type; if what is
    left (doubled for bullets) is at most the Reduction, all of it turns Bruising."""
    if kind not in DAMAGE_TYPES:
        raise ParameterError(f"damage type must be one of {', '.join(DAMAGE_TYPES)} (got {kind!r})",
                             field="damage_type")
    protection = 0 if armor is None else armor.protects(kind)
    remaining = max(Fraction(0), levels - protection)
    tested = remaining * (2 if bullets else 1)
    reduction = None if armor is None else armor.reduction_against(bullets)
    reduced = bool(remaining) and reduction is not None and tested <= reduction
    return ArmorResult(levels, kind, protection, remaining, tested, reduction, reduced, remaining,
                       "B" if reduced else kind)


# --- wounds and initiative -----------------------------------------------------------------

WOUND_LOCATIONS = ("torso", "arms", "legs", "head")


@dataclass(frozen=True)
class WoundPenalties:
    """Penalties to physical actions: to all of them, and extra to those using arms or legs."""

    all_physical: int
    arms: int
    legs: int
    notation: dict[str, tuple[str, ...]]


def wound_penalties(hits: Iterable[tuple[str, str]]) -> WoundPenalties:
    """Head hits and Crushing/Deadly torso hits: -1 each to all physical actions; arm and leg
    hits: -1 each to actions with that limb. Levels do not matter, only location and type.

    >>> p = wound_penalties([("torso", "B"), ("torso", "C"), ("arms", "B"), ("legs", "C")])
    >>> p.all_physical, p.arms, p.legs, p.notation["torso"]
    (-1, -1, -1, ('B', 'C'))
    """
    notation: dict[str, list[str]] = {loc: [] for loc in WOUND_LOCATIONS}
    for location, kind in hits:
        if location not in notation:
            raise ParameterError(f"wound location must be one of {', '.join(WOUND_LOCATIONS)} (got {location!r})",
                                 field="location")
        if kind not in DAMAGE_TYPES:
            raise ParameterError(f"damage type must be one of {', '.join(DAMAGE_TYPES)} (got {kind!r})",
                                 field="damage_type")
        notation[location].append(kind)
    general = len(notation["head"]) + sum(1 for k in notation["torso"] if k != "B")
    return WoundPenalties(-general, -len(notation["arms"]), -len(notation["legs"]),
                          {loc: tuple(kinds) for loc, kinds in notation.items()})


def wound_penalty(location: str, kind: str) -> tuple[int, str]:
    """(penalty, which actions) for one hit; penalty 0 for a Bruising torso hit."""
    result = wound_penalties([(location, kind)])
    if result.all_physical:
        return result.all_physical, "all physical actions"
    if location in ("arms", "legs"):
        return getattr(result, location), f"actions using the {location}"
    return 0, "none"


def declaration_order(actions: Mapping[str, int]) -> list[list[str]]:
    """Simple combat: who declares first (lowest Action), grouping equal Action scores.

    >>> declaration_order({"Richard": 11, "Conner": 9, "Jamis": 11})
    [['Conner'], ['Richard', 'Jamis']]
    """
    scores = sorted(set(actions.values()))
    return [[name for name, score in actions.items() if score == s] for s in scores]


def initiative_order(entries: Sequence[tuple[str, int, int | None]]) -> list[str]:
    """Dramatic combat: (name, Action, tie-break roll) -> acting order, lowest first.

    Equal Action scores are split by their Action rolls, lowest first.

    >>> initiative_order([("Richard", 11, 9), ("Conner", 11, 4), ("Jamis", 11, 14)])
    ['Conner', 'Richard', 'Jamis']
    """
    return [name for name, _, _ in sorted(entries, key=lambda e: (e[1], e[2] if e[2] is not None else 0))]


HEALTH_LEVELS: tuple[tuple[str, str, int], ...] = (("Bruising", "B", 18), ("Crushing", "C", 12), ("Deadly", "D", 6))
"""Damage type, letter, and the most levels of it a normal human can have (the least is 1)."""
