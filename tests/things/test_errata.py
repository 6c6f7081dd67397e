"""Errata in things: a field the game's rule derives is marked where its print contradicts the rule, listed on
the game's errata page, left alone where they agree; a bad declaration is named by file, line and key."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rollwright.data.loader import Reader
from rollwright.errors import DeclarationError
from rollwright.kit import errata as kit_errata
from rollwright.kit.system import System
from rollwright.mkdocs.things_html import card_body, list_html
from rollwright.things import registry
from rollwright.things.computed import COMPUTERS, computed, fill
from rollwright.things.declare import read_kinds
from rollwright.things.model import Catalogue, Kind

TOML = """\
[kinds.shields]
title = "Shields"
singular = "shield"

[kinds.shields.fields.base]
type = "number"

[kinds.shields.fields.bonus]
type = "number"

[kinds.shields.fields.total]
type = "number"
rule = "demo.total"
help = "base plus bonus"

[kinds.shields.entries.buckler]
name = "Buckler"
base = 1
bonus = 1
total = 2

[kinds.shields.entries.tower]
name = "Tower shield"
base = 3
bonus = 2
total = 4
"""


@pytest.fixture
def rule() -> Iterator[None]:
    @computed("demo.total")
    def total(kind: Kind, entry: object) -> int:
        return int(entry.get("base")) + int(entry.get("bonus"))  # type: ignore[attr-defined]

    yield
    COMPUTERS.pop("demo.total")


def _kind(text: str = TOML) -> Kind:
    return fill(read_kinds(Reader(text, "demo/things.toml"), text)[0])


def test_a_contradicted_field_holds_the_rule_and_keeps_the_print(rule: None) -> None:
    kind = _kind()
    tower, buckler = kind.entry("tower"), kind.entry("buckler")
    assert (tower.get("total"), tower.printed_value("total"), tower.contradicts("total")) == (5, 4, True)
    assert (buckler.get("total"), buckler.printed, buckler.contradicts("total")) == (2, (), False)


def test_the_card_and_the_list_mark_it_with_both_values(rule: None) -> None:
    kind = _kind()
    mark = ('<dd class="rw-errata" data-rw-printed="4" title="Errata: printed 4, by the rule 5">'
            '<span class="rw-errata__mark">printed 4, by the rule</span> 5</dd>')
    assert mark in card_body(kind, kind.entry("tower"), (kind,))
    buckler = card_body(kind, kind.entry("buckler"), (kind,))
    assert "rw-errata" not in buckler and "<dt>Total</dt><dd>2</dd>" in buckler
    html = list_html("demo", kind, (kind,))
    assert ('<td data-rw-col="total" data-v="5" class="rw-errata" data-rw-printed="4" '
            'title="Errata: printed 4, by the rule 5"><span class="rw-errata__mark">printed 4, by the rule</span> 5'
            '</td>') in html
    assert html.count("rw-errata\"") == 1  # the buckler's total agrees: not marked


def test_the_errata_page_lists_it_with_the_others(rule: None, monkeypatch: pytest.MonkeyPatch) -> None:
    system = System("demo", "Demo", "", "", "demo", ())
    monkeypatch.setattr(registry, "all_catalogues", lambda: (Catalogue("demo", (_kind(),)),))
    monkeypatch.setattr(kit_errata, "all_systems", lambda: {"demo": system})
    found = kit_errata.all_errata(system)
    assert [(e.key, e.page, e.where, e.item, e.printed, e.computed, e.rule, e.kind) for e in found] == [
        ("entry-shields-tower-total", "demo/compendium.md#shields-tower", "Shields", "Tower shield: Total", "4", "5",
         "base plus bonus", "table")]
    table = kit_errata.errata_table(system, "demo-errata")
    assert [cell.value for cell in table.rows[0]] == ["Shields", "Tower shield: Total", "Table vs its rule", "4", "5",
                                                      "base plus bonus"]
    assert 'href="../compendium/#shields-tower"' in str(table.rows[0][0].html)


@pytest.mark.parametrize(("change", "line", "key", "says"), [
    (('rule = "demo.total"', 'rule = "total"'), 13, "kinds.shields.fields.total.rule", "'<game>.<name>'"),
    (('rule = "demo.total"', "rule = 3"), 13, "kinds.shields.fields.total.rule", "expected text"),
    (('type = "number"\nrule', 'type = "list"\nrule'), 13, "kinds.shields.fields.total.rule",
     "only a field of type number or dice or choice or text takes 'rule'"),
])
def test_a_bad_declaration_is_named(change: tuple[str, str], line: int, key: str, says: str) -> None:
    text = TOML.replace(*change)
    assert text != TOML
    with pytest.raises(DeclarationError) as caught:
        _kind(text)
    assert (caught.value.file, caught.value.line, caught.value.key) == ("demo/things.toml", line, key)
    assert says in str(caught.value)


def test_a_rule_nobody_registered_is_named(rule: None) -> None:
    text = TOML.replace('"demo.total"', '"demo.totl"')
    with pytest.raises(DeclarationError) as caught:
        _kind(text)
    assert (caught.value.file, caught.value.line, caught.value.key) == (
        "demo/things.toml", 13, "kinds.shields.fields.total.rule")
    assert "no rule function 'demo.totl'; did you mean 'demo.total'?" in str(caught.value)


def test_a_rule_answering_the_wrong_type_is_refused() -> None:
    @computed("demo.total")
    def total(kind: Kind, entry: object) -> str:
        return "five"

    try:
        with pytest.raises(TypeError, match="returned str, not a number"):
            _kind()
    finally:
        COMPUTERS.pop("demo.total")


def test_the_files_name_the_rule_and_the_printed_value(rule: None) -> None:
    from rollwright.things.export import entry_json, kind_json

    kind = _kind()
    whole = kind_json("demo", {"id": "demo"}, kind)
    assert whole["errata"] == [{"entry": "tower", "field": "total", "printed": 4, "rule": 5}]
    assert whole["kind"]["fields"][2]["rule"] == "demo.total"
    assert entry_json("demo", {"id": "demo"}, kind, kind.entry("tower"))["errata"] == whole["errata"]
    assert "errata" not in entry_json("demo", {"id": "demo"}, kind, kind.entry("buckler"))


def test_the_guides_example_is_the_declaration_tested_here() -> None:
    from pathlib import Path

    guide = (Path(__file__).resolve().parents[2] / "docs" / "designers" / "things.md").read_text(encoding="utf-8")
    shown = guide.split('```toml title="pips/things.toml"\n', 1)[1].split("```", 1)[0]
    assert shown.replace("pips.shield-total", "demo.total") in TOML
    assert "return entry.get(\"base\") + entry.get(\"bonus\")" in guide
