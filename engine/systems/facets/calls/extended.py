"""``facets.extended``: an extended check in the draft's notation, solved exactly.

>>> from rollwright.kit.registry import call
>>> out = call("facets.extended", {"notation": "[Finesse 8 - 2/5 - 30s]", "die": 8})
>>> out["check"]["notation"], out["impossible_after"], out["chance"]["p"]
('[Finesse 8 - 2/5 - 30s]', 4, '989/8192')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.numbers import duration, fraction_text, percent
from rollwright.kit.registry import Param, register
from facets.calls.params import BONUS, checked_sides, die_param
from facets.rules.bands import band_odds
from facets.rules.dice import calm_value, roll_distribution
from facets.rules.extended import (
    MAX_ATTEMPTS, MAX_TN, attempts_used, chance_within, expected_attempts, parse_check, print_check,
)


def attempt_chance(sides: int, tn: int, bonus: int, costly: bool, calm: bool) -> Fraction:
    """The chance one attempt counts as a success (calm: the fixed value, sure or hopeless).

    >>> attempt_chance(6, 3, 0, False, True), attempt_chance(6, 4, 0, False, True)
    (Fraction(1, 1), Fraction(0, 1))
    """
    if calm:
        margin = calm_value(sides) + bonus - tn
        return Fraction(1 if margin >= (-5 if costly else 0) else 0)
    odds = band_odds(roll_distribution(sides), tn, bonus)
    return odds["advantage"] + odds["success"] + (odds["cost"] if costly else 0)


@register("facets.extended", "Exact chance of an extended check [Attribute TN - s/a - time], "
          "the attempts it takes and the expected time.",
          Param("notation", str, "the check, like [Finesse 8 - 2/5 - 30s]", default="[Finesse 8 - 2/5 - 30s]",
                max_length=60, samples=("[Wit 4 - 1/1 - 1s]", f"[Finesse 12 - 1/{MAX_ATTEMPTS} - 1m]",
                                        f"[Endurance {MAX_TN} - {MAX_ATTEMPTS}/{MAX_ATTEMPTS} - 99999d]")),
          die_param("die", "the tested attribute's die (sides)"), BONUS,
          Param("costly", bool, "count a success at a cost as a success (the draft does not say)", default=False),
          Param("calm", bool, "take each attempt calm (half the top face, double time)", default=False))
def extended(notation: str, die: int, bonus: int, costly: bool, calm: bool) -> dict[str, Any]:
    check = parse_check(notation)
    sides = checked_sides(die)
    p = attempt_chance(sides, check.tn, bonus, costly, calm)
    seconds = check.seconds * (2 if calm else 1)
    used = attempts_used(p, check.successes, check.attempts)
    mean = expected_attempts(p, check.successes, check.attempts)
    chance = chance_within(p, check.successes, check.attempts)
    return {
        "check": {"attribute": check.attribute, "tn": check.tn, "successes": check.successes,
                  "attempts": check.attempts, "seconds": check.seconds, "notation": print_check(check)},
        "die": f"d{sides}", "bonus": bonus, "costly": costly, "calm": calm,
        "per_attempt": {"p": fraction_text(p), "percent": percent(p)},
        "chance": {"p": fraction_text(chance), "percent": percent(chance)},
        "impossible_after": check.spare_failures + 1,
        "attempts": [{"n": n, "done": fraction_text(done), "done_percent": percent(done),
                      "lost": fraction_text(lost), "lost_percent": percent(lost)}
                     for n, (done, lost) in used.items()],
        "mean_attempts": fraction_text(mean), "mean_attempts_text": f"{float(mean):.2f}",
        "time_per_attempt": duration(seconds, "second"), "mean_time": duration(mean * seconds, "second"),
    }
