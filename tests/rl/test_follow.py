"""The observation kept up to date (``Encoder.follow``, what the environments use) is the
same bytes as the full encoding (``Encoder.encode``) at every step of random games of all
five games and for every seat, also when a view or a determinization is made of the state
on the way (both write cards: they count in the core's journal), when the game goes on from
a JSON or msgspec copy of its state, and when zones and cards change in ways the rules use
(list operations on zones; the journal's functions for a card's status and definition)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from cardwright.core.state import clone, from_json, to_json
from cardwright.core.zones import set_counter, set_defn, set_exhausted
from cardwright.rl.table import Table

#: (game, config, games, every): the extra checks (view, determinization, copies) every
#: ``every`` steps
CASES: list[tuple[str, dict[str, Any], int, int]] = [
    ("bizarre-world", {}, 4, 7),
    ("blue-moon", {"peoples": ["Buka", "Pillar"]}, 2, 7),
    ("blue-moon", {"peoples": ["Mimix", "Vulca"]}, 1, 7),
    ("smash-up", {"players": 2}, 1, 11),
    ("smash-up", {"players": 3, "max_turns": 6}, 1, 13),
    ("varia", {}, 3, 9),
    ("munchkin", {"players": 3, "max_turns": 12}, 1, 25),
]


def _same(table: Table, state: Any, where: str) -> None:
    encoder = table.encoder
    for seat in range(table.players):
        fast = encoder.follow(state, seat)
        assert fast.tobytes() == encoder.encode(state, seat).tobytes(), f"{where} seat {seat}"


@pytest.mark.parametrize(("game_id", "config", "games", "every"), CASES)
def test_follow_is_the_full_encoding(
    game_id: str, config: dict[str, Any], games: int, every: int
) -> None:
    table = Table(game_id, config)
    game = table.game
    steps = 0
    for seed in range(games):
        table.reset(seed)
        rng = np.random.default_rng(seed)
        while not table.over:
            where = f"{game_id} {config} seed {seed} step {steps}"
            _same(table, table.live, where)
            if steps % every == every - 1:
                seat = table.to_play
                view = game.view(table.live, seat)
                _same(table, view, f"{where} (the view of seat {seat})")
                dealt = game.determinize(view, steps)
                _same(table, dealt, f"{where} (determinized)")
                _same(table, table.live, f"{where} (after a view and a determinization)")
                copy = clone if steps % 2 else (lambda s: from_json(type(s), to_json(s)))
                table.state = copy(table.live)  # the game goes on from a copy
                _same(table, table.live, f"{where} (a copy)")
            indices = table.indices()
            obs, _ = table.observe(table.to_play)  # what the environments hand out
            assert obs.tobytes() == table.encoder.encode(table.live, table.to_play).tobytes()
            table.play(indices[int(rng.integers(len(indices)))])
            steps += 1
    assert steps > games * 10


def test_follow_sees_changes_made_in_place() -> None:
    """Zones changed by list operations (a card moved by hand, two swapped, a zone emptied
    and refilled with the same number of cards) and cards changed through the journal's
    functions, all on the state the observation follows."""
    table = Table("bizarre-world")
    table.reset(3)
    rng = np.random.default_rng(3)
    for _ in range(12):
        indices = table.indices()
        table.play(indices[int(rng.integers(len(indices)))])
    state = table.live
    _same(table, state, "start")
    hand = state.zones["hand:0"] or state.zones["deck:0"]
    state.zones.setdefault("discard:0", []).append(hand.pop())
    _same(table, state, "a card moved by list operations")
    deck, discard = state.zones["deck:1"], state.zones["discard:0"]
    deck[0], discard[-1] = discard[-1], deck[0]
    _same(table, state, "two cards swapped between zones (same numbers)")
    kept = list(deck)
    deck.clear()
    _same(table, state, "a zone emptied")
    deck.extend(reversed(kept))
    _same(table, state, "the zone refilled in another order")
    played = state.zones["resources:0"] or state.zones["resources:1"]
    card = state.cards[played[0]]
    set_exhausted(card, not card.exhausted)
    _same(table, state, "a resource exhausted or readied")
    set_counter(card, "damage", 2)
    _same(table, state, "a counter set")
    set_defn(card, next(d for d in table.encoder.card_index if d != card.defn))
    _same(table, state, "a definition changed")
