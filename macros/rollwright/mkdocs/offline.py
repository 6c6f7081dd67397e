"""Offline after one visit: the service worker of one build and the list of that build's files.

After every build, :func:`write_service_worker` hashes every file of the built site and
writes ``sw.js`` at the site root: the build's id and file list as data, then an
``importScripts`` of the logic (``assets/rollwright/runtime/service-worker-tabs.js``, then
``service-worker-checks.js``, then ``service-worker.js``). The id is
a hash of the file list, so any changed file makes a new ``sw.js``, which is how the browser
learns of a new build; the service worker then fills a new cache with that build's files,
each checked against its hash, and drops the old cache only once the new one is complete.

Roles in the file list:

* ``precache``: downloaded when the service worker installs (the shell and the runtime
  the snapshot path needs), so a reader can come back offline after one visit; those marked ``"python": true``
  (Pyodide's core files and the memory snapshot) are left out on a slow connection, where a page answered at
  build time may never need them: they are kept once Python has used them;
* ``page``: an HTML page, keyed by its URL (``rules/combat/``), kept once visited;
* ``lazy``: any other file of the build (source maps, search languages, the sitemap, PDFs, and what
  only the fallback boot needs: the engine wheel and the standard-library zip), kept once fetched.

The answers at build time (``assets/rollwright/answers/<widget>.<hash>/<index>.json``, thousands of small files:
:mod:`rollwright.site.answers`) are not listed one by one: ``answers`` lists their folders, whose names end
with a hash of their answers (a changed answer is a new folder), and the service worker keeps an answer file
of a listed folder once it is fetched, unchecked, like ``lazy`` files.

A compressed file named in ``inflate`` (the memory snapshot, zstd) also gets ``"raw": {"sha256", "bytes"}``:
on a first visit the Python worker hands its decompressed copy to the service worker (``runtime/handoff.js``),
which checks it against ``raw`` and keeps it so, and a visit from the cache skips the decompression. A copy
the service worker downloads itself stays compressed (it has no zstd decoder); the worker decodes it.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from rollwright.mkdocs.snapshot import decompress

SERVICE_WORKER = "sw.js"
LOGIC = "assets/rollwright/runtime/service-worker.js"
TABS = "assets/rollwright/runtime/service-worker-tabs.js"
"""Which build each open tab shows (loaded before ``LOGIC``, whose globals it uses when called)."""
CHECKS = "assets/rollwright/runtime/service-worker-checks.js"
"""Whether a copy is the build's file, when kept and when served (loaded before ``LOGIC``, like ``TABS``)."""
OFFLINE_PAGE = "503.html"
"""The page a reader offline gets for a page never kept: the site's own 404 page saying so, written by the site work
(:func:`rollwright.site.finish.offline_page`), so it has the site's look whichever generator built it; named as an
error page, its links start at the site's root, so they work at any address."""
ANSWERS_PREFIX = "assets/rollwright/answers/"
"""The answers at build time's folders (:data:`rollwright.site.answers.ANSWERS_DIR`), listed as folders."""
_LAZY_PREFIXES = ("assets/javascripts/lunr/",)
_LAZY_SUFFIXES = (".map", ".pdf")  # a print edition's PDF: megabytes, fetched when asked for
_LAZY_FILES = frozenset({"sitemap.xml.gz"})
# Material reads the sitemap on every page (for instant navigation); a host may rewrite its
# absolute URLs, and a list of links cannot break a page, so its bytes are not checked.
_UNCHECKED = frozenset({"sitemap.xml"})


def page_url(relative: str) -> str | None:
    """The URL path of an HTML page (``a/b/index.html`` -> ``a/b/``), or None for any other file.

    >>> page_url("index.html"), page_url("rules/combat/index.html"), page_url("404.html")
    ('', 'rules/combat/', None)
    """
    if relative == "index.html":
        return ""
    if relative.endswith("/index.html"):
        return relative[: -len("index.html")]
    return None


def role(relative: str, lazy: frozenset[str]) -> str:
    """``page``, ``lazy`` or ``precache`` for one file of the site (a path relative to its root)."""
    if page_url(relative) is not None:
        return "page"
    if relative in lazy or relative in _LAZY_FILES:
        return "lazy"
    if relative.startswith(_LAZY_PREFIXES) or relative.endswith(_LAZY_SUFFIXES):
        return "lazy"
    return "precache"


def build_manifest(site_dir: Path, lazy: frozenset[str] = frozenset(), inflate: frozenset[str] = frozenset(),
                   python: frozenset[str] = frozenset()) -> dict:
    """``{"build": id, "files": {url path: {"sha256", "bytes", "role"}}}`` for every file of the site.

    The sitemap's hash and size are null: it is cached unchecked (see ``_UNCHECKED``).
    ``lazy``: site paths that only the fallback boot needs (never downloaded up front).
    """
    files: dict[str, dict[str, object]] = {}
    answers: set[str] = set()
    for path in sorted(site_dir.rglob("*")):
        relative = path.relative_to(site_dir).as_posix()
        if not path.is_file() or relative == SERVICE_WORKER:
            continue
        if relative.startswith(ANSWERS_PREFIX):
            answers.add(relative.rsplit("/", 1)[0] + "/")
            continue
        data = path.read_bytes()
        key = page_url(relative)
        checked = relative not in _UNCHECKED
        files[relative if key is None else key] = {
            "sha256": hashlib.sha256(data).hexdigest() if checked else None, "bytes": len(data) if checked else None,
            "role": role(relative, lazy)}
        if relative in python:
            files[relative]["python"] = True
        if relative in inflate:
            raw = decompress(data)
            files[relative]["raw"] = {"sha256": hashlib.sha256(raw).hexdigest(), "bytes": len(raw)}
    build = hashlib.sha256(json.dumps([files, sorted(answers)], sort_keys=True).encode("utf-8")).hexdigest()[:16]
    return {"build": build, "files": files, "answers": sorted(answers)}


def service_worker_source(manifest: dict) -> str:
    """The text of ``sw.js`` for one build: data, then the shared logic."""
    return (
        f"// Rollwright service worker for build {manifest['build']}: written by macros/offline.py at every\n"
        "// site build (do not edit). It names the build and lists its files; the logic is imported below.\n"
        f"self.ROLLWRIGHT_BUILD = {json.dumps(manifest, sort_keys=True, separators=(',', ':'))};\n"
        f"importScripts({json.dumps(TABS)}, {json.dumps(CHECKS)}, {json.dumps(LOGIC)});\n"
    )


def write_service_worker(site_dir: Path, lazy: frozenset[str] = frozenset(),
                         inflate: frozenset[str] = frozenset(), python: frozenset[str] = frozenset()) -> dict:
    """Write ``sw.js`` for the site in ``site_dir``; returns its manifest."""
    manifest = build_manifest(site_dir, lazy, inflate, python)
    (site_dir / SERVICE_WORKER).write_text(service_worker_source(manifest), encoding="utf-8")
    return manifest
