"""The "What changed" page of each game: the comparison with an earlier release, published with the site.

Asked for with ``rollwright build --changes-since REV`` or ``changes_since: REV`` under the site's
``rollwright:`` options (REV: a git revision of the site's repository, or a folder). :func:`start`, before the
generator, plans one page per game (``<docs>/changes/``, linked from the game's home page through the theme's
extra values) and starts the comparison in the background (:mod:`rollwright.changes`; both versions are
evaluated in processes of their own while the generator renders the pages). :func:`write_pages`, site work over
the output folder, waits for it and writes each page in the shell of the game's home page: a summary first, each
check that changed with a before/after chart of its odds where they moved most (the site's own chart), the
other changes, then the text diffs of the pages. A page that moved gets a redirect page at its old address,
listed on the page. The pages are returned as nav pages, so the print editions include them.
"""

from __future__ import annotations

import html
import posixpath
import re
import threading
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from rollwright.changes import report
from rollwright.kit.charts import Bar, bar_chart
from rollwright.kit.markup import Html, el
from rollwright.kit.numbers import percent
from rollwright.mkdocs.book.nav import NavPage, page_url
from rollwright.mkdocs.book.urls import page_file

OPTION = "changes_since"
PAGE = "changes.md"
TITLE = "What changed"
MAX_CHECKS_SHOWN = 12
"""Checks given a chart on the page (the rest are listed by name)."""
_ARTICLE = re.compile(r'(<article class="md-content__inner md-typeset">)(.*?)(</article>)', re.S)
_TITLE = re.compile(r"<title>.*?</title>", re.S)


@dataclass
class ChangesJob:
    """The comparison under way, and the pages it will fill."""

    since: str
    root: Path
    planned: list[dict[str, Any]]
    result: dict[str, Any] = field(default_factory=dict)
    error: BaseException | None = None
    thread: threading.Thread | None = None

    def run(self) -> None:
        from rollwright.changes.command import changes

        try:
            self.result = changes(self.since, ".", self.root)
        except BaseException as error:  # noqa: BLE001 - said by write_pages, in the build's own thread
            self.error = error

    def wait(self) -> dict[str, Any]:
        if self.thread is not None:
            self.thread.join()
        if self.error is not None:
            raise self.error
        return self.result


def plan(systems: list[Any], use_directory_urls: bool) -> list[dict[str, Any]]:
    """One page per game: ``{"docs", "src", "url", "home_url"}`` (the theme links each from its home page)."""
    found = []
    for game in systems:
        src = f"{game.docs}/{PAGE}"
        found.append({"id": game.id, "docs": game.docs, "src": src, "url": page_url(src, use_directory_urls),
                      "home_url": page_url(game.pages[0].path, use_directory_urls) if game.pages else None,
                      "title": game.title})
    return found


def start(since: str | None, root: Path, systems: list[Any], use_directory_urls: bool) -> ChangesJob | None:
    """Plan the pages and start the comparison with ``since`` (None: the site publishes none)."""
    if not since:
        return None
    job = ChangesJob(str(since), root, plan(systems, use_directory_urls))
    job.thread = threading.Thread(target=job.run, name="rollwright-changes", daemon=True)
    job.thread.start()
    return job


def _chart(check: dict[str, Any]) -> Html:
    """Before and after, side by side, at the inputs where the odds moved most."""
    where = check["shifts"][0]["params"]
    names = check["outcome_names"]
    moved = {(s["outcome"]): s for s in check["shifts"] if s["params"] == where}
    bars, key = [], []
    for index, (outcome, name) in enumerate(names.items(), start=1):
        if outcome not in moved:
            continue
        shift = moved[outcome]
        bars.append(Bar(str(index), Fraction(shift["old"]), "rw-bar--near", f"{name}, before"))
        bars.append(Bar(str(index), Fraction(shift["new"]), "rw-bar--success", f"{name}, after"))
        key.append((str(index), f"{name}: {percent(Fraction(shift['old']))} before (left), "
                                 f"{percent(Fraction(shift['new']))} after (right)"))
    return bar_chart(bars, title=f"{check['name']} at {report.inputs(where)}: before and after", key=key)


def _items(lines: list[tuple[str, str]]) -> list[Html]:
    """The report's lines as HTML (text escaped; diffs as preformatted blocks)."""
    out: list[Html] = []
    listing: list[Html] = []

    def flush() -> None:
        if listing:
            out.append(el("ul", None, list(listing)))
            listing.clear()

    for kind, line in lines:
        if kind == "li":
            listing.append(el("li", None, line))
            continue
        flush()
        if kind == "diff":
            out.append(el("pre", {"class": "rw-changes__diff"}, el("code", None, line)))
        elif kind == "h3":
            out.append(el("h2", None, line))
        elif kind == "p":
            out.append(el("p", None, line))
    flush()
    return out


