"""One version of a site's games as a JSON snapshot of what they answer (run in a process of its own).

``python -m rollwright.changes.snapshot FOLDER OUT.json`` reads FOLDER (a site's root, with its
``mkdocs.yml``, or one game's folder), names its games to the engine, and writes, per game: every call's
declared parameters and its answers at the points of :mod:`.space` (the chance of each outcome, exact,
where the answer lists outcomes; a digest of the whole answer otherwise), a data game's declarations
(inputs, checks and their bands, ladders, formulas, tables), every registered table's cells, the errata,
the things, and the Markdown of its pages. Two versions of one game share module names, so each version
is read in a fresh process; the snapshot is plain JSON, so it can be cached per revision, and each game's
answers per game (a release that changed one game evaluates that game only).
"""

from __future__ import annotations

import hashlib
import json
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any

from rollwright.changes import declared
from rollwright.changes.space import NotComparable, call_points, key

FORMAT = "rollwright-snapshot/1"
MAX_PAGE_BYTES = 1_000_000
"""A page bigger than this is compared by its digest only."""
MAX_PAGES = 500
"""Most pages of one game read."""
CONFIG_NAMES = ("mkdocs.yml", "mkdocs.yaml")


def odds_in(answer: Any) -> tuple[str, dict[str, str], dict[str, str]] | None:
    """The first list of outcomes in an answer (``[{"key", "name", "p"}, ...]``): its field, names and chances;
    else an answer's one chance (``"p": "7/27"``), as success and failure.

    >>> odds_in({"outcomes": [{"key": "hit", "name": "Hit", "p": "1/3"}, {"key": "miss", "name": "Miss", "p": "2/3"}]})
    ('outcomes', {'hit': 'Hit', 'miss': 'Miss'}, {'hit': '1/3', 'miss': '2/3'})
    >>> odds_in({"total": 3}) is None
    True
    >>> odds_in({"dice": 3, "p": "7/27"})
    ('p', {'yes': 'Succeeds', 'no': 'Fails'}, {'yes': '7/27', 'no': '20/27'})
    """
    if not isinstance(answer, dict):
        return None
    for field, value in answer.items():
        if not isinstance(value, list) or not value:
            continue
        if all(isinstance(item, dict) and isinstance(item.get("key"), str) and isinstance(item.get("p"), str)
               for item in value):
            try:
                chances = {item["key"]: str(Fraction(item["p"])) for item in value}
            except (ValueError, ZeroDivisionError):
                continue
            return field, {item["key"]: str(item.get("name", item["key"])) for item in value}, chances
    chance = _chance(answer.get("p"))
    if chance is not None:  # one chance (of success): an outcome and its complement
        return "p", {"yes": "Succeeds", "no": "Fails"}, {"yes": str(chance), "no": str(1 - chance)}
    return None


def _chance(value: Any) -> Fraction | None:
    """A chance written as exact text (``"7/27"``), or None."""
    if not isinstance(value, str) or "/" not in value:
        return None
    try:
        found = Fraction(value)
    except (ValueError, ZeroDivisionError):
        return None
    return found if 0 <= found <= 1 else None


