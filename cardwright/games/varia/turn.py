"""Varia's turn, shared by both players (003 Playing Varia): start of turn, movement, action,
reaction, fast action and fast reaction (a window), resolution, end of turn. The active player
of this turn is the step's seat; after the turn the roles swap."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.state import Decision, Option
from cardwright.core.zones import move

from .plan import Plan
from .resolution import Resolve
from .state import DISCARD, ITEM, TIMELINE, VariaState, VAStep

if TYPE_CHECKING:
    from .game import Varia

START, START_CHECK, MOVE, ACTION, REACTION, FAST, RESOLVE, END, END_CHECK = range(9)
OPENING_HAND, DRAW = 6, 2


class Turn(VAStep, tag="va.turn"):
    """One turn; ``seat`` is its active player."""

    stage: int = START

    def ask(self, game: Varia, s: VariaState) -> Decision | None:
        if self.stage != MOVE:
            return None
        if s.engaged:
            options = [
                Option("disengage", "Disengage", arg="disengage"),
                Option("stay", "Stay engaged", arg="stay"),
            ]
        else:
            options = [
                Option("engage", "Engage", arg="engage"),
                Option("stay", "Stay disengaged", arg="stay"),
            ]
        where = "engaged" if s.engaged else "disengaged"
        return game.question(
            self.seat,
            "move",
            f"Movement: you are {where}; engage, disengage or stay",
            options,
            "va.step.move",
        )

    def answer(self, g: Varia, s: VariaState, option: Option) -> None:
        if option.arg == "stay":
            word = "engaged" if s.engaged else "disengaged"
            if s.logging:
                g.log(
                    s, "distance", "va.step.move", f"{s.names[self.seat]} stays {word}", self.seat
                )
        else:
            g.set_distance(s, option.arg == "engage", self.seat, "va.step.move")
        self.stage = ACTION

    def run(self, g: Varia, s: VariaState) -> None:
        seat = self.seat
        stage = self.stage
        if stage == START:
            self.start_of_turn(g, s)
            self.stage = START_CHECK
        elif stage == START_CHECK:
            if not g.check_loss(s):
                self.stage = MOVE
                s.step = "movement"
        elif stage == ACTION:
            self.stage = REACTION
            s.step = "action"
            g.push_step(s, Plan(seat=seat, phase="action"))
        elif stage == REACTION:
            if g.check_loss(s):
                return
            self.stage = FAST
            s.step = "reaction"
            g.push_step(s, Plan(seat=1 - seat, phase="reaction"))
        elif stage == FAST:
            if g.check_loss(s):
                return
            self.stage = RESOLVE
            s.step = "fast"
            g.open_window(s, "fast", seat, rule="va.step.fast")
        elif stage == RESOLVE:
            if g.check_loss(s):
                return
            self.stage = END
            s.step = "resolution"
            g.push_step(s, Resolve())
        elif stage == END:
            if g.check_loss(s):
                return
            self.stage = END_CHECK
            s.step = "end"
            end_of_turn(g, s, seat)
        else:
            g.expire(s, "end_of_turn")
            if g.check_loss(s):
                return
            if s.logging:
                g.log(
                    s,
                    "end_turn",
                    "va.step.end",
                    f"End of turn {s.turn}: {s.names[1 - seat]} becomes the active player",
                    seat,
                )
            g.pop(s, self)
            g.push_step(s, Turn(seat=1 - seat))

    def start_of_turn(self, g: Varia, s: VariaState) -> None:
        """Both players regain their action points and draw two cards (six on the first
        turn, which trigger nothing: 003 Step One, Drawing)."""
        if g.turn_limit_reached(s, "va.engine.turn_limit"):
            return
        seat = self.seat
        s.turn += 1
        s.active = seat
        s.step = "start"
        if s.logging:
            g.log(
                s,
                "turn",
                "va.step.start",
                f"Turn {s.turn}: {s.names[seat]} is the active player",
                seat,
            )
        top = s.config["action_points"]
        s.ap = [top, top]
        opening = s.turn == 1
        if opening:
            s.step = "opening"
        for who in (seat, 1 - seat):
            g.draw(s, who, OPENING_HAND if opening else DRAW, "va.step.start")
        s.step = "start"
        g.resolve_triggers(s)


def end_of_turn(g: Varia, s: VariaState, active: int) -> None:
    """Every action on the timeline goes to its owner's discard pile, items back to their item
    zone, tokens leave the game (003 Step Eight); then "end of turn" rules trigger."""
    for seat in (active, 1 - active):
        for moment in s.timeline:
            slot = moment.slots[seat]
            if slot is None:
                continue
            for cid in slot.cards:
                d = g.defn(s, cid)
                if d.kind == "token":
                    g.remove_token(s, cid, "va.token.leaves")
                elif d.kind == "item":
                    move(s, cid, ITEM[seat], from_zone=TIMELINE[seat])
                else:
                    move(s, cid, DISCARD[seat], from_zone=TIMELINE[seat])
                    s.cards[cid].face_up = True
            moment.slots[seat] = None
    s.timeline = []
    s.moments = 0
    s.moment = -1
    s.lasting = [e for e in s.lasting if not e.key.startswith("becomes:")]
    if s.logging:
        g.log(
            s,
            "cleanup",
            "va.step.end",
            "The timeline is cleared: actions to the discard piles, items back",
        )
    g.announce(s, "end_of_turn", active)
    g.resolve_triggers(s)
