"""The pages of a site's navigation in reading order, from ``mkdocs.yml``'s ``nav`` as YAML loads it.

Each entry is a page's path (``pips/index.md``), ``{title: path}``, or ``{title: [entries]}`` (a section);
an address (``https://...``) or a path outside the docs is skipped. Without a ``nav``, every Markdown file of
the docs folder is a page, in MkDocs' order (a folder's ``index.md`` first, then its files by name, then its
folders), each top-level folder a section titled as MkDocs titles it.

>>> nav = [{"Home": "index.md"}, {"Pips": ["pips/index.md", {"Errata": "pips/errata.md"}]}, {"Web": "https://x.org"}]
>>> for page in nav_pages(nav, Path("/nowhere"), use_directory_urls=True):
...     print(page)
NavPage(src_uri='index.md', url='', title='Home', section=None)
NavPage(src_uri='pips/index.md', url='pips/', title='Index', section='Pips')
NavPage(src_uri='pips/errata.md', url='pips/errata/', title='Errata', section='Pips')
"""

from __future__ import annotations

import posixpath
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]  # PyYAML ships no types; MkDocs and Zensical both install it

_H1 = re.compile(r"^#[ \t]+(.+?)[ \t]*#*[ \t]*$")
_ATTRS = re.compile(r"[ \t]*\{[^}]*\}[ \t]*$")
_FENCE = re.compile(r"^[ \t]{0,3}(`{3,}|~{3,})")


@dataclass(frozen=True)
class NavPage:
    """One page of the site's navigation: its source, its URL as the generator wrote it (``pips/errata/`` or
    ``pips/errata.html``), its title, and the title of the top-level section it is in (None: at the top)."""

    src_uri: str
    url: str
    title: str
    section: str | None


def page_url(src_uri: str, use_directory_urls: bool) -> str:
    """A page's URL from its source's path, as MkDocs writes it.

    >>> page_url("pips/index.md", True), page_url("pips/rules.md", True), page_url("index.md", True)
    ('pips/', 'pips/rules/', '')
    >>> page_url("pips/index.md", False), page_url("README.md", True), page_url("a/README.md", False)
    ('pips/index.html', '', 'a/index.html')
    """
    folder, name = posixpath.split(src_uri)
    stem = posixpath.splitext(name)[0]
    if stem in ("index", "README"):
        stem = "index"
    if not use_directory_urls:
        return posixpath.join(folder, stem + ".html")
    if stem == "index":
        return folder + "/" if folder else ""
    return posixpath.join(folder, stem) + "/"


def name_title(src_uri: str, url: str) -> str:
    """The title MkDocs gives a page with no other: ``Home`` for the home page, else its file's name.

    >>> name_title("index.md", ""), name_title("rules/combat-basics.md", "rules/combat-basics/")
    ('Home', 'Combat basics')
    >>> name_title("pips/index.md", "pips/"), name_title("DnD_stats.md", "DnD_stats/")
    ('Index', 'DnD stats')
    """
    if url in ("", "./", "index.html"):
        return "Home"
    stem = posixpath.splitext(posixpath.basename(src_uri))[0]
    title = ("index" if stem == "README" else stem).replace("-", " ").replace("_", " ")
    return title.capitalize() if title.lower() == title else title


def folder_title(name: str) -> str:
    """A section's title from its folder's name, as MkDocs makes it.

    >>> folder_title("pips"), folder_title("house-rules"), folder_title("SRD_Core")
    ('Pips', 'House rules', 'SRD Core')
    """
    title = name.replace("-", " ").replace("_", " ")
    return title.capitalize() if title.lower() == title else title


