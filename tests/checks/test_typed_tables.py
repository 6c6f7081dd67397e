"""A table typed by hand in Markdown on a game's page is allowed: the build marks it ``data-rw-typed``, and
``rollwright check`` neither takes it for one of the engine's tables nor calls it a table the registry failed
to build (before issue 25 it built green, then the check failed with "tables not built by the registry:
['(unnamed)']"). The designer's guide says so (docs/designers/writing-a-page.md)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.support.fixture_site import copy_template, rollwright

TYPED = """
## Skills

| Skill | What it covers |
|---|---|
| Fight | blows, blades and brawls |
| Sneak | hiding and climbing |
"""
GUIDE = Path(__file__).resolve().parents[2] / "docs" / "designers" / "writing-a-page.md"


def test_a_table_typed_by_hand_is_marked_and_passes_the_checks(tmp_path: Path) -> None:
    project = copy_template(tmp_path / "site")
    page = project / "docs" / "pips" / "index.md"
    page.write_text(page.read_text(encoding="utf-8") + TYPED, encoding="utf-8")
    done = rollwright(project, "check", "--no-parity", without_node=True)
    assert done.returncode == 0, done.stdout + done.stderr
    assert re.search(r"pips\s+tables\s+passed\s+2 tables shown, 1 erratum", done.stdout), done.stdout

    built = tmp_path / "built"
    assert rollwright(project, "build", "-d", str(built), without_node=True).returncode == 0
    html = (built / "pips" / "index.html").read_text(encoding="utf-8")
    typed = re.findall(r"<table[^>]*>", html)
    assert '<table class="rw-wrapped" data-rw-typed>' in typed
    assert [tag for tag in typed if "data-rw-registered" in tag and "data-rw-typed" in tag] == []


def test_the_designers_guide_says_typed_tables_are_allowed() -> None:
    text = GUIDE.read_text(encoding="utf-8")
    assert "### Tables typed by hand" in text and "`data-rw-typed`" in text
