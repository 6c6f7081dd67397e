"""What a character's choices cost, pool by pool, priced by the creation rules in ``costs``.

Every priced choice is an :class:`Item` (its path, the pool it is paid from, the
cost and the explanation of the table row behind it). Pools add up their items
against the budget plus the extra points (EP or WP) converted into them.

Points back from negative modifiers and liabilities (GM option, our reading):

- "bonus": each one's full cost is given back as extra points (EP under point
  buy, WP under pool buy) at the exchange rate, so it can be converted into any pool;
- "own-area": its cost is added to the pool it came from (AP for a negative
  modifier, usable on attributes and modifiers; BP for a liability), and nowhere else.

>>> from facade.character.model import Character, Modifier
>>> c = Character(modifiers=[Modifier("Dancer", "action", "medium", 3)])
>>> s = spend(c)
>>> [(i.label, i.cost) for i in s.items if i.path.startswith("modifiers")]
[('Dancer (medium 3)', Fraction(5, 1))]
>>> s.pool("AP").spent, s.pool("AP").left   # 15 attributes at 3 cost 6 each, plus the modifier
(Fraction(95, 1), Fraction(5, 1))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from rollwright.errors import ParameterError
from facade.character.model import ATTRIBUTES, POOLS, Character, Skill
from facade.character.model import points_str as _text
from facade.rules.costs import (
    AGE_RULES, LIABILITY_OPTIONS, CascadeNode, Cost, age_background_points, attribute_cost, background_cost,
    cascade_broad, modifier_cost, point_buy_budget, pool_buy_budget, refund, standard_skill_cost)
from facade.rules.costs_skills import MAX_SPECIALTY_SP
from facade.rules.costs_tracks import MAX_SKILL, track

ZERO = Fraction(0)


@dataclass
class Item:
    """One priced choice. ``cost`` is None when the choice cannot be priced (an invalid value)."""

    path: str
    label: str
    pool: str
    cost: Fraction | None
    explanation: str
    next_step: Fraction | None = None  # what the next level would add (None at the top or unpriced)
    refund: bool = False


@dataclass
class PoolLine:
    """One pool: budget, points converted in from EP/WP, points back (own-area), spent and left."""

    pool: str
    budget: int
    converted: int
    refunded: Fraction
    spent: Fraction

    @property
    def available(self) -> Fraction:
        return self.budget + self.converted + self.refunded

    @property
    def left(self) -> Fraction:
        return self.available - self.spent


@dataclass
class Extra:
    """The extra points: EP (point buy) or WP (pool buy), bonus points back, and those converted."""

    currency: str
    budget: int
    bonus: Fraction
    spent: int

    @property
    def left(self) -> Fraction:
        return self.budget + self.bonus - self.spent


@dataclass
class SkillLevel:
    """The level a skill node has for trait totals: bought (standard) or derived (cascade)."""

    path: str
    tier: str
    level: int | None  # None: the entered level is out of range
    sp: Fraction | None
    explanation: str


@dataclass
class Spending:
    pools: list[PoolLine]
    extra: Extra
    rates: dict[str, int]
    items: list[Item]
    skill_levels: dict[str, SkillLevel] = field(default_factory=dict)
    bp_note: str | None = None

    def pool(self, name: str) -> PoolLine:
        return next(p for p in self.pools if p.pool == name)


def _priced(path: str, label: str, cost: Cost | None, nxt: Cost | None, why: str) -> Item:
    if cost is None:
        return Item(path, label, "", None, why)
    return Item(path, label, cost.pool, cost.total, cost.explanation, None if nxt is None else nxt.step)


_PRICES: dict[str, Callable[..., Cost]] = {"attribute": attribute_cost, "modifier": modifier_cost,
                                           "skill": standard_skill_cost, "background": background_cost}


@lru_cache(maxsize=4096)
def price(kind: str, *args: str | int) -> Cost | None:
    """The costs module's price for one level (cached: a check prices the same rows many times), None if invalid."""
    try:
        return _PRICES[kind](*args)
    except ParameterError:
        return None


