"""How the builder shows a Facets character: the editor form, the report and the sheet.

>>> from facets.character import blank, read
>>> 'data-rw-path="facets.calling.traits.3.picked"' in editor_html(read(blank()))
True
>>> sheet_text(read({**blank(), "name": "Ada"})).splitlines()[0]
'Ada'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollwright.kit.forms import checkbox, group, number, select, shown, text_input
from rollwright.kit.markup import Html, el
from facets.character import (
    FACETS, MAX_EFFORT, MAX_PENALTIES, MAX_POOL, TRAIT_SLOTS, effective_die,
)
from facets.rules.attributes import ATTRIBUTES
from facets.rules.dice import DIE_STEPS

DICE = {str(s): f"d{s}" for s in DIE_STEPS}
PHYSICAL = {"healthy": "Unharmed", "hurt": "Hurt", "injured": "Injured", "crippled": "Crippled"}
SOCIAL = {"healthy": "Composed", "hurt": "Weary", "injured": "Drained", "crippled": "Exhausted"}


def report_html(messages: list[dict[str, str]]) -> Html:
    """The builder's report: each problem, with a link to its rule."""
    if not messages:
        return el("p", None, "No problems: the character follows the rules.")
    return el("ul", None, [
        el("li", {"data-rw-severity": m["severity"], "data-rw-code": m["code"]},
           el("strong", None, f"{m['severity'].capitalize()}: "), m["text"], " ",
           el("a", {"href": m["href"]}, f"Rule: {m['rule']}")) for m in messages])


def _die_text(c: Mapping[str, Any], key: str) -> str:
    die = effective_die(c, key)
    base = c["attributes"][key]
    if die is None:
        return f"{shown(base)} (not a die)"
    return f"d{die}" + (f" (d{base} before penalties)" if die != base else "")


def _lines(c: Mapping[str, Any]) -> list[tuple[str, list[str]]]:
    attributes = [f"{a.name}: {_die_text(c, key)}" for key, a in ATTRIBUTES.items()]
    pools = [f"Health {shown(c['health'])}", f"Cool {shown(c['cool'])}", f"Effort {shown(c['effort'])}",
             f"Physical: {PHYSICAL.get(c['physical'], shown(c['physical']))}",
             f"Social: {SOCIAL.get(c['social'], shown(c['social']))}"]
    facets = []
    for key, label in FACETS.items():
        facet = c["facets"][key]
        picked = [t["name"] for t in facet["traits"] if t["picked"] and t["name"]]
        closed = " (closed)" if facet["closed"] else ""
        facets.append(f"{label}: {facet['name'] or '-'}{closed}; traits: {', '.join(picked) or '-'}")
    return [("Attributes", attributes), ("Pools and condition", pools), ("Facets", facets)]


def sheet_text(c: Mapping[str, Any], *, markdown: bool = False) -> str:
    """The character sheet as plain text or Markdown."""
    name = c["name"] or "Unnamed character"
    out = [f"# {name}" if markdown else name]
    for title, lines in _lines(c):
        out += (["", f"## {title}", ""] + [f"- {line}" for line in lines] if markdown
                else [f"{title}:"] + [f"  {line}" for line in lines])
    return "\n".join(out) + "\n"


def sheet_html(c: Mapping[str, Any]) -> Html:
    """The printable character sheet."""
    return el("article", {"class": "rw-csheet"},
              el("header", {"class": "rw-csheet__head"}, el("h2", None, c["name"] or "Unnamed character")),
              [el("section", None, el("h3", None, title), el("ul", None, [el("li", None, line) for line in lines]))
               for title, lines in _lines(c)])


def _facet_group(c: Mapping[str, Any], key: str, label: str) -> Html:
    facet = c["facets"][key]
    path = f"facets.{key}"
    attributes = {"": "(no attribute)"} | {k: a.name for k, a in ATTRIBUTES.items()}
    slots = {"0": "(open)"} | {str(i): f"needs trait {i}" for i in range(1, TRAIT_SLOTS + 1)}
    traits = [group(f"Trait {i + 1}",
                    text_input(f"{path}.traits.{i}.name", "Name", trait["name"]),
                    checkbox(f"{path}.traits.{i}.picked", "Picked", trait["picked"]),
                    select(f"{path}.traits.{i}.requires", "Open or closed", trait["requires"], slots, kind="int"),
                    css="rw-editor__group rw-facets-trait")
              for i, trait in enumerate(facet["traits"])]
    return group(label,
                 text_input(f"{path}.name", "Facet name", facet["name"]),
                 checkbox(f"{path}.closed", "Closed facet", facet["closed"]),
                 select(f"{path}.requires_attribute", "Requires attribute", facet["requires_attribute"], attributes),
                 select(f"{path}.requires_die", "... at least", facet["requires_die"], DICE, kind="int"),
                 text_input(f"{path}.requires_facet", "Requires facet", facet["requires_facet"]),
                 traits)


def editor_html(c: Mapping[str, Any]) -> Html:
    """The builder's form; each control names its place in the document."""
    dice = [select(f"attributes.{key}", a.name, c["attributes"][key], DICE, kind="int")
            for key, a in ATTRIBUTES.items()]
    penalties = [number(f"penalties.{key}", f"{a.name}: -2 step penalties", c["penalties"][key], 0, MAX_PENALTIES)
                 for key, a in ATTRIBUTES.items()]
    return el("form", {"class": "rw-editor", "data-rw-editor": True, "novalidate": True,
                       "aria-label": "Character editor"},
              text_input("name", "Name", c["name"]),
              group("Attributes", dice),
              group("Health, Cool and effort",
                    number("health", "Health", c["health"], 1, MAX_POOL),
                    number("cool", "Cool", c["cool"], 1, MAX_POOL),
                    number("effort", "Effort", c["effort"], 0, MAX_EFFORT)),
              [_facet_group(c, key, label) for key, label in FACETS.items()],
              group("Consequences",
                    select("physical", "Physical", c["physical"], PHYSICAL),
                    select("social", "Social", c["social"], SOCIAL),
                    el("p", {"class": "rw-field__hint"}, "Record each \"die two steps smaller\" penalty on the "
                       "attribute it hits; the calculators then use the smaller die."),
                    penalties))
