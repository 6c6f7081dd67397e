"""What the draft says against itself: the thresholds' wording against its example, and a name slip.

>>> [e.key for e in threshold_errata()]
['roll-and-keep-knocked-out-wording', 'roll-and-keep-bar-fight-name']
"""

from __future__ import annotations

from collections.abc import Iterator

from engine.kit.errata import Erratum, errata_source
from engine.systems.roll_and_keep.rules.wounds import thresholds


@errata_source
def threshold_errata() -> Iterator[Erratum]:
    """The rock example knocks a Resolve 2 character out one wound sooner than the wording allows."""
    _, by_example = thresholds(2, "reached")
    _, by_rule = thresholds(2, "passed")
    yield Erratum(
        key="roll-and-keep-knocked-out-wording",
        page="roll-and-keep/wounds.md#crippled-knocked-out-and-death",
        where="Dramatic wounds: the rock example, against the thresholds as worded",
        item="Resolve 2: the dramatic wound that knocks the character out",
        printed=f"wound {by_example} (the example's fourth wound)",
        computed=f"wound {by_rule} (twice Resolve is taken before going down)",
        rule="a character takes Resolve dramatic wounds before being crippled and twice Resolve before being "
             "knocked out; the wound after each is the one that does it",
        kind="claim",
    )
    yield Erratum(
        key="roll-and-keep-bar-fight-name",
        page="roll-and-keep/turns.md#the-bar-fight",
        where="Initiative example: who rolls two dice",
        item="the villain's name",
        printed="Franz",
        computed="Bad Danny",
        rule="the example's villain is Bad Danny throughout",
        kind="text",
    )
