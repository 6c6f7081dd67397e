"""Tables arrive wrapped as the theme would wrap them, so the theme leaves them alone.

Material wraps every class-less table of a page in two scrolling boxes when its script starts
(``table:not([class])`` -> ``div.md-typeset__scrollwrap > div.md-typeset__table > table``).
Moving a table re-styles and re-lays it out: on a page of big odds tables that was the longest
task of its load (Lighthouse's total blocking time). Here every class-less table is written
into those boxes at build time and marked ``rw-wrapped``, which the theme's script skips; the
theme's table rules are copied for the mark (:func:`material_table_css`) and our own sheets'
rules are widened to it (:func:`retarget`), so a table looks exactly as before.

A table that no macro made (a Markdown table, or an HTML one typed on the page) is also marked
``data-rw-typed``: typed by hand, so the checks never take it for a table the engine computed
(``rollwright check`` compares the ``data-rw-registered`` ones with the rules).

>>> prewrap('<p>x</p><table><tr><td>1</td></tr></table><table class="k"></table>')
'<p>x</p><div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table class="rw-wrapped" data-rw-typed><tr><td>1</td></tr></table></div></div><table class="k"></table>'
>>> retarget(".md-typeset .rw-scroll table:not([class]) { margin: 0; }")
'.md-typeset .rw-scroll table:is(:not([class]), .rw-wrapped) { margin: 0; }'
>>> material_table_css("a{color:red}.md-typeset table:not([class]) th,.x th{padding:0}@media print{.md-typeset table:not([class]){display:table}}")
'.md-typeset table.rw-wrapped th{padding:0}\\n@media print{.md-typeset table.rw-wrapped{display:table}}'
"""

from __future__ import annotations

import re

WRAPPED = "rw-wrapped"
TYPED = "data-rw-typed"
"""The mark of a table typed by hand on a page (no macro made it)."""
THEMES_SELECTOR = "table:not([class])"
_TABLE_TAG = re.compile(r"<table(?=[\s>])([^>]*)>|</table\s*>", re.IGNORECASE)


def prewrap(html: str) -> str:
    """Every table without a class attribute, in the theme's two boxes and marked ``rw-wrapped``."""
    out: list[str] = []
    open_tables: list[bool] = []  # for each open table: whether it was wrapped here
    position = 0
    for tag in _TABLE_TAG.finditer(html):
        out.append(html[position:tag.start()])
        position = tag.end()
        if tag.group(0).startswith("</"):
            wrapped = open_tables.pop() if open_tables else False
            out.append(tag.group(0) + ("</div></div>" if wrapped else ""))
            continue
        attributes = tag.group(1)
        wrap = re.search(r"\sclass\s*=", attributes, re.IGNORECASE) is None
        open_tables.append(wrap)
        typed = "" if "data-rw-" in attributes else f" {TYPED}"
        out.append(f'<div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table class="{WRAPPED}"'
                   f"{typed}{attributes}>" if wrap else tag.group(0))
    out.append(html[position:])
    return "".join(out)


def _blocks(css: str) -> list[tuple[str, str]]:
    """Top-level ``(prelude, body)`` pairs of a stylesheet (comments must be gone)."""
    blocks, depth, start, prelude = [], 0, 0, ""
    for index, char in enumerate(css):
        if char == "{":
            if depth == 0:
                prelude, start = css[start:index].strip(), index + 1
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                blocks.append((prelude, css[start:index]))
                start = index + 1
    return blocks


def material_table_css(css: str) -> str:
    """The theme's rules for class-less tables, for ``table.rw-wrapped`` instead (media queries kept)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.DOTALL)
    rules = []
    for prelude, body in _blocks(css):
        if prelude.startswith("@media"):
            inner = material_table_css(body)
            if inner:
                rules.append(f"{prelude}{{{inner}}}")
        elif not prelude.startswith("@"):
            selectors = [s for s in prelude.split(",") if THEMES_SELECTOR in s]
            if selectors:
                rules.append(",".join(s.replace(THEMES_SELECTOR, f"table.{WRAPPED}") for s in selectors) + f"{{{body}}}")
    return "\n".join(rules)


def retarget(css: str) -> str:
    """Our own rules for the theme's class-less tables, widened to the tables wrapped here."""
    return css.replace(THEMES_SELECTOR, f"table:is(:not([class]), .{WRAPPED})")
