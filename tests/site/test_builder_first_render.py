"""A builder page comes with a new character's editor, report and sheet, made at build time by the same
calls builder.js makes, keyed so the browser re-renders only what differs (builder-parts.js): the keys
agree between Python and the browser. (That each builder page holds that first render is a check of
``rollwright check``'s pages check: tests/checks/ and tests/systems/test_checks.py.)"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from rollwright.kit.builder_page import html_key

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


def test_the_browser_keys_html_as_the_build_does() -> None:
    assert _keys_in_node(TEXTS) == [html_key(text) for text in TEXTS]


def test_keys_tell_different_html_apart() -> None:
    keys = {html_key(text) for text in ["<p>1</p>", "<p>2</p>", "<p>1</p> ", "<p>10</p>"]}
    assert len(keys) == 4
