"""The turn (001 Turn Phases): arranging your cards, Kick Open The Door, Look For Trouble or
Loot The Room, Charity; the cards played before the first turn (001 Character Creation); and
the any-time window that opens each turn (``windows.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cardwright.core.state import CardRef, Decision, Option, State
from cardwright.core.steps import Step

from . import board
from .charity import Charity
from .combat import start_combat
from .market import Trade, can_sell, trade_options
from .play import Received, carry_out, equip_options, hand_options, moment, table_options
from .state import MKState
from .windows import open_anytime

if TYPE_CHECKING:
    from cardwright.core.game import Game

    from .game import Munchkin

START, ARRANGE, KICK, KICKED, TROUBLE, AFTER, CHARITY, END = range(8)


def _g(game: Game) -> Munchkin:
    return cast("Munchkin", game)


def main_options(g: Munchkin, s: MKState, seat: int, kind: str) -> list[Option]:
    """What a player may do on their own turn out of a fight."""
    m = moment(s, seat, kind)
    out = hand_options(g, s, seat, m) + table_options(g, s, seat, m)
    if kind == "setup":
        return out + equip_options(g, s, seat)
    out += equip_options(g, s, seat)
    if can_sell(g, s, seat):
        out.append(Option("sell", "Sell Items for levels"))
    out += trade_options(g, s, seat)
    return out


def carry_main(g: Munchkin, s: MKState, seat: int, option: Option) -> bool:
    """Carry out a main answer; False when it is the turn's own (go on)."""
    if option.id == "sell":
        from .market import Sell

        g.push_step(s, Sell(seat=seat))
        return True
    if option.id == "trade":
        g.push_step(s, Trade(seat=seat))
        return True
    if option.id == "gift":
        from .market import Give

        g.push_step(s, Give(seat=seat))
        return True
    return carry_out(g, s, seat, option)


class Setup(Step, tag="mk.setup"):
    """Before the first turn each player, in turn from the first, may play classes, races
    and Items from their eight cards (001 Character Creation). ``seat``: the first player;
    ``done``: how many have finished."""

    done: int = 0

    def _current(self, s: MKState) -> int:
        return (self.seat + self.done) % len(s.names)

    def ask(self, game: Game, state: State) -> Decision | None:
        g, s = _g(game), cast(MKState, state)
        if self.done >= len(s.names):
            return None
        seat = self._current(s)
        options = main_options(g, s, seat, "setup")
        options.append(Option("done", "Done: start the game"))
        return game.question(
            seat, "setup", "Play your class, race and Items, or go on", options, "mk.setup"
        )

    def run(self, game: Game, state: State) -> None:
        g, s = _g(game), cast(MKState, state)
        g.pop(s, self)
        g.push_step(s, Turn(seat=self.seat))

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s = _g(game), cast(MKState, state)
        if option.id == "done":
            self.done += 1
            return
        carry_main(g, s, self._current(s), option)


