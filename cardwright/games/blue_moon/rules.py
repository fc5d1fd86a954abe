"""Blue Moon's rules: setup, fights, the turn's phases, total power, icons, dragons and the end.

Flow (``state.stack``, bottom first): ``bm.game`` starts each fight; ``bm.fight`` (seat = the
fight's start player) alternates ``bm.turn`` frames. A turn runs the phases of research
``bluemoon.md`` §2.2 in order: beginning (start-of-turn powers), then one repeated ``turn``
decision whose options follow the phases (RETRIEVE, one leadership card, retreat / decline or the
first character, more characters, boosters and supports, ``announce``), then the after
booster/support powers, the announcement (choosing the element on a fight's opening turn),
refresh and end. One decision for all the playing phases keeps the questions the same whatever
the hand holds, so asking reveals nothing. ``bm.retreat`` and ``bm.decline`` end a fight (or its
opening) and unwind the stack to ``bm.game``.

Every handler follows the core's contract (``handler(state, frame, choice)``): run with
``choice=None`` it either does work or asks a question without changing anything; answered, it
carries out the answer. Rule ids cited here are in ``rules.toml``; readings chosen where the
sources are unclear are in ``docs/rulings/blue-moon.md``. Special powers plug in
through ``abilities.py``; continuous ones are evaluated by :class:`Effects` on every query.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from cardwright.core import rng as chance
from cardwright.core.errors import ConfigError, DataError, EngineError
from cardwright.core.game import Game
from cardwright.core.rng import LocalRng
from cardwright.core.rules import RulesIndex
from cardwright.core.state import Card, Frame, Option, State, Trigger
from cardwright.core.zones import card_places, create_card, move

from . import buka_rules as buka
from .abilities import (
    ABILITIES,
    ANY_NUMBER,
    CHARACTER_OPTIONAL,
    IG_EARTH,
    IG_FIRE,
    IG_ICONS,
    IG_TEXT,
    LAYER_DOUBLE,
    LAYER_INCREASE,
    VALUE_DISCARD,
    AbilitySpec,
    ValueMod,
    value_discard_frame,
)
from .carddata import PEOPLES, load_all
from .decks import resolve_deck
from .state import BMState, TurnInfo

HAND_SIZE = 6
ELEMENTS = ("fire", "earth")
ZONES = (
    "deck",
    "hand",
    "combat",
    "support",
    "discard",
    "leadership",
    "leader",
    "influence",
    "landed",
)
UNSUPPORTED_PEOPLES: dict[str, str] = {}

# turn steps
S_START, S_MAIN, S_AFTER, S_ANNOUNCE, S_REFRESH, S_END, S_END2, S_END3, S_DONE = range(9)


def other(seat: int) -> int:
    return 1 - seat


# ==================================================================================== card data


@dataclass(frozen=True, slots=True)
class CardDef:
    """A card as the rules see it: printed values (missing = 0), icons, gang, its power's id and
    the power's spec when it is implemented. Looked up by card number (``Card.defn``)."""

    id: str
    name: str
    type: str
    fire: int
    earth: int
    icons: frozenset[str]
    gang: str
    ability: str
    spec: AbilitySpec | None
    first_word: str
    people: str
    text: str
    bluff_kind: str = ""
    capacity: int = 0

    def value(self, element: str) -> int:
        return self.fire if element == "fire" else self.earth


@functools.cache
def all_defs() -> dict[str, CardDef]:
    """Every card of the nine decks by number (``"Hoax 12"``)."""
    out: dict[str, CardDef] = {}
    for deck in load_all().values():
        for c in deck.all_cards:
            out[c.number] = CardDef(
                id=c.number,
                name=c.name,
                type=c.type,
                fire=c.fire or 0,
                earth=c.earth or 0,
                icons=frozenset(c.icons),
                gang=c.gang or "",
                ability=c.ability or "",
                spec=ABILITIES.get(c.ability) if c.ability else None,
                first_word=c.name.split(" ", 1)[0],
                people=c.people,
                text=c.text,
                bluff_kind=c.bluff_kind or "",
                capacity=c.capacity or 0,
            )
    return out


# A face-down bluff as the rules see it: a support card with 2 Fire, 2 Earth, no icons, no text.
BLUFF_DEF = CardDef(
    id="bluff",
    name="a bluff",
    type="support",
    fire=2,
    earth=2,
    icons=frozenset(),
    gang="",
    ability="",
    spec=None,
    first_word="",
    people="",
    text="",
)


def card_def(defs: dict[str, CardDef], card: Card) -> CardDef:
    """The definition the rules see: ``BLUFF_DEF`` for a face-down bluff, else the printed."""
    if card.face_up or not card.counters or card.counters.get(buka.BLUFF) != 1:
        return defs[card.defn]
    return BLUFF_DEF


def find_card_def(name: str) -> CardDef:
    """A card by number (``Hoax 12``) or by name (case-insensitive)."""
    defs = all_defs()
    if name in defs:
        return defs[name]
    wanted = name.strip().lower()
    for d in defs.values():
        if d.name.lower() == wanted or d.id.lower() == wanted:
            return d
    raise DataError(f"unknown Blue Moon card {name!r} (give a number like 'Hoax 12' or a name)")


# ==================================================================================== effects

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
        if lead >= 0 and lead in cards:
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


# ==================================================================================== the game


