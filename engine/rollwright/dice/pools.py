"""Exploding dice, keep/drop pools and the open-ended d20, exactly.

Explosion depth counts the extra dice after the first, as icepool does: with
depth 2 a d6 can show at most 6 + 6 + x. A die that reaches the cap keeps its
last face and stops, so the distribution is exact for the capped rule.

>>> explode(Distribution.die(6), depth=1).probability(12)
Fraction(1, 36)
>>> keep_highest(Distribution.die(6), count=2, keep=1).probability(6)
Fraction(11, 36)
>>> open_d20().min_outcome, open_d20().max_outcome
(-19, 40)
"""

from __future__ import annotations

from collections.abc import Collection
from math import comb

from rollwright.dice.distribution import Distribution, repeat_sum
from rollwright.errors import DiceError

DEFAULT_DEPTH = 9
"""Explosion cap used when the caller names none (icepool's default too)."""


def explode(die: Distribution, depth: int = DEFAULT_DEPTH, at_least: int | None = None,
            penetrate: bool = False, on: Collection[int] | None = None) -> Distribution:
    """A die that rolls again and adds on faces ``>= at_least`` (default: its top face), or on the faces ``on``.

    ``depth`` is the most extra dice one die may add; ``penetrate``: each extra roll adds 1 less
    than its face (whether it explodes again is read on its face).

    >>> explode(Distribution.die(6), depth=1, on={1}).probability(7)  # Roll20's 'd6!1': a 1, then a 6
    Fraction(1, 36)

    >>> explode(Distribution.die(6), depth=1, penetrate=True).max_outcome
    11

    >>> explode(Distribution.die(4), depth=0) == Distribution.die(4)
    True
    >>> explode(Distribution.die(1))
    Traceback (most recent call last):
    ...
    rollwright.errors.DiceError: a die that explodes on every face (d1!, or a threshold at or below its lowest face) would never stop; explode on higher faces only
    """
    threshold = die.max_outcome if at_least is None else at_least
    trigger = frozenset(face for face in die.outcomes() if face >= threshold) if on is None else frozenset(on)
    if depth < 0:
        raise DiceError(f"explosion depth must be 0 or more (got {depth})")
    if trigger.issuperset(die.outcomes()):
        raise DiceError(
            "a die that explodes on every face (d1!, or a threshold at or below its "
            "lowest face) would never stop; explode on higher faces only"
        )
    result = die
    less = 1 if penetrate else 0
    for _ in range(depth):
        weights: dict[int, int] = {}
        total = result.total_weight
        for face, w in die.items():
            if face in trigger:
                for value, rw in result.items():
                    weights[face + value - less] = weights.get(face + value - less, 0) + w * rw
            else:
                weights[face] = weights.get(face, 0) + w * total
        result = Distribution(weights)
    return result


def keep_of(parts: list[Distribution], keep: int, highest: bool = True) -> Distribution:
    """Sum of the ``keep`` highest (or lowest) of independent rolls that may all differ (a group roll).

    Each roll in turn updates the distribution of the ``keep`` best values so far (a sorted tuple):
    its states are at most the ways to pick ``keep`` values from the outcomes, whatever the rolls.

    >>> keep_of([Distribution.die(8), Distribution.die(6)], 1).probability(8)
    Fraction(1, 8)
    >>> keep_of([Distribution.die(6)] * 4, 3) == keep_highest(Distribution.die(6), 4, 3)
    True
    """
    _check_pool(len(parts), keep)
    sign = 1 if highest else -1
    states: dict[tuple[int, ...], int] = {(): 1}
    for part in parts:
        nxt: dict[tuple[int, ...], int] = {}
        for best, weight in states.items():
            for value, w in part.items():
                grown = tuple(sorted((*best, sign * value), reverse=True)[:keep])
                nxt[grown] = nxt.get(grown, 0) + weight * w
        states = nxt
    out: dict[int, int] = {}
    for best, weight in states.items():
        out[sign * sum(best)] = out.get(sign * sum(best), 0) + weight
    return Distribution(out)


