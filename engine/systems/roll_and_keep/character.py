"""A Roll & Keep character: traits, attack and defensive knacks, and a wound record.

The draft gives no creation rules, so the builder checks the site's ranges
(traits 1-5, knack ranks 0-5), that every knack with a rank has a name of its
own and an attack its trait, and derives what combat uses: initiative dice,
wound-check dice, each attack's pool, each defense's passive TN, the crippled
and knocked-out thresholds, and the state the wound record gives.

>>> hero = read(blank())
>>> derived(hero)["attacks"][0]["pool"], derived(hero)["initiative"], derived(hero)["thresholds"]
('4k2', '2k2', (3, 5))
>>> [m["code"] for m in problems({**hero, "traits": {**hero["traits"], "brawn": 9}})]
['rk-trait', 'rk-name']
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rollwright.errors import ParameterError
from rollwright.kit.characters import readable_message
from rollwright.kit.documents import document_version
from rollwright.kit.fields import FieldNote, FieldReader
from roll_and_keep.rules.combat import MAX_RANK, attack_pool, passive_tn
from roll_and_keep.rules.wounds import MAX_DRAMATIC, MAX_FLESH, MAX_TRAIT, state, thresholds

SCHEMA = "rollwright/roll-and-keep"
VERSION = 1
"""The document version this builder writes and reads (a newer one is refused: :mod:`rollwright.kit.documents`)."""
TRAITS = {"brawn": "Brawn", "finesse": "Finesse", "panache": "Panache", "resolve": "Resolve"}
WOUND_FILLS = {"flesh": "Flesh wounds", "dramatic": "Dramatic wounds"}
"""Widget fields a character's wound record fills, with their labels."""
SLOTS = 2


EMPTY_ATTACK = {"name": "", "trait": "finesse", "rank": 0}
EMPTY_DEFENSE = {"name": "", "rank": 0}


def blank() -> dict[str, Any]:
    """A new character: every trait 2, one unarmed attack and one defense at rank 2."""
    attacks = [{"name": "Attack: Unarmed", "trait": "finesse", "rank": 2}, dict(EMPTY_ATTACK)]
    defenses = [{"name": "Defense: Parry", "rank": 2}, dict(EMPTY_DEFENSE)]
    return {"schema": SCHEMA, "version": VERSION, "name": "", "traits": {key: 2 for key in TRAITS},
            "attacks": attacks, "defenses": defenses, "wounds": {"flesh": 0, "dramatic": 0}}