def body(game: dict[str, Any], since: str, moved_links: list[tuple[str, str, str]]) -> Html:
    """The page's article: title, summary, charts of the checks that moved, the rest of the report."""
    parts: list[Html] = [el("h1", {"id": "what-changed"}, f"{TITLE} since {since}")]
    if game.get("status") != "changed":
        parts.append(el("p", None, f"The game was {game.get('status', 'not compared')} since {since}."))
        return el("div", {"class": "rw-changes"}, parts)
    parts.append(el("p", {"class": "rw-changes__summary"}, report.sentence(game["summary"])))
    for check in game["calls"]["checks"][:MAX_CHECKS_SHOWN]:
        if check["shifts"]:
            parts.append(el("figure", {"class": "rw-changes__chart"}, _chart(check)))
            break
    if moved_links:
        parts.append(el("h2", None, "Pages that moved"))
        parts.append(el("ul", None, [el("li", None, el("code", None, old), " now lives at ",
                                        el("a", {"href": href}, label)) for old, href, label in moved_links]))
    charts = []
    for check in game["calls"]["checks"][1:MAX_CHECKS_SHOWN]:
        if check["shifts"]:
            charts.append(el("details", {"class": "rw-changes__more"},
                             el("summary", None, f"{check['name']}: before and after"), _chart(check)))
    parts += _items(report.game_lines("", game)[2:])
    parts += charts
    return el("div", {"class": "rw-changes"}, parts)


def _relative(from_url: str, to_url: str) -> str:
    start = posixpath.dirname(from_url.rstrip("/") + "/x") if from_url.endswith("/") else posixpath.dirname(from_url)
    target = posixpath.relpath(to_url or ".", start or ".")
    return target + ("/" if to_url.endswith("/") and not target.endswith("/") else "")


_LINK = re.compile(r'(\s(?:href|src)=")(?![a-z][a-z0-9+.-]*:|/|#)([^"]*)(")')
"""An element's relative address (an attribute after a space: not ``href="`` inside a script's regular expression)."""
_BASE = re.compile(r'("base":\s*")([^"]*)(")')
_UP = re.compile(r'(?<![=\w])(["\'])((?:\.\./)+)')
"""A quoted path that climbs (``"../assets/..."`` in an inline script), outside an attribute."""


def moved_shell(page: str, from_file: str, to_file: str) -> str:
    """A built page's relative links (and Material's ``base``) made right for a page in another folder.

    >>> moved_shell('<a href="../x/">x</a><img src="a.png"><a href="#top">', "g/index.html", "g/changes/index.html")
    '<a href="../../x/">x</a><img src="../a.png"><a href="#top">'
    >>> moved_shell('<script>s = "../assets/a.js"</script>', "g/index.html", "g/changes/index.html")
    '<script>s = "../../assets/a.js"</script>'
    """
    up = posixpath.relpath(posixpath.dirname(from_file) or ".", posixpath.dirname(to_file) or ".")
    if up == ".":
        return page

    def fix(match: re.Match[str]) -> str:
        joined = posixpath.normpath(posixpath.join(up, match.group(2) or "."))
        tail = "/" if (match.group(2).endswith("/") or match.group(2) in ("", ".")) and joined != "." else ""
        return match.group(1) + joined + tail + match.group(3)

    page = _UP.sub(lambda match: match.group(1) + up + "/" + match.group(2), page)  # before the attributes
    return _BASE.sub(fix, _LINK.sub(fix, page))


def without_toc(page: str) -> str:
    """The page without the shell's tables of contents (they were the home page's; Material has two).

    >>> without_toc('<a><nav class="md-nav md-nav--secondary" x><nav>in</nav></nav><b><nav class="md-nav md-nav--secondary"></nav>')
    '<a><b>'
    """
    while (start := page.find('<nav class="md-nav md-nav--secondary"')) >= 0:
        depth = 0
        for match in re.finditer(r"<nav\b|</nav>", page[start:]):
            depth += 1 if match.group(0) == "<nav" else -1
            if depth == 0:
                page = page[:start] + page[start + match.end():]
                break
        else:
            return page
    return page


def redirect_html(to: str, title: str) -> str:
    """A small page that sends the reader on (meta refresh, with a link for those without it)."""
    to_attr = html.escape(to, quote=True)
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)} has moved</title>'
            f'<meta http-equiv="refresh" content="0; url={to_attr}"><link rel="canonical" href="{to_attr}">'
            f'<meta name="robots" content="noindex"></head><body><p>{html.escape(title)} has moved to '
            f'<a href="{to_attr}">{to_attr}</a>.</p></body></html>\n')


def write_pages(job: ChangesJob | None, site_dir: Path, use_directory_urls: bool) -> list[NavPage]:
    """Write each game's page (and the redirects of its moved pages); the nav pages for the print editions."""
    if job is None:
        return []
    result = job.wait()
    written: list[NavPage] = []
    for planned in job.planned:
        game = result.get("games", {}).get(planned["id"], {"status": "not found in this build"})
        moved_links = []
        for move in (game.get("pages") or {}).get("moved", []):
            old_url, new_url = page_url(move["old"], use_directory_urls), page_url(move["new"], use_directory_urls)
            target = site_dir / page_file(old_url)
            if not target.exists():
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(redirect_html(_relative(old_url, new_url), move["title"]), encoding="utf-8")
            moved_links.append((move["old"], _relative(planned["url"], new_url), f"{move['title']} ({move['new']})"))
        home = site_dir / page_file(planned["home_url"] or "")
        if not home.is_file():
            continue
        shell = without_toc(moved_shell(home.read_text(encoding="utf-8"), page_file(planned["home_url"] or ""),
                                        page_file(planned["url"])))  # the shell's links, then the article's own
        article = str(body(game, job.since, moved_links))
        page = _ARTICLE.sub(lambda match: match.group(1) + article + match.group(3), shell, count=1)
        page = _TITLE.sub(f"<title>{html.escape(TITLE)} \u00b7 {html.escape(planned['title'])}</title>", page, count=1)
        target = site_dir / page_file(planned["url"])
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page, encoding="utf-8")
        written.append(NavPage(planned["src"], planned["url"], f"{TITLE} since {job.since}", planned["title"]))
    return written
