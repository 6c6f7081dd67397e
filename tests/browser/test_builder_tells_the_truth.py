"""What the builder says of saved characters (issue 28), in headless Chromium, on every system's builder:

- while Python starts, a builder with saved characters says it is loading them, and never shows
  a blank "Unnamed character (not saved)" as if they were lost: not even in the page as parsed,
  before any script of the builder has run (its first paint), where the roster is marked busy;
- importing a file whose character is saved already (the same id) names the SAVED character the
  import would replace, and the file's name for it.

Never asserts a time.
"""

from __future__ import annotations

import json

import pytest

from rollwright.kit.characters import builder_systems
from tests.support.browser import BOOT_TIMEOUT_MS, HeldSnapshot, builder_page_url, open_tab, wait_builder_ready

pytestmark = pytest.mark.browser

SYSTEMS = [system.id for system in builder_systems()]


def _store(name: str, doc_id: str = "c-00000000b1a5") -> str:
    return json.dumps({"version": 1, "active": doc_id, "characters": {doc_id: {"name": name}}})


_RECORD_ROSTER = """
window.__rwRosterTexts = [];
document.addEventListener("readystatechange", () => {  // "interactive": parsed, before deferred and module scripts
  const roster = document.querySelector("[data-rw-roster]");
  if (document.readyState !== "interactive" || !roster) return;
  const hidden = document.documentElement.classList.contains("js") ? ".rw-without-js" : ".rw-with-js";
  const visible = [...roster.children].filter((child) => !child.matches(hidden));  // as the page's CSS shows it
  window.__rwFirstRoster = { text: visible.map((child) => child.textContent).join(" "),
                             busy: roster.getAttribute("aria-busy") };
  new MutationObserver(() => window.__rwRosterTexts.push(roster.textContent))
    .observe(roster, { childList: true, subtree: true, characterData: true });
});
"""
"""Records the roster as first parsed (its visible words and aria-busy), then every text it shows."""


@pytest.mark.parametrize("system", SYSTEMS)
def test_while_python_starts_saved_characters_are_loading_not_lost(live_site, browser, system):
    tab = open_tab(browser)
    page = tab.page
    snapshot = HeldSnapshot(page)  # Python waits for its memory snapshot until the page has been looked at
    try:
        tab.context.add_init_script(f"localStorage.setItem({json.dumps(f'rollwright.{system}.characters')}, "
                                    f"{json.dumps(_store('Bram Vasquez'))})")
        tab.context.add_init_script(_RECORD_ROSTER)
        page.goto(builder_page_url(live_site, system))
        page.locator("[data-rw-builder][data-rw-loading] [data-rw-roster] .rw-roster__loading").wait_for()
        roster = page.locator("[data-rw-roster]").inner_text()
        assert roster.startswith("Loading your characters") and "Unnamed character" not in roster, roster
        for region in ("[data-rw-editor-region]", "[data-rw-report-region]", "[data-rw-sheet-region]"):
            assert not page.locator(region).is_visible(), region
        snapshot.release()
        wait_builder_ready(page)
        assert page.locator("[data-rw-roster] [aria-pressed='true']").inner_text().startswith("Bram Vasquez")
        assert page.locator("[data-rw-editor-region]").is_visible()
        first, shown = page.evaluate("[window.__rwFirstRoster, window.__rwRosterTexts]")
        assert first == {"text": "Loading your characters…", "busy": "true"}, first  # as parsed, before scripts
        assert not [text for text in shown if "Unnamed character" in text or "not saved" in text], shown
        assert page.get_attribute("[data-rw-roster]", "aria-busy") is None
        assert tab.errors == []
    finally:
        tab.context.close()


@pytest.mark.parametrize("system", SYSTEMS)
def test_importing_a_version_of_a_saved_character_names_the_saved_one(live_site, browser, system, tmp_path):
    tab = open_tab(browser)
    page = tab.page
    try:
        tab.context.add_init_script(f"""if (!sessionStorage.getItem("seeded")) {{ sessionStorage.setItem("seeded", "1");
            localStorage.setItem({json.dumps(f'rollwright.{system}.characters')}, {json.dumps(_store('Bram Vasquez'))}); }}""")
        page.goto(builder_page_url(live_site, system))
        wait_builder_ready(page)
        with page.expect_download() as download:
            page.locator("#rw-builder-export").focus()
            page.keyboard.press("Enter")
        path = tmp_path / "bram.json"
        download.value.save_as(path)
        doc = json.loads(path.read_text(encoding="utf-8"))
        doc["name"] = "Bram the Bold"  # the same character (same id), renamed in the file
        path.write_text(json.dumps(doc), encoding="utf-8")
        page.set_input_files("#rw-builder-import", str(path))
        dialog = page.locator("[data-rw-confirm]")
        dialog.wait_for(state="visible", timeout=BOOT_TIMEOUT_MS)
        text = dialog.inner_text()
        assert "This file is a version of “Bram Vasquez”" in text and "the file calls it “Bram the Bold”" in text, text
        assert "Replace the saved “Bram Vasquez”" in text
        page.keyboard.press("Shift+Tab")  # "Keep both" has the focus first; the replace is one step back
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelector('#rw-builder-status').textContent.includes('Imported')")
        assert "over the saved “Bram Vasquez”" in page.locator("#rw-builder-status").inner_text()
        assert page.locator("#rw-c-name").input_value() == "Bram the Bold"
        assert tab.errors == []
    finally:
        tab.context.close()
