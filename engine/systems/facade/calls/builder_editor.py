"""Registry calls for the Façade builder's browser side: the editor form and "use my character".

The builder's JavaScript never builds markup: it asks these calls for HTML and
puts it in place. Structural edits (add or remove a list item, switch the
creation method) happen here too, so the browser only sends the document it
collected from the form and the button that was pressed.

>>> from rollwright.kit.registry import call
>>> out = call("facade.character.editor", {"character": {"method": "point-buy", "modifiers": []},
...                                        "action": "add", "path": "modifiers"})
>>> out["character"]["modifiers"][0]["grade"], out["focus"]
('minor', 'rw-c-modifiers-0-name')
>>> call("facade.character.editor", {"character": {}, "action": "remove", "path": "skills.3"})
Traceback (most recent call last):
...
rollwright.errors.ParameterError: facade.character.editor: there is no item at 'skills.3' to remove
"""

from __future__ import annotations

import copy
from typing import Any

from rollwright.kit.registry import REGISTRY, Param, call, register
from rollwright.errors import ParameterError, RollwrightError
from rollwright.kit.characters import render_pickers
from rollwright.kit.documents import document_version
from rollwright.kit.forms import control_id
from facade.character.editor_view import LIMITS, render_editor
from facade.character.examples import sample_documents
from facade.character.model import VERSION
from facade.character.parse import COUNT_CAPS
from facade.rules.costs import point_buy_budget, pool_buy_budget
from facade.rules.traits import MAX_TRAIT, MIN_TRAIT

NAME = "facade.character.editor"
ACTIONS = ("render", "add", "remove", "set-method")
MAX_FIELDS = 60


def _new_item(list_name: str, cascade: bool) -> dict[str, Any]:
    """A fresh item for the list called ``list_name`` (the last part of its path)."""
    level = 0 if cascade else 1
    if list_name == "modifiers":
        return {"name": "", "category": "body", "grade": "minor", "level": 1, "negative": False}
    if list_name == "backgrounds":
        return {"name": "", "kind": "standard", "grade": "minor", "level": 1, "liability": False,
                "classification": "resources"}
    if list_name == "skills":
        return {"name": "", "level": level, "focuses": []}
    if list_name == "focuses":
        return {"name": "", "level": level, "specialties": []}
    return {"name": "", "level": level, "sp": 1 if cascade else 0}


def _walk(doc: Any, path: str) -> Any:
    """The value at a dotted path, or None when the path leads nowhere."""
    node = doc
    for part in path.split(".") if path else []:
        if isinstance(node, dict):
            node = node.get(part)
        elif isinstance(node, list) and part.isdigit() and int(part) < len(node):
            node = node[int(part)]
        else:
            return None
    return node


def budget_defaults(method: str) -> dict[str, int]:
    """The contract's default budget of a creation method (pools plus its extra currency).

    >>> budget_defaults("pool-buy")
    {'AP': 90, 'SP': 20, 'BP': 0, 'WP': 100}
    """
    budget = pool_buy_budget() if method == "pool-buy" else point_buy_budget()
    return {**budget.pools, budget.currency: budget.extra}


