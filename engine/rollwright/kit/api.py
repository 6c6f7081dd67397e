"""The engine's one entry point: a registry of named calls on plain dicts.

``call`` is for Python callers (macros, CLI, tests); ``call_json`` is the
browser worker's door, which never raises: it returns an envelope with either
the result or the error, so a failure always reaches the page as a message.

Importing this module fills the registries: every ``calls/`` module of the kit and
of every system, and their widgets, tables and rules (:mod:`rollwright.kit.discovery`), so
the browser worker (and a memory snapshot of it) has them all before its first answer.

>>> call("dice.dist", {"notation": "d2"})["outcomes"]
[[1, '1/2'], [2, '1/2']]
>>> import json
>>> json.loads(call_json("dice.dist", '{"notation": "2d"}'))["error"]["kind"]
'notation'
>>> json.loads(call_json("dice.dist", '{"depth": 99, "notation": "d6!"}'))["error"]["field"]
'depth'
"""

from __future__ import annotations

import json
from typing import Any

from rollwright.errors import ParameterError, RollwrightError
from rollwright.kit.discovery import load_all
from rollwright.kit.limits import clip, load_json
from rollwright.kit.registry import REGISTRY, Call, Param, call, describe, lookup, register

load_all()  # every calls/ (and widgets/, tables/, rules/) module of the kit and of each system registers here

__all__ = ["REGISTRY", "Call", "Param", "call", "call_json", "describe", "lookup", "register"]


def call_json(name: str, params_json: str) -> str:
    """Run a call with JSON parameters; return ``{"ok": true, "result": ...}`` or ``{"ok": false, "error": ...}``.

    The text is measured against the input limits (:mod:`rollwright.kit.limits`) before it is parsed.
    """
    try:
        try:
            params: Any = load_json(params_json, f"{clip(str(name))}: parameters") if params_json else {}
        except ValueError as exc:
            raise ParameterError(f"{clip(str(name))}: parameters are not valid JSON ({exc})") from None
        envelope: dict[str, Any] = {"ok": True, "result": call(name, params)}
    except RollwrightError as exc:
        envelope = {"ok": False, "error": exc.to_dict()}
    except Exception as exc:  # a bug, not bad input: report it, never swallow it
        envelope = {"ok": False, "error": {"kind": "internal",
                                           "message": f"{name} failed: {type(exc).__name__}: {exc}"}}
    return json.dumps(envelope, separators=(",", ":"), sort_keys=True)
