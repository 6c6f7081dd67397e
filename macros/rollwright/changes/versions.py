"""A version of a site's games, named as a folder or a git revision, turned into a snapshot (cached).

A folder is a site's root (with ``mkdocs.yml``) or one game's folder; anything else is read as a git
revision of the repository that holds ``base`` (a tag, a branch, a commit): its tree is written out with
``git archive`` into a temporary folder, so the designer's working tree is never touched, and the same
sub-folder of it is read. Each version is evaluated by ``python -m rollwright.changes.snapshot`` in a process
of its own (two versions of one game have the same module names); both run at once. Snapshots are cached
in ``<base>/.cache/rollwright/changes/`` by the revision's commit (a folder: by the digest of its files)
and Rollwright's version, so a release compared again costs nothing; inside a snapshot, each game's answers
are cached by its package folder's digest and Rollwright's sources, so a release that changed one game
evaluates that game alone.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

import rollwright
from rollwright.changes.snapshot import FORMAT
from rollwright.errors import RollwrightError

CACHE = Path(".cache") / "rollwright" / "changes"
SKIPPED = {".git", ".cache", ".venv", "venv", "node_modules", "site", "__pycache__", ".hypothesis", ".pytest_cache",
           "dist", "build"}
"""Folders a folder's digest leaves out (outputs and caches, not the game)."""
MAX_DIGEST_BYTES = 200_000_000
"""Most bytes a folder's digest reads; past it the folder is not cached."""
GIT_TIMEOUT = 120


class ChangesError(RollwrightError):
    """A version that cannot be read (no such folder or revision, or its games fail to load)."""

    kind = "input"


@dataclass(frozen=True)
class Version:
    """One side of a comparison: its label, how to get its folder, and its cache key (None: not cached)."""

    label: str
    folder: Path | None
    repository: Path | None = None
    commit: str | None = None
    prefix: str = ""
    cache_key: str | None = None


def _git(cwd: Path, *args: str) -> str:
    done = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, timeout=GIT_TIMEOUT)
    if done.returncode != 0:
        raise ChangesError(f"git {' '.join(args)}: {done.stderr.strip() or 'failed'}")
    return done.stdout.strip()


def folder_digest(folder: Traversable) -> str | None:
    """A digest of every file under ``folder`` but outputs and caches (None past :data:`MAX_DIGEST_BYTES`).

    ``folder`` is a folder on disk or any importlib.resources Traversable: a namespace package's
    MultiplexedPath (its folders merged, the first one's file winning a name), a folder inside a zip.

    >>> import tempfile
    >>> from importlib.readers import MultiplexedPath
    >>> with tempfile.TemporaryDirectory() as d:
    ...     (Path(d) / "game.toml").write_text("id = 1")
    ...     (Path(d) / "site").mkdir()
    ...     (Path(d) / "site" / "out.html").write_text("skipped")
    ...     folder_digest(MultiplexedPath(d)) == folder_digest(Path(d)) != None
    6
    7
    True
    """
    total = hashlib.sha256()
    read = 0
    for relative, path in _files(folder, ""):
        data = path.read_bytes()
        read += len(data)
        if read > MAX_DIGEST_BYTES:
            return None
        total.update(relative.encode() + b"\0" + hashlib.sha256(data).digest())
    return total.hexdigest()


def _files(folder: Traversable, prefix: str) -> Iterator[tuple[str, Traversable]]:
    """Every file under ``folder`` (but :data:`SKIPPED` folders) with its path below it, in a stable order."""
    if isinstance(folder, Path):  # on disk: os.walk, which does not follow links to folders
        for root, dirs, files in os.walk(folder):
            dirs[:] = sorted(d for d in dirs if d not in SKIPPED and not d.startswith(".rollwright"))
            for name in sorted(files):
                path = Path(root) / name
                if path.is_file():
                    yield prefix + path.relative_to(folder).as_posix(), path
        return
    children = sorted(folder.iterdir(), key=lambda child: child.name)
    for child in children:
        if child.is_file():
            yield prefix + child.name, child
    for child in children:
        if child.is_dir() and child.name not in SKIPPED and not child.name.startswith(".rollwright"):
            yield from _files(child, f"{prefix}{child.name}/")


