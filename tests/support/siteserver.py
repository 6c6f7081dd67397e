"""Build the site and serve it on 127.0.0.1 the way a static host would, for browser tests and bench.

Shared by tests/support/browser.py and bench/run.py (which imports it by path).
The server sends real MIME types (.mjs/.js as text/javascript, .wasm as
application/wasm), a Content-Security-Policy that keeps 'wasm-unsafe-eval'
required, and cache headers like a typical static host.
"""

from __future__ import annotations

import functools
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
    """Response body bytes sent, per request path (for the bench's transfer sizes); thread-safe."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.by_path: dict[str, int] = {}

    def add(self, path: str, sent: int) -> None:
        with self._lock:
            self.by_path[path] = self.by_path.get(path, 0) + sent

    def reset(self) -> None:
        with self._lock:
            self.by_path.clear()

    def total(self) -> int:
        with self._lock:
            return sum(self.by_path.values())


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

    def end_headers(self) -> None:
        self.send_header("Content-Security-Policy", self.csp)
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

    def translate_path(self, path: str) -> str:
        """The file for a URL path under the prefix (``/my-srd/x/`` -> ``<site>/x/``)."""
        return super().translate_path("/" + path[len(self.prefix):] if path.startswith(self.prefix) else path)

    def copyfile(self, source, outputfile) -> None:  # noqa: ANN001 - http.server's signature
        start = source.tell()
        try:
            super().copyfile(source, outputfile)
        finally:
            if self.traffic is not None:
                self.traffic.add(self.path.split("?", 1)[0], source.tell() - start)

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

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - signature of the base class
        if os.environ.get("ROLLWRIGHT_HTTP_LOG"):
            super().log_message(format, *args)


class SiteServer:
    """A ThreadingHTTPServer on 127.0.0.1:<free port>; bind first, point at a directory later."""

    def __init__(self, csp: str = CSP, handler_class: type[SiteHandler] = SiteHandler, prefix: str = "/") -> None:
        """``prefix``: the folder to serve the site under, as a project site on GitHub Pages is (``/my-srd/``)."""
        if not (prefix.startswith("/") and prefix.endswith("/")):
            raise ValueError(f"prefix must start and end with '/', e.g. '/my-srd/' (got {prefix!r})")
        self.traffic = Traffic()
        handler = type("BoundSiteHandler", (handler_class,), {"csp": csp, "traffic": self.traffic, "prefix": prefix})
        self._handler = handler
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.httpd.daemon_threads = True
        self.port = self.httpd.server_address[1]
        self.origin = f"http://127.0.0.1:{self.port}/"
        self.root = self.origin + prefix[1:]
        """The site's address: the origin, or under a prefix the folder on it (``http://127.0.0.1:<port>/my-srd/``)."""
        handler.origin = self.root
        self._thread: threading.Thread | None = None

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
