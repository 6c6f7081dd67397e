"""A data game's declarations (its ``game.toml``) as plain data: inputs, checks and bands, ladders, formulas.

Formulas and dice templates are kept as written, so a change to one reads as the designer wrote it.

>>> from rollwright.data.loader import EXAMPLE, load_text
>>> game = plain_game(load_text(EXAMPLE, "demo/game.toml", system_id="demo"))
>>> game["checks"]["move"]["roll"], sorted(game["checks"]["move"]["bands"])
('2d6 + {stat}', ['hit', 'miss', 'partial'])
"""

from __future__ import annotations

from dataclasses import asdict, is_dataclass
from typing import Any


def _text(value: Any) -> Any:
    """A formula or template by its text; dataclasses and containers made plain."""
    if value is None or isinstance(value, (bool, int, str, float)):
        return value
    if hasattr(value, "parts") and hasattr(value, "text"):  # a Template
        return value.text
    if hasattr(value, "evaluate") and hasattr(value, "text"):  # a formula Node
        return value.text
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(k): _text(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [_text(v) for v in value]
    if is_dataclass(value):
        return {f: _text(getattr(value, f)) for f in value.__dataclass_fields__}
    return str(value)


def _band(band: Any) -> dict[str, Any]:
    found = {"name": band.name, "low": band.low, "high": band.high, "succeeds": band.succeeds,
             "rule": band.rule, "when": _text(band.when)}
    if band.levels is not None:
        found["levels"] = _text(band.levels)
    if band.extra is not None:
        found["extra"] = asdict(band.extra)
    return found


def _check(check: Any) -> dict[str, Any]:
    return {"title": check.title, "summary": check.summary, "inputs": list(check.inputs), "roll": check.roll.text,
            "modes": {k: {"label": label, "roll": t.text} for k, label, t in check.modes},
            "hit": check.hit, "against": _text(check.against), "on": check.on, "depth": check.depth,
            "instead": [[_text(c), t.text] for c, t in check.instead],
            "bands": {band.key: _band(band) for band in check.bands}}


def _table(spec: Any) -> dict[str, Any]:
    return {"title": spec.title, "check": spec.check, "rows": spec.rows, "columns": spec.columns,
            "show": list(spec.show), "fixed": dict(spec.fixed), "style": spec.style}


def plain_game(game: Any) -> dict[str, Any]:
    """One declared game (:class:`rollwright.data.model.Game`) as plain data keyed as written."""
    character = game.character
    formulas: dict[str, str] = {}
    if character is not None:
        formulas.update({f"derived.{d.key}": d.formula.text for d in character.derived})
        formulas.update({f"rule.{r.key}": r.formula.text for r in character.rules})
        if character.budget is not None and character.budget.cost is not None:
            formulas["budget.cost"] = character.budget.cost.text
    return {"file": game.file,
            "inputs": {k: _text(v) for k, v in game.inputs.items()},
            "checks": {k: _check(c) for k, c in game.checks.items()},
            "ladders": {name: {str(k): _text(v) for k, v in steps.items()} for name, steps in game.ladders.items()},
            "tables": {k: _table(t) for k, t in game.tables.items()},
            "formulas": formulas,
            "fields": {} if character is None else {f.key: _text(f) for f in character.fields}}


def of_package(package: str) -> dict[str, Any] | None:
    """The declarations of a game package's ``game.toml`` as plain data, or None for a game in Python only."""
    import importlib

    from rollwright.data.discover import declared_game

    module = importlib.import_module(package)
    game = declared_game(package, getattr(module, "SYSTEM", None))
    return None if game is None else plain_game(game)
