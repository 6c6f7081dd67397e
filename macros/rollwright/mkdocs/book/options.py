"""The ``book:`` options of a site's ``rollwright:`` key, checked without MkDocs.

>>> BookOptions.from_mapping({"pdf": True})
BookOptions(print=True, pdf=True, chromium=None)
>>> BookOptions.from_mapping(None)
BookOptions(print=True, pdf=False, chromium=None)
>>> BookOptions.from_mapping({"pdf": "yes"})  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
rollwright.mkdocs.book.options.BookError: mkdocs.yml: plugins: rollwright: book: pdf must be true or false,
not 'yes' (write pdf: true or pdf: false)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rollwright.errors import RollwrightError

WHERE = "mkdocs.yml: plugins: rollwright: book"


class BookError(RollwrightError):
    """The print editions cannot be made as asked; the message names the setting or page and the fix."""

    kind = "book"


@dataclass(frozen=True)
class BookOptions:
    """``print`` (the print editions, default on), ``pdf`` (print each to a PDF with Chromium, default off;
    ``rollwright pdf`` turns it on) and ``chromium`` (the path of the Chromium to print with)."""

    print: bool = True
    pdf: bool = False
    chromium: str | None = None

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | None, where: str = WHERE) -> BookOptions:
        """The options as a site's configuration gives them (None or empty: the defaults).

        >>> BookOptions.from_mapping({"chromium": 3}, "book")  # doctest: +NORMALIZE_WHITESPACE
        Traceback (most recent call last):
        ...
        rollwright.mkdocs.book.options.BookError: book: chromium must be the path of a Chromium program, not 3
        (e.g. chromium: /usr/bin/chromium, or leave it out)
        """
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise BookError(f"{where} must be a mapping of options (print, pdf, chromium), not {data!r}")
        unknown = sorted(str(key) for key in data if key not in ("print", "pdf", "chromium"))
        if unknown:
            raise BookError(f"{where}: unknown option {unknown[0]!r}: the options are print, pdf and chromium")
        for key in ("print", "pdf"):
            if key in data and not isinstance(data[key], bool):
                raise BookError(f"{where}: {key} must be true or false, not {data[key]!r} "
                                f"(write {key}: true or {key}: false)")
        chromium = data.get("chromium")
        if chromium is not None and not isinstance(chromium, str):
            raise BookError(f"{where}: chromium must be the path of a Chromium program, not {chromium!r} "
                            f"(e.g. chromium: /usr/bin/chromium, or leave it out)")
        return cls(print=data.get("print", True), pdf=data.get("pdf", False), chromium=chromium or None)
