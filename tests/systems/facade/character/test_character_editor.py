"""The character builder's editor form, roster and "use my character" selects.

The browser reads the document back from the form through each control's
``data-rw-path`` and ``data-rw-type``; ``collect`` below does what builder.js does,
so a round trip through the form must give the document back unchanged.
"""

from __future__ import annotations

import copy
import json
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rollwright.kit.api import call
from rollwright.errors import LimitError, ParameterError
from rollwright.kit.forms import NAME_MAX, control_id
from facade.character.editor_view import LIMITS, render_editor

ATTRIBUTES = ("strength", "stamina", "health", "finesse", "grace", "agility", "reason", "insight", "perception",
              "poise", "charisma", "wits", "creativity", "luck", "will")


def sample(skills: str = "standard") -> dict[str, Any]:
    """A full version 2 document touching every list and setting."""
    return {
        "schema": "rollwright/facade-character", "version": 2, "id": "c-test",
        "name": "Ada <Lovelace> & co", "player": "Sam", "concept": "Tinkerer", "notes": "Line one\nline two",
        "method": "point-buy",
        "settings": {"skills": skills, "liabilities": "bonus", "formula": "female",
                     "budget": {"AP": 100, "SP": 200, "BP": 50, "EP": 50}, "age": 30, "bp_from_age": "double"},
        "attributes": {name: 3 + (i % 3) for i, name in enumerate(ATTRIBUTES)},
        "bodyweight": None,
        "modifiers": [{"name": "Good at Puzzles", "category": "mind", "grade": "minor", "level": 1, "negative": False},
                      {"name": "Easily Strained", "category": "body", "grade": "simple", "level": 2,
                       "negative": True}],
        "skills": [{"name": "Athletics", "level": 2, "focuses": [
            {"name": "Dodge", "level": 1, "specialties": [{"name": "Roll", "level": 1, "sp": 2.5}]},
            {"name": "Climb", "level": 0, "specialties": []}]},
            {"name": "Swords", "level": 1, "focuses": []}],
        "backgrounds": [{"name": "Savings", "kind": "standard", "grade": "medium", "level": 2, "liability": False,
                         "classification": "resources"},
                        {"name": "Debt", "kind": "exponential", "grade": "minor", "level": 3, "liability": True,
                         "classification": "debts"}],
        "conversions": {"AP": 5, "SP": 0, "BP": 1},
    }


class Controls(HTMLParser):
    """Every bound control of a form: (tag, attributes, value) in document order."""

    def __init__(self) -> None:
        super().__init__()
        self.controls: list[dict[str, Any]] = []
        self.ids: list[str] = []
        self._textarea: dict[str, Any] | None = None
        self._select: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(str(a["id"]))
        if tag == "option" and self._select is not None and "selected" in a:
            self._select["value"] = a.get("value") or ""
        if "data-rw-path" not in a or tag == "option":
            return
        entry = {"tag": tag, "attrs": a, "value": a.get("value") or ""}
        if tag == "select":
            self._select = entry
        if tag == "textarea":
            self._textarea = entry
        self.controls.append(entry)

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        if tag == "textarea":
            self._textarea = None

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._textarea["value"] += data


def parse(html: str) -> Controls:
    parser = Controls()
    parser.feed(html)
    return parser


def value_of(control: dict[str, Any]) -> Any:
    """character-form.js's controlValue."""
    kind, raw = control["attrs"]["data-rw-type"], control["value"]
    if kind == "bool":
        return "checked" in control["attrs"]
    text = raw.strip()
    if kind == "int":
        return int(text) if re.fullmatch(r"-?\d+", text) else raw
    if kind == "number":
        return (int(text) if text.lstrip("-").isdigit() else float(text)) \
            if re.fullmatch(r"-?\d+(\.\d+)?", text) else raw
    if kind == "optional-int":
        return None if text == "" else int(text) if re.fullmatch(r"-?\d+", text) else raw
    if kind == "optional-choice":
        return None if text == "" else text
    return raw


def collect(html: str, base: dict[str, Any]) -> dict[str, Any]:
    """character-form.js's collectDocument."""
    doc = copy.deepcopy(base)
    for control in parse(html).controls:
        parts = control["attrs"]["data-rw-path"].split(".")
        node: Any = doc
        for i, part in enumerate(parts[:-1]):
            if not isinstance(slot(node, part), (dict, list)):
                put(node, part, [] if parts[i + 1].isdigit() else {})
            node = slot(node, part)
        put(node, parts[-1], value_of(control))
    return doc


def slot(node: Any, part: str) -> Any:
    if isinstance(node, list):
        return node[int(part)] if int(part) < len(node) else None
    return node.get(part)


def put(node: Any, part: str, value: Any) -> None:
    if isinstance(node, list):
        node.extend([None] * (int(part) + 1 - len(node)))
        node[int(part)] = value
    else:
        node[part] = value


