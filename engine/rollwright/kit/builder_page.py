"""The character builder page's shell, the same for every system: the builder script fills it.

A system's builder page is its own prose plus ``{{ character_builder("<id>") }}``.
The shell holds the status line, the roster and its tools (new, duplicate,
delete, export, share, print, import), the editor, report and sheet regions and
the delete confirmation; ``site-overrides/assets/rollwright/builder/builder.js``
finds each part by its ``data-rw-*`` attribute and renders the rest through the
system's builder contract (:mod:`rollwright.kit.characters`).

>>> from rollwright.kit.characters import builder_systems
>>> from rollwright.kit.system import System
>>> system = builder_systems()[0]
>>> html = builder_shell(system, without_js="See the rules page.")
>>> f'data-rw-builder="{system.id}"' in html and "See the rules page." in html
True
>>> 'data-rw-editor-region data-rw-html="' in html  # the editor's first render, made here
True
>>> builder_shell(System("demo", "Demo", "", "", "demo", ()), without_js="")
Traceback (most recent call last):
...
rollwright.errors.ParameterError: demo has no character builder: its SYSTEM declares no character_schema
>>> builder_shell(System("flip", "Flip", "", "", "flip", (), declared_in="flip/game.toml"), without_js="")
Traceback (most recent call last):
...
rollwright.errors.ParameterError: flip has no character builder: flip/game.toml declares no [character] table; add one to make characters
"""

from __future__ import annotations

import json

from rollwright.errors import ParameterError
from rollwright.kit import limits
from rollwright.kit.markup import Html, el
from rollwright.kit.system import System

BUILDER_TITLE = "Character builder"
"""What every game calls its builder page: in its declaration, the navigation, its heading and the home page."""

TOOLS = (("new", "New"), ("duplicate", "Duplicate"), ("delete", "Delete…"), ("export", "Export file"),
         ("share", "Share link"), ("print", "Print sheet"))
"""The roster's buttons: (command, label); builder.js runs the command of the button pressed."""


def _heading(region: str, text: str) -> Html:
    """A region's heading: an h2 under the page's h1, so the report's and sheet's h3s follow in order."""
    return el("h2", {"class": "rw-builder__heading", "id": f"rw-builder-{region}-title"}, text)


def _roster(examples: Html | None = None) -> Html:
    buttons = [el("button", {"type": "button", "class": "md-button", "id": f"rw-builder-{command}",
                             "data-rw-do": command}, label) for command, label in TOOLS]
    importer = el("label", {"class": "rw-field rw-builder__import", "for": "rw-builder-import"},
                  el("span", {"class": "rw-field__label"}, "Import a character file (.json)"),
                  el("input", {"type": "file", "id": "rw-builder-import", "data-rw-import": True,
                               "accept": ".json,application/json"}))
    save_shared = el("button", {"type": "button", "class": "md-button md-button--primary",
                                "id": "rw-builder-save-shared", "data-rw-do": "save-shared"}, "Save to my characters")
    return el("section", {"class": "rw-builder__roster", "aria-labelledby": "rw-builder-roster-title"},
              _heading("roster", "Your characters"),
              el("div", {"data-rw-roster": True, "inert": True, "aria-busy": "true"}, _first_roster()),
              el("fieldset", {"class": "rw-builder__tools", "data-rw-tools": True, "disabled": True},
                 el("legend", {"class": "rw-visually-hidden"}, "Character actions"), buttons, importer, examples),
              el("p", {"class": "rw-builder__shared", "data-rw-shared": True, "hidden": True},
                 "This character came from a share link and is not saved yet. ", save_shared),
              el("label", {"class": "rw-field rw-builder__share", "data-rw-share-box": True, "hidden": True,
                           "for": "rw-builder-share-link"},
                 el("span", {"class": "rw-field__label"}, "Share link (copy it)"),
                 el("input", {"type": "text", "id": "rw-builder-share-link", "data-rw-share-link": True,
                              "readonly": True})))


def _first_roster() -> Html:
    """The roster before the store is read: neutral words, never a new character's "(not saved)" entry.

    A returning player's characters are only known once the browser's store is read, so the first paint
    says the list is loading (without JavaScript the whole layout is hidden and the status says why).

    >>> html = _first_roster()
    >>> "Loading your characters" in html and "not saved" not in html and "Unnamed" not in html
    True
    """
    return el("p", {"class": "rw-roster__loading"}, "Loading your characters…")


def _confirm() -> Html:
    def choice(value: str, label: str, primary: bool) -> Html:
        return el("button", {"type": "submit", "class": "md-button md-button--primary" if primary else "md-button",
                             "value": value, "id": f"rw-builder-confirm-{value}", "autofocus": not primary}, label)

    return el("dialog", {"class": "rw-builder__confirm", "data-rw-confirm": True,
                         "aria-labelledby": "rw-builder-confirm-text"},
              el("form", {"method": "dialog"},
                 el("p", {"id": "rw-builder-confirm-text", "data-rw-confirm-text": True}, "Delete this character?"),
                 choice("delete", "Delete", True), choice("cancel", "Keep it", False)))


def _merge_dialog() -> Html:
    """Asked when this tab and another changed the same field of the open character."""
    def choice(value: str, label: str, primary: bool) -> Html:
        return el("button", {"type": "submit", "class": "md-button md-button--primary" if primary else "md-button",
                             "value": value, "id": f"rw-builder-merge-{value}"}, label)

    return el("dialog", {"class": "rw-builder__confirm", "data-rw-merge": True,
                         "aria-labelledby": "rw-builder-merge-text"},
              el("form", {"method": "dialog"},
                 el("p", {"id": "rw-builder-merge-text", "data-rw-merge-text": True},
                    "This character was changed in another tab too."),
                 choice("mine", "Keep this tab's", True), choice("theirs", "Take the other tab's", False)))


