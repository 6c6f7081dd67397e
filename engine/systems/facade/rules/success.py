"""Façade success levels: how far a roll beat (or missed) its difficulty.

Rule: the level is ``(roll - difficulty) // 3``, topping out at 9. Missing by
1 or 2 is a near miss; missing by 3 or more is a complete failure.

>>> judge(14, 10).name, judge(14, 10).level
('Minor Success', 1)
>>> judge(8, 10).kind, judge(7, 10).kind
('near-miss', 'complete-failure')
"""

from __future__ import annotations

from dataclasses import dataclass

MAX_LEVEL = 9
LEVEL_NAMES: tuple[str, ...] = (
    "Minimal", "Minor", "Full", "Good", "Major",
    "Amazing", "Masterful", "Heroic", "Legendary", "Epic",
)
COMPLETE_FAILURE = "complete-failure"
NEAR_MISS = "near-miss"
SUCCESS = "success"
NEAR_MISS_RANGE = 2
"""Missing by this much or less is a near miss rather than a complete failure."""


@dataclass(frozen=True)
class Outcome:
    """The result of one roll against a difficulty."""

    kind: str  # COMPLETE_FAILURE, NEAR_MISS or SUCCESS
    level: int | None  # 0-9 on a success
    margin: int  # roll - difficulty

    @property
    def key(self) -> str:
        """A stable id: ``complete-failure``, ``near-miss`` or ``level-0`` ... ``level-9``."""
        return f"level-{self.level}" if self.level is not None else self.kind

    @property
    def name(self) -> str:
        if self.kind == COMPLETE_FAILURE:
            return "Complete Failure"
        if self.kind == NEAR_MISS or self.level is None:
            return "Near Miss"
        return f"{LEVEL_NAMES[self.level]} Success"

    @property
    def succeeded(self) -> bool:
        return self.kind == SUCCESS

    def to_dict(self) -> dict[str, object]:
        return {"key": self.key, "kind": self.kind, "level": self.level, "name": self.name, "margin": self.margin}


def success_level(margin: int) -> int | None:
    """The level for ``roll - difficulty``, or None for a failure.

    >>> [success_level(m) for m in (-1, 0, 2, 3, 26, 27, 90)]
    [None, 0, 0, 1, 8, 9, 9]
    """
    if margin < 0:
        return None
    return min(margin // 3, MAX_LEVEL)


def judge(roll: int, difficulty: int) -> Outcome:
    """Judge one roll against a difficulty."""
    margin = roll - difficulty
    level = success_level(margin)
    if level is not None:
        return Outcome(SUCCESS, level, margin)
    kind = NEAR_MISS if margin >= -NEAR_MISS_RANGE else COMPLETE_FAILURE
    return Outcome(kind, None, margin)


OUTCOME_KEYS: tuple[str, ...] = (COMPLETE_FAILURE, NEAR_MISS) + tuple(f"level-{n}" for n in range(MAX_LEVEL + 1))
"""Every outcome key, worst to best."""


@dataclass(frozen=True)
class SuccessChartRow:
    """One row of the success chart, derived from the rule."""

    key: str
    low: int | None  # smallest margin in the row (None: no lower bound)
    high: int | None  # largest margin in the row (None: no upper bound)
    level: int | None
    name: str

    @property
    def result(self) -> str:
        """The margin range in words, e.g. ``Succeeded by 3-5`` or ``Under by 3 or more``."""
        if self.high is not None and self.high < 0:
            low = -self.high
            return f"Under by {low} or more" if self.low is None else f"Under by {low} or {-self.low}"
        if self.high is None:
            return f"Succeeded by {self.low}+"
        return f"Succeeded by {self.low}-{self.high}"

    def to_dict(self) -> dict[str, object]:
        return {"key": self.key, "result": self.result, "level": self.level, "name": self.name,
                "low": self.low, "high": self.high}


def success_chart() -> tuple[SuccessChartRow, ...]:
    """The success chart, computed from the rule rather than copied."""
    rows = [
        SuccessChartRow(COMPLETE_FAILURE, None, -NEAR_MISS_RANGE - 1, None, "Complete Failure"),
        SuccessChartRow(NEAR_MISS, -NEAR_MISS_RANGE, -1, None, "Near Miss"),
    ]
    for level in range(MAX_LEVEL + 1):
        low = 3 * level
        high = None if level == MAX_LEVEL else low + 2
        rows.append(SuccessChartRow(f"level-{level}", low, high, level, f"{LEVEL_NAMES[level]} Success"))
    return tuple(rows)
