"""HTML views of Façade character call results: height and weight, a limit pool, a trait total.

Each view takes the plain dict its registry call returned.

>>> from rollwright.kit.api import call
>>> html = limit_pool_view(call("facade.limit_pool", {"pool": "Strain", "category": 6, "level": 8}))
>>> 'data-rw-pool-status="minimum-difficulty"' in html and 'data-rw-minimum-difficulty="8"' in html
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.markup import Html, el
from rollwright.kit.numbers import percent
from rollwright.kit.plain_table import table

_SEVERITY = {"normal": "ok", "minimum-difficulty": "caution", "breaking-point": "caution"}


def height_weight_view(data: dict[str, Any]) -> Html:
    """Height and weight from ``facade.height_weight``, with the working shown."""
    base_ft, base_in = divmod(data["base_height_inches"], 12)
    body = data["body"]
    return el("div", {"class": "rw-height-weight", "data-rw-height-inches": data["height_inches"],
                      "data-rw-weight-lbs": data["weight_lbs"]},
              el("p", {"class": "rw-headline"}, f"Body {body}, {data['formula']} formula: ",
                 el("strong", None, f"{data['height']} ({data['height_inches']} in), {data['weight_lbs']} lbs")),
              el("p", {"class": "rw-caption"},
                 f"Height {base_ft}' {base_in}\" + {body} in; weight {data['base_weight_lbs']} lbs + "
                 f"{data['lbs_per_body']} × {body} lbs."))


def _threshold_rows(data: dict[str, Any]) -> tuple[list[list[object]], list[str]]:
    t, level = data["thresholds"], data["level"]
    name = t["category_name"]
    entries: list[tuple[str, str, int | None]] = [
        ("minimum", f"Minimum difficulty on {name} rolls", t["minimum_difficulty_from"]),
        ("automatic-failure", f"{name} rolls fail automatically", t["automatic_failure_from"]),
        ("must-rest", "Must stop and rest", t["must_rest_from"]),
        ("passes-out", "Passes out (no Will)", t["passes_out_from"]),
        ("passes-out-will", f"Passes out while paying Exhaustion (Will {t['will']})", t["passes_out_from_with_will"]),
        ("penalty", "Penalty the next day (no Will)", t["next_day_penalty_from"]),
        ("penalty-will", f"Penalty the next day while paying Exhaustion (Will {t['will']})",
         t["next_day_penalty_from_with_will"]),
    ]
    if data["pool"] == "Stress":
        entries.append(("breaking-point", "Breaking point: further Stress goes to Passion", t["double_from"]))
    if data["pool"] == "Passion":
        entries.append(("outburst", "Emotional outburst", t["double_from"]))
    if data["pool"] == "Exhaustion":
        entries.append(("out-of-juice", "Out of juice: no Soul-based rolls", t["double_from"]))
    paying = data["paying_exhaustion"] and t["will"] > 0
    rows, keys = [], []
    for key, what, start in entries:
        if start is None or (key.endswith("-will") and t["will"] == 0):
            continue
        reached = level >= start
        if key in ("passes-out", "penalty") and reached and paying:
            now = "not while paying"
        elif key in ("passes-out-will", "penalty-will") and reached and not paying:
            now = "only when paying"
        else:
            now = "yes" if reached else "no"
        rows.append([what, start, now])
        keys.append(key)
    return rows, keys


def limit_pool_view(data: dict[str, Any]) -> Html:
    """A pool level's state from ``facade.limit_pool``: headline, effects and thresholds."""
    t = data["thresholds"]
    severity = _SEVERITY.get(data["status"], "fail")
    offset = f" (counted as {t['compared_with']})" if t["comparison_offset"] else ""
    effects = data["effects"] or ["None: the pool is below the category, so rolls are unaffected."]
    rows, keys = _threshold_rows(data)
    attributes = {"class": f"rw-pool rw-pool--{severity}", "data-rw-pool-status": data["status"],
                  "data-rw-minimum-difficulty": "" if data["minimum_difficulty"] is None
                  else data["minimum_difficulty"],
                  "data-rw-automatic-failure": str(data["automatic_failure"]).lower(),
                  "data-rw-passed-out": str(data["passed_out"]).lower(),
                  "data-rw-must-rest": str(data["must_rest"]).lower(),
                  "data-rw-next-day-penalty": data["next_day_penalty"],
                  "data-rw-exhaustion-per-roll": data["exhaustion_per_roll"]}
    return el("div", attributes,
              el("p", {"class": "rw-headline"},
                 f"{data['pool']} {data['level']} against {t['category_name']} {t['category']}{offset}: ",
                 el("strong", {"class": "rw-pool__state"}, data["label"])),
              el("ul", {"class": "rw-pool__effects"}, [el("li", None, e) for e in effects]),
              table(["Effect", f"From {data['pool']}", "In force now"], rows, name="facade-pool-thresholds-now",
                    caption=f"Where each effect starts for {t['category_name']} {t['category']}{offset}",
                    row_keys=keys))


def _side(title: str, rating: int, dice: str | None, difficulty: int, p: str | None) -> Html:
    if p is None:
        return el("li", {"class": "rw-choice rw-choice--none"}, f"{title}: rating 0 cannot be rolled ",
                  "(the trait chart starts at 1).")
    return el("li", {"class": "rw-choice"}, f"{title}: rating {rating} (", el("code", None, dice),
              f") against difficulty {difficulty}: ", el("strong", None, percent(Fraction(p))),
              el("span", {"class": "rw-exact"}, f" (exactly {p})"))


_VERDICT = {"trait": "Rolling the trait total is the better chance.",
            "default": "Defaulting to the category is the better chance.",
            "equal": "Both choices have exactly the same chance.",
            "neither": "Neither can be rolled."}


def trait_total_view(data: dict[str, Any]) -> Html:
    """Trait total and the defaulting alternative from ``facade.trait_total``."""
    notes = []
    if data["attribute_zero"]:
        notes.append(el("p", {"class": "rw-flag rw-flag--fail"},
                        "An attribute of 0 fails any active contest automatically, whatever the skills."))
    if data["raise"] == 0 and data["category"] <= data["trait_total"]:
        notes.append(el("p", {"class": "rw-caption"},
                        "The category is not above the trait total, so defaulting leaves the difficulty as it is "
                        "(the engine never lowers it)."))
    return el("div", {"class": "rw-trait-total", "data-rw-trait-total": data["trait_total"],
                      "data-rw-defaulted-difficulty": data["defaulted_difficulty"],
                      "data-rw-p-trait": data["p_trait"] or "", "data-rw-p-default": data["p_default"] or "",
                      "data-rw-better": data["better"]},
              el("p", {"class": "rw-headline"}, "Trait total ", el("strong", None, data["trait_total"]),
                 f" = attribute {data['attribute']} + Broad {data['broad']} + Focus {data['focus']} + "
                 f"Specialty {data['specialty']}"),
              el("ul", {"class": "rw-choices"},
                 _side("Roll the trait total", data["trait_total"], data["trait_dice"], data["difficulty"],
                       data["p_trait"]),
                 _side(f"Default to the category (difficulty +{data['raise']})", data["category"],
                       data["category_dice"], data["defaulted_difficulty"], data["p_default"])),
              el("p", {"class": f"rw-verdict rw-verdict--{data['better']}"},
                 el("strong", None, _VERDICT[data["better"]])),
              notes)
