"""The character store when things go wrong (issue 30, items 3 to 6), in headless Chromium.

- saved text this tab cannot read (another tab, or a newer version, wrote it) is never written
  over: edits stay in memory marked "not saved", the builder and every widget page of the game
  say so, and the text can be exported (by keyboard);
- a backup an earlier version left is offered back, and restored by keyboard;
- the most characters a store keeps: one more is refused before anything is stored, and a store
  holding more (from another version) is shown a page at a time, every character reachable;
- storage full: after New, Duplicate or an example, the roster and the status say exactly what
  storage holds;
- two tabs: never "Saved" while the merge question is open, and closing that tab keeps the edit.

Runs on the fixture site's builder (the Pips template; the store knows no system). Never asserts a time.
"""

from __future__ import annotations

import json

import pytest

from tests.browser.test_character_store import (
    BACKUP, KEY, NAME, STATUS, SYSTEM, roster_names, stored, type_name, wait_ready)
from tests.support.browser import BOOT_TIMEOUT_MS, open_tab

pytestmark = pytest.mark.browser

QUOTA_FULL = """() => { Storage.prototype.setItem = function () {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); }; }"""


@pytest.fixture(scope="module")
def builder_url(pips_live) -> str:
    from tests.support.browser import builder_page_url
    return builder_page_url(pips_live, SYSTEM)


@pytest.fixture(scope="module")
def widget_page_url(pips_live) -> str:
    """A built page with a widget of this system (and no builder)."""
    for page in sorted(pips_live.directory.rglob("index.html")):
        text = page.read_text(encoding="utf-8")
        if f'data-rw-system="{SYSTEM}"' in text and "data-rw-builder=" not in text:
            return pips_live.url(str(page.parent.relative_to(pips_live.directory)) + "/")
    raise AssertionError(f"no built page has a widget of {SYSTEM}")


def envelope(names: list[str], active: int | None = 0) -> str:
    characters = {f"c-{i:012x}": {"name": name} for i, name in enumerate(names, start=1)}
    ids = list(characters)
    return json.dumps({"version": 1, "active": ids[active] if active is not None else None, "characters": characters})


def roster_agrees_with_storage(page) -> None:
    """Every roster entry is saved, or says "(not saved)"; every saved character is on the roster (or its pages)."""
    saved = set(stored(page)["characters"]) if page.evaluate("k => localStorage.getItem(k)", KEY) else set()
    picks = page.eval_on_selector_all("[data-rw-roster] [data-rw-pick]",
                                      "ps => ps.map(p => [p.getAttribute('data-rw-pick'), p.textContent])")
    for pick, text in picks:
        assert (pick in saved) == ("(not saved)" not in text), (pick, text, sorted(saved))
    if not page.locator("[data-rw-roster-pages]").count():  # one page shows them all
        assert saved <= {pick for pick, _ in picks}


def seed(context, items: dict[str, str]) -> None:
    """Put each text under its key before the first page of ``context`` runs (not again on a reload)."""
    context.add_init_script(f"""if (!sessionStorage.getItem("seeded")) {{ sessionStorage.setItem("seeded", "1");
        for (const [k, v] of Object.entries({json.dumps(items)})) localStorage.setItem(k, v); }}""")


def press(page, element_id: str, limit: int = 400, *, tab: bool = True) -> None:
    """Tab (only) to the element, then press Enter on it; ``tab=False``: focus it, then press Enter."""
    if not tab:
        page.focus(f"#{element_id}")
    for _ in range(limit):
        if page.evaluate("document.activeElement && document.activeElement.id") == element_id:
            page.keyboard.press("Enter")
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached #{element_id}")


