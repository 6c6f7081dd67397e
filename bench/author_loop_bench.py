"""Bench part 10: the author's loop (issue 25). How long an edit takes to reach the page open in Chromium while
the flagship site is served, as a ratio to plain Material for MkDocs serving the same Markdown with the macros
stubbed out, measured in the same run.

    .venv/bin/python bench/author_loop_bench.py [--repeat N]

Both servers run on temporary copies (the flagship's ``mkdocs.yml``, ``docs/``, its games and the snippets'
folder; the Rollwright copy starts from a copy of this checkout's ``.cache/rollwright``, as a designer's second
``rollwright serve`` of the day would). A tab shows ``facade/basic-rules/`` on each; then, ``--repeat`` times:

- a Markdown edit: a new sentence at the end of the page; the time from the file's write to the open page
  showing it (the server rebuilt, the browser reloaded by itself). Plain MkDocs gets the same edit.
- a rules edit (Rollwright only): a new line in one of the Façade's rules modules, which changes the game's
  sources, so its browser wheel, bytecode and memory snapshot are made again, and the calls that used the file
  are computed again; the time from the write to the page naming the new wheel (swapped in place, or reloaded
  when its snapshot changed), and to its first widget answering from the new engine.

Then the same for a new project (``rollwright new``, its game declared in a ``game.toml``): plain MkDocs serving
its Markdown with the macros stubbed, and ``rollwright serve`` given a new line in the ``game.toml`` (every call
of the game is computed again: a game's data is read by all its calls).

Times are wall clock on this machine (``time.perf_counter``), medians of the samples; nothing here is a test.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

REPO_ROOT = Path(__file__).resolve().parents[1]
PAGE = "facade/basic-rules/"
MARKDOWN = "docs/facade/basic-rules.md"
RULES = "engine/systems/facade/rules/__init__.py"
COPIED = ("mkdocs.yml", "docs", "engine/systems", "macros/rollwright/scaffold/template",
          "macros/rollwright/scaffold/template-data")  # the guide's snippets come from both templates
NEW_GAME = "lanternfall"
NEW_PAGE = f"{NEW_GAME}/"
NEW_MARKDOWN = f"docs/{NEW_GAME}/index.md"
NEW_TOML = f"{NEW_GAME}/game.toml"
WAIT_S = 600.0
READY = "section[data-rw-widget][data-rw-state='ready']"
_MACRO = re.compile(r"\{\{.*?\}\}", re.DOTALL)
_TAG = re.compile(r"\{%.*?%\}", re.DOTALL)


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def copy_flagship(target: Path) -> Path:
    """The flagship site's sources at ``target`` (with a copy of this checkout's build caches)."""
    for part in COPIED:
        source = REPO_ROOT / part
        if source.is_dir():
            shutil.copytree(source, target / part, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            (target / part).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target / part)
    if (REPO_ROOT / ".cache" / "rollwright").is_dir():
        shutil.copytree(REPO_ROOT / ".cache" / "rollwright", target / ".cache" / "rollwright")
    return target


def new_project(target: Path) -> Path:
    """A project as ``rollwright new`` writes it (its game in a game.toml), at ``target``."""
    subprocess.run([sys.executable, "-m", "rollwright", "new", str(target)], check=True, capture_output=True,
                   text=True, timeout=300)
    return target


class _Loader(yaml.SafeLoader):
    """Reads mkdocs.yml keeping its ``!relative`` tag's value."""


_Loader.add_constructor("!relative", lambda loader, node: "!relative " + loader.construct_scalar(node))


def plain_copy(site: Path) -> Path:
    """The same Markdown for plain Material for MkDocs: every macro call stubbed, no Rollwright plugin."""
    for page in (site / "docs").rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        page.write_text(_TAG.sub("", _MACRO.sub("MACRO", text)), encoding="utf-8")
    config = yaml.load((site / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_Loader)
    config["plugins"] = ["search"]
    config["strict"] = False  # stubbed pages may lose what a link pointed at
    config["theme"].pop("favicon", None)
    text = yaml.safe_dump(config, allow_unicode=True, sort_keys=False)
    (site / "mkdocs.yml").write_text(re.sub(r"'!relative ([^']*)'", r"!relative \1", text), encoding="utf-8")
    return site


class Server:
    """A live-reloading server (``rollwright serve`` or ``mkdocs serve``) on a copy, on a free port."""

    def __init__(self, site: Path, command: list[str], log: Path) -> None:
        self.site, self.port = site, _free_port()
        self.log = open(log, "w", encoding="utf-8")  # noqa: SIM115 - closed in stop()
        self.process = subprocess.Popen([*command, "-a", f"127.0.0.1:{self.port}"], cwd=site, stdout=self.log,
                                        stderr=self.log, text=True)
        self.url = f"http://127.0.0.1:{self.port}/"

    def wait(self, path: str) -> None:
        """Until the server answers ``path`` (its first build done)."""
        deadline = time.monotonic() + WAIT_S
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server stopped: see {self.log.name}")
            try:
                with urllib.request.urlopen(self.url + path, timeout=30):  # noqa: S310 - 127.0.0.1 only
                    return
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                time.sleep(0.5)
        raise TimeoutError(f"{self.url} never answered")

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=60)
        self.log.close()


