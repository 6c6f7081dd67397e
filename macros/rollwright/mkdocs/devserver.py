"""``rollwright serve``: MkDocs' live-reloading server, except that it never dies and never hides a failed build.

``mkdocs serve`` stops at a first build that fails, and after a failed rebuild leaves every page
waiting for a build that never comes. Here a build that fails (a bad macro call, a game's code
that does not import or raises, a link or nav entry to a missing page, a broken ``mkdocs.yml``)
is caught: the server stays up, every page it is asked for is an error page saying what went
wrong (the same words ``rollwright build`` fails with), and the browser reloads as soon as a
build succeeds again, showing the page itself.

>>> with collecting() as said:
...     logging.getLogger("mkdocs.plugins.rollwright").warning("a warning")
>>> said
['a warning']
>>> print(error_page(["pips/index.md, line 3: {{ x }}", "<b>"]).decode()[:15])
<!doctype html>
"""

from __future__ import annotations

import logging
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.livereload import LiveReloadServer, _serve_url

from rollwright.site.reload import ERROR_CLASS, error_page  # noqa: F401 - moved there; ERROR_CLASS kept here for old imports

log = logging.getLogger("mkdocs.plugins.rollwright")
NOISE = ("Error reading page", "Error building page", "Aborted with")
"""MkDocs' own lines around a problem, which add nothing to it."""
BUILD_ERROR = "Aborted with a BuildError!"
"""What MkDocs raises after logging a plugin's error."""


class _Said(logging.Handler):
    def __init__(self, said: list[str]) -> None:
        super().__init__(logging.WARNING)
        self.said = said

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage().strip()
        if text and not text.startswith(NOISE) and text not in self.said:
            self.said.append(text)


@contextmanager
def collecting() -> Iterator[list[str]]:
    """The warnings and errors MkDocs, its theme and plugins say meanwhile, each once, in order."""
    said: list[str] = []
    handler = _Said(said)
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    try:
        yield said
    finally:
        logger.removeHandler(handler)


def problems(error: BaseException, said: Iterable[str]) -> list[str]:
    """What a failed build says: what was logged, else the error itself."""
    found = list(said)
    if not found:
        found.append(str(error) or type(error).__name__)
    return found


class _Server(LiveReloadServer):
    """MkDocs' server, answering every page with the error page while the last build failed."""

    problem: list[str] | None = None

    def _serve_request(self, environ: dict[str, Any], start_response: Any) -> Any:
        path = environ["PATH_INFO"]
        if not path.startswith("/livereload/") and (path.endswith(("/", ".html"))):
            with self._epoch_cond:
                self._epoch_cond.wait_for(lambda: self._visible_epoch == self._wanted_epoch)
                epoch, problem = self._visible_epoch, self.problem
            if problem is not None:
                content = self._inject_js_into_html(error_page(problem), epoch)
                start_response("500 Internal Server Error", [("Content-Type", "text/html; charset=utf-8"),
                                                             ("Content-Length", str(len(content)))])
                return [content]
        return super()._serve_request(environ, start_response)


def serve_site(config_file: str, dev_addr: str) -> None:
    """Serve the site at ``dev_addr`` while its sources are edited (see the module documentation)."""
    site_dir = tempfile.mkdtemp(prefix="rollwright_")

    def get_config() -> Any:
        return load_config(config_file=config_file, site_dir=site_dir, dev_addr=dev_addr, strict=True)

    config = get_config()
    config.plugins.on_startup(command="serve", dirty=False)
    host, port = config.dev_addr
    mount_path = urlsplit(config.site_url or "/").path
    serve_url = _serve_url(host, port, mount_path)

    def builder(config: Any = None) -> None:
        log.info("Building documentation...")
        with collecting() as said:
            try:
                if config is None:
                    config = get_config()
                config.site_url = serve_url
                build(config, serve_url=serve_url)
            except (Exception, SystemExit) as error:  # noqa: BLE001 - every failure goes to the page, the server lives
                server.problem = problems(error, said)
                log.error("The site did not build; the browser shows why. The server keeps running: fix the "
                          "error and save.")
                return
        server.problem = None

    server = _Server(builder=builder, host=host, port=port, root=site_dir, mount_path=mount_path)
    server.error_handler = lambda code: _error_file(site_dir, code)
    try:
        builder(config)
        server.watch(config.docs_dir)
        if config.config_file_path:
            server.watch(config.config_file_path)
        server = config.plugins.on_serve(server, config=config, builder=builder)
        for item in config.watch:
            server.watch(item)
        try:
            server.serve()
        except KeyboardInterrupt:
            log.info("Shutting down...")
        finally:
            server.shutdown()
    finally:
        config.plugins.on_shutdown()
        shutil.rmtree(site_dir, ignore_errors=True)


def _error_file(site_dir: str, code: int) -> bytes | None:
    """The site's own 404 page, as ``mkdocs serve`` shows it."""
    try:
        with open(f"{site_dir}/{code}.html", "rb") as page:
            return page.read()
    except OSError:
        return None

