"""Façade's character editor form, rendered from a character document.

Built from the kit's bound controls (:mod:`rollwright.kit.forms`), so the shared
builder script reads it back and keeps the focus; it shows whatever document it
is given, even a half-typed draft (the check judges it).

>>> doc = {"name": "Ada <3", "method": "point-buy", "attributes": {"agility": 4}}
>>> html = render_editor(doc)
>>> 'id="rw-c-attributes-agility"' in html and 'data-rw-path="attributes.agility"' in html
True
>>> 'value="Ada &lt;3"' in html
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from rollwright.kit.forms import (
    as_items, as_mapping, bound, button, checkbox, group, hidden, labelled, number, select, shown, text_input)
from rollwright.kit.markup import Html, el
from facade.rules.attributes import CATEGORIES
from facade.rules.costs import AGE_RULES, BACKGROUND_KINDS, GRADES, LIABILITY_OPTIONS, SKILL_METHODS
from facade.character.model import CAPS

LIMITS = CAPS
"""Most items of each list (the contract's caps): the add button is disabled at the cap."""
METHODS = {"point-buy": "Weighted point buy", "pool-buy": "Weighted pool buy"}
SKILL_LABELS = {"standard": "Standard (buy each level)", "cascade": "Cascade (SP into specialties)"}
LIABILITY_LABELS = {"bonus": "Give bonus points", "own-area": "Only spendable in their own area"}
FORMULAS = {"female": "Female formulas", "male": "Male formulas"}
AGE_LABELS = {"": "No", "square-root": "Square root of age × 10", "double": "Age × 2"}
CLASSIFICATIONS = ("resources", "relationships", "status", "special")
LIABILITY_CLASSES = ("debts", "dysfunction", "notoriety", "problems")
ATTRIBUTE_GROUPS = tuple((c.name, tuple(s.lower() for s in c.specifics)) for c in CATEGORIES)
MODIFIER_CATEGORIES = tuple(c.name.lower() for c in CATEGORIES)
POOL_ORDER = ("AP", "SP", "BP", "EP", "WP")
MAX_LEVEL = {"attribute": 6, "modifier": 6, "skill": 4, "background": 12}


def _names(raw: Any) -> list[str]:
    out: list[str] = []
    for item in raw if isinstance(raw, list) else []:
        name = item.get("name") if isinstance(item, Mapping) else item
        if isinstance(name, str) and name and name not in out:
            out.append(name)
    return out


def _children(item: Any, *keys: str) -> Any:
    if isinstance(item, Mapping):
        for key in keys:
            if key in item:
                return item[key]
    return []


class Suggestions:
    """The seed's example names, as datalists: modifiers, backgrounds and a broad -> focus -> specialty tree."""

    def __init__(self, raw: Any) -> None:
        data = as_mapping(raw)
        self.modifiers = _names(data.get("modifiers"))
        self.backgrounds = _names(data.get("backgrounds"))
        raw_skills = data.get("skills")
        skills: list[Any] = raw_skills if isinstance(raw_skills, list) else []
        self.broads = _names(skills)
        self.focuses: list[list[str]] = []
        self.specialties: list[list[list[str]]] = []
        for broad in skills:
            if not _names([broad]):
                continue
            focuses = _children(broad, "focuses", "children")
            self.focuses.append(_names(focuses))
            self.specialties.append([_names(_children(f, "specialties", "children")) for f in focuses
                                     if _names([f])])

    def focus_list(self, broad: Any) -> str | None:
        index = self._index(self.broads, broad)
        return f"rw-sugg-focus-{index}" if index is not None else None

    def specialty_list(self, broad: Any, focus: Any) -> str | None:
        i = self._index(self.broads, broad)
        j = self._index(self.focuses[i], focus) if i is not None else None
        return f"rw-sugg-spec-{i}-{j}" if i is not None and j is not None else None

    @staticmethod
    def _index(names: Sequence[str], name: Any) -> int | None:
        wanted = name.strip().casefold() if isinstance(name, str) else None
        return next((i for i, n in enumerate(names) if n.casefold() == wanted), None)

    def datalists(self) -> Html:
        def datalist(list_id: str, names: Iterable[str]) -> Html:
            return el("datalist", {"id": list_id}, [el("option", {"value": n}) for n in names])
        lists = [datalist("rw-sugg-modifiers", self.modifiers), datalist("rw-sugg-backgrounds", self.backgrounds),
                 datalist("rw-sugg-broad", self.broads)]
        for i, focuses in enumerate(self.focuses):
            lists.append(datalist(f"rw-sugg-focus-{i}", focuses))
            lists.extend(datalist(f"rw-sugg-spec-{i}-{j}", specs) for j, specs in enumerate(self.specialties[i]))
        return el("div", {"hidden": True}, lists)


def _about(doc: Mapping[str, Any]) -> Html:
    notes = el("textarea", {**bound("notes", "text", None), "rows": 3}, shown(doc.get("notes")))
    return group("About", text_input("name", "Name", doc.get("name"), wide=True),
                  text_input("player", "Player", doc.get("player")),
                  text_input("concept", "Concept", doc.get("concept"), wide=True),
                  labelled(notes, "notes", "Notes", "rw-field rw-field--wide"))


def _method(doc: Mapping[str, Any]) -> Html:
    settings = as_mapping(doc.get("settings"))
    budget = as_mapping(settings.get("budget"))
    order = [k for k in POOL_ORDER if k in budget] + sorted(k for k in budget if k not in POOL_ORDER)
    pools = [number(f"settings.budget.{key}", f"{key} budget", budget[key], 0, 10000) for key in order]
    age = settings.get("bp_from_age")
    return group(
        "Method and points",
        el("div", {"class": "rw-editor__row"},
           select("method", "Creation method", doc.get("method"), METHODS, on_change="set-method"),
           select("settings.skills", "Skill buying", settings.get("skills"),
                  {m: SKILL_LABELS.get(m, m) for m in SKILL_METHODS}, on_change="render"),
           select("settings.liabilities", "Negative modifiers and liabilities", settings.get("liabilities"),
                  {o: LIABILITY_LABELS.get(o, o) for o in LIABILITY_OPTIONS})),
        el("div", {"class": "rw-editor__row"}, pools),
        el("div", {"class": "rw-editor__row"},
           number("settings.age", "Age (years, optional)", settings.get("age"), 0, 1000, kind="optional-int"),
           select("settings.bp_from_age", "BP from age", "" if age is None else age,
                  {r: AGE_LABELS.get(r, r) for r in ("", *AGE_RULES)}, kind="optional-choice")),
        _conversions(doc))


def _conversions(doc: Mapping[str, Any]) -> Html:
    currency = "WP" if doc.get("method") == "pool-buy" else "EP"
    conversions = as_mapping(doc.get("conversions"))
    return el("div", {"class": "rw-editor__row"},
              [number(f"conversions.{pool}", f"{currency} spent on {pool}", conversions.get(pool), 0, 10000)
               for pool in ("AP", "SP", "BP")])


def _attributes(doc: Mapping[str, Any]) -> Html:
    values = as_mapping(doc.get("attributes"))
    settings = as_mapping(doc.get("settings"))
    groups = [group(category, [number(f"attributes.{key}", key.capitalize(), values.get(key), 0,
                                       MAX_LEVEL["attribute"]) for key in keys], css="rw-editor__sub")
              for category, keys in ATTRIBUTE_GROUPS]
    body = el("div", {"class": "rw-editor__row"},
              select("settings.formula", "Height and weight", settings.get("formula"), FORMULAS),
              number("bodyweight", "Body weight in lbs (empty: the formula's)", doc.get("bodyweight"), 1, 2000,
                     kind="optional-int"))
    return group("Attributes", el("div", {"class": "rw-editor__attributes"}, groups), body)


def _modifiers(doc: Mapping[str, Any]) -> Html:
    items = as_items(doc.get("modifiers"))
    rows = []
    for i, item in enumerate(items):
        path = f"modifiers.{i}"
        rows.append(group(
            f"Modifier {i + 1}",
            text_input(f"{path}.name", "Name", item.get("name"), suggestions="rw-sugg-modifiers", wide=True),
            select(f"{path}.category", "Category", item.get("category"),
                   {c: c.capitalize() for c in MODIFIER_CATEGORIES}),
            select(f"{path}.grade", "Grade", item.get("grade"), {g: g.capitalize() for g in GRADES}),
            number(f"{path}.level", "Level", item.get("level"), 1, MAX_LEVEL["modifier"]),
            checkbox(f"{path}.negative", "Negative (a drawback)", item.get("negative")),
            button("remove", path, f"Remove modifier {i + 1}", remove=True), css="rw-editor__item"))
    add = button("add", "modifiers", "Add a modifier", disabled=len(items) >= LIMITS["modifiers"])
    return group("Modifiers", rows, add, list="modifiers")


def _skill_value(path: str, item: Mapping[str, Any], cascade: bool, specialty: bool) -> Html:
    """Level (standard buying) or SP spent (cascade, specialties only); the other value is kept hidden."""
    level = item.get("level")
    if not cascade:
        shown = number(f"{path}.level", "Level", level, 0, MAX_LEVEL["skill"])
        return el("span", {"class": "rw-editor__value"}, shown, hidden(f"{path}.sp", item.get("sp"), "number")
                  if specialty else None)
    kept = hidden(f"{path}.level", level, "int")
    if not specialty:
        return kept
    return el("span", {"class": "rw-editor__value"}, kept,
              number(f"{path}.sp", "SP spent", item.get("sp"), 0, 5, step="0.5", kind="number"))


def _specialties(path: str, broad: Mapping[str, Any], focus: Mapping[str, Any], cascade: bool,
                 hints: Suggestions) -> Html:
    items = as_items(focus.get("specialties"))
    datalist = hints.specialty_list(broad.get("name"), focus.get("name"))
    rows = [group(f"Specialty {k + 1}",
                   text_input(f"{path}.specialties.{k}.name", "Specialty", item.get("name"), suggestions=datalist),
                   _skill_value(f"{path}.specialties.{k}", item, cascade, True),
                   button("remove", f"{path}.specialties.{k}", f"Remove specialty {k + 1}", remove=True),
                   css="rw-editor__item rw-editor__item--specialty")
            for k, item in enumerate(items)]
    add = button("add", f"{path}.specialties", "Add a specialty",
                 disabled=len(items) >= LIMITS["specialties"])
    return el("div", {"class": "rw-editor__children", "data-rw-list": f"{path}.specialties"}, rows, add)


def _skills(doc: Mapping[str, Any], hints: Suggestions) -> Html:
    cascade = as_mapping(doc.get("settings")).get("skills") == "cascade"
    broads = as_items(doc.get("skills"))
    rows = []
    for i, broad in enumerate(broads):
        path = f"skills.{i}"
        focuses = as_items(broad.get("focuses"))
        focus_rows = [group(
            f"Focus {j + 1}",
            text_input(f"{path}.focuses.{j}.name", "Focus", focus.get("name"),
                       suggestions=hints.focus_list(broad.get("name"))),
            _skill_value(f"{path}.focuses.{j}", focus, cascade, False),
            button("remove", f"{path}.focuses.{j}", f"Remove focus {j + 1}", remove=True),
            _specialties(f"{path}.focuses.{j}", broad, focus, cascade, hints),
            css="rw-editor__item rw-editor__item--focus") for j, focus in enumerate(focuses)]
        add = button("add", f"{path}.focuses", "Add a focus", disabled=len(focuses) >= LIMITS["focuses"])
        rows.append(group(
            f"Broad skill {i + 1}",
            text_input(f"{path}.name", "Broad skill", broad.get("name"), suggestions="rw-sugg-broad"),
            _skill_value(path, broad, cascade, False),
            button("remove", path, f"Remove broad skill {i + 1}", remove=True),
            el("div", {"class": "rw-editor__children", "data-rw-list": f"{path}.focuses"}, focus_rows, add),
            css="rw-editor__item rw-editor__item--broad"))
    how = ("Cascade: spend SP on specialties; each focus and broad skill counts the SP under it, "
           "and the report shows the levels that follow." if cascade else
           "Standard: buy a level for each broad skill, focus and specialty (0 to 4).")
    add = button("add", "skills", "Add a broad skill", disabled=len(broads) >= LIMITS["skills"])
    return group("Skills", el("p", {"class": "rw-editor__hint"}, how), rows, add, list="skills")


def _backgrounds(doc: Mapping[str, Any]) -> Html:
    items = as_items(doc.get("backgrounds"))
    rows = []
    for i, item in enumerate(items):
        path = f"backgrounds.{i}"
        classes = LIABILITY_CLASSES if item.get("liability") is True else CLASSIFICATIONS
        rows.append(group(
            f"Background {i + 1}",
            text_input(f"{path}.name", "Name", item.get("name"), suggestions="rw-sugg-backgrounds", wide=True),
            select(f"{path}.kind", "Kind", item.get("kind"), {k: k.capitalize() for k in BACKGROUND_KINDS}),
            select(f"{path}.grade", "Grade", item.get("grade"), {g: g.capitalize() for g in GRADES}),
            number(f"{path}.level", "Level", item.get("level"), 1, MAX_LEVEL["background"]),
            checkbox(f"{path}.liability", "Liability", item.get("liability"), on_change="render"),
            select(f"{path}.classification", "Classification", item.get("classification"),
                   {c: c.capitalize() for c in classes}),
            button("remove", path, f"Remove background {i + 1}", remove=True), css="rw-editor__item"))
    add = button("add", "backgrounds", "Add a background or liability",
                 disabled=len(items) >= LIMITS["backgrounds"])
    return group("Backgrounds and liabilities", rows, add, list="backgrounds")


def render_editor(character: Mapping[str, Any], suggestions: Any = None) -> Html:
    """The whole editor form for ``character`` (any mapping: missing or odd values show as empty)."""
    doc = as_mapping(character)
    hints = Suggestions(suggestions)
    return el("form", {"class": "rw-editor", "data-rw-editor": True, "novalidate": True,
                       "data-rw-method": shown(doc.get("method")),
                       "data-rw-skills": shown(as_mapping(doc.get("settings")).get("skills")),
                       "aria-label": "Character editor"},
              hints.datalists(), _about(doc), _method(doc), _attributes(doc), _modifiers(doc), _skills(doc, hints),
              _backgrounds(doc))