def keep_mixed(dice: list[Distribution], keep: int, highest: bool = True) -> Distribution:
    """Sum of the ``keep`` highest (or lowest) of a pool of dice that may differ (``{4d6+3d8}kh4``).

    Alike dice are grouped. The faces are walked from the top down; the state is how many dice
    of each group are still to place and the sum kept so far. Once ``keep`` dice are placed, the
    rest land lower in every way at once (a power of the weight below the face).

    >>> keep_mixed([Distribution.die(6)] * 2 + [Distribution.die(8)], 2).probability(14)
    Fraction(11, 288)
    >>> keep_mixed([Distribution.die(6)] * 4, 3) == keep_highest(Distribution.die(6), 4, 3)
    True
    """
    _check_pool(len(dice), keep)
    if not highest:
        return -keep_mixed([-d for d in dice], keep)
    kinds = list(dict.fromkeys(dice))
    counts = tuple(dice.count(kind) for kind in kinds)
    faces = sorted(set().union(*(kind.outcomes() for kind in kinds)), reverse=True)
    below = [kind.total_weight for kind in kinds]
    states: dict[tuple[tuple[int, ...], int], int] = {(counts, 0): 1}
    result: dict[int, int] = {}
    for face in faces:
        here = [kind.weight(face) for kind in kinds]
        below = [b - h for b, h in zip(below, here)]
        nxt: dict[tuple[tuple[int, ...], int], int] = {}
        ways_here = [[[(r - k, comb(r, k) * h**k, k) for k in (range(r + 1) if h else (0,))] for r in range(n + 1)]
                     for h, n in zip(here, counts)]  # for each group and dice left: (left after, ways, landed)
        for (left, kept_sum), weight in states.items():
            placed = len(dice) - sum(left)
            splits: list[tuple[tuple[int, ...], int, int]] = [((), weight, 0)]
            for index, r in enumerate(left):
                table = ways_here[index][r]
                splits = [(done + (after,), w * ways, n + k) for done, w, n in splits for after, ways, k in table]
            for rest, w, landed in splits:
                taken = min(landed, keep - placed)
                total = kept_sum + taken * face
                if placed + landed >= keep:  # the kept set is full: the others land lower, in any way
                    ways = w
                    for index, r in enumerate(rest):
                        ways *= below[index] ** r
                    if ways:
                        result[total] = result.get(total, 0) + ways
                elif any(rest):
                    nxt[(rest, total)] = nxt.get((rest, total), 0) + w
        states = nxt
    return Distribution(result)


def keep_highest(die: Distribution, count: int, keep: int) -> Distribution:
    """Sum of the ``keep`` highest of ``count`` independent copies of ``die``.

    A pass over the die's outcomes from the top down (as icepool's pool
    algorithm does) tracks, for each number ``p < keep`` of dice already seen
    above the current outcome, the weights of their sum. At each outcome the
    kept set either stays open (fewer than ``keep`` dice so far) or closes
    there, every other die landing lower. Each state is one polynomial held in
    a single integer (one slot of :func:`_slot_bits` bits per sum), so a
    transition is one big-integer multiply, shift and add done in C, not a
    loop over sums. Cost grows with outcomes x keep², never outcomes ** count.
    Slots count down from the top (slot ``i`` of ``p`` dice holds the sum
    ``p * top - i``), so a state is only as long as the sums it has reached:
    near the top of the die the integers are short, not padded with empty
    slots for sums no die has reached yet.

    >>> keep_highest(Distribution.die(6), count=3, keep=3) == Distribution.die(6) + Distribution.die(6) + Distribution.die(6)
    True
    >>> keep_highest(Distribution.die(6), count=4, keep=3).probability(18)
    Fraction(7, 432)
    """
    _check_pool(count, keep)
    top = die.max_outcome
    bits = _slot_bits(die, count)
    choose = [[comb(n, k) for k in range(n + 1)] for n in range(count + 1)]
    below = die.total_weight
    states: list[int] = [1] + [0] * (keep - 1)  # states[p]: sums (counted down from p * top) of p dice seen so far
    result = 0
    for value, weight in zip(reversed(die.outcomes()), reversed(die.weights())):
        below -= weight  # weight of the outcomes strictly lower than value
        step = bits * (top - value)  # shifting a state by `step` adds one die showing value
        powers = [weight**k for k in range(count + 1)]
        below_powers = [below**k for k in range(count + 1)]
        next_states = [0] * keep
        for placed, state in enumerate(states):
            if not state:
                continue
            rest = count - placed
            row = choose[rest]
            # The kept set closes here: at least keep - placed of the rest show value, the others lower.
            finish = sum(row[h] * powers[h] * below_powers[rest - h] for h in range(keep - placed, rest + 1))
            if finish:
                result += (state * finish) << (step * (keep - placed))
            if not below:  # the lowest outcome: every set closes here, none stays open
                continue
            # It stays open: fewer than keep - placed of the rest show value (the others lower, later).
            next_states[placed] += state
            for here in range(1, keep - placed):
                next_states[placed + here] += (state * (row[here] * powers[here])) << (step * here)
        states = next_states
    return _unpack(result, bits, top=top * keep)


