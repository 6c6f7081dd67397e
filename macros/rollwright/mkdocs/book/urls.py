"""Paths between the pages of a built site, as slash-separated URL paths (no scheme, no host).

>>> relative_url("assets/book.css", "pips/print/"), relative_url("pips/", "print.html")
('../../assets/book.css', 'pips/')
>>> page_file("pips/print/"), page_file(""), page_file("pips/print.html")
('pips/print/index.html', 'index.html', 'pips/print.html')
"""

from __future__ import annotations

import posixpath


def _parts(path: str) -> list[str]:
    normal = posixpath.normpath("/" + path.lstrip("/"))[1:]
    return normal.split("/") if normal else []


def relative_url(url: str, other: str) -> str:
    """``url`` written relative to the page at ``other`` (both from the site's root; a last part of ``other``
    with a dot is a file, so its folder counts). ``..`` above the root stays at the root; a trailing slash stays.

    >>> relative_url("a/b/", "a/c/"), relative_url("a/", "a/"), relative_url("", "a/b.html")
    ('../b/', './', '..')
    >>> relative_url("x/../../y.png", "/z/"), relative_url(".", "index.html"), relative_url("a/b", "")
    ('../y.png', '.', 'a/b')
    """
    folder, _, name = other.rpartition("/")
    if "." in name:
        other = folder
    here, there = _parts(other), _parts(url)
    common = 0
    for a, b in zip(here, there):
        if a != b:
            break
        common += 1
    relative = "/".join([".."] * (len(here) - common) + there[common:]) or "."
    return relative + "/" if url.endswith("/") else relative


def page_file(url: str) -> str:
    """The file a page's URL is served from, relative to the site's folder (``x/`` -> ``x/index.html``)."""
    path = url.lstrip("/")
    return path + "index.html" if path == "" or path.endswith("/") else path
