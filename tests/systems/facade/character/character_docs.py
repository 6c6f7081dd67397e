"""Small builders of character documents for the character tests."""

from __future__ import annotations

from typing import Any

from facade.character.check import check_character

ANCHORS = {
    "facade/characters/#attributes", "facade/characters/#categories-and-specific-attributes",
    "facade/characters/#height-and-weight", "facade/characters/#limit-pools", "facade/characters/#modifiers",
    "facade/characters/#skills", "facade/characters/#defaulting", "facade/characters/#backgrounds",
    "facade/characters/#liabilities", "facade/characters/#derived-statistics",
    "facade/creation/#weighted-point-buy", "facade/creation/#attributes", "facade/creation/#modifiers",
    "facade/creation/#skills", "facade/creation/#standard-skills", "facade/creation/#cascade-skills",
    "facade/creation/#backgrounds", "facade/creation/#standard-backgrounds",
    "facade/creation/#exponential-backgrounds", "facade/creation/#extra-points",
    "facade/creation/#weighted-pool-buy", "facade/creation/#advancement",
}
"""The contract's rule anchors (plus the builder page for file-level notes)."""


def doc(**fields: Any) -> dict[str, Any]:
    """A version 2 document: a name plus the given fields (settings merged into the defaults)."""
    out: dict[str, Any] = {"schema": "rollwright/facade-character", "version": 2, "name": "Test"}
    out.update(fields)
    return out


def modifier(name: str = "Dancer", grade: str = "medium", level: int = 3, negative: bool = False,
             category: str = "action") -> dict[str, Any]:
    return {"name": name, "category": category, "grade": grade, "level": level, "negative": negative}


def background(name: str = "Wealth", kind: str = "standard", grade: str = "medium", level: int = 3,
               liability: bool = False, classification: str | None = None) -> dict[str, Any]:
    cls = classification or ("debts" if liability else "resources")
    return {"name": name, "kind": kind, "grade": grade, "level": level, "liability": liability,
            "classification": cls}


def skill(name: str, level: int = 0, *focuses: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "level": level, "focuses": list(focuses)}


def focus(name: str, level: int = 0, *specialties: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "level": level, "specialties": list(specialties)}


def spec(name: str, level: int = 0, sp: Any = 0) -> dict[str, Any]:
    return {"name": name, "level": level, "sp": sp}


def check(**fields: Any) -> dict[str, Any]:
    return check_character(doc(**fields))


def item(result: dict[str, Any], path: str) -> dict[str, Any]:
    return next(i for i in result["spending"]["items"] if i["path"] == path)


def pool(result: dict[str, Any], name: str) -> dict[str, Any]:
    return next(p for p in result["spending"]["pools"] if p["pool"] == name)


def codes(result: dict[str, Any]) -> list[tuple[str, str]]:
    return [(m["code"], m["path"]) for m in result["messages"]]


def messages(result: dict[str, Any], code: str) -> list[dict[str, Any]]:
    return [m for m in result["messages"] if m["code"] == code]


def node(result: dict[str, Any], path: str) -> dict[str, Any]:
    return next(r for r in result["derived"]["skills"] if r["path"] == path)
