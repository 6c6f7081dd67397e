"""``skillful.aid_bonus`` (one aid check, exactly) and ``skillful.aid_odds`` (its distribution).

>>> from rollwright.kit.registry import call
>>> call("skillful.aid_bonus", {"aid": 9, "main": 12})["bonus"]
1
>>> out = call("skillful.aid_odds", {"main_skill": 10, "aid_skill": 10, "difficulty": 20})
>>> out["percent_without"], out["percent_with"]
('55%', '76.7%')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.numbers import fraction_text, percent
from rollwright.kit.registry import Param, register
from skillful.calls.params import penalty, skill
from skillful.rules.aid import aid_bonus as bonus_of
from skillful.rules.aid import aid_fraction, aid_target
from skillful.rules.checks import HIGHEST, LOWEST, check_total

NO_PENALTY = Param("no_penalty", bool, "an aid under 20% of the target gives 0, not a minus "
                   "(the formula alone would subtract)", default=False)


def _total(name: str, who: str) -> Param:
    return Param(name, int, f"{who}'s total (-99 to 199)", minimum=-99, maximum=199)


@register("skillful.aid_bonus", "The aid bonus for one aid total and one main total, computed exactly.",
          _total("aid", "the aid check"), _total("main", "the aided check"), NO_PENALTY)
def aid_bonus(aid: int, main: int, no_penalty: bool) -> dict[str, Any]:
    share = aid_fraction(aid, main)
    return {"aid": aid, "main": main, "target": aid_target(main), "share": fraction_text(share),
            "share_percent": percent(share) if 0 <= share <= 1 else f"{float(share) * 100:.1f}%",
            "bonus": bonus_of(aid, main, no_penalty=no_penalty)}


@register(
    "skillful.aid_odds", "The exact distribution of the aid bonus, and the aided check against a difficulty.",
    skill("main_skill", "the aided character"), penalty("main_penalty", "the aided character"),
    skill("aid_skill", "the helper"), penalty("aid_penalty", "the helper"),
    Param("difficulty", int, f"the total the aided check must reach ({LOWEST} to 99)", default=20,
          minimum=LOWEST, maximum=99),
    NO_PENALTY,
)
def aid_odds(main_skill: int, main_penalty: int, aid_skill: int, aid_penalty: int, difficulty: int,
             no_penalty: bool) -> dict[str, Any]:
    main = check_total(main_skill, main_penalty)
    helper = check_total(aid_skill, aid_penalty)
    scale = main.total_weight * helper.total_weight
    bonus: dict[int, int] = {}
    reached_with = 0
    for m, wm in main.items():
        for a, wa in helper.items():
            b = bonus_of(a, m, no_penalty=no_penalty)
            bonus[b] = bonus.get(b, 0) + wm * wa
            if m + b >= difficulty:
                reached_with += wm * wa
    p_without = main.at_least(difficulty)
    p_with = Fraction(reached_with, scale)
    mean = Fraction(sum(b * w for b, w in bonus.items()), scale)
    return {"difficulty": difficulty, "range": [LOWEST, HIGHEST],
            "bonus": [[b, fraction_text(Fraction(w, scale))] for b, w in sorted(bonus.items())],
            "mean_bonus": fraction_text(mean), "p_without": fraction_text(p_without),
            "p_with": fraction_text(p_with), "percent_without": percent(p_without),
            "percent_with": percent(p_with)}
