"""Reading inline-roll chips out of built HTML (shared by every game's chip tests)."""

from __future__ import annotations

from html.parser import HTMLParser


class ChipReader(HTMLParser):
    """Every ``[data-rw-chip]``: its attributes, button text and tooltip text."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.chips: list[dict] = []
        self._open: list[str | None] = []  # per open span/button: which part of a chip it is

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        part = None
        if "data-rw-chip" in values:
            self.chips.append({"attrs": values, "button": "", "tip": "", "tip_attrs": {}, "button_attrs": {}})
            part = "chip"
        elif self.chips and tag == "button" and "rw-chip__button" in (values.get("class") or ""):
            self.chips[-1]["button_attrs"] = values
            part = "button"
        elif self.chips and values.get("role") == "tooltip":
            self.chips[-1]["tip_attrs"] = values
            part = "tip"
        elif self.chips and "data-rw-chip-result" in values:
            self.chips[-1]["result_attrs"] = values
        if tag in ("span", "button", "strong"):
            self._open.append(part)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("span", "button", "strong") and self._open:
            self._open.pop()

    def handle_data(self, data: str) -> None:
        inside = [p for p in self._open if p in ("button", "tip")]
        if inside and self.chips:
            self.chips[-1][inside[-1]] += data


def read_chips(html: str) -> list[dict]:
    reader = ChipReader()
    reader.feed(html)
    return reader.chips

