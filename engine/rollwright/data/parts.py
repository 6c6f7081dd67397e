"""The sections of a ``game.toml``, each read into model values (see :mod:`rollwright.data.loader`).

>>> from rollwright.data.loader import Reader
>>> reader = Reader('[ladders.die]\\nsteps = ["d4", "d6"]\\n', "demo/game.toml")
>>> read_ladders(reader, {"die": {"steps": ["d4", "d6"]}})
{'die': {1: 'd4', 2: 'd6'}}
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rollwright.data.condition import READ_WORDS
from rollwright.dice.notation.limits import MAX_DEPTH
from rollwright.data.model import (
    Band, Budget, CharacterSpec, Check, Derived, Extra, Field, Input, Levels, Rule, TableSpec, Template,
)

if TYPE_CHECKING:
    from rollwright.data.loader import Reader

_KEY = re.compile(r"^[a-z][a-z0-9_]*$")
_OUTCOME_KEY = re.compile(r"^[a-z][a-z0-9-]*$")
MAX_ITEMS = 200
"""Most ladders steps, inputs, checks, bands, tables, fields or rules of one kind in one game."""
MAX_NUMBER = 10**9
"""Largest size of a whole number a declaration's key takes (one key may take less: a check's ``depth``)."""


class TableReader:
    """One TOML table's values, read by type; a wrong type names the key and what was expected."""

    def __init__(self, reader: Reader, values: Mapping[str, Any], key: str) -> None:
        self.reader, self.values, self.key = reader, values, key

    def __contains__(self, name: str) -> bool:
        return name in self.values

    def get(self, name: str, default: Any = None) -> Any:
        return self.values.get(name, default)

    def text(self, name: str, default: str | None = None) -> str:
        value = self.values.get(name, default)
        if not isinstance(value, str):
            raise self.reader.fail(f"{self.key}.{name}", f"expected text in quotes, got {_kind(value)}")
        return value

    def number(self, name: str, default: int | None = None, most: int = MAX_NUMBER) -> int:
        """A whole number from ``-most`` to ``most``; one past that is refused as too large, not as a wrong type."""
        value = self.values.get(name, default)
        if not isinstance(value, int) or isinstance(value, bool):
            raise self.reader.fail(f"{self.key}.{name}", f"expected a whole number, got {_kind(value)}")
        if abs(value) > most:
            size = f"{value:,}" if value.bit_length() < 100 else f"a number of {len(str(abs(value))):,} digits"
            raise self.reader.fail(f"{self.key}.{name}", f"{size} is too large: the most this key takes is "
                                                         f"{most:,} (either side of zero), so use a smaller number")
        return value

    def maybe_number(self, name: str) -> int | None:
        return self.number(name) if name in self.values else None

    def flag(self, name: str, default: bool) -> bool:
        value = self.values.get(name, default)
        if not isinstance(value, bool):
            raise self.reader.fail(f"{self.key}.{name}", f"expected true or false, got {_kind(value)}")
        return value

    def words(self, name: str) -> tuple[str, ...]:
        value = self.values.get(name, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value) or len(value) > MAX_ITEMS:
            raise self.reader.fail(f"{self.key}.{name}", f"expected a list of texts, such as [\"a\", \"b\"], "
                                                         f"got {_kind(value)}")
        return tuple(value)


def _kind(value: Any) -> str:
    from rollwright.kit.fields import kind_of

    return "nothing (the key is missing)" if value is None else kind_of(value)


def _named(reader: Reader, section: Any, key: str, pattern: re.Pattern[str] = _KEY) -> list[tuple[str, Any]]:
    if not isinstance(section, Mapping):
        raise reader.fail(key, f"expected tables such as [{key}.name], got {_kind(section)}")
    if len(section) > MAX_ITEMS:
        raise reader.fail(key, f"more than {MAX_ITEMS} entries")
    for name in section:
        if not pattern.match(name):
            raise reader.fail(f"{key}.{name}", f"a name here is lower-case letters, digits and '_' (got {name!r})")
    return list(section.items())


