"""One pass over a character document: read, price, validate and derive, as plain JSON.

>>> result = check_character({"name": "Ada", "attributes": {"strength": 9}})
>>> result["valid"], [m["code"] for m in result["messages"]]
(False, ['attribute-range'])
>>> result["character"]["attributes"]["strength"], result["spending"]["pools"][0]["spent"]
(9, '84')
>>> check_character({"version": 1, "name": "Old", "method": "point", "attributes": [3] * 15})["migrated_from"]
1
"""

from __future__ import annotations

from typing import Any

from rollwright.kit.documents import keep_unknown
from facade.character.derive import derive
from facade.character.model import Character, new_character, points_json, points_str, serialize
from facade.character.parse import read
from facade.character.spending import Spending, spend
from facade.character.validate import validate

LIABILITY_READING = {
    "bonus": "Points back from negative modifiers and liabilities (their full cost) become extra points at the "
             "exchange rate (1 EP per AP or BP; 1 WP per 2 AP or 2 BP) and can then be converted into any pool.",
    "own-area": "Points back from negative modifiers go to AP (attributes and modifiers only); points back from "
                "liabilities go to BP (backgrounds only). They cannot be converted.",
}
"""Our reading of the GM option the seed only names (shown on the report)."""


def spending_dict(s: Spending) -> dict[str, Any]:
    """The contract's ``spending`` block."""
    return {
        "pools": [{"pool": p.pool, "budget": p.budget, "converted": p.converted, "refunded": points_str(p.refunded),
                   "available": points_str(p.available), "spent": points_str(p.spent), "left": points_str(p.left),
                   "unpriced": p.unpriced} for p in s.pools],
        "extra": {"currency": s.extra.currency, "budget": s.extra.budget, "bonus": points_str(s.extra.bonus),
                  "spent": points_str(s.extra.spent), "left": points_str(s.extra.left)},
        "rates": dict(s.rates),
        "items": [{"path": i.path, "label": i.label, "pool": i.pool,
                   "cost": None if i.cost is None else points_str(i.cost),
                   "next": None if i.next_step is None else points_str(i.next_step),
                   "refund": i.refund, "explanation": i.explanation} for i in s.items],
        "bp_note": s.bp_note,
    }


def evaluate(c: Character, notes: list[Any] | None = None, migrated_from: int | None = None,
             with_traits: bool = True) -> dict[str, Any]:
    """The check result for an already-read character."""
    s = spend(c)
    messages = [*(notes or []), *validate(c, s)]
    return {"character": serialize(c), "migrated_from": migrated_from,
            "valid": not any(m.severity == "error" for m in messages),
            "messages": [m.to_dict() for m in messages], "spending": spending_dict(s),
            "derived": derive(c, s, with_traits), "liability_reading": LIABILITY_READING.get(c.settings.liabilities)}


def check_character(data: Any) -> dict[str, Any]:
    """Normalize, price, validate and derive a character document (raises only for an unreadable document)."""
    reading = read(data)
    result = evaluate(reading.character, reading.notes, reading.migrated_from)
    result["character"] = keep_unknown(reading.source, result["character"])[0]  # its notes: the reader's warnings
    return result


def new_document(method: str) -> dict[str, Any]:
    """A blank version 2 document for ``method`` (default budget, average attributes, empty lists)."""
    return serialize(new_character(method))


def _tree(broad: str, *focuses: tuple[str, tuple[str, ...]]) -> dict[str, Any]:
    return {"name": broad, "level": 0,
            "focuses": [{"name": f, "level": 0, "specialties": [{"name": s, "level": 0, "sp": 0} for s in specs]}
                        for f, specs in focuses]}


SUGGESTIONS: dict[str, list[dict[str, Any]]] = {
    "skills": [
        _tree("Athletics", ("Dodge", ("Roll",))),
        _tree("Alertness", ("Empathy", ("Sense Motive",))),
        _tree("Running", ("Sprinting", ()), ("Distance", ())),
        _tree("Swords"), _tree("First Aid"), _tree("Medicine"),
        _tree("Seduction"), _tree("Debate"), _tree("Intimidation"),
    ],
    "modifiers": [
        {"name": "Good at Puzzles", "category": "mind", "grade": "minor", "level": 1, "negative": False},
        {"name": "Excellent Dancer", "category": "action", "grade": "minor", "level": 2, "negative": False},
        {"name": "Attractive", "category": "persona", "grade": "minor", "level": 1, "negative": False},
        {"name": "Sucks at Relationships", "category": "persona", "grade": "minor", "level": 1, "negative": True},
        {"name": "Easily Strained", "category": "body", "grade": "minor", "level": 1, "negative": True},
    ],
    "backgrounds": [
        {"name": name, "kind": "standard", "grade": "minor", "level": 1, "liability": False,
         "classification": "resources"} for name in ("Savings", "Income", "Job", "Favors owed", "Secrets")
    ] + [
        {"name": name, "kind": "standard", "grade": "minor", "level": 1, "liability": True, "classification": cls}
        for name, cls in (("Debt", "debts"), ("Enemy", "dysfunction"), ("Bad reputation", "notoriety"),
                          ("Troubled past", "problems"))
    ],
}
"""Names the seed uses as examples, as templates. The seed gives no grades for them: the grade (minor here)
is for the GM to set, and the tree shapes of the seed's skill examples follow its text."""


__all__ = ["LIABILITY_READING", "SUGGESTIONS", "check_character", "evaluate", "new_document", "points_json",
           "spending_dict"]
