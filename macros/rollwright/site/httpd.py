"""The dev server's HTTP side: the last good build's files, each HTML page with the reload script.

Only the standard library: a :class:`SiteServer` (a ``ThreadingHTTPServer``, so a long-polling
page or a slow client never holds up another request) answers from a folder that only changes when
a build has succeeded (see :mod:`rollwright.site.mirror`). While the last build failed, every page
is the error page (status 500); before the first build has finished, a page saying so (503).
Nothing is cached by the browser (``Cache-Control: no-store``), so an edit is never hidden, except the
runtime's files whose path names their content or version (:func:`immutable`: Pyodide's, the wheel, the memory
snapshot): a reload after an edit then takes Pyodide and its compiled wasm from the browser's cache.

>>> content_type(Path("pyodide.asm.wasm")), content_type(Path("worker.mjs")), content_type(Path("a.whl"))
('application/wasm', 'text/javascript; charset=utf-8', 'application/zip')
>>> immutable(["assets", "pyodide", "0.27.7", "pyodide.asm.wasm"]), immutable(["assets", "engine", "index.html"])
(True, False)
>>> url_parts("/rules/../../etc/passwd"), url_parts("/rules/rolls/"), url_parts("/a%20b.html?x=1")
(None, ['rules', 'rolls'], ['a b.html'])
"""

from __future__ import annotations

import json
import logging
import mimetypes
import re
import socket
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

from rollwright.site.reload import (
    RELOAD_PATH, RELOAD_SCRIPT, SCRIPT_PATH, BuildState, building_page, error_page, inject, still_building,
)

log = logging.getLogger("rollwright.serve")
LONG_POLL = 20.0
"""Seconds a reload request waits for a build before answering anyway (the page asks again)."""
TYPES = {
    ".html": "text/html; charset=utf-8", ".htm": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8", ".json": "application/json", ".map": "application/json",
    ".webmanifest": "application/manifest+json", ".wasm": "application/wasm", ".zst": "application/octet-stream",
    ".whl": "application/zip", ".zip": "application/zip", ".tar": "application/x-tar", ".gz": "application/gzip",
    ".svg": "image/svg+xml", ".xml": "application/xml", ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8", ".py": "text/plain; charset=utf-8", ".pdf": "application/pdf",
    ".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp",
    ".ico": "image/x-icon", ".woff2": "font/woff2", ".woff": "font/woff", ".ttf": "font/ttf",
}
"""Content types by the file's last suffix (what a static host sends); others from :mod:`mimetypes`."""


def content_type(path: Path) -> str:
    """The ``Content-Type`` for a file, by its last suffix only (``sitemap.xml.gz`` is gzip, not XML)."""
    suffix = path.suffix.lower()
    return TYPES.get(suffix) or mimetypes.types_map.get(suffix) or "application/octet-stream"


_VERSIONED = {"pyodide": re.compile(r"\d+\.\d+\.\d+[\w.+-]*"), "engine": re.compile(r"[0-9a-f]{12}"),
              "snapshot": re.compile(r"[0-9a-f]{16}")}
IMMUTABLE = "public, max-age=31536000, immutable"


def immutable(parts: list[str]) -> bool:
    """Whether a path is one of the runtime's content-addressed or versioned files (``assets/engine/<sha>/...``,
    ``assets/snapshot/<sha>/...``, ``assets/pyodide/<version>/...``), whose bytes never change under their name."""
    if len(parts) < 4 or parts[0] != "assets" or parts[1] not in _VERSIONED:
        return False
    return bool(_VERSIONED[parts[1]].fullmatch(parts[2]))


def url_parts(url: str) -> list[str] | None:
    """A request's path as folder and file names, or None if it tries to leave the site."""
    parts = [unquote(part) for part in urlsplit(url).path.split("/") if part not in ("", ".")]
    if any(part == ".." or "\\" in part or ":" in part or "\0" in part for part in parts):
        return None
    return parts


