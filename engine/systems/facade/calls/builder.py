"""Registry calls of the Façade character builder: new, check, sheet and traits.

``check`` runs on every change in the builder: it never refuses a readable
document (problems come back as messages) and only raises ParameterError
(field "character") for one that cannot be read at all.

>>> from rollwright.kit.registry import call
>>> new = call("facade.character.new", {"method": "pool-buy"})
>>> new["character"]["settings"]["budget"], new["suggestions"]["skills"][0]["name"]
({'AP': 90, 'SP': 20, 'BP': 0, 'WP': 100}, 'Athletics')
>>> out = call("facade.character.check", {"character": new["character"]})
>>> out["valid"], out["spending"]["pools"][0]["left"], sorted(out["html"])
(True, '0', ['report', 'sheet'])
>>> call("facade.character.sheet", {"character": {"name": "Ada"}, "format": "text"})["sheet"].splitlines()[0]
'Ada (weighted point buy)'
>>> call("facade.character.traits", {"character": {"name": "Ada"}})["options"][0]
{'label': 'Strength', 'value': 3, 'attribute': 'strength', 'path': None}
>>> call("facade.character.check", {"character": {"version": 7}})
Traceback (most recent call last):
...
rollwright.errors.ParameterError: character: unknown version 7; this builder reads versions 1 and 2 (a file from a newer builder needs a newer site)
"""

from __future__ import annotations

import copy
from typing import Any

from rollwright.kit.registry import Param, register
from facade.character.report_view import report_view, sheet_view
from facade.character.check import SUGGESTIONS, check_character, new_document
from facade.character.derive import traits
from facade.character.examples import EXAMPLES, sample_documents
from facade.character.model import METHODS
from facade.character.parse import COUNT_CAPS, read
from facade.character.sheet import markdown_sheet, text_sheet
from facade.character.spending import spend

SHEET_FORMATS = ("text", "markdown", "html")
_CHARACTER = "the character document (version 1 or 2; any state, even invalid)"


@register("facade.character.new", "A blank Façade character for a creation method, with the seed's example "
          "names as suggestions.",
          Param("method", str, "creation method", default="point-buy", choices=METHODS))
def new(method: str) -> dict[str, Any]:
    return {"character": new_document(method), "suggestions": SUGGESTIONS}


@register("facade.character.check", "Normalize, price, validate and derive a Façade character; returns the "
          "spending, messages, derived values and the report and sheet HTML.",
          Param("character", dict, _CHARACTER, samples=sample_documents, caps=COUNT_CAPS))
def check(character: dict[str, Any]) -> dict[str, Any]:
    result = check_character(character)
    result["html"] = {"report": str(report_view(result)), "sheet": str(sheet_view(result))}
    return result


@register("facade.character.sheet", "A Façade character sheet as plain text, Markdown or printable HTML.",
          Param("character", dict, _CHARACTER, samples=sample_documents, caps=COUNT_CAPS),
          Param("format", str, "sheet format", default="text", choices=SHEET_FORMATS))
def sheet(character: dict[str, Any], format: str) -> dict[str, Any]:
    result = check_character(character)
    if format == "html":
        return {"sheet": str(sheet_view(result))}
    return {"sheet": markdown_sheet(result) if format == "markdown" else text_sheet(result)}


@register("facade.character.traits", "Every trait total a Façade character can roll: each attribute alone and "
          "each attribute + skill pick (for \"use my character\" on rollers).",
          Param("character", dict, _CHARACTER, samples=sample_documents, caps=COUNT_CAPS))
def trait_options(character: dict[str, Any]) -> dict[str, Any]:
    c = read(character).character
    options = [{"label": t["label"], "value": t["total"], "attribute": t["attribute"], "path": t["path"]}
               for t in traits(c, spend(c))]
    return {"options": options}


@register("facade.character.examples", "Ready-made example Façade characters for the builder's roster "
          "(each one checked: valid under its own settings).")
def examples() -> dict[str, Any]:
    return {"examples": [read_example(doc) for doc in EXAMPLES]}


def read_example(doc: dict[str, Any]) -> dict[str, Any]:
    """One example document, normalised by the check (as the builder would save it)."""
    return dict(check_character(copy.deepcopy(doc))["character"])
