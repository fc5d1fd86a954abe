"""Varia (Guildhouse Games): the game object. Two players plan on one shared timeline of
moments, then every moment resolves: payment, start-of-moment triggers, the clash of power
and focus dice, end-of-moment triggers.

The rules are split by area: the turn and its start and end (``turn.py``), planning in the
action, reaction and fast steps with combos, replacements, tokens and the queue (``plan.py``),
the resolution of moments and payment (``resolution.py``), the clash (``clash.py``), what a
combined action is (``actions.py``), the cards' rules in the shared vocabulary
(``abilities.py``, written in ``data/``). This module holds the configuration and setup, the
basic actions every area uses, the hooks the core's vocabulary calls, and hidden information.
Rule ids cited are in ``rules.toml``; rulings are explained in ``docs/rulings/varia.md``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cardwright.core import rng as chance
from cardwright.core.abilities import Ability
from cardwright.core.dice import Roll, roll_dice
from cardwright.core.errors import ConfigError
from cardwright.core.game import AFTER, Game
from cardwright.core.lasting import became
from cardwright.core.rng import LocalRng
from cardwright.core.state import CardRef, Lasting, Option, known_card
from cardwright.core.steps import Respond
from cardwright.core.vocab import hear, lasting_permissions
from cardwright.core.zones import card_places, create_card, move

from . import actions, changes
from .abilities import build, rules_index, stack_ability
from .cards import STACK, TOKEN, CardDef, catalogue
from .decks import resolve_deck
from .plan import PlaceToken, Plan, carry_out, fast_options, place_token
from .resolution import MomentStep, Resolve
from .state import DISCARD, HAND, ITEM, STACKS, Slot, VariaState
from .turn import Turn

#: the game's flow steps (the state class is made with them)
STEPS = (Turn, Plan, PlaceToken, Resolve, MomentStep)

#: every zone of a seat (``<zone>:<seat>``)
ZONES = ("deck", "hand", "item", "timeline", "queue", "discard", "forgotten", "stacks")
_HIDDEN = {"deck", "hand", "forgotten"}


def roll_data(result: Roll, about: str, advantage: int, fixed: int | None) -> dict[str, Any]:
    """A roll as its log event's data, for a client to show without reading the line's words:
    what is rolled (``about``), ``count`` dice of ``sides``, every try's faces as rolled
    (two for an improved or impaired roll), which try is ``kept`` (the higher total improved,
    the lower impaired, the first on a tie: :func:`~cardwright.core.dice.roll_dice`), the
    ``advantage`` (``improved``, ``impaired`` or empty), the ``fixed`` face every die then
    counts as (or None) and the ``total``."""
    sums = [sum(t) for t in result.tries]
    kept = 0
    if len(sums) == 2 and (sums[1] - sums[0]) * advantage > 0:
        kept = 1
    return {
        "roll": about,
        "count": result.count,
        "sides": result.sides,
        "tries": [list(t) for t in result.tries],
        "kept": kept,
        "advantage": {1: "improved", -1: "impaired"}.get(advantage, ""),
        "fixed": fixed,
        "total": result.total,
    }


def other(seat: int) -> int:
    return 1 - seat


def _by_key(table: dict[str, frozenset[str]]) -> dict[str, frozenset[str]]:
    """``table`` (definition -> keys) turned around: key -> the definitions that have it."""
    found: dict[str, set[str]] = {}
    for defn, keys in table.items():
        for key in keys:
            found.setdefault(key, set()).add(defn)
    return {key: frozenset(defns) for key, defns in found.items()}


class Varia(Game[VariaState]):
    """Varia: a two-player duel of planned actions, on a shared timeline of moments."""

    id = "varia"
    title = "Varia"
    min_players = 2
    max_players = 2
    state_type = VariaState
    step_prefix = "va."
    # who identifies a card depends on its zone alone: a deck is hidden, a hand and the
    # forgotten pile are their owner's, the rest is public; each seat knows its own decklist
    hidden_zones = frozenset({"deck"})
    owner_zones = frozenset({"hand", "forgotten"})
    own_decklists = True

    def __init__(self) -> None:
        super().__init__()
        self.rules = rules_index()
        built = build()
        self.registry = built.registry
        self._cards = built.cards
        self._defs = catalogue().cards
        #: defn -> (kind: action/item/stack, action rules, item textbox, both) (static)
        self._kinds: dict[
            str, tuple[str, tuple[Ability, ...], tuple[Ability, ...], tuple[Ability, ...]]
        ] = {}
        for defn, d in self._defs.items():
            if d.kind == "stack":
                self._kinds[defn] = ("stack", (), (), ())
                continue
            ab = self._cards[defn]
            act = (ab.action,) if ab.action is not None else ()
            itm = (ab.item,) if ab.item is not None else ()
            kind = "item" if d.kind == "item" else "action"
            self._kinds[defn] = (kind, act, itm, act + itm)
        #: defn -> the events its own listeners hear (``when``)
        self._listens: dict[str, frozenset[str]] = {
            defn: frozenset(lis.event for a in k[3] for lis in a.listeners if lis.subject == "self")
            for defn, k in self._kinds.items()
        }
        #: defn -> the events its ``whenever`` listeners hear while it is live
        self._hears: dict[str, frozenset[str]] = {}
        #: defn -> the actions its "cannot"s and "can"s are about
        self._rules_for: dict[str, frozenset[str]] = {}
        for defn, d in self._defs.items():
            if d.kind == "stack":
                found = [a for (n, _), a in built.stacks.items() if n == d.name]
            else:
                found = list(self._kinds[defn][3])
            self._hears[defn] = frozenset(
                lis.event for a in found for lis in a.listeners if lis.subject == "any"
            )
            self._rules_for[defn] = frozenset(r.action for a in found for r in a.rules)
        #: defn -> the values its abilities (any version) may change on other cards
        self._changes: dict[str, frozenset[str]] = {}
        for defn, d in self._defs.items():
            if d.kind == "stack":
                found = [a for (n, _), a in built.stacks.items() if n == d.name]
            else:
                found = list(self._kinds[defn][3])
            keys = {m.key for a in found for m in a.modifiers if m.applies is not None}
            self._changes[defn] = frozenset(keys)
        #: event -> the definitions whose ``whenever`` listeners hear it, and value -> the
        #: definitions whose abilities may change it on other cards: the two tables above
        #: turned around (static), so that a live card is asked one question
        self._hearing = _by_key(self._hears)
        self._changing = _by_key(self._changes)
        #: defn -> the values its own modifiers change (on the card itself)
        self._self_changes: dict[str, frozenset[str]] = {
            defn: frozenset(
                m.key for a in self._kinds[defn][3] for m in a.modifiers if m.applies is None
            )
            for defn in self._defs
        }

    # ================================================================ configuration and setup
    def default_config(self) -> dict[str, Any]:
        return {
            "decks": ["volcanic-warrior", "shadow-assassin"],
            "names": ["Player 1", "Player 2"],
            "first_player": "roll",
            "health": 30,
            "action_points": 10,
            "start": "disengaged",
            "fatigue": "impaired",
            "simultaneous_loss": "draw",
            "level_rule": "sum",
            "open_decklists": True,
            "max_turns": 100,
        }

    def config_choices(self) -> dict[str, tuple[Any, ...]]:
        return {
            "first_player": ("roll", 0, 1),
            "start": ("disengaged", "engaged"),
            "fatigue": ("impaired", "weakened", "lasting"),
            "simultaneous_loss": ("draw", "higher_health"),
            "level_rule": ("sum", "max"),
            "open_decklists": (True, False),
        }

    def validate_options(self, config: Any) -> dict[str, Any]:
        """Every rule option but the decks (scenarios bring their own cards)."""
        cfg = super().validate_config(config)
        cfg["names"] = self.seat_names(cfg["names"], 2)
        for key, low in (("health", 1), ("action_points", 0), ("max_turns", 2)):
            value = cfg[key]
            if not isinstance(value, int) or isinstance(value, bool) or value < low:
                raise ConfigError(f"varia: {key!r} must be a whole number of at least {low}")
        return cfg

    def validate_config(self, config: Any) -> dict[str, Any]:
        cfg = self.validate_options(config)
        decks = cfg["decks"]
        if not isinstance(decks, list) or len(decks) != 2:
            raise ConfigError("varia: 'decks' must name two decks (a class or a deck file)")
        cfg["decks"] = [resolve_deck(d, cfg["level_rule"]).to_config() for d in decks]
        return cfg

    def setup(self, s: VariaState) -> None:
        cfg = s.config
        s.names = list(cfg["names"])
        s.health = [cfg["health"]] * 2
        s.ap = [cfg["action_points"]] * 2
        s.engaged = cfg["start"] == "engaged"
        s.queue = [[], []]
        for seat in (0, 1):
            for zone in ZONES:
                s.zones[f"{zone}:{seat}"] = []
            deck = cfg["decks"][seat]
            for name in deck["items"]:
                create_card(s, name, seat, f"item:{seat}")
            for name in deck["actions"]:
                create_card(s, name, seat, f"deck:{seat}", face_up=False)
            chance.shuffle(s, s.zones[f"deck:{seat}"])
            if s.logging:
                self.log(
                    s,
                    "shuffle",
                    "va.setup.deck",
                    f"{s.names[seat]} shuffles their deck of {len(deck['actions'])} actions "
                    f"and lays out {len(deck['items'])} item(s)",
                    seat,
                    chance=True,
                )
        first = cfg["first_player"]
        if first == "roll":
            first = self.roll_off(s)
        s.active = first
        self.push_step(s, Turn(seat=first))

    def roll_off(self, s: VariaState) -> int:
        """Both roll a d6; the higher goes first; ties roll again (003 Getting Set Up)."""
        while True:
            a, b = chance.roll(s, 6), chance.roll(s, 6)
            winner = 0 if a > b else 1 if b > a else -1
            text = f"Roll-off: {s.names[0]} {a}, {s.names[1]} {b}"
            if winner < 0:
                if s.logging:
                    self.log(
                        s, "roll_off", "va.setup.first", text + ": a tie, roll again", chance=True
                    )
                continue
            text += f": {s.names[winner]} is the first active player"
            if s.logging:
                self.log(s, "roll_off", "va.setup.first", text, winner, chance=True)
            return winner

    # ================================================================ card lookups
    @property
    def defs(self) -> dict[str, CardDef]:
        """Every card definition by id (static)."""
        return self._defs

    def defn(self, state: VariaState, card: int) -> CardDef:
        return self._defs[state.cards[card].defn]

    def card_name(self, state: VariaState, card_id: int) -> str:
        card = known_card(state, card_id)
        return "a hidden card" if card is None else self._defs[card.defn].name

    def zone_of(self, s: VariaState, card: int) -> str:
        """The zone (``hand``, ``timeline`` ...) holding ``card``, without the seat."""
        owner = s.cards[card].owner
        for zone in ZONES:
            if card in s.zones[f"{zone}:{owner}"]:
                return zone
        return ""

    def slot_of(self, s: VariaState, card: int) -> tuple[int, int, Slot] | None:
        """Where ``card`` is on the timeline: (moment, seat, the action it is part of)."""
        seat = s.cards[card].owner
        for m, moment in enumerate(s.timeline):
            slot = moment.slots[seat]
            if slot is not None and card in slot.cards:
                return m, seat, slot
        return None

    def queued_slot_of(self, s: VariaState, card: int) -> Slot | None:
        for slot in s.queue[s.cards[card].owner]:
            if card in slot.cards:
                return slot
        return None

    def opposing_action(self, s: VariaState, card: int) -> int | None:
        """The lead card of the action opposing the one ``card`` is part of (003 Opposed &
        Unopposed): the other seat's action in the same moment, each targeting the other,
        neither disrupted."""
        found = self.slot_of(s, card)
        if found is None:
            return None
        m, seat, slot = found
        them = s.timeline[m].slots[other(seat)]
        if them is None or slot.disrupted or them.disrupted:
            return None
        if m >= s.moments or them.target_seat != seat or slot.target_seat != other(seat):
            return None
        return them.lead

    def performs(self, s: VariaState, seat: int) -> bool:
        """Whether ``seat`` performs an action, not disrupted, in the moment resolving."""
        if s.moment < 0 or s.moment >= len(s.timeline):
            return False
        slot = s.timeline[s.moment].slots[seat]
        return slot is not None and slot.performed and not slot.disrupted

    def balanced(self, s: VariaState, seat: int) -> bool:
        """A discard pile is balanced when it holds as many Angelic as Demonic actions, at
        least one of each, as its owner sees them (ruling R11). A card in a discard pile has
        its printed types unless a live card of the seat's treats types otherwise."""
        angelic = demonic = 0
        treats = self._treats(s, seat, "types")
        defs, cards = self._defs, s.cards
        for cid in s.zones[f"discard:{seat}"]:
            if treats:
                types = self.card_attr_as(s, cid, "types", seat)
            else:
                types = defs[cards[cid].defn].types
            angelic += "Angelic" in types
            demonic += "Demonic" in types
        return angelic == demonic > 0

    def _treats(self, s: VariaState, seat: int, attr: str) -> bool:
        """Whether a live card ``seat`` controls has a "treated as" rule about ``attr``."""
        registry = self.registry
        sources = registry.treating(attr) if registry is not None else ()
        if not sources:
            return False
        return any(
            s.cards[src].controller == seat
            and any(a.id in sources for a in self.abilities_of(s, src))
            for src in self.live_cards(s)
        )

    def is_token(self, s: VariaState, card: int) -> bool:
        return s.cards[card].defn.endswith(TOKEN)

    # ================================================================ the vocabulary's hooks
    def abilities_of(self, state: VariaState, card: int) -> tuple[Ability, ...]:
        c = state.cards[card]
        kind, action, item, both = self._kinds[c.defn]
        if kind == "action":
            if state.lasting and any(e.key == "becomes:card" for e in state.lasting):
                return self._became_abilities(state, card, action)
            return action
        if kind == "item":
            if c.exhausted:  # ruined: its abilities no longer affect the game
                return ()
            return item if card in state.zones[ITEM[c.owner]] else both
        name = self._defs[c.defn].name
        variant = state.config["fatigue"] if name == "Fatigue" else ""
        return (stack_ability(name, variant),)

    def _became_abilities(
        self, s: VariaState, card: int, own: tuple[Ability, ...]
    ) -> tuple[Ability, ...]:
        """A card that became a copy has the copy's rules; the other parts of its combo none."""
        copy = became(s, card)
        if copy is not None:
            return self._kinds[copy][1]
        found = self.slot_of(s, card)
        if found is not None and card != found[2].lead and became(s, found[2].lead):
            return ()
        return own

    def live_cards(self, s: VariaState) -> Iterable[int]:
        z = s.zones
        out = [*z["stacks:0"], *z["stacks:1"], *z["item:0"], *z["item:1"]]
        for moment in s.timeline:
            first, second = moment.slots  # a moment has a slot per seat, two
            if first is not None and not first.disrupted:
                out += first.cards
            if second is not None and not second.disrupted:
                out += second.cards
        return out

    def hear_own(self, s: VariaState, card: int, event: str, seat: int) -> None:
        """``card`` hears an event about itself (its own ``when`` listeners)."""
        if event in self._listens[s.cards[card].defn] or (
            s.lasting and any(e.key == "becomes:card" for e in s.lasting)
        ):
            hear(self, s, card, "self", event, AFTER, seat, card)

    def announce(self, s: VariaState, event: str, seat: int) -> None:
        """Live cards that listen hear an event (``whenever``), in the order they lie: the
        core's :func:`~cardwright.core.vocab.hear`, card by card, only for the cards whose
        rules listen to it."""
        hearing = self._hearing.get(event)
        if hearing is None:  # no card hears it
            return
        cards = s.cards
        for src in self.live_cards(s):
            if cards[src].defn in hearing:
                hear(self, s, src, "any", event, AFTER, seat, None)

    def ruled_actions(self, s: VariaState) -> frozenset[str] | None:
        """The actions (``combo``, ``replace`` ...) a live card has a "cannot" or "can" for;
        None while lasting effects are in force (any may have one). For an action not among
        them, :meth:`allowed` would say yes: the caller may skip asking it."""
        return None if s.lasting else self._live_union(s, self._rules_for)

    def _live_union(self, s: VariaState, by_defn: dict[str, frozenset[str]]) -> frozenset[str]:
        """The union of ``by_defn``'s sets over the live cards' definitions."""
        cards = s.cards
        found: frozenset[str] = frozenset()
        for c in self.live_cards(s):
            keys = by_defn[cards[c].defn]
            if keys:
                found = found | keys
        return found

    def action_allowed(self, s: VariaState, action: str, slot: Slot, seat: int) -> bool:
        """Whether ``seat`` may do ``action`` (``combo``, ``replace``) to the action in
        ``slot``: the rules about its lead, and the lasting "cannot"s and "can"s given to
        any of its cards (a change belongs to the action, whichever card leads it)."""
        extra = (
            [p for c in slot.cards[1:] for p in lasting_permissions(s, action, c, seat)]
            if s.lasting
            else []
        )
        return self.allowed(s, action, slot.lead, seat, extra=extra)

    def live_changes(self, s: VariaState) -> frozenset[str]:
        """The values that live cards may change on other cards now."""
        return self._live_union(s, self._changes)

    def changes_for(self, s: VariaState, cards: list[CardRef]) -> frozenset[str]:
        """The values of the action made of ``cards`` that its parts' own modifiers and live
        cards' modifiers may change (lasting effects aside)."""
        own, table = self._self_changes, s.cards
        found = self.live_changes(s)
        for c in cards:
            keys = own[table[c].defn]
            if keys:
                found = found | keys
        return found

    def modifier_sources(self, state: VariaState, key: str) -> Iterable[int]:
        """Only the live cards whose definitions can change ``key`` of other cards."""
        changing = self._changing.get(key)
        if changing is None:  # no card changes it
            return []
        cards = state.cards
        return [c for c in self.live_cards(state) if cards[c].defn in changing]

    def card_attr(self, s: VariaState, card: int, name: str) -> Any:
        c = s.cards[card]
        d = self._defs[c.defn]
        if name == "types":
            face = self.face_of(s, card)
            return face.types if face is not None else d.types
        if name == "kind":
            return "action" if d.kind == "token" else d.kind
        if name == "name":
            face = self.face_of(s, card)
            return face.name if face is not None else d.name
        if name == "zone":
            return self.zone_of(s, card)
        if name in ("owner", "controller"):
            return c.owner
        if name == "ruined":
            return c.exhausted
        if name == "token":
            return d.kind == "token"
        if name == "moment":
            found = self.slot_of(s, card)
            return -1 if found is None else found[0]
        if name in ("cost", "power", "focus"):
            return getattr(d, name) or 0
        return super().card_attr(s, card, name)

    def face_of(self, s: VariaState, card: int) -> actions.Face | None:
        """The face of the action ``card`` leads on the timeline or in a queue (None: the card
        is not the lead of an action there)."""
        found = self.slot_of(s, card)
        slot = found[2] if found is not None else self.queued_slot_of(s, card)
        if slot is None or slot.lead != card:
            return None
        return actions.printed(s, slot)

    def gain(
        self,
        s: VariaState,
        seat: int,
        key: str,
        amount: int,
        rule: str,
        source: int | None,
        why: str = "",
    ) -> None:
        if key == "health":
            self.change_health(s, seat, amount, rule, why)
        elif key in ("ap", "action_points"):
            before = s.ap[seat]
            s.ap[seat] = max(0, min(s.config["action_points"], before + amount))
            if s.logging:
                self.log(s, "ap", rule, f"{s.names[seat]} has {s.ap[seat]} action points", seat)
        else:
            super().gain(s, seat, key, amount, rule, source, why)

    def change_health(self, s: VariaState, seat: int, amount: int, rule: str, why: str) -> None:
        """Gain (never above the starting total: 003 Health & Action Points) or lose health.
        Losing the game is checked at the end of each step (:meth:`check_loss`)."""
        if amount == 0:
            return
        before = s.health[seat]
        after = min(s.config["health"], before + amount) if amount > 0 else before + amount
        s.health[seat] = after
        if s.logging:
            reason = f" ({why})" if why else ""
            if amount > 0:
                text = f"{s.names[seat]} regains {after - before} health{reason}: {after}"
            else:
                text = f"{s.names[seat]} loses {-amount} health{reason}: {after}"
            self.log(s, "health", rule, text, seat, amount=after - before)

    def discard_card(self, s: VariaState, seat: int, card: int, rule: str) -> None:
        move(s, card, DISCARD[seat], from_zone=HAND[seat])
        s.cards[card].face_up = True
        if s.logging:
            self.log(
                s,
                "discard",
                rule,
                f"{s.names[seat]} discards {self.card_name(s, card)}",
                seat,
                card=card,
            )

    # ---------------------------------------------------------------- stacks
    def stack_card(self, s: VariaState, seat: int, name: str) -> int | None:
        defn = name + STACK
        for cid in s.zones[STACKS[seat]]:
            if s.cards[cid].defn == defn:
                return cid
        return None

    def stack_count(self, state: VariaState, seat: int, name: str) -> int:
        cid = self.stack_card(state, seat, name)
        return 0 if cid is None else state.cards[cid].counters.get("n", 0)

    def change_stacks(
        self, s: VariaState, seat: int, name: str, delta: int, rule: str, source: int | None
    ) -> None:
        """A pile of stacks of one name is one stack card counting them (only the top one
        affects the game: 003 Stacks); it leaves the game when the last is lost."""
        if name + STACK not in self._defs:
            from cardwright.core.errors import EngineError

            raise EngineError(f"varia: no stack named {name!r}")
        cid = self.stack_card(s, seat, name)
        have = 0 if cid is None else s.cards[cid].counters["n"]
        after = max(0, have + delta)
        if after == have:
            return
        if cid is None:
            cid = create_card(s, name + STACK, seat, f"stacks:{seat}").id
        if after:
            s.cards[cid].counters["n"] = after
        else:
            s.zones[f"stacks:{seat}"].remove(cid)
            del s.cards[cid]
        if s.logging:
            verb = f"gains {after - have}" if after > have else f"loses {have - after}"
            self.log(
                s, "stacks", rule, f"{s.names[seat]} {verb} {name}: {after}", seat, stacks=after
            )

    # ---------------------------------------------------------------- drawing
    def refill_deck(self, s: VariaState, seat: int, rule: str) -> bool:
        """An empty deck: the discard and forgotten piles are shuffled into a new deck, and the
        player gains one Fatigue (003 Step One)."""
        deck = s.zones[f"deck:{seat}"]
        for zone in (f"discard:{seat}", f"forgotten:{seat}"):
            for cid in list(s.zones[zone]):
                move(s, cid, f"deck:{seat}", from_zone=zone)
                s.cards[cid].face_up = False
        chance.shuffle(s, deck)
        if s.logging:
            self.log(
                s,
                "reshuffle",
                "va.draw.empty",
                f"{s.names[seat]}'s deck is empty: their discard and forgotten piles become a new "
                f"deck of {len(deck)}",
                seat,
                chance=True,
            )
        self.change_stacks(s, seat, "Fatigue", 1, "va.draw.empty", None)
        return bool(deck)

    def after_draw(self, s: VariaState, seat: int, drawn: int) -> None:
        """Cards that say "when drawn" trigger, except for the six that open the game."""
        if not drawn or s.step == "opening" or not self.registry.listening("drawn"):  # type: ignore[union-attr]
            return
        hand = s.zones[HAND[seat]]
        for cid in hand[len(hand) - drawn :]:
            self.hear_own(s, cid, "drawn", seat)

    # ================================================================ basic actions
    # (changes.py)
    set_distance = changes.set_distance
    disrupt = changes.disrupt
    ruin = changes.ruin
    repair = changes.repair
    return_to_hand = changes.return_to_hand
    remove_token = changes.remove_token

    def create_token(self, s: VariaState, name: str, seat: int, source: int, rule: str) -> None:
        place_token(self, s, name, seat, source, rule)

    def roll(
        self,
        s: VariaState,
        seat: int,
        count: int,
        sides: int,
        advantage: int,
        what: str,
        rule: str,
        fixed: int | None = None,
        roll_first: bool = False,
        *,
        about: str = "",
    ) -> Roll:
        """One logged roll of ``count`` dice (003 Making A Roll): ``what`` is what the log's
        line says it is for ("power for Fireball"), ``about`` what its data calls it
        (``power``, ``focus`` or ``health``)."""
        result = roll_dice(s, count, sides, advantage=advantage, fixed=fixed, roll_first=roll_first)
        if count and s.logging:
            how = {1: ", improved: the higher kept", -1: ", impaired: the lower kept"}.get(
                advantage, ""
            )
            if fixed is not None:
                how += f", every die counted as {fixed}"
            self.log(
                s,
                "roll",
                rule,
                f"{s.names[seat]} rolls {what} {result.describe()}{how}: {result.total}",
                seat,
                chance=True,
                **roll_data(result, about, advantage, fixed),
            )
        return result

    def regain_roll(
        self, s: VariaState, seat: int, source: int | None, n: int, sides: int, plus: int, rule: str
    ) -> None:
        """Roll ``n``d``sides`` (as the source's action rolls: improved, impaired) and regain
        that much health plus ``plus``."""
        adv = 0
        if source is not None:
            found = self.slot_of(s, source)
            if found is not None:
                adv = actions.advantage(self, s, found[2])
        result = self.roll(s, seat, n, sides, adv, "for health", rule, about="health")
        self.change_health(
            s,
            seat,
            result.total + plus,
            rule,
            self.card_name(s, source) if source is not None else "",
        )

    def add_lasting(self, s: VariaState, effect: Lasting, rule: str) -> None:
        """A card that becomes a copy of another loses what it was: its pending triggers are
        gone (003 Becomes & Treated)."""
        s.lasting.append(effect)
        if effect.key == "becomes:card" and effect.target is not None:
            found = self.slot_of(s, effect.target)
            if found is not None:
                parts = set(found[2].cards)
                s.triggers = [t for t in s.triggers if t.source not in parts]
                if s.logging:
                    self.log(
                        s,
                        "becomes",
                        rule,
                        f"{self.card_name(s, effect.target)} becomes a copy of "
                        f"{self._defs[effect.word].name} until the end of the moment",
                        found[1],
                        card=effect.target,
                    )

    def check_loss(self, s: VariaState) -> bool:
        """At the end of each step or sub-step, a player at 0 health or less loses (003
        Winning & Losing); both at once is a draw, or the healthier wins (rule option
        ``simultaneous_loss``, ruling R2). Returns whether the game ended."""
        if s.result is not None:
            return True
        health = s.health
        if health[0] > 0 and health[1] > 0:
            return False
        down = [seat for seat in (0, 1) if health[seat] <= 0]
        if len(down) == 1:
            winner = other(down[0])
            self.end_game(
                s,
                [winner],
                f"{s.names[down[0]]} has no health left; {s.names[winner]} wins",
                "va.win.health",
            )
            return True
        if s.config["simultaneous_loss"] == "higher_health" and s.health[0] != s.health[1]:
            winner = 0 if s.health[0] > s.health[1] else 1
            self.end_game(
                s,
                [winner],
                f"both players fall; {s.names[winner]} has more health left and wins",
                "va.win.both",
            )
            return True
        self.end_game(s, [], "both players fall at once: a draw", "va.win.both")
        return True

    # ================================================================ the fast steps (a window)
    def response_options(self, state: VariaState, frame: Any, seat: int) -> list[Option]:
        return fast_options(self, state, seat)

    def response_expected(self, state: VariaState, frame: Any, seat: int) -> bool:
        return True  # a hidden hand may hold a fast action: always asked

    def response_prompt(self, state: VariaState, frame: Any, seat: int) -> str:
        step = "Fast action" if seat == state.active else "Fast reaction"
        return f"{step}: plan a fast action (a combo, a replacement or a free moment), or pass"

    def respond(self, state: VariaState, frame: Respond, seat: int, choice: Option) -> None:
        carry_out(self, state, seat, choice, "va.step.fast")

    # ================================================================ hidden information
    def sample_unknown(self, state: VariaState, pool: str, count: int, rng: LocalRng) -> list[str]:
        names = sorted(c.id for c in self._defs.values() if c.kind == "action")
        return [names[rng.randbelow(len(names))] for _ in range(count)]

    def mask_config(self, config: dict[str, Any], seat: int) -> dict[str, Any]:
        if config.get("open_decklists"):
            return config
        decks = [d if i == seat else {**d, "actions": []} for i, d in enumerate(config["decks"])]
        return {**config, "decks": decks}

    # ================================================================ checks and reports
    def conserved_cards(self, state: VariaState) -> int:
        """Tokens and stacks come and go; every other card stays in the game."""
        return sum(1 for c in state.cards.values() if not c.defn.endswith((TOKEN, STACK)))

    def invariants(self, s: VariaState) -> list[str]:
        _, problems = card_places(s)
        for seat in (0, 1):
            on_line = sorted(c for m in s.timeline if (sl := m.slots[seat]) for c in sl.cards)
            if on_line != sorted(s.zones[f"timeline:{seat}"]):
                problems.append(f"seat {seat}: the timeline and the timeline zone disagree")
            queued = sorted(c for sl in s.queue[seat] for c in sl.cards)
            if queued != sorted(s.zones[f"queue:{seat}"]):
                problems.append(f"seat {seat}: the queue and the queue zone disagree")
            if s.health[seat] > s.config["health"]:
                problems.append(f"seat {seat} has more health than it started with")
            if not 0 <= s.ap[seat] <= s.config["action_points"]:
                problems.append(f"seat {seat} has {s.ap[seat]} action points")
            for cid in s.zones[f"stacks:{seat}"]:
                if s.cards[cid].counters.get("n", 0) <= 0:
                    problems.append(f"stack {cid} counts no stack")
            for zone in ("deck", "hand", "discard", "forgotten", "item", "stacks"):
                if any(self.is_token(s, c) for c in s.zones[f"{zone}:{seat}"]):
                    problems.append(f"a token is in {zone}:{seat}")
        if s.timeline and s.moments > len(s.timeline):
            problems.append("more moments than the timeline holds")
        return problems

    def render(self, view: VariaState, seat: int) -> str:
        from .render import render

        return render(self, view, seat)

    def scores(self, s: VariaState) -> dict[str, Any]:
        return {"health": list(s.health)}
