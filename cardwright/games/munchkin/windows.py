"""Munchkin's "any time" as finite response windows (the core's ``Respond``).

* ``anytime``: at the start of each turn, every other player in turn may act out of a fight
  (curse, Go Up a Level, discard a class, change equipment, trade, play a card just
  received) or pass (001 When You May Take Actions; ruling R3);
* ``combat``: in a fight, from the fighter on, every player may interfere or pass; the
  fighter asks for help here; the players not in the fight may also do what they may do out
  of one (change equipment, trade with another player not in it, play a card just
  received); the fight is settled when all pass in a row (001 Combat);
* ``received``: when players who received cards outside their own turn are out of the
  fight (after it, or after Charity), those players may play them at once (001 Rewards:
  "even if you are the helper"), as in an ``anytime`` window;
* ``curse``: the victim of a curse may cancel it (a Wishing Ring);
* ``escape``: when a player gets away, the others may stick them (a Flask of Glue).

A window closes when every seat in it has passed in a row; every answer that is not a pass
spends a card, a use of a power or a player's one question, so windows end. Changing one's
equipment or proposing a trade is allowed once per seat per window and counts as that
seat's pass. A seat whose hidden hand might hold an answer is asked even when it holds none,
so that being asked tells nothing. Discarding a class, allowed at any time, is offered in
every window to each seat that is asked there anyway (and to the fighters in their fight):
it never makes a seat be asked by itself (ruling R17).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cardwright.core.state import CardRef, Option, State
from cardwright.core.steps import Respond, Step
from cardwright.core.vocab import start_ability

from . import board
from .combat import combat_answer, combat_options, combat_prompt
from .market import Give, Trade, free_actions
from .play import ability, carry_out, class_discards, hand_options, moment, table_options
from .run import stick
from .state import MKState

if TYPE_CHECKING:
    from cardwright.core.game import Game

    from .game import Munchkin


def _g(game: Game) -> Munchkin:
    return cast("Munchkin", game)


def window_options(g: Munchkin, s: MKState, frame: Respond, seat: int) -> list[Option]:
    """The answers of ``seat`` in the window, and what a player may do at any time (out of a
    fight: discard a class; in another player's fight also change equipment, trade and give
    Items) when the seat is asked in this window anyway (ruling R17)."""
    out = _answers(g, s, frame, seat)
    # the fighters have theirs among the fight's answers; a seat not asked here gets none
    if board.in_fight(s, seat) or not (out or window_expected(g, s, frame, seat)):
        return out
    out += class_discards(g, s, seat)
    if frame.window == "combat":
        out += free_actions(g, s, seat)
    return out


def _answers(g: Munchkin, s: MKState, frame: Respond, seat: int) -> list[Option]:
    window = frame.window
    if window == "combat":
        return combat_options(g, s, seat)
    if window in ("anytime", "received"):
        m = moment(s, seat, "anytime")
        return hand_options(g, s, seat, m) + table_options(g, s, seat, m) + free_actions(g, s, seat)
    if window == "curse":
        return wish_options(g, s, seat)
    if window == "escape":
        return glue_options(g, s, seat)
    return []


def window_expected(g: Munchkin, s: MKState, frame: Respond, seat: int) -> bool:
    """A seat with hidden cards in hand might hold an answer: it is asked. (Dead players
    and empty hands are not.)"""
    doors, treasures = board.hand_zones(seat)
    window = frame.window
    if window in ("curse", "escape"):
        return any(not s.cards[c].face_up for c in s.zones[treasures])
    return any(not s.cards[c].face_up for c in (*s.zones[doors], *s.zones[treasures]))


def window_prompt(g: Munchkin, s: MKState, frame: Respond, seat: int) -> str:
    window = frame.window
    if window == "combat":
        return combat_prompt(g, s, seat)
    if window == "curse" and frame.card is not None:
        return f"{g.card_name(s, frame.card)} strikes you: cancel it, or pass"
    if window == "escape":
        return "A player got away: stick them, or pass"
    if window == "received":
        return "You have just received cards: play them now, or pass"
    return "Any time: play a card, use a power, change your equipment or trade, or pass"


def window_answer(g: Munchkin, s: MKState, frame: Respond, seat: int, option: Option) -> None:
    kind = option.id.split(":", 1)[0]
    if kind in ("equip", "unequip", "trade", "gift") and not board.in_fight(s, seat):
        # a free action out of a fight: it counts as the seat's pass (one per window)
        s.rearranged.append(seat)
        frame.passes += 1
        if kind == "trade":
            g.push_step(s, Trade(seat=seat))
            return
        if kind == "gift":
            g.push_step(s, Give(seat=seat))
            return
        carry_out(g, s, seat, option)
        return
    if frame.window == "combat":
        combat_answer(g, s, frame, seat, option)
        return
    if frame.window == "curse" and kind == "wish":
        assert option.card is not None
        cancel_curse(g, s, frame, seat, option.card)
        return
    if frame.window == "escape" and kind == "glue":
        assert option.card is not None
        stick(g, s, frame, seat, option.card)
        return
    carry_out(g, s, seat, option)


# ------------------------------------------------------------------------------ anytime
def open_anytime(g: Munchkin, s: MKState, active: int) -> None:
    """The window at the start of a turn: the other players, from the active one's left."""
    n = len(s.names)
    s.rearranged = []
    seats = [(active + i) % n for i in range(1, n)]
    g.open_window(s, "anytime", (active + 1) % n, seats, rule="mk.window.anytime")


