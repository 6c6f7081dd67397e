"""HTML views of Façade combat call results: attack odds, simple-combat blows, damage vs armor.

>>> from rollwright.kit.api import call
>>> html = armor_view(call("facade.armor_damage", {"weapon": "broadsword", "armor": "leather-armor"}))
>>> 'data-rw-taken="1B"' in html
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.charts import Bar, bar_chart
from rollwright.kit.markup import Html, el
from rollwright.kit.exact import chance, exact_cell
from rollwright.kit.numbers import chance_text
from rollwright.kit.plain_table import table
from facade.rules.combat import BLOW_NAMES, LOCATION_NAMES, LOCATIONS
from facade.views.traits import OUTCOME_KEY

_OUTCOME_CSS = {"complete-failure": "rw-bar--fail", "near-miss": "rw-bar--near", "tie": "rw-bar--near"}
_SHORT = {"complete-failure": "CF", "near-miss": "NM", "tie": "tie"}


def _blow_cell(blow: str | None) -> str:
    return "–" if blow is None else BLOW_NAMES[blow]


def attack_view(data: dict[str, Any]) -> Html:
    """Attack odds from ``facade.attack``: chance to hit, chart of levels, blows per location."""
    outcomes = data["outcomes"]
    bars = [Bar(_SHORT.get(o["key"], o["key"].removeprefix("level-")), Fraction(o["p"]),
                _OUTCOME_CSS.get(o["key"], "rw-bar--success"), o["name"]) for o in outcomes]
    against = f"Action {data['action']}"
    if data["defender_trait"] is not None:
        against += f", then an active defense of trait {data['defender_trait']} ({data['defender_dice']})"
    rows = [[el("span", None, o["name"], el("br", None), el("span", {"class": "rw-exact"}, o["margins"])),
             el("span", None, chance_text(o["p"]),
                None if Fraction(o["p"]) in (0, 1) else [el("br", None), el("span", {"class": "rw-exact"}, exact_cell(o["p"]))])]
            + [_blow_cell(o["options"][loc]) for loc in LOCATIONS] for o in outcomes]
    tie = None
    if data["defender_trait"] is not None:
        tie = el("li", None, "Equal attack and defense rolls (no rule given): ",
                 chance(data["p_tie"], strong=True))
    return el("div", {"class": "rw-attack", "data-rw-p-hit": data["p_hit"], "data-rw-p-effect": data["p_effect"],
                      "data-rw-p-tie": data["p_tie"]},
              el("p", {"class": "rw-headline"}, f"Trait {data['trait']} ({data['dice']}) against {against}: ",
                 "hits ", chance(data["p_hit"], strong=True)),
              el("ul", {"class": "rw-contest__summary"},
                 el("li", None, "At least a Scratch somewhere (near miss or better): ",
                    chance(data["p_effect"], strong=True)), tie),
              bar_chart(bars, title=f"Attack of trait {data['trait']} against {against}: outcome and success level",
                        key=OUTCOME_KEY),
              el("details", {"class": "rw-details", "open": True},
                 el("summary", None, "Chance of each level and the blow it allows on each location"),
                 table(["Outcome", "Chance"] + [LOCATION_NAMES[loc] for loc in LOCATIONS], rows,
                       name="facade-attack-odds", row_keys=[o["key"] for o in outcomes])))


_SIMPLE_CSS = {"tie": "rw-bar--near"}


def _simple_label(key: str) -> tuple[str, str]:
    if key == "tie":
        return "tie", "Equal rolls: a Glancing blow (see the note on ties)"
    side, blow = key.split("-", 1)
    return f"{side.upper()} {BLOW_NAMES[blow][:2]}", f"{side.upper()} lands a {BLOW_NAMES[blow]} blow"


def blow_view(data: dict[str, Any]) -> Html:
    """Simple-combat odds from ``facade.blow``, and the blow of two given rolls."""
    bars = []
    for r in data["results"]:
        label, tip = _simple_label(r["key"])
        css = _SIMPLE_CSS.get(r["key"], "rw-bar--success" if r["key"].startswith("a-") else "rw-bar--fail")
        bars.append(Bar(label, Fraction(r["p"]), css, tip))
    given = data["given"]
    verdict = None
    if given is not None:
        who = {"a": "A wins", "b": "B wins", "tie": "Equal rolls"}[given["side"]]
        verdict = el("p", {"class": "rw-outcome rw-outcome--success", "data-rw-blow": given["blow"],
                           "data-rw-side": given["side"]},
                     f"Rolls {given['roll_a']} (A) and {given['roll_b']} (B): {who}, ",
                     el("strong", None, f"{given['name']} blow"))
    rows = [[_simple_label(r["key"])[1], chance_text(r["p"]), exact_cell(r["p"])] for r in data["results"]]
    a, b = data["trait_a"], data["trait_b"]
    return el("div", {"class": "rw-blow", "data-rw-p-a": data["p_a"], "data-rw-p-b": data["p_b"],
                      "data-rw-p-tie": data["p_tie"]},
              verdict,
              el("ul", {"class": "rw-contest__summary"},
                 el("li", None, f"A (trait {a}, {data['dice_a']}) lands a blow: ",
                    chance(data["p_a"], strong=True)),
                 el("li", None, f"B (trait {b}, {data['dice_b']}) lands a blow: ",
                    chance(data["p_b"], strong=True)),
                 el("li", None, "Equal rolls: ", chance(data["p_tie"], strong=True))),
              bar_chart(bars, title=f"Simple combat, trait {a} against trait {b}: who lands which blow"),
              el("p", {"class": "rw-caption"}, "Gl, Fu, St, Sa: Glancing, Full, Strong and Savage blows. "
                 "B's results are on the left, A's on the right."),
              _savage_note(data),
              el("details", {"class": "rw-details"}, el("summary", None, "Exact odds of every result"),
                 table(["Result", "Chance", "Exact"], rows, name="facade-blow-odds",
                       row_keys=[r["key"] for r in data["results"]])))


def _savage_note(data: dict[str, Any]) -> Html:
    """Which reading of the Savage blow these odds use, and A's Savage chance under each."""
    items = [el("li", {"data-rw-savage": r["key"]}, f"{r['name']}{' (used here)' if r['key'] == data['savage'] else ''}: "
                "A lands a Savage blow ", chance(r["p_a"], strong=r["key"] == data["savage"]))
             for r in data["savage_readings"]]
    return el("div", {"class": "rw-reading", "data-rw-savage-reading": data["savage"]},
              el("p", {"class": "rw-caption"}, "The draft's Savage blow has two readings (see the designer's note):"),
              el("ul", {"class": "rw-contest__summary"}, items))


