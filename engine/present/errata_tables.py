"""The generated errata list: every difference the engine finds between the seed and its rules.

>>> data = build_table("facade-errata")
>>> data.headers[0], len(data.rows) >= 1
('Where in the seed', True)
"""

from __future__ import annotations

from engine.present.markup import el
from engine.present.reference_tables import Cell, TableData, build_table, make_table, register_table
from engine.systems.facade.errata import all_errata

KIND_NAMES = {"table": "Table vs its rule", "claim": "Claim vs the rules", "tables": "Two tables disagree",
              "text": "Wording"}


def page_href(page: str, from_dir: str = "facade/") -> str:
    """A site-relative link from a page in ``from_dir`` to ``page`` (``facade/x.md#a`` -> ``../x/#a``).

    >>> page_href("facade/creation.md#skills")
    '../creation/#skills'
    """
    path, _, anchor = page.partition("#")
    path = path.removeprefix(from_dir).removesuffix(".md")
    target = "../" + ("" if path == "index" else path + "/")
    return target + (f"#{anchor}" if anchor else "")


@register_table("facade-errata", "Every printed value that differs from the rule it follows.")
def errata_table() -> TableData:
    rows = []
    for e in all_errata():
        link = el("a", {"href": page_href(e.page)}, e.where)
        rows.append([Cell(e.where, html=link), e.item, KIND_NAMES[e.kind], e.printed, e.computed, e.rule])
    return make_table("facade-errata", "Errata found by the engine: printed value and the value its rule gives",
                      ["Where in the seed", "Item", "Kind", "Printed", "Rule gives", "Rule followed"], rows,
                      row_keys=[e.key for e in all_errata()])
