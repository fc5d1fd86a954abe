"""Smash Up's words written in Python for a single card, because what they ask is unique to
it (``docs/cards.md`` lists them, with why; ``abilities.CARD_WORDS`` names them):

* ``disguise()`` (Disguise): one or two of your minions at a base swapped for as many minion
  cards from your hand; whether a question is asked, and how its decline reads, depends only
  on the minions in play, never on the hand (reading NJ2);
* ``reveal_until_four()`` (Who Loves Ya, Baby?, errata): reveal from the top of your deck
  until a minion of printed power 4, shuffle the others back, then draw it or play it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardwright.core import rng as chance
from cardwright.core.state import CardRef, Decision, Option
from cardwright.core.vocab import Effect

from .catalog import BASES
from .selectors import acting_of
from .state import SUCtx

if TYPE_CHECKING:
    from cardwright.core.vocab import EffectStep

    from .game import SmashUp
    from .state import SUState


def _acting(ctx: SUCtx, work: Any) -> None:
    """Do ``work()`` with the ability's card acting (for the affect records)."""
    s = ctx.state
    prev = s.acting
    s.acting = acting_of(ctx)
    try:
        work()
    finally:
        s.acting = prev


# ------------------------------------------------------------------------------ Disguise
@dataclass(frozen=True)
class Disguise(Effect):
    """See the module docstring. The step keeps the base chosen and then the minions chosen
    (``picked``); ``idx`` 1: the extra minions were granted, the chosen ones go back to the
    hand once they are played."""

    immediate: bool = field(init=False, default=False)

    @staticmethod
    def _bases(g: SmashUp, s: SUState, seat: int) -> list[int]:
        return [
            b
            for b in s.zones[BASES]
            if any(s.cards[c].controller == seat for c in g.minions_at(s, b))
        ]

    @staticmethod
    def _left(g: SmashUp, s: SUState, seat: int, step: EffectStep) -> list[int]:
        base, chosen = step.picked[0], step.picked[1:]
        return [
            c for c in g.minions_at(s, base) if s.cards[c].controller == seat and c not in chosen
        ]

    @staticmethod
    def _in_hand(g: SmashUp, s: SUState, seat: int) -> int:
        return sum(1 for c in s.zones[f"hand:{seat}"] if g.is_minion(s, c))

    def ask(self, step: EffectStep, ctx: SUCtx) -> Decision | None:
        g, s, seat = ctx.game, ctx.state, ctx.you
        if step.idx:
            return None
        if not step.picked:
            bases = self._bases(g, s, seat)
            if len(bases) <= 1:
                return None
            options = [
                Option(f"pick:{b}", ctx.game.choice_label(ctx, b, "base"), card=CardRef(b))
                for b in bases
            ]
            prompt = "Disguise: choose a base where you have minions"
            return Decision(seat, "choose_base", prompt, options, ctx.rule)
        chosen = step.picked[1:]
        cands = self._left(g, s, seat, step)
        if not cands or (not chosen and len(cands) == 1):
            return None
        options = []
        if self._in_hand(g, s, seat) > len(chosen):
            options = [Option(f"pick:{c}", g.minion_label(s, c), card=CardRef(c)) for c in cands]
        if chosen or not options:
            decline = "Swap only the one" if chosen else "Swap nothing (no minion card in hand)"
            options.append(Option("decline", decline))
        which = "a second" if chosen else "a"
        prompt = f"Disguise: choose {which} minion of yours to swap"
        return Decision(seat, "target", prompt, options, ctx.rule)

    def run(self, step: EffectStep, ctx: SUCtx) -> None:
        g, s, seat = ctx.game, ctx.state, ctx.you
        if step.idx:  # the extra minions are played: the chosen ones go back to the hand
            g.pop(s, step)
            rule = ctx.rule
            for cid in step.picked[1:]:
                _acting(ctx, lambda c=cid: g.return_to_hand(s, c, seat, rule))
            return
        if not step.picked:
            bases = self._bases(g, s, seat)
            if not bases:
                g.log(s, "no_target", ctx.rule, "Disguise has nothing to swap", seat)
                g.pop(s, step)
                return
            step.picked.append(CardRef(bases[0]))
            return
        cands = self._left(g, s, seat, step)
        if not step.picked[1:] and cands and self._in_hand(g, s, seat):
            step.picked.append(CardRef(cands[0]))
            return
        self._swap(step, ctx)

    def answer(self, step: EffectStep, ctx: SUCtx, option: Option) -> None:
        if not step.picked:
            assert option.card is not None
            step.picked.append(option.card)
            return
        if option.card is None:
            self._swap(step, ctx)
            return
        step.picked.append(option.card)
        if len(step.picked) > 2:
            self._swap(step, ctx)

    def _swap(self, step: EffectStep, ctx: SUCtx) -> None:
        """The minions are chosen: as many extra minions at the base (at once, with no
        declining), then (``idx`` 1) the chosen ones return to the hand."""
        g, s, seat = ctx.game, ctx.state, ctx.you
        chosen = step.picked[1:]
        if not chosen:
            g.log(s, "no_target", ctx.rule, "Disguise has nothing to swap", seat)
            g.pop(s, step)
            return
        step.idx = 1
        for _ in chosen:
            g.grant_extra(s, seat, "minion", ctx.rule, base=step.picked[0], mandatory=True)