class Turn(Step, tag="mk.turn"):
    """One player's turn. ``fought``: a monster was met at the door; ``kicked``: the card
    just kicked (when it is not a monster or a curse, the player keeps or plays it)."""

    stage: int = START
    fought: bool = False
    kicked: CardRef | None = None

    def ask(self, game: Game, state: State) -> Decision | None:
        g, s = _g(game), cast(MKState, state)
        seat = self.seat
        if s.triggers:
            return None
        if self.stage == ARRANGE:
            options = main_options(g, s, seat, "arrange")
            options.append(Option("kick", "Kick open the door"))
            return game.question(
                seat,
                "main",
                "Arrange your cards, then kick open the door",
                options,
                "mk.turn.arrange",
            )
        if self.stage == KICKED and self.kicked is not None:
            card = self.kicked
            options = [Option("keep", f"Put {g.card_name(s, card)} in your hand")]
            if self._playable_now(g, s, card):
                options.append(Option("play_kicked", f"Play {g.card_name(s, card)} now", card=card))
            if len(options) == 1:
                return None
            return game.question(
                seat, "kicked", f"You found {g.card_name(s, card)}", options, "mk.turn.kick"
            )
        if self.stage == TROUBLE:
            options = main_options(g, s, seat, "trouble")
            for c in board.hand(s, seat):
                if g.defn(s, c).kind == "monster":
                    options.append(
                        Option(f"fight:{c}", f"Look for trouble: fight {g.card_name(s, c)}", card=c)
                    )
            deck = "Treasure" if s.config["listen_at_door"] else "Door"
            options.append(Option("loot", f"Loot the room: draw a {deck} card face down"))
            return game.question(
                seat, "trouble", "Look for trouble, or loot the room", options, "mk.turn.trouble"
            )
        if self.stage == AFTER:
            options = main_options(g, s, seat, "end")
            options.append(Option("end", "End your turn"))
            return game.question(
                seat,
                "main",
                "Play cards before Charity, or end your turn",
                options,
                "mk.turn.charity",
            )
        return None

    def _playable_now(self, g: Munchkin, s: MKState, card: int) -> bool:
        d = g.defn(s, card)
        if d.kind in ("class", "race", "super_munchkin", "half_breed"):
            from .play import _permanent_ok

            return _permanent_ok(g, s, self.seat, card)
        if d.kind == "door" and not g.has_keyword(s, card, "mate"):
            from .play import _holds, _possible, _timing_ok

            m = moment(s, self.seat, "arrange")
            return (
                _timing_ok(g, s, card, m)
                and _holds(g, s, card, "on_play", self.seat)
                and _possible(g, s, card, self.seat)
            )
        return False

    def run(self, game: Game, state: State) -> None:
        g, s = _g(game), cast(MKState, state)
        seat = self.seat
        if s.triggers:
            g.resolve_triggers(s)
            return
        stage = self.stage
        if stage == START:
            self._start(g, s)
        elif stage == KICK:
            self._kick(g, s)
        elif stage == KICKED:  # nothing to decide: it goes to the hand
            self._keep(g, s)
        elif stage == CHARITY:
            self.stage = END
            # Charity, then those who received cards may play them before the turn ends
            g.push_step(s, Received(seat=seat))
            g.push_step(s, Charity(seat=seat))
        elif stage == END:
            g.expire(s, "end_of_turn")
            s.fresh = []
            s.proposals = []
            s.gifts = []
            g.log(s, "end_turn", "mk.turn.end", f"{s.names[seat]} ends their turn", seat)
            g.pop(s, self)
            g.push_step(s, Turn(seat=(seat + 1) % len(s.names)))

    def _start(self, g: Munchkin, s: MKState) -> None:

        seat = self.seat
        if g.turn_limit_reached(s, "mk.engine.turn_limit"):
            return
        s.turn += 1
        s.active = seat
        s.phase = "arrange"
        g.log(s, "turn", "mk.turn", f"Turn {s.turn}: {s.names[seat]}", seat)
        for x in range(len(s.names)):
            if s.dead[x]:
                s.dead[x] = False
                g.log(s, "return", "mk.death.return", f"{s.names[x]}'s new character appears", x)
        if s.reborn[seat]:
            s.reborn[seat] = False
            g.deal(s, seat, "mk.death.return")
        self.stage = ARRANGE
        if s.config["listen_at_door"]:
            g.draw(s, seat, 1, "mk.turn.listen", deck="door_deck", hand="hand.door")
        open_anytime(g, s, seat)

    def _kick(self, g: Munchkin, s: MKState) -> None:
        from .windows import Curse

        seat = self.seat
        s.phase = "kick"
        if not g.draw(s, seat, 1, "mk.turn.kick", deck="door_deck", hand="table", public=True):
            self.stage = TROUBLE
            return
        card = s.zones["table"][-1]
        kind = g.defn(s, card).kind
        if kind == "monster":
            self.fought = True
            self.stage = AFTER
            start_combat(g, s, seat, card, "mk.turn.kick")
        elif kind == "curse":
            self.stage = TROUBLE
            g.push_step(s, Curse(seat=seat, card=CardRef(card), kicked=True))
        else:
            self.kicked = CardRef(card)
            self.stage = KICKED

    def _keep(self, g: Munchkin, s: MKState) -> None:
        card = self.kicked
        assert card is not None
        self.kicked = None
        self.stage = TROUBLE
        board.to_hand(g, s, card, self.seat, public=True)
        g.log(
            s,
            "keep",
            "mk.turn.kick",
            f"{s.names[self.seat]} puts {g.card_name(s, card)} in their hand",
            self.seat,
            card=card,
        )

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s = _g(game), cast(MKState, state)
        seat = self.seat
        oid = option.id
        if self.stage == ARRANGE:
            if oid == "kick":
                self.stage = KICK
                return
            carry_main(g, s, seat, option)
            return
        if self.stage == KICKED:
            if oid == "play_kicked" and self.kicked is not None:
                from .play import PlayCard

                card = self.kicked
                self.kicked = None
                self.stage = TROUBLE
                board.to_hand(g, s, card, seat, public=True)
                g.push_step(s, PlayCard(seat=seat, card=card, how="play"))
                return
            self._keep(g, s)
            return
        if self.stage == TROUBLE:
            if oid == "loot":
                self.stage = AFTER
                s.phase = "loot"
                self._loot(g, s)
                return
            if oid.startswith("fight:") and option.card is not None:
                self.stage = AFTER
                self.fought = True
                s.phase = "trouble"
                g.log(s, "trouble", "mk.turn.trouble", f"{s.names[seat]} looks for trouble", seat)
                start_combat(g, s, seat, option.card, "mk.turn.trouble")
                return
            carry_main(g, s, seat, option)
            return
        if self.stage == AFTER:
            if oid == "end":
                self.stage = CHARITY
                s.phase = "charity"
                return
            carry_main(g, s, seat, option)

    def _loot(self, g: Munchkin, s: MKState) -> None:
        deck = "treasure" if s.config["listen_at_door"] else "door"
        seat = self.seat
        if board.keyword_in_play(g, s, seat, "resurrection"):
            from .market import Resurrect

            g.push_step(s, Resurrect(seat=seat, count=1, deck=deck))
            return
        g.draw(s, seat, 1, "mk.turn.loot", deck=f"{deck}_deck", hand=f"hand.{deck}")
