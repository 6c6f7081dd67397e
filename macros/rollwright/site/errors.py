"""The site side's refusal: a site that cannot be built, said with what to do.

>>> str(SiteBuildError("Pyodide is not installed: run npm ci"))
'Pyodide is not installed: run npm ci'
"""

from __future__ import annotations

from rollwright.errors import RollwrightError


class SiteBuildError(RollwrightError):
    """The site cannot be built as it is; the message names the cause and the fix."""

    kind = "site"
