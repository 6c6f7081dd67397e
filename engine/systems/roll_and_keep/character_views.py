"""How the builder shows a Roll & Keep character: the editor form, the report and the sheet.

The sheet is a set of boxed parts (the kit's :mod:`rollwright.kit.character_views`): the traits and
what each does in a fight, the attack and defensive knacks with their pools and passive TNs, and
the wound record with a box for each dramatic wound up to the knock-out.

>>> from roll_and_keep.character import blank, read
>>> [p.title for p in sheet_parts(read(blank()), [])]
['Traits', 'Attack knacks', 'Defensive knacks', 'Wounds']
>>> 'data-rw-path="attacks.1.trait"' in editor_html(read(blank()))
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rollwright.kit.character_views import Cell, Part, Track, report_html, sheet_html, sheet_markdown, sheet_text
from rollwright.kit.forms import group, number, select, shown, text_input
from rollwright.kit.markup import Html, el
from roll_and_keep.character import TRAITS, derived
from roll_and_keep.rules.combat import MAX_RANK, passive_tn
from roll_and_keep.rules.wounds import MAX_DRAMATIC, MAX_FLESH, MAX_TRAIT

SUBTITLE = "Roll & Keep character"


def _traits(c: Mapping[str, Any], d: Mapping[str, Any]) -> Part:
    crippled, out = d["thresholds"] or (None, None)
    panache = c["traits"]["panache"]
    notes: dict[str, list[str]] = {
        "brawn": [f"wound check {d['wound_check']}"] if d["wound_check"] else [], "finesse": [],
        "panache": [f"initiative: {panache} dice, an action for each"] if d["initiative"] else [],
        "resolve": [f"crippled by dramatic wound {crippled}, knocked out by {out}"] if crippled else []}
    for attack in d["attacks"]:
        notes[attack["trait_key"]].append(f"{attack['name']} {attack['pool']}")
    return Part("traits", "Traits", ("Trait", "Rating", "In a fight"),
                tuple((label, c["traits"][key], "; ".join(notes[key]) or None) for key, label in TRAITS.items()))


def _wounds(c: Mapping[str, Any], d: Mapping[str, Any]) -> Part:
    dramatic = c["wounds"]["dramatic"]
    track: Cell = shown(dramatic)
    if d["thresholds"] and d["state"] is not None:  # a count within the rules' range: one box per wound
        crippled, out = d["thresholds"]
        track = Track(max(out, dramatic), dramatic, {crippled: "crippled", out: "out"})
    return Part("wounds", "Wounds", (), (("Flesh wounds", c["wounds"]["flesh"]), ("Dramatic wounds", track),
                                          ("State", d["state"])),
                ("A wound check rolls Brawn k Brawn against the flesh wounds after the damage.",))


def sheet_parts(c: Mapping[str, Any], messages: Sequence[Mapping[str, str]]) -> list[Part]:
    """The sheet's boxed parts (and the problems, when there are any)."""
    d = derived(c)
    parts = [
        _traits(c, d),
        Part("attacks", "Attack knacks", ("Knack", "Trait", "Rank", "Roll"),
             tuple((a["name"], a["trait"], a["rank"], a["pool"]) for a in d["attacks"]) or (("none", None, None, None),),
             ("An attack rolls rank + trait dice and keeps as many as the trait.",)),
        Part("defenses", "Defensive knacks", ("Knack", "Rank", "Passive TN"),
             tuple((x["name"], x["rank"], x["tn"]) for x in d["defenses"]) or (("none", None, None),),
             (f"Passive TN {passive_tn(0, can_defend=False)} when the character cannot defend itself.",)),
        _wounds(c, d),
    ]
    if messages:
        parts.append(Part("problems", "Problems", ("Severity", "Message", "Rule"),
                          tuple((m["severity"], m["text"], m["rule"]) for m in messages), wide=True))
    return parts


def sheet(c: Mapping[str, Any], messages: Sequence[Mapping[str, str]], fmt: str) -> str:
    """The sheet as ``html``, ``markdown`` or ``text``."""
    parts = sheet_parts(c, messages)
    if fmt == "html":
        valid = not any(m["severity"] == "error" for m in messages)
        return str(sheet_html(c["name"], SUBTITLE, parts, ident=shown(c.get("id")), valid=valid))
    return (sheet_markdown if fmt == "markdown" else sheet_text)(c["name"], SUBTITLE, parts)


def report(messages: Sequence[Mapping[str, str]]) -> Html:
    return report_html(messages, ok="No problems: every value is within the site's ranges.")


def editor_html(c: Mapping[str, Any]) -> Html:
    """The builder's form, in compact rows: traits side by side, one small card per knack."""
    traits = [number(f"traits.{k}", label, c["traits"][k], 1, MAX_TRAIT) for k, label in TRAITS.items()]
    attacks = [group(f"Attack knack {i + 1}", text_input(f"attacks.{i}.name", "Name", a["name"]),
                     select(f"attacks.{i}.trait", "Trait", a["trait"], TRAITS),
                     number(f"attacks.{i}.rank", "Rank", a["rank"], 0, MAX_RANK), css="rw-editor__item")
               for i, a in enumerate(c["attacks"])]
    defenses = [group(f"Defensive knack {i + 1}", text_input(f"defenses.{i}.name", "Name", d["name"]),
                      number(f"defenses.{i}.rank", "Rank", d["rank"], 0, MAX_RANK), css="rw-editor__item")
                for i, d in enumerate(c["defenses"])]
    return el("form", {"class": "rw-editor", "data-rw-editor": True, "novalidate": True,
                       "aria-label": "Character editor"},
              group("About", el("div", {"class": "rw-editor__row"}, text_input("name", "Name", c["name"], wide=True))),
              group("Traits", el("div", {"class": "rw-editor__row"}, traits)),
              group("Knacks", el("div", {"class": "rw-editor__grid"}, attacks, defenses)),
              group("Wound record", el("div", {"class": "rw-editor__row"},
                                       number("wounds.flesh", "Flesh wounds", c["wounds"]["flesh"], 0, MAX_FLESH),
                                       number("wounds.dramatic", "Dramatic wounds", c["wounds"]["dramatic"], 0,
                                              MAX_DRAMATIC))))
