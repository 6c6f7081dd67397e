"""What icepool would add to the site's memory snapshot (issue 37, point 3): the snapshot made from a site's wheel
as it is, and again with icepool's sources added to the wheel and imported with the engine.

    .venv/bin/python bench/icepool_snapshot.py SITE_DIR

``SITE_DIR`` is a built site (``rollwright build --site-dir SITE_DIR``); its wheel is read from
``assets/engine/*/rollwright_site-*.whl``. Prints the raw, packed and shipped (zstd, the build's level) sizes
of both snapshots and icepool's share. Needs Node.js (the snapshot is made by the pinned Pyodide under Node)
and icepool in this venv (a dev-only pin). Takes about a minute per snapshot.
"""

from __future__ import annotations

import io
import re
import sys
import tempfile
import zipfile
from pathlib import Path

from rollwright.mkdocs.bundle import ENTRY_MODULE
from rollwright.mkdocs.resources import pyodide
from rollwright.mkdocs.snapshot import Snapshot, build_snapshot


def with_icepool(wheel: bytes) -> bytes:
    """The wheel with icepool's sources in it and ``icepool`` among the packages the snapshot imports."""
    import icepool

    source = Path(icepool.__file__).parent
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(wheel)) as before, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as after:
        for item in before.infolist():
            if item.filename.startswith(f"__pycache__/{ENTRY_MODULE}."):
                continue  # its bytecode would be imported instead of the source changed below
            data = before.read(item)
            if item.filename == f"{ENTRY_MODULE}.py":
                text = data.decode()
                text = re.sub(r'PACKAGES = \("rollwright",', 'PACKAGES = ("rollwright", "icepool",', text, count=1)
                assert '"icepool"' in text, "the entry module's PACKAGES were not found"
                data = text.encode()
            after.writestr(item, data)
        for path in sorted(source.rglob("*.py")):
            after.write(path, f"icepool/{path.relative_to(source).as_posix()}")
    return out.getvalue()


def sizes(snapshot: Snapshot) -> str:
    return (f"raw {snapshot.raw_bytes / 1e6:.2f} MB, packed {snapshot.packed_bytes / 1e6:.2f} MB, "
            f"shipped {len(snapshot.compressed) / 1e6:.3f} MB")


def main(site_dir: Path) -> None:
    wheel_path = next(site_dir.glob(f"assets/engine/*/{ENTRY_MODULE}-*.whl"))
    wheel = wheel_path.read_bytes()
    runtime = pyodide()
    with tempfile.TemporaryDirectory(prefix="icepool-snapshot-") as scratch:
        ours = build_snapshot(wheel, ENTRY_MODULE, runtime, Path(scratch) / "ours")
        both = build_snapshot(with_icepool(wheel), ENTRY_MODULE, runtime, Path(scratch) / "both")
    grown = len(both.compressed) - len(ours.compressed)
    print(f"the site's snapshot:      {sizes(ours)}")
    print(f"with icepool imported:    {sizes(both)}")
    print(f"icepool adds {grown / 1e3:.0f} kB shipped ({grown / len(ours.compressed):.1%}), "
          f"{(both.packed_bytes - ours.packed_bytes) / 1e6:.2f} MB packed, "
          f"{len([m for m in both.modules if m.startswith('icepool')])} modules")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
