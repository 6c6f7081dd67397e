"""``rollwright check``: the generic checks every Rollwright site runs on every one of its systems.

For each system of the site (``mkdocs.yml``'s ``systems``):

* **contract**: ``SYSTEM`` declared (title, pitch, source); everything it registers named after it
  (calls ``<id>.x``, widgets and tables ``<id>-x``); with a character builder, the whole builder
  contract; its page macros named unlike any other;
* **worked examples**: its ``worked_examples.toml`` (next to its package) replayed through the
  registry with scripted dice, every die used;
* **tables** (on the built site): every registered table equal to the engine's data, every table it
  registers shown, its errata table listing what its errata sources find, every erratum's anchor real;
* **pages**: every page it declares written, in the nav and built; its builder laid out at build time;
* **parity**: every call and widget answering alike in CPython and in Pyodide under Node, from the
  site's wheel and from its memory snapshot (skipped, saying why, without Node.js).

The site is built once, strictly, into a temporary folder (``site, build``: nothing loaded from another
host), and the kit's own calls are compared too (``kit, parity``). From a site's tests::

    from pathlib import Path
    from rollwright.checks import run_checks

    def test_the_generic_checks_pass() -> None:
        report = run_checks(Path("mkdocs.yml"))
        assert report.ok, report.text()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rollwright.checks.report import CheckResult, Finding, Report

if TYPE_CHECKING:
    from rollwright.checks.runner import CHECKS, SiteChecks, run_checks

__all__ = ["CHECKS", "CheckResult", "Finding", "Report", "SiteChecks", "run_checks"]
_RUNNER = frozenset({"CHECKS", "SiteChecks", "run_checks"})


def __getattr__(name: str) -> Any:
    """The runner's names, imported on first use: ``rollwright --help`` need not load every system's rules."""
    if name in _RUNNER:
        from rollwright.checks import runner

        return getattr(runner, name)
    raise AttributeError(f"module 'rollwright.checks' has no attribute {name!r}")
