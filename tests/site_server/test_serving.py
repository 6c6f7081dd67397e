"""The dev server's HTTP side: pages with the reload script, content types, the site's 404, the long poll,
and ``serve_site`` as a command runs it (logs, Ctrl-C, its temporary folder removed)."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

from rollwright.site.devserver import DevSite
from rollwright.site.reload import RELOAD_SCRIPT
from tests.site_server.fake_site import dev, get

__all__ = ["dev"]


def test_page_has_the_reload_script_and_nothing_is_cached(dev: DevSite) -> None:
    status, headers, body = get(dev.url)
    assert status == 200 and headers["Cache-Control"] == "no-store"
    assert body.endswith('<script src="/.rollwright/reload.js" data-epoch="1"></script></body></html>')
    status, headers, script = get(dev.url + ".rollwright/reload.js")
    assert headers["Content-Type"].startswith("text/javascript") and "location.reload()" in script
    assert script == RELOAD_SCRIPT.decode() and "runtime/hot-refresh.js" in script  # the page swapped in place
    assert json.loads(get(dev.url + ".rollwright/reload?epoch=0")[2]) == {"epoch": 1, "inPlace": False}  # at once


def test_content_types_and_the_sites_own_404(dev: DevSite) -> None:
    kinds = {name: get(dev.url + name)[1]["Content-Type"].split(";")[0]
             for name in ("a.wasm", "w.mjs", "r.js", "c.json", "s.zst", "p.whl", "t.css", "i.svg")}
    assert kinds == {"a.wasm": "application/wasm", "w.mjs": "text/javascript", "r.js": "text/javascript",
                     "c.json": "application/json", "s.zst": "application/octet-stream", "p.whl": "application/zip",
                     "t.css": "text/css", "i.svg": "image/svg+xml"}
    status, _, body = get(dev.url + "no/such/page/")
    assert status == 404 and "Our own 404" in body and "reload.js" in body
    assert get(dev.url + "../../etc/passwd")[0] == 404


def test_only_the_runtimes_versioned_files_are_cached(dev: DevSite) -> None:
    """A reload after an edit takes Pyodide, a wheel and a snapshot already fetched from the browser's cache (their
    paths name their version or content); anything else is fetched again."""
    for name in ("assets/pyodide/0.27.7/pyodide.asm.wasm", "assets/engine/0123456789ab/site.whl",
                 "assets/snapshot/0123456789abcdef/s.zst"):
        status, headers, _ = get(dev.url + name)
        assert status == 200 and headers["Cache-Control"] == "public, max-age=31536000, immutable", name
    for name in ("a.wasm", "p.whl", "", "no/such/page/"):
        assert get(dev.url + name)[1]["Cache-Control"] == "no-store", name


SERVE = """
import sys, time
from pathlib import Path
from rollwright.site.devserver import serve_site
def build(config_file, *, site_dir, **_):
    (site_dir / "index.html").write_text("<html><body>Hi</body></html>")
serve_site(Path(sys.argv[1]), "127.0.0.1:" + sys.argv[2], build=build, generator=None)
"""


def test_serve_site_logs_and_stops_cleanly_on_ctrl_c(tmp_path: Path) -> None:
    (tmp_path / "mkdocs.yml").write_text("site_name: T\n")
    temp = tmp_path / "tmp"
    temp.mkdir()
    env = {**os.environ, "TMPDIR": str(temp), "PYTHONPATH": os.pathsep.join(["engine", "macros", "."])}
    with subprocess.Popen([sys.executable, "-c", SERVE, str(tmp_path / "mkdocs.yml"), "0"], env=env,
                          stderr=subprocess.PIPE, text=True, cwd=Path(__file__).resolve().parents[2]) as server:
        assert server.stderr is not None
        lines = [server.stderr.readline() for _ in range(3)]  # Serving, Building, Built (in either order)
        url = re.search(r"Serving on (\S+)", "".join(lines))
        assert url and any(re.match(r"INFO +-  Built in \d+\.\d\d s", line) for line in lines), lines
        assert get(url[1])[0] == 200
        server.send_signal(signal.SIGINT)
        assert server.wait(timeout=30) == 0
        assert "Shutting down..." in server.stderr.read()
    assert list(temp.iterdir()) == []
