"""A build with Zensical: the site's ``mkdocs.yml`` as Zensical must be told it, then Zensical, then our finish.

Zensical reads ``mkdocs.yml`` itself but runs no MkDocs plugin, so Rollwright writes a config of its own
beside the site's (``.rollwright-zensical.yml``, removed afterwards; Zensical wants its folders inside the
config's folder): the site's settings with every tag resolved, Rollwright's theme overrides merged with the
site's ``custom_dir`` into one folder (``.cache/rollwright/zensical/theme/``, Zensical takes one), the theme's extra
values, the joined stylesheet, the module script, and the page work as a Markdown extension. Zensical runs as
a program of its own (``python -m zensical build``), into ``.cache/rollwright/zensical/site/``; the site work then
finishes that folder and it is moved where the site was asked for.

What Zensical 0.0.73 does not do: it has no search index in MkDocs' format, so the search box keeps its own
behaviour without the games' buttons and other spellings (:data:`LEFT_OUT` leaves our search override out).
"""

from __future__ import annotations

import copy
import filecmp
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

from rollwright.site.config_file import dump
from rollwright.site.errors import SiteBuildError
from rollwright.site.finish import finish
from rollwright.site.generators import Generator
from rollwright.site.page_work import NAME as PAGE_WORK
from rollwright.site.setup import SCRIPT, SiteSetup, prepare, theme_variant

CONFIG_NAME = ".rollwright-zensical.yml"
WORK = Path(".cache") / "rollwright"
LEFT_OUT = ("partials/search.html",)
"""Theme overrides written for MkDocs' search, which Zensical's own search does not use."""
TIMEOUT = 30 * 60
"""Seconds a Zensical build may take before it is stopped (each call on a page has its own, shorter limit)."""


def work_folder(root: Path) -> Path:
    """Where Zensical's input theme and output go: ``.cache/rollwright/zensical/``, or, when ``.cache`` is a link
    to a folder elsewhere (Zensical wants both inside the project), ``.rollwright-zensical/``."""
    cache = root / ".cache"
    if cache.resolve().is_relative_to(root.resolve()):
        return root / WORK / "zensical"
    return root / ".rollwright-zensical"


def _merged_theme(setup: SiteSetup, own: Path) -> Path:
    """Rollwright's theme overrides with the site's ``custom_dir`` over them, in one folder (copied when changed)."""
    target = work_folder(setup.root) / "theme"
    custom = setup.raw.get("theme", {}).get("custom_dir") if isinstance(setup.raw.get("theme"), dict) else None
    escaped = [setup.escaped_theme] if setup.escaped_theme is not None else []  # the site's name escaped
    sources = escaped + [own] + ([setup.root / str(custom)] if custom else [])
    wanted: dict[Path, Path] = {}
    for source in sources:
        for path in source.rglob("*"):
            relative = path.relative_to(source)
            if path.is_file() and relative.as_posix() not in LEFT_OUT and "__pycache__" not in relative.parts:
                wanted[relative] = path
    for relative, path in wanted.items():
        destination = target / relative
        if not destination.is_file() or not filecmp.cmp(path, destination, shallow=False):
            destination.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, destination)
    for path in sorted(target.rglob("*"), reverse=True):
        if path.is_file() and path.relative_to(target) not in wanted:
            path.unlink()
    return target


def zensical_config(setup: SiteSetup, own_theme: Path, out: Path, site_url: str | None) -> dict[str, Any]:
    """The site's config as Zensical must be told it (see the module documentation)."""
    config = copy.deepcopy(setup.raw)
    theme = config.get("theme")
    theme = {"name": theme} if isinstance(theme, str) else dict(theme or {})
    theme["font"] = False
    theme["variant"] = theme_variant(setup.raw)
    theme["custom_dir"] = _merged_theme(setup, own_theme).relative_to(setup.root).as_posix()
    config["theme"] = theme
    config["extra"] = {**(config.get("extra") or {}), **setup.extra}
    config["extra_css"] = setup.extra_css
    scripts = [s for s in config.get("extra_javascript") or [] if s != SCRIPT and not (isinstance(s, dict) and s.get("path") == SCRIPT)]
    config["extra_javascript"] = [*scripts, {"path": SCRIPT, "type": "module"}]
    extensions = [e for e in config.get("markdown_extensions") or [] if e != PAGE_WORK and not (isinstance(e, dict) and PAGE_WORK in e)]
    config["markdown_extensions"] = [*extensions, *setup.markdown_extensions, {PAGE_WORK: setup.page_work}]
    config["plugins"] = [p for p in config.get("plugins") or [] if p != "rollwright" and not (isinstance(p, dict) and "rollwright" in p)]
    config["site_dir"] = out.relative_to(setup.root).as_posix()
    if site_url:
        config["site_url"] = site_url
    return config


def build_with_zensical(config_file: Path, generator: Generator, site_dir: Path, site_url: str | None,
                        serving: bool) -> list[dict[str, Any]]:
    """Build the site with Zensical into ``site_dir`` (see the module documentation); returns the PDFs made."""
    from rollwright.mkdocs.resources import theme_dir

    setup = prepare(config_file, generator, serving=serving, site_url=site_url)
    out = work_folder(setup.root) / "site"
    generated = setup.root / CONFIG_NAME
    generated.write_text("# Written by Rollwright for Zensical from mkdocs.yml, and removed after the build.\n"
                         + dump(zensical_config(setup, Path(theme_dir()), out, site_url)), encoding="utf-8")
    environment = {**os.environ, "PYTHONPATH": os.pathsep.join(p for p in sys.path if p)}
    try:
        ran = subprocess.run([sys.executable, "-m", "zensical", "build", "--config-file", str(generated)],
                             cwd=setup.root, capture_output=True, text=True, timeout=TIMEOUT, env=environment)
    except subprocess.TimeoutExpired:
        raise SiteBuildError(f"Zensical did not finish within {TIMEOUT // 60} minutes and was stopped") from None
    finally:
        generated.unlink(missing_ok=True)
    if ran.returncode != 0 or not (out / "index.html").is_file():
        raise SiteBuildError(_said(ran.stdout + ran.stderr) or f"Zensical failed (exit {ran.returncode})")
    pdfs = finish(setup, out)
    if site_dir.resolve() != out.resolve():
        if site_dir.exists():
            shutil.rmtree(site_dir)
        shutil.copytree(out, site_dir)
    return pdfs


def _said(output: str) -> str:
    """What Zensical printed about a failure: Rollwright's own message whole (a page's failed call), else its last
    error lines, without traceback frames.

    >>> _said("Traceback ...\\nRuntimeError: Python error: PageError: a.md, line 3: {{ x }}\\n  There is no macro"
    ...       "\\nTraceback (most recent call last):\\n  File ...")
    'a.md, line 3: {{ x }}\\n  There is no macro'
    """
    lines = output.splitlines()
    for index, line in enumerate(lines):
        if "PageError: " in line:
            found = [line.split("PageError: ", 1)[1]]
            for following in lines[index + 1:]:
                if following.startswith("Traceback") or not following.strip():
                    break
                found.append(following)
            return "\n".join(found)
    shown = [line for line in lines if line.strip() and not line.startswith((" ", "Traceback"))]
    return "\n".join(shown[-5:]).replace("RuntimeError: Python error: ", "")
