"""The rules a character message can cite: a short name and the anchor of the page section.

Hrefs are relative to the site root (the browser prefixes the site's base URL).

>>> cite("creation-attributes")
('Buying attributes', 'facade/creation/#attributes')
>>> message("error", "demo", "Too high.", "attributes", "attributes.luck").href
'facade/characters/#attributes'
"""

from __future__ import annotations

from rollwright.kit.characters import readable_message
from facade.character.model import Message

RULES: dict[str, tuple[str, str]] = {
    "attributes": ("Attributes", "facade/characters/#attributes"),
    "categories": ("Categories and specific attributes", "facade/characters/#categories-and-specific-attributes"),
    "height-weight": ("Height and weight", "facade/characters/#height-and-weight"),
    "limit-pools": ("Limit pools", "facade/characters/#limit-pools"),
    "modifiers": ("Modifiers", "facade/characters/#modifiers"),
    "skills": ("Skills", "facade/characters/#skills"),
    "defaulting": ("Defaulting", "facade/characters/#defaulting"),
    "backgrounds": ("Backgrounds", "facade/characters/#backgrounds"),
    "liabilities": ("Liabilities", "facade/characters/#liabilities"),
    "derived": ("Derived statistics", "facade/characters/#derived-statistics"),
    "point-buy": ("Weighted point buy", "facade/creation/#weighted-point-buy"),
    "creation-attributes": ("Buying attributes", "facade/creation/#attributes"),
    "creation-modifiers": ("Buying modifiers", "facade/creation/#modifiers"),
    "creation-skills": ("Buying skills", "facade/creation/#skills"),
    "standard-skills": ("Standard skills", "facade/creation/#standard-skills"),
    "cascade-skills": ("Cascade skills", "facade/creation/#cascade-skills"),
    "creation-backgrounds": ("Buying backgrounds", "facade/creation/#backgrounds"),
    "standard-backgrounds": ("Standard backgrounds", "facade/creation/#standard-backgrounds"),
    "exponential-backgrounds": ("Exponential backgrounds", "facade/creation/#exponential-backgrounds"),
    "extra-points": ("Extra points", "facade/creation/#extra-points"),
    "pool-buy": ("Weighted pool buy", "facade/creation/#weighted-pool-buy"),
    "advancement": ("Advancement", "facade/creation/#advancement"),
    "document": ("Character file", "facade/builder/"),
}
"""Rule key -> (rule name, href)."""


def cite(key: str) -> tuple[str, str]:
    """The (name, href) of a rule key."""
    return RULES[key]


def message(severity: str, code: str, text: str, rule: str, path: str) -> Message:
    """A :class:`Message` citing rule key ``rule``."""
    name, href = RULES[rule]
    return Message(severity, code, readable_message(text, path), name, href, path)


def rule_for_path(path: str) -> str:
    """The rule key that governs a field path (for messages about unreadable values).

    >>> rule_for_path("skills.0.focuses.1.level"), rule_for_path("settings.budget.WP")
    ('skills', 'pool-buy')
    """
    head = path.split(".", 1)[0]
    if path.startswith("settings.budget.WP"):
        return "pool-buy"
    if path.startswith(("settings.budget.EP", "conversions")):
        return "extra-points"
    if path.startswith("settings.skills"):
        return "creation-skills"
    if path.startswith("settings.liabilities"):
        return "point-buy"
    if path.startswith(("settings.age", "settings.bp_from_age", "settings.budget.BP")):
        return "creation-backgrounds"
    if path.startswith(("settings.formula", "bodyweight")):
        return "height-weight"
    table = {"attributes": "attributes", "modifiers": "modifiers", "skills": "skills",
             "backgrounds": "backgrounds", "method": "point-buy", "settings": "point-buy"}
    return table.get(head, "document")
