"""After the generator: the site work over its output folder, the same whichever generator wrote it.

:func:`finish` writes the joined stylesheet, waits for the site's wheel and snapshot (made while the pages
were rendered) and puts their names into every page's runtime config (``<script id="rw-config">``), adds
search's other spellings (to MkDocs' search index, where there is one), the answers at build time of the
widgets whose inputs are few (:mod:`rollwright.site.answers`; not under ``rollwright serve``), the offline page (made from the
site's own 404 page, so it has the site's look whichever theme engine rendered it), the print editions,
then the runtime's files and, last, the service worker, which lists every file of the folder.

>>> import tempfile
>>> page = Path(tempfile.mkdtemp()) / "index.html"
>>> _ = page.write_text('<head><script type="application/json" id="rw-config">{"snapshot": null}</script>')
>>> _ = set_runtime_config(page.parent, {"snapshot": "s/<x>.zst"})
>>> page.read_text()
'<head><script type="application/json" id="rw-config">{"snapshot": "s/\\\\u003cx\\\\u003e.zst"}</script>'
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

from rollwright.mkdocs.book.edition import write_editions
from rollwright.mkdocs.offline import OFFLINE_PAGE
from rollwright.mkdocs.search_text import finish_index, keep_index_whole
from rollwright.site.answers import report_answers
from rollwright.site.setup import SiteSetup

RUNTIME_CONFIG = re.compile(r'(<script type="application/json" id="rw-config">)(.*?)(</script>)', re.S)
_ARTICLE = re.compile(r'(<article class="md-content__inner md-typeset">)(.*?)(</article>)', re.S)
_TITLE = re.compile(r"<title>.*?</title>", re.S)
_LOGO = re.compile(r'<a href="([^"]*)"[^>]*class="md-header__button md-logo"')


def _json_for_html(value: Any) -> str:
    """JSON safe inside a ``<script>`` element (as Jinja's ``tojson`` writes it)."""
    text = json.dumps(value, ensure_ascii=False)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026").replace("'", "\\u0027")


def set_runtime_config(site_dir: Path, config: dict[str, Any]) -> int:
    """Put the runtime's final config into every page that carries one; returns how many pages changed."""
    text = _json_for_html(config)
    changed = 0
    for page in site_dir.rglob("*.html"):
        before = page.read_text(encoding="utf-8")
        after = RUNTIME_CONFIG.sub(lambda match: match.group(1) + text + match.group(3), before, count=1)
        if after != before:
            page.write_text(after, encoding="utf-8")
            changed += 1
    return changed


def offline_page(site_dir: Path, site_name: str) -> None:
    """``503.html``: the site's 404 page saying the reader is offline (the service worker shows it for a page
    this browser never kept). Its links start at the site's root, like the 404 page's."""
    not_found = site_dir / "404.html"
    if not not_found.is_file():
        return
    page = not_found.read_text(encoding="utf-8")
    logo = _LOGO.search(page)
    home = html.escape(re.sub(r"/\.$", "/", logo.group(1)) if logo else "/", quote=True)  # MkDocs writes "/."
    body = ("<h1>You are offline</h1>\n<p>This browser has no copy of this page yet: a page is kept for reading "
            "offline the first time it is opened while online.</p>\n<p>The pages already opened in this browser "
            f'still work offline, and so does <a href="{home}" data-rw-offline-home>the home page</a>. Once you are '
            "online again, reload this page.</p>\n")
    page = _ARTICLE.sub(lambda match: match.group(1) + body + match.group(3), page, count=1)
    page = _TITLE.sub(f"<title>Offline \u00b7 {html.escape(site_name)}</title>", page, count=1)
    (site_dir / OFFLINE_PAGE).write_text(page, encoding="utf-8")


def finish(setup: SiteSetup, site_dir: Path, *, partial: bool = False) -> list[dict[str, Any]]:
    """Complete the built site in ``site_dir`` (see the module documentation); returns the PDFs written.

    ``partial``: the generator rendered only the pages edited (a dirty build under ``rollwright serve``)."""
    uri, css = setup.stylesheet
    target = site_dir / uri
    target.parent.mkdir(parents=True, exist_ok=True)
    if not target.is_file() or target.read_text(encoding="utf-8") != css:
        target.write_text(css, encoding="utf-8")
    setup.assets.finish()
    set_runtime_config(site_dir, setup.assets.page_config)
    if not setup.serving:  # under serve, a page's widgets ask Python (an edit shows without answering them all)
        cache = setup.root / ".cache" / "rollwright" / "answers" if setup.games.cache is not None else None
        report_answers(site_dir, cache, setup.page_work["sources"])
    finish_index(site_dir)
    keep_index_whole(site_dir, partial)
    site_name = str(setup.raw.get("site_name") or "")
    if not setup.serving:
        offline_page(site_dir, site_name)
    pdfs: list[dict[str, Any]] = []
    if setup.book.print:
        pdfs = write_editions(site_dir, site_name, list(_systems()), setup.pages, setup.book,
                              use_directory_urls=setup.use_directory_urls, serving=setup.serving,
                              site_url=setup.site_url,
                              site_description=setup.raw.get("site_description"), copyright=setup.raw.get("copyright"))
    if setup.games.cache is not None:
        setup.games.cache.save()
    setup.assets.write(site_dir)  # last: the service worker lists every file of the folder
    return pdfs


def _systems() -> list[Any]:
    from rollwright.kit.system import all_systems

    return list(all_systems().values())
