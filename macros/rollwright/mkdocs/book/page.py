"""A built page read back, and an edition's page written whole, with no template engine.

:func:`article` takes what a page's Markdown made from the theme's ``<article>`` (without what the theme
and Rollwright's ``main.html`` put around it); :func:`standalone` writes a complete document around an
edition's HTML, its stylesheets taken from a built page of the same site (addresses rewritten for the
edition's place) and with no header, navigation, search, footer or scripts.

>>> built = ('<html lang="fr"><head><meta charset="utf-8"><link rel="stylesheet" href="../css/a.css">'
...          '<script src="../x.js"></script></head><body dir="ltr"><article class="md-content__inner md-typeset">'
...          '<a class="md-content__button md-icon" href="e">Edit</a><h1>Rules</h1><p>Roll.</p>'
...          '<aside class="rw-print-links"><p>Print</p></aside></article></body></html>')
>>> article(built)
'<h1 id="title">Rules</h1><p>Roll.</p>'
>>> page = standalone('<div class="rw-print">x</div>', 'A < B', built, "pips/", "print/")
>>> '<html lang="fr">' in page, '<title>A &lt; B</title>' in page, 'href="../css/a.css"' in page, "<script" in page
(True, True, True, False)
"""

from __future__ import annotations

from urllib.parse import urljoin, urlsplit

from rollwright.mkdocs.book.dom import Element, Text, parse
from rollwright.mkdocs.book.urls import relative_url

THEME_PARTS = ("md-content__button", "md-source-file", "md-feedback", "md-tags", "rw-licence-note", "rw-print-links")
"""What the theme puts in a page's article around its Markdown's HTML: the edit and view buttons, the page's
dates, the feedback form and tags (Material), the licence note and print links (Rollwright's ``main.html``)."""
HEAD_KEEP = ("charset", "viewport")
BOOK_CSS = "assets/rollwright/css/book.css"
_BASE = "http://site.invalid/"


class NoArticle(ValueError):
    """The page has no theme article to read."""


def _article(root: Element) -> Element:
    found = root.find(lambda e: e.tag == "article" and e.has_class("md-content__inner"))
    if found is None:
        raise NoArticle("no <article class=\"md-content__inner\">")
    return found


def article(html: str) -> str:
    """The HTML a page's Markdown made, read from the built page ``html``.

    A heading the theme wrote for a page with none (no id) gets the id the print section gives one.

    >>> article('<article class="md-content__inner"><h1 id="a">A</h1><aside class="md-source-file">d</aside></article>')
    '<h1 id="a">A</h1>'
    """
    body = _article(parse(html))
    for node in body.find_all(lambda e: any(e.has_class(name) for name in THEME_PARTS)):
        if node.parent is not None:
            node.remove()
    first = next((c for c in body.children if isinstance(c, Element)), None)
    if first is not None and first.tag == "h1" and not first.attrs.get("id") \
            and body.find(lambda e: e.attrs.get("id") == "title") is None:
        first.attrs["id"] = "title"
    return body.inner_html().strip()


def _rebase(href: str, source_url: str, target_url: str) -> str:
    """An address of the page at ``source_url`` as the page at ``target_url`` must write it."""
    if href.startswith(("/", "#", "data:")) or urlsplit(href).scheme:
        return href
    target = urlsplit(urljoin(_BASE + source_url, href))
    rebased = relative_url(target.path.lstrip("/") or ".", target_url)
    return rebased + (f"?{target.query}" if target.query else "") + (f"#{target.fragment}" if target.fragment else "")


def _head(root: Element, source_url: str, url: str) -> list[Element]:
    """The built page's character set, viewport and stylesheets, for the page at ``url``."""
    head = root.find(lambda e: e.tag == "head")
    kept: list[Element] = []
    for node in head.iter() if head is not None else []:
        if node.tag == "meta" and ("charset" in node.attrs or node.attrs.get("name") in HEAD_KEEP):
            kept.append(Element("meta", dict(node.attrs)))
        elif node.tag == "link" and "stylesheet" in (node.attrs.get("rel") or "").split() and node.attrs.get("href"):
            attrs = dict(node.attrs)
            attrs["href"] = _rebase(attrs["href"] or "", source_url, url)
            kept.append(Element("link", attrs))
    if not any(e.tag == "meta" and "charset" in e.attrs for e in kept):
        kept.insert(0, Element("meta", {"charset": "utf-8"}))
    kept.append(Element("link", {"rel": "stylesheet", "href": relative_url(BOOK_CSS, url)}))
    return kept


def _wrap(*tags: tuple[str, str], inner: str) -> str:
    """``inner`` inside the theme's containers (``(tag, class)`` outermost first), so its stylesheet applies."""
    for tag, name in reversed(tags):
        inner = f'<{tag} class="{name}">\n{inner}\n</{tag}>'
    return inner


def standalone(content: str, title: str, source: str, source_url: str, url: str) -> str:
    """A whole HTML document for the page at ``url``: ``content`` (HTML made with :mod:`.dom`, escaped
    there) in the theme's article, titled ``title`` (text), its head and body attributes from the built
    page ``source`` at ``source_url`` (its scripts and everything else dropped)."""
    root = parse(source)
    html = root.find(lambda e: e.tag == "html")
    body = root.find(lambda e: e.tag == "body")
    lang = Element("html", {"lang": (html.attrs.get("lang") if html is not None else None) or "en"})
    opened = Element("body", {k: v for k, v in (body.attrs if body is not None else {"dir": "ltr"}).items()})
    head = [*_head(root, source_url, url), Element("title", None, [Text(title)])]
    main = _wrap(("div", "md-container"), ("main", "md-main"), ("div", "md-main__inner md-grid"),
                 ("div", "md-content"), ("article", "md-content__inner md-typeset"), inner=content)
    start_html = lang.html().removesuffix("</html>")
    start_body = opened.html().removesuffix("</body>")
    return (f"<!doctype html>\n{start_html}\n<head>\n" + "\n".join(e.html() for e in head)
            + f"\n</head>\n{start_body}\n{main}\n</body>\n</html>\n")