def edit(character: dict[str, Any], action: str, path: str, value: str) -> tuple[dict[str, Any], str | None]:
    """Apply one structural edit to a copy of ``character``; return it and the id to focus next."""
    doc = copy.deepcopy(character)
    cascade = isinstance(doc.get("settings"), dict) and doc["settings"].get("skills") == "cascade"
    if action == "add":
        name = path.rsplit(".", 1)[-1]
        if name not in LIMITS or (path.count(".") != {"modifiers": 0, "backgrounds": 0, "skills": 0,
                                                      "focuses": 2, "specialties": 4}[name]):
            raise ParameterError(f"{NAME}: cannot add an item to {path!r}", field="path")
        parent = _walk(doc, path.rsplit(".", 1)[0]) if "." in path else doc
        if not isinstance(parent, dict):
            raise ParameterError(f"{NAME}: there is no list at {path!r}", field="path")
        items = parent.get(name)
        if not isinstance(items, list):
            items = parent[name] = []
        if len(items) >= LIMITS[name]:
            raise ParameterError(f"{NAME}: at most {LIMITS[name]} items in {path!r}", field="path")
        items.append(_new_item(name, cascade))
        return doc, control_id(f"{path}.{len(items) - 1}.name")
    if action == "remove":
        head, _, index = path.rpartition(".")
        items = _walk(doc, head)
        if not index.isdigit() or not isinstance(items, list) or int(index) >= len(items):
            raise ParameterError(f"{NAME}: there is no item at {path!r} to remove", field="path")
        del items[int(index)]
        return doc, f"rw-c-add-{head.replace('.', '-')}"
    if action == "set-method":
        if value not in ("point-buy", "pool-buy"):
            raise ParameterError(f"{NAME}: the method must be point-buy or pool-buy (got {value!r})", field="value")
        settings = doc.get("settings")
        if not isinstance(settings, dict):
            settings = doc["settings"] = {}
        doc["method"] = value
        settings["budget"] = budget_defaults(value)
        return doc, control_id("method")
    return doc, None


_SUGGESTIONS: dict[str, Any] = {}


def _suggestions() -> Any:
    """The seed's example names from ``facade.character.new`` (none while that call is missing)."""
    if "names" not in _SUGGESTIONS and "facade.character.new" in REGISTRY:
        try:
            _SUGGESTIONS["names"] = call("facade.character.new", {"method": "point-buy"}).get("suggestions")
        except RollwrightError:
            return None
    return _SUGGESTIONS.get("names")


@register(NAME, "The character builder's editor form for a character document, after an optional add, "
          "remove or change of method.",
          Param("character", dict, "the character document (any state, even invalid)", samples=sample_documents,
                caps=COUNT_CAPS),
          Param("action", str, "render, add (path: a list), remove (path: an item) or set-method (value)",
                default="render", choices=ACTIONS),
          Param("path", str, "where to add or remove, e.g. skills.0.focuses", default="", max_length=200,
                samples=("skills", "skills.0", "skills.0.focuses", "skills.0.focuses.0.specialties", "modifiers.0")),
          Param("value", str, "the new method for set-method", default="", max_length=40,
                samples=("point-buy", "pool-buy")))
def editor(character: dict[str, Any], action: str, path: str, value: str) -> dict[str, Any]:
    document_version(character, reads=(1, VERSION))  # a newer builder's document is not edited as if it were ours
    doc, focus = edit(character, action, path, value)
    return {"character": doc, "html": str(render_editor(doc, _suggestions())), "focus": focus}


@register("facade.character.picker", "\"Use my character\" selects for trait fields: the character's "
          "trait totals that fit a trait field (1-18).",
          Param("character", dict, "the active character document", samples=sample_documents, caps=COUNT_CAPS),
          Param("fields", list, "ids of the trait inputs to offer a select for",
                samples=(["rw-w1-trait"], [f"rw-w{i}-trait" for i in range(MAX_FIELDS)])))
def picker(character: dict[str, Any], fields: list[Any]) -> dict[str, Any]:
    ids = [f for f in fields if isinstance(f, str) and 0 < len(f) <= 200]
    if len(ids) != len(fields) or len(ids) > MAX_FIELDS:
        raise ParameterError(f"facade.character.picker: 'fields' must be up to {MAX_FIELDS} element ids",
                             field="fields")
    options = call("facade.character.traits", {"character": character})["options"]
    raw_name = character.get("name")
    name = raw_name if isinstance(raw_name, str) else ""
    return {"pickers": {f: str(html) for f, html in render_pickers(ids, name, options, MIN_TRAIT, MAX_TRAIT).items()},
            "options": len(options)}