# ------------------------------------------------------------------------------ curses
def wish_options(g: Munchkin, s: MKState, seat: int) -> list[Option]:
    out = []
    for c in [*board.hand(s, seat), *board.in_play(s, seat)]:
        if g.has_keyword(s, c, "wish"):
            out.append(Option(f"wish:{c}", f"Cancel the curse with {g.card_name(s, c)}", card=c))
    return out


def glue_options(g: Munchkin, s: MKState, seat: int) -> list[Option]:
    out = []
    for c in [*board.hand(s, seat), *board.in_play(s, seat)]:
        if g.has_keyword(s, c, "on_escape"):
            out.append(Option(f"glue:{c}", f"Stick them with {g.card_name(s, c)}", card=c))
    return out


def cancel_curse(g: Munchkin, s: MKState, frame: Respond, seat: int, ring: int) -> None:
    curse = frame.card
    g.log(
        s,
        "wish",
        "mk.card.oneshot",
        f"{s.names[seat]} uses {g.card_name(s, ring)}: the curse is cancelled",
        seat,
        card=ring,
    )
    board.to_discard(g, s, ring)
    frame.passes = len(frame.order)  # the window closes: the curse is gone
    if curse is not None:
        for step in reversed(s.stack):
            if isinstance(step, Curse) and step.card == curse:
                step.cancelled = True
                break


class Curse(Step, tag="mk.curse"):
    """A curse strikes ``seat`` (played by ``by``, or drawn at the door when ``kicked``): the
    victim may cancel it first; then its effect, with the victim as ``you``; then it is
    discarded, unless it stays in front of them: a lasting curse, or one whose penalty waits
    for a fight of theirs to come (kept until that fight is over: 001 Curses)."""

    card: CardRef
    by: int = -1
    kicked: bool = False
    stage: int = 0
    cancelled: bool = False
    before: str = ""

    def run(self, game: Game, state: State) -> None:
        g, s = _g(game), cast(MKState, state)
        seat, card = self.seat, self.card
        if self.stage == 0:
            self.stage = 1
            if self.kicked and board.keyword_in_play(g, s, seat, "kick_curse_immune"):
                g.log(
                    s, "curse", "mk.card.item", f"{s.names[seat]}'s Items ward off the curse", seat
                )
                self.cancelled = True
                return
            g.open_window(s, "curse", seat, [seat], rule="mk.play.curse", card=card)
            return
        if self.stage == 1:
            self.stage = 2
            if self.cancelled or s.dead[seat]:
                return
            self.before = victim_print(s, seat)
            ab = ability(g, s, card)
            if ab is not None and ab.effect("on_play") is not None:
                start_ability(g, s, ab, "on_play", card, seat)
            return
        g.pop(s, self)
        if not self.cancelled and not s.dead[seat] and victim_print(s, seat) == self.before:
            name, victim = g.card_name(s, card), s.names[seat]
            text = f"{name} finds nothing to strike: it does nothing to {victim}"
            g.log(s, "curse_nothing", "mk.play.curse_nothing", text, seat, card=card)
        if card in s.zones["table"]:
            if board.penalty_waits(s, seat, card):
                board.to_play(g, s, card, seat)
                text = (
                    f"{g.card_name(s, card)} stays in front of {s.names[seat]} until the end"
                    " of their next fight"
                )
                g.log(s, "keep", "mk.play.curse_next", text, seat, card=card)
            else:
                board.to_discard(g, s, card)
        g.after_loss(s, seat)


def victim_print(s: MKState, seat: int) -> str:
    """What a curse may change about its victim, to tell whether it did anything: level,
    sex, cards in hand and in play, what is equipped, and what lasts on them."""
    lasting = sorted((e.key, e.amount, e.until) for e in s.lasting if e.seat == seat)
    hand = sorted(board.hand(s, seat))
    play = sorted(board.in_play(s, seat))
    equipped = sorted(c for c in s.equipped if c in play)
    return repr((s.level[seat], s.sex[seat], hand, play, equipped, lasting))


__all__ = ["CardRef", "Curse", "open_anytime"]
