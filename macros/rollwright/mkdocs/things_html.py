"""A game's things on its pages: each kind's list (sorted and filtered in the browser without Python), each
entry's card with its own anchor, and an inline link to an entry with a preview.

Every text a designer wrote is escaped here; the list's toolbar is hidden until ``things.js`` runs (with
JavaScript off the list is a plain table, the cards still have their addresses).

>>> from rollwright.things.model import Entry, FieldSpec, Kind
>>> kind = Kind("swords", "Swords", "sword", fields=(FieldSpec("damage", "Damage", "number", unit="d"),),
...             entries=(Entry("sabre", "Sabre <b>", (("damage", 3),)),))
>>> html = list_html("demo", kind, ())
>>> 'data-rw-things="demo/swords"' in html, "Sabre &lt;b&gt;" in html, 'data-v="3"' in html
(True, True, True)
>>> shown(kind.fields[0], 3), shown(kind.fields[0], None)
('3 d', '—')
"""

from __future__ import annotations

import posixpath
import re
from html import escape
from collections.abc import Iterable

from rollwright.things.errata import anchor
from rollwright.things.model import Entry, FieldSpec, Kind, Measure, Value

FILTERED = ("choice", "list", "link")
"""Field types the list filters with a menu of their values (numbers get a comparison; text the search)."""
_MARKDOWN = re.compile(r"([\\`*_{}\[\]()#+!|])")




def shown(spec: FieldSpec, value: Value, names: dict[str, str] | None = None) -> str:
    """A value as a reader sees it (plain text; escape it before it goes into HTML)."""
    if value is None or value == ():
        return "—"
    if isinstance(value, Measure):
        return value.text
    if isinstance(value, tuple):
        return ", ".join(value)
    if spec.type == "link" and names is not None:
        return names.get(str(value), str(value))
    text = str(value)
    return f"{text} {spec.unit}" if spec.unit else text


def _sort_value(spec: FieldSpec, value: Value, names: dict[str, str]) -> str:
    if isinstance(value, Measure):
        return repr(float(value.value))
    if spec.type in ("number", "measure"):
        return "" if value is None else str(value)
    return shown(spec, value, names).lower() if value not in (None, ()) else ""


def _names(kinds: Iterable[Kind], spec: FieldSpec) -> dict[str, str]:
    target = next((k for k in kinds if k.id == spec.to), None)
    return {} if target is None else {e.id: e.name for e in target.entries}


def _values(kind: Kind, spec: FieldSpec, names: dict[str, str]) -> list[str]:
    if spec.type == "choice" or (spec.type == "list" and spec.choices):
        return list(spec.choices)
    found: dict[str, None] = {}
    for entry in kind.entries:
        value = entry.get(spec.key)
        for item in (value if isinstance(value, tuple) else (value,)):
            if item is not None:
                found[shown(spec, item, names)] = None
    return sorted(found)


def _toolbar(game: str, kind: Kind, link_names: dict[str, dict[str, str]]) -> str:
    title = escape(kind.title)
    parts = [f'<div class="rw-things__tools" hidden>',
             f'<label class="rw-things__search">Search by name <input type="search" data-rw-search '
             f'autocomplete="off" aria-label="Search {title} by name"></label>']
    for spec in kind.fields:
        if spec.type not in FILTERED or not spec.in_list:
            continue
        options = "".join(f'<option value="{escape(v.lower())}">{escape(v)}</option>'
                          for v in _values(kind, spec, link_names.get(spec.key, {})))
        match = "has" if spec.type == "list" else "is"
        parts.append(f'<label>{escape(spec.label)} <select data-rw-filter="{spec.key}" data-rw-match="{match}">'
                     f'<option value="">any</option>{options}</select></label>')
    numbers = [spec for spec in kind.fields if spec.type == "number" and spec.in_list]  # a measure is not typed in
    if numbers:
        options = "".join(f'<option value="{spec.key}">{escape(spec.label)}</option>' for spec in numbers)
        parts.append(f'<span class="rw-things__number" role="group" aria-label="Compare a number">'
                     f'<select data-rw-number-field aria-label="Number">{options}</select>'
                     f'<select data-rw-number-op aria-label="Comparison"><option value="ge">at least</option>'
                     f'<option value="le">at most</option><option value="eq">exactly</option></select>'
                     f'<input type="number" data-rw-number-value inputmode="numeric" aria-label="Value"></span>')
    parts.append(f'<button type="button" data-rw-reset>Show all</button>'
                 f'<p class="rw-things__count" data-rw-count aria-live="polite"></p></div>')
    return "".join(parts)