@pytest.mark.parametrize("skills", ["standard", "cascade"])
def test_the_form_gives_the_document_back(skills: str) -> None:
    doc = sample(skills)
    skeleton = blank(doc) | {k: doc[k] for k in ("schema", "version", "id")}  # not in the form: kept from the base
    assert collect(render_editor(doc), skeleton) == doc


def blank(value: Any) -> Any:
    """The document's shape with every value emptied: the form must fill each one back."""
    if isinstance(value, dict):
        return {k: blank(v) for k, v in value.items()}
    if isinstance(value, list):
        return [blank(v) for v in value]
    return "<unset>"


def test_every_control_has_a_stable_unique_id_and_a_label() -> None:
    html = render_editor(sample())
    found = parse(html)
    assert len(found.ids) == len(set(found.ids)), "ids must be unique"
    for control in found.controls:
        path = control["attrs"]["data-rw-path"]
        assert control["attrs"]["id"] == control_id(path)
        if control["attrs"].get("type") != "hidden":
            assert f'for="{control_id(path)}"' in html, path
    assert render_editor(sample()) == html  # same document, same markup: focus can come back by id


def test_attributes_in_order_with_their_range_and_names_with_maxlength() -> None:
    found = parse(render_editor(sample())).controls
    attributes = [c for c in found if c["attrs"]["data-rw-path"].startswith("attributes.")]
    assert [c["attrs"]["data-rw-path"].split(".")[1] for c in attributes] == list(ATTRIBUTES)
    assert all((c["attrs"]["min"], c["attrs"]["max"]) == ("0", "6") for c in attributes)
    names = [c for c in found if c["attrs"]["data-rw-path"].endswith("name")]
    assert len(names) == 1 + 2 + 2 + 2 + 1 + 2 and all(c["attrs"]["maxlength"] == str(NAME_MAX) for c in names)
    skill_levels = [c for c in found if re.fullmatch(r"skills\..*level", c["attrs"]["data-rw-path"])]
    assert skill_levels and all(c["attrs"]["max"] == "4" for c in skill_levels)


def test_user_text_is_escaped() -> None:
    html = render_editor(sample() | {"name": '"><script>alert(1)</script>'})
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_cascade_edits_sp_of_specialties_and_keeps_levels_hidden() -> None:
    found = {c["attrs"]["data-rw-path"]: c for c in parse(render_editor(sample("cascade"))).controls}
    assert found["skills.0.focuses.0.specialties.0.sp"]["attrs"]["type"] == "number"
    assert found["skills.0.focuses.0.specialties.0.sp"]["attrs"]["step"] == "0.5"
    assert found["skills.0.level"]["attrs"]["type"] == "hidden"
    standard = {c["attrs"]["data-rw-path"]: c for c in parse(render_editor(sample())).controls}
    assert standard["skills.0.level"]["attrs"]["type"] == "number"
    assert standard["skills.0.focuses.0.specialties.0.sp"]["attrs"]["type"] == "hidden"


def test_liability_offers_its_own_classifications_and_odd_values_survive() -> None:
    html = render_editor(sample())
    assert 'value="debts" selected' in html and 'value="notoriety"' in html
    odd = sample() | {"method": "mystery"}
    odd["modifiers"][0]["grade"] = "legendary"
    html = render_editor(odd)
    assert 'value="mystery" selected' in html and 'value="legendary" selected' in html


@pytest.mark.parametrize("junk", [{}, {"attributes": [1, 2], "skills": "lots", "modifiers": [7, None],
                                      "settings": "x", "backgrounds": {"a": 1}, "conversions": 3}])
def test_any_document_renders(junk: dict[str, Any]) -> None:
    html = render_editor(junk)
    assert html.startswith("<form") and 'data-rw-path="attributes.will"' in html


def test_suggestions_become_datalists() -> None:
    suggestions = {"skills": [{"name": "Athletics", "focuses": [{"name": "Dodge", "specialties": [{"name": "Roll"}]}]}],
                   "modifiers": [{"name": "Attractive"}], "backgrounds": ["Savings"]}
    html = render_editor(sample(), suggestions)
    assert '<datalist id="rw-sugg-broad"><option value="Athletics"></option></datalist>' in html
    assert 'list="rw-sugg-focus-0"' in html  # Athletics's focuses offer Dodge
    assert 'list="rw-sugg-spec-0-0"' in html and '<option value="Roll">' in html
    assert '<option value="Attractive">' in html and '<option value="Savings">' in html


def editor(doc: dict[str, Any], action: str = "render", path: str = "", value: str = "") -> dict[str, Any]:
    return call("facade.character.editor", {"character": doc, "action": action, "path": path, "value": value})


