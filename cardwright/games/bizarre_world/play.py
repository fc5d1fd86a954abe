"""Bizarre World: playing a card, paying, and using a creature's ability.

002 Play a card, Neutral Resource, Special Resource, Card Layout. A creature's active ability
is its of-phrase's cost followed by its noun's effect (both vocabulary expressions, see
``abilities.py``); using it exhausts the creature.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.game import AFTER
from cardwright.core.state import CardRef, Decision, Option
from cardwright.core.vocab import ability_possible, start_ability
from cardwright.core.zones import move

from .abilities import card_abilities
from .battle import Battle
from .state import BWState, BWStep

if TYPE_CHECKING:
    from .game import BizarreWorld


# ------------------------------------------------------------------------------ main phase
def main_options(g: BizarreWorld, s: BWState, seat: int) -> list[Option]:
    """Play a card that can be paid for, use a creature, attack with unspent attack, end."""
    options: list[Option] = []
    ready = g.ready_resources(s, seat)
    for cid in s.zones[f"hand:{seat}"]:
        cost = g.play_cost(s, cid)
        if cost <= ready:
            options.append(
                Option(
                    f"play:{cid}",
                    f"Play {s.cards[cid].defn} (pay {cost})",
                    card=CardRef(cid),
                    arg="play",
                )
            )
    for cid in s.zones[f"play:{seat}"]:
        options.extend(activation_options(g, s, seat, cid, attack_only=False))
    if s.attack[seat] > 0 and s.turn > 1:
        options.append(
            Option("attack", f"Declare an attack with {s.attack[seat]} attack", arg="attack")
        )
    options.append(Option("end", "End your turn", arg="end"))
    return options


def main_choice(g: BizarreWorld, s: BWState, seat: int, option: Option) -> bool:
    """Carry out a main-phase answer; False when the player ends the turn."""
    if option.card is not None and option.arg == "play":
        g.push_step(s, Play(seat=seat, card=option.card))
    elif option.card is not None:  # use a creature (arg: "", "effect" or "attack")
        g.push_step(s, Activate(seat=seat, card=option.card, mode=option.arg))
    elif option.arg == "attack":
        g.push_step(s, Battle(seat=seat))
    else:
        return False
    return True


# ------------------------------------------------------------------------------ playing
class Play(BWStep, tag="bw.play"):
    """Play a card from hand: pay its cost (if any), then it enters play (002 Play a card)."""

    card: CardRef
    stage: int = 0

    def run(self, g: BizarreWorld, s: BWState) -> None:
        cid = self.card
        if self.stage == 0:
            self.stage = 1
            cost = g.play_cost(s, cid)
            if cost > 0:
                g.push_step(s, Pay(seat=self.seat, amount=cost, rule="bw.play"))
            return
        seat = self.seat
        move(s, cid, f"play:{seat}", from_zone=f"hand:{seat}")
        card = s.cards[cid]
        card.controller = seat
        card.face_up = True
        card.exhausted = g.has_keyword(s, cid, "enters_exhausted")
        extra = " exhausted (Lazy)" if card.exhausted else ""
        g.log(
            s,
            "play",
            "bw.card.lazy" if card.exhausted else "bw.play",
            f"{s.names[seat]} plays {card.defn}{extra}",
            seat,
            card=CardRef(cid),
        )
        g.pop(s, self)
        g.emit(s, "played", AFTER, seat, card=CardRef(cid))


# ------------------------------------------------------------------------------ paying
def pay_options(g: BizarreWorld, s: BWState, seat: int) -> list[Option]:
    """One option per kind of source: a neutral resource, this turn's gray, a creature."""
    options = []
    ready_neutral = sum(1 for cid in s.zones[f"resources:{seat}"] if not s.cards[cid].exhausted)
    if ready_neutral:
        options.append(
            Option(
                "pay:neutral",
                f"Exhaust a neutral resource ({ready_neutral} ready)",
                arg="neutral",
            )
        )
    if s.gray[seat]:
        options.append(
            Option(
                "pay:gray", f"Spend gray resources gained this turn ({s.gray[seat]})", arg="gray"
            )
        )
    for cid in s.zones[f"play:{seat}"]:
        if not s.cards[cid].exhausted:
            cdef = g.defn(s, cid)
            options.append(
                Option(
                    f"pay:{cid}",
                    f"Exhaust {cdef.id} for {cdef.of.amount} {cdef.of.produces}",
                    card=CardRef(cid),
                )
            )
    return options


