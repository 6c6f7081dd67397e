"""Build the site and serve it on 127.0.0.1 the way a static host would, for browser tests and bench.

Shared by tests/support/browser.py and bench/run.py (which imports it by path).
The server sends real MIME types (.mjs/.js as text/javascript, .wasm as
application/wasm), a Content-Security-Policy that keeps 'wasm-unsafe-eval'
required, and cache headers like a typical static host. With ``compress=True``
(opt-in: the bench's "as a static host sends them") it also gzips what such a host
gzips, for a client that accepts it: see :func:`compressible`.
"""

from __future__ import annotations

import datetime
import email.utils
import functools
import gzip
import io
import os
import re
import subprocess
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
# Material's theme needs 'unsafe-inline' for its small inline scripts (palette, scope,
# storage helpers); Pyodide needs 'wasm-unsafe-eval'; the engine worker is same-origin.
CSP = "script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'; worker-src 'self'"

_BUILD_SCRIPT = """
import sys
from mkdocs.commands.build import build
from mkdocs.config import load_config
cfg = load_config(sys.argv[1], site_dir=sys.argv[2], site_url=sys.argv[3] or None, strict=True)
cfg.plugins.on_startup(command="build", dirty=False)
try:
    build(cfg)
finally:
    cfg.plugins.on_shutdown()
"""