def _try(kind: str, *args: str | int) -> Cost | None:
    if any(isinstance(a, int) and not -1 <= a <= 100 for a in args):
        return None  # far out of range: not priced, and not worth a cache entry
    return price(kind, *args)


def _points_back(item: Item, option: str, currency: str) -> Item:
    if item.cost is None:
        return item
    back = refund(item.pool, item.cost, option if option in LIABILITY_OPTIONS else "bonus", currency)
    return Item(item.path, item.label, back.pool, -back.points,
                f"Gives points back. {item.explanation} {back.explanation}", None, True)


def _attributes(c: Character) -> list[Item]:
    out = []
    for name in ATTRIBUTES:
        level = c.attributes[name]
        cost = _try("attribute", level)
        out.append(_priced(f"attributes.{name}", f"{name.capitalize()} {level}", cost,
                           _try("attribute", level + 1), f"Level {level} is outside 0-6: not priced."))
    return out


def _modifiers(c: Character) -> list[Item]:
    out = []
    for i, m in enumerate(c.modifiers):
        cost = _try("modifier", m.grade, m.level)
        item = _priced(f"modifiers.{i}", f"{m.name or 'Unnamed modifier'} ({m.grade} {m.level})", cost,
                       _try("modifier", m.grade, m.level + 1),
                       "Not priced: the grade or level is not valid (grades minor to extreme, levels 0-6).")
        out.append(_points_back(item, c.settings.liabilities, c.currency) if m.negative else item)
    return out


def _backgrounds(c: Character) -> list[Item]:
    out = []
    for i, b in enumerate(c.backgrounds):
        cost = _try("background", b.kind, b.grade, b.level)
        what = "Liability" if b.liability else "Background"
        item = _priced(f"backgrounds.{i}", f"{b.name or f'Unnamed {what.lower()}'} ({b.kind} {b.grade} {b.level})",
                       cost, _try("background", b.kind, b.grade, b.level + 1),
                       "Not priced: the kind, grade or level is not valid (standard or exponential, minor to "
                       "extreme, levels 0-12).")
        out.append(_points_back(item, c.settings.liabilities, c.currency) if b.liability else item)
    return out


def _standard_skills(skills: list[Skill], spending: Spending) -> None:
    def one(path: str, tier: str, name: str, level: int) -> None:
        cost = _try("skill", tier, level)
        spending.items.append(_priced(path, f"{name or 'Unnamed'} ({tier} {level})", cost,
                                      _try("skill", tier, level + 1),
                                      f"Level {level} is outside 0-4: not priced."))
        spending.skill_levels[path] = SkillLevel(path, tier, level if cost else None, None,
                                                 f"{name}: level {level}, bought as a standard {tier} skill.")

    for i, skill in enumerate(skills):
        one(f"skills.{i}", "broad", skill.name, skill.level)
        for j, focus in enumerate(skill.focuses):
            one(f"skills.{i}.focuses.{j}", "focus", focus.name, focus.level)
            for k, spec in enumerate(focus.specialties):
                one(f"skills.{i}.focuses.{j}.specialties.{k}", "specialty", spec.name, spec.level)


def valid_sp(sp: Fraction) -> bool:
    """Whole or half SP from 0 to 5 (what one cascade specialty can hold)."""
    return sp.denominator <= 2 and 0 <= sp.numerator <= MAX_SPECIALTY_SP * sp.denominator


@lru_cache(maxsize=512)
def _cascade(shape: tuple[tuple[Fraction, ...], ...]) -> CascadeNode:
    """The costs module's cascade tree of one broad, by the SP of its specialties (cached by shape)."""
    return cascade_broad("broad", {str(j): {str(k): sp for k, sp in enumerate(specs)}
                                   for j, specs in enumerate(shape)})


