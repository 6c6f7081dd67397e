"""Widgets and inline rolls as paper shows them.

A widget keeps its title and its build-time answer; its form becomes one line that says what was
asked (``Trait: 12; Difficulty: 14``). An inline roll keeps its words and gets a note number; the
note, right after its paragraph, holds the odds its tooltip showed, exactly.

>>> from rollwright.mkdocs.book.dom import parse
>>> root = parse('<form><label><span class="rw-field__label">Trait</span><input value="12"></label>'
...              '<label><span class="rw-field__label">Seed (optional)</span><input value=""></label>'
...              '<label><span class="rw-field__label">Edge</span><select><option value="a">Low</option>'
...              '<option value="b" selected>High</option></select></label>'
...              '<label><span class="rw-field__label">Exploding</span><input type="checkbox" checked></label>'
...              '<button>Roll</button></form>')
>>> print_forms(root)
>>> root.text()
'Trait: 12; Edge: High; Exploding: yes'
>>> root = parse('<p>Roll <span data-rw-chip="dice" data-rw-p="1/2"><button><span class="rw-visually-hidden">Roll '
...              '</span>d6 vs 4</button><span class="rw-chip__tip"><span class="rw-chip__line"><strong>d6</strong>'
...              '</span><span class="rw-chip__line">4 or more: 50%</span><span class="rw-chip__line rw-chip__touch">'
...              'Tap</span></span></span> now.</p>')
>>> print_chips(root, "s")
>>> root.html()  # doctest: +NORMALIZE_WHITESPACE
'<p>Roll <span data-rw-p="1/2" class="rw-print-chip" data-rw-print-chip="dice">d6 vs 4<sup class="rw-print-ref"><a
href="#s--odds-1" id="s--odds-ref-1">1</a></sup></span> now.</p><ol class="rw-print-odds"><li id="s--odds-1"
value="1"><strong>d6</strong>. 4 or more: 50%.</li></ol>'
"""

from __future__ import annotations

import re

from rollwright.mkdocs.book.dom import Element, Text, element

_OPTIONAL = re.compile(r"\s*\(optional\)\s*$", re.I)
_ANCHORS = frozenset({"p", "li", "dd", "dt", "h1", "h2", "h3", "h4", "h5", "h6", "caption", "figcaption", "table",
                      "blockquote", "pre"})
_WRAPPERS = ("md-typeset__table", "md-typeset__scrollwrap", "rw-scroll")


def _value(control: Element) -> str | None:
    """What a control holds as text (None: nothing worth printing)."""
    if control.tag == "select":
        options = control.find_all(lambda e: e.tag == "option")
        chosen = next((o for o in options if "selected" in o.attrs), options[0] if options else None)
        return " ".join(chosen.text().split()) if chosen is not None else None
    if control.tag == "textarea":
        return control.text().strip() or None
    kind = (control.attrs.get("type") or "text").lower()
    if kind in ("hidden", "submit", "button", "reset", "file", "image"):
        return None
    if kind in ("checkbox", "radio"):
        return "yes" if "checked" in control.attrs else "no"
    return (control.attrs.get("value") or "").strip() or None


def _inputs(form: Element) -> list[tuple[str, str]]:
    """Each field of a form that counts as it stands: (label, value)."""
    found = []
    for label in form.find_all(lambda e: e.tag == "label"):
        control = label.find(lambda e: e.tag in ("input", "select", "textarea"))
        if control is None or "disabled" in control.attrs:
            continue  # a field that does not count for the other fields' values
        value = _value(control)
        if value is None:
            continue
        name = label.find(lambda e: e.has_class("rw-field__label"))
        text = (name.text() if name is not None else label.text(lambda e: e.tag in ("select", "textarea")))
        found.append((_OPTIONAL.sub("", " ".join(text.split())), value))
    return found


def print_forms(root: Element) -> None:
    """Every form as a line of its values; live status lines out; each widget marked as printed
    (``data-rw-print-widget``, no other ``data-rw-*`` of the live one's: no runtime takes it for a live one)."""
    for form in root.find_all(lambda e: e.tag == "form"):
        inputs = _inputs(form)
        if not inputs:
            form.remove()
            continue
        line = element("p", {"class": "rw-print-inputs"})
        for index, (label, value) in enumerate(inputs):
            if index:
                line.append(Text("; "))
            line.append(element("span", {"class": "rw-print-input"}, f"{label}: ", element("strong", None, value)))
        form.replace_with(line)
    for status in root.find_all(lambda e: "data-rw-status" in e.attrs):
        status.remove()
    for widget in root.find_all(lambda e: "data-rw-widget" in e.attrs):
        name = widget.attrs.pop("data-rw-widget")
        for attribute in [a for a in widget.attrs if a.startswith("data-rw-")]:  # nothing for a runtime to pick up
            widget.attrs.pop(attribute)
        widget.attrs["data-rw-print-widget"] = name


