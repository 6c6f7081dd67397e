"""Roll & Keep's inline roll chips: an XkY pool named in a sentence, with its exact odds.

A pool is the kit's dice notation ``XkY`` (ten-sided dice exploding on 10, the same depth
cap), so the chip is the kit's dice chip in Roll & Keep's words, rolled by ``chip.dice``.

>>> html = pool_chip(4, 2, 15, "c1")
>>> 'data-rw-notation="4k2"' in html and "4k2<span" in html and " against TN 15" in html and 'data-rw-call="chip.dice"' in html
True
"""

from __future__ import annotations

from rollwright.kit.api import call, lookup
from rollwright.kit.chips import dice_chip
from rollwright.kit.markup import Html
from roll_and_keep.calls.pools import check_pool
from roll_and_keep.rules.pools import pool_text


def pool_chip(rolled: int, kept: int, tn: int | None, chip_id: str) -> Html:
    """A chip for ``rolled``k``kept`` (and the chance of reaching ``tn``)."""
    lookup("roll-and-keep.pool").bind({"rolled": rolled, "kept": kept, "tn": tn or 0})  # the pool's own limits
    check_pool(rolled, kept)
    notation = pool_text(rolled, kept)
    report = call("dice.dist", {"notation": notation})
    about = f"{notation}: roll {rolled} ten-sided dice, tens explode, keep the best {kept}"
    # The sentence says the TN; the chip shows the pool, and tells a screen reader the TN too.
    return dice_chip(report, tn, chip_id, label=notation, about=about,
                     name_extra="" if tn is None else f" against TN {tn}")
