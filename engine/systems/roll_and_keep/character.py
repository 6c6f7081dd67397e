"""A Roll & Keep character: traits, attack and defensive knacks, and a wound record.

The draft gives no creation rules, so the builder only checks ranges (a stated
limit: traits 1-5, knack ranks 0-5) and derives what combat uses: initiative
dice, wound-check dice, each attack's pool, each defense's passive TN, the
crippled and knocked-out thresholds, and the state the wound record gives.

>>> hero = read(blank())
>>> derived(hero)["attacks"][0]["pool"], derived(hero)["initiative"]
('4k2', '2k2')
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
from rollwright.kit.forms import group, number, select, shown, text_input
from rollwright.kit.markup import Html, el
from roll_and_keep.rules.combat import MAX_RANK, attack_pool, passive_tn
from roll_and_keep.rules.wounds import MAX_DRAMATIC, MAX_FLESH, MAX_TRAIT, state, thresholds

SCHEMA = "rollwright/roll-and-keep"
VERSION = 1
"""The document version this builder writes and reads (a newer one is refused: :mod:`rollwright.kit.documents`)."""
TRAITS = {"brawn": "Brawn", "finesse": "Finesse", "panache": "Panache", "resolve": "Resolve"}
WOUND_FILLS = {"flesh": "Flesh wounds", "dramatic": "Dramatic wounds"}
"""Widget fields a character's wound record fills, with their labels."""
SLOTS = 2
RULE_HREF = "roll-and-keep/attacks/#the-attack"


def blank() -> dict[str, Any]:
    """A new character: every trait 2, one unarmed attack and one defense at rank 2."""
    attacks = [{"name": "Attack: Unarmed", "trait": "finesse", "rank": 2}, {"name": "", "trait": "finesse", "rank": 0}]
    defenses = [{"name": "Defense: Parry", "rank": 2}, {"name": "", "rank": 0}]
    return {"schema": SCHEMA, "version": VERSION, "name": "", "traits": {key: 2 for key in TRAITS},
            "attacks": attacks, "defenses": defenses, "wounds": {"flesh": 0, "dramatic": 0}}


def _slots(fields: FieldReader, value: Any, kind: str) -> list[dict[str, Any]]:
    rows = fields.items(value, kind)[:SLOTS]
    rows += [{}] * (SLOTS - len(rows))
    out = []
    for i, row in enumerate(rows):
        slot: dict[str, Any] = {"name": fields.text(row.get("name"), f"{kind}.{i}.name")}
        if kind == "attacks":
            slot["trait"] = fields.text(row.get("trait"), f"{kind}.{i}.trait")
        slot["rank"] = fields.number(row.get("rank"), f"{kind}.{i}.rank")
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
        "attacks": _slots(fields, document.get("attacks"), "attacks"),
        "defenses": _slots(fields, document.get("defenses"), "defenses"),
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


def _message(severity: str, code: str, text: str, path: str) -> dict[str, str]:
    return {"severity": severity, "code": code, "text": text, "rule": "Attacking and defending",
            "href": RULE_HREF, "path": path}


def note_messages(notes: list[FieldNote], severity: str, code: str) -> list[dict[str, str]]:
    """Notes on the document's fields (a wrong type, an unknown field kept) as messages naming each place."""
    return [_message(severity, code, readable_message(note.text, note.path), note.path) for note in notes]


def problems(c: Mapping[str, Any]) -> list[dict[str, str]]:
    """Out-of-range values (errors) and an unnamed character (a warning)."""
    found = [_message("error", "rk-trait", f"{label}: enter a whole number from 1 to {MAX_TRAIT}.", f"traits.{key}")
             for key, label in TRAITS.items() if not _whole(c["traits"][key], 1, MAX_TRAIT)]
    for kind, rows in (("attacks", c["attacks"]), ("defenses", c["defenses"])):
        for i, row in enumerate(rows):
            if not _whole(row["rank"], 0, MAX_RANK):
                found.append(_message("error", "rk-rank", f"{row['name'] or 'Knack'}: rank 0 to {MAX_RANK}.",
                                      f"{kind}.{i}.rank"))
            if kind == "attacks" and row["trait"] not in TRAITS:
                found.append(_message("error", "rk-attack-trait", "Choose the attack's trait.", f"attacks.{i}.trait"))
    if not _whole(c["wounds"]["flesh"], 0, MAX_FLESH):
        found.append(_message("error", "rk-flesh", f"Flesh wounds: 0 to {MAX_FLESH}.", "wounds.flesh"))
    if not _whole(c["wounds"]["dramatic"], 0, MAX_DRAMATIC):
        found.append(_message("error", "rk-dramatic", f"Dramatic wounds: 0 to {MAX_DRAMATIC}.", "wounds.dramatic"))
    if not c["name"].strip():
        found.append(_message("warning", "rk-name", "The character has no name yet.", "name"))
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
            out["attacks"].append({"name": row["name"], "pool": "{}k{}".format(*attack_pool(trait, row["rank"]))})
    for row in c["defenses"]:
        if row["name"] and _whole(row["rank"], 0, MAX_RANK):
            out["defenses"].append({"name": row["name"], "tn": passive_tn(row["rank"])})
    if t["resolve"]:
        out["thresholds"] = thresholds(t["resolve"])
        dramatic = c["wounds"]["dramatic"]
        if _whole(dramatic, 0, MAX_DRAMATIC):
            out["state"] = state(dramatic, t["resolve"])
    return out


