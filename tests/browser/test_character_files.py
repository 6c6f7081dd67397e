"""Every system's builder in headless Chromium: an imported file keeps the fields this version does not
know through an edit and a save, and a file from a newer builder is refused, saying so (issue 30).

Before, Roll & Keep, Facets and Skillful imported ``"version": 99`` as "Imported X" and stored the
character without its unknown fields; Façade refused the version but dropped the fields.
Never asserts a time.
"""

from __future__ import annotations

import json

import pytest

from rollwright.kit.api import call
from rollwright.kit.characters import builder_systems, contract_call
from rollwright.kit.system import System
from tests.support.browser import BOOT_TIMEOUT_MS, builder_page_url, wait_builder_ready

pytestmark = pytest.mark.browser

STATUS = "#rw-builder-status"
IMPORT = "#rw-builder-import"
NAME = "#rw-c-name"


def _upload(page, name: str, document: dict) -> None:
    page.set_input_files(IMPORT, files=[{"name": name, "mimeType": "application/json",
                                         "buffer": json.dumps(document).encode("utf-8")}])


def _stored(page, system: System) -> dict:
    return json.loads(page.evaluate("k => localStorage.getItem(k)", f"rollwright.{system.id}.characters"))


@pytest.mark.parametrize("system", builder_systems(), ids=lambda s: s.id)
def test_an_import_keeps_unknown_fields_and_a_newer_file_is_refused(live_site, tab, system: System) -> None:
    page = tab.page
    page.goto(builder_page_url(live_site, system.id))
    wait_builder_ready(page)
    doc = call(contract_call(system, "new"))["character"]
    doc.update(name="Keeper", id="c-keeper", from_a_later_builder={"mood": "calm", "scars": [1, 2]})
    first_object = next(key for key, value in doc.items() if isinstance(value, dict) and key != "from_a_later_builder")
    doc[first_object]["later_too"] = "kept"
    _upload(page, "keeper.json", doc)
    page.wait_for_function("s => document.querySelector(s).textContent.includes('Imported')", arg=STATUS,
                           timeout=BOOT_TIMEOUT_MS)
    page.fill(NAME, "Keeper Two")  # an edit through the form, then the save it triggers
    page.wait_for_function("([k, t]) => (localStorage.getItem(k) || '').includes(t)",
                           arg=[f"rollwright.{system.id}.characters", "Keeper Two"])
    saved = next(c for c in _stored(page, system)["characters"].values() if c.get("name") == "Keeper Two")
    assert saved["from_a_later_builder"] == {"mood": "calm", "scars": [1, 2]}
    assert saved[first_object]["later_too"] == "kept"

    newer = {**doc, "name": "From the future", "version": 99}
    before = page.evaluate("k => localStorage.getItem(k)", f"rollwright.{system.id}.characters")
    _upload(page, "future.json", newer)
    page.wait_for_function("() => document.querySelector('[data-rw-notice]').textContent.includes('future.json')",
                           timeout=BOOT_TIMEOUT_MS)
    notice = page.locator("[data-rw-notice]").inner_text()
    assert "unknown version 99" in notice and "newer builder" in notice, notice
    assert "Nothing was imported" in page.locator(STATUS).inner_text()
    assert page.evaluate("k => localStorage.getItem(k)", f"rollwright.{system.id}.characters") == before
    assert tab.errors == []
