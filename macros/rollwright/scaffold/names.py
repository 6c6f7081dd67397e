"""A new game's three names: its title, its system id and its Python package.

The title is what readers see ("Ashes of the Deep"). The id prefixes everything the game registers
and names its pages' folder: lower-case words joined by '-' (``ashes-of-the-deep``). The package is
the folder of its code, imported by that name: the same words joined by '_' (``ashes_of_the_deep``).
Accents are dropped and an apostrophe joins the letters around it ("Dragon's Lair" -> ``dragons-lair``).

>>> game_names("Lanternfall")
GameNames(title='Lanternfall', id='lanternfall', package='lanternfall')
>>> game_names("  Ashes of the   Deep ")
GameNames(title='Ashes of the Deep', id='ashes-of-the-deep', package='ashes_of_the_deep')
>>> game_names("Fête Noire & Co.").id
'fete-noire-co'
>>> game_names("7th Sea")
Traceback (most recent call last):
...
rollwright.scaffold.names.GameNameError: '7th Sea' gives the id '7th-sea', which must start with a letter; start the game's name with a letter (the title readers see can be changed afterwards)
"""

from __future__ import annotations

import importlib.util
import keyword
import re
import unicodedata
from dataclasses import dataclass

from rollwright.errors import RollwrightError
from rollwright.mkdocs.systems import reserved_name

MAX_TITLE = 60
_TITLE = re.compile(r"^[^\W_](?:[^\W_]|[ '’&!,.?-])*$")
"""Letters and digits, with spaces and the few marks a title needs that every file it goes into takes
as they are (YAML, Python strings, Markdown, HTML): no quote, colon, hash, brace, bracket or asterisk."""
_ID = re.compile(r"^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$")


class GameNameError(RollwrightError):
    """The game's name cannot give a title, an id or a package; the message says what to change."""

    kind = "name"


@dataclass(frozen=True)
class GameNames:
    """What a game is called, for readers (``title``), the engine (``id``) and Python (``package``)."""

    title: str
    id: str
    package: str


def _words(title: str) -> list[str]:
    """The title's words in lower-case ASCII: accents dropped, apostrophes joining, other marks splitting."""
    plain = unicodedata.normalize("NFKD", title)
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    plain = re.sub(r"['’]", "", plain.lower())
    return re.findall(r"[a-z0-9]+", plain)


def game_names(name: str) -> GameNames:
    """The three names of a game called ``name``; GameNameError says why a name cannot be used."""
    title = " ".join(str(name).split())
    if not title:
        raise GameNameError("the game needs a name, e.g. --game \"Lanternfall\"")
    if len(title) > MAX_TITLE:
        raise GameNameError(f"the game's name is {len(title)} characters long; keep it to {MAX_TITLE}")
    if not _TITLE.match(title):
        bad = sorted({ch for ch in title if not (ch.isalnum() or ch in " '’&!,.?-")})
        shown = " ".join(bad) if bad else title[0]
        raise GameNameError(f"the game's name {title!r} may hold letters, digits, spaces and ' & ! , . ? - "
                            f"and must start with a letter or digit (found: {shown})")
    words = _words(title)
    if not words:
        raise GameNameError(f"{title!r} has no Latin letters or digits to make the game's id from; give a name "
                            "with some (the title readers see can be changed afterwards)")
    system_id, package = "-".join(words), "_".join(words)
    if not _ID.match(system_id):
        raise GameNameError(f"{title!r} gives the id {system_id!r}, which must start with a letter; start the game's "
                            "name with a letter (the title readers see can be changed afterwards)")
    if keyword.iskeyword(package):
        raise GameNameError(f"{title!r} gives the package name {package!r}, a word Python reserves; add a word to the "
                            "name (for example \"The " + title + "\")")
    problem = reserved_name(package)
    if problem is None:
        found = importlib.util.find_spec(package)
        if found is not None:
            problem = f"this Python already has a module named {package!r} ({found.origin or 'a package'})"
    if problem is not None:
        raise GameNameError(f"{title!r} gives the package name {package!r}, but {problem}, and the game's package would "
                            f"hide it; add a word to the name (for example \"{title} RPG\")")
    return GameNames(title, system_id, package)
