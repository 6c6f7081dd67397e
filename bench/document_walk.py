"""Every count field of every builder's document at huge values, through every builder call: the figures.

    .venv/bin/python bench/document_walk.py [--json FILE]

The walk of ``tests/support/document_walk.py`` with every value (10^3 to 10^18, each as a number and
as text) and every contract call, on the flagship's builders and the scaffold's data game. Prints,
per builder, how many calls were tried, refused with our own error, answered within the work
budget, slow (cut at the budget) and crashed. Nothing is asserted: the suite runs it small.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", type=Path, help="write the figures here")
    args = parser.parse_args()
    from rollwright.mkdocs.project import use_site

    use_site(REPO_ROOT / "mkdocs.yml")
    from rollwright.data.character import install_character
    from rollwright.data.loader import load_file
    from rollwright.kit.characters import builder_systems
    from tests.support.document_walk import walk

    game = load_file(REPO_ROOT / "macros/rollwright/scaffold/template-data/pips/game.toml")
    install_character(game, "pips")
    table: dict[str, Counter[str]] = {}
    worst: list[dict[str, object]] = []
    for system in [*builder_systems(), game.system]:
        counts: Counter[str] = Counter()
        for outcome in walk(system):
            counts["tried"] += 1
            counts[outcome.verdict] += 1
            if outcome.verdict in ("slow", "crashed"):
                worst.append(vars(outcome) | {"value": repr(outcome.value)[:40]})
        table[system.id] = counts
        print(f"{system.id:16} tried {counts['tried']:6,}  refused {counts['refused']:6,}  answered "
              f"{counts['answered']:6,}  slow {counts['slow']:4,}  crashed {counts['crashed']:4,}", flush=True)
    for row in worst[:20]:
        print("  ", row)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"builders": {k: dict(v) for k, v in table.items()}, "worst": worst[:50]},
                                        indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
