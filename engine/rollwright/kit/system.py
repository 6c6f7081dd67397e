"""A system's declaration: who it is, where its rules come from, its pages.

Every system package declares itself in its ``__init__`` with one :class:`System`
named ``SYSTEM``. The kit reads those declarations; it
never lists systems itself. A system's id prefixes everything it registers:
calls are ``<id>.name``, widgets and tables ``<id>-name``.

>>> demo = System(id="demo", title="Demo", pitch="A one-die game.", source="a test",
...               docs="demo", pages=(Page("demo/index.md", "Overview"),))
>>> demo.owns("demo.roll"), demo.owns("demo-odds"), demo.owns("democracy.vote")
(True, True, False)
>>> demo.page_rank("demo/index.md#odds"), demo.page_rank("elsewhere.md")
(0, 1)
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

from rollwright.kit.discovery import example_packages, system_packages

if TYPE_CHECKING:
    from rollwright.kit.quick_reference import QuickReference

_ID = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Page:
    """One page of a system's reference: its path under ``docs/`` and its title."""

    path: str
    title: str


@dataclass(frozen=True)
class System:
    """A rule system as the site sees it.

    ``docs`` is the folder of its pages under ``docs/``; ``pages`` lists them in
    reading order (errata are listed in this order). ``character_schema`` is the
    ``schema`` value its character documents carry, or None when the system has
    no character builder; a system with one implements the builder contract
    (:mod:`rollwright.kit.characters`); ``reads_unmarked_characters`` claims older
    documents that carry no ``schema``.
    """

    id: str
    title: str
    pitch: str
    source: str
    docs: str
    pages: tuple[Page, ...]
    character_schema: str | None = None
    reads_unmarked_characters: bool = False
    """Documents without a ``schema`` field (older files) are this system's characters."""
    character_limits: Mapping[str, int] = field(default_factory=dict, hash=False, compare=False)
    """Most entries in each list of a character, as its editor allows: ``{"skills": 30, "skills.*.focuses": 10}``
    (``*`` stands for any index). The builder refuses a file or link over one before sending it to Python."""
    licence: str | None = None
    """The licence of the game's rules text and figures: an SPDX id (``CC-BY-4.0``) or the designer's own
    words; None when its source states none (the site then says so, and grants nothing)."""
    attribution: str = ""
    """Whom the game is by, as it should be credited (``Jane Doe, 2026``)."""
    declared_in: str | None = field(default=None, compare=False)
    """The ``game.toml`` that declares the game (``pips/game.toml``), None for a game written in Python: its
    messages then speak of that file's keys, never of Python objects."""
    quick_reference: QuickReference | None = field(default=None, compare=False, hash=False)
    """Its quick reference (:mod:`rollwright.kit.quick_reference`): the core roll, its outcomes and odds at a
    stated input, its ladder or dice table. A game declared as data says it in its ``game.toml`` instead."""

    def __post_init__(self) -> None:
        if not _ID.match(self.id):
            raise ValueError(f"a system id is lower-case words joined by '-', e.g. 'my-game' (got {self.id!r})")

    @property
    def licence_notice(self) -> str:
        """One line about the game's rules text: whose it is and under what licence (a page footer's).

        >>> game = System(id="pips", title="Pips", pitch="", source="", docs="pips", pages=())
        >>> game.licence_notice
        'Pips: its source states no licence, so none is granted here.'
        >>> System(id="pips", title="Pips", pitch="", source="", docs="pips", pages=(), licence="CC-BY-4.0",
        ...        attribution="Jane Doe").licence_notice
        'Pips by Jane Doe. Rules text and figures: CC-BY-4.0.'
        """
        who = f"{self.title} by {self.attribution}" if self.attribution else self.title
        if self.licence is None:
            return f"{who}: its source states no licence, so none is granted here."
        return f"{who}. Rules text and figures: {self.licence}."

    def owns(self, name: str) -> bool:
        """Whether a call (``id.x``), widget or table (``id-x``) name belongs to this system."""
        return name.startswith((f"{self.id}.", f"{self.id}-"))

    def page_rank(self, page: str) -> int:
        """Where a page (``folder/page.md#anchor``) comes in reading order; unknown pages go last."""
        paths = [p.path for p in self.pages]
        path = page.partition("#")[0]
        return paths.index(path) if path in paths else len(paths)


def all_systems() -> dict[str, System]:
    """Every declared system by id, in the site's order; ids must be unique.

    These are the site's games (its home page, search, print editions, page rules); the example games
    (:func:`all_examples`) are not among them.
    """
    return _declared(system_packages())


def all_examples() -> dict[str, System]:
    """The site's example games by id (``examples:`` in its ``mkdocs.yml``): their calls, widgets and tables
    answer on any page, but they are not the site's games."""
    return dict(list(all_games().items())[len(system_packages()):])


def all_games() -> dict[str, System]:
    """The systems, then the examples, by id; one id may not be declared twice across both."""
    return _declared(system_packages() + example_packages())


def package_system(package: str) -> System:
    """The game a system package declares: ``SYSTEM`` in its ``__init__.py``, or the ``[game]`` of its
    ``game.toml`` (:mod:`rollwright.data`); TypeError when it declares neither."""
    try:
        module = importlib.import_module(package)
    except ModuleNotFoundError as error:
        if error.name != package:
            raise
        raise ModuleNotFoundError(f"the system package {package!r} cannot be imported: is it installed, "
                                  f"or named by its folder in the site's mkdocs.yml?", name=package) from None
    declared = getattr(module, "SYSTEM", None)
    if declared is None:
        from rollwright.data.discover import system_from_file  # a game declared as data (game.toml)

        declared = system_from_file(package)
    if not isinstance(declared, System):
        raise TypeError(f"the system package {package!r} must declare its game: a game.toml with a [game] "
                        f"table, or SYSTEM = System(...) in its __init__.py")
    return declared


@cache
def _declared(packages: tuple[str, ...]) -> dict[str, System]:
    found: dict[str, System] = {}
    for package in packages:
        declared = package_system(package)
        if declared.id in found:
            raise ValueError(f"two system packages declare the id {declared.id!r}")
        found[declared.id] = declared
    return found


def system_of(name: str) -> System | None:
    """The system a call, widget or table name belongs to, or None for the kit's own.

    >>> system_of("dice.roll") is None
    True
    """
    return next((s for s in all_games().values() if s.owns(name)), None)
