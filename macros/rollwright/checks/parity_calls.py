"""What the parity check compares: each system's listed calls, the widgets on the site's pages with their
build-time values, the builder contract's calls on a new character, and the kit's own calls.

A system's ``parity_calls.toml`` sits next to its package (the browser's wheel leaves it out)::

    [[call]]                       # must answer, alike in CPython and Pyodide
    name = "pips.odds"
    params = { dice = 3, need = 2 }

    [[error]]                      # must be refused, with the same error in both
    name = "pips.odds"
    params = { dice = 9 }

Every call a system registers must be reached (directly, or through a widget that makes it), and every
widget it registers rendered: :func:`coverage_problems` says which are not.
"""

from __future__ import annotations

import ast
import json
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rollwright.checks.site import Site, SystemPackage
from rollwright.data.toml_limits import check_toml
from rollwright.errors import DeclarationError
from rollwright.kit import api
from rollwright.kit.discovery import system_packages
from rollwright.kit.system import System, all_systems, system_of
from rollwright.kit.widget import all_widgets

FILENAME = "parity_calls.toml"
KIT = "kit"

KIT_CALLS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("dice.roll", {"notation": "10k5", "seed": 7}),
    ("dice.dist", {"notation": "3d10+d6"}),
    ("dice.dist", {"notation": "od20"}),
    ("dice.dist", {"notation": "d8!"}),
    ("dice.odds", {"e1": "10k5", "e2": "4d6kh3", "e3": "3d10+d6", "e4": "od20", "l1": "Pool", "view": "at-least",
                   "target": 20, "exact": True}),
    ("dice.compare", {"a": "d8!>=7", "b": "2d20kl1"}),
    ("chip.dice", {"notation": "2d10+d4", "vs": 10, "seed": 3}),
    ("character.roster", {"characters": [{"id": "c-parity", "name": "Ada"}], "active": "c-parity"}),
    ("character.choice", {"characters": [{"id": "c-parity", "name": "Ada"}, {"id": "c-2", "name": "<Bo>"}],
                          "chosen": "c-2", "control_id": "rw-w1-page-character"}),
    ("widget.render", {"widget": "dice-odds", "params": {"e1": "6d10dh2", "e2": "d8!", "view": "at-most",
                                                         "target": 9}}),
    ("widget.render", {"widget": "dice-roll", "params": {"notation": "4d6!kh3+10k5-od20", "seed": 42}}),
)
"""The kit's calls, with valid parameters (every kit widget is rendered with its defaults as well)."""

KIT_ERRORS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("dice.dist", {"notation": "2d+1"}),
    ("no.such.call", {}),
    ("dice.odds", {"e1": "3d6", "e2": "4d6k+3"}),
    ("dice.odds", {"e1": "100d20kh50", "e2": "100d20kh50", "e3": "100d20kh50"}),
    ("widget.render", {"widget": "dice-compare", "params": {"a": "3d6", "b": "101d6"}}),
    ("widget.from-character", {"widget": "dice-roll", "character": {}}),
)
"""Kit calls the engine refuses: the error envelopes must match too."""

KIT_REFUSED_ONLY = ("widget.from-character",)
"""Kit calls that only a game's widget can answer (a tracker that starts from the game's character): the kit
compares their refusal, and each game with such a widget compares an answer in its ``parity_calls.toml``."""

_WIDGET_MACRO = re.compile(r"\{\{\s*(widget\(.*?\))\s*\}\}", re.DOTALL)
_RAW = re.compile(r"\{%\s*raw\s*%\}.*?\{%\s*endraw\s*%\}", re.DOTALL)


@dataclass(frozen=True)
class ParityCall:
    """One call to compare: who owns it, the call, whether it must answer (or be refused), where it comes from."""

    owner: str
    name: str
    params: dict[str, Any]
    valid: bool
    origin: str

    @property
    def params_json(self) -> str:
        return json.dumps(self.params, sort_keys=True)

    def label(self) -> str:
        """``pips.odds {"dice": 3} (the widget on pips/index.md)``, cut short if long."""
        params = self.params_json if len(self.params_json) <= 100 else self.params_json[:97] + "..."
        return f"{self.name} {params} ({self.origin})"


