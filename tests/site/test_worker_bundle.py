"""The Python worker reaches the browser as ONE script (macros/worker_bundle.py): every module of
its import graph once, dependencies first, and the build refuses what the join would get wrong."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from rollwright.mkdocs.worker_bundle import BundleError, join_modules
from tests.site.test_assets import REPO_ROOT

RUNTIME = REPO_ROOT / "site-overrides" / "assets" / "rollwright" / "runtime"


def _source_graph(entry: str) -> list[str]:
    """The worker's modules in the order a browser evaluates them (post-order, in import order)."""
    order: list[str] = []

    def visit(name: str) -> None:
        if name in order:
            return
        for target in re.findall(r'^import \{[^}]*\} from "\./([^"]+)";', (RUNTIME / name).read_text(), re.M):
            visit(target)
        order.append(name)

    visit(entry)
    return order


def test_the_built_worker_is_its_whole_module_graph_in_one_script(site: Path) -> None:
    built = (site / "assets" / "rollwright" / "runtime" / "worker.js").read_text(encoding="utf-8")
    graph = _source_graph("worker.js")
    assert len(graph) >= 5 and graph[-1] == "worker.js", graph
    assert re.findall(r"^// ---- (\S+)$", built, re.M) == graph
    assert not re.search(r"^\s*(import|export)\b(?!\s*\()", built, re.M), "a static import or export is left"
    for name in graph:  # each module's code, whole
        body = re.sub(r'^import \{[^}]*\} from "\./[^"]+";$', "", (RUNTIME / name).read_text(encoding="utf-8"), flags=re.M)
        assert re.sub(r"^export ", "", body, flags=re.M).strip() in built, name


def test_the_built_worker_parses_as_a_module(site: Path, tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node, "Node is needed for the site build, so it is here"
    script = tmp_path / "worker.mjs"  # .mjs: checked as a module (duplicate top-level names are errors)
    shutil.copyfile(site / "assets" / "rollwright" / "runtime" / "worker.js", script)
    done = subprocess.run([node, "--check", str(script)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr


def test_the_service_worker_lists_the_joined_script(site: Path) -> None:
    import hashlib

    sw = (site / "sw.js").read_text(encoding="utf-8")
    files = json.loads(re.search(r"self\.ROLLWRIGHT_BUILD = (\{.*?\});\n", sw, re.S).group(1))["files"]
    built = (site / "assets" / "rollwright" / "runtime" / "worker.js").read_bytes()
    assert files["assets/rollwright/runtime/worker.js"]["sha256"] == hashlib.sha256(built).hexdigest()


def _join(files: dict[str, str]) -> str:
    return join_modules("main.js", lambda name: files[name])


@pytest.mark.parametrize(("files", "message"), [
    ({"main.js": 'import { f } from "./a.js";\nfunction f() {}\n', "a.js": "export function f() {}\n"},
     "main.js and a.js both declare `f`"),
    ({"main.js": 'import { f as g } from "./a.js";\n', "a.js": "export function f() {}\n"},
     "main.js:1: only plain names can be imported"),
    ({"main.js": 'import f from "./a.js";\n', "a.js": "export default 1;\n"},
     "main.js: an import the worker bundle cannot join"),
    ({"main.js": 'import { f } from "./a.js";\n', "a.js": "export default function f() {}\n"},
     "a.js:1: only `export` before a declaration"),
    ({"main.js": 'import { f } from "./a.js";\n', "a.js": 'import { g } from "./main.js";\nexport function f() {}\n'},
     "main.js is part of an import cycle"),
    ({"main.js": 'import { f } from "./a.js";\n', "a.js": "function f() {}\n"},
     "main.js imports f from a.js, which does not export it"),
    ({"main.js": 'import { f } from "./missing.js";\n'}, "the worker imports missing.js, which cannot be read"),
])
def test_what_the_join_would_get_wrong_is_refused_by_file_and_line(files: dict[str, str], message: str) -> None:
    with pytest.raises(BundleError, match=re.escape(message)):
        _join(files)


def test_dynamic_imports_and_destructured_exports_are_joined() -> None:
    joined = _join({
        "main.js": 'import { config, load } from "./a.js";\nload(config);\n',
        "a.js": 'export const { config, error: configError } = { config: 1 };\n'
                'export async function load() { return import(`${"x"}.mjs`); }\n',
    })
    assert joined.index("// ---- a.js") < joined.index("// ---- main.js")
    assert "const { config, error: configError }" in joined and "return import(" in joined
