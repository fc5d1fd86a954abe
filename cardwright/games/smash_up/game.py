"""Smash Up (AEG), every faction in ``data/factions``, 2-4 players: the game object.

The rules are split by area, each module's functions serving as methods of :class:`SmashUp`:
the turn and the redraw (``turn.py``), the Play Cards phase (``playcards.py``), playing a card
(``play.py``), extra plays (``extraplay.py``), play allowances (``allowances.py``), where a card
may go (``destinations.py``), values and permissions (``values.py``), cards moving outside play
and what players know (``cards.py``), verbs on cards in play (``verbs.py``), affect records and
copies (``affects.py``), events, Talents and Specials (``events.py``) and scoring
(``scoring.py``). This module holds the
configuration and setup, card lookups, hidden information and the checks. Card and base
abilities plug in through ``abilities.py``. Rule ids cited are in ``rules.toml``; the readings
chosen where the rulebook is unclear are in ``docs/rulings/smash-up.md``.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Mapping
from typing import Any

from cardwright.core import rng as chance
from cardwright.core.abilities import Ability, Registry
from cardwright.core.errors import ConfigError, EngineError
from cardwright.core.game import Game
from cardwright.core.rng import LocalRng
from cardwright.core.state import Card, CardRef, Decision, known_card
from cardwright.core.zones import card_places, create_card

from . import (
    affects,
    allowances,
    burying,
    cards,
    destinations,
    events,
    extraplay,
    history,
    inplay,
    madness,
    play,
    playcards,
    scoring,
    values,
    verbs,
)
from .abilities import (
    MADNESS_PART,
    all_parts,
    build_registry,
    registry_of,
    rules_index,
    special_windows,
)
from .carddata import CARD_SET_CHOICES, DEFAULT_CARD_SET, MADNESS, faction_ids, load_faction
from .cardmodels import FACE, BaseDef, CardDef
from .catalog import (
    BASE_DECK,
    BASE_DISCARD,
    BASES,
    DEFAULT_FACTIONS,
    HAND_SIZE,
    RESOLVING,
    Catalog,
    base_zone,
    defns_parts,
    factions_parts,
    game_defns,
)
from .faces import own
from .inplay import in_play_now
from .scoring import ScoreBase
from .specs import AbilitySpec
from .state import REVEALED, SUState
from .words import choice_label

_apply = Game.apply


class SmashUp(Game[SUState]):
    """Smash Up (AEG), every faction in ``data/factions``, 2-4 players."""

    id = "smash-up"
    title = "Smash Up"
    min_players = 2
    max_players = 4
    state_type = SUState
    step_prefix = "su."

    def __init__(self) -> None:
        from . import turn  # noqa: F401  (the steps, before the state class)

        super().__init__()
        self.rules = rules_index()
        #: the parts (:func:`.abilities.all_parts`: factions, bases by set, the Madness card)
        #: loaded so far: those the games played needed (:meth:`catalog`)
        self.parts: frozenset[str] = frozenset((MADNESS_PART,))
        #: the abilities of those parts (every card set's): what the vocabulary looks up
        self.registry = registry_of(self.parts)
        #: the catalog of each card set played so far, of the parts its games needed
        self.catalogs: dict[str, Catalog] = {}
        self._loading = threading.Lock()
        #: every window some Special answers (of any part: whether a window opens may not
        #: depend on the parts loaded)
        self.special_windows = special_windows()

    # ================================================================ the rules, by area
    # values and permissions (values.py)
    sources = values.sources
    cancelled = values.cancelled
    power = values.power
    breakpoint = values.breakpoint
    base_ignored = values.base_ignored
    powers_at = values.powers_at
    total_power = values.total_power
    protections = values.protections
    forbidden = values.forbidden
    blocked = values.blocked
    instead_of_discard = values.instead_of_discard
    offer_instead = values.offer_instead
    queue_offer = values.queue_offer
    # cards outside play, knowledge, decks (cards.py)
    to_zone = cards.to_zone
    reveal = cards.reveal
    forget_deck = cards.forget_deck
    know = cards.know
    shuffle_deck = cards.shuffle_deck
    shuffle_bases = cards.shuffle_bases
    deck_top = cards.deck_top
    reveal_top = cards.reveal_top
    look_top = cards.look_top
    to_deck_top = cards.to_deck_top
    to_hand = cards.to_hand
    discard_from_hand = cards.discard_from_hand
    discard_random = cards.discard_random
    refill_deck = cards.refill_deck
    reshuffle = cards.reshuffle
    gain_vp = cards.gain_vp
    # verbs on cards in play (verbs.py)
    start_lasting = verbs.start_lasting
    add_counters = verbs.add_counters
    move_counters = verbs.move_counters
    leave_play = verbs.leave_play
    went_instead = verbs.went_instead
    destroy = verbs.destroy
    replaced = verbs.replaced
    destroy_action = verbs.destroy_action
    move_minion = verbs.move_minion
    return_to_hand = verbs.return_to_hand
    transfer_action = verbs.transfer_action
    take_control = verbs.take_control
    to_deck = verbs.to_deck
    swap_base = verbs.swap_base
    base_actions = verbs.base_actions
    minion_actions = verbs.minion_actions
    # affecting, once-per-turn memory, copies (affects.py)
    affected = affects.affected
    spare = affects.spare
    affected_by = affects.affected_by
    acting_as = affects.acting_as
    bare_when_played = affects.bare_when_played
    once_used = affects.once_used
    use_once = affects.use_once
    arrived_this_turn = affects.arrived_this_turn
    offer_copies = affects.offer_copies
    effect_label = affects.effect_label
    apply_effect = affects.apply_effect
    # events, triggers, Talents, Specials (events.py)
    fire = events.fire
    trigger_label = events.trigger_label
    run_trigger = events.run_trigger
    start_effect = events.start_effect
    after_effect_step = events.after_effect_step
    trigger_controller = events.trigger_controller
    use_talent = events.use_talent
    talent_usable = events.talent_usable
    specials = events.specials
    response_options = events.response_options
    response_expected = events.response_expected
    response_prompt = events.response_prompt
    respond = events.respond
    use_special = events.use_special
    # playing cards (play.py), extra plays (extraplay.py), allowances (allowances.py), where
    # a card may go (destinations.py), the Play Cards phase's options (playcards.py)
    grant_extra = extraplay.grant_extra
    play_extra = extraplay.play_extra
    can_play_actions = allowances.can_play_actions
    play_destinations = destinations.play_destinations
    can_play = destinations.can_play
    play_banned = allowances.play_banned
    start_play = play.start_play
    dedupe = playcards.dedupe
    distinct_options = playcards.distinct_options
    # scoring (scoring.py)
    ready_bases = scoring.ready_bases
    places = scoring.places

    def checkpoint(self, state: SUState) -> None:
        """A safe point between steps: the cards that check the state there (Dinner Date: its
        minion, at 0 power, is destroyed) hear ``checkpoint`` (what they set off resolves
        with the other triggered abilities)."""
        if history.tracks(self, state, "checkpoint"):
            self.fire(state, "checkpoint")

    # ================================================================ the vocabulary's hooks
    def abilities_of(self, state: SUState, card: int) -> tuple[Ability, ...]:
        found = self.cat(state).abilities.get(state.cards[card].defn)
        return () if found is None else (found,)

    def live_cards(self, state: SUState) -> Iterable[int]:
        off = self.cancelled(state)
        return [c for c in self.in_play(state) if c not in off]

    def card_attr(self, s: SUState, card: int, name: str) -> Any:
        """What expressions may ask of a card: ``power`` (now), ``printed`` (power),
        ``own_power`` (less other players' changes), ``counters`` (+1 power counters),
        ``controller``, ``owner``, ``faction``, ``minion``
        (a minion card?), ``action`` (an action card?), ``subtypes`` (of a card),
        ``madness`` (a Madness card?), ``breakpoint`` and ``total`` (of a base)."""
        c = s.cards[card]
        if name == "controller":  # (the most asked first)
            return c.controller
        defn, cat = c.defn, self.cat(s)
        if name == "power":
            return self.power(s, card) if cat.is_minion.get(defn, False) else 0
        if name == "minion":
            return cat.is_minion.get(defn, False)
        if name == "name":  # a card's own (a copied ability is not a copied name)
            return defn if FACE not in defn else own(defn)
        if name == "counters":
            return c.counters.get("p1", 0)
        if name == "printed":  # a card's printed power, a base's printed breakpoint
            base = cat.bases.get(defn)
            return base.breakpoint if base is not None else cat.printed.get(defn, 0)
        if name == "owner":
            return c.owner
        if name == "faction":
            return defn.split("/", 1)[0] if "/" in defn else ""
        if name == "action":  # a fusion card out of play is an action card too
            if defn in cat.fusions:
                return self.base_of(s, card) < 0
            return defn in cat.cards and not cat.is_minion[defn]
        if name == "breakpoint":
            return self.breakpoint(s, card)
        if name == "total":
            return self.total_power(s, card)
        if name == "subtypes":
            d = cat.cards.get(defn)
            return d.subtypes if d is not None else []
        if name == "madness":
            return defn == MADNESS
        if name == "own_power":  # less other players' changes (values.own_power)
            return values.own_power(self, s, card) if cat.is_minion.get(defn, False) else 0
        return super().card_attr(s, card, name)

    def choice_label(self, ctx: Any, card: int, style: str) -> str:
        return choice_label(self, ctx, card, style)

    def derived_changed(self, state: SUState) -> None:
        values.changed(state)

    def discard_card(self, state: SUState, seat: int, card: int, rule: str) -> None:
        self.discard_from_hand(state, seat, card, rule)

    def listener_used(self, state: SUState, card: int, key: str, about: int | None) -> bool:
        return self.once_used(state, card, key, about)

    def use_listener(self, state: SUState, card: int, key: str, about: int | None) -> None:
        self.use_once(state, card, key, about)

    def gain(
        self,
        state: SUState,
        seat: int,
        key: str,
        amount: int,
        rule: str,
        source: int | None,
        why: str = "",
    ) -> None:
        if key != "vp":
            super().gain(state, seat, key, amount, rule, source, why)
        self.gain_vp(state, seat, amount, rule, why)

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
            "card_set": CARD_SET_CHOICES,
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
        order += [f for f in faction_ids() if f not in order]
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
    def setup(self, s: SUState) -> None:
        from .turn import Redraw, Turn

        cfg = s.config
        chosen = [f for pair in cfg["factions"] for f in pair]
        cat = self.catalog(cfg["card_set"], factions_parts(cfg["card_set"], chosen))
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
            scoring.reveal_base(self, s, len(s.zones[BASES]), "su.setup.bases")
        if "cthulhu" in sets:  # a faction of the Cthulhu set brings the Madness deck
            madness.set_out(self, s)
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
        self.push_step(s, Turn(seat=first))
        if cfg["redraw"]:
            self.push_step(s, Redraw(seat=first))

    # ================================================================ lookups
    def powers(self, state: SUState) -> values.Powers:
        """Power at bases, minions' power and breakpoints, kept for the state as it is
        (:func:`~.values.kept`)."""
        return values.kept(self, state)

    def cat(self, state: SUState) -> Catalog:
        """The catalog as this game's cards see it (:meth:`.Catalog.for_game`), kept on the
        state (a copy works it out again; a card made after the setup must be followed by
        :meth:`cards_made`). Some thirty calls a decision, so the kept catalog is a bare
        attribute read; with ``inplay.CHECK`` on (the test suite) every look at the cards in
        play checks that it is still the catalog of the state's cards
        (:func:`.inplay.check_catalog`)."""
        try:
            return state._cat  # type: ignore[attr-defined,no-any-return]
        except AttributeError:
            return self._catalog_kept(state)

    def _catalog_kept(self, state: SUState) -> Catalog:
        """:meth:`cat` when the state keeps no catalog: worked out and kept, with the cards
        it was worked out for (what :func:`.inplay.check_catalog` compares)."""
        present = game_defns(state.cards.values())
        card_set = state.config["card_set"]
        whole = self.catalogs.get(card_set)
        if whole is None or (present not in whole.games and not present <= whole.known):
            whole = self.catalog(card_set, defns_parts(present))
        cat = whole.for_game(present)
        state.__dict__["_cat"] = cat
        state.__dict__[inplay.CATALOG_OF] = (state.cards, len(state.cards))
        return cat

    def cards_made(self, state: SUState) -> None:
        """Say that cards were made in ``state`` (a scenario's position): the catalog its
        cards see is worked out again."""
        state.__dict__.pop("_cat", None)
        state.__dict__.pop(inplay.CATALOG_OF, None)

    def catalog(self, card_set: str, parts: Iterable[str] = ()) -> Catalog:
        """The catalog of a card set, holding at least ``parts`` (:func:`.abilities.all_parts`;
        :func:`.catalog.factions_parts`, :func:`.catalog.defns_parts` name a game's). A part
        is loaded when a game first needs it: a larger catalog is made (of the parts loaded
        before and these, in the one order) and published, with :attr:`registry`, once whole
        (games under way keep the catalog they have: it holds their parts)."""
        found = self.catalogs.get(card_set)
        if found is not None and found.parts.issuperset(parts):
            return found
        with self._loading:
            found = self.catalogs.get(card_set)
            held = found.parts if found is not None else frozenset()
            wanted = held.union(parts, self.parts if found is None else ())
            if found is not None and wanted == held:
                return found
            if not wanted <= self.parts:
                self.registry = registry_of(self.parts | wanted)  # (first: a superset)
                self.parts = self.parts | wanted
            found = self.catalogs[card_set] = Catalog(card_set, wanted)
            return found

    def whole_catalog(self, card_set: str) -> Catalog:
        """The catalog of a card set with every part loaded (the scenarios, the RL spaces,
        the card faces: any card may be named)."""
        return self.catalog(card_set, all_parts())

    def every_ability(self) -> Registry:
        return build_registry()

    def apply(self, state: SUState, choice: str, seat: int | None = None) -> None:
        if "_cat" not in state.__dict__:  # (a state made elsewhere: its parts are loaded)
            self._catalog_kept(state)
        _apply(self, state, choice, seat)  # (Game.apply, without super()'s cost)

    def reask(self, state: SUState) -> Decision | None:
        if "_cat" not in state.__dict__:
            self._catalog_kept(state)
        return super().reask(state)

    def defn(self, state: SUState, cid: int) -> CardDef:
        return self.cat(state).cards[state.cards[cid].defn]

    def base_def(self, state: SUState, bid: int) -> BaseDef:
        return self.cat(state).bases[state.cards[bid].defn]

    def spec(self, state: SUState, cid: int) -> AbilitySpec | None:
        return self.cat(state).spec.get(state.cards[cid].defn)

    def is_minion(self, state: SUState, cid: int) -> bool:
        return self.cat(state).is_minion.get(state.cards[cid].defn, False)

    def card_name(self, state: SUState, card_id: int) -> str:
        card = known_card(state, card_id)
        return self.cat(state).name(card.defn) if card is not None else "a hidden card"

    def base_label(self, state: SUState, bid: int) -> str:
        """ "Name (total power/breakpoint)"; in a state that does not log, the name only (a
        short label: see ``docs/architecture.md``, option labels)."""
        if not state.logging:
            return self.card_name(state, bid)
        power, bp = self.total_power(state, bid), self.breakpoint(state, bid)
        return f"{self.card_name(state, bid)} ({power}/{bp})"

    def minion_label(self, s: SUState, cid: int) -> str:
        """ "Name (power, Controller) at Base"; in a state that does not log, without the
        power (a short label: see ``docs/architecture.md``, option labels)."""
        bid = self.base_of(s, cid)
        card = s.cards[cid]
        power = f"{self.power(s, cid, bid)}, " if s.logging else ""
        return (
            f"{self.card_name(s, cid)} ({power}{s.names[card.controller]}) at "
            f"{self.card_name(s, bid)}"
        )

    def label(self, s: SUState, cid: int) -> str:
        defn = s.cards[cid].defn
        return self.cat(s).label.get(defn) or self.card_name(s, cid)

    @staticmethod
    def seat_order(state: SUState, first: int) -> list[int]:
        n = len(state.names)
        return [(first + i) % n for i in range(n)]

    def base_in_play(self, state: SUState, bid: int) -> bool:
        return bid in state.zones[BASES]

    def base_of(self, state: SUState, cid: int) -> int:
        """The base a card in play is at (-1 when it is not in play)."""
        return in_play_now(state).where.get(cid, -1)

    def minions_at(self, state: SUState, bid: int) -> list[int]:
        is_minion = self.cat(state).is_minion
        cards = state.cards
        return [c for c in state.zones[base_zone(bid)] if is_minion[cards[c].defn]]

    def minions_in_play(self, state: SUState) -> list[tuple[int, int]]:
        """Every minion in play with its base, base by base in table order (kept with the
        cards in play: :meth:`.InPlay.minions`; not to be changed)."""
        return in_play_now(state).minions(self.cat(state))

    def in_play(self, state: SUState) -> Iterable[int]:
        """Every base in play and every card at one (each base, then the cards at it)."""
        return in_play_now(state).ids

    # ================================================================ hidden information
    def card_visible(self, state: SUState, zone: str, card: Card, seat: int) -> bool:
        known = state.known
        if zone.startswith("hand:"):
            return (
                int(zone[5:]) == seat
                or card.id in state.public_cards
                or seat in known.get(CardRef(card.id), ())
            )
        if zone.startswith("look:"):  # bases one player is looking at (School of Wizardry)
            return int(zone[5:]) == seat
        if zone.startswith(burying.PREFIX):  # face down: its burier, or all who saw it
            return (
                int(zone.rsplit(":", 1)[1]) == seat
                or card.id in state.public_cards
                or seat in known.get(CardRef(card.id), ())
            )
        if zone.startswith("deck:"):
            return card.id in state.public_cards or seat in known.get(CardRef(card.id), ())
        if zone == BASE_DECK:  # (a base everyone saw go on top: The Nexus)
            return card.id in state.public_cards
        return True

    def pool_key(self, state: SUState, zone: str, seat: int) -> str:
        if zone == BASE_DECK or zone.startswith("look:"):
            return BASE_DECK
        owner = zone.rsplit(":", 1)[1]
        return f"deck:{owner}" if int(owner) == seat else f"hidden:{owner}"

    def pool_known(self, state: SUState, pool: str, seat: int) -> bool:
        # factions are public, discards and bases are open: the makeup of every hidden pool
        # (a deck, another player's hand and deck together, the base deck) is known
        return True

    def sample_unknown(self, state: SUState, pool: str, count: int, rng: LocalRng) -> list[str]:
        raise EngineError(f"smash-up: every pool is known, yet pool {pool!r} was not")

    # ================================================================ checks and reports
    def invariants(self, s: SUState) -> list[str]:
        seen, problems = card_places(s)
        if problems:
            return problems
        n = len(s.names)
        cat = self.cat(s)
        bases = s.zones[BASES]
        # a scored base waits to be replaced while what its discarded cards set off resolves
        waiting = sum(1 for f in s.stack if isinstance(f, ScoreBase) and f.slot >= 0)
        if len(bases) + waiting != n + 1 and (s.zones[BASE_DECK] or s.zones[BASE_DISCARD]):
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
            if zone.startswith(burying.PREFIX) and burying.base_of_zone(zone) not in bases:
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

    def render(self, view: SUState, seat: int) -> str:
        from .render import render

        return render(self, view, seat)

    def scores(self, state: SUState) -> dict[str, Any]:
        out: dict[str, Any] = {"vp": list(state.vp)}
        if madness.in_game(state):  # what the Madness cards held cost at the end
            out["madness"] = [madness.madness_owned(state, p) for p in range(len(state.names))]
        return out

    def unimplemented_abilities(self, card_set: str = DEFAULT_CARD_SET) -> list[str]:
        """The cards and bases of the card set whose ability is not in the registry (none:
        an ability that does not parse stops the game from loading)."""
        from .abilities import unimplemented_abilities

        return unimplemented_abilities(card_set)


__all__ = ["DEFAULT_FACTIONS", "SmashUp"]
