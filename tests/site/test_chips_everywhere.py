"""Inline rolls in every game's rule text (issue 28): each game's pages hold chips, and each chip
names a real call that rolls it in the reader's words with the parameters the page gave it."""

from __future__ import annotations

import json
from pathlib import Path

from rollwright.kit.api import call, lookup
from rollwright.kit.system import all_systems
from tests.support.site_build import page
from tests.support.chips import read_chips


def test_every_games_rule_text_has_rolls_to_press(site: Path) -> None:
    counts = {}
    for system in all_systems().values():
        chips = [c for p in system.pages for c in read_chips(page(site, p.path.removesuffix(".md")
                                                                  .removesuffix("/index")))]
        counts[system.id] = len(chips)
        for chip in chips:
            attrs = chip["attrs"]
            params = json.loads(attrs["data-rw-params"])
            lookup(attrs["data-rw-call"]).bind({**params, "seed": 1})  # what the browser will send
            rolled = call(attrs["data-rw-call"], {**params, "seed": 1})
            assert rolled["seed"] == 1 and rolled["text"] and "\n" not in rolled["text"], rolled
            assert chip["button"].startswith("Roll "), chip["button"]
            assert "Tap the roll again to roll it." in chip["tip"]  # shown on touch screens only (CSS)
    assert all(n >= 2 for n in counts.values()), counts
