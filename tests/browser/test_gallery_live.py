"""A gallery widget on the flagship's guide answers live in Chromium, as CPython answers: the gallery's games are
the site's examples (``examples:``), so they are in its wheel and memory snapshot though not among its games."""

from __future__ import annotations

import re

import pytest

from rollwright.kit.api import call
from tests.support.browser import BOOT_TIMEOUT_MS
from tests.support.keyboard import type_into

pytestmark = pytest.mark.browser


def test_a_gallery_widget_answers_live_as_cpython_does(live_site, tab):
    tab.page.goto(live_site.url("designers/gallery/"))
    tab.wait_state("strike-attack", "ready")
    widget = tab.widget("strike-attack")
    html = call("widget.render", {"widget": "strike-attack", "params": {"bonus": 9, "target": 15}})["html"]
    expected = re.search(r'data-rw-p="([^"]+)"', html).group(1)  # 3/4: 20, and 6 to 19 with +9
    type_into(tab.page, widget.locator("input[name=bonus]"), "9")
    tab.page.keyboard.press("Enter")
    widget.locator(f"[data-rw-result] [data-rw-p='{expected}']").wait_for(timeout=BOOT_TIMEOUT_MS)
    shown = " ".join(widget.locator("[data-rw-result] li[data-rw-outcome]").all_inner_texts())
    assert re.findall(r"exactly [0-9/]+", shown) == re.findall(r"exactly [0-9/]+", " ".join(
        re.findall(r'<li data-rw-outcome="[a-z-]+">(.*?)</li>', html)))