def read_ladders(reader: Reader, section: Any) -> dict[str, dict[int, int | str]]:
    """``[ladders.name]``: ``steps`` (dice or numbers) from rating ``from`` (default 1) up."""
    ladders: dict[str, dict[int, int | str]] = {}
    for name, value in _named(reader, section, "ladders"):
        key = f"ladders.{name}"
        table = reader.table(value, key, ("from", "steps", "label"), required=("steps",))
        steps = table.get("steps")
        if isinstance(steps, list) and len(steps) > MAX_ITEMS:
            raise reader.fail(f"{key}.steps", f"a ladder of {len(steps):,} steps; the most a ladder takes is "
                                              f"{MAX_ITEMS}, so shorten it")
        if not isinstance(steps, list) or not steps:
            raise reader.fail(f"{key}.steps", "expected a list of dice (\"d4\", \"d6\", ...) or whole numbers")
        for index, step in enumerate(steps):
            if isinstance(step, bool) or not isinstance(step, (int, str)):
                raise reader.fail(f"{key}.steps.{index}", f"a step is dice notation or a whole number, got "
                                                          f"{_kind(step)}")
        first = table.number("from", 1)
        ladders[name] = {first + index: step for index, step in enumerate(steps)}
    return ladders


def read_inputs(reader: Reader, section: Any) -> dict[str, Input]:
    """``[inputs.name]``: ``label``, and ``min``/``max`` (whole numbers) or ``choices``; ``default``, ``fills``."""
    inputs: dict[str, Input] = {}
    for name, value in _named(reader, section, "inputs"):
        key = f"inputs.{name}"
        table = reader.table(value, key, ("label", "min", "max", "default", "choices", "fills"), required=("label",))
        fills = table.text("fills") if "fills" in table else None
        if "choices" in table:
            choices = table.words("choices")
            if not choices:
                raise reader.fail(f"{key}.choices", "list at least one choice")
            chosen = table.text("default", choices[0])
            if chosen not in choices:
                raise reader.fail(f"{key}.default", f"{chosen!r} is not one of the choices")
            inputs[name] = Input(name, table.text("label"), choices=choices, default=chosen, fills=fills)
            continue
        low, high = table.number("min"), table.number("max")
        if low > high or high - low > 1000:
            raise reader.fail(f"{key}.max", f"the range {low} to {high} is empty or wider than 1000 values")
        default = table.number("default", low)
        if not low <= default <= high:
            raise reader.fail(f"{key}.default", f"the default {default} is outside {low} to {high}")
        inputs[name] = Input(name, table.text("label"), low, high, default, fills=fills)
    return inputs


CHECK_KEYS = ("title", "summary", "inputs", "roll", "modes", "pool", "hit", "against", "on", "bands", "outcomes",
              "depth", "instead")


def read_checks(reader: Reader, section: Any, inputs: Mapping[str, Input],
                ladders: Mapping[str, Mapping[int, int | str]]) -> dict[str, Check]:
    """``[checks.name]``: what is rolled, against what, and the outcome bands; each is tried on every input."""
    from rollwright.data.checks import validate_check

    checks: dict[str, Check] = {}
    for name, value in _named(reader, section, "checks"):
        key = f"checks.{name}"
        table = reader.table(value, key, CHECK_KEYS)
        if ("bands" in table) == ("outcomes" in table):
            raise reader.fail(key, "say what the roll means: either bands = [...] (ranges of one number) or "
                                   "outcomes = [...] (conditions on the dice, tried in order)")
        if ("roll" in table) == ("pool" in table):
            raise reader.fail(key, "say what is rolled: either roll = \"2d6 + {stat}\" (a total) or "
                                   "pool = \"{dice}d6\" with hit = 5 (hits counted)")
        is_pool = "pool" in table
        roll = reader.template(table.get("pool" if is_pool else "roll"), f"{key}.{'pool' if is_pool else 'roll'}")
        hit = table.number("hit") if is_pool else None
        if is_pool != ("hit" in table):
            raise reader.fail(f"{key}.hit", "a pool needs hit = N (a die showing N or more is a hit); "
                                            "a plain roll has no hit")
        modes = _modes(reader, table, key)
        against = reader.template(table.get("against"), f"{key}.against") if "against" in table else None
        on = table.text("on", "margin" if against is not None else "total")
        if on not in ("total", "margin") or (on == "margin" and against is None):
            raise reader.fail(f"{key}.on", "on = \"total\" (bands on the roll) or \"margin\" (the roll minus "
                                           "'against', which it then needs)")
        if "outcomes" in table:
            from rollwright.data.outcomes import read_outcomes

            bands = read_outcomes(reader, table.get("outcomes"), f"{key}.outcomes", inputs, ladders,
                                  pool=is_pool, against=against is not None)
        else:
            bands = read_bands(reader, table.get("bands"), f"{key}.bands")
        from rollwright.data.outcomes import read_instead

        instead = read_instead(reader, table.get("instead", []), key, inputs)
        used = set(roll.names()) | {n for _, _, t in modes for n in t.names()}
        used |= {n for condition, t in instead for n in condition.names() | t.names()}
        used |= against.names() if against else set()
        used |= {n for b in bands if b.when is not None for n in b.when.names()} - set(READ_WORDS)
        listed = table.words("inputs") or tuple(sorted(used, key=lambda n: list(inputs).index(n)
                                                       if n in inputs else -1))
        for missing in sorted(used - set(listed)) + [n for n in listed if n not in inputs]:
            raise reader.fail(f"{key}.inputs", f"{missing!r} is not a declared input{_suggest(missing, inputs)}; "
                                               f"declare it as [inputs.{missing}]")
        for ladder in sorted(roll.ladders() | {l for _, _, t in modes for l in t.ladders()}):
            if ladder not in ladders:
                raise reader.fail(f"{key}.roll", f"no ladder named {ladder!r}{_suggest(ladder, ladders)}")
        depth = table.number("depth", MAX_DEPTH, most=MAX_DEPTH)
        check = Check(name, table.text("title", name.replace("_", " ").capitalize()), table.text("summary", ""),
                      listed, roll, modes, hit, against, on, bands, depth, instead)
        validate_check(reader, key, check, inputs, ladders)
        checks[name] = check
    return checks


