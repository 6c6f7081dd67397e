"""Answers at build time: every answer of a widget whose inputs are few (site work, over the output folder).

The page work marks each widget whose input space is within budget (``data-rw-space``, see
:mod:`rollwright.kit.answer_space`). Here every member of each such space is answered through the same door as
the browser's Python worker, :func:`rollwright.kit.api.call_json` on ``widget.render``, and written as one small
file per input, ``assets/rollwright/answers/<widget>.<hash>/<index>.json``: the worker's envelope
(``{"ok": true, "result": {"html": ...}}`` or ``{"ok": false, "error": {...}}``) without the call's raw
``data``, which the page never reads. The folder's name ends with a hash of its answers, so a changed
answer is a new URL (the service worker keeps them unchecked: :mod:`rollwright.mkdocs.offline`). Each marked
widget then gets ``data-rw-answers``, the folder's path from the site's root, and the page asks for the file
of the inputs the reader chose (``widgets/answers.js``), before or instead of Python.

One file per input, not one file per widget: a phone fetches a few hundred bytes per change instead of the
whole widget (on the flagship, the largest: 1,134 answers, about 1.5 MB; one of them about 1.3 KB, 0.5 KB gzipped).

>>> rows = [Report("a-b", 12, True, 2000, 0.1, "12 inputs, precomputed"),
...         Report("c", None, False, 0, 0.0, "not precomputed: field 'x' takes free text")]
>>> summary(rows)
'Rollwright: answers at build time for 1 of 2 widgets (12 answers, 2.0 KB); answered by Python: c (free text)'
"""

from __future__ import annotations

import hashlib
import html
import json
import logging
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rollwright.kit.answer_space import MAX_BYTES, Space, precompute_plan

MAX_SITE_BYTES = 10_000_000
"""The most a site's answers at build time may weigh together. The site's games' widgets come first (in the
order of their pages), then the example games'; a widget that no longer fits is answered by Python."""
ANSWERS_DIR = "assets/rollwright/answers"
"""Where the answer folders go, from the site's root (the service worker knows it: offline.py)."""
log = logging.getLogger("mkdocs.plugins.rollwright")
_SECTION = re.compile(r'<section class="rw-widget"[^>]*>')
_ATTR = re.compile(r'\s(data-rw-[a-z-]+)="([^"]*)"')


@dataclass(frozen=True)
class Report:
    """One widget of the site: its space's size (None: unbounded), whether it is precomputed, and why."""

    widget: str
    size: int | None
    precomputed: bool
    bytes: int
    seconds: float
    reason: str


def _attrs(tag: str) -> dict[str, str]:
    return {name: html.unescape(value) for name, value in _ATTR.findall(tag)}


