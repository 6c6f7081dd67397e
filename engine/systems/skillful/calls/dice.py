"""``skillful.open_d20`` (the exact distribution of a check) and ``skillful.roll`` (one seeded roll).

>>> from rollwright.kit.registry import call
>>> out = call("skillful.open_d20", {})
>>> out["lowest"], out["highest"], out["rows"][0], out["mean"]
(-19, 40, [-19, '1/400'], '21/2')
>>> r = call("skillful.roll", {"seed": 7, "skill": 3})
>>> r["total"] == r["roll"] + 3
True
"""

from __future__ import annotations

from typing import Any

from rollwright.dice.rolling import roll as roll_notation
from rollwright.kit.calls.dice import SEED
from rollwright.kit.numbers import fraction_text
from rollwright.kit.registry import Param, register
from skillful.calls.params import penalty, skill
from skillful.rules.checks import check_total

MODIFIER = Param("modifier", int, "an attitude's modifier (-20 to 5)", default=0, minimum=-20, maximum=5)


@register("skillful.open_d20", "The exact distribution of an open d20 plus skill, less penalty.",
          skill("skill", "the roller"), penalty("penalty", "the roller"), MODIFIER)
def open_d20(skill: int, penalty: int, modifier: int) -> dict[str, Any]:
    total = check_total(skill, penalty, modifier)
    return {"skill": skill, "penalty": penalty, "modifier": modifier,
            "lowest": total.min_outcome, "highest": total.max_outcome,
            "mean": fraction_text(total.mean()),
            "rows": [[value, fraction_text(p)] for value, p in total.probabilities()]}


@register("skillful.roll", "One seeded open d20, both dice shown after a 1 or a 20.",
          SEED, skill("skill", "the roller"), penalty("penalty", "the roller"), MODIFIER)
def roll(seed: int, skill: int, penalty: int, modifier: int) -> dict[str, Any]:
    report = roll_notation("od20", seed=seed).to_dict()
    faces = [face for die in report["terms"][0]["dice"] for face in die["faces"]]
    value = report["total"]
    return {"seed": seed, "skill": skill, "penalty": penalty, "modifier": modifier,
            "faces": faces, "roll": value, "total": value + skill - penalty + modifier,
            "how": ("rolled" if len(faces) == 1 else
                    "a 1, less the closed d20" if faces[0] == 1 else "a 20, plus the closed d20")}
