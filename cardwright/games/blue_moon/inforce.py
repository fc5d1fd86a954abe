"""The powers in force: continuous effects computed on demand and never stored.

:class:`Effects` gathers, for one state, the special powers whose text is in force (the active
cards of both players and the leadership card played this turn, whose text no power ignores)
and answers the questions the rules ask of them: what a card's values and icons are (ignoring,
then increases in the order giving the highest values, then doubling), the floors on total
power, prohibitions, extra plays, take limits, unmet requirements. Build one per step and drop
it when the state changes.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import TYPE_CHECKING

from .abilities import (
    ANY_NUMBER,
    IG_EARTH,
    IG_FIRE,
    IG_ICONS,
    IG_TEXT,
    LAYER_DOUBLE,
    LAYER_INCREASE,
    AbilitySpec,
    ValueMod,
)
from .cards import all_defs, card_def
from .state import BMState

if TYPE_CHECKING:
    from .game import BlueMoon


Source = tuple[int, AbilitySpec]
_NONE: tuple[Source, ...] = ()
_PLAY_ZONES = ("combat:0", "support:0", "combat:1", "support:1")


class Effects:
    """The continuous effects in force right now, computed on demand and never stored.

    Sources are the active cards of both players and the leadership card played this turn that
    have an implemented power. Layer 0 is ignoring (sources in ``ignore_priority`` order; a
    source whose text is ignored does nothing; PROTECTED shields active cards from opposing
    ignores); then value increases (in the order giving the highest value), doubling, and
    finally floors on total power. Build one per step and drop it when the state changes.
    """

    __slots__ = (
        "_active",
        "_flags",
        "_mods",
        "after",
        "defs",
        "dragons",
        "ends",
        "floors",
        "free_srcs",
        "g",
        "grant_srcs",
        "ignorers",
        "opp_after",
        "option_srcs",
        "prohibitors",
        "s",
        "sources",
        "starts",
        "take_srcs",
        "target_srcs",
        "unmet_srcs",
        "value_srcs",
    )

    def __init__(self, g: BlueMoon, s: BMState) -> None:
        self.g = g
        self.s = s
        defs = self.defs = all_defs()
        cards = s.cards
        zones = s.zones
        covered = s.covered
        self._flags: dict[int, tuple[int, frozenset[str]]] = {}
        self._mods: dict[int, list[ValueMod]] | None = None
        self._active: set[int] | None = None
        sources: list[Source] = []
        for zone in _PLAY_ZONES:
            for cid in zones[zone]:
                card = cards[cid]
                spec = defs[card.defn].spec
                if spec is not None and card.face_up and not (covered and cid in covered):
                    sources.append((cid, spec))
        lead = s.turn_info.leadership
        if lead is not None and lead in cards:
            spec = defs[cards[lead].defn].spec
            if spec is not None:
                sources.append((lead, spec))
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
        self.opp_after: Sequence[Source] = _NONE
        self.target_srcs: Sequence[Source] = _NONE
        self.dragons: Sequence[Source] = _NONE
        self.starts: Sequence[Source] = _NONE
        self.after: Sequence[Source] = _NONE
        self.ends: Sequence[Source] = _NONE
        if not sources:  # the usual case: nothing to evaluate
            return
        ordered = sorted(
            (x for x in sources if x[1].ignores is not None),
            key=lambda x: x[1].ignore_priority,
        )
        if ordered:
            ignorers = self._resolve_ignorers(ordered)
            if ignorers:
                acted = {cid for cid, _ in ignorers}
                sources = [x for x in sources if x[0] in acted or not self.flags(x[0])[0] & IG_TEXT]
                self.sources = sources
        # one pass: each source into the lists of the hooks its power has
        lists: dict[str, list[Source]] = {}
        for x in sources:
            for slot in x[1].slots:
                if slot in lists:
                    lists[slot].append(x)
                else:
                    lists[slot] = [x]
        if lists:
            for slot, found in lists.items():
                setattr(self, slot, found)
            if len(self.dragons) > 1:
                self.dragons = sorted(self.dragons, key=lambda x: x[1].dragon_priority)

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

    # ---------------------------------------------------------------- layer 0: ignoring
    def _resolve_ignorers(self, ordered: list[Source]) -> list[Source]:
        """The ignoring sources in force. In ``ignore_priority`` order, a source acts unless an
        acting one ignores its text. Then an acting source whose text a later acting source
        ignores is switched off after all (the later one was not ignored by it, so the relation
        is one-way and the order should not matter: Flitterflutter beats Laughing Gas whatever
        the priorities), and the pass is repeated without it. Two sources with the same power
        that ignore each other are both off; other mutual pairs go by priority."""
        excluded: set[int] = set()
        while True:
            ignorers: list[Source] = []
            self.ignorers = ignorers
            self._flags = {}
            for cid, spec in ordered:
                if cid not in excluded and not self._compute(cid)[0] & IG_TEXT:
                    ignorers.append((cid, spec))
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
        for i, (x, sx) in enumerate(ignorers):
            for y, sy in ignorers[i + 1 :]:
                if self._one(y, sy, x, self.flags(x)[1]) & IG_TEXT:
                    return {x}
            for y, sy in ordered:  # same power both ways: mutual ignoring switches both off
                if y in acting or y in excluded or sy.id != sx.id:
                    continue
                if self._one(y, sy, x, self.flags(x)[1]) & IG_TEXT:
                    return {x, y}
        return set()

    def _one(self, src: int, spec: AbilitySpec, cid: int, icons: frozenset[str]) -> int:
        """The mask one ignoring source applies to ``cid`` (0 where PROTECTED stops it)."""
        assert spec.ignores is not None
        s = self.s
        ig = spec.ignores(self.g, s, src, cid)
        if ig is None:
            return 0
        if (
            not ig.pierces_protected
            and "protected" in icons
            and s.cards[src].controller != s.cards[cid].owner
            and cid in self.active
        ):
            return 0  # PROTECTED: opposing ignores do not reach an active card
        return ig.mask

    def _compute(self, cid: int) -> tuple[int, frozenset[str]]:
        s = self.s
        card = s.cards[cid]
        icons = card_def(self.defs, card).icons
        mask = 0
        for src, spec in self.ignorers:
            assert spec.ignores is not None
            ig = spec.ignores(self.g, s, src, cid)
            if ig is None:
                continue
            if (
                not ig.pierces_protected
                and "protected" in icons
                and s.cards[src].controller != card.owner
                and cid in self.active
            ):
                continue  # PROTECTED: opposing ignores do not reach an active card
            mask |= ig.mask
            if ig.mask & IG_ICONS:
                icons = icons & ig.keep_icons
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
        return self.flags(cid)[1]

    def text_on(self, cid: int) -> bool:
        return not self.flags(cid)[0] & IG_TEXT

    def protected(self, cid: int) -> bool:
        """The PROTECTED flag: an active card whose PROTECTED icon is not ignored. The ability
        machinery consults it before an opposing ignore, discard or value reduction."""
        return cid in self.active and "protected" in self.icons(cid)

    # ---------------------------------------------------------------- values
    def mods(self) -> dict[int, list[ValueMod]]:
        if self._mods is None:
            out: dict[int, list[ValueMod]] = {}
            for src, spec in self.value_srcs:
                assert spec.value_mods is not None
                for mod in spec.value_mods(self.g, self.s, self, src):
                    out.setdefault(mod.target, []).append(mod)
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
        mods = self.mods().get(cid)
        if not mods:
            return v
        mine = [m for m in mods if m.element in ("both", element)]
        if not mine:
            return v
        fire, earth = self.base(cid, "fire"), self.base(cid, "earth")
        ups = [m for m in mine if m.layer == LAYER_INCREASE]
        if len(ups) == 1:
            v = ups[0].op(v, fire, earth)
        elif ups:  # several increases: the order that gives the highest value (004 rule 7)
            best = v
            for order in itertools.permutations(ups):
                w = v
                for m in order:
                    w = m.op(w, fire, earth)
                best = max(best, w)
            v = best
        for m in mine:
            if m.layer == LAYER_DOUBLE:
                v = m.op(v, fire, earth)
        return v

    def floor(self, seat: int, element: str) -> int:
        best = 0
        for src, spec in self.floors:
            assert spec.power_floor is not None
            best = max(best, spec.power_floor(self.g, self.s, src, seat, element))
        return best

    # ---------------------------------------------------------------- permissions
    def prohibited(self, seat: int, action: str, card: int = -1) -> bool:
        for src, spec in self.prohibitors:
            assert spec.prohibits is not None
            if spec.prohibits(self.g, self.s, src, seat, action, card):
                return True
        return False

    def grants(self, seat: int) -> dict[str, int]:
        total: dict[str, int] = {}
        for src, spec in self.grant_srcs:
            assert spec.grants is not None
            for kind, n in spec.grants(self.g, self.s, src, seat).items():
                total[kind] = min(99, total.get(kind, 0) + n)
        return total

    def take_limit(self, seat: int, from_deck: bool) -> int:
        """How many more cards ``seat`` may take into hand now (``ANY_NUMBER``: no limit)."""
        most = ANY_NUMBER
        for src, spec in self.take_srcs:
            assert spec.take_limit is not None
            most = min(most, spec.take_limit(self.g, self.s, src, seat, from_deck))
        return max(0, most)

    def unmet(self, seat: int) -> bool:
        for src, spec in self.unmet_srcs:
            assert spec.requirement_unmet is not None
            if spec.requirement_unmet(self.g, self.s, self, src, seat):
                return True
        return False
