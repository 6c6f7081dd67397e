"""Every test and doctest of this repository runs with the flagship site's systems, as its build does."""

from pathlib import Path

from rollwright.mkdocs.project import use_site

use_site(Path(__file__).resolve().parent / "mkdocs.yml")