def digest(answer: Any) -> str:
    text = json.dumps(answer, sort_keys=True, separators=(",", ":"), default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def call_snapshot(name: str) -> dict[str, Any]:
    """One call: its parameters, and its answer at every point (odds, digest, or the refusal)."""
    from rollwright.kit.registry import REGISTRY
    from rollwright.errors import RollwrightError

    target = REGISTRY[name]
    found: dict[str, Any] = {"summary": target.summary, "params": [p.describe() for p in target.params]}
    try:
        sets = call_points(target)
    except NotComparable as why:
        found["skipped"] = str(why)
        return found
    results: dict[str, Any] = {}
    names: dict[str, str] = {}
    field = None
    for params in sets:
        try:
            answer = target.fn(**target.bind(params))
        except RollwrightError as error:
            results[key(params)] = {"refused": str(error)[:300]}
            continue
        except Exception as error:  # the game's own fault at this point: shown, never swallowed
            results[key(params)] = {"refused": f"{type(error).__name__}: {str(error)[:260]}", "fault": True}
            continue
        odds = odds_in(answer)
        entry: dict[str, Any] = {"digest": digest(answer)}
        if odds is not None:
            field = field or odds[0]
            names.update(odds[1])
            entry["odds"] = odds[2]
        results[key(params)] = entry
    found.update({"odds_field": field, "outcomes": names, "results": results})
    return found


def _plain_table(data: Any) -> dict[str, Any]:
    return {"caption": data.caption, "headers": list(data.headers),
            "rows": [[cell.text() for cell in row] for row in data.rows],
            "row_keys": list(data.row_keys) if data.row_keys else None}


def _tables(system: Any) -> dict[str, Any]:
    from rollwright.kit.tables import all_tables, build_table
    from rollwright.errors import RollwrightError

    found: dict[str, Any] = {}
    for name in sorted(all_tables()):
        if not system.owns(name) or name.endswith("-errata"):
            continue
        try:
            found[name] = _plain_table(build_table(name))
        except RollwrightError as error:  # a table that needs parameters a page gives it
            found[name] = {"skipped": str(error)[:200]}
    return found


def _errata(system: Any) -> dict[str, Any]:
    from rollwright.kit.errata import all_errata

    return {e.key: {"page": e.page, "where": e.where, "item": e.item, "printed": e.printed,
                    "computed": e.computed, "rule": e.rule} for e in all_errata(system)}


def _things(system: Any) -> dict[str, Any]:
    try:
        from rollwright.things.export import field_json, plain
        from rollwright.things.registry import catalogue
    except ModuleNotFoundError:  # a Rollwright without things
        return {}
    try:
        found = catalogue(system.id)
    except KeyError:
        return {}
    return {kind.id: {"title": kind.title, "page": kind.page, "fields": {spec.key: field_json(spec) for spec in kind.fields},
                      "entries": {entry.id: {"name": entry.name, **{k: plain(v) for k, v in entry.values}}
                                  for entry in kind.entries}}
            for kind in found.kinds}


def _title(text: str, fallback: str) -> str:
    for line in text.splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return fallback


def _pages(system: Any, docs: Path | None) -> dict[str, Any]:
    if docs is None or not (docs / system.docs).is_dir():
        return {}
    titles = {page.path: page.title for page in system.pages}
    found: dict[str, Any] = {}
    for path in sorted((docs / system.docs).rglob("*.md"))[:MAX_PAGES]:
        relative = path.relative_to(docs).as_posix()
        if "/print/" in f"/{relative}":
            continue
        raw = path.read_bytes()
        text = raw.decode("utf-8", "replace") if len(raw) <= MAX_PAGE_BYTES else ""
        found[relative] = {"title": titles.get(relative) or _title(text, relative), "text": text,
                           "digest": hashlib.sha256(raw).hexdigest()[:16]}
    return found


def use_folder(folder: Path) -> tuple[list[str], Path | None]:
    """Name the games of ``folder`` (a site root, or one game's folder) to the engine; their packages and docs."""
    from rollwright.kit.discovery import use_systems
    from rollwright.mkdocs.systems import resolve

    config = next((folder / name for name in CONFIG_NAMES if (folder / name).is_file()), None)
    if config is None:
        systems = resolve([folder.name], folder.parent)
        use_systems([s.module for s in systems])
        return [s.module for s in systems], None
    from rollwright.mkdocs.project import read_config, use_site

    systems = use_site(config)
    docs = folder / str(read_config(config).get("docs_dir") or "docs")
    return [s.module for s in systems], docs


def _engine_digest() -> str:
    """A digest of Rollwright's own sources: a game's answers are cached per game and per engine."""
    import rollwright
    from rollwright.changes.versions import folder_digest

    return "|".join(str(folder_digest(Path(p))) for p in rollwright.__path__)


def _game_key(package: str, engine: str) -> str | None:
    from rollwright.changes.versions import folder_digest
    from rollwright.things.registry import package_folder

    folder = package_folder(package)
    # A folder on disk, a namespace package's MultiplexedPath or a folder inside a zip: each has a digest.
    digest = None if folder is None else folder_digest(folder)
    return None if digest is None else hashlib.sha256(f"{digest}|{engine}|{FORMAT}".encode()).hexdigest()[:32]


def game_answers(package: str, system: Any) -> dict[str, Any]:
    """What a game answers, apart from its pages: calls, declarations, tables, errata, things."""
    from rollwright.kit.registry import REGISTRY

    calls = {name: call_snapshot(name) for name in sorted(REGISTRY) if system.owns(name)}
    return {"declared": declared.of_package(package), "calls": calls, "tables": _tables(system),
            "errata": _errata(system), "things": _things(system)}


def snapshot(folder: Path, cache: Path | None = None) -> dict[str, Any]:
    """Every game of ``folder`` as plain data (see the module's docstring). With ``cache``, a game's answers
    are read from there when its package folder and Rollwright's sources are unchanged, and saved there."""
    from rollwright.kit.discovery import load_all
    from rollwright.kit.system import package_system

    packages, docs = use_folder(folder)
    load_all()
    engine = _engine_digest() if cache is not None else ""
    games: dict[str, Any] = {}
    for package in packages:
        system = package_system(package)
        key = _game_key(package, engine) if cache is not None else None
        saved = cache / f"game-{key}.json" if cache is not None and key is not None else None
        if saved is not None and saved.is_file():
            answers = json.loads(saved.read_text(encoding="utf-8"))
        else:
            answers = game_answers(package, system)
            if saved is not None:
                saved.parent.mkdir(parents=True, exist_ok=True)
                saved.write_text(json.dumps(answers, sort_keys=True, ensure_ascii=False), encoding="utf-8")
        games[system.id] = {"title": system.title, "docs": system.docs, "package": package,
                            "pages_order": [p.path for p in system.pages], **answers,
                            "pages": _pages(system, docs)}
    return {"format": FORMAT, "games": games}


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3):
        print("usage: python -m rollwright.changes.snapshot FOLDER OUT.json [CACHE_FOLDER]", file=sys.stderr)
        return 2
    data = snapshot(Path(argv[0]).resolve(), Path(argv[2]) if len(argv) == 3 else None)
    Path(argv[1]).write_text(json.dumps(data, sort_keys=True, ensure_ascii=False), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
