"""Bench part 5 and site helpers: build timings and the bench-only pages.

A bare one-page site with the same theme (Material, same features and palette, no
macros, hooks or Rollwright assets) against the full site build, both through the
same `mkdocs build --strict` path in a fresh interpreter.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

import yaml

from siteserver import REPO_ROOT, build_site

STATIC = REPO_ROOT / "bench" / "static"


class _LenientLoader(yaml.SafeLoader):
    """Reads mkdocs.yml without mkdocs' own tags (!ENV, !relative, python names)."""


_LenientLoader.add_multi_constructor("", lambda loader, suffix, node: None)
_LenientLoader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)


def pyodide_version() -> str:
    return json.loads((REPO_ROOT / "node_modules" / "pyodide" / "package.json").read_text())["version"]


def _one_page_config(tmp_dir: Path) -> Path:
    site = yaml.load((REPO_ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_LenientLoader)
    theme = {k: v for k, v in (site.get("theme") or {}).items() if k not in {"custom_dir", "favicon"}}
    docs = tmp_dir / "one-page-docs"
    docs.mkdir()
    (docs / "index.md").write_text("# One page\n\nThe same theme, nothing else.\n", encoding="utf-8")
    config = {"site_name": "One page", "docs_dir": str(docs), "theme": theme, "strict": True}
    path = tmp_dir / "one-page-mkdocs.yml"
    path.write_text(yaml.safe_dump(config), encoding="utf-8")
    return path


def build_times(tmp_dir: Path, site_url: str) -> dict:
    """Seconds for a bare one-page build and the full site (which is kept at tmp_dir/site)."""
    config = _one_page_config(tmp_dir)
    start = time.perf_counter()
    build_site(tmp_dir / "one-page-site", config_file=config)
    bare = time.perf_counter() - start
    start = time.perf_counter()
    build_site(tmp_dir / "site", site_url)
    full = time.perf_counter() - start
    return {"bare_one_page": round(bare, 2), "full_site": round(full, 2), "ratio": round(full / bare, 2)}


def install_bench_pages(site_dir: Path) -> None:
    """Copy the bench-only pages into the built site under _bench/."""
    target = site_dir / "_bench"
    target.mkdir(exist_ok=True)
    for name in ("boot.html", "boot.js", "boot-worker.js", "restore.html", "restore.js", "restore-worker.js"):
        shutil.copyfile(STATIC / name, target / name)
