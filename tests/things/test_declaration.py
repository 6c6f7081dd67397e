"""Kinds of things declared as data: a good declaration is read whole; every mistake is named by file, line and key."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rollwright.errors import DeclarationError
from rollwright.things import registry
from rollwright.things.declare import MAX_FIELDS, MAX_KINDS
from rollwright.things.entries import MAX_ENTRIES

GOOD = """\
[kinds.armour]
title = "Armour"
singular = "armour"
csv = "armour.csv"

[kinds.armour.fields.protection]
type = "number"
min = 0
max = 10

[kinds.swords]
title = "Swords"
singular = "sword"
summary = "Blades."

[kinds.swords.fields.damage]
type = "dice"
label = "Damage"

[kinds.swords.fields.reach]
type = "choice"
choices = ["Small", "Large"]

[kinds.swords.fields.tags]
type = "list"
optional = true

[kinds.swords.fields.best_against]
type = "link"
to = "armour"
optional = true

[kinds.swords.fields.notes]
type = "text"
optional = true

[kinds.swords.entries.sabre]
name = "Sabre"
damage = "2d6"
reach = "Small"
tags = ["light", "cavalry"]
best_against = "leather"

[kinds.swords.entries.pike]
name = "Pike"
damage = "3d6"
reach = "Large"
"""
ARMOUR_CSV = "id,name,protection\nleather,Leather,2\nplate,\"Plate, full\",6\n"


def _package(tmp_path: Path, name: str, files: dict[str, str]) -> str:
    folder = tmp_path / name
    folder.mkdir()
    (folder / "__init__.py").write_text(files.pop("__init__.py", ""), encoding="utf-8")
    for file, text in files.items():
        (folder / file).write_text(text, encoding="utf-8")
    return name


@pytest.fixture
def make(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    monkeypatch.syspath_prepend(str(tmp_path))
    made: list[str] = []

    def make(files: dict[str, str]) -> str:
        name = _package(tmp_path, f"thingsdemo{len(made)}", dict(files))
        made.append(name)
        return name

    yield make
    registry.forget()
    for name in made:
        sys.modules.pop(name, None)


def _read(make, files: dict[str, str]):  # type: ignore[no-untyped-def]
    return registry.package_kinds(make(files))


def test_a_good_declaration_is_read_whole(make) -> None:  # type: ignore[no-untyped-def]
    kinds = _read(make, {"things.toml": GOOD, "armour.csv": ARMOUR_CSV})
    assert [k.id for k in kinds] == ["armour", "swords"]
    armour, swords = kinds
    assert [e.as_dict() for e in armour.entries] == [
        {"id": "leather", "name": "Leather", "protection": 2}, {"id": "plate", "name": "Plate, full", "protection": 6}]
    assert armour.entry("plate").line == 3 and armour.entry("plate").file.endswith("/armour.csv")
    sabre = swords.entry("sabre")
    assert sabre.as_dict() == {"id": "sabre", "name": "Sabre", "damage": "2d6", "reach": "Small",
                               "tags": ("light", "cavalry"), "best_against": "leather", "notes": None}
    assert swords.entry("pike").get("tags") == () and swords.field("damage").label == "Damage"
    assert swords.field("best_against").label == "Best against" and swords.summary == "Blades."


def test_kinds_in_game_toml_and_in_python(make) -> None:  # type: ignore[no-untyped-def]
    in_game = make({"game.toml": "[kinds.coins]\ntitle = \"Coins\"\n[kinds.coins.entries.gold]\nname = \"Gold\"\n"})
    assert registry.package_kinds(in_game)[0].entry("gold").name == "Gold"
    python = "THINGS = {'coins': {'title': 'Coins', 'fields': {'worth': {'type': 'number'}},\n" \
             "                    'entries': {'gold': {'name': 'Gold', 'worth': 'ten'}}}}\n"
    package = make({"__init__.py": python})
    __import__(package)
    with pytest.raises(DeclarationError) as caught:
        registry.package_kinds(package)
    assert str(caught.value) == (f"{package}/__init__.py, kinds.coins.entries.gold.worth: expected a whole "
                                 f"number, got text ('ten')")


def _swords(entry: str = "", fields: str = "", kind: str = "") -> str:
    return ("[kinds.swords]\ntitle = \"Swords\"\n" + kind + "[kinds.swords.fields.reach]\ntype = \"choice\"\n"
            "choices = [\"Small\", \"Large\"]\n" + fields + "[kinds.swords.entries.sabre]\nname = \"Sabre\"\n"
            "reach = \"Small\"\n" + entry)


MISTAKES = [
    ({"things.toml": "[kinds.Swords]\ntitle = \"S\"\n"}, "things.toml, line 1, kinds.Swords: a kind's id is lower-case"),
    ({"things.toml": "[kinds.swords]\ntitel = \"S\"\n"}, "things.toml, line 2, kinds.swords.titel: unknown key 'titel'; did you mean 'title'?"),
    ({"things.toml": "[kinds.swords]\nsingular = \"S\"\n"}, "things.toml, line 1, kinds.swords: missing the key 'title'"),
    ({"things.toml": "[kind.swords]\ntitle = \"S\"\n"}, "things.toml, kind: unknown key 'kind'; did you mean 'kinds'? (things.toml holds [kinds.<id>] tables only)"),
    ({"things.toml": _swords(fields="[kinds.swords.fields.Edge]\ntype = \"text\"\n")}, "line 6, kinds.swords.fields.Edge: a field's key is lower-case"),
    ({"things.toml": _swords(fields="[kinds.swords.fields.name]\ntype = \"text\"\n")}, "line 6, kinds.swords.fields.name: every entry has an 'name' already"),
    ({"things.toml": _swords(fields="[kinds.swords.fields.edge]\ntype = \"nmber\"\n")}, "line 7, kinds.swords.fields.edge.type: unknown type 'nmber'; did you mean 'number'?"),
    ({"things.toml": _swords(fields="[kinds.swords.fields.edge]\ntype = \"number\"\nchoices = [\"a\"]\n")}, "line 8, kinds.swords.fields.edge.choices: only a field of type choice or list takes 'choices'; this one is a number"),
    ({"things.toml": _swords(fields="[kinds.swords.fields.edge]\ntype = \"choice\"\n")}, "line 6, kinds.swords.fields.edge.choices: a choice field lists its choices"),
    ({"things.toml": _swords(fields="[kinds.swords.fields.edge]\ntype = \"choice\"\nchoices = [\"a\", \"a\"]\n")}, "line 8, kinds.swords.fields.edge.choices: the choice 'a' is listed twice"),
    ({"things.toml": _swords(fields="[kinds.swords.fields.edge]\ntype = \"link\"\n")}, "line 6, kinds.swords.fields.edge.to: a link field says what it links to"),
    ({"things.toml": _swords(fields="[kinds.swords.fields.edge]\ntype = \"number\"\nmin = 5\nmax = 1\n")}, "line 9, kinds.swords.fields.edge.max: the range 5 to 1 is empty"),
    ({"things.toml": _swords(fields="[kinds.swords.fields.edge]\ntype = \"link\"\nto = \"armor\"\noptional = true\n")}, "kinds.swords.fields.edge.to: no kind 'armor' in this game"),
    ({"things.toml": _swords(entry="edge = 2\n")}, "line 9, kinds.swords.entries.sabre.edge: unknown key 'edge'; the keys here are: name, reach"),
    ({"things.toml": _swords(entry="[kinds.swords.entries.pike]\nreach = \"Large\"\n")}, "line 9, kinds.swords.entries.pike: missing the key 'name'"),
    ({"things.toml": _swords(entry="[kinds.swords.entries.Pike]\nname = \"P\"\nreach = \"Large\"\n")}, "line 9, kinds.swords.entries.Pike: an entry's id is lower-case"),
    ({"things.toml": _swords(entry="[kinds.swords.entries.pike]\nname = \"P\"\nreach = \"Huge\"\n")}, "line 11, kinds.swords.entries.pike.reach: 'Huge' is not one of the choices (Small, Large)"),
    ({"things.toml": _swords(entry="[kinds.swords.entries.pike]\nname = \"P\"\n")}, "line 9, kinds.swords.entries.pike.reach: the field 'reach' is empty; fill it in, or declare the field with optional = true"),
    ({"things.toml": _swords(fields="[kinds.swords.fields.roll]\ntype = \"dice\"\noptional = true\n", entry="roll = \"2d\"\n")}, "line 12, kinds.swords.entries.sabre.roll: not dice notation"),
    ({"things.toml": _swords(fields="[kinds.swords.fields.tags]\ntype = \"list\"\nchoices = [\"a\"]\n", entry="tags = [\"b\"]\n")}, "line 12, kinds.swords.entries.sabre.tags: 'b' is not one of the choices"),
    ({"things.toml": _swords(kind="csv = \"swords.csv\"\n")}, "things.toml, line 3, kinds.swords.csv: the entries are given twice"),
    ({"things.toml": "[kinds.swords]\ntitle = \"S\"\ncsv = \"../swords.csv\"\n"}, "things.toml, kinds.swords.csv: a CSV file is named by its name"),
    ({"things.toml": "[kinds.swords]\ntitle = \"S\"\ncsv = \"swords.csv\"\n"}, "things.toml, kinds.swords.csv: no file 'swords.csv' beside it"),
    ({"things.toml": "[kinds.a]\ntitle = \"A\"\n", "game.toml": "[kinds.a]\ntitle = \"A\"\n"}, "kinds.a: the kind 'a' is declared twice"),
    ({"things.toml": "[kinds.a]\ntitle = \"A\"\nx = [\n"}, "things.toml: not valid TOML"),
]

CSV_KIND = "[kinds.swords]\ntitle = \"S\"\ncsv = \"swords.csv\"\n[kinds.swords.fields.damage]\ntype = \"number\"\nmax = 9\n" \
           "[kinds.swords.fields.reach]\ntype = \"choice\"\nchoices = [\"S\", \"L\"]\noptional = true\n"
CSV_MISTAKES = [
    ("", "swords.csv, line 1, kinds.swords: the file is empty"),
    ("id,name,damage,reech\n", "swords.csv, line 1, kinds.swords.fields.reech: the column 'reech' is not a field of the kind; did you mean 'reach'?"),
    ("id,name,reach\n", "swords.csv, line 1, kinds.swords.fields.damage: no column 'damage'"),
    ("id,name,damage,damage\n", "swords.csv, line 1, kinds.swords.fields.damage: the column 'damage' appears twice"),
    ("id,name,damage\nsabre,Sabre,3\npike,Pike,three\n", "swords.csv, line 3, kinds.swords.entries.pike.damage: expected a whole number, got text ('three')"),
    ("id,name,damage\nsabre,Sabre,10\n", "swords.csv, line 2, kinds.swords.entries.sabre.damage: 10 is more than the most, 9"),
    ("id,name,damage\nsabre,Sabre,-\n", "swords.csv, line 2, kinds.swords.entries.sabre.damage: the field 'damage' is empty"),
    ("id,name,damage,reach\nsabre,Sabre,3,M\n", "swords.csv, line 2, kinds.swords.entries.sabre.reach: 'M' is not one of the choices (S, L)"),
    ("id,name,damage\nsabre,Sabre,3\nsabre,Sabre II,4\n", "swords.csv, line 3, kinds.swords.entries.sabre: the id 'sabre' is used twice"),
    ("id,name,damage\nSabre,Sabre,3\n", "swords.csv, line 2, kinds.swords.entries.Sabre: an entry's id is lower-case"),
    ("id,name,damage\nsabre,Sabre,3,4\n", "swords.csv, line 2, kinds.swords.entries: 4 cells in a row of 3 columns"),
    ("id,name,damage\nsabre,,3\n", "swords.csv, line 2, kinds.swords.entries.sabre.name: the entry has no name"),
    ("id,name,damage\nsabre,\"Sabre\nII\",3\npike,Pike,x\n", "swords.csv, line 4, kinds.swords.entries.pike.damage"),
]


@pytest.mark.parametrize(("files", "message"), MISTAKES)
def test_each_declaration_mistake_is_named(make, files: dict[str, str], message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(DeclarationError) as caught:
        _read(make, files)
    assert message in str(caught.value)
    assert str(caught.value).startswith("thingsdemo0/")


@pytest.mark.parametrize(("text", "message"), CSV_MISTAKES)
def test_each_csv_mistake_is_named_by_its_row(make, text: str, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(DeclarationError) as caught:
        _read(make, {"things.toml": CSV_KIND, "swords.csv": text})
    assert f"thingsdemo0/{message}" in str(caught.value)


def test_counts_are_capped_where_they_enter(make) -> None:  # type: ignore[no-untyped-def]
    many_kinds = "".join(f"[kinds.k{i}]\ntitle = \"K\"\n" for i in range(MAX_KINDS + 1))
    with pytest.raises(DeclarationError, match=f"the most a game declares is {MAX_KINDS}"):
        _read(make, {"things.toml": many_kinds})
    many_fields = "[kinds.k]\ntitle = \"K\"\n" + "".join(f"[kinds.k.fields.f{i}]\ntype = \"text\"\n"
                                                          for i in range(MAX_FIELDS + 1))
    with pytest.raises(DeclarationError, match=f"the most a kind declares is {MAX_FIELDS}"):
        _read(make, {"things.toml": many_fields})
    rows = "id,name\n" + "".join(f"e{i},E\n" for i in range(MAX_ENTRIES + 1))
    with pytest.raises(DeclarationError, match=rf"line {MAX_ENTRIES + 2}, kinds.k.entries: more than"):
        _read(make, {"things.toml": "[kinds.k]\ntitle = \"K\"\ncsv = \"k.csv\"\n", "k.csv": rows})
    with pytest.raises(DeclarationError, match="larger than 2,000,000 bytes"):
        _read(make, {"things.toml": "[kinds.k]\ntitle = \"K\"\ncsv = \"k.csv\"\n", "k.csv": "id,name\n" + "x" * 2_000_001})


def test_a_link_to_a_missing_entry_names_the_row(make) -> None:  # type: ignore[no-untyped-def]
    bad = GOOD.replace('best_against = "leather"', 'best_against = "leathr"')
    with pytest.raises(DeclarationError) as caught:
        _read(make, {"things.toml": bad, "armour.csv": ARMOUR_CSV})
    assert str(caught.value) == ("thingsdemo0/things.toml, line 37, kinds.swords.entries.sabre.best_against: no entry "
                                 "'leathr' in the kind 'armour'; the ids there: leather, plate")


def test_the_model_is_immutable(make) -> None:  # type: ignore[no-untyped-def]
    kind = _read(make, {"things.toml": GOOD, "armour.csv": ARMOUR_CSV})[1]
    with pytest.raises(AttributeError):
        kind.entries[0].name = "x"  # type: ignore[misc]
    assert isinstance(kind.entries, tuple) and isinstance(kind.fields, tuple)


def test_links_to_rule_pages_name_a_page_of_the_game(make) -> None:  # type: ignore[no-untyped-def]
    from rollwright.kit.system import Page, System
    from rollwright.things.links import check_page_links

    game = System(id="demo", title="Demo", pitch="", source="", docs="demo", pages=(Page("demo/index.md", "Demo"),))
    rule = "[kinds.swords.fields.rule]\ntype = \"link\"\nto = \"page\"\n"
    kinds = _read(make, {"things.toml": _swords(fields=rule, entry='rule = "demo/index.md#swords"\n')})
    check_page_links(kinds, game)
    kinds = _read(make, {"things.toml": _swords(fields=rule, entry='rule = "demo/combat.md"\n')})
    with pytest.raises(DeclarationError) as caught:
        check_page_links(kinds, game)
    assert str(caught.value).startswith("thingsdemo1/things.toml, line 9, kinds.swords.entries.sabre.rule: "
                                        "'demo/combat.md' is not one of the game's pages")
    kinds = _read(make, {"things.toml": _swords(kind='page = "demo/rules.md"\n')})
    with pytest.raises(DeclarationError, match="kinds.swords.page: 'demo/rules.md' is not one of the game's pages"):
        check_page_links(kinds, game)


def test_a_catalogue_of_2000_entries_is_read_and_rendered(make) -> None:  # type: ignore[no-untyped-def]
    from rollwright.mkdocs.things_html import cards_markdown, list_html

    kind_toml = ("[kinds.items]\ntitle = \"Items\"\ncsv = \"items.csv\"\n[kinds.items.fields.cost]\ntype = \"number\"\n"
                 "[kinds.items.fields.rarity]\ntype = \"choice\"\nchoices = [\"common\", \"rare\"]\n"
                 "[kinds.items.fields.tags]\ntype = \"list\"\noptional = true\n")
    rows = "id,name,cost,rarity,tags\n" + "".join(f"item-{i},Item {i},{i % 97},{('common', 'rare')[i % 2]},"
                                                   f"{'light;heavy' if i % 3 else ''}\n" for i in range(2000))
    kind = _read(make, {"things.toml": kind_toml, "items.csv": rows})[0]
    assert len(kind.entries) == 2000 and kind.entry("item-1999").as_dict() == {
        "id": "item-1999", "name": "Item 1999", "cost": 1999 % 97, "rarity": "rare", "tags": ("light", "heavy")}
    html = list_html("demo", kind, (kind,))
    assert html.count("<tr data-rw-entry=") == 2000
    assert cards_markdown(kind, (kind,)).count('class="rw-card"') == 2000


def test_a_field_can_stay_off_the_list(make) -> None:  # type: ignore[no-untyped-def]
    from rollwright.mkdocs.things_html import cards_markdown, list_html

    kind = _read(make, {"things.toml": _swords(fields='[kinds.swords.fields.lore]\ntype = "text"\noptional = true\n'
                                                      'in_list = false\n', entry='lore = "Old"\n')})[0]
    assert not kind.field("lore").in_list
    assert 'data-rw-col="lore"' not in list_html("demo", kind, (kind,))
    assert "<dt>Lore</dt><dd>Old</dd>" in cards_markdown(kind, (kind,))
