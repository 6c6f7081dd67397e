"""Views for cooperation and the automatic-result checker.

>>> from rollwright.kit.api import call
>>> html = cooperation_view(call("facade.cooperation", {"primary": 10, "helpers": "8, 12", "difficulty": 12,
...                                                     "seed": 3}))
>>> 'data-rw-final-trait=' in html and 'rw-coop-steps' in html
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.charts import Bar, bar_chart
from rollwright.kit.markup import Html, el
from rollwright.kit.numbers import percent, signed
from rollwright.kit.plain_table import table


def _step_row(step: dict[str, Any]) -> list[object]:
    if step["level"] is None:
        effect = "falls short: no change"
    elif step["level"] == 0:
        effect = "meets it, level 0: no change"
    else:
        effect = f"level {step['level']}: trait {step['trait_before']} → {step['trait_after']}"
    return [f"Helper {step['helper']} (trait {step['helper_trait']})", step["roll"], step["trait_before"],
            signed(step["margin"]), effect]


def _run_view(data: dict[str, Any]) -> Html:
    run = data["run"]
    rolls = el("ul", {"class": "rw-coop-rolls"},
               [el("li", None, f"Helper {r['helper']} (trait {r['trait']}, {r['dice']}) rolls ",
                   el("strong", None, r["total"]), f" [{' '.join(str(f) for f in r['faces'])}]")
                for r in run["helper_rolls"]])
    steps = table(["Helper, lowest roll first", "Roll", "Primary's trait", "Margin", "Effect"],
                  [_step_row(s) for s in run["steps"]], name="facade-coop-steps",
                  caption="Each helper's roll against the primary's trait as it stands") if run["steps"] else None
    if run["final_roll"] is None:
        final = el("p", {"class": "rw-flag rw-flag--near"},
                   f"The primary's trait reaches {run['final_trait']}, beyond the trait chart's 18: the draft "
                   "does not say what such a trait rolls, so the run stops here.")
    else:
        verdict = ""
        if run["outcome"] is not None:
            verdict = f" against difficulty {data['difficulty']}: {run['outcome']['name']}"
        final = el("p", {"class": "rw-total"},
                   f"The primary rolls trait {run['final_trait']} ({run['final_dice']}): ",
                   el("strong", None, run["final_roll"]),
                   f" [{' '.join(str(f) for f in run['final_faces'])}]{verdict}")
    return el("div", {"class": "rw-coop-run", "data-rw-seed": data["seed"], "data-rw-final-trait": run["final_trait"],
                      "data-rw-final-roll": "" if run["final_roll"] is None else run["final_roll"]},
              el("p", {"class": "rw-roll__what"}, "A seeded run", el("span", {"class": "rw-seed"},
                                                                   f" · seed {data['seed']}")),
              rolls, el("div", {"class": "rw-coop-steps"}, steps), final)


def cooperation_view(data: dict[str, Any]) -> Html:
    """The exact distribution of the primary's final trait, then one seeded run."""
    final = [(t, Fraction(p)) for t, p in data["final"]["p"]]
    helpers = ", ".join(str(h) for h in data["helpers"]) or "none"
    title = f"Primary trait {data['primary']} with helpers {helpers}: the trait the primary finally rolls"
    bars = [Bar(str(t), p, "rw-bar--success" if t > data["primary"] else "rw-bar--near", f"Trait {t}")
            for t, p in final]
    headline = [f"Primary {data['primary']}, helpers {helpers}: the final trait averages ",
                el("strong", None, f"{float(Fraction(data['final']['mean'])):.2f}")]
    if data["difficulty"] is not None:
        p = Fraction(data["final"]["p_success"])
        headline += [f"; chance the primary then meets difficulty {data['difficulty']}: ",
                     el("strong", None, percent(p)), el("span", {"class": "rw-exact"}, f" (exactly {p})")]
    beyond = Fraction(data["final"].get("p_beyond_chart", "0"))
    flag = el("p", {"class": "rw-flag rw-flag--near"},
              f"In {percent(beyond)} of cases the trait climbs past 18, off the trait chart; those cases are "
              "not counted as successes.") if beyond else None
    rows = [[t, percent(p), el("span", {"class": "rw-exact"}, f"{p.numerator}/{p.denominator}")] for t, p in final]
    return el("div", {"class": "rw-coop", "data-rw-p-success": data["final"].get("p_success", ""),
                      "data-rw-mean": data["final"]["mean"]},
              el("p", {"class": "rw-headline"}, headline), flag,
              bar_chart(bars, title=title),
              el("details", {"class": "rw-details"}, el("summary", None, "Exact chance of each final trait"),
                 table(["Final trait", "Chance", "Exact"], rows, name="facade-coop-final")),
              _run_view(data))


def automatic_view(data: dict[str, Any]) -> Html:
    """The automatic-result verdict for one trait and difficulty."""
    t, d = data["trait"], data["difficulty"]
    lines = []
    if data["automatic_failure"]:
        if data["stunts"] and data["stunt_dice_needed"] is not None:
            lines.append(el("p", {"class": "rw-flag rw-flag--near"},
                            f"No roll of {data['dice']} reaches {d} (best {data['best_roll']}). With stunts, "
                            f"success needs at least {data['stunt_dice_needed']} stunt d4; without a good enough "
                            "stunt the attempt fails."))
        else:
            extra = " Even five stunt d4 could not close the gap." if data["stunts"] else ""
            lines.append(el("p", {"class": "rw-flag rw-flag--fail"},
                            f"Automatic failure: no roll of {data['dice']} reaches {d} "
                            f"(best {data['best_roll']}).{extra}"))
    if data["automatic_success"]:
        lines.append(el("p", {"class": "rw-flag rw-flag--success"},
                        f"Trait {t} is {data['lead']} above difficulty {d}: the character may skip the roll and "
                        f"take an automatic {data['automatic_success']} success, if the GM agrees."))
    elif data["contested"] and data["lead"] >= 3:
        lines.append(el("p", {"class": "rw-flag rw-flag--near"},
                        "Automatic success is only for uncontested actions: against active opposition, roll."))
    if not lines:
        lines.append(el("p", {"class": "rw-flag"}, f"Trait {t} against difficulty {d}: roll for it."))
    key = ("failure" if data["automatic_failure"] and not data["stunt_dice_needed"]
           else data["automatic_success"] or "roll")
    return el("div", {"class": "rw-automatic", "data-rw-verdict": key}, lines)
