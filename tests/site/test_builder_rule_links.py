"""Every builder's report links each problem to the rule it names: the link's section exists on the
built site and its heading is the rule (every word of the heading is in the rule's name).

The problems come from each system's blank character with one value at a time made wrong, so a
system's new checks are covered without this test naming any system.
"""

from __future__ import annotations

import copy
import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from rollwright.errors import ParameterError
from rollwright.kit.api import call
from rollwright.kit.characters import builder_systems

BAD_VALUES = (-999, 999, "", "x", True, None)


def leaves(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from leaves(value, (*path, key))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            yield from leaves(value, (*path, index))
    else:
        yield path


def with_value(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    out = copy.deepcopy(doc)
    target = out
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return out


def rule_links(system_id: str) -> dict[tuple[str, str], set[str]]:
    """(rule, href) -> the message codes that use it, over every one-value-wrong variant of a blank."""
    blank = call(f"{system_id}.character.new", {})["character"]
    found: dict[tuple[str, str], set[str]] = {}
    for path in leaves(blank):
        if path[0] in ("schema", "id", "version"):
            continue
        for bad in BAD_VALUES:
            try:
                messages = call(f"{system_id}.character.check", {"character": with_value(blank, path, bad)})["messages"]
            except ParameterError:
                continue
            for m in messages:
                found.setdefault((m["rule"], m["href"]), set()).add(m["code"])
    return found


def heading(site: Path, href: str) -> str | None:
    """The text of the heading ``href`` points to (the page's h1 when it has no anchor); None if missing."""
    path, _, anchor = href.partition("#")
    page = site / path / "index.html"
    if not page.is_file():
        return None
    text = page.read_text(encoding="utf-8")
    pattern = rf'<h(\d) id="{re.escape(anchor)}"[^>]*>(.*?)</h\1>' if anchor else r"<h(1)[^>]*>(.*?)</h1>"
    match = re.search(pattern, text, re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", match.group(2))).replace("¶", "").strip() if match else None


def test_every_report_link_goes_to_the_rule_it_names(site: Path) -> None:
    wrong = []
    for system in builder_systems():
        links = rule_links(system.id)
        assert links, f"{system.id}: no problem found at all"
        for (rule, href), codes in sorted(links.items()):
            title = heading(site, href)
            words = set(re.findall(r"[a-z]+", (title or "").lower()))
            if title is None or not words <= set(re.findall(r"[a-z]+", rule.lower())):
                wrong.append(f"{system.id} {sorted(codes)}: 'Rule: {rule}' links to {href}, whose heading is {title!r}")
    assert wrong == []
