"""Bizarre World's turn: draw, sacrifice, unexhaust, main, end (002 Turn Structure)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.game import WHEN
from cardwright.core.state import CardRef, Decision, Option
from cardwright.core.zones import move

from .play import main_choice, main_options
from .state import BWState, BWStep

if TYPE_CHECKING:
    from .game import BizarreWorld

# the stages of a turn
START, SACRIFICE, UNEXHAUST, MAIN, END, FINISH = range(6)


class Turn(BWStep, tag="bw.turn"):
    """One player's turn. In the main phase the player plays cards, uses creatures and
    attacks (each a step of its own, ``play.py`` and ``battle.py``) until they end the turn;
    pending triggers resolve before each main-phase question."""

    stage: int = START

    def ask(self, game: BizarreWorld, s: BWState) -> Decision | None:
        seat = self.seat
        if self.stage == SACRIFICE:
            hand = s.zones[f"hand:{seat}"]
            if not hand:
                return None
            options = [
                Option(
                    f"sacrifice:{cid}",
                    f"Place {s.cards[cid].defn} face down as a neutral resource",
                    card=CardRef(cid),
                )
                for cid in hand
            ]
            options.append(Option("done", "Done placing resources"))
            return game.question(
                seat,
                "sacrifice",
                "Sacrifice phase: place cards as neutral resources",
                options,
                "bw.turn.sacrifice",
            )
        if self.stage == MAIN and not s.triggers:
            return game.question(
                seat,
                "main",
                "Main phase: play a card, use a creature, attack, or end your turn",
                main_options(game, s, seat),
                "bw.turn.main",
            )
        return None

    def run(self, g: BizarreWorld, s: BWState) -> None:
        seat = self.seat
        stage = self.stage
        if stage == START:
            if g.turn_limit_reached(s, "bw.engine.turn_limit"):
                return
            s.turn += 1
            s.active = seat
            s.turns_taken[seat] += 1
            s.phase = "draw"
            g.log(s, "turn", "bw.turn", f"Turn {s.turn}: {s.names[seat]}", seat)
            if not s.zones[f"deck:{seat}"] and s.config["deck_out"] == "lose":
                g.end_game(
                    s,
                    [1 - seat],
                    f"{s.names[seat]} cannot draw in their draw phase and loses",
                    "bw.win.deck_out",
                )
                return
            g.draw(s, seat, 1, "bw.turn.draw")
            self.stage = SACRIFICE
            s.phase = "sacrifice"
        elif stage == SACRIFICE:  # nothing in hand to place
            self.stage = UNEXHAUST
        elif stage == UNEXHAUST:
            s.phase = "unexhaust"
            for zone in (f"resources:{seat}", f"play:{seat}"):
                for cid in s.zones[zone]:
                    s.cards[cid].exhausted = False
            g.log(
                s,
                "unexhaust",
                "bw.turn.unexhaust",
                f"{s.names[seat]} unexhausts their resources and creatures",
                seat,
            )
            s.phase = "main"
            self.stage = MAIN
        elif stage == MAIN:  # triggers are pending
            g.resolve_triggers(s)
        elif stage == END:
            s.phase = "end"
            self.stage = FINISH
            # "at the end of your turn" (Flaming creatures that burn out now)
            g.emit(s, "end_of_turn", WHEN, seat)
            g.resolve_triggers(s)
        else:  # the turn ends; what was gained "this turn" is gone
            s.attack = [0, 0]
            s.gray = [0, 0]
            s.contrib.clear()
            g.log(s, "end_turn", "bw.turn.end", f"{s.names[seat]} ends their turn", seat)
            g.pop(s, self)
            g.push_step(s, Turn(seat=1 - seat))

    def answer(self, g: BizarreWorld, s: BWState, option: Option) -> None:
        seat = self.seat
        if self.stage == SACRIFICE:
            if option.card is None:  # done
                self.stage = UNEXHAUST
                return
            cid = option.card
            move(s, cid, f"resources:{seat}", from_zone=f"hand:{seat}")
            card = s.cards[cid]
            card.face_up = False
            g.log(
                s,
                "sacrifice",
                "bw.turn.sacrifice",
                f"{s.names[seat]} places {card.defn} face down as a neutral resource",
                seat,
                visible_to=[seat],
                redacted=f"{s.names[seat]} places a card face down as a neutral resource",
                card=CardRef(cid),
            )
            return
        if not main_choice(g, s, seat, option):
            self.stage = END
