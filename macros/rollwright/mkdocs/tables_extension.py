"""A Python-Markdown extension: every page's tables arrive as the theme would show them.

Run by the page work (:mod:`rollwright.site.page_work`) on every page,
so it runs wherever Python-Markdown renders the pages, with MkDocs or with a tool that reads the
same ``mkdocs.yml`` (Zensical). On the HTML of each page it

* writes every class-less table into the theme's scrolling boxes (:mod:`rollwright.mkdocs.prewrapped_tables`);
* puts a space after every cell, caption and row, so search reads cells as separate words
  (:func:`rollwright.mkdocs.search_text.spaced_cells`).

>>> import markdown
>>> html = markdown.markdown("| a | b |\\n|---|---|\\n| 1 | 2 |", extensions=["tables", TablesExtension()])
>>> html.startswith('<div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table class="rw-wrapped" data-rw-typed>')
True
>>> "<td>1</td> \\n<td>2</td> \\n</tr> " in html
True
"""

from __future__ import annotations

from typing import Any

from markdown import Extension, Markdown  # type: ignore[import-untyped]
from markdown.postprocessors import Postprocessor  # type: ignore[import-untyped]

from rollwright.mkdocs.prewrapped_tables import prewrap
from rollwright.mkdocs.search_text import spaced_cells


class _Tables(Postprocessor):
    def run(self, text: str) -> str:
        return prewrap(spaced_cells(text))


class TablesExtension(Extension):
    """Registers the postprocessor last, after raw HTML (the macros' own tables) is put back."""

    def extendMarkdown(self, md: Markdown) -> None:  # noqa: N802 - Python-Markdown's name
        md.postprocessors.register(_Tables(md), "rollwright_tables", 0)


def makeExtension(**kwargs: Any) -> TablesExtension:  # noqa: N802 - Python-Markdown's entry point
    """What Python-Markdown calls for ``markdown_extensions: [rollwright.mkdocs.tables_extension]``."""
    return TablesExtension(**kwargs)