def answer_file(widget: str, params: dict[str, Any]) -> str:
    """One answer as the page reads it: the worker's envelope for ``widget.render``, without the raw data.

    >>> json.loads(answer_file("no-such-widget", {}))["error"]["field"]
    'widget'
    """
    from rollwright.kit.api import call_json

    envelope = json.loads(call_json("widget.render", json.dumps({"widget": widget, "params": params})))
    if envelope.get("ok"):
        envelope["result"] = {"html": envelope["result"]["html"]}
    return json.dumps(envelope, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def answer_all(widget: str, space: Space) -> list[str]:
    """Every answer of ``widget`` over ``space``, in index order (each call stopped if it runs too long)."""
    from rollwright.site.time_limit import limited

    def one(index: int) -> str:
        return limited(lambda: answer_file(widget, space.params(index)))

    return [one(index) for index in range(space.size)]


def _write(site_dir: Path, widget: str, space: Space, answers: list[str]) -> str:
    digest = hashlib.sha256(space.to_json().encode())
    for answer in answers:
        digest.update(answer.encode())
    folder = f"{ANSWERS_DIR}/{widget}.{digest.hexdigest()[:12]}/"
    target = site_dir / folder
    target.mkdir(parents=True, exist_ok=True)
    for index, answer in enumerate(answers):
        (target / f"{index}.json").write_text(answer, encoding="utf-8")
    return folder


def _from_an_example(widget: str) -> bool:
    """Whether ``widget`` is an example game's (``rollwright: examples:``), not one of the site's games."""
    from rollwright.kit.system import all_examples

    return any(example.owns(widget) for example in all_examples().values())


def _unbounded_reason(widget: str) -> tuple[int | None, str]:
    from rollwright.kit.answer_space import why_unbounded, widget_space
    from rollwright.kit.widget import lookup_widget

    declared = lookup_widget(widget)
    reason = why_unbounded(declared)
    if reason is not None:
        return None, f"not precomputed: {reason}"
    size = widget_space(declared).size
    space, why = precompute_plan(declared, 0)
    return size, why if space is None else f"{size} inputs, not precomputed: over the budget of {MAX_BYTES:,} bytes"


def _cached_answers(widget: str, space: Space, cache: Path | None, sources: str) -> tuple[list[str], bool]:
    """The answers of one space, from the site's cache when the games and Rollwright are unchanged."""
    from rollwright import __version__

    key = hashlib.sha256(json.dumps([__version__, sources, widget, space.to_json()]).encode()).hexdigest()[:24]
    file = cache / f"{widget}.{key}.json" if cache is not None else None
    if file is not None and file.is_file():
        try:
            kept = json.loads(file.read_text(encoding="utf-8"))
            if isinstance(kept, list) and len(kept) == space.size and all(isinstance(a, str) for a in kept):
                return kept, True
        except (OSError, ValueError):
            pass  # a damaged entry is answered again, and written anew
    answers = answer_all(widget, space)
    if file is not None:
        file.parent.mkdir(parents=True, exist_ok=True)
        for old in file.parent.glob(f"{widget}.*.json"):
            if len(old.name) == len(file.name) and old != file and _space_of(old) == space.to_json():
                old.unlink()  # the same space answered by older rules
        file.write_text(json.dumps(answers), encoding="utf-8")
        (file.with_suffix(".space")).write_text(space.to_json(), encoding="utf-8")
    return answers, False


def _space_of(entry: Path) -> str | None:
    try:
        return entry.with_suffix(".space").read_text(encoding="utf-8")
    except OSError:
        return None


def write_answers(site_dir: Path, cache: Path | None = None, sources: str = "") -> list[Report]:
    """Answer every marked widget of the site in ``site_dir``, mark its pages, and report every widget.

    ``cache``: a folder keeping each space's answers between builds (``sources``: the fingerprint of the
    games' code; a change answers again)."""
    pages: dict[Path, str] = {}
    wanted: dict[tuple[str, str], None] = {}
    others: dict[str, None] = {}
    for page in sorted(site_dir.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        if 'data-rw-widget="' not in text:
            continue
        pages[page] = text
        for tag in _SECTION.findall(text):
            attrs = _attrs(tag)
            if "data-rw-widget" not in attrs:
                continue
            if "data-rw-space" in attrs:
                wanted[(attrs["data-rw-widget"], attrs["data-rw-space"])] = None
            else:
                others[attrs["data-rw-widget"]] = None
    folders: dict[tuple[str, str], str] = {}
    reports: list[Report] = []
    left = MAX_SITE_BYTES
    for widget, space_json in sorted(wanted, key=lambda key: _from_an_example(key[0])):  # stable: page order kept
        started = time.perf_counter()
        space = Space.from_json(space_json)
        answers, _ = _cached_answers(widget, space, cache, sources)
        size = sum(len(answer.encode()) for answer in answers)
        seconds = time.perf_counter() - started
        if size > MAX_BYTES:
            reports.append(Report(widget, space.size, False, size, seconds,
                                  f"{space.size} inputs, not precomputed: {size:,} bytes, over {MAX_BYTES:,}"))
            continue
        if size > left:
            reports.append(Report(widget, space.size, False, size, seconds,
                                  f"{space.size} inputs, not precomputed: the site's answers would pass "
                                  f"{MAX_SITE_BYTES:,} bytes"))
            continue
        left -= size
        folders[(widget, space_json)] = _write(site_dir, widget, space, answers)
        kind = "one change from a page's state" if space.base is not None else "every input"
        reports.append(Report(widget, space.size, True, size, seconds, f"{space.size} answers, precomputed ({kind})"))
    for widget in others:
        size_or_none, reason = _unbounded_reason(widget)
        reports.append(Report(widget, size_or_none, False, 0, 0.0, reason))
    for page, text in pages.items():
        marked = _SECTION.sub(lambda match: _mark(match.group(0), folders), text)
        if marked != text:
            page.write_text(marked, encoding="utf-8")
    return sorted(reports, key=lambda report: report.widget)


def _mark(tag: str, folders: dict[tuple[str, str], str]) -> str:
    attrs = _attrs(tag)
    folder = folders.get((attrs.get("data-rw-widget", ""), attrs.get("data-rw-space", "")))
    if folder is None or "data-rw-answers" in attrs:
        return tag
    return tag[:-1] + f' data-rw-answers="{html.escape(folder, quote=True)}">'


def summary(reports: list[Report]) -> str:
    """The build log's one line about answers at build time (see the module's example)."""
    done = [report for report in reports if report.precomputed]
    answers = sum(report.size or 0 for report in done)
    kilobytes = sum(report.bytes for report in done) / 1000
    line = (f"Rollwright: answers at build time for {len(done)} of {len(reports)} widgets "
            f"({answers:,} answers, {kilobytes:,.1f} KB)")
    rest = [report for report in reports if not report.precomputed]
    if rest:
        line += "; answered by Python: " + ", ".join(f"{report.widget} ({_short(report.reason)})" for report in rest)
    return line


def _short(reason: str) -> str:
    """``not precomputed: field 'x' takes free text`` -> ``free text``; the budget reasons as they are."""
    detail = reason.split("not precomputed: ", 1)[-1]
    return re.sub(r"^field '[^']*' (takes |is (a |an )?)?", "", detail)


def report_answers(site_dir: Path, cache: Path | None = None, sources: str = "") -> list[Report]:
    """:func:`write_answers`, then its summary line in the build log."""
    reports = write_answers(site_dir, cache, sources)
    if reports:
        log.info(summary(reports))
    return reports


def differing_answers(site_dir: Path) -> tuple[int, list[str]]:
    """Every answer file of the built site in ``site_dir`` against a live call now (this process's games):
    how many were compared, and the ones that differ (``folder/index.json``). The parity check of
    ``rollwright check`` and the tests."""
    compared, differ = 0, []
    for widget, folder, space_json in answer_folders(site_dir):
        space = Space.from_json(space_json)
        for index in range(space.size):
            kept = (site_dir / folder / f"{index}.json").read_text(encoding="utf-8")
            compared += 1
            if kept != answer_file(widget, space.params(index)):
                differ.append(f"{folder}{index}.json")
    return compared, differ


def answer_folders(site_dir: Path) -> list[tuple[str, str, str]]:
    """``(widget, folder, space)`` of every answer folder the built site's pages name, once each."""
    found: dict[str, tuple[str, str, str]] = {}
    for page in sorted(site_dir.rglob("*.html")):
        for tag in _SECTION.findall(page.read_text(encoding="utf-8")):
            attrs = _attrs(tag)
            folder = attrs.get("data-rw-answers")
            if folder and folder not in found and "data-rw-space" in attrs and "data-rw-widget" in attrs:
                found[folder] = (attrs["data-rw-widget"], folder, attrs["data-rw-space"])
    return list(found.values())
