"""Putting a declared game into the kit's registries: the same calls, widgets, tables and errata a Python
game registers, so the site, the browser and the checks cannot tell the two apart.

For each check ``<id>.<check>`` (its odds) and ``<id>.<check>.roll`` (one seeded roll);
widgets ``<id>-<check>`` (odds and band chart) and ``<id>-<check>-roll`` (a roller); each
table ``<id>-<table>``, the errata table ``<id>-errata``; and the character builder's
contract calls (:mod:`rollwright.data.character`) when the game has a ``[character]``.

>>> from rollwright.data.loader import EXAMPLE, load_text
>>> game = load_text(EXAMPLE, "demo/game.toml", system_id="demo")
>>> names = install(game)
>>> from rollwright.kit.registry import call
>>> call("demo.move", {"stat": 1})["success"]  # a hit or a partial hit: 2d6 of 6 or more
'13/18'
>>> call("demo.move.roll", {"stat": 1, "seed": 7})["outcome"] in ("hit", "partial", "miss")
True
>>> uninstall(names)
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rollwright.data.checks import extras_of, measure, odds_of, outcome_odds, seeded_roll
from rollwright.data.model import Check, Game, Input, Outcome, TableSpec
from rollwright.data.views import inputs_text, odds_view, roll_sentence, roll_view
from rollwright.kit.calls.dice import SEED
from rollwright.kit.errata import Erratum, all_errata, errata_table
from rollwright.kit.numbers import fraction_text, percent, signed
from rollwright.kit.registry import REGISTRY, Param, register
from rollwright.kit.tables import _BUILDERS, Cell, TableData, make_table, register_table
from rollwright.kit.widget import _REGISTERED, Field, Widget, register_widget

Installed = dict[str, list[str]]


def param(item: Input) -> Param:
    """A call parameter for a declared input, with its range or choices and what it ``fills``."""
    if item.choices:
        return Param(item.key, str, item.label, default=item.default, choices=item.choices, fills=item.fills)
    return Param(item.key, int, f"{item.label} ({item.low} to {item.high})", default=item.default,
                 minimum=item.low, maximum=item.high, fills=item.fills)


def _shown(item: Input, value: Any) -> str:
    return signed(value) if isinstance(value, int) and item.low < 0 else str(value)


def _params(game: Game, check: Check) -> list[Param]:
    found = [param(game.inputs[name]) for name in check.inputs]
    if check.modes:
        found.append(Param("mode", str, "how it is rolled", default="normal",
                           choices=tuple(key for key, _, _ in check.modes)))
    return found


def _measure(check: Check) -> str:
    if check.reads:
        return "outcomes"
    if check.hit is not None:
        return "hit-margin" if check.against is not None else "hits"
    return check.on


def odds_answer(game: Game, check: Check, values: dict[str, Any]) -> dict[str, Any]:
    """The answer of ``<id>.<check>`` (see :func:`rollwright.data.views.odds_view`)."""
    from rollwright.data.checks import notation

    mode = values.pop("mode", None)
    if check.reads:
        odds, extra_counts = outcome_odds(check, values, game.ladders, mode), {}
    else:
        dist = measure(check, values, game.ladders, mode)  # once, for the outcomes and the extras alike
        odds, extra_counts = odds_of(check, dist), extras_of(check, dist)
    success = sum((p for o, p in odds if o.band.succeeds), start=0 * odds[0][1])
    shown = [[game.inputs[n].label, _shown(game.inputs[n], values[n])] for n in check.inputs]
    if mode:
        shown.append(["rolled", dict((k, label) for k, label, _ in check.modes)[mode].lower()])
    extras = [{"band": key, "name": band.extra.name, "plural": band.extra.plural,
               "counts": [[n, fraction_text(p)] for n, p in counts]}
              for key, counts in extra_counts.items()
              for band in check.bands if band.key == key and band.extra is not None]
    return {"check": check.title, "inputs": shown, "values": values, "mode": mode,
            "notation": notation(check, values, game.ladders, mode), "measure": _measure(check),
            "outcomes": [{"key": o.key, "name": o.name, "p": fraction_text(p), "percent": percent(p),
                          "succeeds": o.band.succeeds, "span": _span(o)} for o, p in odds],
            "success": fraction_text(success), "percent": percent(success), "extras": extras}


def _span(outcome: Outcome) -> str:
    band = outcome.band
    if outcome.level is None or band.levels is None:
        return band.span()
    low = (band.low or 0) + outcome.level * band.levels.every
    top = band.levels.most is not None and outcome.level == band.levels.most
    high = None if top else low + band.levels.every - 1
    high = band.high if high is None or (band.high is not None and high > band.high) else high
    return f"{low} or more" if high is None else (str(low) if low == high else f"{low} to {high}")


def _register_check(game: Game, check: Check, names: Installed, package: str) -> None:
    base = f"{game.id}.{check.key}"
    params = _params(game, check)

    def odds(**values: Any) -> dict[str, Any]:
        return odds_answer(game, check, dict(values))

    def roll(**values: Any) -> dict[str, Any]:
        seed = values.pop("seed")
        mode = values.pop("mode", None)
        answer = seeded_roll(check, values, game.ladders, seed, mode)
        answer["seed"] = seed
        answer["inputs"] = [[game.inputs[n].label, _shown(game.inputs[n], values[n])] for n in check.inputs]
        answer["text"] = roll_sentence(answer)
        return answer

    _owned(package, odds), _owned(package, roll)
    odds.declared_check = True  # type: ignore[attr-defined]  # the check() macro takes these
    register(base, check.summary or f"{check.title}: the exact chance of each outcome.", *params)(odds)
    register(f"{base}.roll", f"{check.title}: one seeded roll, every die shown.", *params, SEED)(roll)
    names["calls"] += [base, f"{base}.roll"]
    modes = {key: label for key, label, _ in check.modes}
    fields = tuple(Field(p.name, game.inputs[p.name].label) if p.name in game.inputs else
                   Field(p.name, "Rolled", choice_labels=modes) for p in params)
    widget_name = f"{game.id}-{check.key.replace('_', '-')}"
    register_widget(Widget(widget_name, f"{check.title}: the odds", base, fields, "Work it out", odds_view,
                           live="change"))
    register_widget(Widget(f"{widget_name}-roll", f"{check.title}: roll it", f"{base}.roll",
                           (*fields, Field("seed", "Seed (optional)", optional=True, seed=True)), "Roll",
                           roll_view, defaults={"seed": 1}, log=5, log_title="Earlier rolls"))
    names["widgets"] += [widget_name, f"{widget_name}-roll"]


def _cells(game: Game, spec: TableSpec) -> Iterator[tuple[Any, list[tuple[str, Any]]]]:
    """Each row value, with each column's (key, chance as text)."""
    check = game.checks[spec.check]
    rows = game.inputs[spec.rows].values()
    for row in rows:
        values: dict[str, Any] = {n: game.inputs[n].default for n in check.inputs}
        values.update(spec.fixed)
        values[spec.rows] = row
        if spec.columns == "outcomes":
            odds = outcome_odds(check, values, game.ladders, values.pop("mode", None))
            yield row, [(o.key, _text(spec, p)) for o, p in odds]
            continue
        cells = []
        for column in game.inputs[spec.columns].values():
            values[spec.columns] = column
            odds = outcome_odds(check, dict(values), game.ladders)
            cells.append((str(column), _text(spec, sum((p for o, p in odds if o.key in spec.show),
                                                        start=0 * odds[0][1]))))
        yield row, cells


