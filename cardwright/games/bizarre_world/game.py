"""Bizarre World (Jorge Zhang): the game object. Two players, generated cards, attacks.

The rules are split by area: the turn (``turn.py``), playing and paying and using creatures
(``play.py``), attacks and damage (``battle.py``), the cards' abilities in the shared
vocabulary (``abilities.py``, written in ``data/generator.toml``). This module holds the
configuration and setup, the basic actions every area uses (kill, discard, life, attack),
the hooks the core's vocabulary calls, and hidden information. Rule ids cited are in
``rules.toml``; rulings are explained in ``docs/rulings/bizarre-world.md``.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import Any

from cardwright.core import rng as chance
from cardwright.core.abilities import Ability
from cardwright.core.errors import ConfigError, DataError
from cardwright.core.game import AFTER, Game
from cardwright.core.rng import LocalRng
from cardwright.core.rules import RulesIndex
from cardwright.core.state import CardRef, Option
from cardwright.core.steps import Respond
from cardwright.core.zones import card_places, create_card, move

from .abilities import build_registry, card_abilities
from .decks import FORMATS, format_for_size, resolve_deck
from .generator import DEFAULT_RULESET, CardDef, card_def, random_card, rulesets
from .play import Activate, activation_options
from .state import BWState
from .turn import Turn

HAND_SIZE = 5


def other(seat: int) -> int:
    return 1 - seat


class BizarreWorld(Game[BWState]):
    """Bizarre World (Jorge Zhang): two players, generated cards, attacks and damage."""

    id = "bizarre-world"
    title = "Bizarre World"
    min_players = 2
    max_players = 2
    state_type = BWState
    step_prefix = "bw."
    # who identifies a card depends on its zone alone: a deck is hidden, a hand and
    # resources are their owner's, the rest is public; each seat knows its own decklist
    hidden_zones = frozenset({"deck"})
    owner_zones = frozenset({"hand", "resources"})
    own_decklists = True
    empty_draw_rule = "bw.ruling.draw_empty"  # drawing from an empty deck does nothing

    def __init__(self) -> None:
        super().__init__()
        self.rules = RulesIndex.load(Path(__file__).parent / "rules.toml")
        self.registry = build_registry()

    # ================================================================ configuration and setup
    def default_config(self) -> dict[str, Any]:
        return {
            "decks": ["gray-collar", "purple-haze"],
            "names": ["Player 1", "Player 2"],
            "ruleset": DEFAULT_RULESET,
            "format": "auto",
            "first_player": 0,
            "deck_out": "lose",
            "defender_excess": "wasted",
            "open_decklists": False,
            "max_turns": 200,
        }

    def config_choices(self) -> dict[str, tuple[Any, ...]]:
        return {
            "ruleset": rulesets(),
            "format": ("auto", *FORMATS),
            "first_player": (0, 1, "random"),
            "deck_out": ("lose", "skip"),
            "defender_excess": ("wasted", "life"),
            "open_decklists": (True, False),
        }

    def validate_config(self, config: Any) -> dict[str, Any]:
        cfg = self.validate_options(config)
        return self._resolve_decks(cfg)

    def validate_options(self, config: Any) -> dict[str, Any]:
        """Check every rule option except the decks (scenarios bring their own cards)."""
        cfg = super().validate_config(config)
        cfg["names"] = self.seat_names(cfg["names"], 2)
        if not isinstance(cfg["max_turns"], int) or cfg["max_turns"] < 2:
            raise ConfigError("bizarre-world: 'max_turns' must be a whole number of at least 2")
        return cfg

    def _resolve_decks(self, cfg: dict[str, Any]) -> dict[str, Any]:
        decks = cfg["decks"]
        if not isinstance(decks, list) or len(decks) != 2:
            raise ConfigError("bizarre-world: 'decks' must name two decks, one per seat")
        resolved = [resolve_deck(d, cfg["ruleset"]) for d in decks]
        modes = {d.mode for d in resolved}
        if modes == {"random", "crafted"}:
            raise DataError(
                "random decks only meet random decks: "
                f"{resolved[0].name!r} is {resolved[0].mode}, "
                f"{resolved[1].name!r} is {resolved[1].mode} [bw.deck.random]"
            )
        formats = [format_for_size(len(d.cards)) for d in resolved]
        wanted = cfg["format"]
        for deck, fmt in zip(resolved, formats, strict=True):
            assert fmt is not None  # validate_deck checked the size
            if wanted != "auto" and fmt.name != wanted:
                raise DataError(
                    f"deck {deck.name!r} has {len(deck.cards)} cards, which is a "
                    f"{fmt.name} deck, not {wanted} [bw.deck.size]"
                )
        if wanted == "auto":
            if formats[0] != formats[1]:
                assert formats[0] is not None and formats[1] is not None
                raise DataError(
                    f"the decks are of different formats ({formats[0].name} and "
                    f"{formats[1].name}); set 'format' or use decks of one size "
                    "class [bw.deck.size]"
                )
            assert formats[0] is not None
            cfg["format"] = formats[0].name
        cfg["decks"] = [d.to_config() for d in resolved]
        return cfg

    def setup(self, s: BWState) -> None:
        cfg = s.config
        s.names = list(cfg["names"])
        life = FORMATS[cfg["format"]].life
        s.life = [life, life]
        s.attack = [0, 0]
        s.gray = [0, 0]
        s.turns_taken = [0, 0]
        for seat in (0, 1):
            for zone in ("deck", "hand", "resources", "play", "discard"):
                s.zones[f"{zone}:{seat}"] = []
            for card_id in cfg["decks"][seat]["cards"]:
                create_card(s, card_id, seat, f"deck:{seat}", face_up=False)
            chance.shuffle(s, s.zones[f"deck:{seat}"])
            self.log(
                s,
                "shuffle",
                "bw.setup.shuffle",
                f"{s.names[seat]} shuffles their deck",
                seat,
                chance=True,
            )
        first = cfg["first_player"]
        if first == "random":
            first = self.random_first(s, "bw.setup.first", "is chosen at random to start")
        for seat in (first, other(first)):
            self.draw(s, seat, HAND_SIZE, "bw.setup.hand")
        s.active = first
        self.push_step(s, Turn(seat=first))

    # ================================================================ card lookups
    def defn(self, state: BWState, card_id: int) -> CardDef:
        return card_def(state.cards[card_id].defn, state.config["ruleset"])

    def play_cost(self, s: BWState, card_id: int) -> int:
        """The cost to play a card now: printed, changed by modifiers in force (Cataclysmic's
        discount), never below 0 (rule bw.card.cataclysmic)."""
        cost = self.defn(s, card_id).cost
        mine = card_abilities(s.cards[card_id].defn, s.config["ruleset"]).own_cost_modifier
        assert self.registry is not None
        if not (mine or s.lasting or self.registry.modifying("cost")):
            return cost  # nothing in force can change it
        return max(0, self.value(s, "cost", card_id, cost))

    def ready_resources(self, s: BWState, seat: int) -> int:
        """How much ``seat`` can pay right now: ready neutral resources, ready creatures'
        production, and gray resources gained this turn."""
        total = s.gray[seat]
        cards = s.cards
        for cid in s.zones[f"resources:{seat}"]:
            if not cards[cid].exhausted:
                total += 1
        for cid in s.zones[f"play:{seat}"]:
            if not cards[cid].exhausted:
                total += self.defn(s, cid).of.amount
        return total

    # ================================================================ the vocabulary's hooks
    def abilities_of(self, state: BWState, card: int) -> tuple[Ability, ...]:
        return card_abilities(state.cards[card].defn, state.config["ruleset"]).all

    def live_cards(self, state: BWState) -> Iterable[int]:
        return [*state.zones["play:0"], *state.zones["play:1"]]

    def card_attr(self, state: BWState, card: int, name: str) -> Any:
        cdef = self.defn(state, card)
        if name == "cost":
            return cdef.cost
        if name == "purple":
            return cdef.purple
        return super().card_attr(state, card, name)

    def gain(
        self,
        s: BWState,
        seat: int,
        key: str,
        amount: int,
        rule: str,
        source: int | None,
        why: str = "",
    ) -> None:
        if key == "attack":
            self.gain_attack(s, seat, amount, source, rule)
        elif key == "gray":
            s.gray[seat] += amount
            self.log(
                s, "gray", rule, f"{s.names[seat]} gains {amount} gray resources this turn", seat
            )
        elif key == "life" and amount < 0:
            self.lose_life(s, seat, -amount, rule, why)
        else:
            super().gain(s, seat, key, amount, rule, source, why)

    def discard_card(self, state: BWState, seat: int, card: int, rule: str) -> None:
        self.discard(state, seat, card, f"hand:{seat}", rule)

    # ================================================================ basic actions
    def move_card(self, s: BWState, cid: int, src: str, dest: str) -> None:
        move(s, cid, dest, from_zone=src)

    def lose_life(self, s: BWState, seat: int, amount: int, rule: str, why: str) -> None:
        if amount <= 0:
            return
        s.life[seat] -= amount
        self.log(
            s,
            "life",
            rule,
            f"{s.names[seat]} loses {amount} life ({why}); {max(s.life[seat], 0)} left",
            seat,
            amount=amount,
        )
        if s.life[seat] <= 0 and s.result is None:
            self.end_game(
                s,
                [other(seat)],
                f"{s.names[seat]} has no life left; {s.names[other(seat)]} wins",
                "bw.win.life",
            )

    def gain_attack(
        self, s: BWState, seat: int, amount: int, source: int | None, rule: str
    ) -> None:
        """Add unspent attack; a creature still in play that produced it becomes a source."""
        s.attack[seat] += amount
        if source is not None and source in s.zones[f"play:{seat}"]:
            ref = CardRef(source)
            s.contrib[ref] = s.contrib.get(ref, 0) + amount
            whence = s.cards[source].defn
        else:
            whence = "no source"
        self.log(
            s,
            "attack_gained",
            rule,
            f"{s.names[seat]} gains {amount} attack ({whence}); {s.attack[seat]} unspent",
            seat,
            amount=amount,
        )

    def kill(self, s: BWState, card_id: int, rule: str, how: str = "dies") -> None:
        """A creature dies: it goes to its owner's discard and its death passives trigger."""
        card = s.cards[card_id]
        zone = f"play:{card.controller}"
        if card_id not in s.zones[zone]:
            return
        move(s, card_id, f"discard:{card.owner}", from_zone=zone)
        card.exhausted = False
        card.counters.clear()
        card.controller = card.owner
        s.contrib.pop(CardRef(card_id), None)
        self.log(s, "dies", rule, f"{card.defn} {how}", card.owner, card=card_id)
        self.emit(s, "dies", AFTER, card.owner, card=card_id)

    def discard(self, s: BWState, seat: int, card_id: int, from_zone: str, rule: str) -> None:
        """A card is discarded (from hand or, by milling, from the deck)."""
        move(s, card_id, f"discard:{seat}", from_zone=from_zone)
        card = s.cards[card_id]
        card.face_up = True
        where = "deck" if from_zone.startswith("deck") else "hand"
        self.log(
            s,
            "discard",
            rule,
            f"{s.names[seat]} discards {card.defn} from their {where}",
            seat,
            card=card_id,
        )
        self.emit(s, "discarded", AFTER, seat, card=card_id)

    # ================================================================ the defender's window
    def response_options(self, s: BWState, frame: Any, seat: int) -> list[Option]:
        options: list[Option] = []
        for cid in s.zones[f"play:{seat}"]:
            options.extend(activation_options(self, s, seat, cid, attack_only=True))
        return options

    def response_prompt(self, state: BWState, frame: Any, seat: int) -> str:
        b = state.battle
        amount = b.attack if b is not None else 0
        return f"You are attacked with {amount}: use creatures that grant attack, or pass"

    def respond(self, state: BWState, frame: Respond, seat: int, choice: Option) -> None:
        assert choice.card is not None
        self.push_step(state, Activate(seat=seat, card=choice.card, mode=choice.arg))

    # ================================================================ hidden information
    def sample_unknown(self, state: BWState, pool: str, count: int, rng: LocalRng) -> list[str]:
        ruleset = state.config["ruleset"]
        return [random_card(rng, ruleset).id for _ in range(count)]

    def mask_config(self, config: dict[str, Any], seat: int) -> dict[str, Any]:
        if config.get("open_decklists"):
            return config
        decks = [
            d if i == seat else {"name": d["name"], "mode": d["mode"], "cards": []}
            for i, d in enumerate(config["decks"])
        ]
        return {**config, "decks": decks}

    # ================================================================ checks and reports
    def invariants(self, s: BWState) -> list[str]:
        seen, problems = card_places(s)
        for seat in (0, 1):
            if s.attack[seat] < 0 or s.gray[seat] < 0:
                problems.append(f"seat {seat} has negative attack or gray resources")
            for cid in s.zones[f"play:{seat}"]:
                if s.cards[cid].controller != seat:
                    problems.append(f"card {cid} in play:{seat} is controlled by another seat")
        for cid in s.contrib:
            if not seen.get(cid, "").startswith("play"):
                problems.append(f"attack source {cid} is not in play")
        return problems

    def render(self, view: BWState, seat: int) -> str:
        from .render import BizarreWorldScreen

        return BizarreWorldScreen(self).board(view, seat).text()

    def scores(self, s: BWState) -> dict[str, Any]:
        return {"life": list(s.life)}
