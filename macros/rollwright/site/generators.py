"""The generators that turn a site's Markdown into HTML: MkDocs, properdocs and Zensical.

Rollwright needs one of them; it runs whichever is chosen (``--generator``, else ``ROLLWRIGHT_GENERATOR``,
else the first installed in the order below) and does the rest itself. Each is pinned to the version the
tests build with; another version is used with a warning.

>>> [generator.name for generator in GENERATORS]
['mkdocs', 'properdocs', 'zensical']
>>> by_name("zensical").pin
'0.0.73'
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import os
from dataclasses import dataclass
from pathlib import Path

from rollwright.errors import RollwrightError

ENVIRONMENT = "ROLLWRIGHT_GENERATOR"
"""The environment variable naming the generator when ``--generator`` does not."""


class GeneratorError(RollwrightError):
    """No generator can build the site; the message says which to install and how."""

    kind = "command"


@dataclass(frozen=True)
class Generator:
    """One generator: its name, the module it is imported as, and the version Rollwright is tested with."""

    name: str
    module: str
    pin: str
    theme: str
    """How its Material theme is found: ``material`` (the mkdocs-material package) or ``zensical`` (its own)."""

    def installed(self) -> bool:
        """Whether its package is importable here (without importing it)."""
        return importlib.util.find_spec(self.module) is not None

    def version(self) -> str | None:
        try:
            return importlib.metadata.version(self.name)
        except importlib.metadata.PackageNotFoundError:
            return None

    def activate(self) -> None:
        """Make ``import mkdocs...`` mean this generator's modules (properdocs aliases MkDocs' names)."""
        if self.name == "properdocs":
            importlib.import_module("properdocs.replacement")

    def theme_dir(self) -> Path:
        """The folder of its Material templates (main.html, assets/stylesheets/...)."""
        if self.theme == "zensical":
            spec = importlib.util.find_spec("zensical")
            assert spec is not None and spec.origin is not None
            return Path(spec.origin).parent / "templates"
        spec = importlib.util.find_spec("material")
        if spec is None or spec.origin is None:
            raise GeneratorError(f"{self.name} builds with Material for MkDocs, which is not installed: "
                                 f"pip install mkdocs-material==9.8.1")
        return Path(spec.origin).parent / "templates"

    @property
    def serves_itself(self) -> bool:
        """Whether it renders pages in Rollwright's own process (MkDocs, properdocs) or as a program of its own."""
        return self.name != "zensical"


GENERATORS = (
    Generator("mkdocs", "mkdocs", "1.6.1", "material"),
    Generator("properdocs", "properdocs", "1.6.7", "material"),
    Generator("zensical", "zensical", "0.0.73", "zensical"),
)
INSTALL = ("pip install 'mkdocs==1.6.1' 'mkdocs-material==9.8.1' (the default), "
           "or 'properdocs==1.6.7' with mkdocs-material, or 'zensical==0.0.73'")


def by_name(name: str) -> Generator:
    """The generator called ``name``; GeneratorError naming the three otherwise."""
    for generator in GENERATORS:
        if generator.name == name.strip().lower():
            return generator
    names = ", ".join(g.name for g in GENERATORS)
    raise GeneratorError(f"there is no generator named {name!r}: Rollwright builds with {names}")


def choose(name: str | None = None) -> Generator:
    """The generator asked for (``name``, else ``$ROLLWRIGHT_GENERATOR``), else the first one installed.

    A generator asked for that is not installed, or none installed at all, is a GeneratorError saying what to
    install.
    """
    asked = name or os.environ.get(ENVIRONMENT) or None
    if asked:
        generator = by_name(asked)
        if not generator.installed():
            raise GeneratorError(f"the generator {generator.name} is not installed here: "
                                 f"pip install '{generator.name}=={generator.pin}'"
                                 + (" mkdocs-material==9.8.1" if generator.theme == "material" else ""))
        return generator
    for generator in GENERATORS:
        if generator.installed():
            return generator
    raise GeneratorError(f"no site generator is installed: Rollwright needs one to turn pages into HTML. {INSTALL}.")


def installed() -> list[Generator]:
    """Every generator importable here, in the order :func:`choose` tries them."""
    return [generator for generator in GENERATORS if generator.installed()]
