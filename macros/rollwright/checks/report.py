"""What ``rollwright check`` found: one result per check per system, and the findings of those that failed.

>>> report = Report([CheckResult("pips", "contract", "passed", "6 calls, 1 widget, 2 tables"),
...                  CheckResult("pips", "worked examples", "failed", "1 of 2 examples wrong",
...                              ("pips/worked_examples.toml, example 'Hard task': result.p: expected '7/28', "
...                               "got '7/27'",)),
...                  CheckResult("kit", "parity", "skipped", "Node.js was not found")])
>>> report.ok
False
>>> print(report.text())
pips  contract         passed   6 calls, 1 widget, 2 tables
pips  worked examples  FAILED   1 of 2 examples wrong
kit   parity           skipped  Node.js was not found
<BLANKLINE>
1 check failed:
<BLANKLINE>
pips, worked examples:
  - pips/worked_examples.toml, example 'Hard task': result.p: expected '7/28', got '7/27'
>>> [str(f) for f in report.findings()]
["pips, worked examples: pips/worked_examples.toml, example 'Hard task': result.p: expected '7/28', got '7/27'"]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

STATUSES = ("passed", "failed", "skipped")


@dataclass(frozen=True)
class Finding:
    """One thing a check found wrong: whose (a system's id, ``kit`` or ``site``), which check, and what to do."""

    subject: str
    check: str
    message: str

    def __str__(self) -> str:
        return f"{self.subject}, {self.check}: {self.message}"


@dataclass(frozen=True)
class CheckResult:
    """One check on one subject: ``passed``, ``failed`` (with its findings) or ``skipped`` (``summary`` says why)."""

    subject: str
    check: str
    status: str
    summary: str = ""
    messages: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.status not in STATUSES:
            raise ValueError(f"a check's status is one of {', '.join(STATUSES)} (got {self.status!r})")
        if (self.status == "failed") != bool(self.messages):
            raise ValueError(f"{self.subject}, {self.check}: a check fails exactly when it has findings")

    @property
    def passed(self) -> bool:
        """Whether the check passed (a skipped check did not)."""
        return self.status == "passed"

    @property
    def findings(self) -> list[Finding]:
        return [Finding(self.subject, self.check, message) for message in self.messages]

    def text(self) -> str:
        """The result as a paragraph: its line, then each finding (what a failing test prints)."""
        head = f"{self.subject}, {self.check}: {self.status}" + (f" ({self.summary})" if self.summary else "")
        return "\n".join([head, *(f"  - {message}" for message in self.messages)])


def outcome(subject: str, check: str, messages: Sequence[str], summary: str = "") -> CheckResult:
    """A passed or failed result, by whether there are findings."""
    return CheckResult(subject, check, "failed" if messages else "passed", summary, tuple(messages))


@dataclass
class Report:
    """Every check's result, in order; ``ok`` when none failed."""

    results: list[CheckResult] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return all(result.status != "failed" for result in self.results)

    def findings(self) -> list[Finding]:
        return [finding for result in self.results for finding in result.findings]

    def result(self, subject: str, check: str) -> CheckResult:
        """The result of one check on one subject (KeyError if it did not run)."""
        for result in self.results:
            if (result.subject, result.check) == (subject, check):
                return result
        raise KeyError(f"no result for {subject}, {check}")

    def text(self) -> str:
        """One line per check per subject, then the failures with their findings."""
        if not self.results:
            return "no checks ran"
        who = max(len(r.subject) for r in self.results)
        what = max(len(r.check) for r in self.results)
        lines = [f"{r.subject:<{who}}  {r.check:<{what}}  {r.status.upper() if r.status == 'failed' else r.status:<7}"
                 f"  {r.summary}".rstrip() for r in self.results]
        failed = [r for r in self.results if r.status == "failed"]
        skipped = sum(r.status == "skipped" for r in self.results)
        if failed:
            lines += ["", f"{len(failed)} check{'' if len(failed) == 1 else 's'} failed:"]
            for r in failed:
                lines += ["", f"{r.subject}, {r.check}:", *(f"  - {message}" for message in r.messages)]
        else:
            lines += ["", "Every check passed" + (f" ({skipped} skipped)." if skipped else ".")]
        return "\n".join(lines)
