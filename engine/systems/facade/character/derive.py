"""Derived values of a character, each from the rules module that owns the rule.

Values that depend on an invalid entry (an attribute of 9) come out as None, so
the rest of the sheet still shows.

>>> from facade.character.model import Character
>>> from facade.character.spending import spend
>>> c = Character()
>>> d = derive(c, spend(c))
>>> d["categories"]["body"], d["height"], d["weight"]
(9, '5\\' 3"', 117)
>>> strain = d["limit_pools"][0]
>>> strain["minimum_difficulty_at"], strain["automatic_failure_at"], strain["pass_out_after"], strain["with_will"]
(9, 18, 18, 21)
>>> [(t["label"], t["total"]) for t in traits(c, spend(c))][:2]
[('Strength', 3), ('Stamina', 3)]
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Any

from rollwright.errors import ParameterError
from facade.rules.action_systems import running
from facade.rules.attributes import CATEGORIES, category_total, height_weight
from facade.rules.body_systems import MAX_BODYWEIGHT, carry_line, carrying
from facade.character.model import ATTRIBUTES, CATEGORY_KEYS, FORMULAS, Character, points_str
from facade.character.spending import Spending
from facade.rules.limit_pools import pool_thresholds
from facade.rules.skills import trait_total

Node = tuple[str, str, tuple[int, int, int]]  # path, label, (broad, focus, specialty) levels
CHECK_TRAIT_PICKS = 450
"""At most this many attribute + skill picks in a check's ``derived.traits`` (15 attributes x 30 skills);
the traits call always lists them all. Keeps the per-keystroke answer small."""
_total = lru_cache(maxsize=2048)(trait_total)


def _attribute(c: Character, name: str) -> int | None:
    value = c.attributes[name]
    return value if 0 <= value <= 6 else None


def categories(c: Character) -> dict[str, int | None]:
    """Each category's rating (the sum of its three attributes), None if one of them is out of range."""
    out: dict[str, int | None] = {}
    for key, names in CATEGORY_KEYS.items():
        try:
            out[key] = category_total(*(c.attributes[n] for n in names))
        except ParameterError:
            out[key] = None
    return out


def _limit_pools(c: Character, cats: dict[str, int | None]) -> list[dict[str, Any]]:
    will = _attribute(c, "will")
    out = []
    for category in CATEGORIES:
        key = category.name.lower()
        value = cats[key]
        row: dict[str, Any] = {"pool": category.pool.lower(), "name": category.pool, "category": key, "value": value}
        if value is None or will is None:
            out.append(row | {"minimum_difficulty_at": None, "double_at": None, "automatic_failure_at": None,
                              "pass_out_after": None, "with_will": None, "effect": None})
            continue
        t = pool_thresholds(category.pool, value, will)
        extended = t.passes_out_from_with_will if t.passes_out_from_with_will is not None \
            else t.next_day_penalty_from_with_will
        out.append(row | {"minimum_difficulty_at": t.minimum_difficulty_from, "double_at": t.double_from,
                          "automatic_failure_at": t.automatic_failure_from,
                          "pass_out_after": None if t.passes_out_from is None else t.passes_out_from - 1,
                          "with_will": None if extended is None else extended - 1, "effect": t.double_effect})
    return out


def _lbs(value: Fraction) -> str:
    return points_str(value)


def _carrying(strength: int | None, will: int | None, bodyweight: int | None) -> list[dict[str, Any]]:
    if strength is None or bodyweight is None or not 1 <= bodyweight <= MAX_BODYWEIGHT:
        return []
    plain = carrying(strength, bodyweight, 0).limits()
    feat = carrying(strength, bodyweight, 0, will or 0).limits()
    percents = carry_line(strength).limits()
    return [{"load": load, "percent": pct, "up_to_lbs": _lbs(limit), "with_will_up_to_lbs": _lbs(feat_limit)}
            for (load, limit), (_, feat_limit), pct in zip(plain, feat, percents)]


def _running(agility: int | None, stamina: int | None, action: int | None) -> dict[str, Any]:
    """Each pace by key (sprint, run, distance, stroll): chart speed, its unit, mph to one place, check interval."""
    if agility is None or stamina is None:
        return {}
    out = {}
    for pace in running(agility, stamina, action=action).paces:
        mph = pace.mph
        out[pace.key] = {"name": pace.name, "speed": None if pace.speed is None else points_str(pace.speed),
                         "unit": pace.unit, "mph": None if mph is None else f"{float(mph):.1f}",
                         "roll_every": pace.roll_every, "roll_unit": pace.roll_unit}
    return out


