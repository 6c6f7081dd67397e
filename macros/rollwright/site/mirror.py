"""Keep the folder a dev server serves equal to the last good build, copying only what changed.

The builder writes into its own folder (and keeps it between builds, to redo only what an edit
touches); readers are served a mirror that changes only when a build succeeds, one file at a
time and each atomically, so a page is never read half written nor from a failed build.

>>> import tempfile
>>> built, served = Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp())
>>> _ = (built / "a").mkdir(), (built / "a" / "index.html").write_text("A"), (served / "old.txt").write_text("o")
>>> sync(built, served)
2
>>> sorted(str(p.relative_to(served)) for p in served.rglob("*"))
['a', 'a/index.html']
>>> sync(built, served)
0
"""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

Stamp = tuple[int, int]


def _files(root: Path) -> tuple[dict[str, Stamp], set[str]]:
    """Each file under ``root`` (relative, with its size and mtime) and each folder."""
    files: dict[str, Stamp] = {}
    folders: set[str] = set()
    for here, dirs, names in os.walk(root):
        rel = os.path.relpath(here, root)
        prefix = "" if rel == "." else rel + os.sep
        folders.update(prefix + name for name in dirs)
        for name in names:
            try:
                info = os.stat(os.path.join(here, name))
            except OSError:
                continue
            files[prefix + name] = (info.st_size, info.st_mtime_ns)
    return files, folders


def _replace(source: str, target: str) -> None:
    """Copy ``source`` over ``target`` atomically (retrying a moment where a reader holds the file open)."""
    temporary = f"{target}.rw-tmp"
    shutil.copy2(source, temporary)
    for attempt in range(5):
        try:
            os.replace(temporary, target)
            return
        except PermissionError:  # Windows, while a request reads the old file
            if attempt == 4:
                raise
            time.sleep(0.05)


def sync(built: Path, served: Path) -> int:
    """Make ``served`` equal ``built``; returns how many files were copied or removed."""
    new, new_folders = _files(built)
    old, old_folders = _files(served)
    count = 0
    for folder in sorted(new_folders - old_folders):
        os.makedirs(served / folder, exist_ok=True)
    for name, stamp in new.items():
        if old.get(name) != stamp:
            os.makedirs((served / name).parent, exist_ok=True)
            _replace(str(built / name), str(served / name))
            count += 1
    for name in old.keys() - new.keys():
        try:
            os.remove(served / name)
            count += 1
        except OSError:
            pass
    for folder in sorted(old_folders - new_folders, key=len, reverse=True):
        shutil.rmtree(served / folder, ignore_errors=True)
    return count
