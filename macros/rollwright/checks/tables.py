"""The tables check, on the built site: every registered table a page (or a print edition) shows equals the
engine's data, every table the system registers is shown somewhere, its errata table lists exactly what its
errata sources find, every erratum's link leads to a real heading, and its pages show no rules table the
registry did not build.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from rollwright.checks.html import LooseTables, article
from rollwright.checks.report import CheckResult, outcome
from rollwright.checks.site import BuiltSite, Site, SystemPackage
from rollwright.kit.errata import all_errata
from rollwright.kit.system import System
from rollwright.kit.tables import all_tables, build_table

CHECK = "tables"


@dataclass(frozen=True)
class ShownTable:
    """A registered table as a built page shows it."""

    page: str
    name: str
    params: dict[str, Any]
    rows: list[list[str]]


def shown_tables(built: BuiltSite) -> list[ShownTable]:
    """Every ``data-rw-registered`` table of the built site, page by page, the print editions' too."""
    found = []
    for page in built.pages() + built.editions():
        reader = built.reader(page)
        for tag, attributes in reader.attributes:
            if tag == "table" and "data-rw-registered" in attributes:
                name = attributes.get("data-rw-table") or ""
                found.append(ShownTable(page, name, json.loads(attributes.get("data-rw-params") or "{}"),
                                        reader.tables.get(name, [])))
    return found


def first_difference(shown: list[list[str]], engine: list[list[str]]) -> str:
    """Where a shown table first differs from the engine's rows, in words.

    >>> first_difference([["a"], ["1", "2"]], [["a"], ["1", "3"]])
    "row 2: the page shows ['1', '2'], the engine gives ['1', '3']"
    >>> first_difference([["a"]], [["a"], ["1"]])
    'the page shows 1 row, the engine gives 2'
    """
    for index, (mine, theirs) in enumerate(zip(shown, engine), 1):
        if mine != theirs:
            return f"row {index}: the page shows {mine}, the engine gives {theirs}"
    return (f"the page shows {len(shown)} row{'' if len(shown) == 1 else 's'}, "
            f"the engine gives {len(engine)}")


def _compare(system: System, shown: list[ShownTable]) -> list[str]:
    problems = []
    for table in shown:
        if not system.owns(table.name):
            continue
        try:
            engine = build_table(table.name, **table.params).text_rows()
        except Exception as error:  # a table the page shows but the engine can no longer build
            problems.append(f"{table.page}: the table {table.name!r} {table.params or ''} cannot be built "
                            f"({type(error).__name__}: {error})")
            continue
        if table.rows != engine:
            problems.append(f"{table.page}: the table {table.name!r} differs from the engine's data, "
                            f"{first_difference(table.rows, engine)}; show it with "
                            f"{{{{ table(\"{table.name}\") }}}} and build the site again")
    registered = sorted(name for name in all_tables() if system.owns(name))
    unseen = [name for name in registered if name not in {t.name for t in shown}]
    problems += [f"the table {name!r} is registered but shown on no page: add {{{{ table(\"{name}\") }}}} to a "
                 f"page of {system.docs}/, or remove it" for name in unseen]
    return problems


def _errata(system: System, site: Site, built: BuiltSite, pages: list[str]) -> tuple[list[str], int]:
    found = all_errata(system)
    name = f"{system.id}-errata"
    tables = [(page, built.reader(page).tables[name]) for page in pages if name in built.reader(page).tables]
    problems = []
    if found and not tables:
        problems.append(f"the errata sources find {len(found)} errat{'um' if len(found) == 1 else 'a'}, but no "
                        f"page of {system.docs}/ shows them: register a table {name!r} "
                        f"(rollwright.kit.errata.errata_table) and show it on one page")
    elif len(tables) > 1:
        problems.append(f"the errata table {name!r} must be on exactly one page (it is on "
                        f"{', '.join(page for page, _ in tables)})")
    elif tables:
        page, rows = tables[0]
        listed, expected = [row[0] for row in rows[1:]], [e.where for e in found]
        if listed != expected:
            problems.append(f"{page}: the errata table lists {listed}, but the errata sources find {expected} "
                            "(in the reading order of the system's pages); build the site again")
    for erratum in found:
        path, _, anchor = erratum.page.partition("#")
        target = site.page_file(built.directory, path)
        if not target.is_file():
            problems.append(f"the erratum {erratum.key!r} points at {erratum.page}, a page the site does not build")
        elif anchor and f'id="{anchor}"' not in built.text(target.relative_to(built.directory).as_posix()):
            problems.append(f"the erratum {erratum.key!r} points at {erratum.page}, but that page has no "
                            f"heading or element with id {anchor!r}")
    return problems, len(found)


def _loose(pages: list[str], built: BuiltSite) -> list[str]:
    problems = []
    for page in pages:
        reader = LooseTables()
        reader.feed(article(built.text(page)))
        if reader.loose:
            problems.append(f"{page}: tables not built by the registry ({', '.join(reader.loose)}): a rules "
                            "table is registered in the system's tables/ folder and shown with {{ table(...) }}, "
                            "so it is computed from the rules")
    return problems


def check_tables(package: SystemPackage, site: Site, built: BuiltSite) -> CheckResult:
    """The tables check of one system on the built site."""
    system = package.system
    shown = shown_tables(built)
    pages = [page for page in built.pages() if page.startswith(f"{system.docs}/")]
    problems = _compare(system, shown)
    errata_problems, errata = _errata(system, site, built, pages)
    problems += errata_problems + _loose(pages, built)
    count = len({t.name for t in shown if system.owns(t.name)})
    summary = f"{count} table{'' if count == 1 else 's'} shown, {errata} errat{'um' if errata == 1 else 'a'}"
    return outcome(system.id, CHECK, problems, summary)
