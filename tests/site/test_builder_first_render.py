"""Every builder page comes with a new character's editor, report and sheet, made at build time by the
same calls builder.js makes, keyed so the browser re-renders only what differs (builder-parts.js)."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from rollwright.kit.builder_page import first_render, html_key
from rollwright.kit.characters import builder_systems

PARTS = Path(__file__).resolve().parents[2] / "site-overrides/assets/rollwright/builder/builder-parts.js"
TEXTS = ["", "<p>é</p>", "a\u00a0b", "😀 and 🎲", "x" * 70_000, '<input value="&quot;">\n\t']


def _keys_in_node(texts: list[str]) -> list[str]:
    node = shutil.which("node")
    if node is None:
        pytest.fail("Node is needed (the site build uses it too); install it with `make deps`")
    script = (f"import {{ htmlKey }} from {json.dumps(PARTS.as_uri())};"
              "let text = ''; process.stdin.on('data', (c) => { text += c; });"
              "process.stdin.on('end', () => console.log(JSON.stringify(JSON.parse(text).map(htmlKey))));")
    done = subprocess.run([node, "--input-type=module", "-e", script], input=json.dumps(texts),
                          capture_output=True, text=True, encoding="utf-8", check=True, timeout=60)
    return json.loads(done.stdout)


def _tight(html: str) -> str:
    return re.sub(r">\s+<", "><", html)


def test_the_browser_keys_html_as_the_build_does() -> None:
    assert _keys_in_node(TEXTS) == [html_key(text) for text in TEXTS]


def test_keys_tell_different_html_apart() -> None:
    keys = {html_key(text) for text in ["<p>1</p>", "<p>2</p>", "<p>1</p> ", "<p>10</p>"]}
    assert len(keys) == 4


@pytest.mark.parametrize("system", builder_systems(), ids=lambda s: s.id)
def test_each_builder_page_holds_a_new_characters_first_render(site: Path, system) -> None:
    page = next(path for path in site.rglob("index.html")
                if f'data-rw-builder="{system.id}"' in path.read_text(encoding="utf-8"))
    html = page.read_text(encoding="utf-8")
    first = first_render(system)
    for region, attribute in (("editor", "data-rw-editor-region"), ("report", "data-rw-report-region"),
                              ("sheet", "data-rw-sheet-region")):
        tag = re.search(rf"<[a-z]+ [^>]*\b{attribute}\b[^>]*>", html)
        assert tag, f"{page}: no {region} region"
        assert f'data-rw-html="{html_key(first[region])}"' in tag.group(0), f"{page}: {region} is not the first render"
        assert re.search(r"\binert\b", tag.group(0)), f"{page}: the {region} must wait for Python (inert)"
        # (the search hook spaces table cells apart in the page: whitespace between tags aside, it is the same)
        assert first[region] and _tight(first[region]) in _tight(html), f"{page}: {region}'s HTML is missing"
    assert 'name="' in first["editor"] or "data-rw-path" in first["editor"]  # a real form, not a placeholder
