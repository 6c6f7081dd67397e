"""One rule for every system's character documents: their version, and the fields this version does not know.

- A document names the version of the builder that wrote it (``"version"``; a document that
  names none is the system's first version). A version the system does not read is refused
  with ParameterError (field ``character``) before anything else is read: a newer builder
  may have changed what a field means, and a check that guessed would overwrite the file's
  meaning on the next save.
- A field this version does not know is kept as it is, at every depth, so a document that
  goes through the check, the editor and a save comes back with it: :func:`keep_unknown`
  puts it back into the normalised document, and returns a note for each object that holds
  one, which a system reports as a warning.

>>> document_version({"version": 2}, reads=(1, 2))
2
>>> document_version({"version": 99}, reads=(1,))
Traceback (most recent call last):
...
rollwright.errors.ParameterError: character: unknown version 99; this builder reads version 1 (a file from a newer builder needs a newer site)
>>> out, notes = keep_unknown({"name": "Ada", "colour": "red", "traits": {"brawn": 2, "luck": 7}},
...                           {"name": "Ada", "traits": {"brawn": 2}})
>>> out
{'name': 'Ada', 'traits': {'brawn': 2, 'luck': 7}, 'colour': 'red'}
>>> for note in notes:
...     print(note.text)
unknown field 'colour' is kept as it is (this builder does not use it).
traits: unknown field 'luck' is kept as it is (this builder does not use it).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from rollwright.errors import ParameterError
from rollwright.kit.fields import FieldNote
from rollwright.kit.limits import clip


def document_version(document: Mapping[str, Any], reads: Sequence[int], default: int = 1) -> int:
    """The version ``document`` names (``default`` when it names none), if it is one of ``reads``;
    else ParameterError (field ``character``) saying that a newer builder's file needs a newer site."""
    version = document.get("version")
    if version is None:
        return default
    if isinstance(version, int) and not isinstance(version, bool) and version in reads:
        return version
    known = sorted(reads)
    versions = f"version {known[0]}" if len(known) == 1 else \
        f"versions {', '.join(map(str, known[:-1]))} and {known[-1]}"
    shown = clip(repr(version), 40) if not isinstance(version, (list, dict)) else \
        ("a list" if isinstance(version, list) else "an object")
    raise ParameterError(f"character: unknown version {shown}; this builder reads {versions} "
                         f"(a file from a newer builder needs a newer site)", field="character")


def keep_unknown(original: Any, normalized: Any, path: str = "") -> tuple[Any, list[FieldNote]]:
    """``normalized`` with every field of ``original`` it lacks put back (copied), at every depth where both
    hold an object at the same place (a list's items pair by position), and a note per object that had any."""
    notes: list[FieldNote] = []
    stack: list[tuple[Any, Any, str]] = [(original, normalized, path)]
    while stack:
        source, target, where = stack.pop()
        if isinstance(source, Mapping) and isinstance(target, dict):
            kept = [key for key in source if key not in target]
            for key in kept:
                target[key] = copy.deepcopy(source[key])
            if kept:
                names = ", ".join(clip(repr(str(key)), 40) for key in kept[:5]) + (" ..." if len(kept) > 5 else "")
                field = "field" if len(kept) == 1 else "fields"
                verb = "is" if len(kept) == 1 else "are"
                notes.append(FieldNote(where, f"{where + ': ' if where else ''}unknown {field} {names} {verb} kept "
                                              f"as {'it is' if len(kept) == 1 else 'they are'} "
                                              f"(this builder does not use {'it' if len(kept) == 1 else 'them'})."))
            stack += [(source[key], target[key], f"{where}.{key}" if where else str(key))
                      for key in source if key in target and key not in kept]
        elif isinstance(source, list) and isinstance(target, list):
            stack += [(s, t, f"{where}.{i}" if where else str(i)) for i, (s, t) in enumerate(zip(source, target))]
    notes.sort(key=lambda note: note.path)
    return normalized, notes