# ------------------------------------------------------------------------------ Who Loves Ya
@dataclass(frozen=True)
class RevealUntilFour(Effect):
    """See the module docstring. ``picked``: the minion found (then drawn or played)."""

    immediate: bool = field(init=False, default=False)

    def ask(self, step: EffectStep, ctx: SUCtx) -> Decision | None:
        if not step.picked:
            return None
        name = ctx.game.card_name(ctx.state, step.picked[0])
        options = [
            Option("draw", f"Draw {name}"),
            Option("play", f"Play {name} as an extra minion"),
        ]
        prompt = "Who Loves Ya, Baby?: draw it or play it?"
        return Decision(ctx.you, "choose", prompt, options, ctx.rule)

    def run(self, step: EffectStep, ctx: SUCtx) -> None:
        g, s, seat, rule = ctx.game, ctx.state, ctx.you, ctx.rule
        deck = s.zones[f"deck:{seat}"]
        printed = g.cat(s).printed
        found, shown = -1, []
        for c in reversed(deck):
            shown.append(c)
            if g.is_minion(s, c) and printed[s.cards[c].defn] == 4:
                found = c
                break
        names = ", ".join(g.card_name(s, c) for c in shown) or "nothing"
        g.log(s, "reveal", rule, f"{s.names[seat]} reveals {names} from their deck", seat)
        if found < 0:
            g.pop(s, step)
            if shown:
                g.forget_deck(s, seat)
                chance.shuffle(s, deck)
                g.log(s, "shuffle", rule, f"{s.names[seat]} shuffles their deck", seat, chance=True)
            return
        step.picked.append(CardRef(found))
        deck.remove(found)
        s.zones[f"hand:{seat}"].append(found)
        s.cards[found].face_up = True
        g.reveal(s, found)
        if len(shown) > 1:
            g.forget_deck(s, seat)
            chance.shuffle(s, deck)
            text = f"{s.names[seat]} shuffles the other revealed cards back into their deck"
            g.log(s, "shuffle", rule, text, seat, chance=True)

    def answer(self, step: EffectStep, ctx: SUCtx, option: Option) -> None:
        g, s, seat, rule = ctx.game, ctx.state, ctx.you, ctx.rule
        found = step.picked[0]
        g.pop(s, step)
        name = g.card_name(s, found)
        if option.id == "play" and found in s.zones[f"hand:{seat}"]:
            text = f"{s.names[seat]} plays {name} as an extra minion"
            g.log(s, "extra", rule, text, seat, card=found)
            _acting(ctx, lambda: g.start_play(s, seat, found, "extra", -1))
        else:
            g.log(s, "draw", rule, f"{s.names[seat]} draws {name}", seat, card=found)


def card_words() -> dict[str, Any]:
    """The words of this module."""
    return {"disguise": Disguise, "reveal_until_four": RevealUntilFour}
