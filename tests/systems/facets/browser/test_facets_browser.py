"""Facets in headless Chromium, by keyboard: the builder's four-trait rule, "use my character" on the
check widget with a penalised die, the extended check's notation, and a conflict calculation.

Page loads are few (a Pyodide boot is slow here); never asserts a time.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from rollwright.kit import api
from tests.support.browser import BOOT_TIMEOUT_MS
from tests.support.keyboard import choose, type_into

pytestmark = pytest.mark.browser

KEY = "rollwright.facets.characters"


def active_doc(page) -> dict:
    store = json.loads(page.evaluate("key => localStorage.getItem(key)", KEY))
    return store["characters"][store["active"]]


def report_says(page, codes: list[str]) -> dict:
    """Wait until the report lists exactly these problem codes; CPython's check of the draft agrees."""
    page.wait_for_function("codes => JSON.stringify([...document.querySelectorAll("
                           "'[data-rw-report-region] li[data-rw-code]')].map(li => li.dataset.rwCode)) === codes",
                           arg=json.dumps(codes), timeout=BOOT_TIMEOUT_MS)
    expected = api.call("facets.character.check", {"character": active_doc(page)})
    assert [m["code"] for m in expected["messages"]] == codes
    page.wait_for_selector(f"[data-rw-report-region][data-rw-valid='{str(expected['valid']).lower()}']")
    return expected


def tick(page, element_id: str) -> None:
    page.locator(f"#{element_id}").focus()
    page.keyboard.press("Space")


def test_builder_four_traits_and_use_my_character(live_site, tab):
    page = tab.page
    page.goto(live_site.url("facets/builder/"))
    page.wait_for_selector("[data-rw-builder][data-rw-state='ready'] [data-rw-report-region][data-rw-checked]",
                           timeout=BOOT_TIMEOUT_MS)
    type_into(page, page.locator("#rw-c-name"), "Wren")
    choose(page, page.locator("#rw-c-attributes-endurance"), "8")
    for facet, name in (("trait", "Swift"), ("background", "Dockside"), ("calling", "Smuggler")):
        type_into(page, page.locator(f"#rw-c-facets-{facet}-name"), name)
        type_into(page, page.locator(f"#rw-c-facets-{facet}-traits-0-name"), f"{name} one")
        tick(page, f"rw-c-facets-{facet}-traits-0-picked")
    # Three traits: the report names the four-trait rule and links it.
    assert not report_says(page, ["facets-trait-count"])["valid"]
    link = page.locator("[data-rw-report-region] a").first
    assert link.get_attribute("href").endswith("facets/characters/#traits")
    # A closed second trait needs the first; the fourth trait makes the character whole.
    type_into(page, page.locator("#rw-c-facets-trait-traits-1-name"), "Blur")
    choose(page, page.locator("#rw-c-facets-trait-traits-1-requires"), "1")
    tick(page, "rw-c-facets-trait-traits-1-picked")
    assert report_says(page, [])["valid"]
    # A consequence: Endurance one "two steps smaller" penalty.
    type_into(page, page.locator("#rw-c-penalties-endurance"), "1")
    page.keyboard.press("Tab")
    page.wait_for_function("key => JSON.parse(localStorage.getItem(key)).characters && "
                           "Object.values(JSON.parse(localStorage.getItem(key)).characters)"
                           ".some(c => c.penalties && c.penalties.endurance === 1)", arg=KEY)

    page.goto(live_site.url("facets/checks/"))
    widget = tab.widget("facets-check")
    picker = widget.locator("select[data-rw-use-character]")
    picker.wait_for(timeout=BOOT_TIMEOUT_MS)
    texts = picker.locator("option").all_inner_texts()
    assert "Wren" in texts[0]
    wanted = next(i for i, t in enumerate(texts) if t.startswith("Endurance (d4, penalised from d8)"))
    picker.focus()
    for _ in range(wanted):
        page.keyboard.press("ArrowDown")
    die = widget.locator("input[name=die]")
    page.wait_for_function("el => el.value === '4'", arg=die.element_handle())
    expected_p = api.call("facets.check", {"die": 4, "tn": 8})["success"]["p"]
    widget.locator(f"[data-rw-result] .rw-facets-check[data-rw-p='{expected_p}']").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert tab.external == [] and tab.errors == []


