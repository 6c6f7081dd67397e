"""axe-core on every page of the flagship site, after its widgets are live: 0 serious and 0 critical
findings, in light and dark mode, on a desktop and on a phone, and Lighthouse's extra audits on a phone.
(The walk: tests/support/accessibility.py; the shared tests' own site: tests/browser/test_accessibility.py.)"""

from __future__ import annotations

import json

import pytest

from tests.support.accessibility import RUN, RUN_LIGHTHOUSE_EXTRAS, VIEWS, findings_on_every_page

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("view", list(VIEWS))
def test_no_serious_or_critical_axe_findings(live_site, browser, view):
    found = findings_on_every_page(live_site, browser, view, RUN)
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)


def test_no_lighthouse_accessibility_or_seo_findings_on_a_phone(live_site, browser):
    found = findings_on_every_page(live_site, browser, "phone-light", RUN_LIGHTHOUSE_EXTRAS)
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