def _suggest(name: str, known: Mapping[str, object]) -> str:
    from rollwright.data.formula import suggest

    return suggest(name, known)


def _modes(reader: Reader, table: TableReader, key: str) -> tuple[tuple[str, str, Template], ...]:
    raw = table.get("modes")
    if raw is None:
        return ()
    if not isinstance(raw, Mapping) or not raw:
        raise reader.fail(f"{key}.modes", "expected a table such as { advantage = \"3d6kh2 + {stat}\" }")
    modes = [("normal", "Normal", reader.template(table.get("roll", table.get("pool")), f"{key}.roll"))]
    for name, text in raw.items():
        if not _KEY.match(name) or name == "normal":
            raise reader.fail(f"{key}.modes.{name}", f"a mode's name is a lower-case word other than 'normal' "
                                                     f"(got {name!r})")
        modes.append((name, name.replace("_", " ").capitalize(), reader.template(text, f"{key}.modes.{name}")))
    return tuple(modes)


def read_bands(reader: Reader, raw: Any, key: str) -> tuple[Band, ...]:
    """The outcome bands: together they must hold every whole number once (no overlap, no gap)."""
    if not isinstance(raw, list) or not raw or len(raw) > MAX_ITEMS:
        raise reader.fail(key, "expected a list of bands, such as [{ key = \"hit\", name = \"Hit\", from = 10 }, "
                               "{ key = \"miss\", name = \"Miss\", to = 9 }]")
    bands: list[tuple[Band, int]] = []
    for index, value in enumerate(raw):
        where = f"{key}.{index}"
        band = reader.table(value, where, ("key", "name", "from", "to", "succeeds", "levels", "extra"),
                            required=("key", "name"))
        band_key = band.text("key")
        if not _OUTCOME_KEY.match(band_key):
            raise reader.fail(f"{where}.key", f"a band's key is lower-case words joined by '-' (got {band_key!r})")
        low, high = band.maybe_number("from"), band.maybe_number("to")
        if low is not None and high is not None and low > high:
            raise reader.fail(where, f"from = {low} is above to = {high}: the band holds nothing")
        levels = None
        if "levels" in band:
            lv = reader.table(band.get("levels"), f"{where}.levels", ("every", "most", "names"), required=("every",))
            if low is None or lv.number("every") < 1:
                raise reader.fail(f"{where}.levels", "levels need the band's 'from' and every = 1 or more")
            levels = Levels(lv.number("every"), lv.maybe_number("most"), lv.words("names"))
        extra = None
        if "extra" in band:
            ex = reader.table(band.get("extra"), f"{where}.extra", ("per", "name", "plural"), required=("per", "name"))
            if ex.number("per") < 1:
                raise reader.fail(f"{where}.extra.per", "per is 1 or more")
            extra = Extra(ex.number("per"), ex.text("name"), ex.text("plural", ex.text("name") + "s"))
        bands.append((Band(band_key, band.text("name"), low, high, band.flag("succeeds", low is not None and low >= 0
                                                                              or low is None and high is None),
                           levels, extra), index))
    _check_cover(reader, key, bands)
    return tuple(b for b, _ in bands)


