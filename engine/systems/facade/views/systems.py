"""HTML views of the Façade systems calls (first aid, healing, pain, carrying, running, stunts, passion).

>>> from rollwright.kit.api import call
>>> html = healing_view(call("facade.healing", {"health": 3, "bruising": 4}))
>>> 'data-rw-effective-health="3"' in html and "1 1/3 days" in html
True
>>> duration_text(Fraction(6, 5), "month"), duration_text(Fraction(1, 3), "day")
('1 1/5 months', '1/3 day (8 hours)')
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rollwright.kit.charts import Bar, bar_chart
from rollwright.kit.markup import Html, el
from rollwright.kit.numbers import percent, signed
from rollwright.kit.plain_table import table


def mixed(value: Fraction) -> str:
    """A non-negative fraction as a mixed number: ``1 1/3``, ``2``, ``2/5``."""
    whole, rest = divmod(value.numerator, value.denominator)
    if rest == 0:
        return str(whole)
    part = f"{rest}/{value.denominator}"
    return part if whole == 0 else f"{whole} {part}"


def decimal_text(value: Fraction, places: int = 4) -> str:
    """Exact decimal when it ends within ``places`` digits, else a mixed number."""
    scaled = value * 10 ** places
    if scaled.denominator != 1:
        return mixed(value)
    text = f"{value.numerator * 10 ** places // value.denominator:0{places + 1}d}"
    whole, frac = text[:-places], text[-places:].rstrip("0")
    return f"{int(whole)}.{frac}" if frac else str(int(whole))


def duration_text(value: Fraction, unit: str) -> str:
    """An exact duration, e.g. ``1 1/3 days (32 hours)``; days that are not whole also show hours."""
    plural = "" if value <= 1 else "s"
    text = f"{mixed(value)} {unit}{plural}"
    if unit == "day" and value.denominator != 1:
        hours = value * 24
        text += f" ({mixed(hours)} hour{'' if hours <= 1 else 's'})"
    return text


def _p(value: str | None) -> str:
    return "–" if value is None else percent(Fraction(value))


def _exact(value: str) -> Html:
    return el("span", {"class": "rw-exact"}, value)


def first_aid_view(data: dict[str, Any]) -> Html:
    """Difficulty of the first-aid roll, and the chance per attempt and over several minutes."""
    head = el("p", {"class": "rw-headline"}, f"{data['damage']} damage − Health {data['health']} = difficulty ",
              el("strong", None, data["difficulty"]))
    parts: list[object] = [head]
    if data["certain"]:
        parts.append(el("p", {"class": "rw-flag rw-flag--success"},
                        "Every roll meets this difficulty: the patient is stabilised on the first attempt."))
    if data["trait"] is None:
        parts.append(el("p", {"class": "rw-note"}, "Give the first-aider's trait to see the chance of success."))
    else:
        parts.append(el("p", None, f"Trait {data['trait']} ({data['dice']}): ",
                        el("strong", None, f"{_p(data['p_success'])} per attempt"), " ", _exact(data["p_success"])))
        rows = [[f"within {m} minute{'s' if m > 1 else ''}", _p(p)] for m, p in data["retries"]]
        parts.append(table(["Stable", "Chance"], rows, name="facade-first-aid-retries",
                           caption="One attempt a minute, if nothing else changes"))
    return el("div", {"class": "rw-first-aid", "data-rw-difficulty": data["difficulty"],
                      "data-rw-p-success": data["p_success"] or ""}, parts)


def healing_view(data: dict[str, Any]) -> Html:
    """Effective healing Health and the time each damage type takes to heal."""
    terms = "".join(f" {signed(v)} ({label})" for label, v in data["parts"][1:] if v)
    head = el("p", {"class": "rw-headline"}, f"Health {data['health']}{terms} = healing Health ",
              el("strong", None, data["effective_health"]))
    rows = []
    for t in data["types"]:
        period = f"{t['period']} {t['unit']}s" if t["period"] > 1 else t["unit"]
        if t["per_level"] is None:
            per, total = "no rate given", "no rate given"
        else:
            per = duration_text(Fraction(t["per_level"]), t["unit"])
            total = "nothing to heal" if t["levels"] == 0 else duration_text(Fraction(t["total"]), t["unit"])
        rate = f"{data['effective_health']} per {period}" if data["rate_given"] else "–"
        rows.append([t["name"], t["levels"], rate, per, total])
    flag = None
    if not data["rate_given"]:
        flag = el("p", {"class": "rw-flag rw-flag--fail"},
                  "Healing Health is 0 or less: the rules give no healing rate for this (see the note below).")
    return el("div", {"class": "rw-healing", "data-rw-effective-health": data["effective_health"],
                      "data-rw-rate": "given" if data["rate_given"] else "none",
                      "data-rw-totals": " ".join(t["total"] or "none" for t in data["types"])},
              head, flag,
              table(["Damage", "Levels", "Rate", "Each level takes", "All healed after"], rows,
                    name="facade-healing-result", caption="The three damage types heal side by side",
                    row_keys=[t["kind"] for t in data["types"]]))


def _last_possible(levels: list[list[Any]]) -> int:
    """The highest level with a chance above zero (0 if none)."""
    return max((lv for lv, p in levels if Fraction(p) > 0), default=0)


def level_chart(data: dict[str, Any], *, noun: str, title: str, name: str) -> Html:
    """Chance of each success level used as an amount (``noun``: wounds ignored, Passion added)."""
    reachable = [(lv, p) for lv, p in data["levels"] if lv <= _last_possible(data["levels"])]
    bars = [Bar("fail", Fraction(data["p_fail"]), "rw-bar--fail", "Failed roll: nothing")]
    bars += [Bar(str(lv), Fraction(p), "rw-bar--success", f"{lv} {noun}") for lv, p in reachable]
    rows = [["failed roll (0)", _p(data["p_fail"]), _exact(data["p_fail"])]]
    rows += [[f"{lv}", _p(p), _exact(p)] for lv, p in reachable]
    mean = Fraction(data["mean"])
    return el("div", {"class": "rw-levels", "data-rw-p-success": data["p_success"], "data-rw-mean": data["mean"]},
              el("p", {"class": "rw-headline"}, f"Trait {data['trait']} ({data['dice']}) vs difficulty "
                 f"{data['difficulty']}: success ", el("strong", None, _p(data["p_success"])),
                 f"; on average {float(mean):.2f} {noun}"),
              bar_chart(bars, title=title),
              el("details", {"class": "rw-details"}, el("summary", None, f"Exact chance of each number of {noun}"),
                 table([noun.capitalize(), "Chance", "Exact"], rows, name=name)))


def pain_view(data: dict[str, Any]) -> Html:
    return level_chart(data, noun="wounds ignored", name="facade-pain-levels",
                       title=f"Wounds ignored: trait {data['trait']} against {data['difficulty']} damage levels")


_CATEGORY_NAMES = {"light": "Light", "comfortable": "Comfortable", "heavy": "Heavy", "unbearable": "Unbearable",
                   "beyond": "Beyond the table"}


def _category_effect(category: str, body: int | None) -> str:
    feet = "[Body]" if body is None else str(body)
    return {
        "light": "Hardly noticed.",
        "comfortable": "Borne easily; strenuous work may add a little Strain or Fatigue.",
        "heavy": "Every point of Strain and Fatigue gained while carrying it counts double.",
        "unbearable": f"As Heavy, and it can be moved only {feet} feet before stopping to rest.",
        "beyond": "Heavier than the Unbearable column: the table gives no rule for this load.",
    }[category]


def carrying_view(data: dict[str, Any]) -> Html:
    """The load's category and this character's limit for each category."""
    category = data["category"]
    rows = []
    for limit in data["limits"]:
        mark = "◀ this load" if limit["category"] == category else ""
        rows.append([_CATEGORY_NAMES[limit["category"]], f"{limit['percent']}%",
                     f"up to {decimal_text(Fraction(limit['pounds']))} lbs", mark])
    feat = None
    if data["will_added"]:
        feat = el("p", {"class": "rw-note"},
                  f"Feat of strength: the Strength {data['strength']} line plus the Strength "
                  f"{data['will_added']} line for the {data['will_added']} Will added. "
                  f"Costs {data['exhaustion']} Exhaustion every {data['exhaustion_seconds']} seconds of lifting.")
    return el("div", {"class": "rw-carrying", "data-rw-category": category,
                      "data-rw-percents": " ".join(str(p) for p in data["percents"])},
              el("p", {"class": "rw-headline"}, f"{data['load']} lbs on a {data['bodyweight']} lb body: ",
                 el("strong", None, _CATEGORY_NAMES[category])),
              el("p", None, _category_effect(category, data["body"])), feat,
              table(["Load", "% of bodyweight", "Limit", ""], rows, name="facade-carrying-result",
                    caption="Heaviest load in each category for this character",
                    row_keys=[lim["category"] for lim in data["limits"]]))


_UNIT_NAMES = {"ft/s": "feet/second", "mi/min": "miles/minute", "mph": "mph"}


def _speed(pace: dict[str, Any]) -> str:
    if pace["speed"] is None:
        return "no speed left" if pace["key"] != "stroll" else "no speed (Agility 0)"
    return f"{decimal_text(Fraction(pace['speed']))} {_UNIT_NAMES[pace['unit']]}"


def _interval(pace: dict[str, Any]) -> str:
    if pace["roll_unit"] is None:
        return "no roll"
    if pace["roll_every"] is None:
        return "no interval given (Stamina 0)"
    every = pace["roll_every"]
    return f"every {every} {pace['roll_unit']}{'s' if every > 1 else ''}"


def _check_text(check: dict[str, Any] | None) -> tuple[str, Html | str]:
    if check is None:
        return "–", "–"
    if check["p_success"] is None:
        return "trait 0: no dice", "–"
    label = f"trait {check['trait']} vs {check['difficulty']}"
    if check["automatic_failure"]:
        return label, "fails (Fatigue at double Action)"
    return label, el("span", None, _p(check["p_success"]), " ", _exact(check["p_success"]))


def running_view(data: dict[str, Any]) -> Html:
    """Every pace: speed after Fatigue, mph, how often to roll and the chance of each roll."""
    rows, attributes = [], {"class": "rw-running"}
    for pace in data["paces"]:
        mph = "–" if pace["mph"] is None else f"{float(Fraction(pace['mph'])):.2f}".rstrip("0").rstrip(".")
        check, chance = _check_text(pace["check"])
        rows.append([pace["name"], _speed(pace), mph, _interval(pace), check, chance])
        attributes[f"data-rw-{pace['key']}-speed"] = pace["speed"] or "none"
        if pace["check"] is not None:
            attributes[f"data-rw-{pace['key']}-p"] = pace["check"]["p_success"] or "none"
    return el("div", attributes,
              table(["Pace", "Speed", "≈ mph", "Roll", "Check", "Chance"], rows, name="facade-running-result",
                    caption=f"Agility {data['agility']}, Stamina {data['stamina']}, Fatigue {data['fatigue']}",
                    row_keys=[p["key"] for p in data["paces"]]))


def stunts_view(data: dict[str, Any]) -> Html:
    """Chance of success with 0-5 stunt dice, and (if a roll is given) the chance they rescue it."""
    bars = [Bar(f"+{ln['extra']}", Fraction(ln["p_success"]), "rw-bar--success" if ln["possible"] else "rw-bar--fail",
                f"{ln['notation']}") for ln in data["lines"]]
    rows = [[f"+{ln['extra']} d4", ln["notation"], ln["best_roll"],
             "yes" if ln["possible"] else "no", _p(ln["p_success"]), _exact(ln["p_success"])] for ln in data["lines"]]
    needed = data["needed"]
    if not data["automatic_failure"]:
        verdict = "Success is possible without stunt dice."
    elif needed is None:
        verdict = f"Even {data['max_extra']} stunt dice cannot reach difficulty {data['difficulty']}: it always fails."
    else:
        verdict = (f"Without stunts this is an automatic failure; {needed} stunt "
                   f"{'die makes' if needed == 1 else 'dice make'} success possible.")
    rescue = None
    if data["rescue"] is not None:
        items = [el("li", None, f"+{k} d4: ", el("strong", None, _p(p)), " ", _exact(p)) for k, p in data["rescue"]]
        rescue = el("div", {"class": "rw-stunt-rescue"},
                    el("p", None, f"Already rolled {data['rolled']} against {data['difficulty']}; "
                                  "chance that stunt dice awarded now bring it up:"),
                    el("ul", None, items))
    return el("div", {"class": "rw-stunts", "data-rw-needed": "none" if needed is None else needed,
                      "data-rw-p-extra": " ".join(ln["p_success"] for ln in data["lines"])},
              el("p", {"class": "rw-headline"}, verdict),
              bar_chart(bars, title=f"Trait {data['trait']} ({data['dice']}) vs difficulty {data['difficulty']}, "
                                    "chance of success by stunt dice"),
              el("details", {"class": "rw-details"}, el("summary", None, "Exact chances"),
                 table(["Stunt dice", "Roll", "Best roll", "Possible", "Chance", "Exact"], rows,
                       name="facade-stunt-odds", row_keys=[str(ln["extra"]) for ln in data["lines"]])),
              rescue)


def passion_view(data: dict[str, Any]) -> Html:
    """Passion added in a passive contest, and the active contest if both sides inspire."""
    passive = data["passive"]
    parts: list[object] = [level_chart(passive, noun="Passion added", name="facade-passion-levels",
                                       title=f"Passion added: trait {passive['trait']} against Persona {data['persona']}")]
    contest = data["contest"]
    attributes: dict[str, Any] = {"class": "rw-passion", "data-rw-p-success": passive["p_success"]}
    if contest is not None:
        attributes["data-rw-p-win"] = contest["p_win"]
        bars = [Bar(f"−{lv}", Fraction(p), "rw-bar--fail", f"you take {lv} Passion") for lv, p in
                reversed(contest["to_self"])]
        bars.append(Bar("tie", Fraction(contest["p_tie"]), "rw-bar--near", "Equal rolls: nothing"))
        bars += [Bar(f"+{lv}", Fraction(p), "rw-bar--success", f"target takes {lv} Passion")
                 for lv, p in contest["to_target"]]
        parts.append(el("div", {"class": "rw-passion-contest"},
                        el("p", None, f"Active contest against trait {contest['rival_trait']}: you win ",
                           el("strong", None, _p(contest["p_win"])), ", they win ",
                           el("strong", None, _p(contest["p_lose"])), ", tie ", _p(contest["p_tie"]), "."),
                        bar_chart(bars, title="Active contest: Passion the loser takes, by the winner's level")))
    return el("div", attributes, parts)
