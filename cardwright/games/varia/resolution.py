"""Step Seven, resolution: each moment in timeline order is a mini-turn of payment, start of
moment, clash and end of moment (003 Step Seven). Every moment resolves, even one whose actions
went to the queue (003 The Queue); a player at 0 health or less loses at the end of each
sub-step (003 Winning & Losing). After the last moment, what waits beyond it (tokens created in
a moment that does not exist, and what follows them) goes to the queue (003 Creating A Token).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions
from .clash import clash
from .plan import queue_from
from .state import VariaState, VAStep

if TYPE_CHECKING:
    from .game import Varia

PAY, START, START_DONE, CLASH, CLASH_DONE, END, END_DONE = range(7)


def order(s: VariaState) -> tuple[int, int]:
    """The active player first (003 Start of Moment)."""
    return s.active, 1 - s.active


class Resolve(VAStep, tag="va.resolve"):
    """Resolve the moments one after another."""

    idx: int = 0

    def run(self, g: Varia, s: VariaState) -> None:
        if self.idx < s.moments:
            m = self.idx
            self.idx += 1
            g.push_step(s, MomentStep(moment=m))
            return
        s.moment = -1
        for seat in order(s):
            if len(s.timeline) > s.moments:
                queue_from(g, s, seat, s.moments, "va.token.beyond")
        del s.timeline[s.moments :]
        g.pop(s, self)


class MomentStep(VAStep, tag="va.moment"):
    """One moment: payment, start of moment, clash, end of moment."""

    moment: int
    stage: int = PAY

    def run(self, g: Varia, s: VariaState) -> None:
        """Run the sub-steps in order; return to the engine only when triggers are to
        resolve (pushed above this step) or the game has ended."""
        m = self.moment
        while True:
            stage = self.stage
            if stage == PAY:
                s.moment = m
                if s.logging:
                    g.log(
                        s,
                        "moment",
                        "va.moment",
                        f"Moment {m + 1} of {s.moments}",
                        moment=m + 1,
                        of=s.moments,
                    )
                for seat in order(s):
                    pay(g, s, seat, m)
                self.stage = START
                if g.check_loss(s):
                    return
            elif stage == START:
                self.stage = START_DONE
                if announce(g, s, m, "start_of_moment"):
                    return
            elif stage in (START_DONE, CLASH_DONE):
                self.stage += 1
                if g.check_loss(s):
                    return
            elif stage == CLASH:
                self.stage = CLASH_DONE
                hits = clash(g, s, m)
                for seat in order(s):
                    slot = s.timeline[m].slots[seat]
                    if slot is not None and seat in hits and not slot.disrupted:
                        for cid in list(slot.cards):
                            g.hear_own(s, cid, "on_hit", seat)
                if s.triggers:
                    g.resolve_triggers(s)
                    return
            elif stage == END:
                self.stage = END_DONE
                if announce(g, s, m, "end_of_moment"):
                    return
            else:
                g.expire(s, "end_of_moment")
                g.pop(s, self)
                g.check_loss(s)
                return


def announce(g: Varia, s: VariaState, m: int, event: str) -> bool:
    """Start or end of moment: the rules of the actions performed in it trigger (their own
    ``when`` listeners), and so do live cards that listen (stacks, items); the active player's
    triggers resolve first and each player orders their own (003 Start of Moment). Returns
    whether triggers are to resolve (their step is pushed)."""
    for seat in order(s):
        slot = s.timeline[m].slots[seat]
        if slot is not None and slot.performed and not slot.disrupted:
            for cid in list(slot.cards):
                g.hear_own(s, cid, event, seat)
    g.announce(s, event, s.active)
    if not s.triggers:
        return False
    g.resolve_triggers(s)
    return True


def pay(g: Varia, s: VariaState, seat: int, m: int) -> None:
    """Pay for the seat's action in this moment (action points, health) and perform it; an
    action that cannot be paid goes to the queue with every action after it (003 Payment).
    A health cost can be paid only with at least that much health (ruling R10)."""
    slot = s.timeline[m].slots[seat]
    if slot is None or slot.performed:
        return
    face = actions.printed(s, slot)
    if slot.disrupted:  # disrupted before its moment: it is neither paid for nor performed
        if s.logging:
            g.log(
                s,
                "not_performed",
                "va.disrupted",
                f"{face.name} is disrupted: it is not performed",
                seat,
            )
        return
    ap, hp = actions.costs(g, s, slot, face)
    if s.ap[seat] < ap or s.health[seat] < hp:
        if s.logging:
            g.log(
                s,
                "unpaid",
                "va.pay.queue",
                f"{s.names[seat]} cannot pay {ap} action point(s)"
                + (f" and {hp} health" if hp else "")
                + f" for {face.name} ({s.ap[seat]} left)",
                seat,
            )
        queue_from(g, s, seat, m, "va.pay.queue")
        return
    s.ap[seat] -= ap
    if hp:
        s.health[seat] -= hp
    slot.performed = True
    if s.logging:
        paid = f"{ap} action point(s)" + (f" and {hp} health" if hp else "")
        g.log(
            s,
            "perform",
            "va.pay",
            f"{s.names[seat]} pays {paid} and performs {face.name} ({s.ap[seat]} left)",
            seat,
            card=slot.lead,
            name=face.name,
        )
