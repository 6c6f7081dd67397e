"""The repository without one of its bundled games, to show that nothing else leans on it.

A copy of the repository's files (tracked, and new ones not ignored) into a folder, without the game's
package (``engine/systems/<package>``), its pages (``docs/<docs>``) and its tests
(``tests/systems/<package>``), and without its lines in ``mkdocs.yml`` (its entry under ``systems:``
and its section of ``nav:``); ``node_modules`` is linked, and its build caches are its own. Then pytest
runs there, importing the copy's Rollwright (``PYTHONPATH``), with the arguments given::

    .venv/bin/python -m tests.support.without_a_game facade -- -m "not browser" -x -q

(tests/test_without_a_game.py does this in the suite: everything collects, and the checks run.)
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CACHES = ROOT / ".cache" / "without-a-game"


def game_folders(package: str) -> tuple[str, str]:
    """(docs folder, nav title) of a bundled game, from its declaration (``SYSTEM.docs``, ``SYSTEM.title``)."""
    text = (ROOT / "engine" / "systems" / package / "__init__.py").read_text(encoding="utf-8")
    docs = re.search(r'\bdocs="([^"]+)"', text)
    title = re.search(r'\btitle="([^"]+)"', text)
    if docs is None or title is None:
        raise SystemExit(f"{package}: its SYSTEM names no docs folder or title")
    return docs.group(1), title.group(1)


def without_game_config(text: str, package: str, title: str) -> str:
    """``mkdocs.yml`` without the game's ``systems:`` entry and its section of ``nav:``.

    >>> config = "plugins:\\n  - rollwright:\\n      systems:\\n        - engine/systems/a\\n        - engine/systems/b\\n"
    >>> config += "nav:\\n  - Home: index.md\\n  - A game:\\n      - a/index.md\\n      - More: a/more.md\\n  - B: b.md\\n"
    >>> print(without_game_config(config, "a", "A game"), end="")
    plugins:
      - rollwright:
          systems:
            - engine/systems/b
    nav:
      - Home: index.md
      - B: b.md
    """
    lines = text.splitlines(keepends=True)
    out: list[str] = []
    skipping = False
    for line in lines:
        if line.strip() == f"- engine/systems/{package}":
            continue
        if line.rstrip() == f"  - {title}:":
            skipping = True
            continue
        if skipping and line.startswith("      "):
            continue
        skipping = False
        out.append(line)
    return "".join(out)


def copy_without(package: str, target: Path) -> Path:
    """The repository at ``target`` without the bundled game ``package``; returns ``target``."""
    docs, title = game_folders(package)
    gone = (f"engine/systems/{package}/", f"docs/{docs}/", f"tests/systems/{package}/")
    listed = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=ROOT, capture_output=True,
                            check=True).stdout.decode("utf-8").split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if name.startswith(gone) or not source.is_file():
            continue
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, destination)
    config = target / "mkdocs.yml"
    changed = without_game_config(config.read_text(encoding="utf-8"), package, title)
    if f"engine/systems/{package}" in changed or f"{docs}/" in changed.partition("\nnav:")[2]:
        raise SystemExit(f"mkdocs.yml still names {package} after removing its lines")
    config.write_text(changed, encoding="utf-8")
    (target / "node_modules").symlink_to(ROOT / "node_modules", target_is_directory=True)
    cache = CACHES / package
    cache.mkdir(parents=True, exist_ok=True)
    (target / ".cache").symlink_to(cache, target_is_directory=True)
    return target


def run_pytest(copy: Path, args: list[str], timeout: int = 7200) -> subprocess.CompletedProcess[str]:
    """pytest in the copy, on the copy's own Rollwright and games."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(str(copy / p) for p in ("engine", "macros")),
           "NO_MKDOCS_2_WARNING": "1"}
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *args], cwd=copy, env=env,
                          capture_output=True, text=True, timeout=timeout)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    ours, pytest_args = (argv[:argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv else (argv, [])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], usage="%(prog)s PACKAGE [--into DIR] "
                                     "[-- PYTEST ARGS]")
    parser.add_argument("package", help="the game's package, e.g. facade")
    parser.add_argument("--into", type=Path, default=None, help="where to copy (default: a new temporary folder)")
    args = parser.parse_args(ours)
    import tempfile

    target = args.into or Path(tempfile.mkdtemp(prefix=f"rollwright-without-{args.package}-"))
    copy_without(args.package, target)
    print(f"the repository without {args.package}: {target}", flush=True)
    done = run_pytest(target, pytest_args)
    print(done.stdout[-20000:], done.stderr[-5000:], sep="\n")
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main())
