"""The modules a page preloads (rollwright/site/module_graph.py) are read from the scripts' own imports."""

from __future__ import annotations

import posixpath
import re
from pathlib import Path

from rollwright.site.module_graph import ENTRY, ON_DEMAND, closure, dynamic_imports, page_modules
from tests.support.site_build import page

ROOT = Path(__file__).resolve().parents[2] / "site-overrides" / "assets" / "rollwright"


def test_every_import_on_demand_is_listed_with_the_mark_that_asks_for_it() -> None:
    """A new `import("...")` in the page's modules must say which pages need it, or the list falls behind."""
    found = set()
    for module in closure(ROOT, ENTRY) + [entry for entry, _, _ in ON_DEMAND]:
        folder = posixpath.dirname(module)
        found |= {posixpath.normpath(posixpath.join(folder, name))
                  for name in dynamic_imports((ROOT / module).read_text(encoding="utf-8"))}
    assert found == {entry for entry, _, _ in ON_DEMAND}


def test_every_module_is_listed_once_and_every_page_gets_the_entrys_whole_graph() -> None:
    listed = page_modules(ROOT)
    paths = [m["path"] for m in listed]
    assert len(paths) == len(set(paths)) and paths[0] == ENTRY
    everywhere = {m["path"] for m in listed if m["when"] == [""]}
    assert everywhere == set(closure(ROOT, ENTRY))
    assert {"widgets/widgets.js", "widgets/answers.js", "runtime/worker-client.js"} <= everywhere
    # What follows an answer or waits for a quiet page is not fetched before a page is live...
    assert not {"widgets/roll-log.js", "widgets/roll-links.js", "widgets/download.js",
                "builder/store-notice.js", "widgets/use-character.js"} & everywhere
    # ... but the roll log's own page preloads it.
    rolls = {m["path"] for m in listed if "data-rw-roll-log" in m["when"]}
    assert {"widgets/roll-log.js", "widgets/download.js"} <= rolls
    builder = {m["path"] for m in listed if "data-rw-builder=" in m["when"]}
    assert "builder/character-form.js" in builder and "builder/character-store.js" in builder


def test_the_built_pages_preload_what_they_load(site: Path) -> None:
    """A page of rules with widgets preloads the entry's graph and no builder; the builder page its builder too."""
    preloads = re.compile(r'<link rel="modulepreload" href="[./]*assets/rollwright/([^"]+)"')
    rules = preloads.findall(page(site, "facade/basic-rules"))
    assert set(rules) >= set(closure(ROOT, ENTRY)) and "builder/builder.js" not in rules
    builder = preloads.findall(page(site, "facade/builder"))
    assert set(builder) >= set(closure(ROOT, "builder/builder.js"))