def _slots(fields: FieldReader, value: Any, kind: str, empty: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The first SLOTS items with the keys of ``empty``, each read by type; a missing item is ``empty`` (an
    unused slot)."""
    rows = fields.items(value, kind)[:SLOTS]
    rows += [dict(empty)] * (SLOTS - len(rows))
    out = []
    for i, row in enumerate(rows):
        slot: dict[str, Any] = {}
        for key, default in empty.items():
            read_as = fields.number if isinstance(default, int) else fields.text
            slot[key] = read_as(row.get(key), f"{kind}.{i}.{key}")
        out.append(slot)
    return out


def read_fields(document: Mapping[str, Any]) -> tuple[dict[str, Any], list[FieldNote]]:
    """The character's fields as typed, and a note for each field of the wrong type (left empty);
    ParameterError for another system's character."""
    schema = document.get("schema", SCHEMA)
    if schema != SCHEMA:
        raise ParameterError(f"character: not a Roll & Keep character (schema {schema!r})", field="character")
    document_version(document, reads=(VERSION,))
    fields = FieldReader()
    traits = fields.mapping(document.get("traits"), "traits")
    wounds = fields.mapping(document.get("wounds"), "wounds")
    character: dict[str, Any] = {
        "schema": SCHEMA, "version": VERSION, "name": fields.text(document.get("name"), "name"),
        "traits": {key: fields.number(traits.get(key), f"traits.{key}") for key in TRAITS},
        "attacks": _slots(fields, document.get("attacks"), "attacks", EMPTY_ATTACK),
        "defenses": _slots(fields, document.get("defenses"), "defenses", EMPTY_DEFENSE),
        "wounds": {key: fields.number(wounds.get(key), f"wounds.{key}") for key in ("flesh", "dramatic")},
    }
    if "id" in document:
        character["id"] = fields.text(document.get("id"), "id")
    return character, fields.notes


def read(document: Mapping[str, Any]) -> dict[str, Any]:
    """The character's fields as typed (see :func:`read_fields`)."""
    return read_fields(document)[0]


def _whole(value: Any, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


RULES = {
    "ranges": ("Trait and knack ranges", "roll-and-keep/builder/#trait-and-knack-ranges"),
    "knacks": ("Knacks", "roll-and-keep/builder/#knacks"),
    "attack": ("The attack", "roll-and-keep/attacks/#the-attack"),
    "flesh": ("Flesh wounds and wound checks", "roll-and-keep/wounds/#flesh-wounds-and-wound-checks"),
    "dramatic": ("Crippled, knocked out and death", "roll-and-keep/wounds/#crippled-knocked-out-and-death"),
    "builder": ("What the builder checks", "roll-and-keep/builder/#what-the-builder-checks"),
}
"""Each rule a message can point to: its name and the section of the site that states it."""
KNACK_KINDS = {"attacks": "Attack knack", "defenses": "Defensive knack"}


def _message(severity: str, code: str, text: str, rule: str, path: str) -> dict[str, str]:
    name, href = RULES[rule]
    return {"severity": severity, "code": code, "text": text, "rule": name, "href": href, "path": path}


def _knack_problems(c: Mapping[str, Any]) -> list[dict[str, str]]:
    """Ranks out of range, a rank with no name (it would vanish from the sheet), a name used twice."""
    found = []
    for kind, label in KNACK_KINDS.items():
        seen: dict[str, int] = {}
        for i, row in enumerate(c[kind]):
            name = row["name"].strip()
            if not _whole(row["rank"], 0, MAX_RANK):
                found.append(_message("error", "rk-rank", f"{name or f'{label} {i + 1}'}: a rank is a whole number "
                                      f"from 0 to {MAX_RANK}.", "ranges", f"{kind}.{i}.rank"))
            elif not name and row["rank"] > 0:
                found.append(_message("error", "rk-knack-name", f"{label} {i + 1} has rank {row['rank']} but no "
                                      "name: name it, or set its rank to 0.", "knacks", f"{kind}.{i}.name"))
            if name and name.casefold() in seen:
                found.append(_message("error", "rk-knack-twice", f"{label} {i + 1}: {name!r} is already "
                                      f"{label.lower()} {seen[name.casefold()] + 1}; a knack has one rank.",
                                      "knacks", f"{kind}.{i}.name"))
            seen.setdefault(name.casefold(), i)
            if kind == "attacks" and name and row["trait"] not in TRAITS:
                found.append(_message("error", "rk-attack-trait", f"{name}: choose the trait it adds and keeps.",
                                      "attack", f"attacks.{i}.trait"))
    return found


def note_messages(notes: list[FieldNote], severity: str, code: str) -> list[dict[str, str]]:
    """Notes on the document's fields (a wrong type, an unknown field kept) as messages naming each place."""
    return [_message(severity, code, readable_message(note.text, note.path), "builder", note.path) for note in notes]


def problems(c: Mapping[str, Any]) -> list[dict[str, str]]:
    """How the character breaks the rules or the site's ranges (errors), or is unfinished (warnings)."""
    found = [_message("error", "rk-trait", f"{label}: a whole number from 1 to {MAX_TRAIT}.", "ranges",
                      f"traits.{key}") for key, label in TRAITS.items() if not _whole(c["traits"][key], 1, MAX_TRAIT)]
    found += _knack_problems(c)
    if not _whole(c["wounds"]["flesh"], 0, MAX_FLESH):
        found.append(_message("error", "rk-flesh", f"Flesh wounds: a whole number from 0 to {MAX_FLESH}.", "flesh",
                              "wounds.flesh"))
    if not _whole(c["wounds"]["dramatic"], 0, MAX_DRAMATIC):
        found.append(_message("error", "rk-dramatic", f"Dramatic wounds: a whole number from 0 to {MAX_DRAMATIC}.",
                              "dramatic", "wounds.dramatic"))
    if not c["name"].strip():
        found.append(_message("warning", "rk-name", "The character has no name yet.", "builder", "name"))
    return found


def derived(c: Mapping[str, Any]) -> dict[str, Any]:
    """What combat uses, from the valid parts of the character (None where a value is missing)."""
    t = {k: v if _whole(v, 1, MAX_TRAIT) else None for k, v in c["traits"].items()}
    out: dict[str, Any] = {"initiative": f"{t['panache']}k{t['panache']}" if t["panache"] else None,
                           "wound_check": f"{t['brawn']}k{t['brawn']}" if t["brawn"] else None,
                           "attacks": [], "defenses": [], "thresholds": None, "state": None}
    for row in c["attacks"]:
        trait = t.get(row["trait"]) if row["trait"] in TRAITS else None
        if row["name"] and trait and _whole(row["rank"], 0, MAX_RANK):
            out["attacks"].append({"name": row["name"], "trait": TRAITS[row["trait"]], "trait_key": row["trait"],
                                   "rank": row["rank"],
                                   "pool": "{}k{}".format(*attack_pool(trait, row["rank"]))})
    for row in c["defenses"]:
        if row["name"] and _whole(row["rank"], 0, MAX_RANK):
            out["defenses"].append({"name": row["name"], "rank": row["rank"], "tn": passive_tn(row["rank"])})
    if t["resolve"]:
        out["thresholds"] = thresholds(t["resolve"])
        dramatic = c["wounds"]["dramatic"]
        if _whole(dramatic, 0, MAX_DRAMATIC):
            out["state"] = state(dramatic, t["resolve"])
    return out


def options_for(c: Mapping[str, Any], fills: str) -> list[dict[str, Any]]:
    """What the character offers a field that it ``fills`` (brawn, resolve, flesh, dramatic or any trait)."""
    if fills in WOUND_FILLS:
        return [{"label": WOUND_FILLS[fills], "value": c["wounds"][fills], "path": f"wounds.{fills}"}]
    keys = [fills] if fills in TRAITS else list(TRAITS)
    return [{"label": TRAITS[k], "value": c["traits"][k], "path": f"traits.{k}"} for k in keys]
