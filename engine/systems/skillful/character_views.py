"""How the builder shows a Skillful character: the editor form, the report and the sheet.

The sheet is a set of boxed parts (the kit's :mod:`rollwright.kit.character_views`): the skills,
the six pools with what is left of each, and the penalties and thresholds the pools give now.

>>> from skillful.character import blank, read
>>> [p.title for p in sheet_parts(read(blank()), [])]
['Skills', 'Fatigue pools', 'Penalties and thresholds', 'Settings']
>>> 'data-rw-path="pools.Sanity.size"' in editor_html(read(blank()))
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rollwright.kit.character_views import Cell, Part, report_html, sheet_html, sheet_markdown, sheet_text
from rollwright.kit.forms import group, number, shown, text_input
from rollwright.kit.markup import Html, el
from skillful.character import MAX_POOL, SETTINGS, SKILL_SLOTS, derived
from skillful.rules.checks import MAX_SKILL
from skillful.rules.effort import POOLS
from skillful.rules.tiers import FLOOR_LABELS, cutoffs

SUBTITLE = "Skillful character"
POOL_ROLES = {"Wind": "body, short efforts", "Wit": "mind, short efforts", "Stamina": "body, longer efforts",
              "Focus": "mind, longer efforts", "Health": "body, deepest reserve", "Sanity": "mind, deepest reserve"}
"""What each pool is drawn on for, in the draft's examples (driving minutes, hours, days)."""


def sheet_parts(c: Mapping[str, Any], messages: Sequence[Mapping[str, str]]) -> list[Part]:
    """The sheet's boxed parts (and the problems, when there are any)."""
    d = derived(c)
    skills: tuple[tuple[Cell, ...], ...] = tuple(
        (s["name"], s["level"]) for s in c["skills"] if s["name"].strip()) or (("none yet", None),)
    pools = tuple((pool, c["pools"][pool]["current"], c["pools"][pool]["size"], POOL_ROLES[pool]) for pool in POOLS)
    rows = tuple((kind, d[f"{key}_penalty"], d[f"{key}_width"], "/".join(map(str, cutoffs(d[f"{key}_width"]))))
                 for kind, key in (("Physical (efforts from Wind)", "physical"), ("Mental (efforts from Wit)", "mental")))
    parts = [
        Part("skills", "Skills", ("Skill", "Level"), skills,
             ("A check adds the levels of every skill that applies to an open d20.",)),
        Part("pools", "Fatigue pools", ("Pool", "Now", "Size", "Drawn on for"), pools),
        Part("thresholds", "Penalties and thresholds", ("Penalty", "Now", "T", "Cutoffs"), rows,
             (f"{FLOOR_LABELS[d['floor']]}. Each T points a defender loses by moves the consequence one row "
              "down the chart.",)),
        Part("settings", "Settings", (), tuple((label, c["settings"][key]) for key, (label, _) in SETTINGS.items())),
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
    return report_html(messages, ok="No problems: every value is in range and every skill is named once.")


def editor_html(c: Mapping[str, Any]) -> Html:
    """The builder's form: a small card per skill slot and per pool, the settings in one row."""
    slots = [*c["skills"], *({"name": "", "level": None} for _ in range(SKILL_SLOTS - len(c["skills"])))]
    skills = [group(f"Skill {i + 1}", text_input(f"skills.{i}.name", "Name", s["name"]),
                    number(f"skills.{i}.level", "Level", s["level"], 0, MAX_SKILL), css="rw-editor__item")
              for i, s in enumerate(slots)]
    pools = [group(pool, number(f"pools.{pool}.current", "Now", c["pools"][pool]["current"], -MAX_POOL, MAX_POOL),
                   number(f"pools.{pool}.size", "Size", c["pools"][pool]["size"], 1, MAX_POOL), css="rw-editor__item")
             for pool in POOLS]
    settings = [number(f"settings.{key}", label, c["settings"][key], 0, 9) for key, (label, _) in SETTINGS.items()]
    return el("form", {"class": "rw-editor", "data-rw-editor": True, "novalidate": True,
                       "aria-label": "Character editor"},
              group("About", el("div", {"class": "rw-editor__row"}, text_input("name", "Name", c["name"], wide=True))),
              group("Skills", el("div", {"class": "rw-editor__grid"}, skills)),
              group("Fatigue pools", el("div", {"class": "rw-editor__grid rw-editor__grid--narrow"}, pools)),
              group("Settings", el("div", {"class": "rw-editor__row"}, settings)))
