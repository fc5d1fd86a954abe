"""Bizarre World's rules: setup, the five phases, resources, abilities, attacks and damage.

Every handler follows the core's contract (``handler(state, frame, choice)``): run with
``choice=None`` it either does work or asks a question without changing anything; answered, it
carries out the answer. Rule ids cited here are in ``rules.toml``; rulings are explained in
``docs/rulings/bizarre-world.md``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast

from cardwright.core import rng as chance
from cardwright.core.errors import ConfigError, DataError
from cardwright.core.game import AFTER, Game, GameEvent
from cardwright.core.rng import LocalRng
from cardwright.core.rules import RulesIndex
from cardwright.core.state import Card, Frame, Option, State, Trigger
from cardwright.core.zones import card_places, create_card, move

from .decks import FORMATS, format_for_size, resolve_deck
from .generator import DEFAULT_RULESET, CardDef, card_def, random_card, rulesets
from .state import Battle, BWState

HAND_SIZE = 5


def other(seat: int) -> int:
    return 1 - seat


class BizarreWorld(Game):
    """Bizarre World (Jorge Zhang): two players, generated cards, attacks and damage."""

    id = "bizarre-world"
    title = "Bizarre World"
    min_players = 2
    max_players = 2
    state_type = BWState
    empty_draw_rule = "bw.ruling.draw_empty"  # drawing from an empty deck does nothing

    def __init__(self) -> None:
        super().__init__()
        self.rules = RulesIndex.load(Path(__file__).parent / "rules.toml")
        self.handlers.update(
            {
                "bw.turn": self._turn,
                "bw.play": self._play,
                "bw.pay": self._pay,
                "bw.activate": self._activate,
                "bw.discard": self._discard_frame,
                "bw.kill_choice": self._kill_choice,
                "bw.sac_purple": self._sac_purple,
                "bw.battle": self._battle,
            }
        )

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
        names = cfg["names"]
        if not (isinstance(names, list) and len(names) == 2 and all(map(str, names))):
            raise ConfigError("bizarre-world: 'names' must be a list of two seat names")
        cfg["names"] = [str(n) for n in names]
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

    def setup(self, state: State) -> None:
        s = cast(BWState, state)
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
            first = chance.randbelow(s, 2)
            self.log(
                s,
                "first_player",
                "bw.setup.first",
                f"{s.names[first]} is chosen at random to start",
                first,
                chance=True,
            )
        for seat in (first, other(first)):
            self.draw(s, seat, HAND_SIZE, "bw.setup.hand")
        s.active = first
        self.push(s, "bw.turn", first)

    # ================================================================ card lookups
    def defn(self, state: State, card_id: int) -> CardDef:
        return card_def(state.cards[card_id].defn, state.config["ruleset"])

    def card_name(self, state: State, card_id: int) -> str:
        card = state.cards.get(card_id)
        return card.defn if card is not None else "a hidden card"

    def play_cost(self, s: BWState, card_id: int) -> int:
        """The cost to play a card now: printed, less Cataclysmic's discount (rule bw.card.*)."""
        card = self.defn(s, card_id)
        if card.passive != "cataclysmic":
            return card.cost
        owner = s.cards[card_id].owner
        purple = sum(1 for cid in s.zones[f"discard:{owner}"] if self.defn(s, cid).purple)
        return max(0, card.cost - purple)

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

    # ================================================================ basic actions
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
            s.contrib[source] = s.contrib.get(source, 0) + amount
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
        s.contrib.pop(card_id, None)
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

    # ================================================================ events and triggers
    def on_event(self, state: State, event: GameEvent) -> None:
        """Passive abilities that trigger: on death, on being discarded, on each discard."""
        s = cast(BWState, state)
        card_id: int = event.data["card"]
        if event.kind == "dies":
            passive = self.defn(s, card_id).passive
            if passive in ("insured", "heavily_insured", "biodegradable", "explosive"):
                self.queue_trigger(s, passive, card_id, s.cards[card_id].owner)
        elif event.kind == "discarded":
            if self.defn(s, card_id).passive == "recyclable":
                self.queue_trigger(s, "recyclable", card_id, event.seat)
            for cid in s.zones[f"play:{event.seat}"]:
                if self.defn(s, cid).passive == "bacterial":
                    self.queue_trigger(s, "bacterial", cid, event.seat)

    def trigger_label(self, state: State, trigger: Trigger) -> str:
        return f"{trigger.ability.replace('_', ' ')} ({self.card_name(state, trigger.source)})"

    def run_trigger(self, state: State, trigger: Trigger) -> None:
        s = cast(BWState, state)
        seat, src, ability = trigger.controller, trigger.source, trigger.ability
        if ability == "insured":
            self.draw(s, seat, 1, "bw.card.insured")
        elif ability == "heavily_insured":
            self.draw(s, seat, 2, "bw.card.heavily_insured")
        elif ability == "biodegradable":
            discard = f"discard:{s.cards[src].owner}"
            if src in s.zones[discard]:
                move(s, src, f"resources:{s.cards[src].owner}", from_zone=discard)
                s.cards[src].face_up = False
                self.log(
                    s,
                    "becomes_resource",
                    "bw.card.biodegradable",
                    f"{s.cards[src].defn} becomes a neutral resource",
                    seat,
                    card=src,
                )
        elif ability == "explosive":
            cost = self.defn(s, src).cost
            self.push(
                s, "bw.kill_choice", seat, below=cost, rule="bw.card.explosive", source_card=src
            )
        elif ability == "recyclable":
            self.gain_attack(s, seat, 1, None, "bw.card.recyclable")
        elif ability == "bacterial":
            self.lose_life(
                s, other(seat), 1, "bw.card.bacterial", f"{s.cards[src].defn} reacts to a discard"
            )

    # ================================================================ the turn
    def _turn(self, state: State, frame: Frame, choice: str | None) -> None:
        s = cast(BWState, state)
        seat = frame.seat
        step = frame.step
        if step == 0:
            if self.turn_limit_reached(s, "bw.engine.turn_limit"):
                return
            s.turn += 1
            s.active = seat
            s.turns_taken[seat] += 1
            s.phase = "draw"
            self.log(s, "turn", "bw.turn", f"Turn {s.turn}: {s.names[seat]}", seat)
            if not s.zones[f"deck:{seat}"] and s.config["deck_out"] == "lose":
                self.end_game(
                    s,
                    [other(seat)],
                    f"{s.names[seat]} cannot draw in their draw phase and loses",
                    "bw.win.deck_out",
                )
                return
            self.draw(s, seat, 1, "bw.turn.draw")
            frame.step = 1
            s.phase = "sacrifice"
            return
        if step == 1:
            hand = s.zones[f"hand:{seat}"]
            if choice is not None:
                if choice == "done":
                    frame.step = 2
                    return
                cid = int(choice.split(":")[1])
                move(s, cid, f"resources:{seat}", from_zone=f"hand:{seat}")
                card = s.cards[cid]
                card.face_up = False
                self.log(
                    s,
                    "sacrifice",
                    "bw.turn.sacrifice",
                    f"{s.names[seat]} places {card.defn} face down as a neutral resource",
                    seat,
                    visible_to=[seat],
                    redacted=f"{s.names[seat]} places a card face down as a neutral resource",
                    card=cid,
                )
                return
            if not hand:
                frame.step = 2
                return
            options = [
                Option(
                    f"sacrifice:{cid}", f"Place {s.cards[cid].defn} face down as a neutral resource"
                )
                for cid in hand
            ]
            options.append(Option("done", "Done placing resources"))
            self.ask(
                s,
                seat,
                "sacrifice",
                "Sacrifice phase: place cards as neutral resources",
                options,
                "bw.turn.sacrifice",
            )
            return
        if step == 2:
            s.phase = "unexhaust"
            for zone in (f"resources:{seat}", f"play:{seat}"):
                for cid in s.zones[zone]:
                    s.cards[cid].exhausted = False
            self.log(
                s,
                "unexhaust",
                "bw.turn.unexhaust",
                f"{s.names[seat]} unexhausts their resources and creatures",
                seat,
            )
            s.phase = "main"
            frame.step = 3
            return
        if step == 3:
            if choice is not None:
                self._main_choice(s, seat, frame, choice)
                return
            if s.triggers:
                self.resolve_triggers(s)
                return
            self.ask(
                s,
                seat,
                "main",
                "Main phase: play a card, use a creature, attack, or end your turn",
                self.main_options(s, seat),
                "bw.turn.main",
            )
            return
        if step == 4:
            s.phase = "end"
            for cid in list(s.zones[f"play:{seat}"]):
                if s.cards[cid].counters.get("dies_on") == s.turns_taken[seat]:
                    self.kill(s, cid, "bw.card.flaming", "burns out (Flaming)")
            frame.step = 5
            if s.triggers:
                self.resolve_triggers(s)
            return
        # step 5: the turn ends; what was gained "this turn" is gone
        s.attack = [0, 0]
        s.gray = [0, 0]
        s.contrib.clear()
        self.log(s, "end_turn", "bw.turn.end", f"{s.names[seat]} ends their turn", seat)
        self.pop(s, frame)
        self.push(s, "bw.turn", other(seat))

    def main_options(self, s: BWState, seat: int) -> list[Option]:
        options: list[Option] = []
        ready = self.ready_resources(s, seat)
        for cid in s.zones[f"hand:{seat}"]:
            cost = self.play_cost(s, cid)
            if cost <= ready:
                options.append(Option(f"play:{cid}", f"Play {s.cards[cid].defn} (pay {cost})"))
        for cid in s.zones[f"play:{seat}"]:
            options.extend(self.activation_options(s, seat, cid, attack_only=False))
        if s.attack[seat] > 0 and s.turn > 1:
            options.append(Option("attack", f"Declare an attack with {s.attack[seat]} attack"))
        options.append(Option("end", "End your turn"))
        return options

    def _main_choice(self, s: BWState, seat: int, frame: Frame, choice: str) -> None:
        verb, _, rest = choice.partition(":")
        if verb == "play":
            self.push(s, "bw.play", seat, card=int(rest))
        elif verb == "activate":
            cid, _, mode = rest.partition(":")
            self.push(s, "bw.activate", seat, card=int(cid), mode=mode)
        elif verb == "attack":
            self.push(s, "bw.battle", seat)
        else:  # end
            frame.step = 4

    # ================================================================ playing a card
    def _play(self, state: State, frame: Frame, choice: str | None) -> None:
        s = cast(BWState, state)
        cid: int = frame.data["card"]
        if frame.step == 0:
            frame.step = 1
            cost = self.play_cost(s, cid)
            if cost > 0:
                self.push(s, "bw.pay", frame.seat, amount=cost, rule="bw.play")
            return
        seat = frame.seat
        move(s, cid, f"play:{seat}", from_zone=f"hand:{seat}")
        card, cdef = s.cards[cid], self.defn(s, cid)
        card.controller = seat
        card.face_up = True
        card.exhausted = cdef.passive == "lazy"
        if cdef.passive == "flaming":
            card.counters["dies_on"] = s.turns_taken[seat] + 1
        extra = " exhausted (Lazy)" if card.exhausted else ""
        self.log(
            s,
            "play",
            "bw.card.lazy" if card.exhausted else "bw.play",
            f"{s.names[seat]} plays {card.defn}{extra}",
            seat,
            card=cid,
        )
        self.pop(s, frame)

    # ================================================================ paying
    def pay_options(self, s: BWState, seat: int) -> list[Option]:
        options = []
        ready_neutral = sum(1 for cid in s.zones[f"resources:{seat}"] if not s.cards[cid].exhausted)
        if ready_neutral:
            options.append(
                Option("pay:neutral", f"Exhaust a neutral resource ({ready_neutral} ready)")
            )
        if s.gray[seat]:
            options.append(
                Option("pay:gray", f"Spend gray resources gained this turn ({s.gray[seat]})")
            )
        for cid in s.zones[f"play:{seat}"]:
            if not s.cards[cid].exhausted:
                cdef = self.defn(s, cid)
                options.append(
                    Option(
                        f"pay:{cid}", f"Exhaust {cdef.id} for {cdef.of.amount} {cdef.of.produces}"
                    )
                )
        return options

    def _pay_with(self, s: BWState, seat: int, option: str, need: int) -> int:
        """Pay with one source; returns what is still owed. Excess goes to the gray pool."""
        what = option.split(":")[1]
        if what == "neutral":
            for cid in s.zones[f"resources:{seat}"]:
                if not s.cards[cid].exhausted:
                    s.cards[cid].exhausted = True
                    break
            paid, label = 1, "a neutral resource"
        elif what == "gray":
            paid = min(s.gray[seat], need)
            s.gray[seat] -= paid
            label = f"{paid} gray gained this turn"
        else:
            cid = int(what)
            s.cards[cid].exhausted = True
            paid = self.defn(s, cid).of.amount
            label = s.cards[cid].defn
            if paid > need:
                s.gray[seat] += paid - need
                paid = need
        self.log(s, "pay", "bw.resource", f"{s.names[seat]} pays {paid} with {label}", seat)
        return need - paid

    def _pay(self, state: State, frame: Frame, choice: str | None) -> None:
        s = cast(BWState, state)
        seat = frame.seat
        need: int = frame.data["amount"]
        if choice is not None:
            need = frame.data["amount"] = self._pay_with(s, seat, choice, need)
        while need > 0:
            options = self.pay_options(s, seat)
            if len(options) > 1 and self.ready_resources(s, seat) > need:
                self.ask(
                    s,
                    seat,
                    "pay",
                    f"Pay {need} more: choose a resource to use",
                    options,
                    "bw.resource",
                )
                return
            # one kind of source, or everything must go: no real choice to make
            need = frame.data["amount"] = self._pay_with(s, seat, options[0].id, need)
        self.pop(s, frame)

    # ================================================================ creature abilities
    def cost_payable(self, s: BWState, seat: int, cid: int, cdef: CardDef) -> bool:
        kind = cdef.cost_kind
        if kind == "pay_1" or kind == "pay_2":
            # the creature exhausts itself to act, so it cannot pay its own cost
            return self.ready_resources(s, seat) - cdef.of.amount >= (1 if kind == "pay_1" else 2)
        if kind == "discard_1":
            return len(s.zones[f"hand:{seat}"]) >= 1
        if kind == "discard_2":
            return len(s.zones[f"hand:{seat}"]) >= 2
        if kind == "sacrifice_other_purple":
            return any(o != cid and self.defn(s, o).purple for o in s.zones[f"play:{seat}"])
        if kind == "both_draw":
            return bool(s.zones["deck:0"]) and bool(s.zones["deck:1"])
        if kind == "only_creature":
            return len(s.zones[f"play:{seat}"]) == 1
        if kind == "empty_hand":
            return not s.zones[f"hand:{seat}"]
        if kind == "mill_1":
            return bool(s.zones[f"deck:{seat}"])
        return True  # sacrifice_self, sacrifice_others

    def activation_options(
        self, s: BWState, seat: int, cid: int, attack_only: bool
    ) -> list[Option]:
        card = s.cards[cid]
        if card.exhausted:
            return []
        cdef = self.defn(s, cid)
        if attack_only and not cdef.grants_attack:
            return []
        if not self.cost_payable(s, seat, cid, cdef):
            return []
        noun = cdef.noun
        if noun.alt_attack:
            opts = [
                Option(f"activate:{cid}:attack", f"Use {card.defn}: gain {noun.alt_attack} attack")
            ]
            if not attack_only:
                opts.insert(
                    0,
                    Option(
                        f"activate:{cid}:effect", f"Use {card.defn}: {noun.text.split(', or')[0]}"
                    ),
                )
            return opts
        return [Option(f"activate:{cid}", f"Use {card.defn}: {cdef.of.text} -> {noun.text}")]

    def _activate(self, state: State, frame: Frame, choice: str | None) -> None:
        s = cast(BWState, state)
        seat, cid = frame.seat, frame.data["card"]
        cdef = self.defn(s, cid)
        if frame.step == 0:
            frame.step = 1
            s.cards[cid].exhausted = True
            self.log(
                s,
                "activate",
                "bw.ability.active",
                f"{s.names[seat]} uses {cdef.id}",
                seat,
                card=cid,
            )
            self._pay_action_cost(s, seat, cid, cdef)
            return
        self.pop(s, frame)
        self._action_effect(s, seat, cid, cdef, frame.data.get("mode", ""))

    def _pay_action_cost(self, s: BWState, seat: int, cid: int, cdef: CardDef) -> None:
        kind = cdef.cost_kind
        rule = "bw.ability.cost"
        if kind in ("pay_1", "pay_2"):
            self.push(s, "bw.pay", seat, amount=1 if kind == "pay_1" else 2, rule=rule)
        elif kind == "sacrifice_self":
            self.kill(s, cid, rule, "is sacrificed")
        elif kind in ("discard_1", "discard_2"):
            self.push(s, "bw.discard", seat, count=1 if kind == "discard_1" else 2, rule=rule)
        elif kind == "sacrifice_other_purple":
            self.push(s, "bw.sac_purple", seat, source_card=cid)
        elif kind == "both_draw":
            self.draw(s, seat, 1, rule)
            self.draw(s, other(seat), 1, rule)
        elif kind == "sacrifice_others":
            for o in list(s.zones[f"play:{seat}"]):
                if o != cid:
                    self.kill(s, o, rule, "is sacrificed")
        elif kind == "mill_1":
            deck = s.zones[f"deck:{seat}"]
            self.discard(s, seat, deck[-1], f"deck:{seat}", rule)

    def _action_effect(self, s: BWState, seat: int, cid: int, cdef: CardDef, mode: str) -> None:
        noun = cdef.noun
        rule = "bw.ability.effect"
        if mode == "attack":
            self.gain_attack(s, seat, noun.alt_attack, cid, rule)
            return
        if noun.attack:
            self.gain_attack(s, seat, noun.attack, cid, rule)
        effect = noun.effect
        if effect == "draw_1":
            self.draw(s, seat, 1, rule)
        elif effect == "kill_cost_3":
            self.push(s, "bw.kill_choice", seat, at_most=3, rule=rule, source_card=cid)
        elif effect == "all_discard_1":
            # pushed in reverse so the active player discards first
            for p in (other(s.active), s.active):
                self.push(s, "bw.discard", p, count=1, rule=rule)
        elif effect == "gain_gray_3":
            s.gray[seat] += 3
            self.log(s, "gray", rule, f"{s.names[seat]} gains 3 gray resources this turn", seat)
        elif effect == "opponent_draws_1":
            self.draw(s, other(seat), 1, rule)

    def _discard_frame(self, state: State, frame: Frame, choice: str | None) -> None:
        s = cast(BWState, state)
        seat, rule = frame.seat, frame.data["rule"]
        hand_zone = f"hand:{seat}"
        if choice is not None:
            self.discard(s, seat, int(choice.split(":")[1]), hand_zone, rule)
            frame.data["count"] -= 1
        count: int = frame.data["count"]
        hand = s.zones[hand_zone]
        if count <= 0 or not hand:
            self.pop(s, frame)
            return
        if len(hand) <= count:  # every card must go: nothing to choose
            for cid in list(hand):
                self.discard(s, seat, cid, hand_zone, rule)
            self.pop(s, frame)
            return
        options = [Option(f"discard:{cid}", f"Discard {s.cards[cid].defn}") for cid in hand]
        self.ask(s, seat, "discard", f"Discard {count} card(s)", options, rule)

    def _kill_choice(self, state: State, frame: Frame, choice: str | None) -> None:
        s = cast(BWState, state)
        rule = frame.data["rule"]
        if choice is not None:
            self.pop(s, frame)
            self.kill(s, int(choice.split(":")[1]), rule, "is killed")
            return
        # Explosive kills below its own cost; Lollipop kills at most 3
        limit = frame.data["below"] - 1 if "below" in frame.data else frame.data["at_most"]
        targets = [
            cid
            for seat in (0, 1)
            for cid in s.zones[f"play:{seat}"]
            if self.defn(s, cid).cost <= limit
        ]
        if not targets:
            self.log(s, "no_target", rule, "there is no creature it can kill", frame.seat)
            self.pop(s, frame)
            return
        if len(targets) == 1:
            self.pop(s, frame)
            self.kill(s, targets[0], rule, "is killed")
            return
        options = [
            Option(f"kill:{cid}", f"Kill {s.cards[cid].defn} ({s.names[s.cards[cid].controller]})")
            for cid in targets
        ]
        self.ask(s, frame.seat, "kill_target", "Choose a creature to kill", options, rule)

    def _sac_purple(self, state: State, frame: Frame, choice: str | None) -> None:
        s = cast(BWState, state)
        seat, src = frame.seat, frame.data["source_card"]
        if choice is not None:
            self.pop(s, frame)
            self.kill(s, int(choice.split(":")[1]), "bw.ability.cost", "is sacrificed")
            return
        targets = [o for o in s.zones[f"play:{seat}"] if o != src and self.defn(s, o).purple]
        if len(targets) == 1:
            self.pop(s, frame)
            self.kill(s, targets[0], "bw.ability.cost", "is sacrificed")
            return
        options = [Option(f"sacrifice:{o}", f"Sacrifice {s.cards[o].defn}") for o in targets]
        self.ask(
            s,
            seat,
            "sacrifice_cost",
            "Sacrifice another creature with the purple symbol",
            options,
            "bw.ability.cost",
        )

    # ================================================================ attacks
    def response_options(self, state: State, frame: Frame, seat: int) -> list[Option]:
        s = cast(BWState, state)
        options: list[Option] = []
        for cid in s.zones[f"play:{seat}"]:
            options.extend(self.activation_options(s, seat, cid, attack_only=True))
        return options

    def response_prompt(self, state: State, frame: Frame, seat: int) -> str:
        s = cast(BWState, state)
        b = s.battle
        amount = b.attack if b is not None else 0
        return f"You are attacked with {amount}: use creatures that grant attack, or pass"

    def respond(self, state: State, frame: Frame, seat: int, choice: str) -> None:
        cid, _, mode = choice.partition(":")[2].partition(":")
        self.push(state, "bw.activate", seat, card=int(cid), mode=mode)

    def _battle(self, state: State, frame: Frame, choice: str | None) -> None:
        s = cast(BWState, state)
        attacker = frame.seat
        defender = other(attacker)
        if frame.step == 0:
            sources = {
                cid: n for cid, n in s.contrib.items() if s.cards[cid].controller == attacker
            }
            s.battle = Battle(
                attacker=attacker, defender=defender, attack=s.attack[attacker], sources=sources
            )
            names = ", ".join(f"{s.cards[c].defn} ({n})" for c, n in sources.items()) or "none"
            self.log(
                s,
                "attack",
                "bw.attack.declare",
                f"{s.names[attacker]} attacks with "
                f"{s.attack[attacker]} attack; attack sources: {names}",
                attacker,
                amount=s.attack[attacker],
            )
            s.attack[attacker] = 0
            for cid in sources:
                del s.contrib[cid]
            frame.step = 1
            self.open_response_window(
                s, "bw.defend", defender, seats=[defender], rule="bw.attack.respond"
            )
            return
        b = s.battle
        assert b is not None
        if s.triggers:
            self.resolve_triggers(s)
            return
        if frame.step == 1:
            b.defense = s.attack[defender]
            b.def_sources = {
                cid: n for cid, n in s.contrib.items() if s.cards[cid].controller == defender
            }
            s.attack[defender] = 0
            for cid in b.def_sources:
                del s.contrib[cid]
            if b.defense:
                names = ", ".join(f"{s.cards[c].defn} ({n})" for c, n in b.def_sources.items())
                self.log(
                    s,
                    "defense",
                    "bw.attack.respond",
                    f"{s.names[defender]} responds "
                    f"with {b.defense} attack; attack sources: {names or 'none'}",
                    defender,
                    amount=b.defense,
                )
            b.remaining, b.assigned = b.attack, {}
            frame.step = 2
            return
        if frame.step == 2:
            if self._distribute(s, attacker, b.def_sources, choice):
                leftover = b.remaining
                self.lose_life(
                    s,
                    defender,
                    leftover,
                    "bw.attack.distribute_attacker",
                    "attack not stopped by attack sources",
                )
                frame.step = 3
            return
        if frame.step == 3:
            b.remaining, b.assigned = b.defense, {}
            frame.step = 4
            return
        if frame.step == 4:
            if self._distribute(s, defender, b.sources, choice):
                leftover = b.remaining
                if leftover and s.config["defender_excess"] == "life":
                    self.lose_life(
                        s,
                        attacker,
                        leftover,
                        "bw.ruling.defender_excess",
                        "defender's attack not stopped by attack sources",
                    )
                elif leftover:
                    self.log(
                        s,
                        "wasted",
                        "bw.ruling.defender_excess",
                        f"{leftover} of {s.names[defender]}'s attack is wasted",
                        defender,
                    )
                frame.step = 5
            return
        s.battle = None
        self.pop(s, frame)

    def _distribute(
        self, s: BWState, seat: int, targets: dict[int, int], choice: str | None
    ) -> bool:
        """One distribution step; True when it is over (kills done, ``remaining`` left)."""
        b = s.battle
        assert b is not None
        rule = (
            "bw.attack.distribute_attacker"
            if seat == b.attacker
            else "bw.attack.distribute_defender"
        )
        if choice is not None:
            _, cid_s, n_s = choice.split(":")
            cid, n = int(cid_s), int(n_s)
            b.assigned[cid] = b.assigned.get(cid, 0) + n
            b.remaining -= n
            self.log(
                s,
                "assign",
                rule,
                f"{s.names[seat]} assigns {n} to {s.cards[cid].defn}",
                seat,
                card=cid,
                amount=n,
            )
        # only creatures still in play can take damage (bw.attack.sources)
        live = {
            cid: cap
            for cid, cap in targets.items()
            if cid in s.zones[f"play:{s.cards[cid].controller}"] and s.cards[cid].controller != seat
        }
        room = {cid: cap - b.assigned.get(cid, 0) for cid, cap in live.items()}
        room = {cid: r for cid, r in room.items() if r > 0}
        if b.remaining and room and sum(room.values()) <= b.remaining:
            for cid, r in room.items():  # everything fits: no choice to make
                b.assigned[cid] = b.assigned.get(cid, 0) + r
                b.remaining -= r
            room = {}
        if b.remaining and room:
            options = []
            for cid, r in room.items():
                for n in range(1, min(r, b.remaining) + 1):
                    kills = " (kills it)" if n == r else ""
                    options.append(
                        Option(f"assign:{cid}:{n}", f"Assign {n} to {s.cards[cid].defn}{kills}")
                    )
            if len(options) > 1:
                self.ask(
                    s,
                    seat,
                    "distribute",
                    f"Distribute {b.remaining} attack among the attack sources",
                    options,
                    rule,
                )
                return False
            self._distribute(s, seat, targets, options[0].id)
            return False
        for cid, cap in live.items():
            if b.assigned.get(cid, 0) >= cap:
                self.kill(s, cid, rule, "is killed by the attack")
        return True

    # ================================================================ hidden information
    def card_visible(self, state: State, zone: str, card: Card, seat: int) -> bool:
        kind, _, owner = zone.partition(":")
        if kind == "deck":
            return False
        if kind in ("hand", "resources"):
            return int(owner) == seat
        return True

    def pool_key(self, state: State, zone: str, seat: int) -> str:
        owner = zone.partition(":")[2]
        if int(owner) == seat:
            return f"deck:{owner}"
        return f"hidden:{owner}"

    def pool_known(self, state: State, pool: str, seat: int) -> bool:
        return pool.startswith("deck:") or bool(state.config.get("open_decklists"))

    def sample_unknown(self, state: State, pool: str, count: int, rng: LocalRng) -> list[str]:
        ruleset = state.config["ruleset"]
        return [random_card(rng, ruleset).id for _ in range(count)]

    def placeholder_face_up(self, zone: str) -> bool:
        return False

    def mask_config(self, config: dict[str, Any], seat: int) -> dict[str, Any]:
        if config.get("open_decklists"):
            return config
        decks = [
            d if i == seat else {"name": d["name"], "mode": d["mode"], "cards": []}
            for i, d in enumerate(config["decks"])
        ]
        return {**config, "decks": decks}

    # ================================================================ scenarios
    def scenario_state(
        self, config: Any, setup: Any, seed: int = 0
    ) -> tuple[State, dict[str, int]]:
        from .scenario import build

        return build(self, config, setup, seed)

    def scenario_facts(self, state: State) -> dict[str, Any]:
        from .scenario import facts

        return facts(cast(BWState, state))

    # ================================================================ checks and reports
    def invariants(self, state: State) -> list[str]:
        s = cast(BWState, state)
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

    def render(self, view: State, seat: int) -> str:
        from .render import render

        return render(cast(BWState, view), seat)

    def scores(self, state: State) -> dict[str, Any]:
        s = cast(BWState, state)
        return {"life": list(s.life)}