def _check_cover(reader: Reader, key: str, bands: list[tuple[Band, int]]) -> None:
    keys = [b.key for b, _ in bands]
    for band, index in bands:
        if keys.count(band.key) > 1:
            raise reader.fail(f"{key}.{index}.key", f"two bands share the key {band.key!r}")
    ordered = sorted(bands, key=lambda item: (item[0].low is not None, item[0].low or 0))
    first, index = ordered[0]
    if first.low is not None:
        raise reader.fail(f"{key}.{index}", f"nothing holds values below {first.low}: leave out the lowest band's "
                                            f"'from' so it takes everything below")
    for (lower, _), (upper, upper_index) in zip(ordered, ordered[1:]):
        if lower.high is None or upper.low is None or upper.low <= lower.high:
            at = upper.low if lower.high is None else max(lower.high, upper.low or lower.high)
            raise reader.fail(f"{key}.{upper_index}", f"the bands {lower.key!r} and {upper.key!r} overlap "
                                                      f"(both hold {at}); make one end where the other begins")
        if upper.low > lower.high + 1:
            gap = str(lower.high + 1) if upper.low == lower.high + 2 else f"{lower.high + 1} to {upper.low - 1}"
            raise reader.fail(f"{key}.{upper_index}", f"no band holds {gap} (between {lower.key!r} and "
                                                      f"{upper.key!r}); make one begin where the other ends")
    last, index = ordered[-1]
    if last.high is not None:
        raise reader.fail(f"{key}.{index}", f"nothing holds values above {last.high}: leave out the highest band's "
                                            f"'to' so it takes everything above")


TABLE_KEYS = ("title", "summary", "check", "rows", "columns", "show", "fixed", "format", "column_label", "printed")


def read_tables(reader: Reader, section: Any, checks: Mapping[str, Check],
                inputs: Mapping[str, Input]) -> dict[str, TableSpec]:
    """``[tables.name]``: a check's chances down ``rows`` (an input) and across ``columns``."""
    tables: dict[str, TableSpec] = {}
    for name, value in _named(reader, section, "tables", re.compile(r"^[a-z][a-z0-9-]*$")):
        key = f"tables.{name}"
        table = reader.table(value, key, TABLE_KEYS, required=("check", "rows", "columns"))
        check_key = table.text("check")
        if check_key not in checks:
            raise reader.fail(f"{key}.check", f"no check named {check_key!r}{_suggest(check_key, checks)}")
        check = checks[check_key]
        rows, columns = table.text("rows"), table.text("columns")
        for axis, value_name in (("rows", rows), ("columns", columns)):
            if value_name not in check.inputs and not (axis == "columns" and value_name == "outcomes"):
                raise reader.fail(f"{key}.{axis}", f"{value_name!r} is not an input of the check {check_key!r} "
                                                   f"(its inputs: {', '.join(check.inputs)}"
                                                   f"{'; or outcomes' if axis == 'columns' else ''})")
        outcome_keys = [o.key for o in check.outcomes()]
        show = table.words("show") or tuple(o.key for o in check.outcomes() if o.band.succeeds)
        for shown in show:
            if shown not in outcome_keys:
                raise reader.fail(f"{key}.show", f"{shown!r} is not an outcome of {check_key!r} "
                                                 f"({', '.join(outcome_keys)})")
        fixed_raw = table.get("fixed", {})
        fixed = dict(reader.table(fixed_raw, f"{key}.fixed", tuple(check.inputs) or ("none",)).values)
        style = table.text("format", "percent")
        if style not in ("percent", "fraction"):
            raise reader.fail(f"{key}.format", "format is \"percent\" or \"fraction\"")
        printed = table.get("printed", {})
        if not isinstance(printed, Mapping) or not all(isinstance(v, str) and "/" in k for k, v in printed.items()):
            raise reader.fail(f"{key}.printed", "write each printed cell as \"row/column\" = \"30%\"")
        cells: dict[tuple[str, str], str] = {}
        for cell, text in printed.items():
            row, _, column = cell.partition("/")
            cells[(row, column)] = text
        tables[name] = TableSpec(name, table.text("title", name), table.text("summary", ""), check_key, rows,
                                 columns, show, fixed, style, table.text("column_label", "{value}"),
                                 cells)
    return tables