@lru_cache(maxsize=64)
def _row(key: str, level: int) -> str:
    """The text after a cascade node's SP: its level on its row, and what the next level needs."""
    t = track(key)
    rows = [t.total(n) for n in range(1, MAX_SKILL + 1)]
    text = f", level {level} on the row {'/'.join(_text(x) for x in rows)} ({t.label.lower()})"
    return text + (f"; level {level + 1} needs {_text(rows[level])}." if level < MAX_SKILL else ".")


_WHERE = {"broad": "from the specialties under it", "focus": "from its specialties", "specialty": "spent here"}


def _explain(node: CascadeNode, name: str) -> str:
    return f"{name}: {_text(node.sp)} SP {_WHERE[node.tier]}{_row(node.track, node.level)}"


def _cascade_skills(skills: list[Skill], spending: Spending) -> None:
    for i, skill in enumerate(skills):
        shape = tuple(tuple(sp.sp if valid_sp(sp.sp) else ZERO for sp in focus.specialties)
                      for focus in skill.focuses)
        broad = _cascade(shape)
        path = f"skills.{i}"
        spending.skill_levels[path] = SkillLevel(path, "broad", broad.level, broad.sp,
                                                 _explain(broad, skill.name or "Unnamed"))
        for j, (focus, fnode) in enumerate(zip(skill.focuses, broad.children)):
            fpath = f"{path}.focuses.{j}"
            spending.skill_levels[fpath] = SkillLevel(fpath, "focus", fnode.level, fnode.sp,
                                                      _explain(fnode, focus.name or "Unnamed"))
            for k, (spec, snode) in enumerate(zip(focus.specialties, fnode.children)):
                spath = f"{fpath}.specialties.{k}"
                why = _explain(snode, spec.name or "Unnamed")
                spending.skill_levels[spath] = SkillLevel(spath, "specialty", snode.level, snode.sp, why)
                label = f"{spec.name or 'Unnamed'} ({_text(spec.sp)} SP)"
                if not valid_sp(spec.sp):
                    spending.items.append(Item(spath, label, "SP", None,
                                               "Not priced: a specialty holds whole or half SP from 0 to 5."))
                elif spec.sp:
                    spending.items.append(Item(
                        spath, label, "SP", spec.sp, f"SP spent into a specialty also count toward its focus and "
                        f"broad skill (cascade). {why} Focus: {spending.skill_levels[fpath].explanation} "
                        f"Broad: {spending.skill_levels[path].explanation}"))


def spend(c: Character) -> Spending:
    """Every priced choice of ``c`` and the state of each pool."""
    method = c.method if c.method in ("point-buy", "pool-buy") else "point-buy"
    rates = dict((point_buy_budget() if method == "point-buy" else pool_buy_budget()).rates)
    currency = c.currency
    budget = dict(c.settings.budget)
    conversions = {pool: c.conversions.get(pool, 0) for pool in POOLS}
    spending = Spending([], Extra(currency, budget.get(currency, 0), ZERO, sum(conversions.values())), rates, [])
    s = c.settings
    if method == "point-buy" and s.bp_from_age in AGE_RULES and s.age is not None:
        try:
            award = age_background_points(s.age, s.bp_from_age)
        except ParameterError:
            pass
        else:
            budget["BP"] = award.points
            rule = "ten times the square root of" if award.rule == "square-root" else "twice"
            spending.bp_note = (f"BP from age: {rule} age {award.age} is {award.exact}, so {award.points} BP "
                                f"(rounded down) replace the BP budget.")
    spending.items += _attributes(c) + _modifiers(c)
    (_cascade_skills if s.skills == "cascade" else _standard_skills)(c.skills, spending)
    spending.items += _backgrounds(c)
    for pool in POOLS:
        priced = [i.cost for i in spending.items if i.pool == pool and i.cost is not None]
        back = -sum((x for x in priced if x < 0), ZERO)
        spent = sum((x for x in priced if x > 0), ZERO)
        spending.pools.append(PoolLine(pool, budget.get(pool, 0), conversions[pool] * rates[pool], back, spent))
    spending.extra.bonus = -sum((i.cost for i in spending.items if i.pool == currency and i.cost is not None), ZERO)
    return spending
