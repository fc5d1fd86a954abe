"""Rewards for a won fight (001 Rewards, Asking For Help, Conflicts Between Cards and
Rules): the fighter goes up a level per monster killed; the monsters' own texts for their
death; a helper's cards that reward helping (an Elf); then the Treasure: drawn face down by a
lone winner, face up when helped and divided in the agreed picking order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.state import CardRef, Decision, Option
from cardwright.core.vocab import start_ability

from . import board
from .help import picks
from .play import ability
from .state import MKState, MKStep
from .strength import treasures_of

if TYPE_CHECKING:
    from .game import Munchkin

LEVELS, HOOKS, DRAW, DIVIDE, DONE = range(5)


class Rewards(MKStep, tag="mk.rewards"):
    """The spoils of a won fight, for the fighter ``seat`` (the fight is still in
    ``state.combat``: the monsters killed are its remaining monsters and those killed
    outright). ``queue``: the pickers of the Treasure still to divide (``h``/``f``)."""

    stage: int = LEVELS
    queue: str = ""
    hooks_done: int = 0

    def _killed(self, s: MKState) -> list[CardRef]:
        combat = s.combat
        assert combat is not None
        return [*combat.monsters, *combat.removed]

    def ask(self, g: Munchkin, s: MKState) -> Decision | None:
        if self.stage != DIVIDE or not self.queue or not s.zones["loot"]:
            return None
        combat = s.combat
        assert combat is not None
        picker = combat.helper if self.queue[0] == "h" else combat.fighter
        loot = s.zones["loot"]
        if len(loot) == 1:
            return None
        options = [Option(f"pick:{c}", f"Take {g.card_name(s, c)}", card=CardRef(c)) for c in loot]
        n = len(s.zones["loot"])
        return g.question(
            picker, "pick_treasure", f"Pick a Treasure ({n} left)", options, "mk.combat.share"
        )

    def run(self, g: Munchkin, s: MKState) -> None:
        combat = s.combat
        assert combat is not None
        fighter = combat.fighter
        if self.stage == LEVELS:
            self.stage = HOOKS
            levels = sum(g.monster_def(s, m).levels for m in self._killed(s))
            if levels:
                board.set_level(
                    g, s, fighter, levels, "mk.combat.win", None, "for the kill", kill=True
                )
            return
        if self.stage == HOOKS:
            hooks = self._hooks(g, s)
            if self.hooks_done < len(hooks):
                card, hook, seat = hooks[self.hooks_done]
                self.hooks_done += 1
                ab = ability(g, s, card)
                assert ab is not None
                start_ability(g, s, ab, hook, card, seat)
                return
            self.stage = DRAW
            return
        if self.stage == DRAW:
            self.stage = DIVIDE
            total = sum(treasures_of(g, s, m) for m in combat.monsters) + combat.spoils
            helped = combat.helper >= 0 and not s.dead[combat.helper]
            if total <= 0:
                return
            if not helped:
                g.log(
                    s,
                    "treasure",
                    "mk.combat.win",
                    f"{s.names[fighter]} draws {total} Treasure(s) face down",
                    fighter,
                )
                if board.keyword_in_play(g, s, fighter, "resurrection"):
                    from .market import Resurrect

                    g.push_step(s, Resurrect(seat=fighter, count=total, deck="treasure"))
                else:
                    g.draw(
                        s,
                        fighter,
                        total,
                        "mk.combat.win",
                        deck="treasure_deck",
                        hand="hand.treasure",
                    )
                return
            g.log(s, "treasure", "mk.combat.win", f"{total} Treasure(s) are drawn face up", fighter)
            g.draw(
                s, fighter, total, "mk.combat.win", deck="treasure_deck", hand="loot", public=True
            )
            self.queue = "".join(picks(combat.share, len(s.zones["loot"])))
            return
        if self.stage == DIVIDE and self.queue and s.zones["loot"]:
            self._give(g, s, CardRef(s.zones["loot"][0]))
            return
        g.pop(s, self)

    def answer(self, game: Munchkin, state: MKState, option: Option) -> None:
        assert option.card is not None
        self._give(game, state, option.card)

    def _give(self, g: Munchkin, s: MKState, card: CardRef) -> None:
        combat = s.combat
        assert combat is not None
        picker = combat.helper if self.queue[0] == "h" else combat.fighter
        self.queue = self.queue[1:]
        if s.dead[picker]:
            board.to_discard(g, s, card)
            return
        board.to_hand(g, s, card, picker, public=True)
        if picker != s.active:
            s.fresh.append(card)
        g.log(
            s,
            "pick",
            "mk.combat.share",
            f"{s.names[picker]} takes {g.card_name(s, card)}",
            picker,
            card=card,
        )

    def _hooks(self, g: Munchkin, s: MKState) -> list[tuple[CardRef, str, int]]:
        """(card, hook, seat acting): each killed monster's ``killed`` text, then the
        helper's cards that reward helping, once per monster killed."""
        combat = s.combat
        assert combat is not None
        out: list[tuple[CardRef, str, int]] = []
        killed = self._killed(s)
        for m in killed:
            ab = ability(g, s, m)
            if ab is not None and ab.effect("killed") is not None:
                out.append((m, "killed", combat.fighter))
        helper = combat.helper
        if helper >= 0 and not s.dead[helper]:
            for card in board.active_cards(g, s, helper):
                ab = ability(g, s, card)
                if ab is not None and ab.effect("helped_kill") is not None:
                    out.extend((card, "helped_kill", helper) for _ in killed)
        return out