def read_character(reader: Reader, raw: Any, system_id: str,
                   ladders: Mapping[str, Mapping[int, int | str]]) -> CharacterSpec | None:
    """``[character]``: fields, a budget, derived values and rules (see the designer's guide)."""
    if raw is None:
        return None
    top = reader.table(raw, "character", ("schema", "section", "fields", "derived", "rules", "budget"),
                       required=("fields",))
    section = top.text("section", "")
    fields = []
    for name, value in _named(reader, top.get("fields"), "character.fields"):
        key = f"character.fields.{name}"
        f = reader.table(value, key, ("label", "min", "max", "default", "fills", "group"), required=("label",))
        low, high = f.number("min"), f.number("max")
        default = f.number("default", low)
        if low > high or not low <= default <= high:
            raise reader.fail(key, f"the range {low} to {high} must hold the default {default}")
        fields.append(Field(name, f.text("label"), low, high, default,
                            f.text("fills") if "fills" in f else None, f.text("group", "")))
    if not fields:
        raise reader.fail("character.fields", "declare at least one field, e.g. [character.fields.might]")
    names = {f.key: 0 for f in fields}
    derived = []
    for name, value in _named(reader, top.get("derived", {}), "character.derived"):
        key = f"character.derived.{name}"
        d = reader.table(value, key, ("label", "formula", "fills"), required=("label", "formula"))
        formula = reader.formula(d.get("formula"), f"{key}.formula")
        _known_names(reader, f"{key}.formula", formula, names)
        derived.append(Derived(name, d.text("label"), formula, d.text("fills") if "fills" in d else None))
        names[name] = 0
    rules = []
    raw_rules = top.get("rules", [])
    if not isinstance(raw_rules, list):
        raise reader.fail("character.rules", "write each rule as [[character.rules]]")
    for index, value in enumerate(raw_rules):
        key = f"character.rules.{index}"
        r = reader.table(value, key, ("formula", "min", "max", "message", "section", "severity"),
                         required=("formula", "message"))
        formula = reader.formula(r.get("formula"), f"{key}.formula")
        _known_names(reader, f"{key}.formula", formula, names)
        severity = r.text("severity", "error")
        if severity not in ("error", "warning"):
            raise reader.fail(f"{key}.severity", "severity is \"error\" or \"warning\"")
        rules.append(Rule(f"rule-{index + 1}", formula, r.maybe_number("min"), r.maybe_number("max"),
                          r.text("message"), r.text("section", section), severity))
    budget = None
    if "budget" in top:
        b = reader.table(top.get("budget"), "character.budget",
                         ("fields", "cost", "total", "points", "label", "section"))
        spent = b.words("fields") or tuple(f.key for f in fields)
        for name in spent:
            if name not in {f.key for f in fields}:
                raise reader.fail("character.budget.fields", f"{name!r} is not a field{_suggest(name, names)}")
        cost = reader.formula(b.get("cost"), "character.budget.cost") if "cost" in b else None
        if cost is not None:
            _known_names(reader, "character.budget.cost", cost, {"value": 0})
        if ("total" in b) == ("points" in b):
            raise reader.fail("character.budget", "say total = N (the costs add up to exactly N) or points = N "
                                                  "(at most N)")
        budget = Budget(spent, cost, b.maybe_number("total"), b.maybe_number("points"), b.text("label", "points"),
                        b.text("section", section))
    for key, formula in [*((f"character.derived.{d.key}.formula", d.formula) for d in derived),
                         *((f"character.rules.{i}.formula", r.formula) for i, r in enumerate(rules)),
                         *([("character.budget.cost", budget.cost)] if budget and budget.cost else [])]:
        for ladder in sorted(formula.ladders()):
            if ladder not in ladders:
                raise reader.fail(key, f"no ladder named {ladder!r}{_suggest(ladder, ladders)}")
    return CharacterSpec(top.text("schema", f"rollwright/{system_id}"), tuple(fields), tuple(derived), tuple(rules),
                         budget, section, ladders)


def _known_names(reader: Reader, key: str, formula: Any, names: Mapping[str, int]) -> None:
    for name in sorted(formula.names()):
        if name not in names:
            raise reader.fail(key, f"unknown name {name!r}{_suggest(name, names)} (a formula here can use: "
                                   f"{', '.join(names)})")