def skill_nodes(c: Character, spending: Spending) -> list[Node]:
    """Every skill node whose levels are all valid, with its (broad, focus, specialty) levels."""
    out: list[Node] = []
    levels = spending.skill_levels

    def level(path: str) -> int | None:
        found = levels.get(path)
        return None if found is None else found.level

    for i, skill in enumerate(c.skills):
        path = f"skills.{i}"
        broad = level(path)
        if broad is None:
            continue
        out.append((path, skill.name or "Unnamed", (broad, 0, 0)))
        for j, focus in enumerate(skill.focuses):
            fpath = f"{path}.focuses.{j}"
            flevel = level(fpath)
            if flevel is None:
                continue
            flabel = f"{skill.name or 'Unnamed'} / {focus.name or 'Unnamed'}"
            out.append((fpath, flabel, (broad, flevel, 0)))
            for k, spec in enumerate(focus.specialties):
                spath = f"{fpath}.specialties.{k}"
                slevel = level(spath)
                if slevel is not None:
                    out.append((spath, f"{flabel} / {spec.name or 'Unnamed'}", (broad, flevel, slevel)))
    return out


def skill_rows(c: Character, spending: Spending) -> list[dict[str, Any]]:
    """Each skill node: its tier, level (bought or cascaded), skill total and how the level came about."""
    rows = []
    for path, label, (b, f, s) in skill_nodes(c, spending):
        found = spending.skill_levels[path]
        rows.append({"path": path, "label": label, "tier": found.tier, "level": found.level,
                     "sp": None if found.sp is None else points_str(found.sp),
                     "skill_total": _total(0, b, f, s), "explanation": found.explanation})
    return rows


def trait_picks(c: Character, spending: Spending, limit: int | None = None) -> tuple[list[dict[str, Any]], bool]:
    """Every attribute alone, then every attribute + skill pick that adds something (skill total above 0).

    ``limit`` caps the number of skill picks (a whole skill at a time); the flag says whether all are listed.
    """
    valid = [(name, value) for name in ATTRIBUTES if (value := _attribute(c, name)) is not None]
    out: list[dict[str, Any]] = [{"label": name.capitalize(), "attribute": name, "path": None, "total": value}
                                 for name, value in valid]
    picks = 0
    for path, label, (b, f, s) in skill_nodes(c, spending):
        if b + f + s == 0:
            continue
        picks += len(valid)
        if limit is not None and picks > limit:
            return out, False
        for name, value in valid:
            out.append({"label": f"{name.capitalize()} + {label}", "attribute": name, "path": path,
                        "total": _total(value, b, f, s)})
    return out, True


def traits(c: Character, spending: Spending) -> list[dict[str, Any]]:
    """All of :func:`trait_picks`."""
    return trait_picks(c, spending)[0]


def derive(c: Character, spending: Spending, with_traits: bool = True) -> dict[str, Any]:
    """The contract's ``derived`` block for ``c``."""
    cats = categories(c)
    formula = c.settings.formula if c.settings.formula in FORMULAS else FORMULAS[0]
    body = cats["body"]
    hw = None if body is None else height_weight(body, formula)
    entered = c.bodyweight if c.bodyweight is not None and 1 <= c.bodyweight <= MAX_BODYWEIGHT else None
    bodyweight = entered if entered is not None else (None if hw is None else hw.weight_lbs)
    out: dict[str, Any] = {
        "categories": cats, "formula": formula,
        "height": None if hw is None else hw.height_text, "height_inches": None if hw is None else hw.height_inches,
        "weight": None if hw is None else hw.weight_lbs, "bodyweight": bodyweight,
        "bodyweight_source": "entered" if entered is not None else "formula",
        "limit_pools": _limit_pools(c, cats),
        "carrying": _carrying(_attribute(c, "strength"), _attribute(c, "will"), bodyweight),
        "running": _running(_attribute(c, "agility"), _attribute(c, "stamina"), cats["action"]),
        "skills": skill_rows(c, spending),
    }
    if with_traits:
        out["traits"], out["traits_complete"] = trait_picks(c, spending, CHECK_TRAIT_PICKS)
    return out
