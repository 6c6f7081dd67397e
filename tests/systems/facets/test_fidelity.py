"""Fidelity to the draft (issue 28): the home page's example counts a success at a cost as the task done;
refusing a deal in a social conflict is flagged; the pages restate the draft in their own words."""

from __future__ import annotations

from pathlib import Path

from rollwright.kit.errata import all_errata
from rollwright.kit.system import all_systems
from tests.support.site_build import page


def test_the_home_page_example_says_what_meeting_the_tn_means(site: Path) -> None:
    """It said a d8 against TN 8 'succeeds 12.5%': that is meeting the TN; the task gets done 75%."""
    home = " ".join(page(site, "facets").split())
    assert "meets the TN only 12.5% of the time" in home
    assert "the task gets done 75% of the time" in home
    assert "succeeds 12.5%" not in home


def test_refusing_a_deal_in_a_social_conflict_is_an_erratum(site: Path) -> None:
    found = {e.key: e for e in all_errata(all_systems()["facets"])}
    deal = found["facets-deal-health"]
    assert (deal.printed, deal.computed) == ("one Health, and hurt", "one Cool, and weary")
    assert "refusing a deal in a social conflict" in page(site, "facets/conflicts")


def test_no_sentence_copies_the_draft_closely(site: Path) -> None:
    """A few sentences the audit found (draft wording kept almost whole) stay rewritten."""
    text = " ".join(" ".join(page(site, f"facets/{p}").split()) for p in ("characters", "conflicts", "consequences"))
    for phrase in ("A crippled character who is taken out dies", "A heavy weapon cannot attack twice",
                   "they get one Health back, are hurt, and stay in the fight", "Finesse dodges close or ranged",
                   "Traits can be open or closed in the same way"):
        assert phrase not in text
