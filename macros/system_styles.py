"""MkDocs hook: each system's own stylesheet goes on every page after the shared ones.

A system styles its own result views in ``docs/<system>/styles.css`` (next to its
pages; MkDocs copies it into the site). This hook finds every such file when the
configuration loads and appends it to ``extra_css``, so adding a system edits no
shared file. The shared styles (``assets/rollwright/css/``) come first.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

SYSTEM_STYLESHEET = "styles.css"


def system_stylesheets(docs_dir: Path) -> list[str]:
    """``<system>/styles.css`` for every docs folder that has one, sorted, relative to ``docs_dir``."""
    return sorted(p.relative_to(docs_dir).as_posix() for p in docs_dir.glob(f"*/{SYSTEM_STYLESHEET}"))


def on_config(config, **_: Any):  # noqa: ANN001 - MkDocs passes its own config object
    """Append the systems' stylesheets to ``extra_css`` (once each)."""
    for sheet in system_stylesheets(Path(config.docs_dir)):
        if sheet not in config.extra_css:
            config.extra_css.append(sheet)
    return config
