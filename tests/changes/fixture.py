"""Dial, a small data game in two versions, written into a site folder for the comparison's tests.

From the first version to the second: the Hit band moves down (10+ -> 9+), the Edge input widens
(0-2 -> 0-3), the Dodge check is removed and Parry added, the Move table's cells follow the band, the
rope is renamed (same id) and gets heavier, a paragraph of the rules page is edited, and the gear page moves
(``dial/gear.md`` -> ``dial/kit/gear.md``).
"""

from __future__ import annotations

from pathlib import Path

GAME = """\
[game]
id = "dial"
title = "Dial"
pitch = "Roll 2d6 plus an edge."
source = "The Dial test draft"
pages = [{{ path = "dial/index.md", title = "Dial" }}]

[inputs.edge]
label = "Edge"
min = 0
max = {edge_max}

[checks.move]
title = "Move"
roll = "2d6 + {{edge}}"
bands = [
  {{ key = "hit", name = "Hit", from = {hit_from} }},
  {{ key = "cost", name = "Hit at a cost", from = 7, to = {cost_to} }},
  {{ key = "miss", name = "Miss", to = 6, succeeds = false }},
]

[checks.{other}]
title = "{other_title}"
roll = "1d6 + {{edge}}"
bands = [
  {{ key = "clear", name = "Clear", from = {clear_from} }},
  {{ key = "struck", name = "Struck", to = {struck_to}, succeeds = false }},
]

[tables.moves]
check = "move"
rows = "edge"
columns = "outcomes"
"""

THINGS = """\
[kinds.gear]
title = "Gear"
singular = "piece of gear"
page = "dial/index.md"

[kinds.gear.fields.weight]
type = "number"
label = "Weight"
min = 0
max = 20

[kinds.gear.entries.rope]
name = "{rope}"
weight = {rope_weight}

[kinds.gear.entries.lamp]
name = "Lamp"
weight = 1
"""

PAGE = """\
# Dial

Roll two six-sided dice and add your edge.

{rule}

## Gear

Rope and a lamp.
"""

CONFIG = """\
site_name: Dial
docs_dir: docs
theme:
  name: material
plugins:
  - search
  - rollwright:
      systems: [dial]
nav:
  - Dial: dial/index.md
  - Gear: {gear_page}
"""

GEAR = """\
# Gear

What a traveller carries: a rope and a lamp, and what each weighs.
"""

VERSIONS = {
    1: {"edge_max": 2, "hit_from": 10, "cost_to": 9, "other": "dodge", "other_title": "Dodge", "clear_from": 5,
        "struck_to": 4, "rope": "Rope", "rope_weight": 2, "rule": "A total of 10 or more is a hit.",
        "gear_page": "dial/gear.md"},
    2: {"edge_max": 3, "hit_from": 9, "cost_to": 8, "other": "parry", "other_title": "Parry", "clear_from": 6,
        "struck_to": 5, "rope": "Hemp rope", "rope_weight": 3, "rule": "A total of 9 or more is a hit.",
        "gear_page": "dial/kit/gear.md"},
}


def write(root: Path, version: int) -> Path:
    """Write version 1 or 2 of the Dial site into ``root``; returns it."""
    values = VERSIONS[version]
    (root / "dial").mkdir(parents=True, exist_ok=True)
    (root / "docs" / "dial").mkdir(parents=True, exist_ok=True)
    (root / "mkdocs.yml").write_text(CONFIG.format(**values), encoding="utf-8")
    for other in VERSIONS.values():
        (root / "docs" / other["gear_page"]).unlink(missing_ok=True)
    (root / "docs" / values["gear_page"]).parent.mkdir(parents=True, exist_ok=True)
    (root / "docs" / values["gear_page"]).write_text(GEAR, encoding="utf-8")
    (root / "dial" / "game.toml").write_text(GAME.format(**values), encoding="utf-8")
    (root / "dial" / "things.toml").write_text(THINGS.format(**values), encoding="utf-8")
    (root / "docs" / "dial" / "index.md").write_text(PAGE.format(**values), encoding="utf-8")
    return root


def _git(repo: Path, *args: str) -> str:
    import subprocess

    return subprocess.run(["git", "-c", "user.name=T", "-c", "user.email=t@example.org", *args], cwd=repo,
                          check=True, capture_output=True, text=True).stdout


def make_repo(repo: Path) -> Path:
    """A git repository holding version 1 (tagged ``v1``), then version 2 committed on top; returns it."""
    write(repo, 1)
    (repo / ".gitignore").write_text(".cache/\nsite/\n", encoding="utf-8")
    _git(repo, "init", "-q", "-b", "main")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "v1")
    _git(repo, "tag", "v1")
    write(repo, 2)
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "v2")
    return repo
