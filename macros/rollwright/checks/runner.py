"""Run the checks on a site: build it once (strictly, into a temporary folder), then every check on every
system, each reading the same build; the parity run is shared by all systems too.

:func:`run_checks` is the one call a site's tests need; :class:`SiteChecks` lets a test suite run one
check of one system at a time against a site it has built already (``built=``).
"""

from __future__ import annotations

import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from types import TracebackType

from rollwright.checks.contract import check_contract
from rollwright.checks.examples import check_worked_examples
from rollwright.checks.pages import check_pages, site_problems
from rollwright.checks.parity import Parity
from rollwright.checks.parity_calls import KIT
from rollwright.checks.report import CheckResult, Report, outcome
from rollwright.checks.site import BuildError, BuiltSite, Site, SystemPackage
from rollwright.checks.tables import check_tables
from rollwright.mkdocs.project import SiteError

CHECKS = ("contract", "worked examples", "tables", "pages", "parity")
"""Every check, in the order the report lists them for each system."""
SITE = "site"
NEEDS_BUILD = frozenset({"tables", "pages", "parity"})


class SiteChecks:
    """The checks of one site (``mkdocs.yml``); raises SiteError if the site cannot be used at all.

    ``systems``: ids of the systems to check (default: all the site's). ``built``: a folder holding this
    site's build, checked as it is (default: :meth:`build` builds it once into a temporary folder).
    Use as a context manager, or call :meth:`close`, to remove the temporary build.
    """

    def __init__(self, config_file: Path, *, systems: Sequence[str] | None = None, built: Path | None = None) -> None:
        self.site = Site(config_file)
        self.packages: list[SystemPackage] = ([self.site.package(i) for i in dict.fromkeys(systems)] if systems
                                              else list(self.site.packages))
        if built is not None and not (built / "index.html").is_file():
            raise SiteError(f"{built} holds no built site (no index.html)")
        self._given = built
        self._scratch: tempfile.TemporaryDirectory[str] | None = None
        self._built: BuiltSite | None = None
        self._build_result: CheckResult | None = None
        self._parity: Parity | None = None

    def __enter__(self) -> SiteChecks:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Remove the temporary build (if this made one)."""
        if self._scratch is not None:
            self._scratch.cleanup()
            self._scratch = None

    def build(self) -> CheckResult:
        """The ``site, build`` result: built strictly once (or the given build), nothing loaded from another host."""
        if self._build_result is not None:
            return self._build_result
        started = time.monotonic()
        if self._given is not None:
            self._built, how = BuiltSite(self._given), f"the build in {self._given}"
        else:
            self._scratch = tempfile.TemporaryDirectory(prefix="rollwright-check-")
            folder = Path(self._scratch.name) / "site"
            try:
                self.site.build(folder)
            except BuildError as error:
                self._build_result = outcome(SITE, "build", [str(error)], "strict")
                return self._build_result
            self._built, how = BuiltSite(folder), f"built strictly in {time.monotonic() - started:.1f} s"
        pages = len(self._built.pages())
        self._build_result = outcome(SITE, "build", site_problems(self._built),
                                     f"{how}, {pages} page{'' if pages == 1 else 's'}")
        return self._build_result

    @property
    def built(self) -> BuiltSite | None:
        """The built site, once :meth:`build` has succeeded."""
        self.build()
        return self._built

    def parity(self) -> Parity:
        """The one parity run of this site's checked systems (run on first use)."""
        if self._parity is None:
            built = self.built
            if built is None:
                raise SiteError("the site did not build, so parity cannot run")
            self._parity = Parity(self.site, built, self.packages)
            self._parity.run()
        return self._parity

    def check(self, check: str, system_id: str) -> CheckResult:
        """One check of one system (or ``parity`` of ``kit``)."""
        if check not in CHECKS:
            raise ValueError(f"no check {check!r} (the checks: {', '.join(CHECKS)})")
        if system_id == KIT:
            if check != "parity":
                raise ValueError("the kit has only the parity check")
            return self._needing_build(check, KIT) or self.parity().result(KIT)
        package = next((p for p in self.packages if p.system.id == system_id), None)
        if package is None:
            raise SiteError(f"{system_id!r} is not a checked system (checked: "
                            f"{', '.join(p.system.id for p in self.packages)})")
        if check == "contract":
            return check_contract(package, self.site.packages)
        if check == "worked examples":
            return check_worked_examples(package, self.site.root)
        waiting = self._needing_build(check, system_id)
        if waiting is not None:
            return waiting
        built = self.built
        assert built is not None
        if check == "tables":
            return check_tables(package, self.site, built)
        if check == "pages":
            return check_pages(package, self.site, built)
        return self.parity().result(system_id)

    def _needing_build(self, check: str, subject: str) -> CheckResult | None:
        """A skipped result when the site did not build (the build's own line says why)."""
        if self.built is None:
            return CheckResult(subject, check, "skipped", "the site did not build")
        return None

    def report(self, *, parity: bool = True) -> Report:
        """Every check on every checked system, the build first and the kit's parity last."""
        results = [self.build()]
        for package in self.packages:
            for check in CHECKS:
                if check == "parity" and not parity:
                    results.append(CheckResult(package.system.id, check, "skipped", "not asked for (--no-parity)"))
                else:
                    results.append(self.check(check, package.system.id))
        results.append(self.check("parity", KIT) if parity else
                       CheckResult(KIT, "parity", "skipped", "not asked for (--no-parity)"))
        return Report(results)


def run_checks(config_file: Path, *, systems: Sequence[str] | None = None, parity: bool = True,
               built: Path | None = None) -> Report:
    """Build the site once (strict, into a temporary folder) and run every generic check on every system.

    The site's systems become this process's systems (as :func:`rollwright.mkdocs.project.use_site`).
    Raises SiteError when the site cannot be used at all (no ``mkdocs.yml``, no such system...)::

        report = run_checks(Path("mkdocs.yml"))
        assert report.ok, report.text()
    """
    with SiteChecks(config_file, systems=systems, built=built) as checks:
        return checks.report(parity=parity)