def markdown_title(text: str) -> str | None:
    """The title a page's Markdown gives itself: its front matter's ``title``, else its first ``# heading``.

    >>> markdown_title("---\\ntitle: Odds\\n---\\n# Rules\\n"), markdown_title("Intro\\n\\n# Rules {#r}\\n")
    ('Odds', 'Rules')
    >>> markdown_title("```\\n# not a heading\\n```\\n## Two\\n") is None
    True
    """
    lines = text.replace("\r\n", "\n").split("\n")
    if lines and lines[0].strip() == "---" and "---" in (line.strip() for line in lines[1:]):
        end = next(i for i, line in enumerate(lines[1:], 1) if line.strip() in ("---", "..."))
        try:
            meta = yaml.safe_load("\n".join(lines[1:end]))
        except yaml.YAMLError:
            meta = None
        if isinstance(meta, dict) and isinstance(meta.get("title"), str) and meta["title"].strip():
            return str(meta["title"]).strip()
        lines = lines[end + 1:]
    fence: str | None = None  # the fence a code block was opened with, until it closes
    for line in lines:
        mark = _FENCE.match(line)
        if fence is None and mark:
            fence = mark.group(1)
        elif fence is not None:
            if mark and mark.group(1).startswith(fence) and not line.strip().strip(fence[0]):
                fence = None
        else:
            found = _H1.match(line)
            if found:
                return _ATTRS.sub("", found.group(1)).strip() or None
    return None


def _title(given: str | None, src_uri: str, url: str, docs_dir: Path) -> str:
    if given:
        return given
    try:
        found = markdown_title((docs_dir / src_uri).read_text(encoding="utf-8-sig"))
    except (OSError, UnicodeDecodeError):
        found = None
    return found or name_title(src_uri, url)


def _entries(nav: Any, section: str | None, top: bool) -> list[tuple[str | None, str, str | None]]:
    """(title or None, path, section) for each page entry of ``nav``, in order."""
    if isinstance(nav, str):
        return [(None, nav, section)]
    if isinstance(nav, list):
        return [entry for item in nav for entry in _entries(item, section, top)]
    if isinstance(nav, dict):
        found = []
        for title, value in nav.items():
            if isinstance(value, list):
                found += _entries(value, str(title) if top else section, False)
            elif isinstance(value, str):
                found.append((str(title), value, section))
        return found
    return []


def _is_page(path: str) -> bool:
    return "://" not in path and not path.startswith(("/", "mailto:", "#")) and path.endswith(".md")


def _default_order(docs_dir: Path) -> list[str]:
    """Every Markdown file under ``docs_dir`` (hidden ones aside), in MkDocs' order."""
    found: list[str] = []

    def walk(folder: Path, prefix: str) -> None:
        items = sorted(p for p in folder.iterdir() if not p.name.startswith("."))
        names = [p.name for p in items if p.is_file() and p.suffix == ".md"]
        names.sort(key=lambda n: (posixpath.splitext(n)[0] not in ("index", "README"), n))
        if "index.md" in names and "README.md" in names:
            names.remove("README.md")  # MkDocs keeps the index and warns
        found.extend(prefix + name for name in names)
        for sub in items:
            if sub.is_dir() and not (prefix == "" and sub.name == "templates"):
                walk(sub, f"{prefix}{sub.name}/")

    if docs_dir.is_dir():
        walk(docs_dir, "")
    return found


def nav_pages(nav: list[Any] | None, docs_dir: Path, use_directory_urls: bool) -> list[NavPage]:
    """The site's pages in reading order (see the module's documentation)."""
    entries: list[tuple[str | None, str, str | None]]
    if nav is None:
        entries = [(None, path, folder_title(path.split("/")[0]) if "/" in path else None)
                   for path in _default_order(docs_dir)]
    else:
        entries = _entries(nav, None, True)
    pages: list[NavPage] = []
    for title, path, section in entries:
        path = path.strip()
        if not _is_page(path):
            continue
        src_uri = posixpath.normpath(path)
        url = page_url(src_uri, use_directory_urls)
        pages.append(NavPage(src_uri, url, _title(title, src_uri, url, docs_dir), section))
    return pages
