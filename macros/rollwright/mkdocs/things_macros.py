"""The page macros of a game's things: ``things(game, kind)`` (a kind's list and cards) and
``entry(game, kind, id)`` (a link to an entry's card, with a preview on hover, focus or a first tap).

A game's cards live on its compendium page, ``<docs>/compendium.md`` (the page that calls ``things``
for the kind); ``entry`` links there from any page.
"""

from __future__ import annotations

from typing import Any

from rollwright.errors import ParameterError
from rollwright.kit.macros import engine_call, next_chip_id
from rollwright.mkdocs.things_html import anchor, cards_markdown, list_html, preview_text, relative_link
from rollwright.things.model import Catalogue, Kind

from rollwright.things.errata import COMPENDIUM


def compendium_page(game: str) -> str:
    """The compendium page of a game (its path under docs/), e.g. ``pips/compendium.md``."""
    from rollwright.kit.system import all_systems

    return f"{all_systems()[game].docs}/{COMPENDIUM}"


def _find(game: str, kind_id: str) -> tuple[Catalogue, Kind]:
    from rollwright.kit.system import all_systems
    from rollwright.things.registry import catalogue

    if game not in all_systems():
        raise ParameterError(f"no game {game!r}; the site's games: {', '.join(all_systems())}", field="game")
    found = catalogue(game)
    try:
        return found, found.kind(kind_id)
    except KeyError as error:
        raise ParameterError(str(error.args[0]), field="kind") from None


def _use(game: str, kind: Kind) -> tuple[str, str] | None:
    """The link target and url key of the kind's live widget (checked: the widget exists and takes the value)."""
    if kind.use is None:
        return None
    from rollwright.kit.widget import lookup_widget

    widget = lookup_widget(kind.use.widget)
    if kind.use.param not in {field.param for field in widget.fields}:
        raise ParameterError(f"the kind {kind.id!r} uses the widget {kind.use.widget!r} with {kind.use.param!r}, "
                             f"which it does not take", field="kind")
    return relative_link(kind.use.page, compendium_page(game)), widget.url_key or widget.name


def things(game: str, kind: str, cards: bool = True) -> str:
    """A kind's list (sort, filter, search by name) and, unless ``cards=False``, a card per entry."""
    def work() -> str:
        found, chosen = _find(game, kind)
        html = list_html(game, chosen, found.kinds)
        return html + ("\n\n" + cards_markdown(chosen, found.kinds, use=_use(game, chosen)) if cards else "")

    return engine_call("things", (game, kind), {"cards": cards}, work)


def entry(game: str, kind: str, entry_id: str, text: str | None = None) -> str:
    """A link to an entry's card, with its preview; ``text`` replaces the entry's name as the link's words."""
    def work() -> str:
        from rollwright.mkdocs.things_html import markdown_text
        from rollwright.site.page_work import CURRENT_PAGE

        found, chosen = _find(game, kind)
        try:
            one = chosen.entry(entry_id)
        except KeyError:
            from rollwright.data.formula import suggest

            raise ParameterError(f"no entry {entry_id!r} in {game}'s {kind}{suggest(entry_id, chosen.ids())}",
                                 field="entry_id") from None
        page = compendium_page(game)
        current = CURRENT_PAGE.get() or page
        target = "" if current == page else relative_link(page, current)
        tip = next_chip_id()
        words = markdown_text(text if text is not None else one.name)
        return (f'<span class="rw-entry" data-rw-entry="{game}/{kind}/{one.id}">[{words}]({target}#'
                f'{anchor(chosen, one)}){{aria-describedby="{tip}"}}<span class="rw-entry__tip" role="tooltip" '
                f'id="{tip}">{preview_text(chosen, one, found.kinds)}</span></span>')

    params: dict[str, Any] = {} if text is None else {"text": text}
    return engine_call("entry", (game, kind, entry_id), params, work)
