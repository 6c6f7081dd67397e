"""Checking link fields: a link to an entry names one of the game's kinds and an id in it; a link to a rule
page names one of the game's pages (``folder/page.md`` or ``folder/page.md#anchor``).

>>> from rollwright.things.model import Entry, FieldSpec, Kind
>>> armour = Kind("armour", "Armour", "armour", entries=(Entry("mail", "Mail"),))
>>> pick = FieldSpec("worn", "Worn", "link", to="armour")
>>> guards = Kind("guards", "Guards", "guard", fields=(pick,), entries=(Entry("ann", "Ann", (("worn", "plate"),)),),
...               file="demo/things.toml")
>>> check_entry_links((armour, guards))
Traceback (most recent call last):
...
rollwright.errors.DeclarationError: demo/things.toml, kinds.guards.entries.ann.worn: no entry 'plate' in the kind 'armour'; the ids there: mail
"""

from __future__ import annotations

from rollwright.errors import DeclarationError
from rollwright.things.model import Kind


def _fail(kind: Kind, line: int | None, key: str, message: str, file: str = "") -> DeclarationError:
    return DeclarationError(message, file=file or kind.file, line=line, key=key)


def check_entry_links(kinds: tuple[Kind, ...]) -> None:
    """Every link field's target kind exists, and every linked id is an entry of it."""
    by_id = {kind.id: kind for kind in kinds}
    for kind in kinds:
        for spec in kind.fields:
            if spec.type != "link" or spec.to == "page":
                continue
            if spec.to not in by_id:
                from rollwright.data.formula import suggest

                raise _fail(kind, None, f"kinds.{kind.id}.fields.{spec.key}.to",
                            f"no kind {spec.to!r} in this game{suggest(str(spec.to), tuple(by_id))}; write "
                            f"to = \"page\" for a rule page")
            ids = set(by_id[spec.to].ids())
            for entry in kind.entries:
                value = entry.get(spec.key)
                if value is not None and value not in ids:
                    shown = ", ".join(sorted(ids)[:12]) + (" ..." if len(ids) > 12 else "")
                    raise _fail(kind, entry.line, f"kinds.{kind.id}.entries.{entry.id}.{spec.key}",
                                f"no entry {value!r} in the kind {spec.to!r}; the ids there: {shown}", entry.file)


def check_page_links(kinds: tuple[Kind, ...], system: object) -> None:
    """Every link to a rule page (and every kind's ``page``) names one of the game's pages."""
    pages = {page.path for page in getattr(system, "pages", ())}
    for kind in kinds:
        if kind.page and kind.page.partition("#")[0] not in pages:
            raise _fail(kind, None, f"kinds.{kind.id}.page", _not_a_page(kind.page, pages))
        if kind.use is not None and kind.use.page.partition("#")[0] not in pages:
            raise _fail(kind, None, f"kinds.{kind.id}.use.page", _not_a_page(kind.use.page, pages))
        for spec in kind.fields:
            if spec.type != "link" or spec.to != "page":
                continue
            for entry in kind.entries:
                value = entry.get(spec.key)
                if isinstance(value, str) and value.partition("#")[0] not in pages:
                    raise _fail(kind, entry.line, f"kinds.{kind.id}.entries.{entry.id}.{spec.key}",
                                _not_a_page(value, pages), entry.file)


def _not_a_page(value: str, pages: set[str]) -> str:
    return (f"{value!r} is not one of the game's pages; write a page's path as its game lists it, such as "
            f"{sorted(pages)[0] if pages else 'mygame/index.md'}#anchor")
