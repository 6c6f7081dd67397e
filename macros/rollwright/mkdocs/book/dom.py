"""A small HTML tree for reworking a page MkDocs already rendered: parse, find, move, write back.

The standard library's parser builds it (no dependency); what is left alone is written back as it
came, text escaped again, so a page's HTML survives the round trip.

>>> root = parse('<p class="a b">3 &lt; 4 <b>bold</b><br>x</p><svg viewBox="0 0 1 1"><path d="M0"/></svg>')
>>> [e.tag for e in root.iter()]
['p', 'b', 'br', 'svg', 'path']
>>> p = root.find(lambda e: e.has_class("b"))
>>> p.text(), p.attrs["class"]
('3 < 4 boldx', 'a b')
>>> p.find(lambda e: e.tag == "b").unwrap()
>>> root.html()
'<p class="a b">3 &lt; 4 bold<br>x</p><svg viewbox="0 0 1 1"><path d="M0"/></svg>'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from html import escape
from html.parser import HTMLParser

VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track",
                  "wbr"})
RAW = frozenset({"script", "style"})


class Text:
    """Text as the reader sees it (``raw``: a script's or style's source, or a comment, written as is)."""

    __slots__ = ("value", "raw", "parent")

    def __init__(self, value: str, raw: bool = False) -> None:
        self.value, self.raw = value, raw
        self.parent: Element | None = None

    def html(self) -> str:
        return self.value if self.raw else escape(self.value, quote=False)


class Element:
    """One element: ``tag``, ``attrs`` (a value of None is a bare attribute) and ``children``."""

    __slots__ = ("tag", "attrs", "children", "parent", "closed")

    def __init__(self, tag: str, attrs: dict[str, str | None] | None = None,
                 children: list[Text | Element] | None = None) -> None:
        self.tag = tag
        self.attrs: dict[str, str | None] = dict(attrs or {})
        self.children: list[Text | Element] = []
        self.parent: Element | None = None
        self.closed = False  # written <x/> (SVG)
        for child in children or []:
            self.append(child)

    # -- reading ------------------------------------------------------------------------------------
    def classes(self) -> list[str]:
        return (self.attrs.get("class") or "").split()

    def has_class(self, name: str) -> bool:
        return name in self.classes()

    def iter(self) -> Iterator[Element]:
        """Every element below this one, in document order (a snapshot: safe to change as you go)."""
        found: list[Element] = []
        stack = [c for c in reversed(self.children) if isinstance(c, Element)]
        while stack:
            element = stack.pop()
            found.append(element)
            stack.extend(c for c in reversed(element.children) if isinstance(c, Element))
        return iter(found)

    def find_all(self, test: Callable[[Element], bool]) -> list[Element]:
        return [e for e in self.iter() if test(e)]

    def find(self, test: Callable[[Element], bool]) -> Element | None:
        return next((e for e in self.iter() if test(e)), None)

    def ancestors(self) -> Iterator[Element]:
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    def text(self, skip: Callable[[Element], bool] | None = None) -> str:
        """The text inside, without the elements ``skip`` names (and without scripts)."""
        out: list[str] = []
        for child in self.children:
            if isinstance(child, Text):
                out.append("" if child.raw else child.value)
            elif child.tag not in RAW and not (skip and skip(child)):
                out.append(child.text(skip))
        return "".join(out)

    # -- changing -----------------------------------------------------------------------------------
    def append(self, child: Text | Element) -> None:
        child.parent = self
        self.children.append(child)

    def _index(self) -> int:
        assert self.parent is not None, "the root has no place"
        return next(i for i, c in enumerate(self.parent.children) if c is self)

    def replace_with(self, *nodes: Text | Element) -> None:
        parent, index = self.parent, self._index()
        assert parent is not None
        for node in nodes:
            node.parent = parent
        parent.children[index:index + 1] = list(nodes)
        self.parent = None

    def remove(self) -> None:
        self.replace_with()

    def unwrap(self) -> None:
        """Put this element's children in its place."""
        self.replace_with(*self.children)

    def insert_after(self, node: Text | Element) -> None:
        parent, index = self.parent, self._index()
        assert parent is not None
        node.parent = parent
        parent.children.insert(index + 1, node)

    # -- writing ------------------------------------------------------------------------------------
    def inner_html(self) -> str:
        return "".join(c.html() for c in self.children)

    def html(self) -> str:
        if self.tag == "":
            return self.inner_html()
        attributes = "".join(f" {name}" if value is None else f' {name}="{escape(value, quote=True)}"'
                             for name, value in self.attrs.items())
        if self.closed:
            return f"<{self.tag}{attributes}/>"
        if self.tag in VOID:
            return f"<{self.tag}{attributes}>"
        return f"<{self.tag}{attributes}>{self.inner_html()}</{self.tag}>"


def element(tag: str, attrs: dict[str, str | None] | None = None, *children: Text | Element | str) -> Element:
    """A new element; plain strings become text.

    >>> element("p", {"class": "x"}, "a < b", element("br")).html()
    '<p class="x">a &lt; b<br></p>'
    """
    return Element(tag, attrs, [Text(c) if isinstance(c, str) else c for c in children])


class _Builder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Element("")
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Element(tag, dict(attrs))
        self.stack[-1].append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Element(tag, dict(attrs))
        node.closed = tag not in VOID
        self.stack[-1].append(node)

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return  # an end tag with no open element is dropped, as a browser does

    def handle_data(self, data: str) -> None:
        self.stack[-1].append(Text(data, raw=self.stack[-1].tag in RAW))

    def handle_comment(self, data: str) -> None:
        self.stack[-1].append(Text(f"<!--{data}-->", raw=True))


def parse(html: str) -> Element:
    """A fragment of HTML as a tree under a nameless root element (written back without a tag)."""
    builder = _Builder()
    builder.feed(html)
    builder.close()
    return builder.root