def owner_of(name: str, params: dict[str, Any]) -> str:
    """The id of the system a call (or the widget it renders) belongs to, else ``kit``.

    A call is a system's when it is named after it, or else when the system's package registered it
    (a misnamed call, which the contract check names, is still that system's to compare).
    """
    if name in ("widget.render", "widget.from-character") and isinstance(params.get("widget"), str):
        widget = all_widgets().get(params["widget"])
        return owner_of(widget.call, {}) if widget and not system_of(params["widget"]) else \
            _system_id(system_of(params["widget"]))
    system = system_of(name)
    registered = api.REGISTRY.get(name)
    if system is None and registered is not None:
        module = (getattr(registered.fn, "__module__", "") or "").split(".")[0]
        system = next((s for package, s in zip(system_packages(), all_systems().values()) if package == module), None)
    return _system_id(system)


def _system_id(system: System | None) -> str:
    return system.id if system else KIT


def _widget_call(name: str, params: dict[str, Any], origin: str, valid: bool = True) -> ParityCall:
    widget = all_widgets()[name]
    call_params = {"widget": name, "params": {**(widget.defaults or {}), **params}}
    return ParityCall(owner_of("widget.render", call_params), "widget.render", call_params, valid, origin)


def kit_calls() -> list[ParityCall]:
    """The kit's calls and errors, and every kit widget with its defaults."""
    calls = [ParityCall(KIT, name, params, True, "the kit's calls") for name, params in KIT_CALLS]
    calls += [_widget_call(name, {}, "the kit's widgets") for name in sorted(all_widgets())
              if owner_of("widget.render", {"widget": name}) == KIT]
    calls += [ParityCall(KIT, name, params, False, "the kit's refused calls") for name, params in KIT_ERRORS]
    return calls


def page_widgets(site: Site) -> list[ParityCall]:
    """``widget.render`` for every ``{{ widget(...) }}`` with literal values in the site's pages (not the
    examples a page shows inside ``{% raw %}``, which are never rendered)."""
    found = []
    widgets = all_widgets()
    for path in sorted(site.docs_dir.rglob("*.md")):
        page = path.relative_to(site.docs_dir).as_posix()
        for text in _WIDGET_MACRO.findall(_RAW.sub("", path.read_text(encoding="utf-8"))):
            try:
                node = ast.parse(text, mode="eval").body
                assert isinstance(node, ast.Call)
                name = ast.literal_eval(node.args[0])
                params = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
            except (SyntaxError, ValueError, AssertionError, IndexError):
                continue  # not plain values (a page variable, say): the build renders it, parity cannot
            if isinstance(name, str) and name in widgets:
                found.append(_widget_call(name, params, f"the widget on {page}"))
    return found


def declared_calls(system: System) -> list[ParityCall]:
    """A ``game.toml``'s checks, each compared at its inputs' defaults (odds, and one seeded roll), so a data
    game needs no ``parity_calls.toml`` for them."""
    found = []
    for name, entry in list(api.REGISTRY.items()):
        if name.partition(".")[0] != system.id or not getattr(entry.fn, "declared_check", False):
            continue
        params = {p.name: p.default for p in entry.params}
        found += [ParityCall(system.id, name, params, True, "its game.toml"),
                  ParityCall(system.id, f"{name}.roll", {**params, "seed": 1}, True, "its game.toml")]
    return found


