"""The ``quick_reference(game)`` macro: a game's core roll, its outcomes with exact odds, its ladder or dice
table, on one screen and one printed page.

What it shows comes from the game's declaration only (:mod:`rollwright.kit.quick_reference`): a Python game's
``System.quick_reference``, or a data game's ``[quick_reference]`` (or first check). The page holding it is
``<docs>/quick-reference.md`` by convention; the game's home links there.
"""

from __future__ import annotations

from rollwright.errors import ParameterError
from rollwright.kit.macros import engine_call, markdown_inert
from rollwright.kit.markup import Html, el
from rollwright.kit.numbers import percent, short_fraction
from rollwright.kit.quick_reference import QuickSheet, checked_bands

MAX_BESIDE = 4
"""A chart of at most this many columns sits beside the outcomes on a wide screen (a wider one goes below)."""
QUICK_REFERENCE_PAGE = "quick-reference.md"
"""The page, in a game's docs folder, that holds its quick reference."""


def quick_sheet(game: str) -> QuickSheet:
    """The quick reference sheet a game declares (checked: its chances are exact and add up to 1)."""
    import dataclasses
    import importlib

    from rollwright.data.discover import declared_game
    from rollwright.data.quick import quick_sheet as data_sheet
    from rollwright.kit.discovery import game_packages
    from rollwright.kit.system import all_games

    games = all_games()
    if game not in games:
        raise ParameterError(f"no game {game!r}; the site's games: {', '.join(games)}", field="game")
    system = games[game]
    if system.quick_reference is not None:
        sheet = system.quick_reference.sheet()
        return dataclasses.replace(sheet, bands=checked_bands(sheet.bands, f"{game}: quick_reference"))
    package = dict(zip(games, game_packages()))[game]
    declared = declared_game(package, getattr(importlib.import_module(package), "SYSTEM", None))
    if declared is None or declared.quick_reference is None:
        raise ParameterError(f"the game {game!r} declares no quick reference: set quick_reference on its System, "
                             f"or declare a check in its game.toml", field="game")
    return data_sheet(declared)


def _bands_table(sheet: QuickSheet) -> Html:
    head = el("thead", None, el("tr", None, [el("th", {"scope": "col"}, h)
                                             for h in ("Outcome", "Result", "Chance", "Exact")]))
    rows = []
    for band in (b for b in sheet.bands if b.chance):
        exact = short_fraction(band.chance) or f"a fraction of {len(str(band.chance))} characters"
        rows.append(el("tr", None, el("th", {"scope": "row"}, band.name), el("td", None, band.holds),
                       el("td", {"class": "rw-num"}, percent(band.chance)), el("td", {"class": "rw-num"}, exact)))
    caption = el("caption", None, f"Each outcome of {sheet.notation} ({sheet.at})" if sheet.at
                 else f"Each outcome of {sheet.notation}")
    return el("table", {"class": "rw-quickref__bands"}, caption, head, el("tbody", None, rows))


def _unreached(sheet: QuickSheet) -> Html | str:
    """A line naming the outcomes the roll cannot reach at these inputs (left out of the table)."""
    never = [band.name for band in sheet.bands if not band.chance]
    if not never:
        return ""
    return el("p", {"class": "rw-quickref__never"}, "Out of reach at these inputs: ", ", ".join(never), ".")


def _ladder_table(ladder: tuple[str, tuple[tuple[str, str], ...]]) -> Html:
    name, steps = ladder
    head = el("thead", None, el("tr", None, el("th", {"scope": "col"}, "Rating"), el("th", {"scope": "col"}, name)))
    rows = [el("tr", None, el("th", {"scope": "row"}, rating), el("td", None, value)) for rating, value in steps]
    return el("table", {"class": "rw-quickref__ladder"}, el("caption", None, f"The ladder {name!r}"), head,
              el("tbody", None, rows))


def _part(key: str, heading: str, body: str) -> list[str]:
    """One part of the sheet: a heading (in the page's contents) and its box, laid out as a unit."""
    return [f'<section class="rw-quickref__part rw-quickref__part--{key}" markdown="1">', "", f"## {heading}", "",
            body, "", "</section>", ""]


def quick_reference_markdown(sheet: QuickSheet) -> str:
    """The quick reference as Markdown (headings for the page's contents) around escaped HTML blocks."""
    from rollwright.mkdocs.pages import table

    roll = el("p", {"class": "rw-quickref__roll"}, sheet.roll) if sheet.roll else ""
    rolled = el("p", None, "At ", el("strong", None, sheet.at) if sheet.at else "its defaults", ", the roll is ",
                el("code", None, sheet.notation), ".")
    from rollwright.kit.tables import build_table

    narrow = sheet.table is None or len(build_table(sheet.table).headers) <= MAX_BESIDE
    kind = "rw-quickref rw-quickref--beside" if narrow and (sheet.table or sheet.ladder) else "rw-quickref"
    parts = [f'<div class="{kind}" markdown="1">', ""]
    parts += _part("roll", "The core roll", markdown_inert(el("div", {"class": "rw-quickref__box"}, roll, rolled)))
    parts += _part("bands", "Outcomes and their odds", markdown_inert(
        el("div", {"class": "rw-quickref__box", "data-rw-quickref": "bands"}, _bands_table(sheet), _unreached(sheet))))
    if sheet.ladder is not None:
        parts += _part("ladder", "The ladder", markdown_inert(el("div", {"class": "rw-quickref__box",
                                                                         "data-rw-quickref": "ladder"},
                                                                 _ladder_table(sheet.ladder))))
    if sheet.table is not None:
        parts += _part("chart", "The game's chart", "\n".join(
            ['<div class="rw-quickref__box" markdown="1">', "", table(sheet.table), "", "</div>"]))
    parts += ["</div>", ""]
    return "\n".join(parts)


def quick_reference(game: str) -> str:
    """A game's quick reference: its core roll, outcomes with exact odds at the declared input, its table."""
    return engine_call("quick_reference", (game,), {}, lambda: quick_reference_markdown(quick_sheet(game)))
