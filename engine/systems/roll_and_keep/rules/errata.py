"""What the draft says against itself: the thresholds' wording against its example, and a name slip.

>>> [e.key for e in threshold_errata()]
['roll-and-keep-knocked-out-wording', 'roll-and-keep-bar-fight-name']
"""

from __future__ import annotations

from collections.abc import Iterator

from rollwright.kit.errata import Erratum, errata_source
from roll_and_keep.rules.wounds import thresholds


@errata_source
def threshold_errata() -> Iterator[Erratum]:
    """The knocked-out threshold read from the wording differs from the rock example's."""
    _, by_example = thresholds(2, "reached")
    _, by_wording = thresholds(2, "passed")
    yield Erratum(
        key="roll-and-keep-knocked-out-wording",
        page="roll-and-keep/wounds.md#crippled-knocked-out-and-death",
        where="Dramatic wounds: the thresholds as worded, against the rock example",
        item="Resolve 2: dramatic wound that knocks out",
        printed=f"wound {by_wording} (able to take twice Resolve before going down)",
        computed=f"wound {by_example} (the example's fourth wound; the engine's default)",
        rule="crippled at Resolve dramatic wounds, knocked out at twice Resolve",
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