def contract_calls(system: System) -> list[ParityCall]:
    """The builder contract's calls on a new character (none for a system without a builder)."""
    if system.character_schema is None:
        return []
    prefix, origin = f"{system.id}.character", "the builder contract"
    try:
        blank = api.call(f"{prefix}.new", {})["character"]
    except Exception:  # the contract check reports it; compare the failure itself
        return [ParityCall(system.id, f"{prefix}.new", {}, True, origin)]
    character = {"character": blank}
    calls = [(f"{prefix}.new", {}), (f"{prefix}.check", character),
             (f"{prefix}.editor", {**character, "action": "render", "path": "", "value": ""}),
             *((f"{prefix}.sheet", {**character, "format": kind}) for kind in ("text", "markdown", "html")),
             (f"{prefix}.picker", {**character, "fields": ["rw-w1-parity"]})]
    return [ParityCall(system.id, name, params, True, origin) for name, params in calls]


def listed_calls(package: SystemPackage, site_root: Path) -> tuple[list[ParityCall], list[str]]:
    """The calls of a system's ``parity_calls.toml`` (none if it has no such file), and what is wrong with it."""
    path = package.folder / FILENAME
    shown = path.relative_to(site_root).as_posix() if path.is_relative_to(site_root) else str(path)
    if not path.is_file():
        return [], []
    try:
        text = path.read_text(encoding="utf-8")
        check_toml(text, shown)
        data = tomllib.loads(text)
    except DeclarationError as error:
        return [], [str(error)]
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        return [], [f"{shown}: not valid TOML ({error})"]
    calls, problems = [], []
    for kind, valid in (("call", True), ("error", False)):
        for index, item in enumerate(data.get(kind, []), 1):
            if not isinstance(item, dict) or not isinstance(item.get("name"), str) \
                    or not isinstance(item.get("params", {}), dict):
                problems.append(f"{shown}: [[{kind}]] number {index} needs name = \"...\" and params = {{ ... }}")
                continue
            calls.append(ParityCall(package.system.id, item["name"], item.get("params", {}), valid, shown))
    return calls, problems


def coverage_problems(owner: str, calls: Sequence[ParityCall], hint: str) -> list[str]:
    """Calls and widgets of ``owner`` that no valid call of ``calls`` reaches."""
    answered = [c for c in calls if c.valid]
    rendered = {c.params["widget"] for c in answered if c.name == "widget.render"}
    widgets = all_widgets()
    reached = {c.name for c in answered} | {widgets[w].call for w in rendered if w in widgets}
    reached |= {c.name for c in calls if not c.valid and c.name in KIT_REFUSED_ONLY}
    mine = [name for name in api.REGISTRY if owner_of(name, {}) == owner]
    problems = [f"the call {name!r} is never compared: {hint}" for name in mine if name not in reached]
    problems += [f"the widget {name!r} is on no page and never rendered: show it on a page, or {hint}"
                 for name in widgets if owner_of("widget.render", {"widget": name}) == owner and name not in rendered]
    return problems


ANSWER_SAMPLES = 4
"""How many answers at build time of each widget the parity check asks Pyodide for (the first, the last, one
refusal and one in the middle); CPython answers them all (:func:`rollwright.site.answers.differing_answers`)."""


def answer_samples(site_dir: Path) -> list[ParityCall]:
    """A few of each widget's answers at build time (:mod:`rollwright.site.answers`), as the calls that make them."""
    from rollwright.kit.answer_space import Space
    from rollwright.site.answers import answer_folders

    found = []
    for widget, folder, space_json in answer_folders(site_dir):
        space = Space.from_json(space_json)
        answers = [json.loads((site_dir / folder / f"{i}.json").read_text(encoding="utf-8"))["ok"]
                   for i in range(space.size)]
        refused = next((i for i, ok in enumerate(answers) if not ok), None)
        picks = sorted({0, space.size - 1, space.size // 2} | ({refused} if refused is not None else set()))
        for index in picks[:ANSWER_SAMPLES]:
            params = {"widget": widget, "params": space.params(index)}
            found.append(ParityCall(owner_of("widget.render", params), "widget.render", params, answers[index],
                                    f"answer {index} at build time, {folder}"))
    return found
