"""Every test and doctest of this repository runs with the flagship site's systems, as its build does.

Hypothesis gets no deadline: how long one example takes depends on the machine's load, and a test
never asserts a time (speed is measured in bench/).
"""

from pathlib import Path

from hypothesis import settings

from rollwright.mkdocs.project import use_site

settings.register_profile("rollwright", deadline=None)
settings.load_profile("rollwright")

use_site(Path(__file__).resolve().parent / "mkdocs.yml")

# The built site at the root (`make site`) is never collected; test folders named `site` are (tests/site,
# tests/systems/facade/site): a `site` entry in norecursedirs skipped them too, without a word.
collect_ignore = ["site"]