def _column(spec: TableSpec, check: Check, column: str) -> str:
    """A column's heading, for an erratum's item: ``2 hits``, or an outcome's name."""
    if spec.columns == "outcomes":
        return next((o.name for o in check.outcomes() if o.key == column), column)
    return spec.column_label.replace("{value}", column)


def _text(spec: TableSpec, p: Any) -> str:
    return fraction_text(p) if spec.style == "fraction" else percent(p)


def build_spec_table(game: Game, spec: TableSpec) -> TableData:
    """A declared table, each printed cell that the rule does not give marked beside its value."""
    check = game.checks[spec.check]
    row_input = game.inputs[spec.rows]
    if spec.columns == "outcomes":
        headers = [o.name for o in check.outcomes()]
    else:
        column_input = game.inputs[spec.columns]
        headers = [spec.column_label.replace("{value}", _shown(column_input, v)) for v in column_input.values()]
    rows = []
    for row, cells in _cells(game, spec):
        shown = []
        for column, value in cells:
            printed = spec.printed.get((str(row), column))
            shown.append(Cell(value, printed=printed if printed not in (None, value) else None))
        rows.append([_shown(row_input, row), *shown])
    return make_table(f"{game.id}-{spec.key}", spec.title, [row_input.label, *headers], rows)


def errata(game: Game) -> Iterator[Erratum]:
    """One erratum for every printed cell of a declared table that the rule does not give."""
    for spec in game.tables.values():
        check = game.checks[spec.check]
        computed = {(str(row), column): value for row, cells in _cells(game, spec) for column, value in cells}
        for (row, column), printed in spec.printed.items():
            value = computed.get((row, column))
            if value is not None and value != printed:
                yield Erratum(key=f"{game.id}-{spec.key}-{row}-{column}", page=f"{game.errata_page}",
                              where=spec.title, item=f"{game.inputs[spec.rows].label} {row}, {_column(spec, check, column)}",
                              printed=printed, computed=value, rule=check.summary or check.title)


def _owned(package: str, fn: Any) -> Any:
    """Mark a function made for a game as its package's (the checks ask who registered each name)."""
    fn.__module__ = package
    return fn


def install(game: Game, package: str | None = None) -> Installed:
    """Register everything the game declares; returns the names, for :func:`uninstall`.

    ``package`` (default: the game's id) owns what is registered, as if its own modules had done it."""
    package = package or game.id
    from rollwright.data.character import install_character
    from rollwright.kit import errata as errata_module

    names: Installed = {"calls": [], "widgets": [], "tables": [], "errata": []}
    for check in game.checks.values():
        _register_check(game, check, names, package)
    for spec in game.tables.values():
        name = f"{game.id}-{spec.key}"
        register_table(name, spec.summary or spec.title)(
            _owned(package, lambda spec=spec: build_spec_table(game, spec)))
        names["tables"].append(name)
    if game.declares_system and game.system is not None:
        system = game.system
        register_table(f"{game.id}-errata", "Every printed value that the rules do not give.")(
            _owned(package, lambda: errata_table(system, f"{game.id}-errata")))  # type: ignore[arg-type]
        names["tables"].append(f"{game.id}-errata")
    source = errata_module.errata_source(lambda: errata(game))
    names["errata"].append(str(id(source)))
    if game.character is not None:
        names["calls"] += install_character(game, package)
    return names


def uninstall(names: Installed) -> None:
    """Take out what :func:`install` registered (tests, and a game edited while the site is served)."""
    from rollwright.kit import errata as errata_module

    for name in names["calls"]:
        REGISTRY.pop(name, None)
    for name in names["widgets"]:
        _REGISTERED.pop(name, None)
    for name in names["tables"]:
        _BUILDERS.pop(name, None)
    errata_module._SOURCES[:] = [s for s in errata_module._SOURCES if str(id(s)) not in names["errata"]]


__all__ = ["all_errata", "build_spec_table", "errata", "install", "odds_answer", "param", "uninstall",
           "inputs_text"]
