"""The MkDocs plugin's side of the print editions (:mod:`rollwright.mkdocs.book`, which needs no MkDocs):
the ``book:`` options as MkDocs checks them, and MkDocs' navigation as the book's list of pages.

>>> class P:  # a page of MkDocs' navigation, as far as the book reads one
...     is_page, is_section = True, False
...     def __init__(self, src, url, title):
...         self.file, self.url, self.title = type("F", (), {"src_uri": src}), url, title
>>> class S:
...     is_page, is_section = False, True
...     def __init__(self, title, children): self.title, self.children = title, children
>>> nav = type("Nav", (), {"items": [P("index.md", "", "Home"), S("Pips", [P("pips/index.md", "pips/", None)])]})
>>> [(p.src_uri, p.url, p.title, p.section) for p in mkdocs_nav_pages(nav)]
[('index.md', '', 'Home', None), ('pips/index.md', 'pips/', 'Index', 'Pips')]
"""

from __future__ import annotations

from typing import Any

from mkdocs.config import base
from mkdocs.config import config_options as c

from rollwright.mkdocs.book.nav import NavPage, name_title
from rollwright.mkdocs.book.options import BookOptions


class BookConfig(base.Config):
    """The plugin's ``book:`` options: ``print`` (the print editions, default on), ``pdf`` (print each to
    a PDF with Chromium, default off; ``rollwright pdf`` turns it on) and ``chromium`` (its path)."""

    print = c.Type(bool, default=True)
    pdf = c.Type(bool, default=False)
    chromium = c.Optional(c.Type(str))

    def options(self) -> BookOptions:
        """The options as the book takes them."""
        return BookOptions.from_mapping({"print": self.print, "pdf": self.pdf, "chromium": self.chromium})


def _pages(item: Any) -> list[Any]:
    if getattr(item, "is_page", False):
        return [item] if getattr(item, "file", None) is not None else []
    return [page for child in getattr(item, "children", None) or [] for page in _pages(child)]


def mkdocs_nav_pages(nav: Any) -> list[NavPage]:
    """The pages of MkDocs' navigation in order, each with its top-level section's title (links left out)."""
    found = []
    for item in nav.items:
        section = str(item.title) if getattr(item, "is_section", False) else None
        for page in _pages(item):
            src_uri, url = page.file.src_uri, page.url
            found.append(NavPage(src_uri, url, str(page.title or name_title(src_uri, url)), section))
    return found
