"""Blue Moon (Reiner Knizia): the game object. Two peoples fight for the favour of three
dragons.

The rules are split by area: the fights, retreats, declines and dragons (``fight.py``), the
turn and its one repeated ``turn`` decision (``turn.py``), playing cards and the play budget
(``play.py``), the powers in force and the values they give (``inforce.py``), Buka ships and
bluffs (``buka_rules.py``), hidden information (``views.py``), the special powers
(``abilities.py``, ``powers/``). This module holds the configuration and setup, the basic
actions every area uses (moving cards out of play, discarding, switching the element,
attracting dragons, refilling) and the hooks the core calls. Rule ids cited are in
``rules.toml``; readings chosen where the sources are unclear are in
``docs/rulings/blue-moon.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cardwright.core import rng as chance
from cardwright.core.abilities import Ability
from cardwright.core.errors import ConfigError, DataError
from cardwright.core.game import AFTER, Game
from cardwright.core.rng import LocalRng
from cardwright.core.rules import RulesIndex
from cardwright.core.state import Card, CardRef, Option, known_card
from cardwright.core.zones import card_places, create_card, find_zone, move

from . import buka_rules as buka
from .abilities import powers
from .carddata import PEOPLES
from .cards import BLUFF, CardDef, all_defs, card_def, is_bluff
from .decks import resolve_deck
from .fight import GameStep
from .inforce import InForce, static_attr
from .state import BMState
from .views import repair_determinized, sample_unknown

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
_PLAY_ZONES = ("combat:0", "support:0", "combat:1", "support:1")


def other(seat: int) -> int:
    return 1 - seat


class BlueMoon(Game[BMState]):
    """Blue Moon (Reiner Knizia): two peoples fight for the favour of three dragons."""

    id = "blue-moon"
    title = "Blue Moon"
    min_players = 2
    max_players = 2
    state_type = BMState
    step_prefix = "bm."
    # each seat knows its own deck's list (pool_key, pool_known)
    own_decklists = True
    #: a power's "you may pick one" declined
    decline_option = Option("none", "Do nothing")

    def __init__(self) -> None:
        from . import fight, play, turn  # noqa: F401  (the steps, before the state class)

        super().__init__()
        self.rules = RulesIndex.load(Path(__file__).parent / "rules.toml")
        self.defs = all_defs()
        self.powers = powers()
        self.registry = self.powers.registry

    # ================================================================ configuration and setup
    def default_config(self) -> dict[str, Any]:
        return {
            "peoples": ["Hoax", "Vulca"],
            "names": ["Player 1", "Player 2"],
            "first_player": "random",
            "backtracking": "friendly",
            "open_decklists": False,
            "bluffs_count_six": True,
            "max_turns": 400,
        }

    def config_choices(self) -> dict[str, tuple[Any, ...]]:
        return {
            "first_player": (0, 1, "random"),
            "backtracking": ("friendly", "strict"),
            "open_decklists": (False, True),
            "bluffs_count_six": (True, False),
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

    def setup(self, s: BMState) -> None:

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
            first = self.random_first(
                s, "bm.setup.first", "is drawn at random to start the first fight"
            )
        for seat in (first, other(first)):
            self.draw(s, seat, HAND_SIZE, "bm.setup.hand")
        s.start_player = first
        s.active = first
        self.push_step(s, GameStep())

    # ================================================================ lookups
    def defn(self, state: BMState, card_id: int) -> CardDef:
        """The card as the rules see it (a face-down bluff is ``BLUFF_DEF``)."""
        return card_def(self.defs, state.cards[card_id])

    def printed(self, state: BMState, card_id: int) -> CardDef:
        """The card's own definition, even for a face-down bluff (for its owner's eyes)."""
        return self.defs[state.cards[card_id].defn]

    def capacity(self, state: BMState, ship: int) -> int:
        return self.defs[state.cards[ship].defn].capacity

    def card_name(self, state: BMState, card_id: int) -> str:
        card = known_card(state, card_id)
        return card_def(self.defs, card).name if card is not None else "a hidden card"

    def effects(self, s: BMState) -> InForce:
        """The powers in force now (build one per step; it is not updated)."""
        return InForce(self, s)

    def active_cards(self, s: BMState, seat: int) -> list[CardRef]:
        """The seat's active cards: uncovered combat cards, then support cards."""
        combat = s.zones[f"combat:{seat}"]
        covered = s.covered
        out = [c for c in combat if c not in covered] if covered else list(combat)
        out.extend(s.zones[f"support:{seat}"])
        return out  # type: ignore[return-value]

    def total_power(
        self, s: BMState, seat: int, element: str | None = None, eff: InForce | None = None
    ) -> int:
        """The sum of the seat's active cards' values in ``element`` (default: the contested
        one), raised to any floor a power gives (bm.power.total)."""
        element = element or s.element
        if not element:
            return 0
        if eff is None:
            eff = InForce(self, s)
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

    def has_shield(self, s: BMState, seat: int, element: str, eff: InForce) -> bool:
        icon = f"{element}_shield"
        return any(icon in eff.icons(c) for c in self.active_cards(s, seat))

    # ================================================================ basic actions
    def hand_changed(self, s: BMState, seat: int) -> None:
        """After a seat's hand changed: cards shown to the opponent stay known only while they
        stay in this hand; an empty hand is timed for the end-of-game tie-break."""
        seen = s.known[other(seat)]
        if seen:
            hand = s.zones[f"hand:{seat}"]
            s.known[other(seat)] = [c for c in seen if c in hand]
        if s.zones[f"hand:{seat}"]:
            s.ran_out[seat] = -1
        elif s.ran_out[seat] < 0:
            s.clock += 1
            s.ran_out[seat] = s.clock

    def drawable(self, s: BMState, seat: int, n: int, eff: InForce | None = None) -> int:
        """How many of ``n`` cards the seat can take from its draw deck now (the deck's
        size, prohibitions and take limits: the core draw's hook)."""
        k = min(n, len(s.zones[f"deck:{seat}"]))
        if k <= 0:
            return 0
        if eff is None:
            # the powers in force are a subset of the cards in play: with no card in play
            # that may forbid or limit taking cards, none is asked (nor built)
            if not self._in_play(s, self.powers.draw_limiting):
                return k
            eff = InForce(self, s)
        if eff.prohibitors and (eff.prohibited(seat, "take") or eff.prohibited(seat, "draw")):
            return 0
        if eff.take_srcs:
            k = min(k, eff.take_limit(seat, True))
        return k

    def after_draw(self, s: BMState, seat: int, drawn: int) -> None:
        """After a draw: the hand changed; the active player's deck draws are counted and
        end backtracking (drawn cards cannot be put back)."""
        if drawn <= 0:
            return
        self.hand_changed(s, seat)
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

    def forget_card(self, s: BMState, cid: int) -> None:
        """A card left the combat or support area: it is no longer covered, and "one of my
        ..." picks made by it or on it are forgotten (the power is applied again, Special
        Rule 2)."""
        ref = CardRef(cid)
        if ref in s.covered:
            s.covered.remove(ref)
        ti = s.turn_info
        if ref in ti.covered:
            ti.covered.remove(ref)
        if ref in ti.pair_open:
            ti.pair_open.remove(ref)
        if s.targets:
            s.targets.pop(ref, None)
            for src in [k for k, v in s.targets.items() if v == ref]:
                del s.targets[src]

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
        if is_bluff(card):
            buka.reveal(self, s, cid, "it goes back to hand")
        zone = "support" if cid in s.zones[f"support:{owner}"] else "combat"
        move(s, cid, f"hand:{owner}", from_zone=f"{zone}:{owner}")
        ref = CardRef(cid)
        if ref in s.covered:
            s.covered.remove(ref)
            if ref in s.turn_info.covered:
                s.turn_info.covered.remove(ref)
        s.targets.pop(ref, None)
        for src in [k for k, v in s.targets.items() if v == ref]:
            del s.targets[src]
        self.hand_changed(s, owner)
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
        self.hand_changed(s, seat)
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
        if is_bluff(card):
            buka.reveal(self, s, cid, "it is discarded")
        zone = f"combat:{seat}" if cid in s.zones[f"combat:{seat}"] else f"support:{seat}"
        move(s, cid, f"discard:{seat}", from_zone=zone)
        self.forget_card(s, cid)
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

    # ================================================================ the vocabulary's hooks
    def abilities_of(self, state: BMState, card: int) -> tuple[Ability, ...]:
        """A card's power (a face-down bluff has none)."""
        c = state.cards[card]
        ability = self.powers.by_card.get(c.defn)
        if ability is None or is_bluff(c):
            return ()
        return (ability,)

    def live_cards(self, state: BMState) -> list[CardRef]:
        """The cards whose power is in force, in the order their listeners hear events."""
        return InForce(self, state).live()

    def announce(self, s: BMState, event: str, seat: int) -> None:
        """Announce one of the turn's events (``abilities.TURN_START`` ...) to the listeners
        of the powers in force (core ``emit``), unless no card in play listens to anything."""
        if self._in_play(s, self.powers.listening):
            self.emit(s, event, AFTER, seat)

    def listening_in_play(self, s: BMState) -> bool:
        """Whether a card in play has a power that listens to the turn's events."""
        return self._in_play(s, self.powers.listening)

    def targets_in_play(self, s: BMState) -> bool:
        """Whether a card in play has a "one of my ..." power (its pick may need asking)."""
        return self._in_play(s, self.powers.targeting)

    @staticmethod
    def _in_play(s: BMState, numbers: frozenset[str]) -> bool:
        """Whether a card in play (or the leadership card of the turn) is one of ``numbers``."""
        cards, zones = s.cards, s.zones
        for zone in _PLAY_ZONES:
            for c in zones[zone]:
                if cards[c].defn in numbers:
                    return True
        lead = s.turn_info.leadership
        return lead is not None and lead in cards and cards[lead].defn in numbers

    def card_attr(self, s: BMState, card: int, name: str) -> Any:
        """What expressions may test of a card: ``type``, ``people``, ``name``, ``words`` (of
        its name), ``first_word``, ``number``, ``fire`` and ``earth`` (printed), ``icons``
        (printed), ``shows_icon``, ``text`` (it has a power), ``gang``, ``bluff_kind`` (as the
        rules see it: a face-down bluff is a textless 2/2 support); ``printed_icons``,
        ``printed_type``, ``printed_fire``, ``printed_earth`` (the card's own, even face
        down); ``bluff`` (a face-down bluff), ``owner``, ``controller``, ``zone`` (its zone's
        name), ``active``, ``covered``, ``protected``."""
        c = s.cards[card]
        if name in ("owner", "controller"):
            return c.owner if name == "owner" else c.controller
        if name == "zone":
            return find_zone(s, card).partition(":")[0]
        if name == "covered":
            return card in s.covered
        if name == "active":
            return card in self.active_cards(s, c.owner)
        if name == "protected":
            return InForce(self, s).protected(card)
        bluff = is_bluff(c)
        try:
            return static_attr(card_def(self.defs, c), self.defs[c.defn], bluff, True, name)
        except AttributeError:
            return super().card_attr(s, card, name)

    def discard_card(self, state: BMState, seat: int, card: int, rule: str) -> None:
        self.discard_from_hand(state, seat, card, rule)

    # ================================================================ hidden information
    def card_visible(self, state: BMState, zone: str, card: Card, seat: int) -> bool:
        """A hand is seen by its owner (and by the opponent for the cards it was shown), a
        deck by nobody, a face-down bluff and a ship's cargo by their owner only."""
        kind, _, owner = zone.partition(":")
        if kind == "deck":
            return False
        if kind == "hand":
            if int(owner) == seat:
                return True
            # a spectator (a negative seat) was shown nothing
            return seat >= 0 and card.id in state.known[seat]
        if kind == "support":
            return card.face_up or card.owner == seat
        if kind.startswith("ship"):
            return int(owner) == seat
        return True

    def complete_determinized(self, view: BMState, state: BMState, seed: int) -> None:
        repair_determinized(self, view, state, seed)

    def pool_known(self, state: BMState, pool: str, seat: int) -> bool:
        # preconstructed people decks are public lists: the hidden cards are what is not seen;
        # a custom deck's list is its owner's secret unless the decklists are open
        if super().pool_known(state, pool, seat):
            return True
        return isinstance(state.config["peoples"][self.pool_owner(pool)], str)

    def sample_unknown(self, state: BMState, pool: str, count: int, rng: LocalRng) -> list[str]:
        return sample_unknown(self, state, self.pool_owner(pool), count, rng)

    def mask_config(self, config: dict[str, Any], seat: int) -> dict[str, Any]:
        if config.get("open_decklists"):
            return config
        peoples = [
            entry if i == seat or isinstance(entry, str) else {**entry, "cards": []}
            for i, entry in enumerate(config["peoples"])
        ]
        return {**config, "peoples": peoples}

    # ================================================================ checks and reports
    def invariants(self, s: BMState) -> list[str]:
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
                    and is_bluff(card)
                    and ("bluff" not in self.defs[card.defn].icons)
                ):
                    problems.append(f"card {cid} is face down in {zone} without a BLUFF icon")
                if card.counters.get(BLUFF) and (kind != "support" or card.face_up):
                    # every way out of a support area shows the bluff (004 Bluffing)
                    problems.append(f"card {cid} in {zone} is still marked as a bluff")
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

    def render(self, view: BMState, seat: int) -> str:
        from .render import render

        return render(self, view, seat)

    def scores(self, s: BMState) -> dict[str, Any]:
        return {"dragons": list(s.dragons), "crystals": list(s.crystals)}
