"""The powers in force: what the abilities of the registry change right now, computed on demand
and never stored.

:class:`InForce` gathers, for one state, the cards whose special power is in force (the active
cards of both players and the leadership card played this turn, face up, whose text no power
ignores) and answers the questions the rules ask of their hooks (``abilities.py``): what a
card's values and icons are, the floors on total power, prohibitions (the core's ``forbid``
items, weighed by the core's tiers), extra plays, what counts as FREE, take limits, unmet
requirements, "one of my ..." targets, the turn decision's extra answers, the dragons won.
Build one per step and drop it when the state changes.

Blue Moon's own rules for combining them (research §5.2, FAQ "Values and Total Power"):

1. **Ignoring** comes first. Ignoring sources act in their priority order (lowest first); a
   source whose text an earlier acting source ignores does nothing, which breaks cycles. An
   acting source whose text a later acting source ignores is switched off after all (the
   relation is one-way, so the order should not decide: Flitterflutter beats Laughing Gas
   whatever the priorities), and two sources of the same power that ignore each other are both
   off. PROTECTED (an active card's own, not ignored PROTECTED icon) shields a card from its
   opponent's ignores unless the ignore names icons.
2. **Values**: the game's own fold of the registry's modifiers. Increases (``at_least``,
   ``becomes``) are applied in the order that gives the highest value (rule 7), then doublings;
   each modifier's amount is evaluated with ``value`` bound to the value so far and ``fire`` /
   ``earth`` to the card's values after ignoring. Floors on total power come last.

An ``applies`` expression that depends only on the card's printed (or face-down) definition and
on whose card it is is evaluated once per definition, when the powers are loaded (a table in
``Powers.tables``); the others are evaluated on the state.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cardwright.core.abilities import Ability, ModifierSpec
from cardwright.core.effects import RULE, Permission, allowed
from cardwright.core.state import Bindings, CardRef, Option
from cardwright.core.vocab import Ctx, Expr
from cardwright.core.vocab.exprs import (
    ARITH,
    COMPARE,
    AllOf,
    AnyOf,
    Arith,
    Attr,
    Call,
    Compare,
    Const,
    Neg,
    Not,
    Seats,
    Var,
)

from .abilities import (
    ANY_NUMBER,
    IG_EARTH,
    IG_FIRE,
    IG_ICONS,
    IG_TEXT,
    LAYER_DOUBLE,
    LAYER_INCREASE,
    DragonItem,
    IgnoreItem,
)
from .cards import BLUFF, BLUFF_DEF, CardDef, all_defs, card_def
from .state import BMState
from .words import VALUE as _VALUE

if TYPE_CHECKING:
    from .game import BlueMoon

Source = tuple[CardRef, Ability]
_NO_VARS = Bindings()


class InForceCtx(Ctx):
    """A context made while the powers in force are at hand (``eff``)."""

    eff: InForce | None = None


_NONE: tuple[Source, ...] = ()
_PLAY_ZONES = ("combat:0", "support:0", "combat:1", "support:1")

#: Effects lists by the hook that puts a source in them
BUCKETS = {
    "modifiers": "value_srcs",
    "floors": "floors",
    "forbids": "prohibitors",
    "grants": "grant_srcs",
    "free": "free_srcs",
    "requirements": "unmet_srcs",
    "turn_actions": "option_srcs",
    "take_limits": "take_srcs",
    "targets": "target_srcs",
    "dragons": "dragons",
}


# ==================================================================================== card tests
_NOT_STATIC = object()
#: card attributes that depend only on the definition the rules see (and the printed one)
_STATIC_ATTRS = frozenset(
    {
        "type",
        "people",
        "name",
        "words",
        "first_word",
        "number",
        "fire",
        "earth",
        "icons",
        "shows_icon",
        "printed_icons",
        "printed_type",
        "printed_fire",
        "printed_earth",
        "text",
        "gang",
        "bluff_kind",
        "bluff",
        "owner",
        "controller",
    }
)
_PURE_CALLS = {"max": max, "min": min}


def static_attr(seen: CardDef, printed: CardDef, bluff: bool, mine: bool, name: str) -> Any:
    """A card attribute from its definitions (seats relative: 0 is "you", 1 the opponent)."""
    if name in ("owner", "controller"):
        return 0 if mine else 1
    if name == "bluff":
        return bluff
    if name.startswith("printed_"):
        return getattr(printed, name[8:])
    if name == "shows_icon":
        return bool(seen.icons)
    if name == "text":
        return bool(seen.ability)
    if name == "words":
        return tuple(seen.name.split())
    if name == "number":
        return seen.id
    return getattr(seen, name)


def _static(node: Expr, seen: CardDef, printed: CardDef, bluff: bool, mine: bool) -> Any:
    if isinstance(node, Const):
        return node.value
    if isinstance(node, Attr) and isinstance(node.what, Var) and node.what.name == "it":
        if node.name not in _STATIC_ATTRS:
            return _NOT_STATIC
        return static_attr(seen, printed, bluff, mine, node.name)
    if isinstance(node, Seats) and node.whose in ("you", "opponent"):
        return [0] if node.whose == "you" else [1]
    parts: tuple[Expr, ...]
    if isinstance(node, Compare | Arith):
        parts = (node.left, node.right)
    elif isinstance(node, Not | Neg):
        parts = (node.what,)
    elif isinstance(node, AllOf | AnyOf):
        parts = node.parts
    elif isinstance(node, Call) and node.name in _PURE_CALLS:
        parts = node.args
    else:
        return _NOT_STATIC
    values = []
    for p in parts:
        v = _static(p, seen, printed, bluff, mine)
        if v is _NOT_STATIC:
            return _NOT_STATIC
        values.append(v)
    if isinstance(node, Compare):
        return COMPARE[node.op](values[0], values[1])
    if isinstance(node, Arith):
        return ARITH[node.op](values[0], values[1])
    if isinstance(node, Not):
        return not values[0]
    if isinstance(node, Neg):
        return -values[0]
    if isinstance(node, AllOf):
        return all(values)
    if isinstance(node, AnyOf):
        return any(values)
    assert isinstance(node, Call)
    return _PURE_CALLS[node.name](*values)


def card_table(expr: Expr) -> frozenset[tuple[str, bool, bool]] | None:
    """The table of a static ``applies`` expression: the (card number, face-down bluff, card of
    "you") it holds for; None when it reads the state and must be evaluated on it. Built once
    per expression when the powers are loaded (``Powers.tables``)."""
    table: set[tuple[str, bool, bool]] = set()
    for number, printed in all_defs().items():
        for bluff in (False, True) if "bluff" in printed.icons else (False,):
            seen = BLUFF_DEF if bluff else printed
            for mine in (True, False):
                value = _static(expr, seen, printed, bluff, mine)
                if value is _NOT_STATIC:
                    return None
                if value:
                    table.add((number, bluff, mine))
    return frozenset(table)


# ==================================================================================== in force
class InForce:
    """The powers in force for one state (see the module docstring)."""

    __slots__ = (
        "_active",
        "_conds",
        "_flags",
        "_forbidding",
        "_mods",
        "defs",
        "dragons",
        "floors",
        "free_srcs",
        "g",
        "grant_srcs",
        "ignorers",
        "option_srcs",
        "prohibitors",
        "s",
        "sources",
        "splits",
        "tables",
        "take_srcs",
        "target_srcs",
        "unmet_srcs",
        "value_srcs",
    )

    def __init__(self, g: BlueMoon, s: BMState) -> None:
        self.g = g
        self.s = s
        self.defs = g.defs
        powers = g.powers
        self.tables = powers.tables
        self.splits = powers.splits
        by_card = powers.by_card
        cards = s.cards
        zones = s.zones
        covered = s.covered
        self._flags: dict[int, tuple[int, frozenset[str]]] = {}
        self._conds: dict[tuple[int, int], bool] = {}
        self._forbidding: dict[tuple[int, str], list[tuple[int, Ability, Any]]] = {}
        self._mods: dict[int, list[tuple[int, ModifierSpec, CardRef, Ability]]] | None = None
        self._active: set[int] | None = None
        priority = powers.ignore_priority
        sources: list[Source] = []
        ordered: list[Source] = []  # the sources that ignore, in table order
        for zone in _PLAY_ZONES:
            for cid in zones[zone]:
                card = cards[cid]
                ability = by_card.get(card.defn)
                if ability is not None and card.face_up and not (covered and cid in covered):
                    x = (cid, ability)
                    sources.append(x)  # type: ignore[arg-type]
                    if ability.id in priority:
                        ordered.append(x)  # type: ignore[arg-type]
        lead = s.turn_info.leadership
        if lead is not None and lead in cards:
            ability = by_card.get(cards[lead].defn)
            if ability is not None:
                x = (lead, ability)
                sources.append(x)
                if ability.id in priority:
                    ordered.append(x)
        self.sources: Sequence[Source] = sources
        self.ignorers: Sequence[Source] = _NONE
        self.value_srcs: Sequence[Source] = _NONE
        self.floors: Sequence[Source] = _NONE
        self.prohibitors: Sequence[Source] = _NONE
        self.grant_srcs: Sequence[Source] = _NONE
        self.free_srcs: Sequence[Source] = _NONE
        self.unmet_srcs: Sequence[Source] = _NONE
        self.option_srcs: Sequence[Source] = _NONE
        self.take_srcs: Sequence[Source] = _NONE
        self.target_srcs: Sequence[Source] = _NONE
        self.dragons: Sequence[Source] = _NONE
        if not sources:  # the usual case: nothing to evaluate
            return
        if ordered:
            ordered.sort(key=lambda x: priority[x[1].id])
            ignorers = self._resolve_ignorers(ordered)
            if ignorers:
                acted = {cid for cid, _ in ignorers}
                sources = [x for x in sources if x[0] in acted or not self.flags(x[0])[0] & IG_TEXT]
                self.sources = sources
        buckets = powers.buckets
        lists: dict[str, list[Source]] = {}
        for x in sources:
            for bucket in buckets[x[1].id]:
                found = lists.get(bucket)
                if found is None:
                    lists[bucket] = [x]
                else:
                    found.append(x)
        for bucket, found in lists.items():
            setattr(self, bucket, found)

    # ---------------------------------------------------------------- evaluating
    def ctx(self, src: int, ability: Ability, you: int, vars: Bindings | None = None) -> Ctx:
        """A context for evaluating ``ability`` (of card ``src``) for seat ``you`` (words
        that need what is in force read it from the context instead of building it again)."""
        return InForceCtx(self.g, self.s, ability, CardRef(src), you, vars or _NO_VARS, eff=self)

    def test(self, expr: Expr | None, src: int, ability: Ability, cid: int) -> bool:
        """Whether ``expr`` (an ``applies``: None holds for any card) holds for card ``cid``,
        as the power of ``src`` sees it."""
        if expr is None:
            return True
        cards = self.s.cards
        you = cards[src].controller
        table = self.tables.get(id(expr))
        card = cards[cid]
        if table is not None:
            bluff = not card.face_up and card.counters.get(BLUFF) == 1
            return (card.defn, bluff, card.owner == you) in table
        it = Bindings(cards={"it": [CardRef(cid)]})
        return bool(expr.eval(self.ctx(src, ability, you, it)))

    def _chosen_among(self, expr: Expr | None, src: int, ability: Ability) -> list[int]:
        """The cards in play an ``applies`` expression may hold for: the selection it names
        (``it in <cards>``, ``it == picked``, first in an ``and``), evaluated once, else every
        card in the combat and support areas."""
        split = None if expr is None else self.splits.get(id(expr))
        if split is None:
            zones = self.s.zones
            return [c for zone in _PLAY_ZONES for c in zones[zone]]
        return list(self._value(split, src, ability))

    def _holds(self, expr: Expr | None, src: int, ability: Ability) -> bool:
        """Whether a condition of the power of ``src`` holds now (worked out once for the life
        of this object, as nothing changes meanwhile)."""
        if expr is None:
            return True
        key = (src, id(expr))
        found = self._conds.get(key)
        if found is None:
            ctx = self.ctx(src, ability, self.s.cards[src].controller)
            found = self._conds[key] = bool(expr.eval(ctx))
        return found

    @property
    def active(self) -> set[int]:
        """The active cards of both players (uncovered combat cards and support cards)."""
        if self._active is None:
            s = self.s
            covered = s.covered
            self._active = {
                cid for zone in _PLAY_ZONES for cid in s.zones[zone] if cid not in covered
            }
        return self._active

    def live(self) -> list[CardRef]:
        """The cards whose power is in force, in the order their listeners hear events."""
        return [cid for cid, _ in self.sources]

    # ---------------------------------------------------------------- layer 0: ignoring
    def _resolve_ignorers(self, ordered: list[Source]) -> list[Source]:
        """The ignoring sources in force (rule 1 of the module docstring)."""
        excluded: set[int] = set()
        while True:
            ignorers: list[Source] = []
            self.ignorers = ignorers
            self._flags = {}
            for cid, ability in ordered:
                if cid not in excluded and not self._compute(cid)[0] & IG_TEXT:
                    ignorers.append((cid, ability))
            if len(ordered) < 2:
                return ignorers
            drop = self._overruled(ordered, ignorers, excluded)
            if not drop:
                return ignorers
            excluded |= drop

    def _overruled(
        self, ordered: list[Source], ignorers: list[Source], excluded: set[int]
    ) -> set[int]:
        acting = {cid for cid, _ in ignorers}
        for i, (x, ax) in enumerate(ignorers):
            for y, ay in ignorers[i + 1 :]:
                if self._one(y, ay, x, self.flags(x)[1]) & IG_TEXT:
                    return {x}
            for y, ay in ordered:  # same power both ways: mutual ignoring switches both off
                if y in acting or y in excluded or ay.rule != ax.rule:
                    continue
                if self._one(y, ay, x, self.flags(x)[1]) & IG_TEXT:
                    return {x, y}
        return set()

    def _shielded(self, item: IgnoreItem, src: int, cid: int, icons: frozenset[str]) -> bool:
        """PROTECTED: opposing ignores that do not name icons do not reach an active card."""
        s = self.s
        return (
            not item.pierces
            and "protected" in icons
            and s.cards[src].controller != s.cards[cid].owner
            and cid in self.active
        )

    def _one(self, src: int, ability: Ability, cid: int, icons: frozenset[str]) -> int:
        """The mask one ignoring source applies to ``cid``."""
        mask = 0
        item: IgnoreItem
        for item in ability.hooks["ignores"]:
            if self.test(item.applies, src, ability, cid) and not self._shielded(
                item, src, cid, icons
            ):
                mask |= item.mask
        return mask

    def _compute(self, cid: int) -> tuple[int, frozenset[str]]:
        icons = card_def(self.defs, self.s.cards[cid]).icons
        mask = 0
        item: IgnoreItem
        for src, ability in self.ignorers:
            for item in ability.hooks["ignores"]:
                if not self.test(item.applies, src, ability, cid):
                    continue
                if self._shielded(item, src, cid, icons):
                    continue
                mask |= item.mask
                if item.mask & IG_ICONS:
                    icons = icons & item.keep
        return mask, icons

    def flags(self, cid: int) -> tuple[int, frozenset[str]]:
        """``(ignore mask, effective icons)`` of a card anywhere (hand included)."""
        if not self.ignorers:
            return 0, card_def(self.defs, self.s.cards[cid]).icons
        got = self._flags.get(cid)
        if got is None:
            got = self._flags[cid] = self._compute(cid)
        return got

    def icons(self, cid: int) -> frozenset[str]:
        if not self.ignorers:  # (as :meth:`flags`, one call less: asked for every card)
            return card_def(self.defs, self.s.cards[cid]).icons
        return self.flags(cid)[1]

    def text_on(self, cid: int) -> bool:
        return not self.flags(cid)[0] & IG_TEXT

    def protected(self, cid: int) -> bool:
        """The PROTECTED flag: an active card whose PROTECTED icon is not ignored. The powers
        consult it before an opposing ignore, discard or value reduction."""
        return cid in self.active and "protected" in self.icons(cid)

    # ---------------------------------------------------------------- values
    def _modifiers(self) -> dict[int, list[tuple[int, ModifierSpec, CardRef, Ability]]]:
        """Per card in play, the value changes that apply to it (with their sources)."""
        if self._mods is None:
            out: dict[int, list[tuple[int, ModifierSpec, CardRef, Ability]]] = {}
            for src, ability in self.value_srcs:
                for mod in ability.modifiers:
                    for cid in self._chosen_among(mod.applies, src, ability):
                        if self.test(mod.applies, src, ability, cid):
                            out.setdefault(cid, []).append((mod.layer, mod, src, ability))
            self._mods = out
        return self._mods

    def base(self, cid: int, element: str) -> int:
        d = card_def(self.defs, self.s.cards[cid])
        if self.ignorers:
            mask = self.flags(cid)[0]
            if mask & (IG_FIRE if element == "fire" else IG_EARTH):
                return 0
        return d.fire if element == "fire" else d.earth

    def value(self, cid: int, element: str) -> int:
        """A card's value in ``element`` after ignoring, increases and doubling."""
        v = self.base(cid, element)
        if not self.value_srcs:
            return v
        mods = self._modifiers().get(cid)
        if not mods:
            return v
        mine = [m for m in mods if m[1].key in ("values", element)]
        if not mine:
            return v
        fire, earth = self.base(cid, "fire"), self.base(cid, "earth")

        def apply(w: int, mod: tuple[int, ModifierSpec, CardRef, Ability]) -> int:
            _, spec, src, ability = mod
            if spec.amount is _VALUE:  # doubling
                return w + w
            vars = Bindings(
                cards={"it": [CardRef(cid)]}, nums={"value": w, "fire": fire, "earth": earth}
            )
            ctx = self.ctx(src, ability, self.s.cards[src].controller, vars)
            return w + int(spec.amount.eval(ctx))

        ups = [m for m in mine if m[0] == LAYER_INCREASE]
        if len(ups) == 1:
            v = apply(v, ups[0])
        elif ups:  # several increases: the order that gives the highest value (rule 7)
            best = v
            for order in itertools.permutations(ups):
                w = v
                for m in order:
                    w = apply(w, m)
                best = max(best, w)
            v = best
        for m in mine:
            if m[0] == LAYER_DOUBLE:
                v = apply(v, m)
        return v

    def floor(self, seat: int, element: str) -> int:
        best = 0
        for src, ability in self.floors:
            if self.s.cards[src].controller != seat:
                continue
            for item in ability.hooks["floors"]:
                if item.element in ("", element):
                    best = max(best, int(self._value(item.amount, src, ability)))
        return best

    def _value(self, expr: Expr, src: int, ability: Ability) -> Any:
        if type(expr) is Const:
            return expr.value
        return expr.eval(self.ctx(src, ability, self.s.cards[src].controller))

    # ---------------------------------------------------------------- permissions and plays
    def permissions(self, seat: int, action: str, card: int = -1) -> list[Permission]:
        """The "cannot"s of the powers in force for ``seat`` doing ``action`` (to ``card``,
        if any): the core's ``forbid`` items, a card's "cannot" tier."""
        rules = self._forbidding.get((seat, action))
        if rules is None:
            rules = self._forbidding[(seat, action)] = self._forbids(seat, action)
        return [
            Permission(action, src, False)
            for src, ability, rule in rules
            if rule.applies is None or (card >= 0 and self.test(rule.applies, src, ability, card))
        ]

    def prohibited(self, seat: int, action: str, card: int = -1) -> bool:
        """A power forbids ``seat`` to do ``action`` (a card's "cannot" beats every "can")."""
        if not self.prohibitors:
            return False
        rules = self._forbidding.get((seat, action))
        if rules is None:
            rules = self._forbidding[(seat, action)] = self._forbids(seat, action)
        if not rules:
            return False
        return not allowed(self.permissions(seat, action, card))

    def _forbids(self, seat: int, action: str) -> list[tuple[int, Ability, Any]]:
        """The "cannot"s of ``action`` that concern ``seat`` now, whatever the card."""
        out: list[tuple[int, Ability, Any]] = []
        cards = self.s.cards
        for src, ability in self.prohibitors:
            controller = cards[src].controller
            for rule in ability.rules:
                if rule.action != action or rule.allow:
                    continue
                if (rule.by == "opponent" and seat == controller) or (
                    rule.by == "you" and seat != controller
                ):
                    continue
                if self._holds(rule.condition, src, ability):
                    out.append((src, ability, rule))
        return out

    def play_allowed(self, seat: int, card: int, stop: bool, granted: int | None) -> bool:
        """Whether ``seat`` may play ``card`` at all now: a power's "cannot" beats everything;
        a STOP card is a rule's "cannot" that an extra play a text allows (``granted``: its
        source, -1 for no card in particular) beats (004 Icons: STOP; FAQ on Trigger
        Brainstorm)."""
        perms = self.permissions(seat, "play", card) if self.prohibitors else []
        if stop:
            perms.append(Permission("play", -1, False, RULE))
        if granted is not None:
            perms.append(Permission("play", granted, True))
        return allowed(perms)

    def grants(self, seat: int) -> dict[str, int]:
        total: dict[str, int] = {}
        for src, ability in self.grant_srcs:
            if self.s.cards[src].controller != seat:
                continue
            for item in ability.hooks["grants"]:
                total[item.kind] = min(ANY_NUMBER, total.get(item.kind, 0) + item.n)
        return total

    def free_by_text(self, seat: int, cid: int) -> bool:
        """Whether a text makes the hand card ``cid`` count as FREE: its own ("free if ..."),
        or a power in force ("the next card I play")."""
        g, s = self.g, self.s
        defn = s.cards[cid].defn
        if defn in g.powers.own_free and self.text_on(cid):
            own = g.powers.by_card[defn]
            for item in own.hooks["free"]:
                if item.own and item.condition.eval(self.ctx(cid, own, seat)):
                    return True
        if not self.free_srcs:
            return False
        for src, ability in self.free_srcs:
            if src == cid or s.cards[src].controller != seat:
                continue
            for item in ability.hooks["free"]:
                if not item.own and self._holds(item.condition, src, ability):
                    return True
        return False

    def play_condition_met(self, seat: int, cid: int) -> bool:
        """The hand card's own "I may only play this if" (while its text is not ignored)."""
        defn = self.s.cards[cid].defn
        powers = self.g.powers
        if defn not in powers.conditional or not self.text_on(cid):
            return True
        own = powers.by_card[defn]
        return bool(own.hooks["play_condition"].eval(self.ctx(cid, own, seat)))

    def take_limit(self, seat: int, from_deck: bool) -> int:
        """How many more cards ``seat`` may take into hand now (``ANY_NUMBER``: no limit)."""
        most = ANY_NUMBER
        cards = self.s.cards
        for src, ability in self.take_srcs:
            mine = cards[src].controller == seat
            for item in ability.hooks["take_limits"]:
                if (item.whose == "you") != mine or (item.from_deck and not from_deck):
                    continue
                if not self._holds(item.condition, src, ability):
                    continue
                most = min(most, int(self._value(item.amount, src, ability)))
        return max(0, most)

    def unmet(self, seat: int) -> bool:
        """Whether ``seat`` has not met a requirement a power makes of it (it must retreat)."""
        cards = self.s.cards
        for src, ability in self.unmet_srcs:
            mine = cards[src].controller == seat
            for item in ability.hooks["requirements"]:
                if (item.whose == "you") == mine and not self._holds(item.met, src, ability):
                    return True
        return False

    def influencers(self, cid: int) -> list[CardRef]:
        """The opposing cards in force that influence card ``cid`` now: they ignore something
        of it or change one of its values (Special Rule 2: "influenced ... by your opponent")."""
        cards = self.s.cards
        owner = cards[cid].owner
        found: set[int] = set()
        if self.ignorers:
            icons = self.flags(cid)[1]
            for src, ability in self.ignorers:
                if cards[src].controller != owner and self._one(src, ability, cid, icons):
                    found.add(src)
        if self.value_srcs:
            for _, _, src, _ in self._modifiers().get(cid, ()):
                if cards[src].controller != owner:
                    found.add(src)
        return [CardRef(c) for c in sorted(found)]

    def target_choices(self, src: int, ability: Ability) -> list[int]:
        """The cards a "one of my ..." power may apply to now."""
        (item,) = ability.hooks["targets"]
        return list(self._value(item.candidates, src, ability))

    def dragon_changes(self, retreater: int) -> list[tuple[CardRef, Ability, DragonItem]]:
        """The changes to the dragons won when ``retreater`` retreats, by priority (additional,
        fewer, at most, none), each with its card."""
        found: list[tuple[CardRef, Ability, DragonItem]] = []
        cards = self.s.cards
        for src, ability in self.dragons:
            mine = cards[src].controller == retreater
            for item in ability.hooks["dragons"]:
                if (item.retreats == "you") == mine and self._holds(item.condition, src, ability):
                    found.append((src, ability, item))
        found.sort(key=lambda x: x[2].priority)
        return found

    def turn_options(self, seat: int) -> list[Option]:
        """The answers powers in force add to ``seat``'s turn decision."""
        options: list[Option] = []
        for src, ability in self.option_srcs:
            for item in ability.hooks["turn_actions"]:
                options.extend(item.options(self, src, ability, seat))
        return options