def _until(page: Any, script: str, arg: Any, started: float) -> float:
    """Seconds from ``started`` until ``script(arg)`` is true in the page (across the reloads it goes through)."""
    while time.perf_counter() - started < WAIT_S:
        try:
            if page.evaluate(script, arg):
                return time.perf_counter() - started
        except Exception:  # noqa: BLE001 - the page is reloading: its context went away
            pass
        time.sleep(0.02)
    raise TimeoutError(f"the page never showed the edit within {WAIT_S} s")


HAS_TEXT = "m => !!document.body && document.body.textContent.includes(m)"
BOOT = ("() => { const r = window.rollwright; const w = r && r.worker;"
        " return r ? [r.bootPath, w && w.pyodideMs, w && w.engineMs, r.refreshes, r.refreshMs] : null; }")
"""How the widget's Python started (the path, and the worker's ms to Pyodide and then to the engine), and how often
it took a new wheel since, in place (a page swapped in place), with the worker's ms for the last time."""
WHEEL = "() => { const c = document.getElementById('rw-config'); return c ? JSON.parse(c.textContent).engineWheel : null; }"


def _append(path: Path, text: str) -> float:
    with open(path, "a", encoding="utf-8") as out:
        out.write(text)
    return time.perf_counter()


def _open(browser: Any, url: str, ready: Callable[[Any], None]) -> Any:
    context = browser.new_context()
    page = context.new_page()
    page.goto(url, timeout=WAIT_S * 1000)
    ready(page)
    return page


def markdown_edits(page: Any, site: Path, repeat: int, tag: str, path: str = MARKDOWN) -> list[float]:
    times = []
    for number in range(repeat):
        marker = f"Edited-{tag}-{number}-{time.time_ns()}"
        started = _append(site / path, f"\n\n{marker}\n")
        times.append(_until(page, HAS_TEXT, marker, started))
        time.sleep(1.0)  # the watcher settles before the next edit
    return times


def rules_edits(page: Any, site: Path, repeat: int, path: str = RULES, line: str = "BENCH_EDIT_{n} = {t}"
                ) -> dict[str, list[float]]:
    found: dict[str, list[Any]] = {"page": [], "engine_ready": [], "boot": []}
    for number in range(repeat):
        before = page.evaluate(WHEEL)
        started = _append(site / path, "\n" + line.format(n=number, t=time.time_ns()) + "\n")
        found["page"].append(_until(page, "w => { const c = document.getElementById('rw-config');"
                                          " return !!c && JSON.parse(c.textContent).engineWheel !== w; }",
                                    before, started))
        found["engine_ready"].append(_until(page, f"() => !!document.querySelector(\"{READY}\")", None, started))
        found["boot"].append(page.evaluate(BOOT))
        time.sleep(1.0)
    return found


def _pair(browser: Any, root: Path, ours: Path, plain: Path, page_path: str, name: str
          ) -> tuple[Server, Server, Any, Any]:
    """``rollwright serve`` on ``ours`` and plain MkDocs on ``plain``, each with a tab on ``page_path``."""
    python = sys.executable
    rollwright = Server(ours, [python, "-m", "rollwright", "serve"], root / f"{name}-rollwright.log")
    baseline = Server(plain, [python, "-m", "mkdocs", "serve", "--livereload"], root / f"{name}-plain.log")
    rollwright.wait(page_path)
    baseline.wait(page_path)
    page = _open(browser, rollwright.url + page_path, lambda p: p.wait_for_selector(READY, timeout=WAIT_S * 1000))
    plain_page = _open(browser, baseline.url + page_path, lambda p: p.wait_for_selector("article"))
    return rollwright, baseline, page, plain_page