def resolve(spec: str, base: Path) -> Version:
    """``spec`` as a folder (relative to ``base``) if there is one, else as a git revision of ``base``'s repository."""
    folder = (base / spec).resolve()
    if folder.is_dir():
        digest = folder_digest(folder)
        return Version(spec, folder, cache_key=None if digest is None else f"folder-{digest}")
    try:
        top = Path(_git(base, "rev-parse", "--show-toplevel"))
        prefix = _git(base, "rev-parse", "--show-prefix")
    except (ChangesError, FileNotFoundError):
        raise ChangesError(f"{spec!r} is neither a folder nor a git revision (no git repository at {base})") from None
    try:
        commit = _git(base, "rev-parse", "--verify", "--quiet", f"{spec}^{{commit}}")
    except ChangesError:
        raise ChangesError(f"{spec!r} is neither a folder nor a revision of the repository at {top}") from None
    return Version(spec, None, top, commit, prefix, f"git-{commit}-{prefix.replace('/', '_')}")


def _cache_file(base: Path, version: Version) -> Path | None:
    if version.cache_key is None:
        return None
    tag = hashlib.sha256(f"{version.cache_key}|{rollwright.__version__}|{FORMAT}|{sys.version_info[:2]}".encode())
    return base / CACHE / f"{tag.hexdigest()[:32]}.json"


def _extract(version: Version, into: Path) -> Path:
    """Write the revision's tree into ``into`` with ``git archive`` (the working tree is not touched)."""
    assert version.repository is not None and version.commit is not None
    done = subprocess.run(["git", "archive", "--format=tar", version.commit], cwd=version.repository,
                          capture_output=True, timeout=GIT_TIMEOUT)
    if done.returncode != 0:
        raise ChangesError(f"git archive {version.label}: {done.stderr.decode(errors='replace').strip()}")
    with tarfile.open(fileobj=io.BytesIO(done.stdout)) as archive:
        archive.extractall(into, filter="data")
    return into / version.prefix if version.prefix else into


def _start(folder: Path, out: Path, cache: Path | None) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    extra = [str(cache)] if cache is not None else []
    return subprocess.Popen([sys.executable, "-m", "rollwright.changes.snapshot", str(folder), str(out), *extra],
                            cwd=folder, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def snapshots(versions: list[Version], base: Path, *, use_cache: bool = True) -> list[dict[str, Any]]:
    """The snapshot of each version, from the cache or evaluated (all at once, each in its own process)."""
    found: list[dict[str, Any] | None] = [None] * len(versions)
    with tempfile.TemporaryDirectory(prefix="rollwright-diff-") as scratch:
        running = []
        for index, version in enumerate(versions):
            cached = _cache_file(base, version) if use_cache else None
            if cached is not None and cached.is_file():
                found[index] = json.loads(cached.read_text(encoding="utf-8"))
                continue
            folder = version.folder or _extract(version, Path(scratch) / f"v{index}")
            if not folder.is_dir():
                raise ChangesError(f"{version.label}: the revision has no folder {version.prefix!r}")
            out = Path(scratch) / f"v{index}.json"
            running.append((index, version, out, _start(folder, out, (base / CACHE).resolve() if use_cache else None)))
        for index, version, out, process in running:
            _, error = process.communicate()
            if process.returncode != 0:
                lines = error.decode(errors="replace").strip().splitlines()
                raise ChangesError(f"{version.label}: its games could not be read: {' | '.join(lines[-3:])}")
            text = out.read_text(encoding="utf-8")
            found[index] = json.loads(text)
            cached = _cache_file(base, version)
            if cached is not None:
                cached.parent.mkdir(parents=True, exist_ok=True)
                cached.write_text(text, encoding="utf-8")
    return [f for f in found if f is not None]
