"""Smash Up's turn (000 The Phases of a Turn): start, Play Cards, Score Bases, Draw 2 Cards
(with the hand limit), end, and the check for the winner; and the optional redraw of an opening
hand with no minions (000 Setup; reading R2).

Steps: :class:`Redraw`, :class:`Turn`, :class:`DiscardLimit`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.state import CardRef, Decision, Option

from . import madness, values, verbs
from .catalog import DRAW_PER_TURN, HAND_LIMIT, HAND_SIZE
from .faces import expire
from .history import destroy_windows, windows_due
from .playcards import play_choice, play_options
from .scorewords import EXTRA_TURN
from .scoring import ScoreBases
from .state import Allowance, SUState, SUStep, defns_of

if TYPE_CHECKING:
    from .game import SmashUp


class Redraw(SUStep, tag="su.redraw"):
    """The optional redraw of an opening hand with no minions: every player is asked in turn
    order from ``seat`` (only a hand with no minions may be redrawn; asking everyone tells
    nobody what a hand holds: reading R2)."""

    idx: int = 0

    def ask(self, g: SmashUp, s: SUState) -> Decision | None:
        if self.idx >= len(s.names):
            return None
        seat = g.seat_order(s, self.seat)[self.idx]
        options = [Option("keep", "Keep this hand")]
        if not any(g.is_minion(s, c) for c in s.zones[f"hand:{seat}"]):
            options.insert(
                0, Option("redraw", "Show your hand, discard it and draw five new cards")
            )
        return g.question(
            seat,
            "redraw",
            "Opening hand: one with no minions may be shown, discarded and drawn again",
            options,
            "su.setup.redraw",
        )

    def run(self, game: SmashUp, state: SUState) -> None:
        game.pop(state, self)

    def answer(self, g: SmashUp, s: SUState, option: Option) -> None:
        seat = g.seat_order(s, self.seat)[self.idx]
        self.idx += 1
        hand = s.zones[f"hand:{seat}"]
        if option.id == "redraw":
            names = ", ".join(g.card_name(s, c) for c in hand)
            g.log(
                s,
                "redraw",
                "su.setup.redraw",
                f"{s.names[seat]} shows a hand with no minions ({names}), discards it "
                "and draws a new hand",
                seat,
                defns=defns_of(s, hand),
            )
            for cid in list(hand):
                g.to_zone(s, cid, f"hand:{seat}", f"discard:{seat}")
            g.draw(s, seat, HAND_SIZE, "su.setup.redraw")
        else:
            g.log(s, "keep", "su.setup.redraw", f"{s.names[seat]} keeps their hand", seat)


# stages of a turn
START, PLAY, SCORE, DRAW, END, FINISH = range(6)


class Turn(SUStep, tag="su.turn"):
    """One player's turn. Pending triggers resolve before each stage; what the cards now
    resolving did to minions (``state.affects``) is forgotten whenever the turn goes on."""

    stage: int = START

    def ask(self, game: SmashUp, s: SUState) -> Decision | None:
        if self.stage != PLAY or s.affects or s.triggers or s.phase != "play":
            return None
        if s.lasting and windows_due(s):  # a destruction's Specials are offered first
            return None
        # asked even when only finishing is possible: skipping the question would tell the
        # others that nothing in the hand can be played (reading R14)
        options = play_options(game, s, self.seat)
        return game.question(
            self.seat,
            "play",
            "Play Cards: play a minion and/or an action, or finish",
            options,
            "su.turn.play",
        )

    def answer(self, game: SmashUp, state: SUState, option: Option) -> None:
        if not play_choice(game, state, self.seat, option):
            self.stage = SCORE

    def run(self, g: SmashUp, s: SUState) -> None:
        seat = self.seat
        if s.affects:  # nothing is resolving any more
            s.affects = []
        stage = self.stage
        if stage == START:
            self._start(g, s)
            return
        if s.triggers:
            g.resolve_triggers(s)
            return
        if g.cat(s).needs:  # (only cards that need them check the state, open windows)
            g.checkpoint(s)
            if s.triggers:
                g.resolve_triggers(s)
                return
            if destroy_windows(g, s):
                return
        if stage == PLAY:
            s.phase = "play"
            return
        if stage == SCORE:
            s.phase = "score"
            self.stage = DRAW
            g.push_step(s, ScoreBases(seat=seat))
            return
        if stage == DRAW:
            s.phase = "draw"
            g.draw(s, seat, DRAW_PER_TURN, "su.turn.draw")
            self.stage = END
            if len(s.zones[f"hand:{seat}"]) > HAND_LIMIT:
                g.push_step(s, DiscardLimit(seat=seat))
            return
        if stage == END:
            s.phase = "end"
            g.fire(s, "end_of_turn", seat=seat)
            self.stage = FINISH
            return
        self._finish(g, s)

    def _start(self, g: SmashUp, s: SUState) -> None:
        seat = self.seat
        if g.turn_limit_reached(s, "su.engine.turn_limit"):
            return
        s.turn += 1
        s.active = seat
        values.changed(s)  # "on your turn" powers, lasting effects ending below
        s.turns_taken[seat] += 1
        s.phase = "start"
        s.allowances = [Allowance("minion"), Allowance("action")]
        s.talents_used = []
        s.used = []
        s.minions_played = s.actions_played = 0
        s.asleep = -1
        if seat in s.sleepers:
            s.sleepers.remove(seat)
            s.asleep = seat
            g.log(
                s,
                "asleep",
                "su.play.no_actions",
                f"{s.names[seat]} cannot play actions this turn",
                seat,
            )
        if s.lasting:
            s.lasting = [e for e in s.lasting if e.until != f"start_of_turn:{seat}"]
        g.log(s, "turn", "su.turn.start", f"Turn {s.turn}: {s.names[seat]}", seat)
        g.fire(s, "start_of_turn", seat=seat)
        self.stage = PLAY

    def _finish(self, g: SmashUp, s: SUState) -> None:
        """ "Until the end of the turn" ends; then the check for the winner."""
        seat = self.seat
        if s.lasting:
            ends = ("end_of_turn", f"end_of_turn:{seat}")
            expire(g, s, ends)
            verbs.give_back_control(g, s, ends)
            s.lasting = [e for e in s.lasting if e.until not in ends]
            values.changed(s)
        s.allowances = []
        g.log(s, "end_turn", "su.turn.end", f"{s.names[seat]} ends their turn", seat)
        target = s.config["vp_to_win"]
        best = max(s.vp)
        if best >= target and madness.in_game(s):  # the Madness cards' cost, then the winner
            leaders = madness.reckoning(g, s)
            names = " and ".join(s.names[p] for p in leaders)
            rule = "su.madness.end" if len(leaders) == 1 else "su.madness.tie"
            g.end_game(s, leaders, f"{names} {'win' if len(leaders) > 1 else 'wins'}", rule)
            return
        if best >= target:
            leaders = [p for p, v in enumerate(s.vp) if v == best]
            if len(leaders) == 1:
                g.end_game(s, leaders, f"{s.names[leaders[0]]} wins with {best} VP", "su.end.win")
                return
            g.log(
                s,
                "tie",
                "su.end.tie",
                f"{' and '.join(s.names[p] for p in leaders)} are tied at {best} VP: play goes on",
            )
        g.pop(s, self)
        g.push_step(s, Turn(seat=_next_seat(g, s, seat)))


def _next_seat(g: SmashUp, s: SUState, seat: int) -> int:
    """Who plays next: a player owed an extra turn (Portal Room: the first owed), else the
    next player."""
    for i, e in enumerate(s.lasting):
        if e.key == EXTRA_TURN:
            del s.lasting[i]
            values.changed(s)
            g.log(
                s, "extra_turn", "su.turn.extra", f"{s.names[e.seat]} takes an extra turn", e.seat
            )
            return e.seat
    return (seat + 1) % len(s.names)


class DiscardLimit(SUStep, tag="su.discard_limit"):
    """Draw 2 Cards: a hand over 10 is discarded down to 10, one card at a time."""

    def _options(self, g: SmashUp, s: SUState) -> tuple[int, list[Option]]:
        hand = s.zones[f"hand:{self.seat}"]
        excess = len(hand) - HAND_LIMIT
        if excess <= 0:
            return excess, []
        options = [
            Option(o.id.replace("play:", "discard:"), o.label.replace("Play", "Discard"), o.card)
            for o in g.dedupe(s, hand, "play")
        ]
        return excess, options

    def ask(self, game: SmashUp, s: SUState) -> Decision | None:
        excess, options = self._options(game, s)
        if not options:
            return None
        # copies of one card leave no choice, but skip the question only when everyone can
        # see that (a hand of Madness cards hiding one other card: reading R14)
        if len(options) == 1 and all(c in s.public_cards for c in s.zones[f"hand:{self.seat}"]):
            return None
        return game.question(
            self.seat,
            "discard",
            f"Hand limit: discard {excess} more card(s)",
            options,
            "su.turn.hand_limit",
        )

    def run(self, g: SmashUp, s: SUState) -> None:
        _, options = self._options(g, s)
        if not options:
            g.pop(s, self)
            return
        card = options[0].card
        assert card is not None
        self._discard(g, s, card)

    def answer(self, game: SmashUp, state: SUState, option: Option) -> None:
        assert option.card is not None
        self._discard(game, state, option.card)

    def _discard(self, g: SmashUp, s: SUState, cid: CardRef) -> None:
        seat = self.seat
        g.to_zone(s, cid, f"hand:{seat}", f"discard:{seat}")
        if s.logging:  # (the text names the card: not made when nothing is logged)
            g.log(
                s,
                "discard",
                "su.turn.hand_limit",
                f"{s.names[seat]} discards {g.card_name(s, cid)} down to the hand limit",
                seat,
                card=cid,
            )
        g.fire(s, "card_to_discard", card=cid, base_card=-1, owner=seat)
