"""pytest sees this site's game, as its build does: the systems named in mkdocs.yml."""

from pathlib import Path

from rollwright.mkdocs.project import use_site

use_site(Path(__file__).resolve().parent / "mkdocs.yml")
