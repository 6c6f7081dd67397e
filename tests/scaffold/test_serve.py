"""``rollwright serve`` in a project from ``rollwright new``: it serves the site; after an edit of the
game's code the rebuilt pages show what the changed code computes (not what the code it started with
computed); a bad macro call written on a page stops that rebuild, not the server. Node.js is hidden
from the PATH: no snapshot to make at each rebuild.
"""

from __future__ import annotations

import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.designer import CHECKOUT, command_env

TIMEOUT_S = 300


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _page(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:  # noqa: S310 - 127.0.0.1 only
            return response.read().decode("utf-8")
    except (urllib.error.URLError, ConnectionError, TimeoutError):
        return None


def _wait_for(url: str, text: str, server: subprocess.Popen[str]) -> str:
    deadline = time.monotonic() + TIMEOUT_S
    while time.monotonic() < deadline:
        assert server.poll() is None, f"rollwright serve stopped: {server.communicate()[1][-3000:]}"
        page = _page(url)
        if page is not None and text in page:
            return page
        time.sleep(0.5)
    raise AssertionError(f"{url} never showed {text!r} within {TIMEOUT_S} s")


def _wait_said(log: Path, text: str, server: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + TIMEOUT_S
    while text not in log.read_text(encoding="utf-8"):
        assert server.poll() is None, f"rollwright serve stopped:\n{log.read_text(encoding='utf-8')[-3000:]}"
        assert time.monotonic() < deadline, f"rollwright serve never said {text!r}"
        time.sleep(0.5)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, str, subprocess.Popen[str]]]:
    project = CHECKOUT.new(tmp_path, "my-srd", "Lanternfall", python=True)  # its rules edited as Python
    port = _free_port()
    with open(tmp_path / "serve.log", "w", encoding="utf-8") as log:
        server = subprocess.Popen([CHECKOUT.bin / "rollwright", "serve", "-a", f"127.0.0.1:{port}"], cwd=project,
                                  env=command_env(CHECKOUT.bin, node=False), stdout=log, stderr=log, text=True)
        try:
            yield project, f"http://127.0.0.1:{port}/", server
        finally:
            server.terminate()
            server.wait(timeout=60)


def test_after_an_edit_of_the_rules_the_pages_show_the_new_figures(served) -> None:
    project, root, server = served
    _wait_for(root + "lanternfall/", "(printed: 30%)", server)
    rules = project / "lanternfall" / "rules" / "hits.py"
    rules.write_text(rules.read_text(encoding="utf-8").replace('(3, 2): "30%"', '(3, 2): "31%"'), encoding="utf-8")
    _wait_for(root + "lanternfall/", "(printed: 31%)", server)
    assert ">31%<" in _wait_for(root + "lanternfall/errata/", ">31%<", server)


def test_a_bad_macro_call_stops_the_rebuild_and_the_server_keeps_serving(served, tmp_path: Path) -> None:
    project, root, server = served
    _wait_for(root + "lanternfall/", 'name="need"', server)
    page = project / "docs" / "lanternfall" / "index.md"
    good = page.read_text(encoding="utf-8")
    page.write_text(good.replace("dice=3, need=2", "dice=9, need=2"), encoding="utf-8")
    _wait_said(tmp_path / "serve.log", "Dice in the pool: enter a whole number from 1 to 6 (got 9)", server)
    _wait_said(tmp_path / "serve.log", "The site did not build; the browser shows why", server)
    page.write_text(good.replace("dice=3, need=2", "dice=4, need=2"), encoding="utf-8")
    _wait_for(root + "lanternfall/", "4 dice, 2 hits needed", server)