def author_loop(browser: Any, repeat: int = 3) -> dict[str, Any]:
    """Part 10's figures (see the module documentation), with the ratios."""
    with tempfile.TemporaryDirectory(prefix="rollwright-loop-") as tmp:
        root = Path(tmp)
        ours = copy_flagship(root / "rollwright-site")
        plain = plain_copy(copy_flagship(root / "plain-site"))
        shutil.rmtree(plain / ".cache", ignore_errors=True)
        servers: list[Server] = []
        try:
            *pair, page, plain_page = _pair(browser, root, ours, plain, PAGE, "flagship")
            servers += pair
            plain_md = markdown_edits(plain_page, plain, repeat, "plain")
            our_md = markdown_edits(page, ours, repeat, "rollwright")
            rules = rules_edits(page, ours, repeat)
            for server in servers:
                server.stop()
            servers = []
            new = new_project(root / NEW_GAME)
            new_plain = plain_copy(new_project(root / "plain" / NEW_GAME))
            *pair, page, plain_page = _pair(browser, root, new, new_plain, NEW_PAGE, "new")
            servers += pair
            new_plain_md = markdown_edits(plain_page, new_plain, repeat, "plain-new", NEW_MARKDOWN)
            new_md = markdown_edits(page, new, repeat, "rollwright-new", NEW_MARKDOWN)
            toml = rules_edits(page, new, repeat, NEW_TOML, "# bench edit {n}: {t}")
        finally:
            for server in servers:
                server.stop()
    plain_s = statistics.median(plain_md)
    new_plain_s = statistics.median(new_plain_md)
    result = {
        "plain_markdown_s": round(plain_s, 2),
        "markdown_s": round(statistics.median(our_md), 2),
        "rules_page_s": round(statistics.median(rules["page"]), 2),
        "rules_engine_ready_s": round(statistics.median(rules["engine_ready"]), 2),
        "new_plain_markdown_s": round(new_plain_s, 2),
        "new_markdown_s": round(statistics.median(new_md), 2),
        "toml_page_s": round(statistics.median(toml["page"]), 2),
        "toml_engine_ready_s": round(statistics.median(toml["engine_ready"]), 2),
        "all": {"plain_markdown": plain_md, "markdown": our_md, **rules, "new_plain_markdown": new_plain_md,
                "new_markdown": new_md, "toml_page": toml["page"], "toml_engine_ready": toml["engine_ready"]},
    }
    result["ratios"] = {key: round(result[key] / plain_s, 2)
                        for key in ("markdown_s", "rules_page_s", "rules_engine_ready_s")}
    result["ratios"].update({key: round(result[key] / new_plain_s, 2)
                             for key in ("new_markdown_s", "toml_page_s", "toml_engine_ready_s")})
    result["boots"] = {"rules": rules["boot"], "toml": toml["boot"]}
    return result


def report(r: dict[str, Any]) -> str:
    ratio = r["ratios"]
    rows = [("plain mkdocs-material, macros stubbed: Markdown edit", r["plain_markdown_s"], 1.0),
            ("rollwright serve: Markdown edit", r["markdown_s"], ratio["markdown_s"]),
            ("rollwright serve: rules edit, page with the new wheel", r["rules_page_s"], ratio["rules_page_s"]),
            ("rollwright serve: rules edit, widget answering", r["rules_engine_ready_s"],
             ratio["rules_engine_ready_s"]),
            ("new project: plain mkdocs-material, Markdown edit", r["new_plain_markdown_s"], 1.0),
            ("new project: rollwright serve, Markdown edit", r["new_markdown_s"], ratio["new_markdown_s"]),
            ("new project: game.toml edit, page with the new wheel", r["toml_page_s"], ratio["toml_page_s"]),
            ("new project: game.toml edit, widget answering", r["toml_engine_ready_s"], ratio["toml_engine_ready_s"])]
    lines = [f"{'measure (flagship, edit to open page)':<58}{'s':>8}{'ratio':>8}"]
    lines += [f"{name:<58}{seconds:>8.2f}{value:>8.2f}" for name, seconds, value in rows]
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3, help="edits of each kind (default 3)")
    args = parser.parse_args()
    sys.path.insert(0, str(REPO_ROOT / "tests" / "support"))
    from playwright.sync_api import sync_playwright
    from siteserver import CHROMIUM, CHROMIUM_ARGS

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(headless=True, executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            result = author_loop(chromium, args.repeat)
        finally:
            chromium.close()
    print("10. The author's loop\n" + report(result))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
