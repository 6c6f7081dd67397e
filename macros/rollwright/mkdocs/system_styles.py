"""MkDocs hook: the site's own styles and each system's, in ONE stylesheet after Material's.

A system styles its own result views in ``docs/<system>/styles.css`` (next to its
pages). This hook finds every such file when the configuration loads, so adding a system
edits no shared file, and joins them, after the shared styles listed in ``extra_css``
(``assets/rollwright/css/``), into one file named by its content,
``assets/rollwright/css/rollwright.<sha256[:12]>.css``, which replaces them in ``extra_css``.
Every stylesheet holds up the first paint until it has loaded; one request instead of one
per file saves a round trip each on a first visit. Every page gets every system's styles,
because instant navigation keeps the first page's stylesheets.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from mkdocs.structure.files import File, Files

try:
    from rollwright.mkdocs.prewrapped_tables import material_table_css, retarget
except ImportError:  # `mkdocs` run as a command: only this hook's own folder is on sys.path while it loads
    from prewrapped_tables import material_table_css, retarget  # type: ignore[import-not-found,no-redef]

SYSTEM_STYLESHEET = "styles.css"
SHARED_PREFIX = "assets/rollwright/css/"
_bundle: dict[str, str] = {}  # {"uri": ..., "content": ...} for on_files, set by on_config


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


def _shared_source(config: Any, uri: str) -> Path:
    """Where a shared sheet of ``extra_css`` lives: the theme's custom folder, else the docs."""
    for folder in (config.theme.custom_dir, config.docs_dir):
        if folder and (Path(folder) / uri).is_file():
            return Path(folder) / uri
    raise FileNotFoundError(f"extra_css names {uri}, which is in neither {config.theme.custom_dir} nor {config.docs_dir}")


def theme_stylesheets(config: Any) -> list[Path]:
    """The theme's own main and palette stylesheets (``assets/stylesheets/*.min.css``)."""
    for folder in config.theme.dirs:
        found = sorted(Path(folder).glob("assets/stylesheets/*.min.css"))
        if found:
            return found
    raise FileNotFoundError("the theme has no assets/stylesheets/*.min.css")


def on_config(config: Any, **_: Any) -> Any:
    """Replace the shared sheets and add the systems' ones: one content-named stylesheet.

    First come the theme's table rules for the tables the build wraps itself (prewrapped_tables.py);
    every sheet after them reaches those tables as it reached the theme's.
    """
    docs_dir = Path(config.docs_dir)
    shared = [uri for uri in config.extra_css if str(uri).startswith(SHARED_PREFIX)]
    tables = "\n".join(material_table_css(path.read_text(encoding="utf-8")) for path in theme_stylesheets(config))
    sources = [("the theme's table rules, for tables wrapped at build time (prewrapped_tables.py)", tables)]
    sources += [(uri, retarget(_shared_source(config, uri).read_text(encoding="utf-8"))) for uri in shared]
    sources += [(uri, retarget((docs_dir / uri).read_text(encoding="utf-8"))) for uri in system_stylesheets(docs_dir)]
    content = joined(sources)
    digest = hashlib.sha256(content.encode("utf-8")).hexdigest()[:12]
    _bundle.update(uri=f"{SHARED_PREFIX}rollwright.{digest}.css", content=content)
    config.extra_css[:] = [uri for uri in config.extra_css if uri not in shared] + [_bundle["uri"]]
    return config


def on_files(files: Files, config: Any, **_: Any) -> Files:
    """Add the joined stylesheet to the site."""
    files.append(File.generated(config, _bundle["uri"], content=_bundle["content"]))
    return files