class BlueMoon(Game):
    """Blue Moon (Reiner Knizia): two peoples fight for the favour of three dragons."""

    id = "blue-moon"
    title = "Blue Moon"
    min_players = 2
    max_players = 2
    state_type = BMState

    def __init__(self) -> None:
        super().__init__()
        self.rules = RulesIndex.load(Path(__file__).parent / "rules.toml")
        self.defs = all_defs()
        self.handlers.update(
            {
                "bm.game": self._game,
                "bm.fight": self._fight,
                "bm.turn": self._turn,
                "bm.retreat": self._retreat,
                "bm.decline": self._decline,
                "bm.target": self._target,
                buka.CALL_FRAME: functools.partial(buka.call_frame, self),
                VALUE_DISCARD: functools.partial(value_discard_frame, self),
            }
        )
        for spec in ABILITIES.values():
            for kind, handler in spec.frames.items():
                self.handlers[kind] = cast(
                    "Callable[[State, Frame, str | None], None]", functools.partial(handler, self)
                )

    # ================================================================ configuration and setup
    def default_config(self) -> dict[str, Any]:
        return {
            "peoples": ["Hoax", "Vulca"],
            "names": ["Player 1", "Player 2"],
            "first_player": "random",
            "backtracking": "friendly",
            "open_decklists": False,
            "max_turns": 400,
        }

    def config_choices(self) -> dict[str, tuple[Any, ...]]:
        return {
            "first_player": (0, 1, "random"),
            "backtracking": ("friendly", "strict"),
            "open_decklists": (False, True),
        }

    def validate_config(self, config: Mapping[str, Any] | None) -> dict[str, Any]:
        config = dict(config or {})
        if "decks" in config:  # `--deck` on the command line: the same as 'peoples'
            config["peoples"] = config.pop("decks")
        cfg = super().validate_config(config)
        peoples = cfg["peoples"]
        if not (isinstance(peoples, list) and len(peoples) == 2):
            raise ConfigError(
                f"blue-moon: 'peoples' must name two decks: people names "
                f"({', '.join(PEOPLES)}) or custom deck files"
            )
        resolved = []
        for entry in peoples:
            try:
                deck = resolve_deck(entry)
            except DataError as exc:
                raise ConfigError(f"blue-moon: {exc}") from None
            for number in (deck.leader, *deck.cards):
                people = number.split(" ", 1)[0]
                if people in UNSUPPORTED_PEOPLES:
                    raise ConfigError(
                        f"blue-moon: deck {deck.name!r} holds {number}, and {people} cards are "
                        f"not playable yet: {UNSUPPORTED_PEOPLES[people]}"
                    )
            resolved.append(deck.to_config())
        cfg["peoples"] = resolved
        names = cfg["names"]
        if not (isinstance(names, list) and len(names) == 2 and len(set(map(str, names))) == 2):
            raise ConfigError("blue-moon: 'names' must be a list of two different seat names")
        cfg["names"] = [str(n) for n in names]
        if not isinstance(cfg["max_turns"], int) or cfg["max_turns"] < 2:
            raise ConfigError("blue-moon: 'max_turns' must be a whole number of at least 2")
        return cfg

    def setup(self, state: State) -> None:
        s = cast(BMState, state)
        cfg = s.config
        s.names = list(cfg["names"])
        decks = [resolve_deck(entry) for entry in cfg["peoples"]]
        s.peoples = [d.people for d in decks]
        for seat in (0, 1):
            for zone in ZONES:
                s.zones[f"{zone}:{seat}"] = []
        for seat, deck in enumerate(decks):
            create_card(s, deck.leader, seat, f"leader:{seat}")
            for number in deck.cards:
                create_card(s, number, seat, f"deck:{seat}", face_up=False)
            if s.logging:
                self.log(
                    s,
                    "setup",
                    "bm.setup.decks",
                    f"{s.names[seat]} plays {deck.describe()} "
                    f"(leader {self.defs[deck.leader].name} beside the board)",
                    seat,
                )
            chance.shuffle(s, s.zones[f"deck:{seat}"])
            if s.logging:
                self.log(
                    s,
                    "shuffle",
                    "bm.setup.shuffle",
                    f"{s.names[seat]} shuffles the 30 cards into a draw deck",
                    seat,
                    chance=True,
                )
        first = cfg["first_player"]
        if first == "random":
            first = chance.randbelow(s, 2)
            if s.logging:
                self.log(
                    s,
                    "first_player",
                    "bm.setup.first",
                    f"{s.names[first]} is drawn at random to start the first fight",
                    first,
                    chance=True,
                )
        for seat in (first, other(first)):
            self.draw(s, seat, HAND_SIZE, "bm.setup.hand")
        s.start_player = first
        s.active = first
        self.push(s, "bm.game")

    # ================================================================ lookups
    def defn(self, state: State, card_id: int) -> CardDef:
        """The card as the rules see it (a face-down bluff is ``BLUFF_DEF``)."""
        return card_def(self.defs, state.cards[card_id])

    def printed(self, state: State, card_id: int) -> CardDef:
        """The card's own definition, even for a face-down bluff (for its owner's eyes)."""
        return self.defs[state.cards[card_id].defn]

    def capacity(self, state: State, ship: int) -> int:
        return self.defs[state.cards[ship].defn].capacity

    def card_name(self, state: State, card_id: int) -> str:
        card = state.cards.get(card_id)
        return card_def(self.defs, card).name if card is not None else "a hidden card"

    def effects(self, s: BMState) -> Effects:
        return Effects(self, s)

    def active_cards(self, s: BMState, seat: int) -> list[int]:
        """The seat's active cards: uncovered combat cards, then support cards."""
        combat = s.zones[f"combat:{seat}"]
        covered = s.covered
        out = [c for c in combat if c not in covered] if covered else list(combat)
        out.extend(s.zones[f"support:{seat}"])
        return out

    def total_power(
        self, s: BMState, seat: int, element: str | None = None, eff: Effects | None = None
    ) -> int:
        """The sum of the seat's active cards' values in ``element`` (default: the contested
        one), raised to any floor a power gives (bm.power.total)."""
        element = element or s.element
        if not element:
            return 0
        if eff is None:
            eff = Effects(self, s)
        total = 0
        if eff.ignorers or eff.value_srcs:
            for cid in self.active_cards(s, seat):
                total += eff.value(cid, element)
        else:
            defs, cards = self.defs, s.cards
            fire = element == "fire"
            for cid in self.active_cards(s, seat):
                d = card_def(defs, cards[cid])
                total += d.fire if fire else d.earth
        if eff.floors:
            total = max(total, eff.floor(seat, element))
        return total

    def has_shield(self, s: BMState, seat: int, element: str, eff: Effects) -> bool:
        icon = f"{element}_shield"
        return any(icon in eff.icons(c) for c in self.active_cards(s, seat))

    # ================================================================ basic actions
    def _hand_changed(self, s: BMState, seat: int) -> None:
        seen = s.known[other(seat)]
        if seen:  # cards shown to the opponent stay known only while they stay in this hand
            hand = s.zones[f"hand:{seat}"]
            s.known[other(seat)] = [c for c in seen if c in hand]
        if s.zones[f"hand:{seat}"]:
            s.ran_out[seat] = -1
        elif s.ran_out[seat] < 0:
            s.clock += 1
            s.ran_out[seat] = s.clock

    hand_changed = _hand_changed

    def drawable(self, state: State, seat: int, n: int, eff: Effects | None = None) -> int:
        """How many of ``n`` cards the seat can take from its draw deck now (the deck's
        size, prohibitions and take limits: the core draw's hook)."""
        s = cast(BMState, state)
        k = min(n, len(s.zones[f"deck:{seat}"]))
        if k <= 0:
            return 0
        if eff is None:
            eff = Effects(self, s)
        if eff.prohibitors and (eff.prohibited(seat, "take") or eff.prohibited(seat, "draw")):
            return 0
        if eff.take_srcs:
            k = min(k, eff.take_limit(seat, True))
        return k

    def after_draw(self, state: State, seat: int, drawn: int) -> None:
        """After a draw: the hand changed; the active player's deck draws are counted and
        end backtracking (drawn cards cannot be put back)."""
        if drawn <= 0:
            return
        s = cast(BMState, state)
        self._hand_changed(s, seat)
        ti = s.turn_info
        if seat == s.active:
            key = f"deck:{seat}"
            ti.uses[key] = ti.uses.get(key, 0) + drawn
            if ti.undo_from >= 0:
                ti.irreversible = True

    def refill(self, s: BMState, seat: int, rule: str) -> None:
        hand = len(s.zones[f"hand:{seat}"])
        if hand < HAND_SIZE:
            self.draw(s, seat, HAND_SIZE - hand, rule)

    def leave_play(self, s: BMState, cid: int, to: str, rule: str, by: int) -> None:
        """Move a card in a combat or support area (covered or not) to its owner's ``discard``
        pile (``discard_from_play``) or ``hand`` because of a power used by seat ``by``: it
        stops being covered, a face-down bluff is shown, and "one of my ..." picks made by it or
        on it are forgotten (and asked again)."""
        if to == "discard":
            self.discard_from_play(s, cid, rule)
            return
        card = s.cards[cid]
        owner = card.owner
        if buka.is_bluff(card):
            buka.reveal(self, s, cid, "it goes back to hand")
        zone = "support" if cid in s.zones[f"support:{owner}"] else "combat"
        move(s, cid, f"hand:{owner}", from_zone=f"{zone}:{owner}")
        if cid in s.covered:
            s.covered.remove(cid)
            if cid in s.turn_info.covered:
                s.turn_info.covered.remove(cid)
        s.targets.pop(cid, None)
        for src in [k for k, v in s.targets.items() if v == cid]:
            del s.targets[src]
        self._hand_changed(s, owner)
        if s.logging:
            self.log(
                s,
                "leave_play",
                rule,
                f"{self.card_name(s, cid)} goes from {s.names[owner]}'s {zone} area into "
                "their hand",
                by,
                card=cid,
            )

    def discard_from_hand(self, s: BMState, seat: int, cid: int, rule: str) -> None:
        """Discard a hand card (leadership cards go to the leadership pile)."""
        dest = "leadership" if self.defn(s, cid).type == "leadership" else "discard"
        move(s, cid, f"{dest}:{seat}", from_zone=f"hand:{seat}")
        self._hand_changed(s, seat)
        if s.logging:
            self.log(
                s,
                "discard",
                rule,
                f"{s.names[seat]} discards {self.card_name(s, cid)} from hand",
                seat,
                card=cid,
            )

    def discard_from_play(self, s: BMState, cid: int, rule: str) -> None:
        """Move a card from its owner's combat or support area to the discard pile: it is no
        longer covered or a target; a face-down bluff is shown first."""
        card = s.cards[cid]
        seat = card.owner
        if buka.is_bluff(card):
            buka.reveal(self, s, cid, "it is discarded")
        zone = f"combat:{seat}" if cid in s.zones[f"combat:{seat}"] else f"support:{seat}"
        move(s, cid, f"discard:{seat}", from_zone=zone)
        if cid in s.covered:
            s.covered.remove(cid)
        ti = s.turn_info
        if cid in ti.covered:
            ti.covered.remove(cid)
        if cid in ti.pair_open:
            ti.pair_open.remove(cid)
        s.targets.pop(cid, None)
        for src in [k for k, v in s.targets.items() if v == cid]:
            del s.targets[src]  # the power may be applied to another card (Special Rule 2)
        if s.logging:
            self.log(
                s,
                "discard",
                rule,
                f"{s.names[seat]}'s {self.card_name(s, cid)} is discarded",
                seat,
                card=cid,
            )

    def switch_element(self, s: BMState, seat: int, rule: str, to: str = "") -> None:
        """Change the contested element of the running fight: swap Fire and Earth, or make it
        ``to``. Before the start player has announced there is no contested element yet, so
        nothing changes (the start player still chooses one at the announcement)."""
        if not s.fight_started:
            if s.logging:
                self.log(
                    s,
                    "element_unchanged",
                    rule,
                    "No element is contested yet: the switch has nothing to change",
                    seat,
                )
            return
        new = to or ("earth" if s.element == "fire" else "fire")
        old, s.element = s.element, new
        if s.turn_info.undo_from >= 0:
            s.turn_info.switches.append(old)  # backtracking restores it (ruling R4)
        if s.logging:
            what = f"changes from {old} to {new}" if new != old else f"stays {new}"
            self.log(s, "element", rule, f"The contested element {what}", seat, element=new)

    def attract_dragon(self, s: BMState, seat: int, rule: str) -> None:
        """One dragon: pulled back from the opponent first; a fourth one wins at once."""
        opp = other(seat)
        if s.dragons[opp]:
            s.dragons[opp] -= 1
            if s.logging:
                self.log(
                    s,
                    "dragon",
                    rule,
                    f"{s.names[seat]} attracts a dragon: one of {s.names[opp]}'s dragons "
                    "returns to the middle",
                    seat,
                )
        elif s.dragons[seat] >= 3:
            s.crystals[seat] = 4
            self.end_game(
                s,
                [seat],
                f"{s.names[seat]} attracts a fourth dragon and wins (4 crystals)",
                "bm.dragon.fourth",
            )
        else:
            s.dragons[seat] += 1
            if s.logging:
                self.log(
                    s,
                    "dragon",
                    rule,
                    f"{s.names[seat]} attracts a dragon from the middle "
                    f"({s.dragons[seat]} on their side)",
                    seat,
                )

    def dragons_won(self, s: BMState, eff: Effects, winner: int, retreater: int) -> int:
        """1, or 2 with six or more cards in the winner's combat and support areas; then the
        powers that change it, by priority (additional, fewer, at most, none)."""
        cards = len(s.zones[f"combat:{winner}"]) + len(s.zones[f"support:{winner}"])
        cards -= len(buka.bluffs_of(s, winner))  # face-down bluffs do not count (ruling B5)
        n = 2 if cards >= 6 else 1
        for src, spec in eff.dragons:
            assert spec.dragon_mod is not None
            new = max(0, spec.dragon_mod(self, s, src, retreater, n))
            if new != n and s.logging:
                self.log(
                    s,
                    "dragon_count",
                    spec.rule,
                    f"{self.card_name(s, src)} changes the dragons won from {n} to {new}",
                    s.cards[src].controller,
                )
            n = new
        return n

    def end_out_of_cards(self, s: BMState, seat: int) -> None:
        """The game ends because ``seat`` has no cards: dragons decide, else who ran out last."""
        if s.dragons[0] or s.dragons[1]:
            winner = 0 if s.dragons[0] else 1
            why = f"{s.names[winner]} holds {s.dragons[winner]} dragon(s)"
        else:
            r0, r1 = s.ran_out
            if r0 < 0 or r1 < 0:
                winner = 0 if r0 < 0 else 1
            else:
                winner = 0 if r0 > r1 else 1
            why = f"all dragons are neutral and {s.names[other(winner)]} ran out of cards first"
        s.crystals[winner] = 1 + s.dragons[winner]
        if s.logging:
            self.log(
                s,
                "out_of_cards",
                "bm.end.out_of_cards",
                f"{s.names[seat]} has no cards left in hand: the game ends",
                seat,
            )
        self.end_game(
            s,
            [winner],
            f"{s.names[winner]} wins with {s.crystals[winner]} crystal(s): {why}",
            "bm.end.winner",
        )

    def _unwind(self, s: BMState) -> None:
        """Drop every frame above ``bm.game`` (the fight is over or was declined)."""
        for i, frame in enumerate(s.stack):
            if frame.kind == "bm.game":
                del s.stack[i + 1 :]
                return
        raise EngineError("blue-moon: no game frame to unwind to")

    # ================================================================ playing cards
    def _pairs(self, s: BMState, a: int, b: int) -> bool:
        da, db = self.defn(s, a), self.defn(s, b)
        return da.type == db.type and da.first_word == db.first_word

    def grant_left(self, s: BMState, eff: Effects, seat: int, kinds: tuple[str, ...]) -> str:
        if not eff.grant_srcs:
            return ""
        grants = eff.grants(seat)
        used = s.turn_info.grants_used
        for kind in kinds:
            if grants.get(kind, 0) > used.get(kind, 0):
                return kind
        return ""

    def _free_by_text(
        self, s: BMState, eff: Effects, seat: int, cid: int, spec: AbilitySpec | None
    ) -> bool:
        """Whether a text makes the hand card ``cid`` count as FREE (its own, or a power's)."""
        if (
            spec is not None
            and spec.free_for is not None
            and eff.text_on(cid)
            and spec.free_for(self, s, eff, cid, cid, seat)
        ):
            return True
        for src, sp in eff.free_srcs:
            assert sp.free_for is not None
            if src != cid and sp.free_for(self, s, eff, src, cid, seat):
                return True
        return False

    def play_mode(self, s: BMState, eff: Effects, seat: int, cid: int) -> str | None:
        """How the hand card ``cid`` may be played now (None: it may not). Prohibitions win;
        otherwise the mode that uses the least: FREE, a PAIR match, a GANG extra, a text grant
        of its own type (booster/support), the normal play, then any other grant."""
        d = self.defs[s.cards[cid].defn]
        t = d.type
        ti = s.turn_info
        if eff.prohibitors and eff.prohibited(seat, "play", cid):
            return None
        spec = d.spec
        if (
            spec is not None
            and spec.play_condition is not None
            and eff.text_on(cid)
            and not spec.play_condition(self, s, eff, cid, seat)
        ):
            return None
        if t == "leadership":
            return "leadership" if not ti.played and ti.leadership < 0 else None
        if t == "ship":  # an influence card takes the leadership phase's one card
            return "influence" if not ti.played and ti.leadership < 0 else None
        if t == "character":
            if not ti.stop:
                icons = eff.icons(cid)
                if "free" in icons or self._free_by_text(s, eff, seat, cid, spec):
                    return "free"
                if ti.landed >= 0 and buka.from_ship_free(self, s, seat, cid, d):
                    return "free"
                if "pair" in icons and any(self._pairs(s, cid, o) for o in ti.pair_open):
                    return "pair"
                if "gang" in icons and ti.gang not in ("", "-") and d.gang == ti.gang:
                    return "gang"
                if not ti.char_normal:
                    return "normal"
            kind = self.grant_left(s, eff, seat, ("character",))
            return f"grant:{kind}" if kind else None
        if t in ("booster", "support"):
            if not ti.stop:
                icons = eff.icons(cid)
                if "free" in icons or self._free_by_text(s, eff, seat, cid, spec):
                    return "free"
                if "pair" in icons and any(self._pairs(s, cid, o) for o in ti.pair_open):
                    return "pair"
                kind = self.grant_left(s, eff, seat, (t,))
                if kind:
                    return f"grant:{kind}"
                if ti.bs_normal < (1 if s.fight_started else 0):
                    return "normal"
                kind = self.grant_left(s, eff, seat, ("either",))
            else:
                kind = self.grant_left(s, eff, seat, (t, "either"))
            return f"grant:{kind}" if kind else None
        return None  # leaders are never played

    def gang_keep_ok(self, s: BMState, eff: Effects, seat: int, cid: int) -> bool:
        """GANG (b): the turn's first character may join instead of covering when every active
        card in the combat area is a character of its gang."""
        d = self.defn(s, cid)
        if "gang" not in eff.icons(cid):
            return False
        combat = [c for c in s.zones[f"combat:{seat}"] if c not in s.covered]
        if not combat:
            return False
        for c in combat:
            dc = self.defn(s, c)
            if dc.type != "character" or "gang" not in eff.icons(c) or dc.gang != d.gang:
                return False
        return True

    def play_card(
        self,
        s: BMState,
        seat: int,
        cid: int,
        mode: str,
        keep: bool = False,
        eff: Effects | None = None,
        from_zone: str = "",
    ) -> None:
        """Move a card from hand (or ``from_zone``: a landed ship) into play as ``mode``
        allows, cover earlier combat cards if it is the turn's first character (unless
        ``keep``: GANG), then resolve a "now" power. ``eff``, if given, must be the effects in
        force before the card is played."""
        d = self.defn(s, cid)
        ti = s.turn_info
        if eff is None:
            eff = Effects(self, s)
        icons = eff.icons(cid)  # icons are checked in hand, just before the card is played
        t = d.type
        dest = {
            "character": "combat",
            "booster": "combat",
            "support": "support",
            "ship": "influence",
        }.get(t, "leadership")
        src = from_zone or f"hand:{seat}"
        move(s, cid, f"{dest}:{seat}", from_zone=src)
        s.cards[cid].face_up = True
        if src.startswith("ship"):
            ti.from_ship[cid] = int(src[4:].partition(":")[0])
        ti.played.append(cid)
        if s.targets:
            s.targets.pop(cid, None)  # a card played again picks its target afresh
        ti.modes.append(mode)
        if mode == "normal":
            if t == "character":
                ti.char_normal = True
            else:
                ti.bs_normal += 1
        elif mode.startswith("grant:"):
            kind = mode[6:]
            ti.grants_used[kind] = ti.grants_used.get(kind, 0) + 1
        elif mode == "pair":
            for o in ti.pair_open:
                if self._pairs(s, cid, o):
                    ti.pair_open.remove(o)
                    break
        elif mode == "leadership":
            ti.leadership = cid
        if "pair" in icons and mode != "pair":
            ti.pair_open.append(cid)
        if "stop" in icons:
            ti.stop = True
        if t in ("character", "booster"):
            gang = d.gang if "gang" in icons else "-"
            ti.gang = gang if ti.gang in ("", gang) else "-"
        self._hand_changed(s, seat)
        if s.logging:
            how = {
                "free": " (FREE)",
                "pair": " (PAIR)",
                "gang": " (GANG)",
                "leadership": "",
                "influence": "",
                "normal": "",
            }.get(mode, " (allowed by a card)")
            rule = {
                "free": "bm.icon.free",
                "pair": "bm.icon.pair",
                "gang": "bm.icon.gang_extra",
                "leadership": "bm.turn.leadership",
                "influence": "bm.ship.play",
            }.get(mode, "bm.turn.character" if t == "character" else "bm.turn.booster_support")
            if mode.startswith("grant:"):
                rule = "bm.special.card_beats_rule"
            self.log(
                s,
                "play",
                rule,
                f"{s.names[seat]} plays {d.name} "
                + (
                    f"({t})"
                    if t in ("leadership", "ship")
                    else f"({t}, {d.fire} fire / {d.earth} earth){how}"
                )
                + (" from a landed ship" if cid in ti.from_ship else ""),
                seat,
                card=cid,
            )
            if "stop" in icons:
                self.log(s, "stop", "bm.icon.stop", f"{d.name} shows STOP: no further cards", seat)
        if t == "character":
            ti.chars += 1
            if ti.chars == 1:
                self._cover(s, seat, cid, keep)
        spec = d.spec
        if spec is not None:
            if spec.on_play is not None and Effects(self, s).text_on(cid):
                if ti.undo_from >= 0 and not spec.reversible:
                    ti.irreversible = True
                spec.on_play(self, s, cid)
        elif d.ability and s.logging:
            self.log(
                s,
                "no_effect",
                "bm.ability.unimplemented",
                f"{d.name}'s special power is not implemented yet and has no effect",
                seat,
                card=cid,
            )

    def _cover(self, s: BMState, seat: int, cid: int, keep: bool) -> None:
        earlier = [c for c in s.zones[f"combat:{seat}"] if c != cid and c not in s.covered]
        if not earlier:
            return
        if keep:
            if s.logging:
                self.log(
                    s,
                    "gang_keep",
                    "bm.icon.gang_keep",
                    f"{self.card_name(s, cid)} joins its gang: the active combat cards stay active",
                    seat,
                )
            return
        s.covered.extend(earlier)
        s.turn_info.covered.extend(earlier)
        if s.logging:
            names = ", ".join(self.card_name(s, c) for c in earlier)
            self.log(s, "cover", "bm.cover", f"{self.card_name(s, cid)} covers {names}", seat)

    def retrievable(self, s: BMState, eff: Effects, seat: int) -> list[int]:
        """Active cards with a (not ignored) RETRIEVE icon the seat may take back into hand. An
        opposing active character that depicts RETRIEVE (even ignored) blocks characters."""
        if eff.prohibitors and eff.prohibited(seat, "take"):
            return []
        if eff.take_srcs and eff.take_limit(seat, False) <= 0:
            return []
        opp = other(seat)
        blocked = any(
            self.defn(s, c).type == "character" and "retrieve" in self.defn(s, c).icons
            for c in s.zones[f"combat:{opp}"]
            if c not in s.covered
        )
        out = []
        for cid in self.active_cards(s, seat):
            if "retrieve" not in eff.icons(cid):
                continue
            if blocked and self.defn(s, cid).type == "character":
                continue
            if eff.prohibitors and eff.prohibited(seat, "retrieve", cid):
                continue
            out.append(cid)
        return out

    def _play_label(self, s: BMState, cid: int, mode: str) -> str:
        d = self.defn(s, cid)
        how = {"free": " as FREE", "pair": " as a PAIR", "gang": " as a GANG extra"}.get(
            mode, " (card allows)" if mode.startswith("grant:") else ""
        )
        return f"Play {d.name} ({d.fire}/{d.earth}){how}"

    def character_options(self, s: BMState, eff: Effects, seat: int) -> list[Option]:
        """Characters the seat may play now (with the GANG keep variant for the first one)."""
        ti = s.turn_info
        options = []
        for cid in buka.play_sources(self, s, eff, seat):
            if self.defs[s.cards[cid].defn].type != "character":
                continue
            mode = self.play_mode(s, eff, seat, cid)
            if mode is None:
                continue
            options.append(Option(f"play:{cid}", self._play_label(s, cid, mode)))
            if ti.chars == 0 and self.gang_keep_ok(s, eff, seat, cid):
                name = self.card_name(s, cid)
                options.append(
                    Option(f"gang:{cid}", f"Play {name} and keep the gang active (no cover)")
                )
        return options

    def bs_options(self, s: BMState, eff: Effects, seat: int) -> list[Option]:
        """Boosters and supports the seat may play now."""
        options = []
        for cid in buka.play_sources(self, s, eff, seat):
            if self.defs[s.cards[cid].defn].type not in ("booster", "support"):
                continue
            mode = self.play_mode(s, eff, seat, cid)
            if mode is not None:
                options.append(Option(f"play:{cid}", self._play_label(s, cid, mode)))
        options.extend(buka.bs_extra_options(self, s, eff, seat))
        return options

    def turn_options(self, s: BMState, eff: Effects, seat: int) -> list[Option]:
        """Everything the active player may do now, in phase order. The phases close as later
        ones are used: RETRIEVE only before any card is played, one leadership card before the
        first character, retreat (or decline) until the first character, more characters until
        the first booster or support, and ``announce`` once a character is down."""
        ti = s.turn_info
        options: list[Option] = []
        if ti.chars == 0:
            if not ti.played:
                for c in self.retrievable(s, eff, seat):
                    options.append(Option(f"retrieve:{c}", f"Retrieve {self.card_name(s, c)}"))
                options.extend(buka.land_options(self, s, seat))
            if ti.leadership < 0:
                for cid in s.zones[f"hand:{seat}"]:
                    if self.defs[s.cards[cid].defn].type not in ("leadership", "ship"):
                        continue
                    if self.play_mode(s, eff, seat, cid) is not None:
                        options.append(Option(f"lead:{cid}", f"Play {self.card_name(s, cid)}"))
            options.extend(self.character_options(s, eff, seat))
            if eff.option_srcs:
                options.extend(self.power_options(s, eff, seat))
            if ti.uses.get(CHARACTER_OPTIONAL):
                options.append(Option("announce", "Play no character: announce your power"))
            if s.fight_started:
                options.append(Option("retreat", "Retreat from the fight"))
            else:
                options.append(Option("decline", "Decline to start a fight"))
            return options
        if not ti.bs_phase:
            options.extend(self.character_options(s, eff, seat))
        options.extend(self.bs_options(s, eff, seat))
        if eff.option_srcs:
            options.extend(self.power_options(s, eff, seat))
        options.append(Option("announce", "Play no more cards: announce your power"))
        return options

    def power_options(self, s: BMState, eff: Effects, seat: int) -> list[Option]:
        """Answers special powers add to the turn decision (``ab:<src>:<arg>``)."""
        options: list[Option] = []
        for src, spec in eff.option_srcs:
            assert spec.turn_options is not None
            options.extend(spec.turn_options(self, s, eff, src, seat))
        return options

    def _turn_prompt(self, s: BMState, seat: int, eff: Effects) -> tuple[str, str]:
        """The prompt and rule of the turn decision: public information only, so that the
        question itself tells the opponent nothing about the hand."""
        ti = s.turn_info
        if ti.chars == 0:
            if not s.fight_started:
                return (
                    "Open a fight: play a character (after a leadership card if you like), "
                    "or decline",
                    "bm.decline",
                )
            opp = other(seat)
            power = self.total_power(s, opp, eff=eff)
            return (
                f"{s.names[opp]} has {power} {s.element}: play a character to continue "
                "(after a leadership card if you like), or retreat",
                "bm.turn.phases",
            )
        mine = self.total_power(s, seat, eff=eff) if s.fight_started else 0
        tail = f" (you have {mine} {s.element})" if s.fight_started else ""
        return f"Play further cards, or announce your power{tail}", "bm.turn.phases"

    # ================================================================ flow: game and fight
    def _game(self, state: State, frame: Frame, choice: str | None) -> None:
        s = cast(BMState, state)
        s.element = ""
        s.fight_started = False
        s.turn_info = TurnInfo()
        if s.logging:
            self.log(
                s,
                "fight",
                "bm.fight.start",
                f"{s.names[s.start_player]} is the start player of the next fight",
                s.start_player,
            )
        self.push(s, "bm.fight", s.start_player, next=s.start_player)

    def _fight(self, state: State, frame: Frame, choice: str | None) -> None:
        s = cast(BMState, state)
        if self.turn_limit_reached(s, "bm.engine.turn_limit"):
            return
        seat = frame.data["next"]
        frame.data["next"] = other(seat)
        self.push(s, "bm.turn", seat)

    # ================================================================ flow: the turn
    def _turn(self, state: State, frame: Frame, choice: str | None) -> None:
        s = cast(BMState, state)
        seat = frame.seat
        if choice is not None:
            self._turn_answer(s, frame, seat, choice)
            return
        stack = s.stack
        while s.result is None and stack[-1] is frame:
            step = frame.step
            if step == S_START:
                s.turn += 1
                s.active = seat
                s.turn_info = TurnInfo()
                s.phase = "beginning"
                if s.logging:
                    what = "continues the fight" if s.fight_started else "opens the fight"
                    self.log(
                        s,
                        "turn",
                        "bm.turn.phases",
                        f"Turn {s.turn}: {s.names[seat]} {what}",
                        seat,
                    )
                frame.step = S_MAIN
                eff = Effects(self, s)
                queued: set[str] = set()
                for src, spec in eff.starts:
                    if s.cards[src].controller == seat:
                        if spec.single and spec.id in queued:
                            continue
                        queued.add(spec.id)
                        self.queue_trigger(s, spec.id, src, seat, when="start")
                if s.triggers:
                    self.resolve_triggers(s)
            elif step == S_MAIN:
                buka.sweep(self, s)
                eff = Effects(self, s)
                if eff.target_srcs and self._target_missing(s, eff):
                    return
                ti = s.turn_info
                s.phase = (
                    ("beginning" if not ti.played else "retreat")
                    if ti.chars == 0
                    else ("booster/support" if ti.bs_phase else "character")
                )
                options = self.turn_options(s, eff, seat)
                if len(options) == 1 and not s.zones[f"hand:{seat}"]:
                    # forced, and visibly so (an empty hand): no question
                    only = options[0].id
                    if only == "retreat":
                        self._push_retreat(s, seat, "bm.retreat.forced", "no cards in hand")
                        return
                    self._turn_answer(s, frame, seat, only)
                    continue
                prompt, rule = self._turn_prompt(s, seat, eff)
                self.ask(s, seat, "turn", prompt, options, rule)
                return
            elif step == S_AFTER:
                frame.step = S_ANNOUNCE
                buka.discard_landed(self, s, seat, "bm.ship.discard")
                eff = Effects(self, s)
                for src, spec in eff.after:
                    if s.cards[src].controller == seat:
                        self.queue_trigger(s, spec.id, src, seat, when="after_support")
                for src, spec in eff.opp_after:
                    owner = s.cards[src].controller
                    if owner != seat:
                        self.queue_trigger(s, spec.id, src, owner, when="opp_after_support")
                if s.triggers:
                    self.resolve_triggers(s)
            elif step == S_ANNOUNCE:
                s.phase = "announce"
                eff = Effects(self, s)
                if not s.fight_started:
                    options = [
                        Option(
                            e,
                            f"Fight in {e} (your power {self.total_power(s, seat, e, eff)})",
                        )
                        for e in ELEMENTS
                    ]
                    self.ask(
                        s,
                        seat,
                        "element",
                        "Choose the contested element of this fight",
                        options,
                        "bm.fight.element",
                    )
                    return
                opp = other(seat)
                mine = self.total_power(s, seat, eff=eff)
                theirs = self.total_power(s, opp, eff=eff)
                shield = mine < theirs and self.has_shield(s, seat, s.element, eff)
                unmet = bool(eff.unmet_srcs) and eff.unmet(seat)
                if (mine >= theirs or shield) and not unmet:
                    if s.logging:
                        extra = f" (a {s.element} shield covers it)" if shield else ""
                        self.log(
                            s,
                            "announce",
                            "bm.icon.shield" if shield else "bm.power.match",
                            f"{s.names[seat]} announces {mine} {s.element} against {theirs}{extra}",
                            seat,
                            power=mine,
                        )
                    frame.step = S_REFRESH
                    buka.maybe_call(self, s, seat)
                    continue
                why = (
                    "a card's requirement is not met"
                    if unmet
                    else f"{mine} {s.element} does not match {theirs}"
                )
                self._cannot_continue(s, seat, why)
                return
            elif step == S_REFRESH:
                s.phase = "refresh"
                frame.step = S_END
                self.refill(s, seat, "bm.turn.refresh")
            elif step in (S_END, S_END2, S_END3):
                s.phase = "end"
                stage = step - S_END
                frame.step = step + 1
                eff = Effects(self, s)
                queued = set()
                for src, spec in eff.ends:
                    if s.cards[src].controller == seat and spec.end_stage == stage:
                        if spec.single and spec.id in queued:
                            continue
                        queued.add(spec.id)
                        self.queue_trigger(s, spec.id, src, seat, when="end")
                if s.triggers:
                    self.resolve_triggers(s)
            else:  # S_DONE
                s.turn_info.leadership = -1  # leadership cards are active for one turn only
                if s.logging:
                    self.log(s, "turn_end", "bm.turn.end", f"{s.names[seat]}'s turn ends", seat)
                self.pop(s, frame)
                return

    def _turn_answer(self, s: BMState, frame: Frame, seat: int, choice: str) -> None:
        kind, _, arg = choice.partition(":")
        if frame.step == S_ANNOUNCE:
            s.element = kind
            s.fight_started = True
            s.fights += 1
            power = self.total_power(s, seat)
            if s.logging:
                self.log(
                    s,
                    "announce",
                    "bm.fight.element",
                    f"{s.names[seat]} opens fight {s.fights} in {kind} with {power}",
                    seat,
                    power=power,
                )
            frame.step = S_REFRESH
            buka.maybe_call(self, s, seat)
            return
        if frame.step != S_MAIN:
            raise EngineError(f"blue-moon: answer {choice!r} at turn step {frame.step}")
        ti = s.turn_info
        if kind == "retrieve":
            cid = int(arg)
            src = "combat" if cid in s.zones[f"combat:{seat}"] else "support"
            move(s, cid, f"hand:{seat}", from_zone=f"{src}:{seat}")
            ti.retrieved += 1
            s.targets.pop(cid, None)
            self._hand_changed(s, seat)
            if s.logging:
                self.log(
                    s,
                    "retrieve",
                    "bm.icon.retrieve",
                    f"{s.names[seat]} retrieves {self.card_name(s, cid)} into hand",
                    seat,
                    card=cid,
                )
        elif kind == "lead":
            cid = int(arg)
            eff = Effects(self, s)
            mode = self.play_mode(s, eff, seat, cid)
            if mode is None:
                raise EngineError(f"blue-moon: {choice!r} was offered but cannot be played")
            self.play_card(s, seat, cid, mode, eff=eff)
        elif kind in ("play", "gang"):
            cid = int(arg)
            eff = Effects(self, s)
            mode = self.play_mode(s, eff, seat, cid)
            if mode is None:
                raise EngineError(f"blue-moon: {choice!r} was offered but cannot be played")
            if ti.chars == 0:  # the retreat point: this turn may be backtracked to here
                ti.undo_from = len(ti.played)
            if self.defn(s, cid).type != "character":
                ti.bs_phase = True
            src = buka.source_zone(s, seat, cid)
            self.play_card(s, seat, cid, mode, keep=kind == "gang", eff=eff, from_zone=src)
        elif kind == "land":
            buka.land(self, s, seat, int(arg))
        elif kind == "bluff":
            buka.play_bluff(self, s, Effects(self, s), seat, int(arg))
        elif kind == "load":
            what, _, ship = arg.partition(":")
            buka.load_in_bs(self, s, Effects(self, s), seat, int(what), int(ship))
        elif kind == "retreat":
            self._push_retreat(s, seat, "bm.retreat.voluntary", "announces a retreat")
        elif kind == "decline":
            buka.discard_landed(self, s, seat, "bm.ship.discard")
            self.push(s, "bm.decline", seat, n=0)
        elif kind == "announce":
            frame.step = S_AFTER
        elif kind == "ab":
            src_s, _, what = arg.partition(":")
            source = int(src_s)
            ab_spec = self.defn(s, source).spec
            if ab_spec is None or ab_spec.act is None:
                raise EngineError(f"blue-moon: {choice!r} names no power that acts")
            if ti.undo_from >= 0 and not ab_spec.reversible:
                ti.irreversible = True
            ab_spec.act(self, s, source, seat, what)
        else:
            raise EngineError(f"blue-moon: unknown turn answer {choice!r}")

    # ================================================================ "one of my ..." targets
    def _target_missing(self, s: BMState, eff: Effects) -> bool:
        """Push a ``bm.target`` question for the first power in force whose "one of my ..."
        target is missing or no longer a candidate (covered, discarded, taken back), when it has
        candidates (research §5.2 rule 2: its player applies it again). True if one was pushed."""
        for src, spec in eff.target_srcs:
            assert spec.target_choices is not None
            if s.targets.get(src, -1) in (choices := spec.target_choices(self, s, eff, src)):
                continue
            if not choices:
                s.targets.pop(src, None)
                continue
            self.push(s, "bm.target", s.cards[src].controller, source_card=src, rule=spec.rule)
            return True
        return False

    def _target(self, state: State, frame: Frame, choice: str | None) -> None:
        s = cast(BMState, state)
        src = frame.data["source_card"]
        spec = self.defn(s, src).spec
        assert spec is not None and spec.target_choices is not None
        choices = spec.target_choices(self, s, Effects(self, s), src)
        if choice is None and len(choices) > 1:
            options = [
                Option(f"target:{c}", f"{self.card_name(s, c)} ({d.fire}/{d.earth})")
                for c in choices
                for d in (self.defn(s, c),)
            ]
            prompt = f"Choose the card {self.card_name(s, src)} applies to"
            self.ask(s, frame.seat, "target", prompt, options, frame.data["rule"])
            return
        self.pop(s, frame)
        if not choices:
            return
        target = int(choice.split(":", 1)[1]) if choice is not None else choices[0]
        s.targets[src] = target
        ti = s.turn_info
        # the opponent chose in the middle of this turn: strictly, the active player may not
        # backtrack after hearing the choice (FAQ on Crysalus Frendus, ruling B14)
        strict = s.config["backtracking"] == "strict"
        if strict and choice is not None and frame.seat != s.active and ti.undo_from >= 0:
            ti.irreversible = True
        if s.logging:
            self.log(
                s,
                "target",
                frame.data["rule"],
                f"{self.card_name(s, src)} applies to {self.card_name(s, target)}",
                frame.seat,
                card=target,
            )

    # ================================================================ retreat, decline, backtrack
    def _push_retreat(self, s: BMState, seat: int, rule: str, why: str) -> None:
        self.push(s, "bm.retreat", seat, rule=rule, why=why)

    push_retreat = _push_retreat

    def _cannot_continue(self, s: BMState, seat: int, why: str) -> None:
        """The player cannot announce: backtrack to the retreat phase if nothing irreversible
        happened since, then retreat; otherwise retreat with the cards played (friendly) or lose
        the game, the opponent scoring the maximum (strict)."""
        ti = s.turn_info
        if ti.undo_from >= 0 and not ti.irreversible:
            undone = ti.played[ti.undo_from :]
            extra = buka.undo(self, s, seat)
            for cid in reversed(undone):
                d = self.defn(s, cid)
                src = "support" if d.type == "support" else "combat"
                ship = ti.from_ship.pop(cid, -1)
                back = buka.cargo_zone(ship, seat) if ship >= 0 else f"hand:{seat}"
                move(s, cid, back, from_zone=f"{src}:{seat}")
            for cid in ti.covered:
                s.covered.remove(cid)
            del ti.played[ti.undo_from :]
            del ti.modes[ti.undo_from :]
            ti.covered = []
            ti.pair_open = [c for c in ti.pair_open if c not in undone]
            switched = ""
            if ti.switches:  # element switches (Mutants) undone in reverse: the first one's
                switched = s.element = ti.switches[0]  # "before" is the original element
                ti.switches = []
            self._hand_changed(s, seat)
            if s.logging:
                names = ", ".join([self.card_name(s, c) for c in undone] + extra) or "nothing"
                again = f"; the contested element is {switched} again" if switched else ""
                self.log(
                    s,
                    "backtrack",
                    "bm.ruling.backtrack",
                    f"{s.names[seat]} cannot continue ({why}): the turn is backtracked to the "
                    f"retreat phase ({names} back to hand{again})",
                    seat,
                )
            self._push_retreat(s, seat, "bm.retreat.cannot_match", why)
        elif s.config["backtracking"] == "strict":
            opp = other(seat)
            s.crystals[opp] = 4
            self.end_game(
                s,
                [opp],
                f"{s.names[seat]} cannot continue ({why}) and cannot backtrack: "
                f"{s.names[opp]} wins with the maximum score (4 crystals)",
                "bm.ruling.backtrack",
            )
        else:
            self._push_retreat(s, seat, "bm.retreat.cannot_match", why)

    def _retreat(self, state: State, frame: Frame, choice: str | None) -> None:
        s = cast(BMState, state)
        loser = frame.seat
        winner = other(loser)
        s.phase = "retreat"
        buka.discard_landed(self, s, loser, "bm.ship.discard")
        eff = Effects(self, s)
        if s.logging:
            self.log(
                s,
                "retreat",
                frame.data["rule"],
                f"{s.names[loser]} retreats ({frame.data['why']}); "
                f"{s.names[winner]} wins the fight",
                loser,
            )
        n = self.dragons_won(s, eff, winner, loser)
        if s.logging:
            self.log(
                s,
                "dragons_won",
                "bm.dragon.count",
                f"{s.names[winner]} attracts {n} dragon(s)",
                winner,
                count=n,
            )
        for _ in range(n):
            self.attract_dragon(s, winner, "bm.dragon.attract")
            if s.result is not None:
                return
        self._cleanup(s)
        self.refill(s, winner, "bm.retreat.refill")
        self.refill(s, loser, "bm.retreat.refill")
        for seat in (winner, loser):
            if not s.zones[f"hand:{seat}"]:
                self.end_out_of_cards(s, seat)
                return
        s.start_player = loser
        if s.logging:
            self.log(
                s,
                "next_fight",
                "bm.retreat.next_fight",
                f"{s.names[loser]} retreated and starts the next fight",
                loser,
            )
        self._unwind(s)

    def _cleanup(self, s: BMState) -> None:
        for seat in (0, 1):
            buka.discard_landed(self, s, seat, "bm.ship.discard")
            for cid in buka.bluffs_of(s, seat):
                buka.reveal(self, s, cid, "the fight is over")
            for zone in (f"combat:{seat}", f"support:{seat}"):
                ids = s.zones[zone]
                if ids:
                    s.zones[f"discard:{seat}"].extend(ids)
                    ids.clear()
        s.covered.clear()
        s.targets.clear()
        s.triggers.clear()  # powers still waiting when a fight ends (a Flood retreat) lapse
        s.turn_info = TurnInfo()
        if s.logging:
            self.log(
                s,
                "cleanup",
                "bm.retreat.cleanup",
                "Both players discard every card from their combat and support areas",
            )

    def _decline(self, state: State, frame: Frame, choice: str | None) -> None:
        s = cast(BMState, state)
        seat = frame.seat
        hand = s.zones[f"hand:{seat}"]
        done = choice == "done"
        if choice is not None and not done:
            self.discard_from_hand(s, seat, int(choice.split(":", 1)[1]), "bm.decline.discard")
            frame.data["n"] += 1
        while not done:
            n = frame.data["n"]
            if n >= 3 or not hand:
                break
            if n == 0 and len(hand) == 1:  # the only card must go
                self.discard_from_hand(s, seat, hand[0], "bm.decline.discard")
                frame.data["n"] = 1
                continue
            options = [Option(f"discard:{c}", f"Discard {self.card_name(s, c)}") for c in hand]
            if n:
                options.append(Option("done", "Discard no more"))
            self.ask(
                s,
                seat,
                "decline_discard",
                "Declining: discard one to three cards",
                options,
                "bm.decline.discard",
            )
            return
        if s.logging:
            self.log(
                s,
                "decline",
                "bm.decline",
                f"{s.names[seat]} declines to start a fight (discarded {frame.data['n']} card(s))",
                seat,
            )
        s.turn_info = TurnInfo()
        self.refill(s, seat, "bm.decline.refill")
        if not hand:
            self.end_out_of_cards(s, seat)
            return
        s.start_player = other(seat)
        self._unwind(s)

    # ================================================================ triggers
    def trigger_label(self, state: State, trigger: Trigger) -> str:
        return f"{trigger.ability.replace('_', ' ')} ({self.card_name(state, trigger.source)})"

    def run_trigger(self, state: State, trigger: Trigger) -> None:
        s = cast(BMState, state)
        spec = ABILITIES[trigger.ability]
        if trigger.data["when"] == "after_support" and s.turn_info.undo_from >= 0:
            s.turn_info.irreversible = True  # such powers draw, search or shuffle: no undo
        hook = {
            "start": spec.on_start_turn,
            "after_support": spec.on_after_support,
            "opp_after_support": spec.on_opponent_after_support,
            "end": spec.on_end_turn,
        }[trigger.data["when"]]
        if hook is not None:
            hook(self, s, trigger.source)

    # ================================================================ hidden information
    def card_visible(self, state: State, zone: str, card: Card, seat: int) -> bool:
        kind, _, owner = zone.partition(":")
        if kind == "deck":
            return False
        if kind == "hand":
            return int(owner) == seat or card.id in cast(BMState, state).known[seat]
        if kind == "support":  # a face-down bluff is seen by its owner only
            return card.face_up or card.owner == seat
        if kind.startswith("ship"):  # ship cargo
            return int(owner) == seat
        return True

    def pool_key(self, state: State, zone: str, seat: int) -> str:
        owner = zone.rpartition(":")[2]
        return f"deck:{owner}" if int(owner) == seat else f"hidden:{owner}"

    def complete_determinized(self, view: State, state: State, seed: int) -> None:
        buka.repair_determinized(self, cast(BMState, view), cast(BMState, state), seed)

    def pool_known(self, state: State, pool: str, seat: int) -> bool:
        # preconstructed people decks are public lists: the hidden cards are what is not seen;
        # a custom deck's list is its owner's secret unless the decklists are open
        if pool.startswith("deck:") or state.config.get("open_decklists"):
            return True
        return isinstance(state.config["peoples"][self.pool_owner(pool)], str)

    def sample_unknown(self, state: State, pool: str, count: int, rng: LocalRng) -> list[str]:
        # the prior for an unseen custom deck: the owner's people's cards not seen yet, then
        # anything else not seen
        s = cast(BMState, state)
        owner = self.pool_owner(pool)
        seen = {c.defn for c in s.cards.values()}
        own = [n for n, d in self.defs.items() if d.people == s.peoples[owner] and n not in seen]
        rest = [n for n, d in self.defs.items() if d.people != s.peoples[owner] and n not in seen]
        own = [n for n in own if self.defs[n].type != "leader"]
        rest = [n for n in rest if self.defs[n].type != "leader"]
        rng.shuffle(own)
        rng.shuffle(rest)
        return (own + rest)[:count]

    def mask_config(self, config: dict[str, Any], seat: int) -> dict[str, Any]:
        if config.get("open_decklists"):
            return config
        peoples = [
            entry if i == seat or isinstance(entry, str) else {**entry, "cards": []}
            for i, entry in enumerate(config["peoples"])
        ]
        return {**config, "peoples": peoples}

    def placeholder_face_up(self, zone: str) -> bool:
        return zone.startswith("hand")

    # ================================================================ scenarios
    def scenario_state(
        self, config: Mapping[str, Any], setup: Mapping[str, Any], seed: int = 0
    ) -> tuple[State, dict[str, int]]:
        from .scenario import build

        return build(self, config, setup, seed)

    def scenario_facts(self, state: State) -> dict[str, Any]:
        from .scenario import facts

        return facts(self, cast(BMState, state))

    # ================================================================ checks and reports
    def invariants(self, state: State) -> list[str]:
        s = cast(BMState, state)
        _, problems = card_places(s)
        allowed = {
            "combat": ("character", "booster"),
            "support": ("support",),
            "leadership": ("leadership",),
            "leader": ("leader",),
            "influence": ("ship",),
            "landed": ("ship",),
        }
        for zone, ids in s.zones.items():
            kind, _, owner = zone.partition(":")
            types = allowed.get(kind) if not kind.startswith("ship") else buka.LOADABLE
            for cid in ids:
                card = s.cards.get(cid)
                if card is None:
                    problems.append(f"card {cid} in {zone} has no instance")
                    continue
                if card.owner != int(owner):
                    problems.append(f"card {cid} in {zone} belongs to seat {card.owner}")
                if types is not None and self.defn(s, cid).type not in types:
                    problems.append(f"a {self.defn(s, cid).type} card is in {zone}")
                if (
                    kind == "support"
                    and buka.is_bluff(card)
                    and ("bluff" not in self.defs[card.defn].icons)
                ):
                    problems.append(f"card {cid} is face down in {zone} without a BLUFF icon")
                if kind.startswith("ship") and s.cards.get(int(kind[4:])) is None:
                    problems.append(f"{zone} is the cargo of no ship")
        combat = set(s.zones["combat:0"]) | set(s.zones["combat:1"])
        if not set(s.covered) <= combat:
            problems.append("a covered card is not in a combat area")
        if min(s.dragons) < 0 or sum(s.dragons) > 3 or (s.dragons[0] and s.dragons[1]):
            problems.append(f"impossible dragons {s.dragons}")
        if s.element not in ("", *ELEMENTS) or (s.fight_started != bool(s.element)):
            problems.append(f"element {s.element!r} with fight_started={s.fight_started}")
        return problems

    def render(self, view: State, seat: int) -> str:
        from .render import render

        return render(self, cast(BMState, view), seat)

    def scores(self, state: State) -> dict[str, Any]:
        s = cast(BMState, state)
        return {"dragons": list(s.dragons), "crystals": list(s.crystals)}
