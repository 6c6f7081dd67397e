"""The site's own styles and each system's, in ONE stylesheet after Material's.

A system styles its own result views in ``docs/<system>/styles.css`` (next to its
pages). The build finds every such file before the generator runs, so adding a system
edits no shared file, and joins them, after the shared styles listed in ``extra_css``
(``assets/rollwright/css/``), into one file named by its content,
``assets/rollwright/css/rollwright.<sha256[:12]>.css``, which replaces them in ``extra_css``
(:func:`joined_stylesheet`; the site work writes it).
Every stylesheet holds up the first paint until it has loaded; one request instead of one
per file saves a round trip each on a first visit. Every page gets every system's styles,
because instant navigation keeps the first page's stylesheets.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from rollwright.mkdocs.prewrapped_tables import material_table_css, retarget

SYSTEM_STYLESHEET = "styles.css"
SHARED_PREFIX = "assets/rollwright/css/"


def system_stylesheets(docs_dir: Path) -> list[str]:
    """``<system>/styles.css`` for every docs folder that has one, sorted, relative to ``docs_dir``."""
    return sorted(p.relative_to(docs_dir).as_posix() for p in docs_dir.glob(f"*/{SYSTEM_STYLESHEET}"))


def joined(sources: list[tuple[str, str]]) -> str:
    """One stylesheet from ``(name, css)`` pairs, in order, each under a comment naming it.

    >>> print(joined([("a.css", "p { color: red; }"), ("b/styles.css", "em { margin: 0; }")]))
    /* ---- a.css ---- */
    p { color: red; }
    <BLANKLINE>
    /* ---- b/styles.css ---- */
    em { margin: 0; }
    <BLANKLINE>
    """
    return "\n".join(f"/* ---- {name} ---- */\n{css.rstrip()}\n" for name, css in sources)


def _shared_source(uri: str, theme_dirs: list[Path], docs_dir: Path) -> Path:
    """Where a shared sheet lives: a theme folder (the site's, then Rollwright's), else the docs."""
    for folder in [*theme_dirs, docs_dir]:
        if (folder / uri).is_file():
            return folder / uri
    raise FileNotFoundError(f"extra_css names {uri}, which is in no theme folder and not in {docs_dir}")


def theme_stylesheets(material_dir: Path, variant: str = "classic") -> list[Path]:
    """The theme's own main and palette stylesheets (``assets/stylesheets/*.min.css``; Zensical's, of one variant,
    ``assets/stylesheets/<variant>/*.min.css``)."""
    found = sorted(material_dir.glob("assets/stylesheets/*.min.css")) or \
        sorted(material_dir.glob(f"assets/stylesheets/{variant}/*.min.css"))
    if not found:
        raise FileNotFoundError(f"the theme in {material_dir} has no assets/stylesheets/*.min.css")
    return found


def joined_stylesheet(shared: list[str], theme_dirs: list[Path], material_dir: Path, docs_dir: Path,
                      variant: str = "classic") -> tuple[str, str]:
    """The shared sheets and the systems' ones as one content-named stylesheet: ``(its path, its text)``.

    First come the theme's table rules for the tables the build wraps itself (prewrapped_tables.py);
    every sheet after them reaches those tables as it reached the theme's.
    """
    tables = "\n".join(material_table_css(path.read_text(encoding="utf-8")) for path in theme_stylesheets(material_dir, variant))
    sources = [("the theme's table rules, for tables wrapped at build time (prewrapped_tables.py)", tables)]
    sources += [(uri, retarget(_shared_source(uri, theme_dirs, docs_dir).read_text(encoding="utf-8"))) for uri in shared]
    sources += [(uri, retarget((docs_dir / uri).read_text(encoding="utf-8"))) for uri in system_stylesheets(docs_dir)]
    content = joined(sources)
    return f"{SHARED_PREFIX}rollwright.{hashlib.sha256(content.encode('utf-8')).hexdigest()[:12]}.css", content
