"""``rollwright serve`` in a project from ``rollwright new``: it serves the site, and after an edit of
the game's code the rebuilt pages show what the changed code computes (not what the code it started
with computed). Node.js is hidden from the PATH: no snapshot to make at each rebuild.
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


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Path, str, subprocess.Popen[str]]]:
    project = CHECKOUT.new(tmp_path, "my-srd", "Lanternfall")
    port = _free_port()
    server = subprocess.Popen([CHECKOUT.bin / "rollwright", "serve", "-a", f"127.0.0.1:{port}"], cwd=project,
                              env=command_env(CHECKOUT.bin, node=False), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    try:
        yield project, f"http://127.0.0.1:{port}/", server
    finally:
        server.terminate()
        server.communicate(timeout=60)


def test_after_an_edit_of_the_rules_the_pages_show_the_new_figures(served) -> None:
    project, root, server = served
    _wait_for(root + "lanternfall/", "(printed: 30%)", server)
    rules = project / "lanternfall" / "rules" / "hits.py"
    rules.write_text(rules.read_text(encoding="utf-8").replace('(3, 2): "30%"', '(3, 2): "31%"'), encoding="utf-8")
    _wait_for(root + "lanternfall/", "(printed: 31%)", server)
    assert ">31%<" in _wait_for(root + "lanternfall/errata/", ">31%<", server)