def print_exact_values(root: Element) -> None:
    """A long exact value the page keeps behind a button (``rw-exact-more``) stays off paper, as it stays out
    of sight on screen: a chance keeps its percentage; a cell of an *Exact* column says how long the fraction
    is. Paper never prints a number longer than the screen shows (two pages of 200-digit fractions).

    >>> from rollwright.mkdocs.book.dom import parse
    >>> root = parse('<p>43.1%<span class="rw-exact-more"> <button>exact<span> fraction, 9 digits</span></button>'
    ...              '<span class="rw-exact-more__value" hidden>exactly 2484/5760</span></span></p>')
    >>> print_exact_values(root)
    >>> root.html()
    '<p>43.1%</p>'
    >>> root = parse('<td><span class="rw-exact-more"> <button>exact</button>'
    ...              '<span class="rw-exact-more__value" hidden>123456/7890123</span></span></td>')
    >>> print_exact_values(root)
    >>> root.html()
    '<td><span class="rw-exact rw-print-exact">13 digits: on the site</span></td>'
    """
    for more in root.find_all(lambda e: e.has_class("rw-exact-more")):
        value = more.find(lambda e: e.has_class("rw-exact-more__value"))
        said = " ".join(value.text().split()) if value is not None else ""
        if not said or said.startswith("exactly"):
            more.remove()
            continue
        digits = sum(c.isdigit() for c in said)
        more.replace_with(element("span", {"class": "rw-exact rw-print-exact"}, f"{digits} digits: on the site"))


def _note_place(chip: Element) -> tuple[Element, bool]:
    """Where a chip's note goes: (element, inside it at the end) or (element, after it)."""
    anchor = next((a for a in chip.ancestors() if a.tag in _ANCHORS), None)
    if anchor is None:
        top = chip
        while top.parent is not None and top.parent.parent is not None:
            top = top.parent
        return top, False
    if anchor.tag == "table":
        while anchor.parent is not None and any(anchor.parent.has_class(c) for c in _WRAPPERS):
            anchor = anchor.parent
    return anchor, anchor.tag in ("li", "dd")


def _note(tip: Element | None) -> list[Text | Element]:
    """A tooltip's lines as one paragraph of sentences."""
    out: list[Text | Element] = []
    lines = tip.find_all(lambda e: e.has_class("rw-chip__line") and not e.has_class("rw-chip__touch")) if tip else []
    for line in lines:
        if out:
            out.append(Text(" "))
        out.extend(line.children)
        if not re.search(r"[.!?:;]\s*$", line.text()):
            out.append(Text("."))
    return out


def print_chips(root: Element, prefix: str) -> None:
    """Every inline roll (``data-rw-chip``) as its words, a note number, and its odds in a note nearby."""
    lists: dict[int, Element] = {}
    for number, chip in enumerate(root.find_all(lambda e: "data-rw-chip" in e.attrs), start=1):
        button = chip.find(lambda e: e.tag == "button")
        label = " ".join((button or chip).text(lambda e: e.has_class("rw-visually-hidden")
                                                or e.has_class("rw-chip__tip")).split())
        tip = chip.find(lambda e: e.has_class("rw-chip__tip") or e.attrs.get("role") == "tooltip")
        note_id = f"{prefix}--odds-{number}"
        attributes = {k: v for k, v in chip.attrs.items() if k == "data-rw-p"}  # its exact chance stays
        printed = element("span", {**attributes, "class": "rw-print-chip", "data-rw-print-chip": chip.attrs["data-rw-chip"]},
                          label, element("sup", {"class": "rw-print-ref"},
                                         element("a", {"href": f"#{note_id}", "id": f"{prefix}--odds-ref-{number}"},
                                                 str(number))))
        place, inside = _note_place(chip)
        chip.replace_with(printed)
        place = printed if place is chip else place
        notes = lists.get(id(place))
        if notes is None:
            notes = element("ol", {"class": "rw-print-odds"})
            lists[id(place)] = notes
            if inside:
                place.append(notes)
            else:
                place.insert_after(notes)
        notes.append(Element("li", {"id": note_id, "value": str(number)}, _note(tip)))
