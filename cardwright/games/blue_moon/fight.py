"""Blue Moon's fights: the game and fight steps, retreating, declining to open a fight,
backtracking a turn that cannot continue, the dragons won and the end of the game.

Flow (``state.stack``, bottom first): :class:`GameStep` starts each fight; :class:`Fight`
(seat = the fight's start player) alternates :class:`~.turn.Turn` steps. :class:`Retreat` and
:class:`Decline` end a fight (or its opening) and unwind the stack to the game step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.errors import EngineError
from cardwright.core.state import CardRef, Decision, Option, State
from cardwright.core.steps import Step
from cardwright.core.zones import move

from . import buka_rules as buka
from . import turn as turn_steps
from .inforce import InForce
from .state import BMState, TurnInfo

if TYPE_CHECKING:
    from cardwright.core.game import Game

    from .game import BlueMoon


def other(seat: int) -> int:
    return 1 - seat


class GameStep(Step, tag="bm.game"):
    """The bottom of the stack: each time the stack comes back to it, a new fight starts."""

    def run(self, game: Game, state: State) -> None:
        s: BMState = state  # type: ignore[assignment]
        s.element = ""
        s.fight_started = False
        s.turn_info = TurnInfo()
        if s.logging:
            game.log(
                s,
                "fight",
                "bm.fight.start",
                f"{s.names[s.start_player]} is the start player of the next fight",
                s.start_player,
            )
        game.push_step(s, Fight(seat=s.start_player, next=s.start_player))


class Fight(Step, tag="bm.fight"):
    """One fight: the players' turns alternate from the start player (``seat``) until one
    retreats (or the opening is declined)."""

    next: int

    def run(self, game: Game, state: State) -> None:
        if game.turn_limit_reached(state, "bm.engine.turn_limit"):
            return
        seat = self.next
        self.next = other(seat)
        game.push_step(state, turn_steps.Turn(seat=seat))


def unwind(s: BMState) -> None:
    """Drop every step above the game step (the fight is over or was declined)."""
    for i, step in enumerate(s.stack):
        if isinstance(step, GameStep):
            del s.stack[i + 1 :]
            return
    raise EngineError("blue-moon: no game step to unwind to")


def push_retreat(g: BlueMoon, s: BMState, seat: int, rule: str, why: str) -> None:
    g.push_step(s, Retreat(seat=seat, rule=rule, why=why))


# ======================================================================== retreat and dragons
class Retreat(Step, tag="bm.retreat"):
    """``seat`` retreats: the opponent wins the fight and attracts its dragons, both areas are
    cleared, both hands refilled, and the retreating player starts the next fight."""

    rule: str
    why: str

    def run(self, game: Game, state: State) -> None:
        g: BlueMoon = game  # type: ignore[assignment]
        s: BMState = state  # type: ignore[assignment]
        loser = self.seat
        winner = other(loser)
        s.phase = "retreat"
        buka.discard_landed(g, s, loser, "bm.ship.discard")
        eff = InForce(g, s)
        if s.logging:
            g.log(
                s,
                "retreat",
                self.rule,
                f"{s.names[loser]} retreats ({self.why}); {s.names[winner]} wins the fight",
                loser,
            )
        n = dragons_won(g, s, eff, winner, loser)
        if s.logging:
            g.log(
                s,
                "dragons_won",
                "bm.dragon.count",
                f"{s.names[winner]} attracts {n} dragon(s)",
                winner,
                count=n,
            )
        for _ in range(n):
            g.attract_dragon(s, winner, "bm.dragon.attract")
            if s.result is not None:
                return
        cleanup(g, s)
        g.refill(s, winner, "bm.retreat.refill")
        g.refill(s, loser, "bm.retreat.refill")
        for seat in (winner, loser):
            if not s.zones[f"hand:{seat}"]:
                end_out_of_cards(g, s, seat)
                return
        s.start_player = loser
        if s.logging:
            g.log(
                s,
                "next_fight",
                "bm.retreat.next_fight",
                f"{s.names[loser]} retreated and starts the next fight",
                loser,
            )
        unwind(s)


def dragons_won(
    g: BlueMoon, s: BMState, eff: InForce, winner: int, retreater: int, log: bool = True
) -> int:
    """1, or 2 with six or more cards in the winner's combat and support areas (face-down
    bluffs included, as active supports, unless ``bluffs_count_six`` is off: ruling B5); then
    the powers that change it, by priority (additional, fewer, at most, none). ``log=False``
    only works it out (the board's "a retreat now gives ..."), leaving the state as it is."""
    cards = len(s.zones[f"combat:{winner}"]) + len(s.zones[f"support:{winner}"])
    if not s.config["bluffs_count_six"]:
        cards -= len(buka.bluffs_of(s, winner))
    n = 2 if cards >= 6 else 1
    if not eff.dragons:
        return n
    for src, ability, item in eff.dragon_changes(retreater):
        new = max(0, item.change(n))
        if new != n and log and s.logging:
            g.log(
                s,
                "dragon_count",
                ability.rule,
                f"{g.card_name(s, src)} changes the dragons won from {n} to {new}",
                s.cards[src].controller,
            )
        n = new
    return n


def cleanup(g: BlueMoon, s: BMState) -> None:
    """The fight is over: both players discard their combat and support areas."""
    for seat in (0, 1):
        buka.discard_landed(g, s, seat, "bm.ship.discard")
        for cid in buka.bluffs_of(s, seat):
            buka.reveal(g, s, cid, "the fight is over")
        for zone in (f"combat:{seat}", f"support:{seat}"):
            ids = s.zones[zone]
            if ids:
                s.zones[f"discard:{seat}"].extend(ids)
                ids.clear()
    s.covered.clear()
    s.targets.clear()
    s.influenced.clear()
    s.triggers.clear()  # powers still waiting when a fight ends (a Flood retreat) lapse
    s.turn_info = TurnInfo()
    if s.logging:
        g.log(
            s,
            "cleanup",
            "bm.retreat.cleanup",
            "Both players discard every card from their combat and support areas",
        )


def end_out_of_cards(g: BlueMoon, s: BMState, seat: int) -> None:
    """The game ends because ``seat`` has no cards: dragons decide, else who ran out last."""
    if s.dragons[0] or s.dragons[1]:
        winner = 0 if s.dragons[0] else 1
        why = f"{s.names[winner]} holds {s.dragons[winner]} dragon(s)"
    else:
        r0, r1 = s.ran_out
        if r0 < 0 or r1 < 0:
            winner = 0 if r0 < 0 else 1
        else:
            winner = 0 if r0 > r1 else 1
        why = f"all dragons are neutral and {s.names[other(winner)]} ran out of cards first"
    s.crystals[winner] = 1 + s.dragons[winner]
    if s.logging:
        g.log(
            s,
            "out_of_cards",
            "bm.end.out_of_cards",
            f"{s.names[seat]} has no cards left in hand: the game ends",
            seat,
        )
    g.end_game(
        s,
        [winner],
        f"{s.names[winner]} wins with {s.crystals[winner]} crystal(s): {why}",
        "bm.end.winner",
    )


# ======================================================================== backtracking
def cannot_continue(g: BlueMoon, s: BMState, seat: int, why: str) -> bool:
    """The player cannot announce: backtrack to the retreat phase if nothing irreversible
    happened since; then, in ``friendly`` play, the player chooses again (another first
    character, or a retreat: returns True, and the turn asks again), in ``strict`` play the
    player retreats. A turn that cannot be backtracked retreats with the cards played
    (friendly) or loses the game, the opponent scoring the maximum (strict). Ruling R4."""
    ti = s.turn_info
    friendly = s.config["backtracking"] == "friendly"
    if ti.undo_from >= 0 and not ti.irreversible:
        undone = ti.played[ti.undo_from :]
        extra = buka.undo(g, s, seat)
        for cid in reversed(undone):
            d = g.defn(s, cid)
            src = "support" if d.type == "support" else "combat"
            ship = ti.from_ship.pop(cid, None)
            back = buka.cargo_zone(ship, seat) if ship is not None else f"hand:{seat}"
            move(s, cid, back, from_zone=f"{src}:{seat}")
            if ship is not None:  # face down in the cargo again, as loaded (buka.load)
                s.cards[cid].face_up = False
        for cid in ti.covered:
            s.covered.remove(cid)
        del ti.played[ti.undo_from :]
        del ti.modes[ti.undo_from :]
        ti.covered = []
        ti.pair_open = [c for c in ti.pair_open if c not in undone]
        switched = ""
        if ti.switches:  # element switches (Mutants) undone in reverse: the first one's
            switched = s.element = ti.switches[0]  # "before" is the original element
            ti.switches = []
        first = next((c for c in undone if g.defn(s, c).type == "character"), None)
        again = friendly and first is not None
        if again:
            assert first is not None
            ti.back_to_retreat_point()
            ti.tried.append(first)
        g.hand_changed(s, seat)
        if s.logging:
            names = ", ".join([g.card_name(s, c) for c in undone] + extra) or "nothing"
            element = f"; the contested element is {switched} again" if switched else ""
            then = ""
            if again:
                assert first is not None
                then = (
                    f"; friendly play: {s.names[seat]} may retreat or continue with a "
                    f"character other than {g.card_name(s, first)}"
                )
            g.log(
                s,
                "backtrack",
                "bm.ruling.backtrack",
                f"{s.names[seat]} cannot continue ({why}): the turn is backtracked to the "
                f"retreat phase ({names} back to hand{element}){then}",
                seat,
            )
        if again:
            return True
        push_retreat(g, s, seat, "bm.retreat.cannot_match", why)
    elif not friendly:
        opp = other(seat)
        s.crystals[opp] = 4
        g.end_game(
            s,
            [opp],
            f"{s.names[seat]} cannot continue ({why}) and cannot backtrack: "
            f"{s.names[opp]} wins with the maximum score (4 crystals)",
            "bm.ruling.backtrack",
        )
    else:
        push_retreat(g, s, seat, "bm.retreat.cannot_match", why)
    return False


# ======================================================================== declining
class Decline(Step, tag="bm.decline"):
    """The start player declines to open a fight: they discard one to three cards (their only
    card must go), refill, and the opponent starts the next fight."""

    n: int = 0
    done: bool = False

    def _open(self, s: BMState) -> bool:
        return not self.done and self.n < 3 and bool(s.zones[f"hand:{self.seat}"])

    def ask(self, game: Game, state: State) -> Decision | None:
        s: BMState = state  # type: ignore[assignment]
        hand = s.zones[f"hand:{self.seat}"]
        if not self._open(s) or (self.n == 0 and len(hand) == 1):
            return None
        options = [
            Option(f"discard:{c}", f"Discard {game.card_name(s, c)}", card=CardRef(c)) for c in hand
        ]
        if self.n:
            options.append(Option("done", "Discard no more"))
        return game.question(
            self.seat,
            "decline_discard",
            "Declining: discard one to three cards",
            options,
            "bm.decline.discard",
        )

    def run(self, game: Game, state: State) -> None:
        g: BlueMoon = game  # type: ignore[assignment]
        s: BMState = state  # type: ignore[assignment]
        seat = self.seat
        hand = s.zones[f"hand:{seat}"]
        if self._open(s):  # the only card must go
            g.discard_from_hand(s, seat, hand[0], "bm.decline.discard")
            self.n = 1
            return
        if s.logging:
            g.log(
                s,
                "decline",
                "bm.decline",
                f"{s.names[seat]} declines to start a fight (discarded {self.n} card(s))",
                seat,
            )
        s.turn_info = TurnInfo()
        g.refill(s, seat, "bm.decline.refill")
        if not hand:
            end_out_of_cards(g, s, seat)
            return
        s.start_player = other(seat)
        unwind(s)

    def answer(self, game: Game, state: State, option: Option) -> None:
        if option.card is None:  # done
            self.done = True
            return
        g: BlueMoon = game  # type: ignore[assignment]
        g.discard_from_hand(state, self.seat, option.card, "bm.decline.discard")  # type: ignore[arg-type]
        self.n += 1
