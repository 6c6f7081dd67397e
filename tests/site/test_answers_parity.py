"""Answers at build time (issue 42) are the engine's, byte for byte: every precomputed answer of the fixture site
against a live call through the same registry door (CPython, the site's own games, in a subprocess), and the
space's index as the browser computes it."""

from __future__ import annotations

import json
import subprocess
import sys

from rollwright.kit.answer_space import Space
from tests.support.fixture_site import ENV

COMPARE = """
import json, sys
from pathlib import Path
from rollwright.site import setup
setup.games_for("mkdocs.yml")
from rollwright.site.answers import differing_answers
compared, differ = differing_answers(Path(sys.argv[1]))
print(json.dumps({"compared": compared, "differ": differ}))
"""


def test_every_precomputed_answer_equals_a_live_call(pips_project, pips_site):
    done = subprocess.run([sys.executable, "-c", COMPARE, str(pips_site)], cwd=pips_project, capture_output=True,
                          text=True, env=ENV, timeout=300)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["differ"] == [] and result["compared"] >= 50, result
    page = (pips_site / "pips" / "index.html").read_text(encoding="utf-8")
    assert 'data-rw-answers="assets/rollwright/answers/pips-odds.' in page
    folders = list((pips_site / "assets" / "rollwright" / "answers").iterdir())
    answers = sorted(folders[0].glob("*.json"), key=lambda f: int(f.stem))
    # an answer and a refusal, as the worker's envelope (the refusal in the form's words, naming its field)
    envelopes = [json.loads(f.read_text(encoding="utf-8")) for f in answers]
    assert any(e["ok"] for e in envelopes) and any(not e["ok"] and e["error"].get("field") for e in envelopes)


def test_a_star_answers_every_single_change_and_nothing_else():
    space = Space((("a", (1, 2, 3)), ("b", ("x", "y")), ("c", (False, True))), base=(2, "x", False))
    seen = {space.index(space.params(i)) for i in range(space.size)}
    assert space.size == 7 and seen <= set(range(space.size))
    for i in range(space.size):
        assert space.index(space.params(i)) is not None
    assert space.index({"a": 1, "b": "y", "c": False}) is None  # two changes: Python's
    assert space.index({"a": 2, "b": "x", "c": False, "d": 1}) is None  # a parameter it does not know
    grid = Space(space.fields)
    assert [grid.index(grid.params(i)) for i in range(grid.size)] == list(range(12))


CAPPED = """
import json, re, shutil, sys
from pathlib import Path
from rollwright.site import setup
setup.games_for("mkdocs.yml")
from rollwright.site import answers
copy = Path(sys.argv[2])
shutil.copytree(sys.argv[1], copy, ignore=shutil.ignore_patterns("answers"))
for page in copy.rglob("*.html"):
    page.write_text(re.sub(r' data-rw-answers="[^"]*"', "", page.read_text(encoding="utf-8")), encoding="utf-8")
answers.MAX_SITE_BYTES = int(sys.argv[3])
reports = answers.write_answers(copy)
print(json.dumps([[r.widget, r.precomputed, r.reason] for r in reports]))
"""


def test_the_sites_answers_are_capped_as_a_whole(pips_project, pips_site, tmp_path):
    """Past the site's budget a widget is answered by Python, and the build says why; nothing is written for it."""
    done = subprocess.run([sys.executable, "-c", CAPPED, str(pips_site), str(tmp_path / "copy"), "1"],
                          cwd=pips_project, capture_output=True, text=True, env=ENV, timeout=300)
    assert done.returncode == 0, done.stderr
    reports = json.loads(done.stdout.strip().splitlines()[-1])
    capped = [widget for widget, precomputed, reason in reports if "the site's answers would pass 1 bytes" in reason]
    assert "pips-odds" in capped and not any(precomputed for _, precomputed, _ in reports)
    assert not (tmp_path / "copy" / "assets" / "rollwright" / "answers").exists()
    assert "data-rw-answers" not in (tmp_path / "copy" / "pips" / "index.html").read_text(encoding="utf-8")