class SiteServer(ThreadingHTTPServer):
    """Serves ``root`` (the last good build) and the state of the builds in ``state``."""

    daemon_threads = True

    def __init__(self, address: tuple[str, int], root: Path, state: BuildState) -> None:
        self.root, self.state, self.stopping = root, state, False
        if ":" in address[0]:
            self.address_family = socket.AF_INET6
        super().__init__(address, _Handler)

    def close(self) -> None:
        """Stop answering: wake the long polls, close the socket (after ``shutdown`` if serving in a thread)."""
        self.stopping = True
        self.state.wake()
        self.server_close()


class _Handler(BaseHTTPRequestHandler):
    server: SiteServer
    server_version = "Rollwright"

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        log.debug("%s %s", self.address_string(), format % args)

    def do_HEAD(self) -> None:  # noqa: N802 - http.server's name
        self._answer(head=True)

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self._answer(head=False)

    def _send(self, status: int, body: bytes, kind: str, head: bool, extra: dict[str, str] | None = None) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            extra = {"Cache-Control": "no-store", **(extra or {})}
            for name, value in extra.items():
                self.send_header(name, value)
            self.end_headers()
            if not head:
                self.wfile.write(body)
        except (BrokenPipeError, ConnectionResetError, ConnectionAbortedError):
            pass  # the browser left (a reload, a closed tab)

    def _answer(self, head: bool) -> None:
        path = urlsplit(self.path).path
        if path == RELOAD_PATH:
            return self._reload(head)
        if path == SCRIPT_PATH:
            return self._send(200, RELOAD_SCRIPT, TYPES[".js"], head)
        parts = url_parts(self.path)
        if parts is None:
            return self._send(404, b"Not found", TYPES[".txt"], head)
        state, target = self.server.state, self.server.root.joinpath(*parts)
        if target.is_dir():
            if not path.endswith("/"):
                query = urlsplit(self.path).query
                location = quote(path + "/") + (f"?{query}" if query else "")
                return self._send(301, b"", TYPES[".txt"], head, {"Location": location})
            target = target / "index.html"
        is_page = target.suffix.lower() in (".html", ".htm") or (not target.suffix and not target.exists())
        epoch, problems = state.epoch, state.problems
        if is_page and problems is not None:
            page = error_page(problems, still_building(state.running_for()))
            return self._send(500, inject(page, epoch), TYPES[".html"], head)
        if is_page and epoch == 0:
            page = building_page(still_building(state.running_for()))
            return self._send(503, inject(page, epoch), TYPES[".html"], head, {"Retry-After": "1"})
        try:
            body = target.read_bytes()
            status = 200
        except OSError:
            return self._missing(head, epoch)
        if target.suffix.lower() in (".html", ".htm"):
            body = inject(body, epoch)
        self._send(status, body, content_type(target), head, {"Cache-Control": IMMUTABLE} if immutable(parts) else None)

    def _missing(self, head: bool, epoch: int) -> None:
        """The site's own 404 page (with the reload script: the page may come with the next build)."""
        try:
            page = (self.server.root / "404.html").read_bytes()
        except OSError:
            page = b"<!doctype html><html><head><title>Not found</title></head><body><h1>Not found</h1></body></html>"
        self._send(404, inject(page, epoch), TYPES[".html"], head)

    def _reload(self, head: bool) -> None:
        """Long poll: answer ``{"epoch": M, "inPlace": bool}`` once a build has finished after the page's (or after a
        while); ``inPlace``: every build since may be swapped in place of the page (reload.py ``in_place``)."""
        try:
            seen = int(parse_qs(urlsplit(self.path).query).get("epoch", ["-1"])[0])
        except ValueError:
            seen = -1
        state = self.server.state
        epoch = state.epoch if self.server.stopping else state.wait_past(seen, LONG_POLL)
        answer = {"epoch": epoch, "inPlace": state.in_place_since(seen)}
        self._send(200, json.dumps(answer).encode(), TYPES[".json"], head)
