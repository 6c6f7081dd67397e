"""Registry calls for Façade character creation: level costs, cascade skill trees and budgets.

>>> from rollwright.kit.registry import call
>>> r = call("facade.creation_cost", {"what": "modifier-medium", "from_level": 0, "to_level": 3})
>>> r["total"], r["pool"], r["ep"], r["wp"]
('5', 'AP', '5', '2.5')
>>> c = call("facade.cascade", {"specialty_a": 5})
>>> c["levels"]
{'broad': 1, 'focus': 2, 'specialty_a': 4, 'specialty_b': 0, 'specialty_c': 0}
>>> call("facade.creation_budget", {"method": "pool-buy"})["budget"]["worth"]
'150'
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.registry import Param, register
from facade.rules.costs import (
    AGE_RULES, POINT_BUY_EXTRA, POOL_BUY_EXTRA, age_background_points, cascade_tree, point_buy_budget,
    pool_buy_budget, raise_cost, track_keys)
from facade.rules.costs_skills import MAX_SPECIALTY_SP
from facade.rules.costs_tracks import MAX_BACKGROUND, points_text

LEVEL_TOP = MAX_BACKGROUND  # the longest track; each track checks its own top
SPECIALTY_TOP = int(MAX_SPECIALTY_SP)
MAX_OTHER_FOCUSES = 3
MAX_TREE_SPECIALTIES = 400


@register("facade.creation_cost", "Cost of raising one creation trait (attribute, modifier, skill, background) "
          "from one level to another: each step, the total, its pool and its EP/WP worth.",
          Param("what", str, "which cost row: attribute, modifier-<grade>, skill-<tier>, cascade-<tier>, "
                "background-<grade> or exponential-<grade>", choices=track_keys()),
          Param("from_level", int, "level already held (the row's own top is checked)", default=0, minimum=0),
          Param("to_level", int, "level wanted (at most 6 for attributes and modifiers, 4 for skills, "
                f"{LEVEL_TOP} for backgrounds)", minimum=0))
def creation_cost(what: str, from_level: int, to_level: int) -> dict[str, Any]:
    return raise_cost(what, from_level, to_level).to_dict()


def _sp_param(name: str, label: str) -> Param:
    return Param(name, int, f"SP spent into {label} (0-{SPECIALTY_TOP})", default=0, minimum=0,
                 maximum=SPECIALTY_TOP)


@register("facade.cascade", "Cascade skills for one focus: SP into up to three specialties (plus mastered "
          "sister focuses under the same broad) -> levels of the specialties, the focus and the broad.",
          _sp_param("specialty_a", "the first specialty"), _sp_param("specialty_b", "the second specialty"),
          _sp_param("specialty_c", "the third specialty"),
          Param("other_focuses", int, "other focuses under the same broad that are already mastered "
                "(15 SP each: three specialties at 5)", default=0, minimum=0, maximum=MAX_OTHER_FOCUSES))
def cascade(specialty_a: int, specialty_b: int, specialty_c: int, other_focuses: int) -> dict[str, Any]:
    spent = {"specialty_a": specialty_a, "specialty_b": specialty_b, "specialty_c": specialty_c}
    names = dict(zip(spent, ("Specialty A", "Specialty B", "Specialty C"), strict=True))
    focuses: dict[str, dict[str, int]] = {"The focus": {names[k]: v for k, v in spent.items()}}
    for i in range(1, other_focuses + 1):
        focuses[f"Mastered focus {i}"] = {f"Specialty {i}.{j}": SPECIALTY_TOP for j in (1, 2, 3)}
    result = cascade_tree({"The broad": focuses})
    broad, = result.broads
    focus = broad.children[0]
    levels = {"broad": broad.level, "focus": focus.level,
              **{key: focus.children[i].level for i, key in enumerate(spent)}}
    return {"spent": spent, "other_focuses": other_focuses, "levels": levels,
            "sp": {"broad": points_text(broad.sp), "focus": points_text(focus.sp)},
            "focus_reduced": focus.reduced, "specialties_reduced": focus.level == 4,
            "focus_sp_spent": points_text(focus.sp), "total_sp": points_text(result.total_sp),
            "tree": result.to_dict()}


@register("facade.cascade_tree", "Cascade skills for a whole tree: broad -> focus -> specialty -> SP spent "
          "(whole or half points, at most 5 per specialty) -> every level, with explanations.",
          Param("tree", dict, "object: broad name -> focus name -> specialty name -> SP (number or \"1/2\")",
                samples=lambda: ({"Athletics": {"Dodge": {"Roll": 5, "Flip": "1/2"}}},
                                 {f"Broad {b}": {f"Focus {f}": {f"Specialty {s}": "9/2" for s in range(10)}
                                                 for f in range(10)} for b in range(MAX_TREE_SPECIALTIES // 100)})))
def cascade_tree_call(tree: dict[str, Any]) -> dict[str, Any]:
    from rollwright.errors import ParameterError

    count = sum(len(f) for b in tree.values() if isinstance(b, dict) for f in b.values() if isinstance(f, dict))
    if count > MAX_TREE_SPECIALTIES:
        raise ParameterError(f"'tree' has {count} specialties; at most {MAX_TREE_SPECIALTIES}", field="tree")
    return cascade_tree(tree).to_dict()


@register("facade.creation_budget", "Starting points for weighted point buy or weighted pool buy, the exchange "
          "rate of EP/WP, and background points from age if asked.",
          Param("method", str, "point-buy or pool-buy", default="point-buy", choices=("point-buy", "pool-buy")),
          Param("extra", int, f"EP (point buy, {POINT_BUY_EXTRA} standard) or WP (pool buy, {POOL_BUY_EXTRA} "
                "typical)", default=None, minimum=0, maximum=10_000),
          Param("age", int, "character's age, to award BP from age instead of 50 (point buy)", default=None,
                minimum=1, maximum=1000),
          Param("age_rule", str, "square-root (10 × √age) or double (2 × age)", default="square-root",
                choices=AGE_RULES))
def creation_budget(method: str, extra: int | None, age: int | None, age_rule: str) -> dict[str, Any]:
    from rollwright.errors import ParameterError

    age_points = None if age is None else age_background_points(age, age_rule)
    if method == "pool-buy":
        if age is not None:
            raise ParameterError("'age': background points from age belong to the point buy method", field="age")
        budget = pool_buy_budget(POOL_BUY_EXTRA if extra is None else extra)
    else:
        bp = None if age_points is None else age_points.points
        budget = point_buy_budget(POINT_BUY_EXTRA if extra is None else extra,
                                  *(() if bp is None else (bp,)))
    return {"budget": budget.to_dict(), "age": None if age_points is None else age_points.to_dict()}
