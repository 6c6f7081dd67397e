"""``facets.recovery``: what a consequence imposes and how fast health or cool comes back.

>>> from rollwright.kit.registry import call
>>> out = call("facets.recovery", {"condition": "hurt", "maximum": 12})
>>> out["regain"], out["minutes_per_point"], out["step_down"]
('3 per hour', '20', '1 day')
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.registry import Param, register
from facets.rules.recovery import (
    CARE, CONDITIONS, amount_text, minutes_per_point, penalised_attributes, regain_rate, step_down_time,
)

SOCIAL_NAMES = {"healthy": "composed", "hurt": "weary", "injured": "drained", "crippled": "exhausted"}


@register("facets.recovery", "A consequence's penalties, its rest time, and the rate health or cool returns.",
          Param("condition", str, "the condition (social: weary, drained, exhausted)", default="hurt",
                choices=CONDITIONS),
          Param("maximum", int, "maximum health or cool (1-40)", default=10, minimum=1, maximum=40),
          Param("care", str, "resting, or resting with medical care", default="none", choices=CARE),
          Param("helped", bool, "professional help (halves the rest time)", default=False))
def recovery(condition: str, maximum: int, care: str, helped: bool) -> dict[str, Any]:
    rate, unit = regain_rate(condition, maximum, care)
    out: dict[str, Any] = {
        "condition": condition, "social": SOCIAL_NAMES[condition], "maximum": maximum, "care": care,
        "helped": helped, "penalised_attributes": penalised_attributes(condition),
        "regain": f"{amount_text(rate)} per {unit}", "minutes_per_point": None, "step_down": None,
    }
    if condition == "hurt":
        out["minutes_per_point"] = amount_text(minutes_per_point(condition, maximum))
    if condition != "healthy":
        amount, period = step_down_time(condition, helped)
        out["step_down"] = f"{amount_text(amount)} {period}"
    return out
