"""The shared character store in headless Chromium: nothing a player typed is lost.

Runs on the builder of the first system that has one (the store knows no system).
- every saved-store case of the hostile corpus (tests/data/hostile_inputs.json, "stores"):
  the valid characters are all on the roster, only the bad entries are backed up, nothing
  reaches ``Object.prototype``, and after an edit and a reload the builder still works;
- every character-file case of the corpus imported as a file: refused or imported, the
  status line says which, and the roster changes only when it says imported;
- two tabs on one character (one browser context, two pages): a change in one reaches the
  other; an idle tab closing undoes nothing; the same field changed in both asks, by keyboard;
- a save the browser refuses says NOT saved and offers the export.

Never asserts a time.
"""

from __future__ import annotations

import base64
import json

import pytest

from rollwright.kit.system import System, all_systems
from tests.support import hostile
from tests.support.browser import BOOT_TIMEOUT_MS, builder_page_url, open_tab, wait_builder_ready

pytestmark = pytest.mark.browser

ROOT = "[data-rw-builder]"
STATUS = "#rw-builder-status"
NAME = "#rw-c-name"


def _system() -> System:
    return next(system for system in all_systems().values() if system.character_schema)


SYSTEM = _system()
KEY = f"rollwright.{SYSTEM.id}.characters"
BACKUP = f"{KEY}.backup"


@pytest.fixture(scope="module")
def builder_url(live_site) -> str:
    """The built page that holds this system's builder."""
    return builder_page_url(live_site, SYSTEM.id)


wait_ready = wait_builder_ready


def roster_names(page) -> list[str]:
    return sorted(page.eval_on_selector_all("[data-rw-roster] [data-rw-pick]",
                                            "picks => picks.map(p => p.textContent.trim())"))


def stored(page) -> dict:
    return json.loads(page.evaluate("k => localStorage.getItem(k)", KEY))


def seed_once(context, key: str, raw: str) -> None:
    """Put ``raw`` under ``key`` before the first page of ``context`` runs (not again on a reload)."""
    context.add_init_script(f"""if (!sessionStorage.getItem("seeded")) {{
        sessionStorage.setItem("seeded", "1"); localStorage.setItem({json.dumps(key)}, {json.dumps(raw)});
    }}""")


def polluted(page) -> list[str]:
    return page.evaluate("() => Object.getOwnPropertyNames(Object.prototype).filter(k => k === 'polluted' "
                         "|| typeof ({})[k] === 'number')")


def type_name(page, text: str) -> None:
    page.focus(NAME)
    page.keyboard.press("End")
    page.keyboard.type(text)
    page.wait_for_function("([k, t]) => (localStorage.getItem(k) || '').includes(t)", arg=[KEY, text])


@pytest.mark.parametrize("case", hostile.stores(), ids=lambda case: case["id"])
def test_a_damaged_store_keeps_every_valid_character(builder_url, browser, case):
    tab = open_tab(browser)
    page = tab.page
    try:
        seed_once(tab.context, KEY, hostile.store_text(case))
        page.goto(builder_url)
        wait_ready(page)
        page.wait_for_function("n => document.querySelectorAll('[data-rw-roster] [data-rw-pick]').length >= n",
                               arg=max(1, len(case["kept"])))
        names = roster_names(page)
        assert all(name in names for name in case["kept"]), names
        backup = page.evaluate("k => localStorage.getItem(k)", BACKUP)
        if case["backed_up"] is True:
            assert backup == hostile.store_text(case)
        elif case["backed_up"]:
            kept_aside = page.evaluate("k => Object.keys(JSON.parse(localStorage.getItem(k)).characters)", BACKUP)
            assert sorted(kept_aside) == sorted(case["backed_up"])  # parsed by the page: it may nest deep
            assert BACKUP in page.locator("[data-rw-notice]").inner_text()
        else:
            assert backup is None
        type_name(page, " Edited")  # one edit, then a reload: still usable, nothing lost
        assert polluted(page) == []
        page.reload()
        wait_ready(page)
        names = roster_names(page)
        assert all(any(name.startswith(kept) for name in names) for kept in case["kept"]), names
        assert any(name.endswith("Edited") for name in names), names
        for doc in stored(page)["characters"].values():
            assert isinstance(doc, dict) and doc.get("name")
        assert polluted(page) == [] and tab.errors == []
    finally:
        tab.context.close()


def test_hostile_files_are_refused_or_imported_and_the_status_says_which(builder_url, browser, tmp_path):
    tab = open_tab(browser)
    page = tab.page
    try:
        page.goto(builder_url)
        wait_ready(page)
        type_name(page, "Keeper")
        for case in hostile.cases("character-file"):
            before = page.evaluate("k => localStorage.getItem(k)", KEY)
            count = len(stored(page)["characters"])
            name = f"{case['id']}.json"
            page.set_input_files("#rw-builder-import", files=[{
                "name": name, "mimeType": "application/json",
                "buffer": hostile.document_text(case).encode("utf-8", "surrogatepass")}])
            page.wait_for_function(  # imported, refused (the notice names the file), or asked about a twin
                """([k, n, name]) => Object.keys(JSON.parse(localStorage.getItem(k)).characters).length === n + 1
                    || document.querySelector('[data-rw-notice]').textContent.includes(name)
                    || document.querySelector('[data-rw-confirm][open]')""",
                arg=[KEY, count, name], timeout=BOOT_TIMEOUT_MS)
            if page.locator("[data-rw-confirm][open]").count():  # the same character again: keep both
                page.locator("[data-rw-confirm] button[value='keep']").click()
                page.wait_for_function("([k, n]) => Object.keys(JSON.parse(localStorage.getItem(k)).characters)"
                                       ".length === n + 1", arg=[KEY, count])
            notice = page.locator("[data-rw-notice]").inner_text()
            if name in notice:
                assert "Nothing was imported" in page.locator(STATUS).inner_text(), case["id"]
                assert page.evaluate("k => localStorage.getItem(k)", KEY) == before, case["id"]
            else:
                page.wait_for_function("s => !document.querySelector(s).textContent.includes('Nothing was imported')",
                                       arg=STATUS)
            status = page.locator(STATUS).inner_text()
            assert "[object" not in status + notice and "Traceback" not in status + notice, (case["id"], status)
        assert polluted(page) == []
        page.reload()
        wait_ready(page)
        assert any("Keeper" in name for name in roster_names(page))
        assert tab.errors == []
    finally:
        tab.context.close()