def document_limits(system: System) -> dict[str, object]:
    """What a saved, imported or shared character may hold, checked in the browser before parsing.

    The engine's input limits (:mod:`rollwright.kit.limits`; nesting one less, since a document travels
    inside a call's parameters) and the system's editor limits.

    >>> document_limits(System("demo", "Demo", "", "", "demo", (), character_limits={"skills": 30}))["lists"]
    {'skills': 30}
    """
    return {"text": limits.MAX_TEXT, "nesting": limits.MAX_NESTING - 1, "entries": limits.MAX_ENTRIES,
            "values": limits.MAX_VALUES, "string": limits.MAX_STRING, "lists": dict(system.character_limits)}


def _examples(system: System) -> Html | None:
    """Buttons that open the system's ready-made example characters, with their documents as data.

    Optional: a system offers them by registering ``<id>.character.examples`` (no parameter),
    returning ``{"examples": [document, ...]}``.
    """
    from rollwright.kit.registry import REGISTRY, call

    name = f"{system.id}.character.examples"
    if name not in REGISTRY:
        return None
    docs = call(name, {})["examples"]
    if not docs:
        return None
    buttons = [el("button", {"type": "button", "class": "md-button rw-builder__example", "data-rw-do": "example",
                             "data-rw-example": index}, str(doc.get("name") or f"Example {index + 1}"))
               for index, doc in enumerate(docs)]
    data = json.dumps(docs, ensure_ascii=False).replace("<", "\\u003c")
    return el("div", {"class": "rw-builder__examples"},
              el("p", {"class": "rw-builder__examples-text"},
                 "New here? Open a ready-made example as a character of your own, then change anything:"),
              buttons, el("script", {"type": "application/json", "data-rw-examples": True}, Html(data)))


def html_key(html: str) -> str:
    """A short key of an HTML string: its length and 32-bit FNV-1a hash over its UTF-16 code units.

    builder-parts.js computes the same key of every engine answer and leaves a region alone when the
    answer is the HTML it already shows (the page's first render, made here at build time, included).

    >>> html_key(""), html_key("<p>é</p>")
    ('0:811c9dc5', '8:dff4c5eb')
    """
    units = html.encode("utf-16-le")
    value = 0x811C9DC5
    for index in range(0, len(units), 2):
        value = ((value ^ (units[index] | units[index + 1] << 8)) * 0x01000193) & 0xFFFFFFFF
    return f"{len(units) // 2}:{value:08x}"


def first_render(system: System) -> dict[str, str]:
    """The editor, report and sheet of a new character, as builder.js shows them for a first visit.

    On the page from the start, the builder is laid out before Python is up: nothing moves or
    re-renders when it is, unless the reader's own saved character is another one.
    """
    from rollwright.kit.api import call  # every system's calls registered

    document = call(f"{system.id}.character.new", {})["character"]
    editor = call(f"{system.id}.character.editor", {"character": document, "action": "render", "path": "",
                                                    "value": ""})
    checked = call(f"{system.id}.character.check", {"character": document})
    return {"editor": editor["html"], "report": checked["html"]["report"], "sheet": checked["html"]["sheet"]}


def _region(attribute: str, html: str, tag: str = "div", **attributes: str) -> Html:
    """A region builder.js renders into, holding its first render (inert until the builder is live)."""
    return el(tag, {**attributes, attribute: True, "data-rw-html": html_key(html), "inert": True}, Html(html))


def builder_shell(system: System, *, without_js: str) -> Html:
    """The builder's static shell for ``system``; ``without_js`` is what its status says with JavaScript off."""
    if system.character_schema is None:
        raise ParameterError(f"{system.id} has no character builder: {system.declared_in} declares no [character] "
                             "table; add one to make characters" if system.declared_in else
                             f"{system.id} has no character builder: its SYSTEM declares no character_schema",
                             field="system")
    status = el("p", {"class": "rw-status", "id": "rw-builder-status", "data-rw-status": True, "role": "status",
                      "aria-live": "polite"},
                el("span", {"class": "rw-without-js"},
                   f"The character builder needs JavaScript, which is off or blocked in this browser: it checks "
                   f"your character against the rules as you type and keeps it in this browser. Turn JavaScript "
                   f"on and reload this page; {without_js}"),
                el("span", {"class": "rw-with-js"}, "Starting Python…"))
    notice = el("p", {"class": "rw-builder__notice", "id": "rw-builder-notice", "data-rw-notice": True,
                      "role": "alert", "hidden": True})
    first = first_render(system)
    layout = el("div", {"class": "rw-builder__layout"}, _roster(_examples(system)),
                _region("data-rw-editor-region", first["editor"], "section", **{
                    "class": "rw-builder__editor", "aria-label": "Character editor"}),
                el("section", {"class": "rw-builder__report", "aria-labelledby": "rw-builder-report-title"},
                   _heading("report", "Points and checks"), _region("data-rw-report-region", first["report"])))
    sheet = el("section", {"class": "rw-builder__sheet", "aria-labelledby": "rw-builder-sheet-title"},
               _heading("sheet", "Character sheet"), _region("data-rw-sheet-region", first["sheet"]))
    return el("div", {"class": "rw-builder", "id": "rw-builder", "data-rw-builder": system.id,
                      "data-rw-limits": json.dumps(document_limits(system), separators=(",", ":")),
                      "data-rw-state": "static"}, status, notice, layout, sheet, _confirm(), _merge_dialog())
