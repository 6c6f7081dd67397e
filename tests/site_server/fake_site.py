"""A tiny site and a fake build function for the dev server's tests (no generator: milliseconds a build).

The fake build writes ``index.html`` from ``docs/index.md`` (and a few assets, one per content type);
what the page says steers it: ``FAIL`` raises a designer's error (``BuildFailed``, with problems),
``CRASH`` an error of Rollwright's own, ``SLOW`` waits until the test lets it go.
"""

from __future__ import annotations

import html
import os
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from rollwright.errors import RollwrightError
from rollwright.site.devserver import DevSite, running

CONFIG = "site_name: T\nplugins:\n  - rollwright:\n      systems:\n        - games/pips\n"
ASSETS = {"a.wasm": b"\0asm", "w.mjs": b"export {}", "r.js": b"1", "c.json": b"{}", "s.zst": b"\x28\xb5",
          "p.whl": b"PK", "t.css": b"a{}", "i.svg": b"<svg/>", "assets/pyodide/0.27.7/pyodide.asm.wasm": b"\0asm",
          "assets/engine/0123456789ab/site.whl": b"PK", "assets/snapshot/0123456789abcdef/s.zst": b"\x28\xb5"}


class BuildFailed(RollwrightError):
    """Like the lead's ``rollwright.site.build.BuildFailed``: problems already fit to show."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


class FakeBuild:
    """A build function: renders docs/index.md; ``release`` lets a ``SLOW`` build finish."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def __call__(self, config_file: Path, *, generator: object, site_dir: Path, site_url: str | None = None,
                 serving: bool = False, changed: frozenset[Path] | None = None) -> None:
        text = (config_file.parent / "docs" / "index.md").read_text()
        if "SLOW" in text:
            self.release.wait(30)
        if "FAIL" in text:
            raise BuildFailed([f"docs/index.md, line 1: {text.strip()}"])
        if "CRASH" in text:
            raise RuntimeError(f"boom in {config_file.parent / 'games'}")
        (site_dir / "index.html").write_text(f"<html><body><p>{html.escape(text)}</p></body></html>")
        (site_dir / "404.html").write_text("<html><body>Our own 404</body></html>")
        for name, body in ASSETS.items():
            (site_dir / name).parent.mkdir(parents=True, exist_ok=True)
            (site_dir / name).write_bytes(body)


@pytest.fixture
def dev(tmp_path: Path) -> Iterator[DevSite]:
    """The tiny site served on a free port, its first build done."""
    project = tmp_path.resolve()
    (project / "mkdocs.yml").write_text(CONFIG)
    (project / "docs").mkdir()
    (project / "docs" / "index.md").write_text("Hello")
    (project / "games" / "pips").mkdir(parents=True)
    (project / "games" / "pips" / "rules.py").write_text("X = 1\n")
    build = FakeBuild()
    with running(project / "mkdocs.yml", "127.0.0.1:0", build=build, generator=None, poll=0.02, quiet=0.05) as site:
        site.fake = build  # type: ignore[attr-defined]
        assert site.wait_for_epoch(1) == 1
        yield site
        build.release.set()


def get(url: str) -> tuple[int, dict[str, str], str]:
    """Status, headers and text of a GET, whatever the status."""
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:
            return answer.status, dict(answer.headers), answer.read().decode("latin-1")
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode("latin-1")


def edit(site: DevSite, relative: str, text: str, epoch: int) -> None:
    """Write a file of the project at once (as editors save), then wait until build ``epoch`` has finished."""
    path = site.config_file.parent / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    scratch = path.with_name(path.name + ".tmp")  # a name the watcher ignores
    scratch.write_text(text)
    os.replace(scratch, path)
    assert site.wait_for_epoch(epoch) == epoch


def wait_running(site: DevSite) -> None:
    """Wait until a build is running (one that the test holds with ``SLOW``)."""
    deadline = time.monotonic() + 30
    while site.state.running_for() is None:
        assert time.monotonic() < deadline, "no build started"
        site.state.wait_past(site.state.epoch, timeout=0.02)