@pytest.mark.parametrize("path, focus", [("modifiers", "rw-c-modifiers-2-name"), ("skills", "rw-c-skills-2-name"),
                                         ("skills.0.focuses", "rw-c-skills-0-focuses-2-name"),
                                         ("skills.0.focuses.1.specialties", "rw-c-skills-0-focuses-1-specialties-0-name"),
                                         ("backgrounds", "rw-c-backgrounds-2-name")])
def test_add_appends_an_item_and_focuses_its_name(path: str, focus: str) -> None:
    out = editor(sample(), "add", path)
    assert out["focus"] == focus and f'id="{focus}"' in out["html"]
    assert out["character"]["name"] == sample()["name"]


def test_remove_drops_the_item_and_focuses_the_add_button() -> None:
    out = editor(sample(), "remove", "skills.0.focuses.0")
    assert [f["name"] for f in out["character"]["skills"][0]["focuses"]] == ["Climb"]
    assert out["focus"] == "rw-c-add-skills-0-focuses" and 'id="rw-c-add-skills-0-focuses"' in out["html"]


def test_set_method_switches_the_budget() -> None:
    out = editor(sample(), "set-method", value="pool-buy")
    assert out["character"]["method"] == "pool-buy"
    assert out["character"]["settings"]["budget"] == {"AP": 90, "SP": 20, "BP": 0, "WP": 100}
    assert "WP spent on AP" in out["html"]


@pytest.mark.parametrize("action, path, field", [("remove", "skills.9", "path"), ("add", "attributes", "path"),
                                                 ("add", "skills.0.specialties", "path"),
                                                 ("set-method", "", "value")])
def test_bad_edits_name_the_field(action: str, path: str, field: str) -> None:
    with pytest.raises(ParameterError) as caught:
        editor(sample(), action, path)
    assert caught.value.field == field


def test_lists_stop_at_their_cap() -> None:
    doc = sample() | {"modifiers": [{"name": str(i)} for i in range(LIMITS["modifiers"])]}
    assert 'id="rw-c-add-modifiers" data-rw-action="add" data-rw-target="modifiers" disabled' in editor(doc)["html"]
    with pytest.raises(ParameterError, match="at most 40"):
        editor(doc, "add", "modifiers")


def test_roster_marks_the_active_character_and_escapes_names() -> None:
    html = call("character.roster", {"characters": [{"id": "c-1", "name": "<b>Ada</b>"},
                                                           {"id": "c-2", "name": "", "note": "not saved"}],
                                            "active": "c-2"})["html"]
    assert "&lt;b&gt;Ada" in html and 'id="rw-pick-c-2" aria-pressed="true"' in html and "(not saved)" in html


def test_picker_offers_trait_totals_within_the_roller_range() -> None:
    doc = sample()
    out = call("facade.character.picker", {"character": doc, "fields": ["rw-w1-trait", "rw-w2-trait_a"]})
    options = call("facade.character.traits", {"character": doc})["options"]
    usable = [o for o in options if 1 <= o["value"] <= 18]
    html = out["pickers"]["rw-w1-trait"]
    assert 'id="rw-w1-trait-use"' in html and html.count("<option") == len(usable) + 1
    agility = next(o for o in usable if o["label"] == "Agility")
    assert f'<option value="{agility["value"]}"' in html
    with pytest.raises(ParameterError):
        call("facade.character.picker", {"character": doc, "fields": [3]})


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                    max_leaves=12)
FIELDS = st.sampled_from(["name", "method", "settings", "attributes", "modifiers", "skills", "backgrounds",
                          "conversions", "bodyweight"])


@settings(max_examples=200, deadline=None)
@given(doc=st.dictionaries(FIELDS, JSON, max_size=6), action=st.sampled_from(["render", "add", "remove"]),
       path=st.sampled_from(["", "skills", "skills.0", "skills.0.focuses", "modifiers.0", "backgrounds", "x.y"]))
def test_any_document_and_edit_give_a_form_or_an_engine_error(doc: dict[str, Any], action: str, path: str) -> None:
    try:
        out = editor(doc, action, path)
    except ParameterError as error:
        assert error.field == "path"
    except LimitError as error:  # a count over its cap (issue 41): refused whole, naming the field
        assert error.limit == "document-cap" and error.field == "character"
    else:
        assert out["html"].startswith("<form") and json.loads(json.dumps(out["character"], allow_nan=True)) is not None


def test_budget_fields_keep_the_pool_order_whatever_the_key_order() -> None:
    doc = sample() | {"settings": {"budget": {"AP": 90, "BP": 0, "SP": 20, "WP": 100}}}  # as JSON with sorted keys
    html = render_editor(doc)
    positions = [html.index(f'id="rw-c-settings-budget-{pool}"') for pool in ("AP", "SP", "BP", "WP")]
    assert positions == sorted(positions)