class Pay(BWStep, tag="bw.pay"):
    """Pay ``amount`` resources, one source at a time (002 Neutral Resource, Special Resource).
    The player is asked only when the choice matters: several kinds of source and more ready
    than needed; otherwise the only way is taken. A creature paying more than is owed puts the
    rest in the gray pool."""

    amount: int
    rule: str = "bw.play"

    def ask(self, g: BizarreWorld, s: BWState) -> Decision | None:
        if self.amount <= 0:
            return None
        options = pay_options(g, s, self.seat)
        if len(options) > 1 and g.ready_resources(s, self.seat) > self.amount:
            prompt = f"Pay {self.amount} more: choose a resource to use"
            return g.question(self.seat, "pay", prompt, options, "bw.resource")
        return None

    def run(self, g: BizarreWorld, s: BWState) -> None:
        if self.amount <= 0:
            g.pop(s, self)
            return
        # one kind of source, or everything must go: no real choice to make
        self._pay_with(g, s, pay_options(g, s, self.seat)[0])

    def answer(self, game: BizarreWorld, state: BWState, option: Option) -> None:
        self._pay_with(game, state, option)

    def _pay_with(self, g: BizarreWorld, s: BWState, option: Option) -> None:
        seat, need = self.seat, self.amount
        if option.arg == "neutral":
            for cid in s.zones[f"resources:{seat}"]:
                if not s.cards[cid].exhausted:
                    s.cards[cid].exhausted = True
                    break
            paid, label = 1, "a neutral resource"
        elif option.arg == "gray":
            paid = min(s.gray[seat], need)
            s.gray[seat] -= paid
            label = f"{paid} gray gained this turn"
        else:
            assert option.card is not None
            cid = option.card
            s.cards[cid].exhausted = True
            paid = g.defn(s, cid).of.amount
            label = s.cards[cid].defn
            if paid > need:
                s.gray[seat] += paid - need
                paid = need
        g.log(s, "pay", "bw.resource", f"{s.names[seat]} pays {paid} with {label}", seat)
        self.amount = need - paid


# ------------------------------------------------------------------------------ abilities
def activation_options(
    g: BizarreWorld, s: BWState, seat: int, cid: int, attack_only: bool
) -> list[Option]:
    """How ``seat`` may use creature ``cid`` now: not when exhausted or when its cost cannot
    be paid; in the defender's window only abilities that add attack (002 Responding)."""
    card = s.cards[cid]
    if card.exhausted:
        return []
    cdef = g.defn(s, cid)
    if attack_only and not cdef.grants_attack:
        return []
    abilities = card_abilities(card.defn, s.config["ruleset"])
    if abilities.cost_checked:
        assert abilities.cost is not None
        if not ability_possible(g, s, abilities.cost, "cost", cid, seat):
            return []
    noun = cdef.noun
    if noun.alt_attack:
        opts = [
            Option(
                f"activate:{cid}:attack",
                f"Use {card.defn}: gain {noun.alt_attack} attack",
                card=CardRef(cid),
                arg="attack",
            )
        ]
        if not attack_only:
            label = f"Use {card.defn}: {noun.text.split(', or')[0]}"
            opts.insert(0, Option(f"activate:{cid}:effect", label, card=CardRef(cid), arg="effect"))
        return opts
    label = f"Use {card.defn}: {cdef.of.text} -> {noun.text}"
    return [Option(f"activate:{cid}", label, card=CardRef(cid))]


class Activate(BWStep, tag="bw.activate"):
    """Use a creature: it exhausts, its cost is paid, then its effect happens (002 Card
    Layout). ``mode`` is ``attack`` for the 2023 "or gain N attack" alternative."""

    card: CardRef
    mode: str = ""
    stage: int = 0

    def run(self, g: BizarreWorld, s: BWState) -> None:
        seat, cid = self.seat, self.card
        cdef = g.defn(s, cid)
        abilities = card_abilities(cdef.id, s.config["ruleset"])
        if self.stage == 0:
            self.stage = 1
            s.cards[cid].exhausted = True
            g.log(
                s,
                "activate",
                "bw.ability.active",
                f"{s.names[seat]} uses {cdef.id}",
                seat,
                card=CardRef(cid),
            )
            if abilities.cost is not None:
                start_ability(g, s, abilities.cost, "cost", cid, seat)
            return
        g.pop(s, self)
        noun = cdef.noun
        if self.mode == "attack":
            g.gain_attack(s, seat, noun.alt_attack, cid, "bw.ability.effect")
            return
        if noun.attack:
            g.gain_attack(s, seat, noun.attack, cid, "bw.ability.effect")
        if abilities.effect is not None:
            start_ability(g, s, abilities.effect, "effect", cid, seat)