def armor_view(data: dict[str, Any]) -> Html:
    """Damage of one blow against one armor from ``facade.armor_damage``, step by step."""
    weapon = f"{data['weapon_name']} ({data['weapon_damage']})"
    if data["type_chosen"] and data["weapon"] != "custom":
        weapon += f", treated as {data['kind']} damage (the draft never defines L)"
    armor = data["armor_name"]
    if data["armor_protection"] is not None:
        armor += f" (protection {data['armor_protection']}, Reduction {data['armor_reduction']})"
    if not data["known"]:
        return el("div", {"class": "rw-armor", "data-rw-taken": "", "data-rw-incoming": ""},
                  el("p", {"class": "rw-flag rw-flag--fail"},
                     f"{weapon}, Savage blow: the draft gives no damage for a Savage blow, so the "
                     "damage cannot be worked out. See the designer's note."))
    steps = [el("li", None, f"{data['blow_name']} blow with {weapon}: ", el("strong", None, data["incoming"]),
                " (a Scratch is always 1B)" if data["blow"] == "scratch" else "")]
    if data["armor_protection"] is None:
        steps.append(el("li", None, "No armor: all of it is taken."))
    else:
        steps.append(el("li", None, f"{armor}: protection {data['protection']} against "
                        f"{data['incoming'][-1]}, leaving {data['remaining']}."))
        if data["remaining_levels"] == "0/1":
            pass
        elif data["reduction"] is None:
            steps.append(el("li", None, "This armor has no Reduction (NA): what is left passes unchanged."))
        else:
            doubled = " (doubled for bullets, footnote 3)" if data["bullets"] else ""
            verdict = "at most" if data["reduced"] else "more than"
            outcome = "so it all becomes Bruising." if data["reduced"] else "so it passes unchanged."
            steps.append(el("li", None, f"Left to test: {data['tested']}{doubled}, {verdict} the Reduction of "
                            f"{data['reduction']}, {outcome}"))
    return el("div", {"class": "rw-armor", "data-rw-taken": data["taken"], "data-rw-incoming": data["incoming"]},
              el("p", {"class": "rw-headline"}, "Damage taken: ", el("strong", None, data["taken"])),
              el("ol", {"class": "rw-steps"}, steps))
