"""The action catalogue and the observations of every game, over random games of every player
count: each offered option has one index and the round trip is exact; the encoding read in
place equals the encoding of the seat's view; the conformance suite's hidden swaps change no
byte of an observation or a mask."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from cardwright.agents import RandomAgent
from cardwright.core.rng import LocalRng
from cardwright.core.state import HIDDEN
from cardwright.games import get_game, playable_games
from cardwright.rl import Catalogue, CatalogueError, Encoder, observation_dict
from cardwright.rl.checks import check_catalogue, check_encoding_swaps, check_seen, play_checked
from cardwright.sim.deal import deal

PEOPLES = ("Hoax", "Vulca", "Mimix", "Flit", "Khind", "Terrah", "Pillar", "Aqua", "Buka")
CTHULHU = ["minions_of_cthulhu", "miskatonic_university", "elder_things", "innsmouth"]
PARTNERS = ["ninjas", "zombies", "pirates", "robots"]

#: (game, config, games): the catalogue is checked at every step of these random games
CATALOGUE_CASES: list[tuple[str, dict[str, Any], int]] = [
    ("bizarre-world", {}, 80),
    ("bizarre-world", {"ruleset": "2023-01-18", "defender_excess": "life"}, 60),
    ("bizarre-world", {"open_decklists": True, "decks": ["gray-collar", "gray-collar"]}, 30),
    *[
        ("blue-moon", {"peoples": [a, b]}, 6)
        for a, b in zip(PEOPLES, PEOPLES[1:] + PEOPLES[:1], strict=True)
    ],
    ("blue-moon", {"peoples": ["Buka", "Buka"]}, 6),
    ("smash-up", {"players": 2, "factions": ["any", "any"]}, 24),
    ("smash-up", {"players": 3, "factions": ["any"] * 3, "card_set": "70s-errata"}, 12),
    ("smash-up", {"players": 4, "factions": ["any"] * 4}, 8),
    # The Obligatory Cthulhu Set's four factions: the Madness deck's thirty copies of one card
    ("smash-up", {"players": 2, "factions": [CTHULHU[:2], CTHULHU[2:]]}, 6),
    (
        "smash-up",
        {"players": 4, "factions": [[f, g] for f, g in zip(CTHULHU, PARTNERS, strict=True)]},
        3,
    ),
    ("varia", {"decks": ["any", "any"]}, 50),
    *[
        ("munchkin", {"players": n, "card_set": cs}, 1)
        for n in (3, 4, 5, 6)
        for cs in (
            "classic",
            "steampunk",
        )
    ],
]


@pytest.mark.parametrize(("game_id", "config", "games"), CATALOGUE_CASES)
def test_every_option_has_one_index(game_id: str, config: dict[str, Any], games: int) -> None:
    game = get_game(game_id)
    steps = 0
    for seed in range(games):
        dealt = deal(game_id, config, seed)
        catalogue = Catalogue(game_id, dealt)
        state = game.new_state(dealt, seed, log=False)
        agent = RandomAgent(seed)
        while state.decision is not None:
            check_catalogue(catalogue, state, f"{game_id} {dealt} seed {seed} step {steps}")
            game.apply(state, agent.choose(game, state, state.decision.seat))
            steps += 1
    assert steps > games


#: (game, config, games, seen every, swaps every): encodings against views and hidden swaps
ENCODING_CASES: list[tuple[str, dict[str, Any], int, int, int]] = [
    ("bizarre-world", {}, 6, 1, 3),
    ("bizarre-world", {"ruleset": "2021-12-30", "open_decklists": True}, 3, 1, 3),
    ("blue-moon", {"peoples": ["Buka", "Pillar"]}, 3, 2, 4),
    ("blue-moon", {"peoples": ["Mimix", "Khind"]}, 3, 2, 4),
    ("smash-up", {"players": 2}, 2, 3, 9),
    ("smash-up", {"players": 3}, 1, 4, 12),
    ("smash-up", {"players": 4}, 1, 5, 15),
    ("varia", {}, 3, 2, 5),
    ("varia", {"decks": ["divine-paladin", "mystic-monk"]}, 3, 2, 5),
    ("munchkin", {"players": 3, "max_turns": 30}, 1, 10, 40),
    ("munchkin", {"players": 6, "card_set": "steampunk", "max_turns": 30}, 1, 15, 60),
]


@pytest.mark.parametrize(("game_id", "config", "games", "seen", "swaps"), ENCODING_CASES)
def test_encodings_read_only_the_view(
    game_id: str, config: dict[str, Any], games: int, seen: int, swaps: int
) -> None:
    encoder = Encoder(Catalogue(game_id, config))
    totals = {"steps": 0, "swaps": 0}
    for seed in range(games):
        counts = play_checked(encoder, seed, seen_every=seen, swaps_every=swaps)
        totals = {k: totals[k] + counts[k] for k in totals}
    assert totals["steps"] > 0
    assert totals["swaps"] > 0, "no hidden cards were exchanged: the check checked nothing"


def test_cards_outside_the_list_are_encoded_as_their_view() -> None:
    """A Bizarre World state dealt by ``determinize`` for a seat that does not know the
    opponent's deck holds generated cards no card list names: read in place for either seat
    (the other seat sees some of them), its encoding is still its view's."""
    game = get_game("bizarre-world")
    encoder = Encoder(Catalogue("bizarre-world"))
    outside = steps = 0
    for seed in range(2):
        state = game.new_state({}, seed, log=False)
        agent = RandomAgent(seed)
        while state.decision is not None:
            dealt = game.determinize(game.view(state, 0), seed * 1000 + steps)
            outside += sum(d.defn not in encoder.card_index for d in dealt.cards.values())
            for seat in (0, 1):
                check_seen(encoder, dealt, seat, f"determinized seed {seed} step {steps}")
            game.apply(state, agent.choose(game, state, state.decision.seat))
            steps += 1
    assert outside > 0, "no generated card was dealt: the case checked nothing"