def list_html(game: str, kind: Kind, kinds: Iterable[Kind]) -> str:
    """The kind's list: a toolbar (hidden until the script runs) and a table, one row per entry."""
    kinds = tuple(kinds)
    link_names = {spec.key: _names(kinds, spec) for spec in kind.fields if spec.type == "link"}
    head = ['<th scope="col" data-rw-col="name" aria-sort="none"><button type="button" data-rw-sort="name">'
            'Name</button></th>']
    listed = [spec for spec in kind.fields if spec.in_list]
    for spec in listed:
        title = f' title="{escape(spec.help)}"' if spec.help else ""
        numeric = "number" if spec.sortable_as_number else spec.type
        head.append(f'<th scope="col" data-rw-col="{spec.key}" data-rw-type="{numeric}" aria-sort="none"{title}>'
                    f'<button type="button" data-rw-sort="{spec.key}">{escape(spec.label)}</button></th>')
    rows = []
    for entry in kind.entries:
        cells = [f'<th scope="row" data-v="{escape(entry.name.lower())}"><a href="#{anchor(kind, entry)}">'
                 f'{escape(entry.name)}</a></th>']
        for spec in listed:
            value = entry.get(spec.key)
            names = link_names.get(spec.key, {})
            text = escape(shown(spec, value, names))
            if spec.type == "link" and spec.to != "page" and value is not None:
                text = f'<a href="#{anchor(str(spec.to), str(value))}">{text}</a>'
            marked = _errata(spec, entry, text)
            cells.append(f'<td data-rw-col="{spec.key}" data-v="{escape(_sort_value(spec, value, names))}"'
                         f'{marked[0]}>{marked[1]}</td>')
        rows.append(f'<tr data-rw-entry="{entry.id}">{"".join(cells)}</tr>')
    caption = f'<caption>{escape(kind.title)}: {len(kind.entries)} entries</caption>'
    return (f'<div class="rw-things" data-rw-things="{game}/{kind.id}">{_toolbar(game, kind, link_names)}'
            f'<div class="rw-things__scroll"><table class="rw-things__table">{caption}<thead><tr>{"".join(head)}'
            f'</tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
            f'<button type="button" class="rw-things__more" data-rw-more hidden>Show more</button>'
            f'<p class="rw-things__none" data-rw-none hidden>No entry matches.</p></div>')


def _errata(spec: FieldSpec, entry: Entry, text: str) -> tuple[str, str]:
    """A cell's attributes and content: the rule's value as it is, or, where the print contradicts the rule,
    marked with both values (``printed X, by the rule Y``).

    >>> spec = FieldSpec("total", "Total", "number")
    >>> _errata(spec, Entry("a", "A", (("total", 4),), printed=(("total", 5),)), "4")
    (' class="rw-errata" data-rw-printed="5" title="Errata: printed 5, by the rule 4"', '<span class="rw-errata__mark">printed 5, by the rule</span> 4')
    >>> _errata(spec, Entry("b", "B", (("total", 4),)), "4")
    ('', '4')
    """
    if not entry.contradicts(spec.key):
        return "", text
    printed = escape(shown(spec, entry.printed_value(spec.key)))
    return (f' class="rw-errata" data-rw-printed="{printed}" title="Errata: printed {printed}, by the rule {text}"',
            f'<span class="rw-errata__mark">printed {printed}, by the rule</span> {text}')