def test_extended_notation_and_a_roll_by_keyboard(live_site, tab):
    page = tab.page
    page.goto(live_site.url("facets/checks/"))
    tab.wait_state("facets-extended", "ready")
    widget = tab.widget("facets-extended")
    type_into(page, widget.locator("input[name=notation]"), "[Wit 6 - 3/6 - 2m]")
    page.keyboard.press("Tab")
    expected = api.call("facets.extended", {"notation": "[Wit 6 - 3/6 - 2m]", "die": 8})
    widget.locator(f".rw-facets-extended[data-rw-p='{expected['chance']['p']}']").wait_for(timeout=BOOT_TIMEOUT_MS)
    type_into(page, widget.locator("input[name=notation]"), "[Wit 6 - 9/6 - 2m]")
    page.keyboard.press("Tab")
    error = widget.locator("[data-rw-field-error]:not([hidden]), [role=alert]").first
    error.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert "attempts" in error.inner_text()
    assert tab.errors == []


def test_conflict_odds_by_keyboard(live_site, tab):
    page = tab.page
    page.goto(live_site.url("facets/conflicts/"))
    tab.wait_state("facets-conflict", "ready")
    widget = tab.widget("facets-conflict")
    type_into(page, widget.locator("input[name=a_health]"), "6")
    type_into(page, widget.locator("input[name=b_health]"), "4")
    choose(page, widget.locator("select[name=b_weapon]"), "heavy")
    choose(page, widget.locator("select[name=first]"), "a")
    widget.locator("button[type=submit]").focus()
    page.keyboard.press("Enter")
    expected = api.call("facets.conflict", {"a_health": 6, "b_health": 4, "b_weapon": "heavy", "first": "a"})
    result = widget.locator(f".rw-facets-conflict[data-rw-p-a='{expected['a_wins']['p']}']")
    result.wait_for(timeout=BOOT_TIMEOUT_MS)
    assert Fraction(expected["a_wins"]["p"]) + Fraction(expected["b_wins"]["p"]) == 1
    assert expected["a_wins"]["percent"] in result.inner_text()
    assert tab.external == [] and tab.errors == []


def test_roll_steps_attack_and_recovery_by_keyboard(live_site, tab):
    page = tab.page
    page.goto(live_site.url("facets/"))
    tab.wait_state("facets-roll", "ready")
    roller = tab.widget("facets-roll")
    type_into(page, roller.locator("input[name=die]"), "4")
    type_into(page, roller.locator("input[name=seed]"), "11")
    page.keyboard.press("Enter")
    rolled = api.call("facets.roll", {"die": 4, "tn": 8, "seed": 11})
    roller.locator(f"[data-rw-result] .rw-facets-roll[data-rw-total='{rolled['total']}'][data-rw-band='{rolled['band_key']}']").wait_for(
        timeout=BOOT_TIMEOUT_MS)
    faces = roller.locator("[data-rw-result] .rw-facets-roll .rw-die").all_inner_texts()
    assert faces == [str(f) for f in rolled["faces"]]

    page.goto(live_site.url("facets/checks/"))
    tab.wait_state("facets-steps", "ready")
    steps = tab.widget("facets-steps")
    type_into(page, steps.locator("input[name=die]"), "12")
    page.keyboard.press("Tab")
    steps.locator(".rw-facets-steps[data-rw-die='d8']").wait_for(timeout=BOOT_TIMEOUT_MS)

    page.goto(live_site.url("facets/conflicts/"))
    tab.wait_state("facets-attack", "ready")
    attack = tab.widget("facets-attack")
    choose(page, attack.locator("select[name=weapon]"), "light")
    attack.locator("input[name=second_attack]").focus()
    page.keyboard.press("Space")
    expected = api.call("facets.attack", {"attack": 8, "defense": 6, "weapon": "light", "second_attack": True})
    attack.locator(f".rw-facets-attack[data-rw-p-hit='{expected['hit']['p']}']").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert "d6 against d6" in attack.locator(".rw-facets-attack").inner_text()  # d8 one step down: light only

    page.goto(live_site.url("facets/consequences/"))
    tab.wait_state("facets-recovery", "ready")
    recovery = tab.widget("facets-recovery")
    choose(page, recovery.locator("select[name=condition]"), "injured")
    recovery.locator(".rw-facets-recovery[data-rw-regain='4 per day']").wait_for(timeout=BOOT_TIMEOUT_MS)
    assert tab.external == [] and tab.errors == []