def test_a_store_a_newer_version_writes_is_never_written_over(builder_url, widget_page_url, browser, tmp_path):
    tab = open_tab(browser)
    page = tab.page
    newer = json.dumps({"version": 2, "characters": {"c-1": {"name": "From the future"}}, "shelves": []})
    try:
        page.goto(builder_url)
        wait_ready(page)
        type_name(page, "Keeper")
        other = tab.context.new_page()  # another tab, of a newer version, saves in its own format
        other.goto(widget_page_url, wait_until="domcontentloaded")
        other.evaluate("([k, text]) => localStorage.setItem(k, text)", [KEY, newer])
        notice = page.locator("[data-rw-notice]")
        page.wait_for_function("() => document.querySelector('[data-rw-notice]').textContent.includes('newer version')")
        page.focus(NAME)
        page.keyboard.press("End")
        page.keyboard.type(" Edited")
        page.wait_for_function("s => document.querySelector(s).textContent.startsWith('NOT saved')", arg=STATUS)
        page.wait_for_function("() => [...document.querySelectorAll('[data-rw-roster] [data-rw-pick]')]"
                               ".some(p => p.textContent.includes('Keeper Edited (not saved)'))")
        assert page.evaluate("k => localStorage.getItem(k)", KEY) == newer
        assert "Nothing will be saved over them" in notice.inner_text()
        with page.expect_download() as download:
            press(page, "rw-builder-export-store")
        path = tmp_path / "store.json"
        download.value.save_as(path)
        assert path.read_text(encoding="utf-8") == newer
        assert page.locator("#rw-builder-start-afresh").count() == 0  # a newer version's text: no new list over it

        page.reload()  # reloaded: it says so at once, and still writes nothing
        wait_ready(page)
        assert "newer version" in notice.inner_text()
        page.focus(NAME)
        page.keyboard.type("Another")
        page.wait_for_function("s => document.querySelector(s).textContent.startsWith('NOT saved')", arg=STATUS)
        assert page.evaluate("k => localStorage.getItem(k)", KEY) == newer
        assert page.evaluate("k => localStorage.getItem(k)", BACKUP) is None

        other.reload()  # every page of that game with a widget says so too
        other.locator(f"[data-rw-store-note='{SYSTEM}']").wait_for()
        assert "newer version" in other.locator(f"[data-rw-store-note='{SYSTEM}']").inner_text()
        assert tab.errors == []
    finally:
        tab.context.close()


def test_a_backup_an_earlier_version_left_is_offered_back(builder_url, browser):
    tab = open_tab(browser)
    page = tab.page
    try:
        seed(tab.context, {KEY: envelope(["Ada"]), BACKUP: envelope(["Bram Vasquez", "Ada"]), f"{BACKUP}.2": "{damaged"})
        page.goto(builder_url)
        wait_ready(page)
        notice = page.locator("[data-rw-notice]")
        assert BACKUP in notice.inner_text() and "with 1 character your list lacks" in notice.inner_text()
        assert f"{BACKUP}.2" in notice.inner_text()  # one this version cannot read: export or delete only
        assert page.locator("#rw-builder-restore-1").count() == 0
        press(page, "rw-builder-restore-0")
        page.wait_for_function("() => document.querySelectorAll('[data-rw-roster] [data-rw-pick]').length === 2")
        assert roster_names(page) == ["Ada", "Bram Vasquez"]
        assert sorted(doc["name"] for doc in stored(page)["characters"].values()) == ["Ada", "Bram Vasquez"]
        assert page.evaluate("k => localStorage.getItem(k)", BACKUP) is None
        assert "Restored 1 character" in page.locator(STATUS).inner_text()
        roster_agrees_with_storage(page)
        press(page, "rw-builder-delete-backup-0")  # the damaged one, by keyboard, asked first
        page.locator("[data-rw-confirm]").wait_for(state="visible")
        page.keyboard.press("Enter")  # "Keep it" has the focus first
        page.locator("[data-rw-confirm]").wait_for(state="hidden")
        assert page.evaluate("k => localStorage.getItem(k)", f"{BACKUP}.2") == "{damaged"
        press(page, "rw-builder-delete-backup-0")
        page.locator("[data-rw-confirm]").wait_for(state="visible")
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Enter")
        page.wait_for_function("k => localStorage.getItem(k) === null", arg=f"{BACKUP}.2")
        assert page.locator("[data-rw-notice]").is_hidden()
        assert tab.errors == []
    finally:
        tab.context.close()