def keep_lowest(die: Distribution, count: int, keep: int) -> Distribution:
    """Sum of the ``keep`` lowest of ``count`` copies of ``die`` (keep-highest of the negated die).

    >>> keep_lowest(Distribution.die(20), count=2, keep=1).probability(1)
    Fraction(39, 400)
    """
    return -keep_highest(-die, count, keep)


def keep_dice(die: Distribution, count: int, keep: int, highest: bool = True) -> Distribution:
    """Sum of the ``keep`` highest (or lowest) of ``count`` copies of ``die``; all of them is a plain sum.

    >>> keep_dice(Distribution.die(6), 4, 4) == repeat_sum(Distribution.die(6), 4)
    True
    """
    _check_pool(count, keep)
    if keep == count:
        return repeat_sum(die, count)
    return keep_highest(die, count, keep) if highest else keep_lowest(die, count, keep)


def _check_pool(count: int, keep: int) -> None:
    if count < 1:
        raise DiceError(f"a pool needs at least one die (got {count})")
    if not 1 <= keep <= count:
        raise DiceError(f"keep must be between 1 and the number of dice rolled ({count}); got {keep}")


def _slot_bits(die: Distribution, count: int) -> int:
    """Bits per sum in a packed polynomial: room for any weight of ``count`` dice, times 2**count.

    Every coefficient the keep pass builds counts choices of which dice (at most
    2**count ways) times their faces (at most ``total_weight**count``), so no slot
    ever carries into the next. Whole bytes, so unpacking can slice bytes.

    >>> _slot_bits(Distribution.die(6), 4)
    24
    """
    needed = count * die.total_weight.bit_length() + count + 1
    return -(-needed // 8) * 8


def _unpack(packed: int, bits: int, top: int) -> Distribution:
    """The distribution whose weight for ``top - i`` is slot ``i`` of ``packed``."""
    width = bits // 8
    raw = packed.to_bytes(-(-packed.bit_length() // 8), "little")
    weights: dict[int, int] = {}
    for index, start in enumerate(range(0, len(raw), width)):
        weight = int.from_bytes(raw[start:start + width], "little")
        if weight:
            weights[top - index] = weight
    return Distribution(weights)


def roll_and_keep(rolled: int, kept: int, depth: int = DEFAULT_DEPTH) -> Distribution:
    """``XkY``: roll X d10 that explode on 10, keep the Y highest (the same as ``Xd10!khY``).

    >>> roll_and_keep(1, 1, depth=0) == Distribution.die(10)
    True
    """
    return keep_dice(explode(Distribution.die(10), depth=depth), rolled, kept)


def open_d20() -> Distribution:
    """Open-ended d20: 2-19 as rolled; 1 -> 1 - d20; 20 -> 20 + d20 (one extra die, closed).

    >>> open_d20().probability(-19), open_d20().probability(10)
    (Fraction(1, 400), Fraction(1, 20))
    """
    d20 = Distribution.die(20)
    weights: dict[int, int] = {}
    for face in range(1, 21):
        if face == 1:
            for extra in range(1, 21):
                weights[1 - extra] = weights.get(1 - extra, 0) + 1
        elif face == 20:
            for extra in range(1, 21):
                weights[20 + extra] = weights.get(20 + extra, 0) + 1
        else:
            weights[face] = weights.get(face, 0) + d20.total_weight
    return Distribution(weights)
