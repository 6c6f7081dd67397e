"""How the builder shows a Facets character: the editor form, the report and the sheet.

The form and the sheet lay the nine attributes out as the draft sorts them, arena by role
(physical, mental, social; power, control, resistance). The sheet is a set of boxed parts
(the kit's :mod:`rollwright.kit.character_views`).

>>> from facets.character import blank, read
>>> 'data-rw-path="facets.calling.traits.3.picked"' in editor_html(read(blank()))
True
>>> sheet_text(read({**blank(), "name": "Ada"})).splitlines()[0]
'Ada'
>>> [p.title for p in sheet_parts(read(blank()), [])]
['Attributes', 'Facets and traits', 'Health, Cool and effort', 'Consequences']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rollwright.kit.character_views import Cell, Part, report_html, sheet_html, sheet_markdown
from rollwright.kit.character_views import sheet_text as kit_sheet_text
from rollwright.kit.forms import checkbox, group, number, select, shown, text_input
from rollwright.kit.markup import Html, el
from facets.character import (
    FACETS, MAX_EFFORT, MAX_PENALTIES, MAX_POOL, TRAIT_SLOTS, effective_die,
)
from facets.rules.attributes import ARENAS, ATTRIBUTES, ROLES
from facets.rules.dice import DIE_STEPS

DICE = {str(s): f"d{s}" for s in DIE_STEPS}
PHYSICAL = {"healthy": "Unharmed", "hurt": "Hurt", "injured": "Injured", "crippled": "Crippled"}
SOCIAL = {"healthy": "Composed", "hurt": "Weary", "injured": "Drained", "crippled": "Exhausted"}
SUBTITLE = "Facets character"


def _by_arena() -> list[tuple[str, list[str]]]:
    """The attribute keys arena by arena, each in role order (power, control, resistance)."""
    return [(arena, [k for role in ROLES for k, a in ATTRIBUTES.items() if a.arena == arena and a.role == role])
            for arena in ARENAS]


def report_html_of(messages: Sequence[Mapping[str, str]]) -> Html:
    """The builder's report: the status, and each problem with a link to its rule."""
    return report_html(messages, ok="No problems: the character follows the rules.")


def _die_text(c: Mapping[str, Any], key: str) -> str:
    die = effective_die(c, key)
    base = c["attributes"][key]
    if die is None:
        return f"{shown(base)} (not a die)"
    return f"d{die}" + (f" (d{base} before penalties)" if die != base else "")


def _facet_rows(c: Mapping[str, Any]) -> tuple[tuple[Cell, ...], ...]:
    rows: list[tuple[Cell, ...]] = []
    for key, label in FACETS.items():
        facet = c["facets"][key]
        need = [f"{ATTRIBUTES[facet['requires_attribute']].name} d{shown(facet['requires_die'])}+"
                if facet["requires_attribute"] in ATTRIBUTES else "",
                facet["requires_facet"].strip() and f"facet {facet['requires_facet'].strip()}"]
        kind = ("closed: " + ", ".join(n for n in need if n)) if facet["closed"] else "open"
        picked = ", ".join(t["name"] for t in facet["traits"] if t["picked"] and t["name"].strip())
        rows.append((label, facet["name"] or None, kind.rstrip(": ") or None, picked or None))
    return tuple(rows)


def sheet_parts(c: Mapping[str, Any], messages: Sequence[Mapping[str, str]]) -> list[Part]:
    """The sheet's boxed parts (and the problems, when there are any)."""
    attributes = tuple((arena.capitalize(), *(f"{ATTRIBUTES[k].name} {_die_text(c, k)}" for k in keys))
                       for arena, keys in _by_arena())
    penalties = ", ".join(f"{a.name} {c['penalties'][k]}" for k, a in ATTRIBUTES.items() if c["penalties"][k])
    parts = [
        Part("attributes", "Attributes", ("", *(r.capitalize() for r in ROLES)), attributes,
             ("Dice explode on their top face, except under pressure.",), wide=True),
        Part("facets", "Facets and traits", ("Facet", "Name", "Open or closed", "Traits picked"), _facet_rows(c),
             wide=True),
        Part("pools", "Health, Cool and effort", (), (("Health", c["health"]), ("Cool", c["cool"]),
                                                      ("Effort", c["effort"]))),
        Part("consequences", "Consequences", (), (
            ("Physical", PHYSICAL.get(c["physical"], shown(c["physical"]))),
            ("Social", SOCIAL.get(c["social"], shown(c["social"]))),
            ("Die two steps smaller", penalties or None))),
    ]
    if messages:
        parts.append(Part("problems", "Problems", ("Severity", "Message", "Rule"),
                          tuple((m["severity"], m["text"], m["rule"]) for m in messages), wide=True))
    return parts


