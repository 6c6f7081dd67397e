"""Every table of every page is written in the theme's scrolling boxes (macros/prewrapped_tables.py),
and the site's stylesheet carries the theme's table rules for them."""

from __future__ import annotations

import re
from pathlib import Path

from rollwright.mkdocs.prewrapped_tables import WRAPPED, material_table_css, prewrap
from rollwright.mkdocs.system_styles import theme_stylesheets


def test_nested_and_classed_tables() -> None:
    html = '<table><tr><td><table><tr><td>1</td></tr></table></td></tr></table><TABLE class="x"></TABLE>'
    out = prewrap(html)
    assert out.count('<div class="md-typeset__scrollwrap">') == 2 and out.count("</div></div>") == 2
    assert out.endswith('<TABLE class="x"></TABLE>')
    assert prewrap("<p>no tables</p>") == "<p>no tables</p>"


def test_every_page_table_is_prewrapped(site: Path) -> None:
    pages = list(site.rglob("index.html"))
    assert pages
    wrapped = 0
    for page in pages:
        html = page.read_text(encoding="utf-8")
        article = html[html.find("<article"):html.find("</article>")]
        for tag in re.findall(r"<table\b[^>]*>", article):
            assert "class=" in tag, f"{page}: the theme would move this table when its script starts: {tag}"
        wrapped += len(re.findall(
            rf'<div class="md-typeset__scrollwrap"><div class="md-typeset__table"><table class="{WRAPPED}"', article))
    assert wrapped > 20


def test_the_stylesheet_styles_wrapped_tables_as_the_theme_does(site: Path) -> None:
    import material

    templates = Path(material.__file__).parent / "templates"
    theme_rules = "\n".join(material_table_css(p.read_text(encoding="utf-8")) for p in theme_stylesheets(templates))
    assert theme_rules.count(f"table.{WRAPPED}") >= 10
    sheet = next((site / "assets/rollwright/css").glob("rollwright.*.css")).read_text(encoding="utf-8")
    assert theme_rules in sheet
    assert "table:not([class])" not in sheet.replace(f"table:is(:not([class]), .{WRAPPED})", "")