def test_a_leaking_encoder_is_caught() -> None:
    """The checks catch an encoder that reads a hidden card: here one that also counts the
    opponent's hand by definition (read from the state, not the view)."""
    game = get_game("bizarre-world")
    encoder = Encoder(Catalogue("bizarre-world"))
    state = game.new_state({}, 1, log=False)
    seat = state.decision.seat  # type: ignore[union-attr]
    other = 1 - seat

    real = encoder.encode

    def leaky(s: Any, viewer: int) -> np.ndarray:
        out = real(s, viewer).copy()
        for cid in s.zones[f"hand:{other}"]:
            d = s.cards[cid].defn
            if d != HIDDEN:
                out[encoder.card_index[d]] += 1
        return out

    encoder.encode = leaky  # type: ignore[method-assign]
    with pytest.raises(AssertionError, match="tells hidden cards"):
        check_encoding_swaps(encoder, state, seat, "leak", LocalRng(1), tries=20)


@pytest.mark.parametrize("game_id", playable_games())
def test_the_catalogue_is_fixed_and_described(game_id: str) -> None:
    """The catalogue of a game's own cards is the same whatever the decks, and every index
    has words; a bad index is one line."""
    a = Catalogue(game_id)
    config = {"players": 3} if get_game(game_id).max_players > 2 else {}
    b = Catalogue(game_id, config)
    assert a.size == b.size and a.cards == b.cards
    for first, count, form, _ in a.table():
        assert a.describe(first).split(":")[0] == form.split(":")[0]
        assert a.block_of(first + count - 1).form == form
    with pytest.raises(CatalogueError, match="outside the catalogue") as info:
        a.describe(a.size)
    assert "\n" not in str(info.value)


def test_an_illegal_index_is_refused_in_one_line() -> None:
    game = get_game("bizarre-world")
    catalogue = Catalogue("bizarre-world")
    state = game.new_state({}, 0, log=False)
    legal = set(catalogue.indices(state.decision, state.cards))  # type: ignore[arg-type]
    illegal = next(i for i in range(catalogue.size) if i not in legal)
    with pytest.raises(CatalogueError, match="is not a legal option") as info:
        catalogue.option(state.decision, illegal, state.cards)  # type: ignore[arg-type]
    assert "\n" not in str(info.value)


def test_copies_get_ordinals() -> None:
    """Two copies of a card in hand are two options of one definition: ordinals 0 and 1."""
    game = get_game("bizarre-world")
    catalogue = Catalogue("bizarre-world")
    for seed in range(20):
        state = game.new_state({}, seed, log=False)
        d = state.decision
        assert d is not None
        names = [state.cards[o.card].defn for o in d.options if o.card is not None]
        if len(names) != len(set(names)):
            indices = catalogue.indices(d, state.cards)
            words = [catalogue.describe(i) for i in indices]
            assert any(w.endswith("#1") for w in words), words
            return
    raise AssertionError("no opening hand with two copies in 20 seeds")


def test_each_card_has_the_copies_a_decision_may_name() -> None:
    """Smash Up's catalogue gives a card as many ordinals as its deck holds: thirty for the
    Madness card, one for a card a faction holds once, one for a base; and the words of each
    index name the card and ordinal it stands for."""
    from cardwright.games.smash_up import carddata

    catalogue = Catalogue("smash-up")
    madness = carddata.load_madness().id
    single = next(
        card.id
        for faction in carddata.load_factions().values()
        for card in faction.cards
        if card.copies == 1
    )
    base = next(iter(carddata.load_bases()))
    assert catalogue.copies[madness] == 30
    assert catalogue.copies[single] == 1
    assert catalogue.copies[base] == 1
    block = next(b for b in catalogue.blocks.values() if b.form == "play:CARD")
    part = block.parts[0]
    assert block.size == sum(catalogue.copies.values())
    first = block.offset + part.starts[part.index[madness]] * part.stride
    assert catalogue.describe(first + 29 * part.stride) == f"play:{madness}#29"
    assert catalogue.describe(first + 30 * part.stride) != f"play:{madness}#30"
    at = block.offset + part.starts[part.index[single]] * part.stride
    assert catalogue.describe(at) == f"play:{single}"


@pytest.mark.parametrize("game_id", playable_games())
def test_observation_dict_is_the_view_as_json(game_id: str) -> None:
    game = get_game(game_id)
    catalogue = Catalogue(game_id)
    state = game.new_state({}, 3, log=True)
    seat = state.decision.seat  # type: ignore[union-attr]
    view = game.view(state, seat)
    data = json.loads(json.dumps(observation_dict(game, view, catalogue)))
    assert data["seat"] == seat and data["decision"]["seat"] == seat
    assert [o["id"] for o in data["decision"]["options"]] == view.decision.option_ids()  # type: ignore[union-attr]
    assert all(isinstance(o["action"], int) for o in data["decision"]["options"])
    for zone, ids in view.zones.items():
        assert [e["card"] for e in data["zones"][zone]] == [view.cards[c].defn for c in ids]
    other = (seat + 1) % state.num_players
    other_view = observation_dict(game, game.view(state, other), catalogue)
    assert other_view["decision"]["options"] == []
    with pytest.raises(ValueError, match="view"):
        observation_dict(game, state, catalogue)
