"""``rollwright serve`` as a designer runs it: in a temporary copy of the Pips fixture project, on a free port
of 127.0.0.1, its output in a log file. Shared by the dev-server tests (tests/scaffold/test_dev_server.py,
tests/browser/test_dev_server.py).

:meth:`DevServer.edit` changes a file and gives back a function that puts it back; :meth:`DevServer.page`
reads a page whatever its status (the error page comes with status 500); every wait checks first that the
server's process is still alive.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.support.fixture_site import ENV, copy_template, write_data_project

TIMEOUT_S = 300
ERROR_PAGE = 'class="rw-build-error"'
"""How the dev server's error page is told apart (rollwright.site.reload.ERROR_CLASS)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class DevServer:
    """One ``rollwright serve`` process on one project."""

    def __init__(self, project: Path, port: int, process: subprocess.Popen[str], log: Path) -> None:
        self.project, self.port, self.process, self.log = project, port, process, log
        self.root = f"http://127.0.0.1:{port}/"

    def alive(self) -> None:
        assert self.process.poll() is None, f"rollwright serve stopped:\n{self.log.read_text(encoding='utf-8')[-3000:]}"

    def page(self, path: str) -> tuple[int, str] | None:
        """The status and text of a page, or None while nothing answers."""
        try:
            with urllib.request.urlopen(self.root + path, timeout=30) as response:  # noqa: S310 - 127.0.0.1 only
                return int(response.status), response.read().decode("utf-8")
        except urllib.error.HTTPError as error:
            return int(error.code), error.read().decode("utf-8")
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            return None

    def wait_for(self, path: str, text: str, *, error: bool = False) -> str:
        """The page once it holds ``text``: the error page (status 500) if ``error``, else the page itself."""
        deadline = time.monotonic() + TIMEOUT_S
        seen: tuple[int, str] | None = None
        while time.monotonic() < deadline:
            self.alive()
            seen = self.page(path)
            if seen is not None and text in seen[1] and (ERROR_PAGE in seen[1]) == error:
                assert seen[0] == (500 if error else 200), seen[0]
                return seen[1]
            time.sleep(0.3)
        raise AssertionError(f"{path} never showed {text!r} within {TIMEOUT_S} s; last seen: "
                             f"{seen[1][-2000:] if seen else None}")

    def edit(self, relative: str, old: str, new: str) -> Callable[[], None]:
        """Replace ``old`` (which must be there) by ``new`` in a file of the project; returns the undo."""
        path = self.project / relative
        before = path.read_text(encoding="utf-8")
        assert old in before, f"{old!r} is not in {relative}"
        path.write_text(before.replace(old, new), encoding="utf-8")
        return lambda: path.write_text(before, encoding="utf-8")


@contextmanager
def dev_server(parent: Path, *, node: bool = True, before: Callable[[Path], None] | None = None,
               data: bool = False, generator: str = "mkdocs") -> Iterator[DevServer]:
    """``rollwright serve`` on a fresh copy of the Pips project under ``parent`` (``before`` edits it first);
    ``data``: Pips declared as data (``pips/game.toml``), as ``rollwright new`` writes it; ``generator``: run by
    the venv that has only that generator (tests/support/generators.py)."""
    from tests.support.generators import generator_python

    project = write_data_project(parent / "pips-data") if data else copy_template(parent / "pips-site")
    if before is not None:
        before(project)
    port = free_port()
    log = parent / "serve.log"
    python = generator_python(generator)
    env = {**ENV, "ROLLWRIGHT_GENERATOR": generator}
    env = env if node else {**env, "PATH": str(python.parent)}
    with open(log, "w", encoding="utf-8") as out:
        process = subprocess.Popen([str(python), "-m", "rollwright", "serve", "-a", f"127.0.0.1:{port}"],
                                   cwd=project, env=env, stdout=out, stderr=out, text=True)
        try:
            yield DevServer(project, port, process, log)
        finally:
            process.terminate()
            process.wait(timeout=60)