def test_two_tabs_on_one_character_lose_nothing(builder_url, browser):
    tab = open_tab(browser)
    first = tab.page
    try:
        first.goto(builder_url)
        wait_ready(first)
        type_name(first, "Orig")
        second = tab.context.new_page()
        second.goto(builder_url)
        wait_ready(second)
        base = stored(first)["characters"][stored(first)["active"]]["name"]
        assert second.locator(NAME).input_value() == base

        type_name(first, " renamed in one")  # reaches the other tab by the storage event
        second.wait_for_function("t => document.querySelector('#rw-c-name')?.value.endsWith(t)", arg=" renamed in one")
        second.wait_for_function("s => document.querySelector(s).textContent.includes('another tab')", arg=STATUS)

        second.close(run_before_unload=True)  # an idle tab closing writes nothing older
        first.wait_for_timeout(200)
        assert stored(first)["characters"][stored(first)["active"]]["name"].endswith(" renamed in one")

        # The same field changed in two places since this tab read it: the player is asked.
        doc_id = stored(first)["active"]
        first.evaluate("""([k, id]) => { const s = JSON.parse(localStorage.getItem(k));
            s.characters[id].name = "Theirs"; localStorage.setItem(k, JSON.stringify(s)); }""", [KEY, doc_id])
        first.focus(NAME)
        first.keyboard.press("End")
        first.keyboard.insert_text(" mine")
        first.wait_for_selector("[data-rw-merge][open]")
        first.keyboard.type("n")  # the site's "next page" key must not act while the dialog asks
        assert "another tab" in first.locator("[data-rw-merge-text]").inner_text()
        assert first.evaluate("document.activeElement.closest('[data-rw-merge]') !== null")
        first.keyboard.press("Enter")  # the first button: keep this tab's
        first.wait_for_function("([k, id]) => JSON.parse(localStorage.getItem(k)).characters[id].name.endsWith(' mine')",
                                arg=[KEY, doc_id])
        assert tab.errors == []
    finally:
        tab.context.close()


def test_a_refused_save_says_not_saved_and_offers_the_export(builder_url, browser):
    tab = open_tab(browser)
    page = tab.page
    try:
        page.goto(builder_url)
        wait_ready(page)
        type_name(page, "Full")
        page.evaluate("""() => { Storage.prototype.setItem = function () {
            throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); }; }""")
        page.focus(NAME)
        page.keyboard.type(" more")
        page.wait_for_function("() => document.querySelector('#rw-builder-status').textContent.includes('NOT saved')")
        status = page.locator(STATUS).inner_text()
        assert "full" in status and "Export" in status, status
        assert "rw-status--error" in page.locator(STATUS).get_attribute("class")
    finally:
        tab.context.close()


@pytest.fixture(scope="module")
def fillable_page_url(live_site) -> str:
    """A built page with a widget field this system's characters can fill."""
    for page in sorted(live_site.directory.rglob("index.html")):
        text = page.read_text(encoding="utf-8")
        if "data-rw-fill" in text and f'data-rw-system="{SYSTEM.id}"' in text:
            return live_site.url(str(page.parent.relative_to(live_site.directory)) + "/")
    raise AssertionError(f"no built page has a field a {SYSTEM.id} character can fill")


@pytest.mark.parametrize("case_id", ["store-id-proto", "store-active-constructor"])
def test_widget_pages_work_with_a_hostile_store(fillable_page_url, browser, case_id):
    case = next(case for case in hostile.stores() if case["id"] == case_id)
    tab = open_tab(browser)
    page = tab.page
    try:
        seed_once(tab.context, KEY, hostile.store_text(case))
        page.goto(fillable_page_url)
        page.wait_for_selector("section[data-rw-widget][data-rw-state='ready']", timeout=BOOT_TIMEOUT_MS)
        if case_id == "store-id-proto":  # the active character, given a fresh id, is offered
            page.wait_for_selector("select[id$='-use']", timeout=BOOT_TIMEOUT_MS)
        assert polluted(page) == [] and tab.errors == []
    finally:
        tab.context.close()


@pytest.mark.parametrize("document", [
    {"name": "Deep", "notes": {"$nest": 1, "depth": 3000}},
    {"name": "Many", "skills": {"$list": {"name": "S"}, "times": 5000}},
], ids=["nested-3000", "5000-skills"])
def test_a_hostile_share_link_is_refused_before_python_and_the_builder_works(builder_url, browser, document):
    raw = hostile.json_text(document).encode()
    fragment = "#c=" + base64.urlsafe_b64encode(raw).decode().rstrip("=")
    tab = open_tab(browser)
    page = tab.page
    try:
        page.goto(builder_url + fragment)
        wait_ready(page)
        notice = page.locator("[data-rw-notice]").inner_text()
        assert "share link" in notice and ("levels deep" in notice or "at most" in notice), notice
        type_name(page, "Still works")
        assert tab.errors == []
    finally:
        tab.context.close()