def markdown_text(text: str) -> str:
    """Text that Markdown shows as written (a designer's name in a heading): never markup, never emphasis.

    >>> markdown_text("<b>Sword</b> *of* [doom]")
    '&lt;b&gt;Sword&lt;/b&gt; \\\\*of\\\\* \\\\[doom\\\\]'
    """
    return _MARKDOWN.sub(r"\\\1", escape(text, quote=False))


def card_body(kind: Kind, entry: Entry, kinds: Iterable[Kind]) -> str:
    """An entry's fields as a definition list (its heading is written apart, in Markdown, for the contents)."""
    kinds = tuple(kinds)
    items = []
    for spec in kind.fields:
        value = entry.get(spec.key)
        names = _names(kinds, spec) if spec.type == "link" else {}
        text = escape(shown(spec, value, names))
        if spec.type == "link" and spec.to != "page" and value is not None:
            text = f'<a href="#{anchor(str(spec.to), str(value))}">{text}</a>'
        marked = _errata(spec, entry, text)
        items.append(f"<div><dt>{escape(spec.label)}</dt><dd{marked[0]}>{marked[1]}</dd></div>")
    return (f'<dl class="rw-card__fields" data-rw-card="{kind.id}/{entry.id}">{"".join(items)}</dl>')


def cards_markdown(kind: Kind, kinds: Iterable[Kind], level: int = 3, use: tuple[str, str] | None = None) -> str:
    """Every entry of the kind as a card: a Markdown heading with the entry's anchor, then its fields.

    ``use``: ``(link target before the query, url key)`` of the kind's live widget; each card then links to it,
    preset with the entry (``page.md?<key>.<param>=<id>#anchor``).
    """
    kinds = tuple(kinds)
    blocks = []
    for entry in kind.entries:
        try_it = ""
        if use is not None and kind.use is not None:
            page, _, fragment = use[0].partition("#")
            target = f"{page}?{use[1]}.{kind.use.param}={entry.id}" + (f"#{fragment}" if fragment else "")
            try_it = f'\n\n[{markdown_text(kind.use.label)}]({target}){{.rw-card__use}}'
        blocks.append(f'<div class="rw-card" markdown="1">\n\n{"#" * level} {markdown_text(entry.name)} '
                      f'{{#{anchor(kind, entry)} .rw-card__name}}\n\n<p class="rw-card__kind">{escape(kind.singular)}'
                      f'</p>\n\n{card_body(kind, entry, kinds)}{try_it}\n\n</div>')
    return '<div class="rw-cards" markdown="1">\n\n' + "\n\n".join(blocks) + "\n\n</div>"


def preview_text(kind: Kind, entry: Entry, kinds: Iterable[Kind]) -> str:
    """The preview of an entry link: its kind, then each filled field, as inline HTML (escaped)."""
    kinds = tuple(kinds)
    parts = [f'<span class="rw-entry__title">{escape(entry.name)}</span> <span class="rw-entry__kind">'
             f'{escape(kind.singular)}</span>']
    for spec in kind.fields:
        value = entry.get(spec.key)
        if value is None or value == ():
            continue
        names = _names(kinds, spec) if spec.type == "link" else {}
        parts.append(f'<span class="rw-entry__field"><span class="rw-entry__label">{escape(spec.label)}</span> '
                     f'{escape(shown(spec, value, names))}</span>')
    return "".join(parts)


def relative_link(target_page: str, current_page: str) -> str:
    """A Markdown link target from ``current_page`` to ``target_page`` (both paths under docs/).

    >>> relative_link("pips/compendium.md", "pips/combat.md"), relative_link("pips/compendium.md", "index.md")
    ('compendium.md', 'pips/compendium.md')
    """
    return posixpath.relpath(target_page, posixpath.dirname(current_page) or ".")
