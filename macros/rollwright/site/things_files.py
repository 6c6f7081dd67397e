"""Site work: every game's things written as files others can reuse, beside the pages.

::

    things/index.json                      every game's kinds, with where their files are
    things/<game>/<kind>.json              one kind: its fields and entries, the game's licence
    things/<game>/<kind>.csv               the same as CSV (a spreadsheet opens it)
    things/<game>/<kind>/<entry>.json      one entry, with its kind's fields and the game's licence

A file is written only when its text changed, so a rebuild under ``rollwright serve`` touches nothing.
"""

from __future__ import annotations

from pathlib import Path

from rollwright.things.export import FORMAT, dumps, entry_json, game_json, kind_csv, kind_json

FOLDER = "things"


def _write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.write_text(text, encoding="utf-8")


def write_things(site_dir: Path) -> int:
    """Write every game's things under ``site_dir/things/``; return how many files there are."""
    from rollwright.kit.system import all_systems
    from rollwright.things.registry import all_catalogues

    systems = all_systems()
    index: list[dict[str, object]] = []
    count = 0
    for catalogue in all_catalogues():
        system = systems[catalogue.game]
        game = game_json(system)
        kinds = []
        for kind in catalogue.kinds:
            base = site_dir / FOLDER / catalogue.game
            _write(base / f"{kind.id}.json", dumps(kind_json(catalogue.game, game, kind)))
            _write(base / f"{kind.id}.csv", kind_csv(kind))
            for entry in kind.entries:
                _write(base / kind.id / f"{entry.id}.json", dumps(entry_json(catalogue.game, game, kind, entry)))
            count += 2 + len(kind.entries)
            kinds.append({"id": kind.id, "title": kind.title, "entries": len(kind.entries),
                          "json": f"{catalogue.game}/{kind.id}.json", "csv": f"{catalogue.game}/{kind.id}.csv",
                          "entry": f"{catalogue.game}/{kind.id}/{{id}}.json"})
        index.append({"game": game, "kinds": kinds})
    if index:
        _write(site_dir / FOLDER / "index.json", dumps({"format": FORMAT, "games": index}))
        count += 1
    return count