def test_the_most_characters_a_store_keeps(builder_url, browser, tmp_path):
    most = json.loads(stored_limits(builder_url, browser))["entries"]
    tab = open_tab(browser)
    page = tab.page
    try:
        seed(tab.context, {KEY: envelope([f"C{i:04d}" for i in range(most)])})
        page.goto(builder_url)
        wait_ready(page)
        page.wait_for_function("n => document.querySelectorAll('[data-rw-roster] [data-rw-pick]').length === n", arg=most)
        before = page.evaluate("k => localStorage.getItem(k)", KEY)
        path = tmp_path / "one-more.json"
        path.write_text(json.dumps({"name": "One more"}), encoding="utf-8")
        page.set_input_files("#rw-builder-import", str(path))
        page.wait_for_function("s => document.querySelector(s).textContent.includes('Nothing was imported')", arg=STATUS)
        assert f"you have {most:,} saved characters" in page.locator(STATUS).inner_text()
        assert page.evaluate("k => localStorage.getItem(k)", KEY) == before
        press(page, "rw-builder-new", tab=False)  # refused before it is stored, and the roster and status say so
        page.wait_for_function("s => document.querySelector(s).textContent.startsWith('NOT saved')", arg=STATUS)
        assert page.evaluate("k => localStorage.getItem(k)", KEY) == before
        roster_agrees_with_storage(page)
    finally:
        tab.context.close()

    tab = open_tab(browser)  # a store another version filled past that: shown a page at a time
    page = tab.page
    try:
        seed(tab.context, {KEY: envelope([f"C{i:04d}" for i in range(most + 200)])})
        page.goto(builder_url)
        wait_ready(page)
        bar = page.locator("[data-rw-roster-pages]")
        bar.wait_for()
        assert f"Characters 1–{most:,} of {most + 200:,}" in bar.inner_text()
        press(page, "rw-roster-next", tab=False)
        page.wait_for_function("t => document.querySelector('[data-rw-roster-pages]').textContent.includes(t)",
                               arg=f"Characters {most + 1:,}–{most + 200:,}")
        last = f"c-{most + 200:012x}"
        page.focus(f"#rw-pick-{last}")
        page.keyboard.press("Enter")
        page.wait_for_function("n => document.querySelector('#rw-c-name').value === n", arg=f"C{most + 199:04d}")
        assert stored(page)["active"] == last
        assert tab.errors == []
    finally:
        tab.context.close()


def stored_limits(builder_url, browser) -> str:
    tab = open_tab(browser, javascript=False)
    try:
        tab.page.goto(builder_url)
        return tab.page.locator("[data-rw-builder]").get_attribute("data-rw-limits")
    finally:
        tab.context.close()


def test_storage_full_the_roster_and_status_say_what_storage_holds(builder_url, browser):
    tab = open_tab(browser)
    page = tab.page
    try:
        page.goto(builder_url)
        wait_ready(page)
        type_name(page, "Full")
        saved = page.evaluate("k => localStorage.getItem(k)", KEY)
        page.evaluate(QUOTA_FULL)
        for command in ("new", "duplicate"):
            press(page, f"rw-builder-{command}", tab=False)
            page.wait_for_function("s => document.querySelector(s).textContent.startsWith('NOT saved')", arg=STATUS)
            assert "full" in page.locator(STATUS).inner_text()
            roster_agrees_with_storage(page)
            assert page.evaluate("k => localStorage.getItem(k)", KEY) == saved
        examples = page.locator("[data-rw-do='example']")
        if examples.count():
            examples.first.focus()
            page.keyboard.press("Enter")
            page.wait_for_function("s => document.querySelector(s).textContent.startsWith('Opened the example')", arg=STATUS)
            status = page.locator(STATUS).inner_text()
            assert "NOT saved" in status and "as a character of your own" not in status, status
            roster_agrees_with_storage(page)
        page.focus(NAME)
        page.keyboard.type("x")  # an edit of a character that was never saved: still not saved
        page.wait_for_function("s => document.querySelector(s).textContent.startsWith('NOT saved')", arg=STATUS)
        roster_agrees_with_storage(page)
        assert page.evaluate("k => localStorage.getItem(k)", KEY) == saved
        assert tab.errors == []
    finally:
        tab.context.close()


def test_two_tabs_never_saved_while_asked_and_closing_keeps_the_edit(builder_url, browser):
    tab = open_tab(browser)
    first = tab.page
    try:
        first.goto(builder_url)
        wait_ready(first)
        type_name(first, "Orig")
        first.wait_for_function("s => document.querySelector(s).textContent.startsWith('Saved')", arg=STATUS)
        doc_id = stored(first)["active"]
        # Another tab changed the same field since this tab read it (written here: no storage event).
        first.evaluate("""([k, id]) => { const s = JSON.parse(localStorage.getItem(k));
            s.characters[id].name = "Theirs"; localStorage.setItem(k, JSON.stringify(s)); }""", [KEY, doc_id])
        first.focus(NAME)
        first.keyboard.press("End")
        first.keyboard.insert_text(" mine")
        first.wait_for_selector("[data-rw-merge][open]")
        status = first.locator(STATUS).inner_text()
        assert status.startswith("Not saved yet") and "Saved" not in status, status
        second = tab.context.new_page()
        first.close(run_before_unload=True)  # closed while asked: the edit is kept, beside theirs
        second.goto(builder_url)
        wait_ready(second)
        names = sorted(doc["name"] for doc in stored(second)["characters"].values())
        assert names == ["Orig mine (kept from a closed tab)", "Theirs"], names
        assert stored(second)["characters"][doc_id]["name"] == "Theirs"
        assert tab.errors == []
    finally:
        tab.context.close()
