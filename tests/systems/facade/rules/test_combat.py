"""Façade combat against the draft's printed tables and worked examples, and against brute force."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from rollwright.kit.api import call
from rollwright.errors import ParameterError
from rollwright.kit.tables import build_table
from facade.rules.combat import (
    ATTACK_KEYS, SIMPLE_KEYS, attack_odds, attack_outcome, blow_damage, blow_odds, damage_after_armor,
    declaration_order, hit_options, initiative_order, simple_blow, simple_exchange, wound_penalties,
)
from facade.rules.combat_equipment import ARMOR, MATERIAL, WEAPONS
from rollwright.kit.errata import all_errata
from facade.rules.odds import outcome_odds
from facade.rules.traits import trait_dice

# The hit-location chart as printed: Extra #, S., Torso, Legs, Arms, Head, Specific ("-": nothing).
PRINTED_HIT_LOCATIONS = [
    ("-3", "-", "-", "-", "-", "-", "-"),
    ("-1-2", "-", "Scratch", "-", "-", "-", "-"),
    ("0-2", "0", "Glancing", "Scratch", "-", "-", "-"),
    ("3-5", "1", "Glancing", "Glancing", "Scratch", "-", "-"),
    ("6-8", "2", "Full", "Glancing", "Glancing", "Scratch", "-"),
    ("9-11", "3", "Full", "Full", "Glancing", "Glancing", "Scratch"),
    ("12-14", "4", "Strong", "Full", "Full", "Glancing", "Glancing"),
    ("15-17", "5", "Strong", "Strong", "Full", "Full", "Glancing"),
    ("18-20", "6", "Savage", "Strong", "Strong", "Full", "Full"),
    ("21-23", "7", "Savage", "Savage", "Strong", "Strong", "Full"),
    ("24-26", "8", "Savage", "Savage", "Savage", "Strong", "Strong"),
    ("27+", "9", "Savage", "Savage", "Savage", "Savage", "Strong"),
]
PRINTED_MELEE = [
    ("Bastard Sword", "4D", "5", "3", "Large"), ("Battleaxe", "3D", "4", "2", "Med."),
    ("Broadsword", "3D", "4", "2", "Med."), ("Greatsword", "5D", "7", "4", "Large"),
    ("Halberd", "5D", "6", "3", "Large"), ("Hatchet", "2D", "2", "-", "Small"),
    ("Knife/Dagger", "1D", "1", "-", "Small"), ("Large Chain", "4C", "5", "2", "Large"),
    ("Mace", "4C", "4", "2", "Med."), ("Maul", "6C", "7", "4", "Large"), ("Nunchuku", "2C", "2", "-", "Med."),
    ("Rapier", "2D", "2", "-", "Med."), ("Shortsword", "2D", "2", "1", "Small"), ("Spear", "3D", "4", "2", "Large"),
    ("Staff", "3C", "2", "-", "Large"), ("Warhammer", "3C", "4", "2", "Med."),
]
PRINTED_MARTIAL = [
    ("Headbutt", "Strength B"), ("Judo Throw", "Target's Str B"), ("Kick", "Strength B"), ("Knee", "Strength -1 B"),
    ("Leaping Kick", "Strength +3 B"), ("Martial Kick", "Strength +1 B"), ("Martial Strike", "Strength/2 B"),
    ("Punch", "Strength/2 B"), ("Tackle/Grapple1", "Strength/2 B"),
]
PRINTED_RANGED = [
    ("Shortbow", "2L", "2", "-", "60'"), ("Longbow3", "4L", "4", "2", "100'"), ("Comp. Bow", "3L", "2", "-", "100'"),
    ("Crossbow3", "3L", "-", "-", "100'"), ("Knife", "1L", "1", "-", "15'"), ("Big Rock", "3C", "3", "-", "10'"),
    ("Small Handgun3", "2L", "1", "-", "60'"), ("Big Handgun3", "3L", "2", "-", "90'"),
    ("Small SMG3,4", "3L", "2", "-", "70'"), ("Large SMG3,4", "4L", "3", "-", "150'"),
    ("Rifle3", "3L", "3", "-", "600'"), ("Shotgun", "4L", "4", "2", "60'"),
    ("Assault Rifle3,4", "4L", "5", "2", "450'"),
]
PRINTED_MATERIALS = [
    ("Thick Cloth (Sweater)", "1", "-", "-", "-"), ("Thin Leather (Leather pants)", "2", "-", "-", "1"),
    ("Thick Leather (Leather Jacket)", "3", "1", "1", "2"), ("Kevlar (Bulletproof Vest)", "2", "1", "1", "2*"),
    ("Boiled Leather (Leather Armor)", "2", "1", "2", "3"), ("Boiled Hide (Thick Armor)", "4", "2", "2", "4"),
    ("Thin Wood (Wood banding)", "1", "-", "1", "1"), ("Thick Wood (Shield)", "3", "3", "3", "4"),
    ("Thin Plastic (Reinforcing)", "2", "1", "2", "3"), ("Thick Plastic (PVC Plate)", "5", "3", "3", "5"),
    ("Light Chain (Chainmail)", "3", "1", "3", "6"), ("Heavy Chain (Ringmail)", "4", "2", "4", "6"),
    ("Thin Metal (Light Plate)", "3", "2", "3", "5"), ("Thick Metal (Full Plate)", "6", "3", "5", "7"),
    ("Plasti/Ceramsteel", "7", "4", "6", "8"),
]
PRINTED_ARMOR = [
    ("Leather Jacket", "3B/1C/1D", "2", "T,A"), ("Leather Pants", "2B/0C/0D", "1", "L"),
    ("Leather Armor", "2B/1C/2D", "3", "T,A"), ("Chain Shirt", "3B/1C/3D", "6", "T,A"),
    ("Flak Vest", "6B/3C/5D", "7", "T"), ("Kevlar Vest", "2B/1C/1D", "2", "T"),
    ("Shield, Small", "3 to all", "NA", "Parry"), ("Shield, Large", "4 to all", "NA", "Parry"),
    ("Tech Clothes", "2B/1C/2D", "3", "T,L,A"), ("Footb. Helmet", "5B/3C/3D", "5", "H"),
    ("Full Plate", "6B/3C/4D", "7", "T,L,A,H"),
]
COVERS = {"T": "torso", "A": "arms", "L": "legs", "H": "head", "Parry": "parries"}


def _dash(text: str) -> str:
    return "–" if text == "-" else text


def _faces(rating: int) -> list[range]:
    dice = trait_dice(rating)
    return [range(1, 11)] * dice.d10s + [range(1, dice.extra_sides + 1)]


def _rolls(rating: int) -> list[int]:
    return [sum(c) for c in itertools.product(*_faces(rating))]


# --- hit locations -------------------------------------------------------------------------

def test_hit_location_table_follows_one_rule_and_equals_the_printed_chart() -> None:
    rows = build_table("facade-hit-locations").text_rows()[1:]
    printed = [[_dash(c) for c in row[1:]] for row in PRINTED_HIT_LOCATIONS]
    assert [row[1:] for row in rows] == printed
    margins = [row[0] for row in rows]
    assert margins[2:] == [row[0] for row in PRINTED_HIT_LOCATIONS[2:]]
    assert margins[:2] == ["-3 or less", "-1 or -2"]


@pytest.mark.parametrize("margin", range(-10, 40))
def test_hit_options_agree_with_the_printed_row_for_every_margin(margin: int) -> None:
    index = 0 if margin <= -3 else 1 if margin < 0 else min(margin // 3, 9) + 2
    printed = [None if c == "-" else c.lower() for c in PRINTED_HIT_LOCATIONS[index][2:]]
    assert list(hit_options(margin).values()) == printed


def test_the_texts_claims_about_hit_locations() -> None:
    level3 = hit_options(9)  # succeeded by 9: level 3
    assert (level3["torso"], level3["legs"], level3["arms"], level3["head"], level3["specific"]) == (
        "full", "full", "glancing", "glancing", "scratch")
    level2 = hit_options(6)
    assert level2["torso"] == "full" and level2["head"] == "scratch"
    order = ["scratch", "glancing", "full", "strong", "savage"]
    for margin in range(18, 40):  # level 6 or better: nothing below Full anywhere
        assert min(order.index(b) for b in hit_options(margin).values() if b) >= order.index("full")
    assert min(order.index(b) for b in hit_options(17).values() if b) < order.index("full")


# --- simple combat -------------------------------------------------------------------------

@pytest.mark.parametrize("a, b, result", [
    (10, 6, ("a", "full")), (12, 6, ("a", "strong")), (11, 6, ("a", "full")), (6, 10, ("b", "full")),
    (7, 7, ("tie", "glancing")), (7, 6, ("a", "glancing")), (8, 6, ("a", "full")), (17, 6, ("a", "strong")),
    (18, 6, ("a", "savage")), (2, 1, ("a", "strong")), (3, 1, ("a", "savage")), (1, 2, ("b", "strong")),
])
def test_simple_blows(a: int, b: int, result: tuple[str, str]) -> None:
    assert simple_exchange(a, b) == result


def test_simple_blow_needs_the_winner_first() -> None:
    with pytest.raises(ParameterError):
        simple_blow(3, 5)


@pytest.mark.parametrize("trait_a, trait_b", [(1, 1), (5, 8), (10, 10), (12, 7), (3, 11)])
def test_blow_odds_match_brute_force(trait_a: int, trait_b: int) -> None:
    rolls_a, rolls_b = _rolls(trait_a), _rolls(trait_b)
    counts = dict.fromkeys(SIMPLE_KEYS, 0)
    for a, b in itertools.product(rolls_a, rolls_b):
        side, kind = simple_exchange(a, b)
        counts["tie" if side == "tie" else f"{side}-{kind}"] += 1
    total = len(rolls_a) * len(rolls_b)
    assert blow_odds(trait_a, trait_b) == {k: Fraction(n, total) for k, n in counts.items()}


# The draft's "wins by triple the opponent's roll", each reading spelled out from its words alone.
_SAVAGE_TESTS = {"triple": lambda win, lose: win >= 3 * lose, "lead": lambda win, lose: win - lose >= 3 * lose}


@pytest.mark.parametrize("reading, trait_a, trait_b, expected", [
    ("triple", 10, 10, Fraction(483, 10000)), ("lead", 10, 10, Fraction(218, 10000)),
    ("triple", 4, 9, None), ("lead", 14, 6, None)])
def test_both_savage_readings_match_brute_force(reading: str, trait_a: int, trait_b: int,
                                                expected: Fraction | None) -> None:
    rolls_a, rolls_b = _rolls(trait_a), _rolls(trait_b)
    savage_a = sum(1 for a, b in itertools.product(rolls_a, rolls_b) if a > b and _SAVAGE_TESTS[reading](a, b))
    savage_b = sum(1 for a, b in itertools.product(rolls_a, rolls_b) if b > a and _SAVAGE_TESTS[reading](b, a))
    total = len(rolls_a) * len(rolls_b)
    odds = blow_odds(trait_a, trait_b, reading)
    assert (odds["a-savage"], odds["b-savage"]) == (Fraction(savage_a, total), Fraction(savage_b, total))
    if expected is not None:  # the figures: 4.83% and 2.18% (exact: both are whole hundredths of a percent)
        assert odds["a-savage"] == expected
    data = call("facade.blow", {"trait_a": trait_a, "trait_b": trait_b, "savage": reading})
    assert data["savage"] == reading and [r["key"] for r in data["savage_readings"]] == ["triple", "lead"]
    assert {r["key"]: Fraction(r["p_a"]) for r in data["savage_readings"]}[reading] == Fraction(savage_a, total)


def test_the_readings_part_at_triple_and_quadruple() -> None:
    assert simple_exchange(18, 6, "triple") == ("a", "savage") and simple_exchange(18, 6, "lead") == ("a", "strong")
    assert simple_exchange(6, 24, "lead") == ("b", "savage")
    rows = build_table("facade-simple-blows").text_rows()[1:]
    assert [r[0] for r in rows].count("Savage") == 2 and all("not given" in r[2] for r in rows if r[0] == "Savage")


def test_blow_odds_of_equal_traits_are_symmetric() -> None:
    odds = blow_odds(13, 13)
    for blow in ("glancing", "full", "strong", "savage"):
        assert odds[f"a-{blow}"] == odds[f"b-{blow}"]
    assert sum(odds.values()) == 1


# --- dramatic combat: attacks --------------------------------------------------------------

@pytest.mark.parametrize("trait, action", [(1, 0), (8, 9), (12, 10), (18, 30), (4, 12)])
def test_attack_without_defense_is_the_passive_contest(trait: int, action: int) -> None:
    odds = attack_odds(trait, action)
    assert odds["tie"] == 0
    assert {k: p for k, p in odds.items() if k != "tie"} == dict(outcome_odds(trait, action).by_key)


@pytest.mark.parametrize("trait, action, defender", [(10, 8, 8), (12, 10, 5), (6, 4, 9), (3, 2, 1)])
def test_attack_with_active_defense_matches_brute_force(trait: int, action: int, defender: int) -> None:
    counts = dict.fromkeys(ATTACK_KEYS, 0)
    attacks, defenses = _rolls(trait), _rolls(defender)
    for a, d in itertools.product(attacks, defenses):
        if a < action:
            margin = a - action
            key = "complete-failure" if margin < -2 else "near-miss"
        elif a == d:
            key = "tie"
        else:
            margin = a - d
            key = "complete-failure" if margin < -2 else "near-miss" if margin < 0 else f"level-{min(margin // 3, 9)}"
        counts[key] += 1
    total = len(attacks) * len(defenses)
    assert attack_odds(trait, action, defender) == {k: Fraction(n, total) for k, n in counts.items()}


def test_attack_outcomes() -> None:
    assert attack_outcome(19, 10) == ("level-3", 9)
    assert attack_outcome(9, 10, 1) == ("near-miss", -1)  # no defense against a miss
    assert attack_outcome(16, 10, 16) == ("tie", 0)


def test_attack_call_needs_a_defender_trait_for_active_defense() -> None:
    with pytest.raises(ParameterError) as info:
        call("facade.attack", {"trait": 10, "action": 10, "defense": "active"})
    assert info.value.field == "defender_trait"
    data = call("facade.attack", {"trait": 10, "action": 10, "defender_trait": 5})
    assert data["defender_trait"] is None and data["p_hit"] == "16/25"  # the trait is ignored without a defense


# --- damage and armor ----------------------------------------------------------------------

def test_the_broadsword_example() -> None:
    result = damage_after_armor(Fraction(3), "D", ARMOR["leather-armor"], bullets=False)
    assert (result.protection, result.remaining, result.reduced, result.taken_text) == (2, 1, True, "1B")
    data = call("facade.armor_damage", {"weapon": "broadsword", "armor": "leather-armor", "blow": "full"})
    assert (data["incoming"], data["taken"]) == ("3D", "1B")
    assert call("facade.armor_damage", {"weapon": "broadsword"})["taken"] == "3D"  # no armor: a sad, sorry Conner


@pytest.mark.parametrize("params, incoming, taken", [
    ({"blow": "strong", "armor": "leather-armor"}, "6D", "4D"),
    ({"blow": "glancing", "armor": "none"}, "1½D", "1½D"),
    ({"blow": "glancing", "armor": "leather-armor"}, "1½D", "nothing"),
    ({"blow": "scratch", "armor": "none"}, "1B", "1B"),
    ({"weapon": "rifle", "armor": "leather-armor"}, "3D", "1B"),  # 1 left, doubled 2 <= 3
    ({"weapon": "longbow", "armor": "leather-armor"}, "4D", "2D"),  # 2 left, doubled 4 > 3
    ({"weapon": "longbow", "armor": "leather-armor", "bullets": "no"}, "4D", "2B"),
    ({"weapon": "shortbow", "armor": "leather-armor", "bullets": "yes", "damage_type": "C"}, "2C", "1B"),
    ({"weapon": "assault-rifle", "armor": "kevlar-vest", "blow": "strong"}, "8D", "7B"),  # 14 <= 16
    ({"weapon": "shotgun", "armor": "kevlar-vest"}, "4D", "3D"),  # no bullets: Reduction 2
    ({"weapon": "maul", "armor": "shield-small"}, "6C", "3C"),  # NA: protection only
    ({"weapon": "custom", "levels": 5, "damage_type": "B", "armor": "material-thick-cloth"}, "5B", "4B"),
    ({"weapon": "mace", "armor": "material-thick-wood"}, "4C", "1B"),
])
def test_damage_against_armor(params: dict[str, object], incoming: str, taken: str) -> None:
    data = call("facade.armor_damage", {"weapon": "broadsword", **params})
    assert (data["incoming"], data["taken"]) == (incoming, taken)


def test_savage_blows_have_no_damage_and_ranged_l_uses_the_chosen_type() -> None:
    assert blow_damage(3, "savage") is None
    assert call("facade.armor_damage", {"blow": "savage"})["known"] is False
    data = call("facade.armor_damage", {"weapon": "rifle", "damage_type": "B"})
    assert data["weapon_damage"] == "3L" and data["incoming"] == "3B" and data["type_chosen"]
    assert call("facade.armor_damage", {"weapon": "mace", "damage_type": "B"})["incoming"] == "4C"


def test_kevlar_stops_bullets_up_to_16() -> None:
    kevlar = MATERIAL["kevlar"]
    assert damage_after_armor(Fraction(9), "D", kevlar, bullets=True).taken_text == "8B"
    assert damage_after_armor(Fraction(10), "D", kevlar, bullets=True).taken_text == "9D"
    assert WEAPONS["rifle"].bullets and not WEAPONS["shotgun"].bullets and WEAPONS["crossbow"].bullets


# --- wounds, initiative, health --------------------------------------------------------------

def test_the_wound_penalty_example() -> None:
    p = wound_penalties([("torso", "B"), ("torso", "C"), ("arms", "B"), ("legs", "C")])
    assert (p.all_physical, p.arms, p.legs) == (-1, -1, -1)
    assert p.notation == {"torso": ("B", "C"), "arms": ("B",), "legs": ("C",), "head": ()}
    assert wound_penalties([("head", "B"), ("head", "D"), ("torso", "D")]).all_physical == -3
    with pytest.raises(ParameterError):
        wound_penalties([("tail", "B")])


def test_initiative_examples() -> None:
    assert initiative_order([("Richard", 11, 9), ("Conner", 11, 4), ("Jamis", 11, 14)]) == ["Conner", "Richard",
                                                                                            "Jamis"]
    assert declaration_order({"Richard": 8, "Conner": 6}) == [["Conner"], ["Richard"]]


def test_health_table() -> None:
    assert build_table("facade-health-levels").text_rows()[1:] == [
        ["Bruising", "B", "1-18"], ["Crushing", "C", "1-12"], ["Deadly", "D", "1-6"]]


# --- equipment tables reproduce the printed ones -----------------------------------------------

def test_melee_table_reproduces_the_printed_one() -> None:
    rows = build_table("facade-melee-weapons").text_rows()[1:]
    assert rows == [[n, d, s, _dash(m), r.replace("Med.", "Medium")] for n, d, s, m, r in PRINTED_MELEE]


def test_martial_arts_table_reproduces_the_printed_one() -> None:
    rows = build_table("facade-martial-arts").text_rows()[1:]
    spelled = [(n.rstrip("1"), d.replace("Str ", "Strength ").replace("/2", " ÷ 2").replace("-1", "− 1")
                .replace("+3", "+ 3").replace("+1", "+ 1")) for n, d in PRINTED_MARTIAL]
    assert [(r[0], r[1]) for r in rows] == spelled
    assert rows[-1][2].endswith("(note 1)")


def test_ranged_table_reproduces_the_printed_one() -> None:
    rows = build_table("facade-ranged-weapons").text_rows()[1:]
    expected = []
    for name, damage, strength, minimum, rng in PRINTED_RANGED:
        base = name.rstrip("0123456789,")
        notes = name[len(base):].replace(",", ", ") or "–"
        expected.append([base, damage, _dash(strength), _dash(minimum), rng.replace("'", " ft"), notes])
    assert rows == expected


def test_materials_table_reproduces_the_printed_one() -> None:
    rows = build_table("facade-armor-materials").text_rows()[1:]
    expected = []
    for label, b, c, d, red in PRINTED_MATERIALS:
        name, _, example = label.partition(" (")
        red = red.replace("2*", "2 (16 vs bullets)")
        expected.append([name, example.rstrip(")") or "–", _dash(b), _dash(c), _dash(d), _dash(red)])
    assert rows == expected


def test_armor_table_reproduces_the_printed_one() -> None:
    rows = build_table("facade-armor").text_rows()[1:]
    expected = [[n.replace("Footb.", "Football"), p, r, ", ".join(COVERS[c] for c in cov.split(","))]
                for n, p, r, cov in PRINTED_ARMOR]
    assert [r[:4] for r in rows] == expected


# --- errata ---------------------------------------------------------------------------------------

def test_armor_errata_are_real_differences_between_the_printed_tables() -> None:
    found = {e.key: e for e in all_errata() if e.key.startswith("armor-")}
    assert set(found) == {"armor-full-plate-protection-against-d", "armor-shield-small-reduction",
                          "armor-chain-shirt-dex"}
    armor = {row[0]: row for row in PRINTED_ARMOR}
    materials = {row[0]: row for row in PRINTED_MATERIALS}
    assert armor["Full Plate"][1].split("/")[2] == "4D" and materials["Thick Metal (Full Plate)"][3] == "5"
    assert armor["Shield, Small"][2] == "NA" and materials["Thick Wood (Shield)"][4] == "4"
    assert all(e.page.startswith("facade/combat.md#") for e in found.values())
    from facade.rules.combat_equipment import FACADE_ACTION_ATTRIBUTES

    dex = found["armor-chain-shirt-dex"]
    assert dex.kind == "text" and not any(a.lower().startswith("dex") for a in FACADE_ACTION_ATTRIBUTES)
