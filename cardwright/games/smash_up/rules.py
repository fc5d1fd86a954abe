"""Smash Up's rules: setup, the five phases, playing minions and actions, the Card Resolution
Order, scoring (before / when / after, Me First!, ties), VP, base replacement, drawing, the hand
limit and the end of the game. Card and base abilities plug in through ``abilities.py``.

Every handler follows the core's contract (``handler(state, frame, choice)``): run with
``choice=None`` it either does work or asks a question without changing anything; answered, it
carries out the answer. Rule ids cited here are in ``rules.toml``; the readings chosen where the
rulebook is unclear are in ``docs/rulings/smash-up.md``.

Frames: ``su.redraw`` (setup), ``su.turn`` (steps start, play, score, draw, end, finish),
``su.play`` (one card through the Card Resolution Order), ``su.extra_play`` (an extra play that
must be made at once or lost), ``su.ability`` (an ability's own steps), ``su.score_bases`` and
``su.score_base`` (The Big Score), ``su.discard_limit`` (the hand limit), ``su.copy`` (copying
cards such as Diva offered the effect a standard action just had on a minion).

Affecting (000 Terms: Affect, Directly): while an ability runs (a ``su.ability`` frame, or an
action being attached), the engine knows the acting card (:class:`Acting`). Every verb that
affects a minion (destroy, move, return, shuffle or place into a deck, power changes, +1 power
counters, attaching) records an :class:`~.state.Affect` in ``state.affects`` and fires the
``minion_affected`` event; the record lasts while the card resolves, so an ability can count the
minions it affected (copies included) and copying cards can repeat a direct effect.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from cardwright.core import rng as chance
from cardwright.core.effects import Permission, allowed
from cardwright.core.errors import ConfigError, EngineError
from cardwright.core.game import RESPOND, Game
from cardwright.core.rng import LocalRng
from cardwright.core.rules import RulesIndex
from cardwright.core.state import Card, CardRef, Decision, Frame, Option, State, Trigger, clone
from cardwright.core.zones import card_places, create_card

from .abilities import ABILITIES, AbilitySpec, unimplemented_abilities
from .carddata import (
    CARD_SETS,
    DEFAULT_CARD_SET,
    BaseDef,
    CardDef,
    load_bases,
    load_faction,
    load_factions,
)
from .state import REVEALED, Affect, Allowance, Lasting, SUState

HAND_SIZE = 5
HAND_LIMIT = 10
DRAW_PER_TURN = 2

BASES = "bases"
BASE_DECK = "base_deck"
BASE_DISCARD = "base_discard"
RESOLVING = "resolving"

#: Default faction pairs, seat by seat (the first n are used for n players).
DEFAULT_FACTIONS: list[list[str]] = [
    ["dinosaurs", "wizards"],
    ["ninjas", "kung_fu_fighters"],
    ["pirates", "robots"],
    ["aliens", "zombies"],
]

# steps of the su.turn frame
START, PLAY, SCORE, DRAW, END, FINISH = range(6)


@dataclass
class Acting:
    """The card (or base) whose ability is now doing things, for the affect records.

    ``seat``: the player whose card or Talent it is (-1 for a base); ``chooser``: the player
    making the choices; ``standard``: a standard action being played; ``copy``: a copying card
    is repeating that action's effect (the effect still comes from the action, not direct).
    """

    source: int
    seat: int
    chooser: int
    standard: bool = False
    copy: bool = False
    mode: str = "play"


_BASE_ZONES = tuple(f"base:{i}" for i in range(1024))  # the zone names, made once


def base_zone(bid: int) -> str:
    """The zone holding the cards at base ``bid``."""
    return _BASE_ZONES[bid] if 0 <= bid < 1024 else f"base:{bid}"


def rank(powers: Mapping[int, int]) -> dict[int, int]:
    """Places (1, 2, 3) from the power of each player who may place (Tie Fighter).

    Tied players share the best place they tie for and the places after them are skipped;
    a fourth place or lower gets nothing.

    >>> rank({0: 10, 1: 10, 2: 5})
    {0: 1, 1: 1, 2: 3}
    >>> rank({0: 10, 1: 5, 2: 5, 3: 4})
    {0: 1, 1: 2, 2: 2}
    """
    places = {}
    for seat, power in powers.items():
        place = 1 + sum(1 for other in powers.values() if other > power)
        if place <= 3:
            places[seat] = place
    return places


class Catalog:
    """Card and base definitions of one card set, with the ability spec of each definition."""

    def __init__(self, card_set: str) -> None:
        self.card_set = card_set
        self.factions = load_factions(card_set)
        self.cards: dict[str, CardDef] = {
            card.id: card for faction in self.factions.values() for card in faction.cards
        }
        self.bases: dict[str, BaseDef] = load_bases()
        self.spec: dict[str, AbilitySpec] = {}
        defs: list[CardDef | BaseDef] = [*self.cards.values(), *self.bases.values()]
        for d in defs:
            if d.ability is not None and d.ability in ABILITIES:
                self.spec[d.id] = ABILITIES[d.ability]

        def having(hook: str) -> set[str]:
            """The definitions whose ability has ``hook``."""
            return {k for k, v in self.spec.items() if getattr(v, hook) is not None}

        def by_event(field: str) -> dict[str, set[str]]:
            """event -> the definitions whose ability lists it in ``field``."""
            index: dict[str, set[str]] = {}
            for k, v in self.spec.items():
                for event in getattr(v, field):
                    index.setdefault(event, set()).add(k)
            return index

        self.power_specs = having("power")
        self.breakpoint_specs = having("breakpoint")
        self.player_power_specs = having("player_power")
        self.protect_specs = having("protect")
        self.instead_specs = having("instead_of_discard")
        self.talent_specs = having("talent")
        self.replace_specs = by_event("replace")
        self.ignore_specs = having("ignore_base")
        self.special_specs = having("special")
        self.special_only = {
            k for k, v in self.spec.items() if v.special is not None and v.special.only
        }
        self.play_ban_specs = having("play_ban")
        self.play_from_specs = having("play_from")
        self.copy_specs = having("copy")
        # event -> the definitions with a hook for it (``SmashUp.fire`` looks only at these)
        self.hook_specs = by_event("hooks")
        self.standard = {
            k
            for k, d in self.cards.items()
            if d.type == "action" and not {"play_on_base", "play_on_minion"} & set(d.subtypes)
        }
        self.is_minion = {k: d.type == "minion" for k, d in self.cards.items()}
        self.printed = {k: d.power or 0 for k, d in self.cards.items()}
        self.label = {
            k: f"{d.name} ({d.power})" if d.type == "minion" else f"{d.name} (action)"
            for k, d in self.cards.items()
        }
        self.by_name: dict[str, str] = {}
        for d in defs:
            self.by_name[d.id.lower()] = d.id
            self.by_name[d.name.lower()] = d.id

    def name(self, defn: str) -> str:
        d = self.cards.get(defn)
        if d is not None:
            return d.name
        b = self.bases.get(defn)
        return b.name if b is not None else defn


class SmashUp(Game):
    """Smash Up (AEG), core set and That '70s Expansion factions, 2-4 players."""

    id = "smash-up"
    title = "Smash Up"
    min_players = 2
    max_players = 4
    state_type = SUState

    def __init__(self) -> None:
        super().__init__()
        self.rules = RulesIndex.load(Path(__file__).parent / "rules.toml")
        self.catalogs = {cs: Catalog(cs) for cs in CARD_SETS}
        self._acting: Acting | None = None
        self.special_windows = {
            w for spec in ABILITIES.values() if spec.special for w in spec.special.windows
        }
        self.handlers.update(
            {
                "su.redraw": self._redraw,
                "su.turn": self._turn,
                "su.play": self._play,
                "su.extra_play": self._extra_play,
                "su.ability": self._ability,
                "su.score_bases": self._score_bases,
                "su.score_base": self._score_base,
                "su.discard_limit": self._discard_limit,
                "su.copy": self._copy,
            }
        )

    # ================================================================ configuration
    def default_config(self) -> dict[str, Any]:
        return {
            "players": None,
            "factions": None,
            "card_set": DEFAULT_CARD_SET,
            "names": None,
            "first_player": 0,
            "redraw": True,
            "vp_to_win": 15,
            "max_turns": 200,
        }

    def config_choices(self) -> dict[str, tuple[Any, ...]]:
        return {
            "players": (None, 2, 3, 4),
            "card_set": tuple(CARD_SETS),
            "first_player": (0, 1, 2, 3, "random"),
            "redraw": (True, False),
        }

    def validate_config(self, config: Mapping[str, Any] | None) -> dict[str, Any]:
        cfg = super().validate_config(config)
        factions, names = cfg["factions"], cfg["names"]
        # 'factions' may name fewer seats than there are players: the others get factions
        # nobody chose (so one --factions picks only your own)
        counts = {len(names)} if isinstance(names, list) else set()
        if cfg["players"] is not None:
            counts.add(cfg["players"])
        if len(counts) > 1:
            raise ConfigError("smash-up: 'players' and 'names' disagree on the number of players")
        named = len(factions) if isinstance(factions, list) else 0
        n = counts.pop() if counts else max(2, named)
        if not self.min_players <= n <= self.max_players:
            raise ConfigError(f"smash-up: takes 2-4 players, not {n}")
        if named > n:
            raise ConfigError(f"smash-up: 'factions' names {named} seats for {n} players")
        cfg["players"] = n
        if names is None:
            names = [f"Player {i + 1}" for i in range(n)]
        if not isinstance(names, list) or not all(isinstance(x, str) and x for x in names):
            raise ConfigError("smash-up: 'names' must be a list of seat names")
        if len(set(names)) != len(names):
            raise ConfigError("smash-up: seat names must differ")
        cfg["names"] = list(names)
        if factions is None:
            factions = []
        if not isinstance(factions, list) or not all(
            p is None or (isinstance(p, list) and len(p) == 2) for p in factions
        ):
            raise ConfigError("smash-up: 'factions' must list two factions for each seat")
        resolved: list[list[str] | None] = []
        used: set[str] = set()
        for pair in factions:
            if pair is None:  # this seat gets factions nobody chose
                resolved.append(None)
                continue
            ids = [load_faction(str(f), cfg["card_set"]).id for f in pair]
            if ids[0] == ids[1]:
                raise ConfigError(f"smash-up: a seat needs two different factions, not {ids}")
            for fid in ids:
                if fid in used:
                    raise ConfigError(f"smash-up: faction {fid!r} is chosen by two seats")
                used.add(fid)
            resolved.append(ids)
        order = [f for pair in DEFAULT_FACTIONS for f in pair]
        order += [f for f in self.catalogs[cfg["card_set"]].factions if f not in order]
        free = [f for f in order if f not in used]
        resolved += [None] * (n - len(resolved))
        cfg["factions"] = [pair or [free.pop(0), free.pop(0)] for pair in resolved]
        first = cfg["first_player"]
        if first != "random" and first >= n:
            raise ConfigError(f"smash-up: first_player {first} is not a seat (0-{n - 1})")
        for key, least in (("vp_to_win", 1), ("max_turns", 2)):
            if not isinstance(cfg[key], int) or isinstance(cfg[key], bool) or cfg[key] < least:
                raise ConfigError(f"smash-up: {key!r} must be a whole number of at least {least}")
        return cfg

    # ================================================================ setup
    def setup(self, state: State) -> None:
        s = cast(SUState, state)
        cfg = s.config
        cat = self.cat(s)
        n = cfg["players"]
        s.names = list(cfg["names"])
        s.vp = [0] * n
        s.turns_taken = [0] * n
        s.phase = "setup"
        for seat in range(n):
            for zone in ("deck", "hand", "discard"):
                s.zones[f"{zone}:{seat}"] = []
            for fid in cfg["factions"][seat]:
                for card in cat.factions[fid].deck():
                    create_card(s, card.id, seat, f"deck:{seat}", face_up=False)
            chance.shuffle(s, s.zones[f"deck:{seat}"])
            pair = " and ".join(cat.factions[f].name for f in cfg["factions"][seat])
            self.log(
                s,
                "shuffle",
                "su.setup.deck",
                f"{s.names[seat]} shuffles {pair} into a 40-card deck",
                seat,
                chance=True,
            )
        sets = {"core"} | {cat.factions[f].set for pair in cfg["factions"] for f in pair}
        for zone in (BASES, BASE_DECK, BASE_DISCARD, RESOLVING, REVEALED):
            s.zones[zone] = []
        for base in cat.bases.values():
            if base.set in sets:
                create_card(s, base.id, -1, BASE_DECK, face_up=False)
        chance.shuffle(s, s.zones[BASE_DECK])
        self.log(
            s,
            "shuffle",
            "su.setup.bases",
            f"The base deck ({len(s.zones[BASE_DECK])} bases of the "
            f"{' and '.join(sorted(sets))} sets) is shuffled",
            chance=True,
        )
        for _ in range(n + 1):
            self._reveal_base(s, len(s.zones[BASES]), "su.setup.bases")
        first = cfg["first_player"]
        if first == "random":
            first = chance.randbelow(s, n)
            self.log(
                s,
                "first_player",
                "su.setup.first",
                f"{s.names[first]} is chosen at random to go first",
                first,
                chance=True,
            )
        for seat in self.seat_order(s, first):
            self.draw(s, seat, HAND_SIZE, "su.setup.hand")
        s.active = first
        self.push(s, "su.turn", first)
        if cfg["redraw"]:
            self.push(s, "su.redraw", first)

    def _redraw(self, state: State, frame: Frame, choice: str | None) -> None:
        """The optional redraw of an opening hand with no minions, in turn order."""
        s = cast(SUState, state)
        data = frame.data
        if frame.step == 0:  # work out who may redraw, then ask them one by one
            data["eligible"] = [
                seat
                for seat in self.seat_order(s, frame.seat)
                if not any(self.is_minion(s, c) for c in s.zones[f"hand:{seat}"])
            ]
            data["idx"] = 0
            frame.step = 1
            return
        eligible: list[int] = data["eligible"]
        if choice is not None:
            seat = eligible[data["idx"]]
            data["idx"] += 1
            hand = s.zones[f"hand:{seat}"]
            if choice == "redraw":
                names = ", ".join(self.card_name(s, c) for c in hand)
                self.log(
                    s,
                    "redraw",
                    "su.setup.redraw",
                    f"{s.names[seat]} shows a hand with no minions ({names}), discards it "
                    "and draws a new hand",
                    seat,
                    cards=list(hand),
                )
                for cid in list(hand):
                    self._to_zone(s, cid, f"hand:{seat}", f"discard:{seat}")
                self.draw(s, seat, HAND_SIZE, "su.setup.redraw")
            else:
                self.log(s, "keep", "su.setup.redraw", f"{s.names[seat]} keeps their hand", seat)
            return
        if data["idx"] >= len(eligible):
            self.pop(s, frame)
            return
        seat = eligible[data["idx"]]
        options = [
            Option("redraw", "Show your hand, discard it and draw five new cards"),
            Option("keep", "Keep this hand"),
        ]
        self.ask(
            s,
            seat,
            "redraw",
            "Your opening hand has no minions: redraw it?",
            options,
            "su.setup.redraw",
        )

    # ================================================================ lookups
    def cat(self, state: State) -> Catalog:
        return self.catalogs[state.config["card_set"]]

    def defn(self, state: State, cid: int) -> CardDef:
        return self.cat(state).cards[state.cards[cid].defn]

    def base_def(self, state: State, bid: int) -> BaseDef:
        return self.cat(state).bases[state.cards[bid].defn]

    def spec(self, state: State, cid: int) -> AbilitySpec | None:
        return self.cat(state).spec.get(state.cards[cid].defn)

    def is_minion(self, state: State, cid: int) -> bool:
        return self.cat(state).is_minion.get(state.cards[cid].defn, False)

    def card_name(self, state: State, card_id: int) -> str:
        card = state.cards.get(card_id)
        return self.cat(state).name(card.defn) if card is not None else "a hidden card"

    def minion_label(self, state: State, cid: int) -> str:
        s = cast(SUState, state)
        bid = self.base_of(s, cid)
        card = s.cards[cid]
        return (
            f"{self.card_name(s, cid)} ({self.power(s, cid, bid)}, "
            f"{s.names[card.controller]}) at {self.card_name(s, bid)}"
        )

    @staticmethod
    def seat_order(state: State, first: int) -> list[int]:
        n = len(state.names)
        return [(first + i) % n for i in range(n)]

    def base_in_play(self, state: State, bid: int) -> bool:
        return bid in state.zones[BASES]

    def base_of(self, state: State, cid: int) -> int:
        """The base a card in play is at (-1 when it is not in play)."""
        zones = state.zones
        for bid in zones[BASES]:
            if cid in zones[base_zone(bid)]:
                return bid
        return -1

    def minions_at(self, state: State, bid: int) -> list[int]:
        is_minion = self.cat(state).is_minion
        cards = state.cards
        return [c for c in state.zones[base_zone(bid)] if is_minion[cards[c].defn]]

    def minions_in_play(self, state: State) -> list[tuple[int, int]]:
        """Every minion in play with its base, base by base in table order."""
        is_minion = self.cat(state).is_minion
        cards, zones = state.cards, state.zones
        return [
            (c, bid)
            for bid in zones[BASES]
            for c in zones[base_zone(bid)]
            if is_minion[cards[c].defn]
        ]

    def in_play(self, state: State) -> Iterable[int]:
        """Every base in play and every card at one."""
        zones = state.zones
        for bid in zones[BASES]:
            yield bid
            yield from zones[base_zone(bid)]

    # ================================================================ values (computed on query)
    def _sources(self, state: State, kinds: set[str]) -> list[tuple[int, AbilitySpec]]:
        if not kinds:
            return []
        cat = self.cat(state)
        cards, zones, spec = state.cards, state.zones, cat.spec
        bases = zones[BASES]
        # each base, then the cards at it (a comprehension: this is the engine's hottest loop)
        found = [
            (x, spec[d])
            for bid in bases
            for x in (bid, *zones[base_zone(bid)])
            if (d := cards[x].defn) in kinds
        ]
        if found and any(x in bases for x, _ in found):
            off = self.cancelled(state)  # a base whose ability is cancelled or ignored
            if off:
                found = [(x, sp) for x, sp in found if x not in off or x not in bases]
        return found

    def cancelled(self, state: State) -> set[int]:
        """Cards whose abilities are cancelled now (a ``cancel`` lasting effect on them: they are
        treated as having no ability, 000 Terms: Cancel)."""
        s = cast(SUState, state)
        off: set[int] = set()
        if s.lasting:
            off = {e.target for e in s.lasting if e.key == "cancel" and e.target is not None}
        if s.attached and self.cat(s).ignore_specs:  # a base everyone ignores (Jammed Signal)
            off.update(self._ignored_bases(s, -1))
        return off

    def _ignored_bases(self, s: SUState, seat: int) -> list[int]:
        """The bases in play whose own ability ``seat`` ignores (-1: everyone does), because
        of a card attached to them (``AbilitySpec.ignore_base``). One pass over attachments."""
        cat = self.cat(s)
        ignore, cards, bases = cat.ignore_specs, s.cards, s.zones[BASES]
        found = []
        for src, host in s.attached.items():
            defn = cards[src].defn
            if defn not in ignore or host not in bases:
                continue
            check = cat.spec[defn].ignore_base
            assert check is not None
            if check(self, s, src, host, -1) or (seat >= 0 and check(self, s, src, host, seat)):
                found.append(host)
        return found

    def power(
        self,
        state: State,
        cid: int,
        bid: int | None = None,
        sources: list[tuple[int, AbilitySpec]] | None = None,
    ) -> int:
        """A minion's power: printed + +1 power counters + ongoing effects + lasting effects,
        never below 0. A minion not in play has its printed power."""
        s = cast(SUState, state)
        card = s.cards[cid]
        cat = self.cat(s)
        value = cat.printed[card.defn]
        if bid is None:
            bid = self.base_of(s, cid)
        if bid < 0:
            return value
        value += card.counters.get("p1", 0)
        if sources is None:
            sources = self._sources(s, cat.power_specs)
        for src, spec in sources:
            assert spec.power is not None
            value += spec.power(self, s, src, cid, bid)
        for effect in s.lasting:
            if effect.target == cid and effect.key == "power":
                value += effect.amount
        return max(0, value)

    def breakpoint(self, state: State, bid: int) -> int:
        """A base's breakpoint: printed + ongoing + lasting effects, never below 0."""
        s = cast(SUState, state)
        cat = self.cat(s)
        value = cat.bases[s.cards[bid].defn].breakpoint
        for src, spec in self._sources(s, cat.breakpoint_specs):
            assert spec.breakpoint is not None
            value += spec.breakpoint(self, s, src, bid)
        for effect in s.lasting:
            if effect.target == bid and effect.key == "breakpoint":
                value += effect.amount
        return max(0, value)

    def base_ignored(self, state: State, bid: int, seat: int = -1) -> bool:
        """Whether ``bid``'s own ability is ignored by ``seat`` (-1: by everyone), because a
        card in play says so (``AbilitySpec.ignore_base``: Jammed Signal, Infiltrate)."""
        s = cast(SUState, state)
        if not s.attached or not self.cat(s).ignore_specs:
            return False
        return bid in self._ignored_bases(s, seat)

    def power_sources(
        self, state: State
    ) -> tuple[list[tuple[int, AbilitySpec]], list[tuple[int, AbilitySpec]]]:
        """The cards and bases in play with an ongoing power modifier (for :meth:`power`) and
        those with a player power modifier (for :meth:`powers_at`)."""
        cat = self.cat(state)
        return self._sources(state, cat.power_specs), self._sources(state, cat.player_power_specs)

    def powers_at(
        self,
        state: State,
        bid: int,
        sources: list[tuple[int, AbilitySpec]] | None = None,
        player_sources: list[tuple[int, AbilitySpec]] | None = None,
    ) -> dict[int, int]:
        """Each player's total power at a base, for every player with a minion or power there.
        ``sources`` / ``player_sources``: the cards in play with a power / player power
        modifier, when the caller already has them (several bases in one query)."""
        s = cast(SUState, state)
        cat = self.cat(s)
        if sources is None:
            sources = self._sources(s, cat.power_specs)
        totals: dict[int, int] = {}
        cards = s.cards
        is_minion, printed = cat.is_minion, cat.printed
        # as power(), for every minion here at once
        lasting: dict[int, int] = {}
        for effect in s.lasting:
            if effect.key == "power" and effect.target is not None:
                lasting[effect.target] = lasting.get(effect.target, 0) + effect.amount
        for cid in s.zones[base_zone(bid)]:
            card = cards[cid]
            if not is_minion[card.defn]:
                continue
            value = printed[card.defn] + card.counters.get("p1", 0) + lasting.get(cid, 0)
            for src, spec in sources:
                assert spec.power is not None
                value += spec.power(self, s, src, cid, bid)
            totals[card.controller] = totals.get(card.controller, 0) + max(0, value)
        if not cat.player_power_specs:
            return totals
        if player_sources is None:
            player_sources = self._sources(s, cat.player_power_specs)
        for src, spec in player_sources:
            assert spec.player_power is not None
            for seat in range(len(s.names)):
                extra = spec.player_power(self, s, src, bid, seat)
                if extra:
                    totals[seat] = totals.get(seat, 0) + extra
        return totals

    def total_power(
        self,
        state: State,
        bid: int,
        sources: list[tuple[int, AbilitySpec]] | None = None,
        player_sources: list[tuple[int, AbilitySpec]] | None = None,
    ) -> int:
        return sum(self.powers_at(state, bid, sources, player_sources).values())

    def protections(self, state: State) -> list[tuple[int, AbilitySpec]]:
        """The cards and bases in play that may forbid something (for :meth:`forbidden`)."""
        return self._sources(state, self.cat(state).protect_specs)

    def forbidden(
        self,
        state: State,
        action: str,
        target: int,
        actor: int,
        sources: list[tuple[int, AbilitySpec]] | None = None,
    ) -> bool:
        """Whether a card in play says ``action`` cannot be done to ``target`` by ``actor``
        ("cannot" beats "can", 000 Additional Rules)."""
        if sources is None:
            sources = self.protections(state)
        if not sources:
            return False
        s = cast(SUState, state)
        perms = [
            Permission(action, src, False)
            for src, spec in sources
            if spec.protect is not None
            and spec.protect(self, s, src, target, action, actor)
            and not (
                actor >= 0
                and src in s.zones[BASES]
                and self.cat(s).ignore_specs
                and self.base_ignored(s, src, actor)
            )
        ]
        return not allowed(perms)

    # ================================================================ basic actions
    def _to_zone(self, s: SUState, cid: int, src: str, dest: str, *, bottom: bool = False) -> None:
        """Move a card between zones. A card everyone could see that goes into a hand or onto
        a deck stays known to everyone (until that deck is shuffled); a card that becomes
        public needs no knowledge record."""
        s.zones[src].remove(cid)
        if bottom:
            s.zones[dest].insert(0, cid)
        else:
            s.zones[dest].append(cid)
        card = s.cards[cid]
        hidden = dest.startswith(("deck:", "hand:"))
        card.face_up = not (dest.startswith("deck:") or dest == BASE_DECK)
        if hidden and not src.startswith(("deck:", "hand:")):
            # seen by everyone on its way into a hand or onto a deck (000 Additional Rules)
            if cid not in s.public_cards:
                s.public_cards.append(cid)
        elif s.public_cards and cid in s.public_cards and (not hidden or src.startswith("hand:")):
            s.public_cards.remove(cid)
        if s.known and (not hidden or src.startswith("hand:")):
            s.known.pop(cid, None)

    def reveal(self, state: State, cid: int) -> None:
        """Every player now knows this card in a hand or deck (it was shown), until it is
        shuffled away or leaves."""
        s = cast(SUState, state)
        if cid not in s.public_cards:
            s.public_cards.append(cid)

    def forget_deck(self, s: SUState, seat: int) -> None:
        """A deck was shuffled: nobody knows where its cards are any more."""
        if s.public_cards or s.known:
            deck = set(s.zones[f"deck:{seat}"])
            s.public_cards = [c for c in s.public_cards if c not in deck]
            for cid in deck:
                s.known.pop(cid, None)

    def know(self, state: State, cid: int, seats: Iterable[int]) -> None:
        """Record that ``seats`` know the card ``cid`` (in a deck or hand) from now on."""
        s = cast(SUState, state)
        seen = set(s.known.get(cid, ())) | set(seats)
        if len(seen) == len(s.names):
            s.known.pop(cid, None)
            self.reveal(s, cid)
        else:
            s.known[cid] = sorted(seen)

    def shuffle_deck(self, state: State, seat: int, rule: str, why: str = "") -> None:
        """Shuffle a player's deck: no one knows where its cards are any more."""
        s = cast(SUState, state)
        deck = s.zones[f"deck:{seat}"]
        for cid in deck:
            s.cards[cid].face_up = False
        self.forget_deck(s, seat)
        chance.shuffle(s, deck)
        self.log(
            s,
            "shuffle",
            rule,
            f"{s.names[seat]} shuffles their deck{why}",
            seat,
            chance=True,
        )

    def shuffle_bases(self, state: State, rule: str) -> None:
        """Shuffle the base deck (after it was searched): no one knows its order."""
        s = cast(SUState, state)
        deck = s.zones[BASE_DECK]
        for bid in deck:
            s.cards[bid].face_up = False
        chance.shuffle(s, deck)
        self.log(s, "shuffle", rule, "The base deck is shuffled", chance=True)

    def deck_top(self, state: State, seat: int) -> int:
        """The top card of a player's deck (the discard pile is shuffled into a new deck first
        when the deck is empty: 000 Draw 2 Cards), or -1 when there is no card at all."""
        s = cast(SUState, state)
        deck = s.zones[f"deck:{seat}"]
        if not deck and not self.reshuffle(s, seat):
            return -1
        return deck[-1]

    def reveal_top(self, state: State, seat: int, count: int, rule: str) -> list[int]:
        """Reveal up to ``count`` cards from the top of a player's deck: they go, top first, to
        the public ``revealed`` zone until the ability puts them somewhere (reshuffling the
        discard pile if the deck runs out on the way)."""
        s = cast(SUState, state)
        shown: list[int] = []
        for _ in range(count):
            cid = self.deck_top(s, seat)
            if cid < 0:
                break
            self._to_zone(s, cid, f"deck:{seat}", REVEALED)
            shown.append(cid)
        names = ", ".join(self.card_name(s, c) for c in shown) or "nothing (no cards left)"
        self.log(
            s,
            "reveal",
            rule,
            f"{s.names[seat]} reveals from their deck: {names}",
            seat,
            cards=shown,
        )
        return shown

    def look_top(self, state: State, seat: int, rule: str) -> int:
        """The player looks at their top card (only they learn it); -1 when there is none."""
        s = cast(SUState, state)
        cid = self.deck_top(s, seat)
        if cid < 0:
            self.log(s, "look", rule, f"{s.names[seat]} has no card to look at", seat)
            return -1
        self.know(s, cid, [seat])
        self.log(
            s,
            "look",
            rule,
            f"{s.names[seat]} looks at the top card of their deck: {self.card_name(s, cid)}",
            seat,
            visible_to=[seat],
            redacted=f"{s.names[seat]} looks at the top card of their deck",
            card=cid,
        )
        return cid

    def to_deck_top(self, state: State, cid: int, src: str = REVEALED) -> None:
        """Put a card (by default a revealed one) on top of its owner's deck."""
        s = cast(SUState, state)
        self._to_zone(s, cid, src, f"deck:{s.cards[cid].owner}")

    def to_hand(self, state: State, cid: int, src: str, rule: str) -> None:
        """Put a card from a public zone (revealed, a discard pile) into its owner's hand."""
        s = cast(SUState, state)
        owner = s.cards[cid].owner
        self._to_zone(s, cid, src, f"hand:{owner}")
        self.log(
            s,
            "to_hand",
            rule,
            f"{self.card_name(s, cid)} goes into {s.names[owner]}'s hand",
            owner,
            card=cid,
        )

    def discard_from_hand(
        self, state: State, seat: int, cid: int, rule: str, how: str = ""
    ) -> None:
        """A card leaves a hand for its owner's discard pile."""
        s = cast(SUState, state)
        self._to_zone(s, cid, f"hand:{seat}", f"discard:{seat}")
        self.log(
            s,
            "discard",
            rule,
            f"{s.names[seat]} discards {self.card_name(s, cid)}{how}",
            seat,
            card=cid,
        )
        self.fire(s, "card_to_discard", card=cid, base_card=-1, owner=seat)

    def discard_random(self, state: State, seat: int, count: int, rule: str) -> list[int]:
        """The player discards ``count`` cards chosen at random from their hand (fewer if the
        hand runs out)."""
        s = cast(SUState, state)
        hand = s.zones[f"hand:{seat}"]
        gone: list[int] = []
        for _ in range(count):
            if not hand:
                break
            cid = hand[chance.randbelow(s, len(hand))]
            gone.append(cid)
            self.discard_from_hand(s, seat, cid, rule, " at random")
        if not gone:
            self.log(s, "discard", rule, f"{s.names[seat]} has no card to discard", seat)
        return gone

    def refill_deck(self, state: State, seat: int, rule: str) -> bool:
        """The core draw's hook: an empty deck is replaced by the shuffled discard pile."""
        return self.reshuffle(cast(SUState, state), seat)

    def reshuffle(self, s: SUState, seat: int) -> bool:
        """An empty deck: the discard pile is shuffled to make a new deck (000 Draw 2 Cards)."""
        discard = s.zones[f"discard:{seat}"]
        if not discard:
            return False
        deck = s.zones[f"deck:{seat}"]
        deck.extend(discard)
        discard.clear()
        for cid in deck:
            s.cards[cid].face_up = False
        self.forget_deck(s, seat)
        chance.shuffle(s, deck)
        self.log(
            s,
            "reshuffle",
            "su.draw.reshuffle",
            f"{s.names[seat]}'s deck is empty: their discard pile ({len(deck)} cards) is "
            "shuffled into a new deck",
            seat,
            chance=True,
        )
        return True

    def gain_vp(self, state: State, seat: int, amount: int, rule: str, why: str) -> None:
        s = cast(SUState, state)
        if amount <= 0:
            return
        s.vp[seat] += amount
        self.log(
            s,
            "vp",
            rule,
            f"{s.names[seat]} gains {amount} VP ({why}); {s.vp[seat]} VP in all",
            seat,
            amount=amount,
        )

    def start_lasting(
        self,
        state: State,
        key: str,
        target: int,
        amount: int,
        source: int = -1,
        seat: int = -1,
        until: str = "end_of_turn",
    ) -> bool:
        """Start a lasting effect. On a minion in play it affects that minion: a card that
        protects it from ``seat`` stops it (False), and it is recorded (:meth:`affected`)."""
        s = cast(SUState, state)
        minion = key != "breakpoint" and self.base_of(s, target) >= 0
        if minion and self.blocked(s, key, target, seat):
            self.log(
                s,
                "not_affected",
                "su.terms.cannot",
                f"{self.card_name(s, target)} cannot be affected",
                seat,
            )
            return False
        if minion:
            verb = "power" if key == "power" else "lasting"
            effect = {"verb": "lasting", "key": key, "amount": amount, "until": until}
            if not self.affected(s, target, verb, effect):
                return False
        src = None if source < 0 else CardRef(source)
        s.lasting.append(Lasting(key, CardRef(target), seat, amount, src, until=until))
        return True

    def add_counters(self, state: State, cid: int, count: int, seat: int, rule: str) -> bool:
        """Put +1 power counters on a minion in play (False: it was protected, or a
        replacement took the effect)."""
        s = cast(SUState, state)
        if count <= 0 or self.base_of(s, cid) < 0:
            return False
        if self.blocked(s, "counters", cid, seat):
            self.log(
                s,
                "not_affected",
                "su.terms.cannot",
                f"{self.card_name(s, cid)} cannot be affected",
                seat,
            )
            return False
        if not self.affected(s, cid, "counters", {"verb": "counters", "amount": count}):
            return False
        counters = s.cards[cid].counters
        counters["p1"] = counters.get("p1", 0) + count
        self.log(
            s,
            "counters",
            rule,
            f"{self.card_name(s, cid)} gets {count} +1 power counter(s) ({counters['p1']} now)",
            seat,
            card=cid,
        )
        return True

    def move_counters(
        self, state: State, src: int, dest: int, count: int, seat: int, rule: str
    ) -> None:
        """Transfer +1 power counters from one card in play to another."""
        s = cast(SUState, state)
        have = s.cards[src].counters.get("p1", 0)
        count = min(count, have)
        if count <= 0 or self.blocked(s, "counters", src, seat):
            return
        if not self.affected(s, src, "counters"):
            return
        # a destination that cannot take them (protected, or a replacement took the effect):
        # the counters are discarded instead
        lands = not self.blocked(s, "counters", dest, seat) and self.affected(s, dest, "counters")
        if have == count:
            del s.cards[src].counters["p1"]
        else:
            s.cards[src].counters["p1"] = have - count
        if not lands:
            return
        counters = s.cards[dest].counters
        counters["p1"] = counters.get("p1", 0) + count
        self.log(
            s,
            "counters",
            rule,
            f"{s.names[seat]} moves {count} +1 power counter(s) from {self.card_name(s, src)} "
            f"to {self.card_name(s, dest)}",
            seat,
            from_card=src,
            to_card=dest,
        )

    def leave_play(self, s: SUState, cid: int, dest: str, *, bottom: bool = False) -> None:
        """A card leaves play for its owner's hand, deck or discard pile: the cards attached to
        it go to their owners' discard piles, its counters are gone and effects on it end."""
        bid = self.base_of(s, cid)
        if bid < 0:
            return
        for other, host in list(s.attached.items()):
            if host == cid:
                self.leave_play(s, other, f"discard:{s.cards[other].owner}")
        card = s.cards[cid]
        instead = self.instead_of_discard(s, cid, bid) if dest.startswith("discard:") else None
        if instead is not None:
            dest, bottom = f"{instead}:{card.owner}", False
        self._to_zone(s, cid, base_zone(bid), dest, bottom=bottom)
        card.controller = card.owner
        card.counters.clear()
        s.attached.pop(cid, None)
        if s.lasting:
            s.lasting = [e for e in s.lasting if e.target != cid]
        if s.used:
            mark = f"{cid}:"
            s.used = [k for k in s.used if not k.startswith(mark)]
        if instead is not None:
            self._went_instead(s, cid, instead)
        elif dest.startswith("discard:"):
            self.fire(s, "card_to_discard", card=cid, base_card=bid, owner=card.owner)

    def instead_of_discard(self, state: State, cid: int, bid: int) -> str | None:
        """Where a card leaving play from base ``bid`` goes instead of its owner's discard pile:
        ``"hand"`` or ``"deck"`` (shuffled in), or None (the discard pile). Asked of lasting
        effects (key ``to_hand_instead_of_discard``) and of ``instead_of_discard`` abilities."""
        s = cast(SUState, state)
        for effect in s.lasting:
            if effect.target == cid and effect.key == "to_hand_instead_of_discard":
                return "hand"
        for src, spec in self._sources(s, self.cat(s).instead_specs):
            assert spec.instead_of_discard is not None
            where = spec.instead_of_discard(self, s, src, cid, bid)
            if where is not None:
                return where
        return None

    def _went_instead(self, s: SUState, cid: int, where: str) -> None:
        owner = s.cards[cid].owner
        name = self.card_name(s, cid)
        if where == "deck":
            chance.shuffle(s, s.zones[f"deck:{owner}"])
            text = f"{name} is shuffled into {s.names[owner]}'s deck instead of being discarded"
            self.log(s, "instead", "su.terms.instead", text, owner, card=cid, chance=True)
        else:
            text = f"{name} goes to {s.names[owner]}'s hand instead of being discarded"
            self.log(s, "instead", "su.terms.instead", text, owner, card=cid)

    def destroy(
        self, state: State, cid: int, actor: int, rule: str, *, by: int | None = None
    ) -> bool:
        """Destroy a minion in play (it goes to its owner's discard pile) unless a card says it
        cannot be destroyed. ``actor`` is the player whose card destroys it (-1: a base or the
        rules); ``by`` the player who chose to (credited with it; default ``actor``)."""
        s = cast(SUState, state)
        card = s.cards[cid]
        owner, controller = card.owner, card.controller
        if by is None:
            by = actor
        bid = self._about_to(s, cid, "destroy", actor, "destroyed", {"verb": "destroy"}, by, True)
        if bid < 0:
            return False
        name = self.card_name(s, cid)
        self.leave_play(s, cid, f"discard:{owner}")
        self.log(
            s,
            "destroyed",
            rule,
            f"{name} ({s.names[controller]}) is destroyed at {self.card_name(s, bid)}",
            actor,
            card=cid,
        )
        self.fire(
            s,
            "minion_destroyed",
            also=[cid],
            minion_card=cid,
            base_card=bid,
            owner=owner,
            controller=controller,
            by=by,
        )
        return True

    def _about_to(
        self,
        s: SUState,
        cid: int,
        verb: str,
        actor: int,
        refusal: str,
        effect: dict[str, Any],
        chooser: int = -1,
        replaceable: bool = False,
    ) -> int:
        """The base of card ``cid`` when ``verb`` by ``actor`` may now change it, else -1. It
        must be in play and not protected (a "cannot", logged as "cannot be ``refusal``"); a
        ``replaceable`` verb then asks the replacements for it ("instead", e.g. Buccaneer);
        last :meth:`affected` records the affect, unless a replacement takes it (Tooth and
        Claw). The one prelude of the verbs that change a minion."""
        bid = self.base_of(s, cid)
        if bid < 0:
            return -1
        if self.blocked(s, verb, cid, actor):
            name = self.card_name(s, cid)
            self.log(s, f"not_{refusal}", "su.terms.cannot", f"{name} cannot be {refusal}", actor)
            return -1
        if replaceable and self.replaced(s, verb, minion_card=cid, base_card=bid, by=actor):
            return -1
        return bid if self.affected(s, cid, verb, effect, chooser=chooser) else -1

    def replaced(self, state: State, event: str, **data: Any) -> bool:
        """Ask each card and base in play with a replacement for ``event`` (``AbilitySpec.
        replace``) whether it does something else instead; the first that does wins."""
        kinds = self.cat(state).replace_specs.get(event)
        if not kinds:
            return False
        s = cast(SUState, state)
        payload = {"event": event, **data}
        for src, spec in self._sources(s, kinds):
            if spec.replace[event](self, s, src, payload):
                return True
        return False

    def destroy_action(self, state: State, cid: int, actor: int, rule: str) -> bool:
        """Destroy an action in play: it goes to its owner's discard pile (what is on it too)."""
        s = cast(SUState, state)
        bid = self.base_of(s, cid)
        if bid < 0:
            return False
        name = self.card_name(s, cid)
        if self.blocked(s, "destroy", cid, actor):
            self.log(s, "not_destroyed", "su.terms.cannot", f"{name} cannot be destroyed", actor)
            return False
        self.leave_play(s, cid, f"discard:{s.cards[cid].owner}")
        self.log(
            s,
            "destroyed",
            rule,
            f"{name} is destroyed at {self.card_name(s, bid)}",
            actor,
            card=cid,
        )
        return True

    def blocked(self, state: State, action: str, target: int, actor: int) -> bool:
        """Whether ``action`` on ``target`` by ``actor`` is forbidden, either by name or as
        any way of affecting the card (``"affect"``: "cannot be affected by ...")."""
        sources = self.protections(state)
        if not sources:
            return False
        return self.forbidden(state, action, target, actor, sources) or self.forbidden(
            state, "affect", target, actor, sources
        )

    def move_minion(self, state: State, cid: int, dest: int, actor: int, rule: str) -> bool:
        """Move a minion in play to another base with the cards attached to it (000 Terms:
        Move); moving is not playing, so on-play abilities do not happen."""
        s = cast(SUState, state)
        src = self.base_of(s, cid)
        if src < 0 or src == dest or not self.base_in_play(s, dest):
            return False
        if self._about_to(s, cid, "move", actor, "moved", {"verb": "move", "base_card": dest}) < 0:
            return False
        name = self.card_name(s, cid)
        carried = [cid, *(a for a, host in s.attached.items() if host == cid)]
        for c in carried:
            self._to_zone(s, c, base_zone(src), base_zone(dest))
        self.log(
            s,
            "moved",
            rule,
            f"{name} moves from {self.card_name(s, src)} to {self.card_name(s, dest)}",
            actor,
            card=cid,
        )
        self.use_once(s, dest, f"arrived:{cid}")
        self.fire(s, "minion_moved", minion_card=cid, from_card=src, to_card=dest, by=actor)
        return True

    def return_to_hand(self, state: State, cid: int, actor: int, rule: str) -> bool:
        """Return a card in play to its owner's hand; what was on it is discarded."""
        s = cast(SUState, state)
        bid = self._about_to(s, cid, "return", actor, "returned", {"verb": "return"})
        if bid < 0:
            return False
        name = self.card_name(s, cid)
        owner = s.cards[cid].owner
        self.leave_play(s, cid, f"hand:{owner}")
        self.log(
            s,
            "returned",
            rule,
            f"{name} returns to {s.names[owner]}'s hand from {self.card_name(s, bid)}",
            actor,
            card=cid,
        )
        self.fire(s, "card_returned", card=cid, base_card=bid, owner=owner, by=actor)
        return True

    def transfer_action(self, state: State, aid: int, dest: int, actor: int, rule: str) -> bool:
        """Transfer an action attached to a base onto another base (000 Terms: Transfer)."""
        s = cast(SUState, state)
        src = s.attached.get(aid, -1)
        if src not in s.zones[BASES] or src == dest or not self.base_in_play(s, dest):
            return False
        name = self.card_name(s, aid)
        if self.blocked(s, "transfer", aid, actor):
            self.log(s, "not_moved", "su.terms.cannot", f"{name} cannot be transferred", actor)
            return False
        self._to_zone(s, aid, base_zone(src), base_zone(dest))
        s.attached[aid] = dest
        self.log(
            s,
            "transferred",
            rule,
            f"{name} is transferred from {self.card_name(s, src)} to {self.card_name(s, dest)}",
            actor,
            card=aid,
        )
        self.fire(s, "action_transferred", action_card=aid, from_card=src, to_card=dest, by=actor)
        return True

    def take_control(self, state: State, cid: int, seat: int, rule: str) -> bool:
        """``seat`` takes control of a card in play (it keeps its owner)."""
        s = cast(SUState, state)
        card = s.cards[cid]
        if self.base_of(s, cid) < 0 or card.controller == seat:
            return False
        if self.blocked(s, "control", cid, seat):
            name = self.card_name(s, cid)
            self.log(s, "not_taken", "su.terms.cannot", f"{name} cannot change control", seat)
            return False
        before = card.controller
        card.controller = seat
        self.log(
            s,
            "control",
            rule,
            f"{s.names[seat]} takes control of {self.card_name(s, cid)} from {s.names[before]}",
            seat,
            card=cid,
        )
        return True

    def to_deck(self, state: State, cid: int, actor: int, rule: str, how: str = "shuffle") -> bool:
        """A card in play goes into its owner's deck: ``shuffle`` (shuffled in), ``top`` or
        ``bottom`` (placed). What was on it is discarded. A protected minion stays."""
        s = cast(SUState, state)
        verb = "shuffle" if how == "shuffle" else "place"
        bid = self._about_to(s, cid, verb, actor, "affected", {"verb": "to_deck", "how": how})
        if bid < 0:
            return False
        name = self.card_name(s, cid)
        owner = s.cards[cid].owner
        self.leave_play(s, cid, f"deck:{owner}", bottom=how == "bottom")
        if how == "shuffle":
            self.forget_deck(s, owner)
            chance.shuffle(s, s.zones[f"deck:{owner}"])
        where = {"shuffle": "shuffled into", "top": "put on top of", "bottom": "put under"}[how]
        self.log(
            s,
            "to_deck",
            rule,
            f"{name} is {where} {s.names[owner]}'s deck from {self.card_name(s, bid)}",
            actor,
            card=cid,
            chance=how == "shuffle",
        )
        self.fire(s, "card_to_deck", card=cid, base_card=bid, owner=owner, by=actor)
        return True

    def swap_base(self, state: State, old: int, new: int, src: str, actor: int, rule: str) -> None:
        """Base ``new`` (from zone ``src``) takes the place of base ``old`` in play, outside
        scoring (nothing scores, no scoring ability happens). The actions on ``old`` itself go
        to their owners' discard piles; its minions, with the actions on them, stay and are
        now at ``new`` (they are not moved). What ``old`` did ends: effects on it, its extra
        plays, its once-per-turn memory. ``old`` goes face down into the base deck (the caller
        shuffles it)."""
        s = cast(SUState, state)
        for aid in self.base_actions(s, old):
            self.leave_play(s, aid, f"discard:{s.cards[aid].owner}")
        index = s.zones[BASES].index(old)
        s.zones[src].remove(new)
        s.cards[new].face_up = True
        s.zones[BASES][index] = new
        s.zones[base_zone(new)] = s.zones.pop(base_zone(old))
        s.cards[old].face_up = False
        s.zones[BASE_DECK].append(old)
        if s.lasting:
            s.lasting = [e for e in s.lasting if e.target != old]
        s.allowances = [
            a for a in s.allowances if a.base != old and not (a.ongoing and a.source == old)
        ]
        if s.used:
            mark = f"{old}:"
            s.used = [k for k in s.used if not k.startswith(mark)]
        self.log(
            s,
            "swap_base",
            rule,
            f"{self.card_name(s, new)} takes the place of {self.card_name(s, old)}, which goes "
            "into the base deck; the minions there stay",
            actor,
            base_card=new,
        )

    def base_actions(self, state: State, bid: int) -> list[int]:
        """The actions on a base itself; actions on its minions are not actions on the base
        (000 Clarifications, Truckers)."""
        attached = cast(SUState, state).attached
        return [a for a in state.zones[base_zone(bid)] if attached.get(a) == bid]

    def minion_actions(self, state: State, cid: int) -> list[int]:
        """The actions attached to a minion."""
        return [a for a, host in cast(SUState, state).attached.items() if host == cid]

    # ================================================================ affecting
    def affected(
        self,
        state: State,
        target: int,
        verb: str,
        effect: dict[str, Any] | None = None,
        *,
        chooser: int = -1,
    ) -> bool:
        """Record that the acting card affects minion ``target`` (called by the verbs, before
        the change) and fire ``minion_affected``. Outside an ability (the rules) nothing is
        recorded. ``effect`` is what a copying card would repeat (None: not repeatable).

        False: the effect does not happen to this minion (the verb must leave it alone),
        because a replacement took it instead (``replace["affect"]``: Tooth and Claw, Hideout)
        or an earlier one spared the minion from this card (:meth:`spare`)."""
        acting = self._acting
        if acting is None:
            return True
        s = cast(SUState, state)
        bid = self.base_of(s, target)
        if bid < 0 or not self.is_minion(s, target):
            return True
        if self._absorbed(s, target, bid, verb, acting):
            return False
        if acting.copy or chooser < 0:
            chooser = acting.chooser
        s.affects.append(
            Affect(
                acting.source,
                acting.seat,
                chooser,
                target,
                bid,
                verb,
                direct=not acting.copy,
                standard=acting.standard,
                copied=acting.copy,
                controller=s.cards[target].controller,
                mode=acting.mode,
                effect=effect or {},
            )
        )
        self.fire(
            s,
            "minion_affected",
            minion_card=target,
            base_card=bid,
            source_card=acting.source,
            seat=acting.seat,
            controller=s.cards[target].controller,
            verb=verb,
            direct=not acting.copy,
            standard=acting.standard,
            mode=acting.mode,
        )
        return True

    def _absorbed(self, s: SUState, target: int, bid: int, verb: str, acting: Acting) -> bool:
        """Whether the acting card's effect on minion ``target`` is cancelled for it: it was
        spared from that card earlier, or a replacement on ``affect`` takes it now (000 Terms:
        Affect; the effect still happens to the other minions it names)."""
        source = acting.source
        if s.lasting and any(
            e.key == "spared" and e.target == target and e.about == source for e in s.lasting
        ):
            self.log(
                s,
                "not_affected",
                "su.terms.instead",
                f"{self.card_name(s, target)} is not affected by {self.card_name(s, source)}",
                acting.seat,
                card=target,
            )
            return True
        return self.replaced(
            s,
            "affect",
            minion_card=target,
            base_card=bid,
            source_card=source,
            seat=acting.seat,
            controller=s.cards[target].controller,
            verb=verb,
        )

    def spare(self, state: State, minion: int, source: int, by: int) -> None:
        """Minion ``minion`` is not affected by card ``source`` for the rest of the turn (a
        ``spared`` lasting effect put there by card ``by``, e.g. Hideout)."""
        s = cast(SUState, state)
        seat = s.cards[by].controller
        effect = Lasting("spared", CardRef(minion), seat, source=CardRef(by), about=CardRef(source))
        s.lasting.append(effect)

    def affected_by(self, state: State, source: int, verb: str | None = None) -> list[int]:
        """The distinct minions the card ``source`` affected while it resolves (copies of its
        effects included), optionally only by ``verb``."""
        out: list[int] = []
        for a in cast(SUState, state).affects:
            if a.source == source and (verb is None or a.verb == verb) and a.target not in out:
                out.append(a.target)
        return out

    @property
    def acting(self) -> Acting | None:
        """The card (or base) whose ability is doing things now; None while the rules act."""
        return self._acting

    def acting_as(self, state: State, source: int, seat: int, chooser: int = -1) -> Acting:
        """An :class:`Acting` for ``source`` used by ``seat`` (a base acts for no player)."""
        defn = state.cards[source].defn
        cat = self.cat(state)
        return Acting(
            source,
            -1 if defn in cat.bases else seat,
            seat if chooser < 0 else chooser,
            standard=defn in cat.standard,
        )

    def bare_when_played(self, state: State, action: int, minion: int) -> bool:
        """Whether ``minion`` was in play with no +1 power counters when the standard action
        ``action`` (still resolving) was played."""
        for f in state.stack:
            if f.kind == "su.play" and f.data["card"] == action:
                return minion in f.data.get("bare_cards", ())
        return False

    def once_used(self, state: State, cid: int, tag: str) -> bool:
        """Whether the once-per-turn ability ``tag`` of card ``cid`` was used this turn."""
        return f"{cid}:{tag}" in cast(SUState, state).used

    def use_once(self, state: State, cid: int, tag: str) -> None:
        """Note that ``cid`` used its once-per-turn ability ``tag`` (forgotten when the turn
        starts or the card leaves play)."""
        cast(SUState, state).used.append(f"{cid}:{tag}")

    def arrived_this_turn(self, state: State, bid: int) -> list[int]:
        """The minions at a base that were played or moved there this turn (each arrival notes
        ``use_once(base, "arrived:<minion>")``)."""
        return [
            m for m in self.minions_at(state, bid) if self.once_used(state, bid, f"arrived:{m}")
        ]

    def _offer_copies(self, s: SUState) -> None:
        """After an ability step: if a standard action directly affected minions and a copying
        card is in play, push ``su.copy`` to offer those effects (000 Clarifications, Diva)."""
        pending = [a for a in s.affects if not a.offered and a.direct and a.standard and a.effect]
        if not pending:
            return
        for a in pending:
            a.offered = True
        if not self._sources(s, self.cat(s).copy_specs):
            return
        self.push(
            s,
            "su.copy",
            pending[0].seat,
            source_card=pending[0].source,
            pending=[
                {
                    "target_card": a.target,
                    "base_card": a.base,
                    "controller": a.controller,
                    "seat": a.seat,
                    "effect": a.effect,
                }
                for a in pending
                if a.source == pending[0].source
            ],
            idx=0,
        )

    def _copy(self, state: State, frame: Frame, choice: str | None) -> None:
        """Offer each copying card in play, in table order, to repeat one effect of the action
        on a minion it names (one option per effect and minion, or not copying)."""
        s = cast(SUState, state)
        data = frame.data
        if frame.step == 0:
            data["copier_cards"] = [c for c, _ in self._sources(s, self.cat(s).copy_specs)]
            frame.step = 1
        copiers: list[int] = data["copier_cards"]
        while data["idx"] < len(copiers):
            copier = copiers[data["idx"]]
            seat, options = self._copy_options(s, frame, copier)
            if not options:
                data["idx"] += 1
                continue
            spec = self.spec(s, copier)
            assert spec is not None
            if choice is None:
                options.append(Option("decline", "Do not copy"))
                self.ask(
                    s,
                    seat,
                    "copy",
                    f"{self.card_name(s, copier)}: copy an effect of "
                    f"{self.card_name(s, data['source_card'])}?",
                    options,
                    spec.rule,
                )
                return
            data["idx"] += 1
            if choice != "decline":
                _, i, target = choice.split(":")
                self._apply_copy(s, frame, copier, seat, int(i), int(target), spec.rule)
            return
        self.pop(s, frame)

    def _copy_options(self, s: SUState, frame: Frame, copier: int) -> tuple[int, list[Option]]:
        spec = self.spec(s, copier)
        if spec is None or spec.copy is None:
            return -1, []
        if copier not in s.zones[BASES] and self.base_of(s, copier) < 0:
            return -1, []
        data = frame.data
        seat = -1
        options: list[Option] = []
        seen: set[str] = set()
        for i, rec in enumerate(data["pending"]):
            who, targets = spec.copy(self, s, copier, data["source_card"], rec)
            for target in targets:
                key = f"{sorted(rec['effect'].items())}:{target}"
                if key in seen or self.base_of(s, target) < 0:
                    continue
                seen.add(key)
                seat = who
                options.append(
                    Option(
                        f"copy:{i}:{target}",
                        f"Give {self.minion_label(s, target)} the same "
                        f"{self.effect_label(s, rec['effect'])} as "
                        f"{self.card_name(s, rec['target_card'])}",
                    )
                )
        return seat, options

    def effect_label(self, state: State, effect: dict[str, Any]) -> str:
        verb = effect.get("verb")
        if verb == "lasting":
            if effect["key"] == "power":
                return f"{effect['amount']:+d} power"
            return str(effect["key"]).replace("_", " ")
        if verb == "move":
            return f"move to {self.card_name(state, effect['base_card'])}"
        if verb == "counters":
            return f"{effect['amount']} +1 power counter(s)"
        if verb == "to_deck":
            return {"shuffle": "shuffle into the deck"}.get(effect["how"], "place on the deck")
        return str(verb)

    def _apply_copy(
        self, s: SUState, frame: Frame, copier: int, seat: int, i: int, target: int, rule: str
    ) -> None:
        data = frame.data
        rec = data["pending"][i]
        source = data["source_card"]
        self.use_once(s, copier, "copy")
        self.use_once(s, copier, f"copy:{source}")
        self.log(
            s,
            "copy",
            rule,
            f"{self.card_name(s, copier)} copies the {self.effect_label(s, rec['effect'])} of "
            f"{self.card_name(s, source)} onto {self.card_name(s, target)}",
            seat,
            card=target,
        )
        prev = self._acting
        self._acting = Acting(source, frame.seat, seat, standard=True, copy=True, mode="copy")
        try:
            self.apply_effect(s, rec["effect"], target, frame.seat, rule)
        finally:
            self._acting = prev

    def apply_effect(
        self, state: State, effect: dict[str, Any], target: int, actor: int, rule: str
    ) -> None:
        """Give minion ``target`` an effect recorded by :meth:`affected` (a copy)."""
        s = cast(SUState, state)
        verb = effect.get("verb")
        if verb == "destroy":
            acting = self._acting
            self.destroy(s, target, actor, rule, by=acting.chooser if acting else None)
        elif verb == "move":
            self.move_minion(s, target, effect["base_card"], actor, rule)
        elif verb == "return":
            self.return_to_hand(s, target, actor, rule)
        elif verb == "to_deck":
            self.to_deck(s, target, actor, rule, effect["how"])
        elif verb == "counters":
            self.add_counters(s, target, effect["amount"], actor, rule)
        elif verb == "lasting":
            acting = self._acting
            src = acting.source if acting is not None else -1
            if (
                self.start_lasting(
                    s, effect["key"], target, effect["amount"], src, actor, effect["until"]
                )
                and effect["key"] == "power"
            ):
                self.log(
                    s,
                    "power",
                    rule,
                    f"{self.card_name(s, target)} gets {effect['amount']:+d} power until the "
                    "end of the turn",
                    actor,
                    card=target,
                )
        else:
            raise EngineError(f"smash-up: cannot repeat the effect {effect!r}")

    # ================================================================ events and triggers
    def fire(self, state: State, event: str, also: Iterable[int] = (), **data: Any) -> None:
        """Tell every card and base in play with a hook for ``event`` that it happened, and
        the cards in ``also`` (a destroyed minion hears its own destruction)."""
        s = cast(SUState, state)
        cat = self.cat(s)
        hooked = cat.hook_specs.get(event)
        if not hooked:
            return
        cards = s.cards
        listeners = [c for c in [*self.in_play(s), *also] if cards[c].defn in hooked]
        if not listeners:
            return
        payload = {"event": event, **data}
        off = self.cancelled(s)
        for src in listeners:
            if src not in off:
                cat.spec[cards[src].defn].hooks[event](self, s, src, payload)

    def queue(self, state: State, ability: str, source: int, seat: int, **data: Any) -> None:
        """Queue a triggered ability of ``source`` for ``seat``. The current player orders
        simultaneous triggers (000 Card Resolution Order step 3), so every trigger is queued
        under the current player; the acting seat travels in the data."""
        self.queue_trigger(state, ability, source, state.active, seat=seat, **data)

    def trigger_label(self, state: State, trigger: Trigger) -> str:
        seat = trigger.data.get("seat", trigger.controller)
        return (
            f"{self.card_name(state, trigger.source)}: {trigger.ability.replace('_', ' ')} "
            f"({state.names[seat] if 0 <= seat < len(state.names) else 'no one'})"
        )

    def run_trigger(self, state: State, trigger: Trigger) -> None:
        data = dict(trigger.data)
        seat = data.pop("seat", trigger.controller)
        self.push(
            state,
            "su.ability",
            seat,
            ability=trigger.ability,
            mode="trigger",
            card=trigger.source,
            **data,
        )

    def _ability(self, state: State, frame: Frame, choice: str | None) -> None:
        s = cast(SUState, state)
        spec = ABILITIES[frame.data["ability"]]
        mode = frame.data["mode"]
        fn = {
            "play": spec.on_play,
            "talent": spec.talent,
            "trigger": spec.trigger,
            "special": spec.special.run if spec.special else None,
        }[mode]
        if fn is None:
            raise EngineError(f"smash-up: ability {spec.id!r} has no {mode} handler")
        prev = self._acting
        acting = self.acting_as(s, frame.data["card"], frame.seat)
        acting.mode = mode
        if mode != "play":
            acting.standard = False
        self._acting = acting
        try:
            fn(self, s, frame, choice)
        finally:
            self._acting = prev
        if s.affects and s.decision is None:
            self._offer_copies(s)

    def use_talent(self, state: State, seat: int, cid: int, *, extra: bool = False) -> None:
        s = cast(SUState, state)
        spec = self.spec(s, cid)
        assert spec is not None and spec.talent is not None
        if not extra:
            s.talents_used.append(cid)
        self.log(
            s,
            "talent",
            "su.terms.talent",
            f"{s.names[seat]} uses the Talent of {self.card_name(s, cid)}"
            + (" one additional time" if extra else ""),
            seat,
            card=cid,
        )
        self.push(
            s,
            "su.ability",
            seat,
            ability=spec.id,
            mode="talent",
            card=cid,
            base_card=self.base_of(s, cid),
        )

    def talent_usable(self, s: SUState, seat: int, cid: int) -> bool:
        spec = self.spec(s, cid)
        if spec is None or spec.talent is None or cid in s.talents_used:
            return False
        if s.cards[cid].controller != seat:
            return False
        return spec.talent_ok is None or spec.talent_ok(self, s, cid)

    # ================================================================ extra plays
    def grant_extra(
        self,
        state: State,
        seat: int,
        kind: str,
        rule: str,
        *,
        max_power: int = -1,
        base: int = -1,
        source: int = -1,
        immediate: bool = False,
        mandatory: bool = False,
        zone: str = "hand",
        cond: str = "",
        ongoing: bool = False,
        subtype: str = "",
    ) -> None:
        """Give ``seat`` an extra minion or action play. In its own Play Cards phase it is kept
        for later in the phase; otherwise (or when ``immediate``) it is played at once or lost
        (000 Additional Rules). ``max_power``, ``base``, ``zone`` and ``cond`` restrict it (see
        :class:`Allowance`); ``ongoing``: it is lost if ``source`` leaves play first.
        ``subtype`` limits it to cards with that subtype (e.g. ``play_on_base``); such extras,
        and extra actions from the discard pile, are always played at once (see
        :meth:`play_extra` for a given card).
        ``mandatory`` (implies ``immediate``): it must be played now if a card fits ("both or
        neither" abilities), with no option to decline."""
        s = cast(SUState, state)
        what = kind if max_power < 0 else f"{kind} of power {max_power} or less"
        if subtype or (zone != "hand" and kind != "minion"):
            immediate = True
            what += f" ({subtype.replace('_', ' ') or 'any'}, from {zone})"
        elif zone != "hand":
            what += f" from their {zone} pile"
        if base >= 0:
            what += f" at {self.card_name(s, base)}"
        if cond == "no_own_minion":
            what += " at a base where they have no minion"
        if not (immediate or mandatory) and s.phase == "play" and seat == s.active:
            s.allowances.append(Allowance(kind, max_power, base, source, zone, cond, ongoing))
            self.log(s, "extra", rule, f"{s.names[seat]} may play an extra {what}", seat)
            return
        self.log(s, "extra", rule, f"{s.names[seat]} may play an extra {what} at once", seat)
        self.push(
            s,
            "su.extra_play",
            seat,
            play_kind=kind,
            max_power=max_power,
            base_card=base,
            mandatory=mandatory,
            zone=zone,
            cond=cond,
            subtype=subtype,
        )

    def play_extra(self, state: State, seat: int, cid: int, src: str, base: int = -1) -> None:
        """Play a given card from zone ``src`` at once as an extra play (e.g. a revealed top
        card of a deck, a card from a discard pile); ``base`` limits where it may go (-1:
        anywhere it fits)."""
        self._start_play(cast(SUState, state), seat, cid, "extra", base, src)

    def can_play_actions(self, state: State, seat: int) -> bool:
        """False while ``seat`` is barred from playing actions this turn (Mark of Sleep)."""
        return cast(SUState, state).asleep != seat

    def allowance_fits(
        self, s: SUState, a: Allowance, seat: int, cid: int, dest: int, src: str
    ) -> bool:
        """Whether play allowance ``a`` lets ``seat`` play ``cid`` from zone ``src`` to
        ``dest`` (a base, a minion, or -1 for a standard action)."""
        cat = self.cat(s)
        defn = s.cards[cid].defn
        if a.kind != ("minion" if cat.is_minion[defn] else "action"):
            return False
        if a.ongoing and self.base_of(s, a.source) < 0:
            return False
        if a.max_power >= 0 and cat.printed[defn] > a.max_power:
            return False
        if a.base >= 0:
            at = dest if dest in s.zones[BASES] else self.base_of(s, dest)
            if at != a.base:
                return False
        if a.cond == "no_own_minion" and any(
            s.cards[m].controller == seat for m in self.minions_at(s, dest)
        ):
            return False
        if src.startswith("hand:"):
            return a.zone == "hand"
        if src.startswith("discard:"):
            return a.zone == "discard" or (
                a.zone == "hand" and self.may_play_from_discard(s, seat, cid, dest)
            )
        return False

    def may_play_from_discard(self, s: SUState, seat: int, cid: int, dest: int) -> bool:
        """Whether a card in play lets ``seat`` make a hand play from the discard pile instead
        when ``cid`` goes to ``dest`` (They're Coming To Get You)."""
        for src, spec in self._sources(s, self.cat(s).play_from_specs):
            assert spec.play_from is not None
            if spec.play_from(self, s, src, seat, cid, dest):
                return True
        return False

    def play_banned(
        self,
        s: SUState,
        seat: int,
        cid: int,
        dest: int,
        bans: list[tuple[int, AbilitySpec]] | None = None,
    ) -> bool:
        """Whether a card in play forbids ``seat`` to play ``cid`` to ``dest`` (Block the
        Path: minions of a named faction). ``bans``: the banning cards in play, if known."""
        if bans is None:
            bans = self._sources(s, self.cat(s).play_ban_specs)
        for src, spec in bans:
            assert spec.play_ban is not None
            if spec.play_ban(self, s, src, seat, cid, dest):
                return True
        return False

    def _fits(self, s: SUState, cid: int, kind: str, max_power: int) -> bool:
        cat = self.cat(s)
        defn = s.cards[cid].defn
        if cat.is_minion[defn] != (kind == "minion") or defn in cat.special_only:
            return False
        return max_power < 0 or cat.printed[defn] <= max_power

    def _extra_play(self, state: State, frame: Frame, choice: str | None) -> None:
        """An extra play that must be made at once or not at all."""
        s = cast(SUState, state)
        seat, data = frame.seat, frame.data
        rule = "su.play.extra_now"
        zone = data.get("zone", "hand")
        src = f"{zone}:{seat}"
        cond = data.get("cond", "")
        if choice is not None:
            self.pop(s, frame)
            if choice != "decline":
                cid = int(choice.split(":")[1])
                self._start_play(s, seat, cid, "extra", data["base_card"], src, cond)
            return
        subtype = data.get("subtype", "")
        pool = s.zones[src]
        options = self._dedupe(
            s,
            [
                c
                for c in pool
                if self._fits(s, c, data["play_kind"], data["max_power"])
                and (not subtype or subtype in self.cat(s).cards[s.cards[c].defn].subtypes)
                and self.play_destinations(s, seat, c, "extra", data["base_card"], cond=cond)
            ],
            "play",
        )
        if not options or (data["play_kind"] == "action" and not self.can_play_actions(s, seat)):
            self.pop(s, frame)
            return
        if not data.get("mandatory"):
            options.append(Option("decline", "Do not play it"))
        self.ask(s, seat, "extra_play", f"Play an extra {data['play_kind']} now?", options, rule)

    # ================================================================ the turn
    def _turn(self, state: State, frame: Frame, choice: str | None) -> None:
        s = cast(SUState, state)
        seat = frame.seat
        step = frame.step
        if s.affects:  # nothing is resolving any more
            s.affects = []
        if step == START:
            if self.turn_limit_reached(s, "su.engine.turn_limit"):
                return
            s.turn += 1
            s.active = seat
            s.turns_taken[seat] += 1
            s.phase = "start"
            s.allowances = [Allowance("minion"), Allowance("action")]
            s.talents_used = []
            s.used = []
            s.minions_played = s.actions_played = 0
            s.asleep = -1
            if seat in s.sleepers:
                s.sleepers.remove(seat)
                s.asleep = seat
                self.log(
                    s,
                    "asleep",
                    "su.play.no_actions",
                    f"{s.names[seat]} cannot play actions this turn",
                    seat,
                )
            if s.lasting:
                s.lasting = [e for e in s.lasting if e.until != f"start_of_turn:{seat}"]
            self.log(s, "turn", "su.turn.start", f"Turn {s.turn}: {s.names[seat]}", seat)
            self.fire(s, "start_of_turn", seat=seat)
            frame.step = PLAY
            return
        if choice is None and s.triggers:
            self.resolve_triggers(s)
            return
        if step == PLAY:
            s.phase = "play"
            if choice is not None:
                self._play_choice(s, seat, frame, choice)
                return
            options = self.play_options(s, seat)
            if len(options) == 1:  # nothing can be played: finishing is forced
                frame.step = SCORE
                return
            self.ask(
                s,
                seat,
                "play",
                "Play Cards: play a minion and/or an action, or finish",
                options,
                "su.turn.play",
            )
            return
        if step == SCORE:
            s.phase = "score"
            frame.step = DRAW
            self.push(s, "su.score_bases", seat)
            return
        if step == DRAW:
            s.phase = "draw"
            self.draw(s, seat, DRAW_PER_TURN, "su.turn.draw")
            frame.step = END
            if len(s.zones[f"hand:{seat}"]) > HAND_LIMIT:
                self.push(s, "su.discard_limit", seat)
            return
        if step == END:
            s.phase = "end"
            self.fire(s, "end_of_turn", seat=seat)
            frame.step = FINISH
            return
        # FINISH: "until the end of the turn" ends; then the check for the winner
        if s.lasting:
            ends = ("end_of_turn", f"end_of_turn:{seat}")
            s.lasting = [e for e in s.lasting if e.until not in ends]
        s.allowances = []
        self.log(s, "end_turn", "su.turn.end", f"{s.names[seat]} ends their turn", seat)
        target = s.config["vp_to_win"]
        best = max(s.vp)
        if best >= target:
            leaders = [p for p, v in enumerate(s.vp) if v == best]
            if len(leaders) == 1:
                self.end_game(
                    s,
                    leaders,
                    f"{s.names[leaders[0]]} wins with {best} VP",
                    "su.end.win",
                )
                return
            self.log(
                s,
                "tie",
                "su.end.tie",
                f"{' and '.join(s.names[p] for p in leaders)} are tied at {best} VP: play goes on",
            )
        self.pop(s, frame)
        self.push(s, "su.turn", (seat + 1) % len(s.names))

    def play_options(self, s: SUState, seat: int) -> list[Option]:
        """The options of the Play Cards phase: each playable card in hand (one per distinct
        card), each usable Talent and turn Special, and finishing."""
        cat = self.cat(s)
        cards = s.cards
        minion_plays = [a for a in s.allowances if a.kind == "minion"]
        action_ok = self.can_play_actions(s, seat) and any(a.kind == "action" for a in s.allowances)
        options = []
        prot = self.protections(s)
        bases = s.zones[BASES]
        open_bases: list[int] | None = None  # bases open to this player's minions
        # plain: every minion allowance is a hand play limited at most by power and base, and
        # no card in play bans particular cards, so one look at the bases serves every minion
        bans = self._sources(s, cat.play_ban_specs)
        plain = not bans and all(
            a.zone == "hand" and not a.cond and not a.ongoing for a in minion_plays
        )
        seen: set[str] = set()
        for cid in s.zones[f"hand:{seat}"]:
            defn = cards[cid].defn
            if defn in seen:
                continue
            seen.add(defn)
            if defn in cat.special_only:
                continue
            if cat.is_minion[defn]:
                if not minion_plays:
                    continue
                if not plain:
                    ok = bool(self.play_destinations(s, seat, cid, "normal", -1, prot, bans=bans))
                else:
                    if open_bases is None:
                        open_bases = [
                            b for b in bases if not self.forbidden(s, "play_minion", b, seat, prot)
                        ]
                    power = cat.printed[defn]
                    ok = any(
                        (a.max_power < 0 or power <= a.max_power)
                        and (open_bases if a.base < 0 else a.base in open_bases)
                        for a in minion_plays
                    )
            else:
                ok = action_ok and bool(
                    self.play_destinations(s, seat, cid, "normal", -1, prot, bans=bans)
                )
            if ok:
                options.append(Option(f"play:{cid}", f"Play {cat.label[defn]}"))
        if minion_plays and (
            any(a.zone == "discard" for a in minion_plays) or self._sources(s, cat.play_from_specs)
        ):
            discard = f"discard:{seat}"
            for cid in s.zones[discard]:
                defn = cards[cid].defn
                if not cat.is_minion[defn] or f"d:{defn}" in seen:
                    continue
                seen.add(f"d:{defn}")
                if self.play_destinations(s, seat, cid, "normal", -1, prot, src=discard, bans=bans):
                    options.append(
                        Option(f"play:{cid}", f"Play {cat.label[defn]} from your discard pile")
                    )
        for cid, _spec in self._sources(s, cat.talent_specs):
            if cards[cid].controller == seat and self.talent_usable(s, seat, cid):
                options.append(Option(f"talent:{cid}", f"Use the Talent of {self.label(s, cid)}"))
        if "your_turn" in self.special_windows:
            for cid in self._specials(s, seat, "your_turn", {}):
                options.append(Option(f"special:{cid}", f"Use {self.label(s, cid)} (Special)"))
        options.append(Option("end", "Finish playing cards"))
        return options

    def label(self, s: SUState, cid: int) -> str:
        defn = s.cards[cid].defn
        return self.cat(s).label.get(defn) or self.card_name(s, cid)

    def _dedupe(self, s: SUState, cids: list[int], verb: str) -> list[Option]:
        """One option per distinct card: copies in hand are interchangeable."""
        return [Option(o.id, f"Play {o.label}") for o in self.distinct_options(s, cids, verb)]

    def distinct_options(self, s: SUState, cids: list[int], verb: str) -> list[Option]:
        """One option ``<verb>:<id>`` per distinct card (copies are interchangeable), labelled
        with the card's name (and power)."""
        seen: set[str] = set()
        options = []
        label = self.cat(s).label
        for cid in cids:
            defn = s.cards[cid].defn
            if defn not in seen:
                seen.add(defn)
                options.append(Option(f"{verb}:{cid}", label[defn]))
        return options

    def _play_choice(self, s: SUState, seat: int, frame: Frame, choice: str) -> None:
        verb, _, rest = choice.partition(":")
        if verb == "end":
            frame.step = SCORE
        elif verb == "play":
            cid = int(rest)
            src = f"hand:{seat}" if cid in s.zones[f"hand:{seat}"] else f"discard:{seat}"
            self._start_play(s, seat, cid, "normal", -1, src)
        elif verb == "talent":
            self.use_talent(s, seat, int(rest))
        elif verb == "special":
            self._use_special(s, seat, int(rest), "your_turn", -1)

    # ================================================================ playing a card
    def _start_play(
        self,
        s: SUState,
        seat: int,
        cid: int,
        via: str,
        base: int,
        src: str | None = None,
        cond: str = "",
    ) -> None:
        """Show the card (it leaves the hand, or ``src``) and start its resolution."""
        src = src or f"hand:{seat}"
        self._to_zone(s, cid, src, RESOLVING)
        self.push(
            s, "su.play", seat, card=cid, via=via, base_card=base, dest=-1, src=src, cond=cond
        )

    def play_destinations(
        self,
        s: SUState,
        seat: int,
        cid: int,
        via: str,
        base: int,
        prot: list[tuple[int, AbilitySpec]] | None = None,
        *,
        src: str = "",
        cond: str = "",
        bans: list[tuple[int, AbilitySpec]] | None = None,
    ) -> list[int]:
        """Where a card may be played: bases for a minion or a base action, minions for a
        minion action, ``[-1]`` for a standard action (no destination). A ``normal`` play
        needs a play allowance that fits (from ``src``, by default the hand); ``cond``
        restricts an extra play (``no_own_minion``). ``prot`` / ``bans``: the protecting /
        play-banning cards in play, when the caller already has them."""
        d = self.cat(s).cards[s.cards[cid].defn]
        if prot is None:
            prot = self.protections(s)
        src = src or f"hand:{seat}"
        bases = s.zones[BASES] if base < 0 else [b for b in s.zones[BASES] if b == base]
        if d.type == "minion":
            fits = bases
            if cond == "no_own_minion":
                fits = [
                    b
                    for b in fits
                    if not any(s.cards[m].controller == seat for m in self.minions_at(s, b))
                ]
            dests = [b for b in fits if not self.forbidden(s, "play_minion", b, seat, prot)]
        elif "play_on_base" in d.subtypes:
            dests = [b for b in bases if not self.forbidden(s, "play_action", b, seat, prot)]
        elif "play_on_minion" in d.subtypes:
            dests = [
                m
                for m, b in self.minions_in_play(s)
                if (base < 0 or b == base)
                and (
                    d.attach_to == "any"
                    or (s.cards[m].controller == seat) == (d.attach_to == "own")
                )
                and not self.forbidden(s, "attach", m, seat, prot)
                and not self.forbidden(s, "affect", m, seat, prot)
            ]
        else:
            dests = [-1]
        if via == "normal":
            allowances = s.allowances
            dests = [
                b
                for b in dests
                if any(self.allowance_fits(s, a, seat, cid, b, src) for a in allowances)
            ]
        if dests and self.cat(s).play_ban_specs:
            if bans is None:
                bans = self._sources(s, self.cat(s).play_ban_specs)
            if bans:
                dests = [b for b in dests if not self.play_banned(s, seat, cid, b, bans)]
        return dests

    def _consume(self, s: SUState, cid: int, dest: int, seat: int, src: str) -> None:
        """Use the most restricted play allowance that fits (the free one last)."""
        fitting = [
            (a.zone == "hand", a.base < 0, not a.cond, a.max_power < 0, a.max_power, i)
            for i, a in enumerate(s.allowances)
            if self.allowance_fits(s, a, seat, cid, dest, src)
        ]
        if not fitting:
            raise EngineError(f"smash-up: no play allowance for card {cid}")
        del s.allowances[min(fitting)[-1]]

    def _play(self, state: State, frame: Frame, choice: str | None) -> None:
        """One card through the Card Resolution Order (000): place it and resolve it (1), let the
        cards still resolving finish (2: nested plays end first), resolve what it triggered (3),
        let players answer with Specials (4), discard it unless it stays in play (5)."""
        s = cast(SUState, state)
        seat, data = frame.seat, frame.data
        cid: int = data["card"]
        if frame.step == 0:  # choose where it goes
            if choice is None:
                dests = self.play_destinations(
                    s,
                    seat,
                    cid,
                    data["via"],
                    data["base_card"],
                    src=data.get("src", ""),
                    cond=data.get("cond", ""),
                )
                if len(dests) > 1:
                    self.ask(
                        s,
                        seat,
                        "destination",
                        f"Where do you play {self.label(s, cid)}?",
                        self._dest_options(s, dests),
                        "su.play.where",
                    )
                    return
                if not dests:  # nowhere it may go any more: it is discarded unplayed
                    s.cards[cid].controller = s.cards[cid].owner
                    self._to_zone(s, cid, RESOLVING, f"discard:{s.cards[cid].owner}")
                    self.log(
                        s,
                        "not_played",
                        "su.play.where",
                        f"{self.card_name(s, cid)} has nowhere it may be played and is discarded",
                        seat,
                        card=cid,
                    )
                    self.pop(s, frame)
                    return
                data["dest"] = dests[0]
            else:
                data["dest"] = int(choice.split(":")[1])
            frame.step = 1
            return
        if frame.step == 1:
            self._place(s, frame)
            frame.step = 2
            return
        if frame.step == 2:
            outermost = sum(1 for f in s.stack if f.kind == "su.play") == 1
            if not outermost:
                frame.step = 4
                return
            frame.step = 3
            if s.triggers:
                self.resolve_triggers(s)
            return
        if frame.step == 3:
            frame.step = 4
            if "card_played" in self.special_windows:
                self.open_response_window(
                    s, "card_played", s.active, rule="su.play.me_first", played_card=cid
                )
            return
        if s.affects:
            s.affects = [a for a in s.affects if a.source != cid]
        if cid in s.zones[RESOLVING]:
            s.cards[cid].controller = s.cards[cid].owner
            self._to_zone(s, cid, RESOLVING, f"discard:{s.cards[cid].owner}")
            self.log(
                s,
                "discard_played",
                "su.play.action",
                f"{self.card_name(s, cid)} is discarded after resolving",
                seat,
                card=cid,
            )
            self.fire(s, "card_to_discard", card=cid, base_card=-1, owner=s.cards[cid].owner)
        self.pop(s, frame)

    def _dest_options(self, s: SUState, dests: list[int]) -> list[Option]:
        bases = s.zones[BASES]
        sources, players = self.power_sources(s)
        options = []
        for dest in dests:
            if dest in bases:
                power, bp = self.total_power(s, dest, sources, players), self.breakpoint(s, dest)
                options.append(Option(f"base:{dest}", f"{self.card_name(s, dest)} ({power}/{bp})"))
            else:
                options.append(Option(f"minion:{dest}", self.minion_label(s, dest)))
        return options

    def _place(self, s: SUState, frame: Frame) -> None:
        seat, data = frame.seat, frame.data
        cid, via, dest = data["card"], data["via"], data["dest"]
        d = self.defn(s, cid)
        card = s.cards[cid]
        card.controller = seat
        how = {"normal": "", "extra": " as an extra play", "special": " (Special)"}[via]
        src = data.get("src") or ""
        if src.startswith("discard:"):
            how = " from the discard pile" + how
        elif src.startswith("deck:") or src == REVEALED:
            how = " from the top of a deck" + how
        if via == "normal":
            self._consume(s, cid, dest, seat, data.get("src") or f"hand:{seat}")
        if d.type == "minion":
            self._to_zone(s, cid, RESOLVING, base_zone(dest))
            if seat == s.active:
                s.minions_played += 1
            data["base_card"] = dest
            self.log(
                s,
                "play_minion",
                "su.play.minion",
                f"{s.names[seat]} plays {d.name} ({d.power}) at {self.card_name(s, dest)}{how}",
                seat,
                card=cid,
                base_card=dest,
            )
            self.use_once(s, dest, f"arrived:{cid}")
            self.fire(s, "minion_played", minion_card=cid, base_card=dest, seat=seat)
        else:
            if seat == s.active:
                s.actions_played += 1
            if card.defn in self.cat(s).standard:  # for "had no counters when played"
                data["bare_cards"] = [
                    m for m, _ in self.minions_in_play(s) if not s.cards[m].counters.get("p1")
                ]
            where = ""
            attaches = True
            if dest >= 0:
                bid = dest if dest in s.zones[BASES] else self.base_of(s, dest)
                self._to_zone(s, cid, RESOLVING, base_zone(bid))
                s.attached[cid] = dest
                data["base_card"] = bid
                where = f" on {self.card_name(s, dest)}"
                if dest != bid:  # an action attached to a minion affects it
                    prev, self._acting = self._acting, self.acting_as(s, cid, seat)
                    try:
                        attaches = self.affected(s, dest, "attach")
                    finally:
                        self._acting = prev
            self.log(
                s,
                "play_action",
                "su.play.action",
                f"{s.names[seat]} plays {d.name}{where}{how}",
                seat,
                card=cid,
            )
            self.fire(s, "action_played", action_card=cid, target_card=dest, seat=seat)
            if not attaches:  # a replacement took its effect: it does nothing, and goes
                self.leave_play(s, cid, f"discard:{card.owner}")
                self.log(
                    s,
                    "not_attached",
                    "su.terms.instead",
                    f"{d.name} does not affect {self.card_name(s, dest)} and is discarded",
                    seat,
                    card=cid,
                )
                return
        spec = self.cat(s).spec.get(card.defn)
        if spec is not None and spec.on_play is not None:
            self.push(
                s,
                "su.ability",
                seat,
                ability=spec.id,
                mode="play",
                card=cid,
                base_card=data["base_card"],
                via=via,
            )

    # ================================================================ specials and Me First!
    def _specials(self, s: SUState, seat: int, window: str, wdata: dict[str, Any]) -> list[int]:
        """Cards ``seat`` could use as a Special in ``window`` now (one per distinct card)."""
        cards = s.cards
        specs = self.cat(s).spec
        found: list[int] = []
        seen: set[str] = set()
        zones = [("hand", s.zones[f"hand:{seat}"]), ("discard", s.zones[f"discard:{seat}"])]
        special = self.cat(s).special_specs
        zones.append(
            (
                "play",
                [
                    c
                    for c in self.in_play(s)
                    if cards[c].defn in special and cards[c].controller == seat
                ],
            )
        )
        for zone, cids in zones:
            for cid in cids:
                defn = cards[cid].defn
                spec = specs.get(defn)
                if spec is None or spec.special is None:
                    continue
                sp = spec.special
                key = f"{zone}:{defn}"
                if sp.zone != zone or window not in sp.windows or key in seen:
                    continue
                if zone == "hand" and s.asleep == seat and not self.is_minion(s, cid):
                    continue
                if zone != "hand" and self.once_used(
                    s, cid, f"special:{window}:{wdata.get('base_card', -1)}"
                ):
                    continue
                if sp.usable is None or sp.usable(self, s, seat, cid, wdata):
                    seen.add(key)
                    found.append(cid)
        return found

    def response_options(self, state: State, frame: Frame, seat: int) -> list[Option]:
        s = cast(SUState, state)
        window = frame.data["window"]
        if window not in self.special_windows:
            return []
        return [
            Option(f"special:{cid}", f"Use {self.label(s, cid)} (Special)")
            for cid in self._specials(s, seat, window, frame.data)
        ]

    def response_prompt(self, state: State, frame: Frame, seat: int) -> str:
        window = frame.data["window"]
        if window in ("before_scoring", "after_scoring"):
            when = window.split("_")[0]
            return (
                f"Me First! {when} {self.card_name(state, frame.data['base_card'])} scores: "
                "use a Special, or pass"
            )
        return "Me First!: use a Special, or pass"

    def respond(self, state: State, frame: Frame, seat: int, choice: str) -> None:
        s = cast(SUState, state)
        self._use_special(
            s,
            seat,
            int(choice.split(":")[1]),
            frame.data["window"],
            frame.data.get("base_card", -1),
        )

    def _use_special(self, s: SUState, seat: int, cid: int, window: str, base: int) -> None:
        spec = self.spec(s, cid)
        assert spec is not None and spec.special is not None
        if spec.special.zone == "hand":
            self.log(
                s,
                "special",
                "su.terms.special",
                f"{s.names[seat]} plays {self.card_name(s, cid)} as a Special",
                seat,
                card=cid,
            )
            self._start_play(s, seat, cid, "special", base)
            return
        self.log(
            s,
            "special",
            "su.terms.special",
            f"{s.names[seat]} uses the Special of {self.card_name(s, cid)}",
            seat,
            card=cid,
        )
        # a card in play or a discard pile uses its Special once per occasion (ruling D20)
        self.use_once(s, cid, f"special:{window}:{base}")
        self.push(s, "su.ability", seat, ability=spec.id, mode="special", card=cid, base_card=base)

    # ================================================================ scoring
    def ready_bases(self, s: SUState) -> list[int]:
        sources, players = self.power_sources(s)
        return [
            b
            for b in s.zones[BASES]
            if self.total_power(s, b, sources, players) >= self.breakpoint(s, b)
        ]

    def _score_bases(self, state: State, frame: Frame, choice: str | None) -> None:
        """Score Bases: while a base is ready, the current player picks one and it scores."""
        s = cast(SUState, state)
        if choice is not None:
            self.push(s, "su.score_base", frame.seat, base_card=int(choice.split(":")[1]))
            return
        if s.triggers:
            self.resolve_triggers(s)
            return
        ready = self.ready_bases(s)
        if not ready:
            self.pop(s, frame)
            return
        if len(ready) == 1:
            self.push(s, "su.score_base", frame.seat, base_card=ready[0])
            return
        options = [
            Option(
                f"score:{b}",
                f"Score {self.card_name(s, b)} ({self.total_power(s, b)}/{self.breakpoint(s, b)})",
            )
            for b in ready
        ]
        self.ask(
            s,
            frame.seat,
            "choose_base",
            "Choose the base that scores next",
            options,
            "su.score.order",
        )

    def places(self, s: SUState, bid: int) -> tuple[dict[int, int], dict[int, int]]:
        """(places, powers) at a base: only players with a minion or 1 power there place."""
        powers = self.powers_at(s, bid)
        present = {s.cards[c].controller for c in self.minions_at(s, bid)}
        eligible = {p: v for p, v in powers.items() if p in present or v >= 1}
        return rank(eligible), eligible

    def _score_base(self, state: State, frame: Frame, choice: str | None) -> None:
        """One base scores (000 Scoring order, steps 3-8)."""
        s = cast(SUState, state)
        bid: int = frame.data["base_card"]
        step = frame.step
        if step == 0:
            self.log(
                s,
                "scores",
                "su.score.ready",
                f"{self.card_name(s, bid)} scores: total power {self.total_power(s, bid)}, "
                f"breakpoint {self.breakpoint(s, bid)}",
                frame.seat,
                base_card=bid,
            )
            self.fire(s, "before_scoring", base_card=bid)
            frame.step = 1
            return
        if s.triggers:
            self.resolve_triggers(s)
            return
        if step == 1:
            frame.step = 2
            if "before_scoring" in self.special_windows:
                self.open_response_window(
                    s, "before_scoring", s.active, rule="su.score.me_first", base_card=bid
                )
            return
        if not self.base_in_play(s, bid):
            if step == 2:
                self.log(
                    s,
                    "scoring_stops",
                    "su.score.left_play",
                    f"{self.card_name(s, bid)} left play before it scored: scoring stops",
                )
            self.pop(s, frame)
            return
        if step == 2:
            self._award(s, frame, bid)
            frame.step = 3
            return
        if step == 3:
            self.fire(
                s,
                "after_scoring",
                base_card=bid,
                winners=frame.data["winners"],
                places=frame.data["places"],
            )
            frame.step = 4
            return
        if step == 4:
            frame.step = 5
            if "after_scoring" in self.special_windows:
                self.open_response_window(
                    s, "after_scoring", s.active, rule="su.score.me_first", base_card=bid
                )
            return
        new = self._clear_base(s, bid)
        self.pop(s, frame)
        spec = self.spec(s, bid)
        if spec is not None and "base_replaced" in spec.hooks:  # the scored base, out of play
            event = {"event": "base_replaced", "new_base_card": new, **frame.data}
            spec.hooks["base_replaced"](self, s, bid, event)

    def _award(self, s: SUState, frame: Frame, bid: int) -> None:
        base = self.base_def(s, bid)
        places, powers = self.places(s, bid)
        ordinal = {1: "1st", 2: "2nd", 3: "3rd"}
        for seat in self.seat_order(s, s.active):
            if seat not in places:
                continue
            place = places[seat]
            vp = base.vp[place - 1]
            tied = sum(1 for q in places.values() if q == place) > 1
            self.log(
                s,
                "place",
                "su.score.tie" if tied else "su.score.vp",
                f"{s.names[seat]} is {ordinal[place]}{' (tied)' if tied else ''} at "
                f"{base.name} with {powers[seat]} power",
                seat,
                place=place,
            )
            self.gain_vp(s, seat, vp, "su.score.vp", f"{ordinal[place]} place at {base.name}")
        off = self.cancelled(s)
        for src in [bid, *s.zones[base_zone(bid)]]:
            if src in off:
                continue
            spec = self.spec(s, src)
            if spec is not None and spec.scoring is not None:
                for seat, extra in sorted(spec.scoring(self, s, bid, places).items()):
                    self.gain_vp(s, seat, extra, spec.rule, f"{self.card_name(s, src)}")
        n = len(s.names)
        frame.data["places"] = [places.get(p, 0) for p in range(n)]
        frame.data["winners"] = [p for p in self.seat_order(s, s.active) if places.get(p) == 1]
        self.fire(
            s,
            "when_scoring",
            base_card=bid,
            places=frame.data["places"],
            winners=frame.data["winners"],
        )

    def _clear_base(self, s: SUState, bid: int) -> int:
        """Back to Your Corners: every card on the base goes to its owner's discard pile (this
        is not destroying), the base goes to the base discard pile and is replaced. Returns the
        replacement (-1: none)."""
        zone = base_zone(bid)
        moved = list(s.zones[zone])
        instead = {cid: self.instead_of_discard(s, cid, bid) for cid in moved}
        for cid in moved:
            card = s.cards[cid]
            self._to_zone(s, cid, zone, f"{instead[cid] or 'discard'}:{card.owner}")
            card.controller = card.owner
            card.counters.clear()
            s.attached.pop(cid, None)
        if s.lasting:
            gone = {*moved, bid}
            s.lasting = [e for e in s.lasting if e.target not in gone]
        name = self.card_name(s, bid)
        discarded = [cid for cid in moved if instead[cid] is None]
        self.log(
            s,
            "to_discard",
            "su.score.discard",
            f"The {len(discarded)} card(s) at {name} go to their owners' discard piles",
            cards=discarded,
        )
        for cid in moved:
            where = instead[cid]
            if where is not None:
                self._went_instead(s, cid, where)
            else:
                self.fire(s, "card_to_discard", card=cid, base_card=bid, owner=s.cards[cid].owner)
        index = s.zones[BASES].index(bid)
        s.zones[BASES].remove(bid)
        del s.zones[zone]
        s.zones[BASE_DISCARD].append(bid)
        return self._reveal_base(s, index, "su.score.replace")

    def _reveal_base(self, s: SUState, index: int, rule: str) -> int:
        deck = s.zones[BASE_DECK]
        if not deck:
            discard = s.zones[BASE_DISCARD]
            if not discard:
                return -1
            deck.extend(discard)
            discard.clear()
            chance.shuffle(s, deck)
            self.log(
                s,
                "reshuffle",
                "su.score.replace",
                "The base deck is empty: the base discard pile is shuffled into a new base deck",
                chance=True,
            )
        bid = deck.pop()
        s.cards[bid].face_up = True
        s.zones[BASES].insert(index, bid)
        s.zones[base_zone(bid)] = []
        base = self.base_def(s, bid)
        self.log(
            s,
            "new_base",
            rule,
            f"{base.name} comes into play (breakpoint {base.breakpoint}, "
            f"VP {'/'.join(map(str, base.vp))})",
            base_card=bid,
        )
        return bid

    # ================================================================ draw phase
    def _discard_limit(self, state: State, frame: Frame, choice: str | None) -> None:
        """Draw 2 Cards: a hand over 10 is discarded down to 10, one card at a time."""
        s = cast(SUState, state)
        seat = frame.seat
        hand_zone = f"hand:{seat}"
        if choice is not None:
            cid = int(choice.split(":")[1])
            self._to_zone(s, cid, hand_zone, f"discard:{seat}")
            self.log(
                s,
                "discard",
                "su.turn.hand_limit",
                f"{s.names[seat]} discards {self.card_name(s, cid)} down to the hand limit",
                seat,
                card=cid,
            )
            self.fire(s, "card_to_discard", card=cid, base_card=-1, owner=seat)
        hand = s.zones[hand_zone]
        excess = len(hand) - HAND_LIMIT
        if excess <= 0:
            self.pop(s, frame)
            return
        options = [
            Option(o.id.replace("play:", "discard:"), o.label.replace("Play", "Discard"))
            for o in self._dedupe(s, hand, "play")
        ]
        if len(options) == 1:
            self._discard_limit(s, frame, options[0].id)
            return
        self.ask(
            s,
            seat,
            "discard",
            f"Hand limit: discard {excess} more card(s)",
            options,
            "su.turn.hand_limit",
        )

    # ================================================================ hidden information
    def card_visible(self, state: State, zone: str, card: Card, seat: int) -> bool:
        known = cast(SUState, state).known
        if zone.startswith("hand:"):
            return (
                int(zone[5:]) == seat
                or card.id in cast(SUState, state).public_cards
                or seat in known.get(card.id, ())
            )
        if zone.startswith("look:"):  # bases one player is looking at (School of Wizardry)
            return int(zone[5:]) == seat
        if zone.startswith("deck:"):
            return card.id in cast(SUState, state).public_cards or seat in known.get(card.id, ())
        return zone != BASE_DECK

    def view(self, state: State, seat: int) -> State:
        """The core's view; what the seat knows of hidden cards is kept only for the cards it
        can see (the ids of the others must not appear)."""
        v = cast(SUState, super().view(state, seat))
        if v.known:
            v.known = {c: seats for c, seats in v.known.items() if c in v.cards}
        return v

    def pool_key(self, state: State, zone: str, seat: int) -> str:
        if zone == BASE_DECK or zone.startswith("look:"):
            return BASE_DECK
        owner = zone.rsplit(":", 1)[1]
        return f"deck:{owner}" if int(owner) == seat else f"hidden:{owner}"

    def pool_known(self, state: State, pool: str, seat: int) -> bool:
        # factions are public, discards and bases are open: the makeup of every hidden pool
        # (a deck, another player's hand and deck together, the base deck) is known
        return True

    def pool_owner(self, pool: str) -> int:
        return -1 if pool == BASE_DECK else int(pool.rsplit(":", 1)[1])

    def sample_unknown(self, state: State, pool: str, count: int, rng: LocalRng) -> list[str]:
        raise EngineError(f"smash-up: every pool is known, yet pool {pool!r} was not")

    def placeholder_face_up(self, zone: str) -> bool:
        return zone.startswith("hand:")

    def determinize(self, view: State, seed: int) -> State:
        """The core's determinization, made to respect what another player's pending decision
        shows: whether a player is asked can depend on their hidden hand (a Special they can
        play, a minion for an extra play), so hidden cards of that player are swapped between
        hand and deck until the re-asked decision is the one the view shows."""
        from cardwright.core.views import determinize as core_determinize

        pending = view.decision
        if pending is None or pending.options or not view.stack:
            return core_determinize(self, view, seed)
        bare = clone(view)
        bare.decision = None
        full = core_determinize(self, bare, seed)
        first = self._reask(full)
        if self._same_decision(first.decision, pending):
            return first
        seat = pending.seat
        hand, deck = f"hand:{seat}", f"deck:{seat}"
        seen = set(view.cards)  # cards the viewer can identify stay where they are
        for i in range(len(full.zones[hand])):
            if full.zones[hand][i] in seen:
                continue
            tried: set[str] = set()
            for j, cid in enumerate(full.zones[deck]):
                defn = full.cards[cid].defn
                if defn in tried or cid in seen:
                    continue
                tried.add(defn)
                trial = clone(full)
                h, d = trial.zones[hand], trial.zones[deck]
                h[i], d[j] = d[j], h[i]
                trial.cards[h[i]].face_up, trial.cards[d[j]].face_up = True, False
                trial = self._reask(trial)
                if self._same_decision(trial.decision, pending):
                    return trial
        return first

    def _reask(self, state: State) -> State:
        trial = clone(state)
        trial.decision = None
        frame = trial.stack[-1]
        self.handlers[frame.kind](trial, frame, None)
        self.advance(trial)
        return trial

    @staticmethod
    def _same_decision(a: Decision | None, b: Decision) -> bool:
        return (
            a is not None
            and a.seat == b.seat
            and a.kind == b.kind
            and a.prompt == b.prompt
            and a.rule == b.rule
        )

    # ================================================================ scenarios
    def scenario_state(
        self, config: Mapping[str, Any], setup: Mapping[str, Any], seed: int = 0
    ) -> tuple[State, dict[str, int]]:
        from .scenario import build

        return build(self, config, setup, seed)

    def scenario_facts(self, state: State) -> dict[str, Any]:
        from .scenario import facts

        return facts(self, cast(SUState, state))

    # ================================================================ checks and reports
    def invariants(self, state: State) -> list[str]:
        s = cast(SUState, state)
        seen, problems = card_places(s)
        if problems:
            return problems
        n = len(s.names)
        cat = self.cat(s)
        bases = s.zones[BASES]
        if len(bases) != n + 1 and (s.zones[BASE_DECK] or s.zones[BASE_DISCARD]):
            problems.append(f"{len(bases)} bases in play, not {n + 1}")
        for bid in bases:
            if s.cards[bid].defn not in cat.bases:
                problems.append(f"card {bid} in play as a base is not a base")
                continue
            if base_zone(bid) not in s.zones:
                problems.append(f"base {bid} has no zone")
                continue
            if self.breakpoint(s, bid) < 0:
                problems.append(f"base {bid} has a negative breakpoint")
            for cid in s.zones[base_zone(bid)]:
                card = s.cards[cid]
                if not 0 <= card.controller < n:
                    problems.append(f"card {cid} at a base has no controller")
                if card.counters.get("p1", 0) < 0:
                    problems.append(f"card {cid} has negative counters")
                if cat.is_minion.get(card.defn, False):
                    if self.power(s, cid, bid) < 0:
                        problems.append(f"minion {cid} has negative power")
                elif cid not in s.attached:
                    problems.append(f"action {cid} at a base is attached to nothing")
        for zone in s.zones:
            if zone.startswith("base:") and int(zone[5:]) not in bases:
                problems.append(f"zone {zone} belongs to no base in play")
        for action, host in s.attached.items():
            where = seen.get(action, "")
            if not where.startswith("base:"):
                problems.append(f"attached action {action} is not in play")
            elif host != int(where[5:]) and seen.get(host) != where:
                problems.append(f"action {action} is not at the base of the card it is on")
        for seat in range(n):
            if s.vp[seat] < 0:
                problems.append(f"seat {seat} has negative VP")
            for zone in ("deck", "hand", "discard"):
                for cid in s.zones[f"{zone}:{seat}"]:
                    card = s.cards[cid]
                    if card.owner != seat or card.controller != seat:
                        problems.append(f"card {cid} in {zone}:{seat} belongs to another seat")
        return problems

    def render(self, view: State, seat: int) -> str:
        from .render import render

        return render(self, cast(SUState, view), seat)

    def scores(self, state: State) -> dict[str, Any]:
        return {"vp": list(cast(SUState, state).vp)}

    def unimplemented_abilities(self, card_set: str = DEFAULT_CARD_SET) -> list[str]:
        """Ability ids of the card set's cards and bases that do nothing yet."""
        return unimplemented_abilities(card_set)


__all__ = ["DEFAULT_FACTIONS", "RESPOND", "SmashUp", "rank"]
