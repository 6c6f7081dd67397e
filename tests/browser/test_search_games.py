"""Search that finds (issue 28): accents do not matter, every result says its game (issue 40: in one
place, a label just above its title, for a page and a section alike), and a reader can narrow a search
to one game, by keyboard and on a phone."""

from __future__ import annotations

import unicodedata

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from rollwright.kit.system import all_systems
from tests.support.browser import BOOT_TIMEOUT_MS

pytestmark = pytest.mark.browser

PAGES = """() => [...document.querySelectorAll('.md-search-result__item > .md-search-result__link')]
  .map(a => [new URL(a.href).pathname, [...a.querySelectorAll('.md-tag')].map(t => t.textContent)])"""

LAYOUTS = """() => [...document.querySelectorAll('.md-search-result__article')].map(a => [...a.children]
  .filter(c => !c.matches('.md-search-result__icon'))
  .map(c => c.matches('nav.md-tags') ? 'label' : c.tagName.toLowerCase()).join(' '))"""
"""Each result's parts in order (its icon aside): a game's result starts "label h1" or "label h2"."""


def _search(page, words: str) -> list[list]:
    box = page.locator(".md-search__input")
    box.fill("")
    page.keyboard.type(words)
    page.locator(".md-search-result__meta", has_text="matching").wait_for(timeout=BOOT_TIMEOUT_MS)
    page.wait_for_timeout(300)
    return page.evaluate(PAGES)


def _load_all(page) -> None:
    """Material lists ten results, then more as the list scrolls: scroll until all are there."""
    for _ in range(10):
        page.locator(".md-search__scrollwrap").evaluate("el => el.scrollTo(0, el.scrollHeight)")
        page.wait_for_timeout(200)


def test_plain_letters_find_every_page_of_a_game_with_accents_in_its_name(live_site, tab):
    page = tab.page
    page.goto(live_site.url(""))
    page.keyboard.press("/")
    accented = [s for s in all_systems().values() if not s.title.isascii()]  # Façade, on the flagship
    if not accented:
        pytest.skip("no game of this site has an accent in its name")
    game = accented[0]
    plain = unicodedata.normalize("NFKD", game.title).encode("ascii", "ignore").decode().lower()
    pages = {"/" + p.path.removesuffix(".md").removesuffix("index").rstrip("/") + "/" for p in game.pages}
    for typed in (plain, game.title.lower()):
        _search(page, typed)
        _load_all(page)
        found = page.evaluate(PAGES)
        assert pages <= {path for path, _ in found}, (typed, sorted(pages - {path for path, _ in found}))
        assert all(tags == [game.title] for path, tags in found if path in pages)
        assert "Missing" not in page.locator(".md-search-result").inner_text()


def test_each_result_names_its_game_and_a_search_narrows_to_one_by_keyboard(live_site, tab):
    page = tab.page
    page.goto(live_site.url("dice/"))
    page.keyboard.press("/")
    everywhere = _search(page, "errata")
    games = {tags[0] for _, tags in everywhere if tags}
    layouts = page.evaluate(LAYOUTS)
    starts = {" ".join(layout.split()[:2]) for layout in layouts if "label" in layout.split()}
    assert starts == {"label h1", "label h2"}, layouts  # pages and sections alike, the label above the title
    with_errata = [s for s in all_systems().values() if any("errata" in p.path for p in s.pages)]
    if len(with_errata) < 2:
        pytest.skip("fewer than two games of this site have an errata page")
    assert len(games) >= min(3, len(with_errata)), everywhere  # several games have one: each result says whose
    target = next(s for s in all_systems().values() if s.title in games)
    # By keyboard: from the search box, Tab reaches the game buttons; Enter narrows.
    for _ in range(8):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.textContent") == target.title:
            break
    assert page.evaluate("document.activeElement.matches('button[data-rw-search-game]')")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.matches('.md-search__input')")
    page.wait_for_function(f"() => ({PAGES})().every(([, tags]) => tags[0] === {target.title!r})",
                           timeout=BOOT_TIMEOUT_MS)
    narrowed = page.evaluate(PAGES)
    assert narrowed and all(tags == [target.title] for _, tags in narrowed), narrowed
    assert all(path.startswith(f"/{target.docs}/") for path, _ in narrowed)
    assert page.locator(f"button[data-rw-search-game][aria-pressed='true']").inner_text() == target.title
    # Words the game's pages do not hold find nothing there, however the rest of the site reads.
    page.keyboard.type(" zzxqj")
    page.locator(".md-search-result__meta", has_text="No matching documents").wait_for(timeout=BOOT_TIMEOUT_MS)
    # "All pages" takes the narrowing away.
    page.locator("button[data-rw-search-game='']").click()
    assert "+tags:" not in page.locator(".md-search__input").input_value()
    assert tab.errors == []


def test_on_a_phone_the_game_buttons_fit_and_narrow(live_site, browser):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(live_site.url(""))
                  else route.abort())
    try:
        page = context.new_page()
        page.goto(live_site.url(""))
        page.locator("label.md-header__button[for=__search]").tap()
        page.locator(".md-search__input").focus()
        page.keyboard.type("checks")
        page.locator(".md-search-result__meta", has_text="matching").wait_for(timeout=BOOT_TIMEOUT_MS)
        last = list(all_systems().values())[-1]
        button = page.locator("button[data-rw-search-game]", has_text=last.title)
        # Within the screen: the visual viewport (a phone browser may zoom a page out to fit what it laid
        # out wider than the screen, and then the screen shows more than 390 CSS pixels).
        within = """b => { const r = b.getBoundingClientRect(), v = visualViewport;
            return r.left >= v.offsetLeft && r.right <= v.offsetLeft + v.width; }"""
        try:
            page.wait_for_function(within, arg=button.element_handle(), timeout=5_000)
        except PlaywrightTimeout:
            pass  # the assertion below says where it lies
        seen = button.evaluate("b => [b.getBoundingClientRect().toJSON(), visualViewport.width, innerWidth]")
        assert button.evaluate(within), seen
        button.tap()
        # The search runs again in the theme's worker: wait for its answer, not for a time.
        page.wait_for_function(f"() => {{ const found = ({PAGES})(); return found.length > 0 && "
                               f"found.every(([, tags]) => tags[0] === {last.title!r}); }}", timeout=BOOT_TIMEOUT_MS)
        found = page.evaluate(PAGES)
        assert found and all(tags == [last.title] for _, tags in found), found
    finally:
        context.close()