def build_site(site_dir: Path, site_url: str = "", config_file: Path | None = None) -> None:
    """``mkdocs build --strict`` into ``site_dir``; ``site_url`` overrides the config's.

    Material's instant navigation only follows links listed in sitemap.xml, whose
    URLs are absolute, so a test site is built for the origin that serves it.
    """
    config_file = config_file or REPO_ROOT / "mkdocs.yml"
    done = subprocess.run(
        [sys.executable, "-c", _BUILD_SCRIPT, str(config_file), str(site_dir), site_url],
        cwd=config_file.parent, capture_output=True, text=True, timeout=600,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    if done.returncode != 0:
        raise RuntimeError(f"mkdocs build --strict failed:\n{done.stdout}\n{done.stderr}")


class Traffic:
    """Response body bytes sent, per request path (for the bench's transfer sizes); thread-safe.

    ``by_path``: the bytes written to the socket (gzipped ones when the server compressed them);
    ``raw_by_path``: the same responses' files as they are on disk (what was asked for).

    >>> traffic = Traffic()
    >>> traffic.add("/a.js", 300, raw=1000); traffic.add("/a.js", 300, raw=1000); traffic.add("/b.png", 50)
    >>> traffic.total(), traffic.raw_total(), traffic.snapshot()["/a.js"]
    (650, 2050, {'wire': 600, 'raw': 2000, 'requests': 2})
    """

    def __init__(self) -> None:
        self._lock = threading.Condition()
        self.by_path: dict[str, int] = {}
        self.raw_by_path: dict[str, int] = {}
        self.requests: dict[str, int] = {}
        self.finished = 0

    def add(self, path: str, sent: int, raw: int | None = None, *, request: bool = True) -> None:
        """Count ``sent`` bytes written for ``path`` (``raw``: the file's bytes they stand for); ``request``:
        the first piece of a response (a whole body counted at once is one)."""
        with self._lock:
            self.by_path[path] = self.by_path.get(path, 0) + sent
            self.raw_by_path[path] = self.raw_by_path.get(path, 0) + (sent if raw is None else raw)
            self.requests[path] = self.requests.get(path, 0) + int(request)

    def finish(self) -> None:
        """One response is sent in full (or cut short): see :meth:`wait_for`."""
        with self._lock:
            self.finished += 1
            self._lock.notify_all()

    def wait_for(self, responses: int, timeout: float = 10.0) -> bool:
        """Wait until this many responses have finished since the last reset (a client may read a body
        before its server thread has counted it); whether they have."""
        with self._lock:
            return self._lock.wait_for(lambda: self.finished >= responses, timeout)

    def reset(self) -> None:
        with self._lock:
            self.by_path.clear()
            self.raw_by_path.clear()
            self.requests.clear()
            self.finished = 0

    def total(self) -> int:
        with self._lock:
            return sum(self.by_path.values())

    def raw_total(self) -> int:
        with self._lock:
            return sum(self.raw_by_path.values())

    def snapshot(self) -> dict[str, dict[str, int]]:
        """Per path, at this moment: wire bytes, raw bytes and requests."""
        with self._lock:
            return {path: {"wire": sent, "raw": self.raw_by_path[path], "requests": self.requests[path]}
                    for path, sent in self.by_path.items()}


# What a static host (GitHub Pages, most CDNs) gzips: text, scripts, JSON, XML, SVG and wasm.
# Anything else (zip, wheels, gzip, images, fonts) is compressed already and goes as it is.
COMPRESSIBLE = frozenset({"application/javascript", "application/json", "application/wasm", "application/xml",
                          "application/manifest+json", "image/svg+xml"})
GZIP_LEVEL = 6
COPY_CHUNK = 64 * 1024


def compressible(content_type: str) -> bool:
    """Whether a static host gzips a response of this type.

    >>> [compressible(t) for t in ("text/html; charset=utf-8", "application/wasm", "application/gzip",
    ...                            "application/zip", "image/png", "font/woff2", "application/octet-stream")]
    [True, True, False, False, False, False, False]
    """
    base = content_type.split(";", 1)[0].strip().lower()
    return base.startswith("text/") or base in COMPRESSIBLE


def accepts_gzip(accept_encoding: str | None) -> bool:
    """Whether an Accept-Encoding header takes gzip (``gzip;q=0`` refuses it).

    >>> accepts_gzip("gzip, deflate, br, zstd"), accepts_gzip("br"), accepts_gzip("gzip;q=0"), accepts_gzip(None)
    (True, False, False, False)
    """
    for item in (accept_encoding or "").split(","):
        name, _, params = item.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            q = params.strip().lower().removeprefix("q=")
            try:
                return not params or float(q) > 0
            except ValueError:
                return True
    return False


class GzipCache:
    """Each file gzipped once (level 6, no timestamp), kept while its size and mtime stay; thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._bodies: dict[str, tuple[tuple[int, int], bytes]] = {}

    def body(self, path: str, stat: os.stat_result) -> bytes:
        path, key = os.path.abspath(path), (stat.st_size, stat.st_mtime_ns)
        with self._lock:
            hit = self._bodies.get(path)
        if hit and hit[0] == key:
            return hit[1]
        body = gzip.compress(Path(path).read_bytes(), compresslevel=GZIP_LEVEL, mtime=0)
        with self._lock:
            self._bodies[path] = (key, body)
        return body


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with correct MIME types, CSP and cache headers; quiet."""

    extensions_map = {
        **SimpleHTTPRequestHandler.extensions_map,
        ".js": "text/javascript", ".mjs": "text/javascript", ".wasm": "application/wasm",
        ".json": "application/json", ".svg": "image/svg+xml", ".whl": "application/zip",
        ".zip": "application/zip", ".css": "text/css", ".html": "text/html; charset=utf-8",
        ".xml": "application/xml",
    }
    origin = ""  # set per server: "http://127.0.0.1:<port>/"
    prefix = "/"  # the folder the site is served under ("/my-srd/"); any other path is not found
    csp = CSP
    rewrite_sitemap = False
    traffic: Traffic | None = None  # set per server
    gzip_cache: GzipCache | None = None  # set per server with compress=True
    _raw_size: int | None = None  # the file's own size, when the body sent is its gzip

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", self.csp)
        if self.gzip_cache is not None and getattr(self, "_varies", False):
            self.send_header("Vary", "Accept-Encoding")
        path = self.path.split("?", 1)[0]
        if path.startswith(self.prefix + "assets/"):
            self.send_header("Cache-Control", "max-age=600")
        else:
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def do_GET(self) -> None:  # noqa: N802 - http.server's naming
        if not self.path.startswith(self.prefix):
            return self.send_error(404, f"this server serves the site under {self.prefix} only")
        if self.rewrite_sitemap and self.path.split("?", 1)[0] == self.prefix + "sitemap.xml":
            return self._send_sitemap()
        return super().do_GET()

    def do_HEAD(self) -> None:  # noqa: N802 - http.server's naming
        if not self.path.startswith(self.prefix):
            return self.send_error(404)
        return super().do_HEAD()

    def send_head(self):  # type: ignore[no-untyped-def] # http.server's signature
        """As the base class, but with ``compress=True`` a compressible file goes gzipped to a client
        that accepts it (Content-Encoding: gzip); a file compressed already never does."""
        self._varies, self._raw_size = False, None
        if self.gzip_cache is None:
            return super().send_head()
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?", 1)[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path) or not compressible(self.guess_type(path)):
            return super().send_head()
        self._varies = True
        if not accepts_gzip(self.headers.get("Accept-Encoding")):
            return super().send_head()
        stat = os.stat(path)
        if self._not_modified(stat.st_mtime):
            self.send_response(304)
            self.end_headers()
            return None
        body = self.gzip_cache.body(path, stat)
        self.send_response(200)
        self.send_header("Content-type", self.guess_type(path))
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.end_headers()
        self._raw_size = stat.st_size
        return io.BytesIO(body)

    def _not_modified(self, mtime: float) -> bool:
        """If-Modified-Since as the base class reads it (and If-None-Match, which it never answers, disables it)."""
        since = self.headers.get("If-Modified-Since")
        if not since or "If-None-Match" in self.headers:
            return False
        try:
            ims = email.utils.parsedate_to_datetime(since)
        except (TypeError, IndexError, OverflowError, ValueError):
            return False
        if ims.tzinfo is None:
            ims = ims.replace(tzinfo=datetime.timezone.utc)
        modified = datetime.datetime.fromtimestamp(mtime, datetime.timezone.utc).replace(microsecond=0)
        return modified <= ims

    def translate_path(self, path: str) -> str:
        """The file for a URL path under the prefix (``/my-srd/x/`` -> ``<site>/x/``)."""
        return super().translate_path("/" + path[len(self.prefix):] if path.startswith(self.prefix) else path)

    def copyfile(self, source, outputfile) -> None:  # noqa: ANN001 - http.server's signature
        """Copy the body in 64 KiB pieces, each counted once written (so a reading taken while a large
        file is on its way counts what has gone so far)."""
        if self.traffic is None:
            return super().copyfile(source, outputfile)
        path = self.path.split("?", 1)[0]
        whole = source.getbuffer().nbytes if isinstance(source, io.BytesIO) else None
        sent = raw_sent = 0
        try:
            while chunk := source.read(COPY_CHUNK):
                outputfile.write(chunk)
                # a gzipped body stands for its file: each piece for its share of the file's own size
                raw = len(chunk) if self._raw_size is None or not whole else \
                    round(self._raw_size * (sent + len(chunk)) / whole) - raw_sent
                self.traffic.add(path, len(chunk), raw, request=sent == 0)
                sent, raw_sent = sent + len(chunk), raw_sent + raw
        finally:
            if sent == 0:
                self.traffic.add(path, 0, request=True)
            self.traffic.finish()
        return None

    def _send_sitemap(self) -> None:
        """A prebuilt site's sitemap, re-pointed at this server (for ROLLWRIGHT_SITE_DIR)."""
        text = (Path(self.directory) / "sitemap.xml").read_text(encoding="utf-8")
        body = re.sub(r"<loc>https?://[^/<]+/", f"<loc>{self.origin}", text).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
        if self.traffic is not None:
            self.traffic.add("/sitemap.xml", len(body))
            self.traffic.finish()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - signature of the base class
        if os.environ.get("ROLLWRIGHT_HTTP_LOG"):
            super().log_message(format, *args)


class SiteServer:
    """A ThreadingHTTPServer on 127.0.0.1:<free port>; bind first, point at a directory later."""

    def __init__(self, csp: str = CSP, handler_class: type[SiteHandler] = SiteHandler, prefix: str = "/",
                 *, compress: bool = False) -> None:
        """``prefix``: the folder to serve the site under, as a project site on GitHub Pages is (``/my-srd/``).
        ``compress``: gzip what a static host gzips (:func:`compressible`) for clients that accept it;
        ``traffic`` then counts the gzipped bytes sent (and each file's own size in ``raw_by_path``)."""
        if not (prefix.startswith("/") and prefix.endswith("/")):
            raise ValueError(f"prefix must start and end with '/', e.g. '/my-srd/' (got {prefix!r})")
        self.traffic = Traffic()
        self.compress = compress
        handler = type("BoundSiteHandler", (handler_class,), {
            "csp": csp, "traffic": self.traffic, "prefix": prefix, "gzip_cache": GzipCache() if compress else None})
        self._handler = handler
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}/"
        self.root = self.origin + prefix[1:]
        """The site's address: the origin, or under a prefix the folder on it (``http://127.0.0.1:<port>/my-srd/``)."""
        handler.origin = self.root
        self._thread: threading.Thread | None = None

    def precompress(self, site_dir: Path) -> int:
        """With ``compress=True``: gzip every file a client may get gzipped now, so that no visit waits while
        the server compresses (a static host's files are compressed before anyone asks); how many."""
        cache, handler = self._handler.gzip_cache, self._handler
        if cache is None:
            return 0
        count = 0
        for path in sorted(site_dir.rglob("*")):
            if path.is_file() and compressible(handler.guess_type(handler, str(path))):
                cache.body(str(path), path.stat())
                count += 1
        return count

    def serve(self, site_dir: Path, *, rewrite_sitemap: bool = False) -> None:
        self.httpd.RequestHandlerClass = functools.partial(self._handler, directory=str(site_dir))
        self._handler.rewrite_sitemap = rewrite_sitemap
        self._thread = threading.Thread(target=self.httpd.serve_forever, name="site-server", daemon=True)
        self._thread.start()

    def publish(self, site_dir: Path) -> None:
        """Serve another site from now on (a new build published at once), keeping the origin."""
        self.httpd.RequestHandlerClass = functools.partial(self._handler, directory=str(site_dir))

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@contextmanager
def built_site(tmp_dir: Path) -> Iterator[tuple[SiteServer, Path]]:
    """Serve a site: ROLLWRIGHT_SITE_DIR if set (already built), else a fresh strict build."""
    server = SiteServer()
    try:
        prebuilt = os.environ.get("ROLLWRIGHT_SITE_DIR")
        if prebuilt:
            site_dir = Path(prebuilt).resolve()
            if not (site_dir / "index.html").is_file():
                raise RuntimeError(f"ROLLWRIGHT_SITE_DIR={prebuilt} holds no built site (no index.html)")
            server.serve(site_dir, rewrite_sitemap=True)
        else:
            site_dir = tmp_dir / "site"
            build_site(site_dir, server.origin)
            server.serve(site_dir)
        yield server, site_dir
    finally:
        server.close()
