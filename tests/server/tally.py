"""Tally: a toy game the server's tests register for themselves (it is in no registry of the
package), drawn by the browser client's generic board since no board component names it.

Two seats each hold a shuffled deck of six numbered cards (hidden from everyone) and a hand
(seen by its owner only) of two drawn from it; a shared table takes the cards played. On a
turn the active seat plays a card of its hand onto the table or draws one, then the other
seat's turn begins (a seat that can do neither passes). Once the table holds six cards, the
seat whose cards there add up to more wins. Its ``present`` gives the zones' titles
(``zone_labels``) and a note; its ``card_face`` the cards' faces."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from typing import Any

import pytest

from cardwright.core import Decision, Game, Option, State
from cardwright.core.rng import shuffle
from cardwright.core.rules import Rule, RulesIndex
from cardwright.core.state import CardRef, known_card
from cardwright.core.steps import Step
from cardwright.core.zones import create_card, move
from cardwright.games import GAMES, GameEntry, get_game

ID = "tally"
POINTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
TABLE = 6  # cards on the table that end the game


def points(state: State, seat: int) -> int:
    """What ``seat``'s cards on the table add up to."""
    cards = (state.cards[c] for c in state.zones["table"])
    return sum(POINTS[c.defn] for c in cards if c.owner == seat)


class TallyTurn(Step, tag="tally.turn"):
    """The active seat plays a card of its hand, draws one, or (neither possible) passes."""

    def ask(self, game: Game, state: State) -> Decision | None:
        hand = state.zones[f"hand:{self.seat}"]
        options = [
            Option(f"play:{c}", f"Play {game.card_name(state, c)}", card=CardRef(c)) for c in hand
        ]
        if state.zones[f"deck:{self.seat}"]:
            options.append(Option("draw", "Draw a card"))
        options = options or [Option("pass", "Pass")]
        return game.question(self.seat, "main", "Play a card or draw one", options, "tally.play")

    def answer(self, game: Game, state: State, option: Option) -> None:
        seat = self.seat
        if option.card is not None:
            move(state, option.card, "table")
            game.log(
                state,
                "play",
                "tally.play",
                f"{state.names[seat]} plays {game.card_name(state, option.card)}",
                seat,
                card=option.card,
                points=POINTS[state.cards[option.card].defn],
            )
        elif option.id == "draw":
            game.draw(state, seat, 1, "tally.draw")
            hand = state.zones[f"hand:{seat}"]
            held = sum(POINTS[state.cards[c].defn] for c in hand)
            game.log(  # what the hand adds up to is the seat's own business
                state,
                "hand",
                "tally.draw",
                f"{state.names[seat]}'s hand adds up to {held}",
                seat,
                visible_to=[seat],
                redacted=f"{state.names[seat]} holds {len(hand)} card" + "s" * (len(hand) > 1),
                points=held,
            )
        if len(state.zones["table"]) >= TABLE:
            totals = [points(state, p) for p in (0, 1)]
            winners = [] if totals[0] == totals[1] else [totals.index(max(totals))]
            who = f"{state.names[winners[0]]} wins" if winners else "A draw"
            game.end_game(state, winners, f"{who}, {totals[0]} to {totals[1]}.", "tally.end")
            return
        self.seat = 1 - seat
        state.active = self.seat
        state.turn += 1


class Tally(Game):
    id = ID
    title = "Tally"
    step_prefix = "tally."
    hidden_zones = frozenset({"deck"})
    owner_zones = frozenset({"hand"})

    def __init__(self) -> None:
        super().__init__()
        self.rules = RulesIndex(
            [
                Rule("tally.draw", "Draw the top card of your deck into your hand.", "Tally"),
                Rule("tally.play", "Play a card of your hand onto the table.", "Tally"),
                Rule("tally.end", "Six cards on the table: the higher total wins.", "Tally"),
            ]
        )

    def default_config(self) -> dict[str, Any]:
        return {"names": ["Player 1", "Player 2"]}

    def validate_config(self, config: Mapping[str, Any] | None) -> dict[str, Any]:
        cfg = super().validate_config(config)
        cfg["names"] = self.seat_names(cfg["names"], 2)
        return cfg

    def setup(self, state: State) -> None:
        state.names = list(state.config["names"])
        state.zones = {"table": []}
        for seat in (0, 1):
            deck = list(POINTS)
            shuffle(state, deck)
            state.zones[f"hand:{seat}"] = []
            for defn in deck:
                create_card(state, defn, seat, f"deck:{seat}")
            self.draw(state, seat, 2, "tally.draw")
        state.turn = 1
        self.push_step(state, TallyTurn(seat=0))

    def card_name(self, state: State, card_id: int) -> str:
        card = known_card(state, card_id)
        return card.defn.capitalize() if card is not None else "a hidden card"

    def scores(self, state: State) -> dict[str, Any]:
        return {"points": [points(state, p) for p in (0, 1)]}


def present(game: Game, view: State, seat: int) -> dict[str, Any]:
    """The zones' titles, and how many cards the table still takes."""
    labels = {"table": "The table"}
    for p, name in enumerate(view.names):
        labels[f"deck:{p}"] = f"{name}'s face-down deck"
        labels[f"hand:{p}"] = f"{name}'s hand of numbers"
    left = TABLE - len(view.zones["table"])
    return {"zone_labels": labels, "notes": [f"The table takes {left} more card(s)"]}


def card_face(game: Game, config: Mapping[str, Any], defn: str) -> dict[str, Any]:
    value = POINTS[defn]
    return {
        "name": defn.capitalize(),  # as card_name says it
        "kind": "number",
        "text": f"Counts {value} toward its owner's total once on the table.",
        "numbers": {"points": value},
    }


@contextmanager
def registered() -> Iterator[Game]:
    """Tally in the game registry (the server finds games there only) while the block runs."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(
            GAMES,
            ID,
            GameEntry(
                "Tally",
                Tally,
                present=f"{__name__}:present",
                card_face=f"{__name__}:card_face",
            ),
        )
        yield get_game(ID)