def sheet_text(c: Mapping[str, Any], *, markdown: bool = False,
               messages: Sequence[Mapping[str, str]] = ()) -> str:
    """The character sheet as plain text or Markdown."""
    return (sheet_markdown if markdown else kit_sheet_text)(c["name"], SUBTITLE, sheet_parts(c, messages))


def sheet_html_of(c: Mapping[str, Any], messages: Sequence[Mapping[str, str]] = ()) -> Html:
    """The printable character sheet."""
    valid = not any(m["severity"] == "error" for m in messages)
    return sheet_html(c["name"], SUBTITLE, sheet_parts(c, messages), ident=shown(c.get("id")), valid=valid)


def _facet_group(c: Mapping[str, Any], key: str, label: str) -> Html:
    facet = c["facets"][key]
    path = f"facets.{key}"
    attributes = {"": "(no attribute)"} | {k: a.name for k, a in ATTRIBUTES.items()}
    slots = {"0": "(open)"} | {str(i): f"needs trait {i}" for i in range(1, TRAIT_SLOTS + 1)}
    traits = [group(f"Trait {i + 1}",
                    text_input(f"{path}.traits.{i}.name", "Name", trait["name"]),
                    checkbox(f"{path}.traits.{i}.picked", "Picked", trait["picked"]),
                    select(f"{path}.traits.{i}.requires", "Open or closed", trait["requires"], slots, kind="int"),
                    css="rw-editor__item")
              for i, trait in enumerate(facet["traits"])]
    return group(label,
                 el("div", {"class": "rw-editor__row"},
                    text_input(f"{path}.name", "Facet name", facet["name"], wide=True),
                    checkbox(f"{path}.closed", "Closed facet", facet["closed"]),
                    select(f"{path}.requires_attribute", "Requires attribute", facet["requires_attribute"],
                           attributes),
                    select(f"{path}.requires_die", "... at least", facet["requires_die"], DICE, kind="int"),
                    text_input(f"{path}.requires_facet", "Requires facet", facet["requires_facet"])),
                 el("div", {"class": "rw-editor__grid"}, traits))


def _arena_grid(make: Any) -> Html:
    return el("div", {"class": "rw-editor__attributes"},
              [group(arena.capitalize(), [make(k) for k in keys], css="rw-editor__sub") for arena, keys in _by_arena()])


def editor_html(c: Mapping[str, Any]) -> Html:
    """The builder's form, in compact rows; each control names its place in the document."""
    return el("form", {"class": "rw-editor", "data-rw-editor": True, "novalidate": True,
                       "aria-label": "Character editor"},
              group("About", el("div", {"class": "rw-editor__row"}, text_input("name", "Name", c["name"], wide=True))),
              group("Attributes", _arena_grid(lambda k: select(f"attributes.{k}", ATTRIBUTES[k].name,
                                                               c["attributes"][k], DICE, kind="int"))),
              group("Health, Cool and effort", el("div", {"class": "rw-editor__row"},
                                                  number("health", "Health", c["health"], 1, MAX_POOL),
                                                  number("cool", "Cool", c["cool"], 1, MAX_POOL),
                                                  number("effort", "Effort", c["effort"], 0, MAX_EFFORT))),
              [_facet_group(c, key, label) for key, label in FACETS.items()],
              group("Consequences",
                    el("div", {"class": "rw-editor__row"},
                       select("physical", "Physical", c["physical"], PHYSICAL),
                       select("social", "Social", c["social"], SOCIAL)),
                    el("p", {"class": "rw-editor__hint"}, "Record each \"die two steps smaller\" penalty on the "
                       "attribute it hits; the calculators then use the smaller die."),
                    _arena_grid(lambda k: number(f"penalties.{k}", ATTRIBUTES[k].name, c["penalties"][k], 0,
                                                 MAX_PENALTIES))))