def sheet_lines(c: Mapping[str, Any]) -> list[str]:
    """The sheet's lines, shared by the text, Markdown and HTML sheets."""
    d = derived(c)
    lines = [", ".join(f"{label} {shown(c['traits'][key])}" for key, label in TRAITS.items()),
             f"Initiative dice: {d['initiative'] or '-'}; wound check: {d['wound_check'] or '-'}"]
    lines += [f"{a['name']}: {a['pool']}" for a in d["attacks"]]
    lines += [f"{x['name']}: passive TN {x['tn']}" for x in d["defenses"]]
    if d["thresholds"]:
        lines.append(f"Crippled at {d['thresholds'][0]} dramatic wounds, knocked out at {d['thresholds'][1]}")
    lines.append(f"Wounds: {shown(c['wounds']['flesh'])} flesh, {shown(c['wounds']['dramatic'])} dramatic"
                 + (f" ({d['state']})" if d["state"] else ""))
    return lines


def report_html(messages: list[dict[str, str]]) -> Html:
    """The builder's report: each problem, with a link to its rule."""
    if not messages:
        return el("p", None, "No problems: every value is within the site's ranges.")
    return el("ul", None, [el("li", {"data-rw-severity": m["severity"]},
                              el("strong", None, f"{m['severity'].capitalize()}: "), m["text"], " ",
                              el("a", {"href": m["href"]}, f"Rule: {m['rule']}")) for m in messages])


def sheet_html(c: Mapping[str, Any]) -> Html:
    """The printable sheet."""
    return el("article", {"class": "rw-csheet"},
              el("header", {"class": "rw-csheet__head"}, el("h2", None, c["name"] or "Unnamed character")),
              el("ul", None, [el("li", None, line) for line in sheet_lines(c)]))


def editor_html(c: Mapping[str, Any]) -> Html:
    """The builder's form."""
    traits = [number(f"traits.{k}", label, c["traits"][k], 1, MAX_TRAIT) for k, label in TRAITS.items()]
    attacks = [group(f"Attack knack {i + 1}", text_input(f"attacks.{i}.name", "Name", a["name"]),
                     select(f"attacks.{i}.trait", "Trait", a["trait"], TRAITS),
                     number(f"attacks.{i}.rank", "Rank", a["rank"], 0, MAX_RANK)) for i, a in enumerate(c["attacks"])]
    defenses = [group(f"Defensive knack {i + 1}", text_input(f"defenses.{i}.name", "Name", d["name"]),
                      number(f"defenses.{i}.rank", "Rank", d["rank"], 0, MAX_RANK)) for i, d in enumerate(c["defenses"])]
    wounds = group("Wound record", number("wounds.flesh", "Flesh wounds", c["wounds"]["flesh"], 0, MAX_FLESH),
                   number("wounds.dramatic", "Dramatic wounds", c["wounds"]["dramatic"], 0, MAX_DRAMATIC))
    return el("form", {"class": "rw-editor", "data-rw-editor": True, "novalidate": True,
                       "aria-label": "Character editor"},
              text_input("name", "Name", c["name"]), group("Traits", traits), attacks, defenses, wounds)


def options_for(c: Mapping[str, Any], fills: str) -> list[dict[str, Any]]:
    """What the character offers a field that it ``fills`` (brawn, resolve, flesh, dramatic or any trait)."""
    if fills in WOUND_FILLS:
        return [{"label": WOUND_FILLS[fills], "value": c["wounds"][fills], "path": f"wounds.{fills}"}]
    keys = [fills] if fills in TRAITS else list(TRAITS)
    return [{"label": TRAITS[k], "value": c["traits"][k], "path": f"traits.{k}"} for k in keys]
