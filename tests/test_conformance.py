"""The conformance suite, run for every playable game (guide §3).

Add a game by adding its id and the configurations to cover to ``CASES``.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardwright.agents import RandomAgent
from cardwright.conformance import (
    check_hidden_status,
    check_hidden_swaps,
    check_log_citations,
    check_replay,
    check_view,
    play_checked,
)
from cardwright.core.rng import LocalRng
from cardwright.core.state import State
from cardwright.games import get_game, playable_games
from tests.bizarre_world.test_views import position_with_spent_resources

CASES: dict[str, list[dict[str, Any]]] = {
    "bizarre-world": [
        {},
        {"decks": ["purple-haze", "gray-collar"], "first_player": "random"},
        {"ruleset": "2023-01-18", "defender_excess": "life", "deck_out": "skip"},
        {"ruleset": "2021-12-30", "open_decklists": True},
    ],
    "blue-moon": [
        {},
        {"peoples": ["Mimix", "Flit"], "first_player": "random"},
        {"peoples": ["Khind", "Terrah"], "backtracking": "strict"},
        {"peoples": ["Pillar", "Aqua"], "first_player": 1},
        # Buka bluffs most: ruling B5's research reading (bluffs do not count toward six)
        {"peoples": ["Buka", "Pillar"], "first_player": 0, "bluffs_count_six": False},
    ],
    "smash-up": [
        {"players": 2},
        {"players": 3, "first_player": "random", "card_set": "70s-errata"},
        {"players": 4, "redraw": False},
        # the '70s factions dealt in both card sets (fewer games: "_games" overrides the count)
        {
            "factions": [["disco_dancers", "vigilantes"], ["kung_fu_fighters", "truckers"]],
            "card_set": "70s-errata",
            "_games": 8,
        },
        {
            "factions": [
                ["vigilantes", "truckers"],
                ["disco_dancers", "kung_fu_fighters"],
                ["aliens", "wizards"],
            ],
            "_games": 6,
        },
        # Pretty Pretty Smash Up (issue 27): its four factions at 2, 3 and 4 players (a few
        # games: checked games are slow)
        {"factions": [["fairies", "princesses"], ["kitty_cats", "mythic_horses"]], "_games": 3},
        {
            "factions": [
                ["kitty_cats", "fairies"],
                ["mythic_horses", "princesses"],
                ["ninjas", "robots"],
            ],
            "_games": 2,
        },
        {
            "factions": [
                ["princesses", "kitty_cats"],
                ["fairies", "mythic_horses"],
                ["aliens", "zombies"],
                ["wizards", "pirates"],
            ],
            "_games": 2,
        },
        {
            "factions": [
                ["disco_dancers", "vigilantes"],
                ["kung_fu_fighters", "truckers"],
                ["ninjas", "pirates"],
                ["robots", "zombies"],
            ],
            "card_set": "70s-errata",
            "_games": 4,
        },
        # Awesome Level 9000 and the Cthulhu set (with the Madness deck), in both printings
        {
            "factions": [["bear_cavalry", "elder_things"], ["ghosts", "innsmouth"]],
            "_games": 3,
        },
        {
            "factions": [
                ["killer_plants", "minions_of_cthulhu"],
                ["steampunks", "miskatonic_university"],
                ["ghosts", "innsmouth"],
                ["bear_cavalry", "elder_things"],
            ],
            "card_set": "70s-errata+al9000-cthulhu-first",
            "_games": 2,
        },
        # Science Fiction Double Feature and Monster Smash (issue 27): every faction, at 2, 3 and
        # 4 players, the first printing's card set too (a few games: checked games are slow)
        {
            "factions": [["cyborg_apes", "vampires"], ["shapeshifters", "giant_ants"]],
            "_games": 3,
        },
        {
            "factions": [
                ["super_spies", "werewolves"],
                ["time_travelers", "mad_scientists"],
                ["vampires", "shapeshifters"],
            ],
            "card_set": "sfdf-2014",
            "_games": 2,
        },
        {
            "factions": [
                ["giant_ants", "super_spies"],
                ["mad_scientists", "cyborg_apes"],
                ["werewolves", "time_travelers"],
                ["vampires", "zombies"],
            ],
            "_games": 2,
        },
    ],
    "varia": [
        {},
        {"decks": ["divine-paladin", "mystic-monk"], "first_player": 1},
        {"decks": ["mystic-monk", "shadow-assassin"], "fatigue": "weakened", "start": "engaged"},
        {
            "decks": ["shadow-assassin", "divine-paladin"],
            "open_decklists": False,
            "simultaneous_loss": "higher_health",
        },
        {"decks": ["volcanic-warrior", "divine-paladin"], "fatigue": "lasting", "first_player": 0},
    ],
    # Munchkin's random games are long (random players rarely reach Level 10): the
    # representative part plays their first turns; `make test-all` plays them to the end
    "munchkin": [
        {"players": 3, "max_turns": 40},
        {"players": 4, "max_turns": 40, "first_player": "random", "listen_at_door": True},
        {"players": 5, "max_turns": 30, "shared_victory": True, "sexes": ["female"] * 5},
        {"players": 6, "max_turns": 30, "card_set": "steampunk"},
    ],
}
# seeded games per configuration in `make test` (x6 in `make test-all`)
GAMES_PER_CONFIG = {
    "bizarre-world": 75,
    "blue-moon": 50,
    "smash-up": 25,
    "varia": 30,
    "munchkin": 2,
}
#: the configuration of the any-seed property test, by game (default: the game's defaults)
ANY_SEED_CONFIG: dict[str, dict[str, Any]] = {"munchkin": {"max_turns": 12}}


def test_every_playable_game_has_cases() -> None:
    assert set(playable_games()) <= set(CASES), "add the new game to CASES"


def _cases(slow: bool) -> list[Any]:
    out = []
    for game_id, configs in CASES.items():
        for i, entry in enumerate(configs):
            config = {k: v for k, v in entry.items() if k != "_games"}
            games = entry.get("_games", GAMES_PER_CONFIG.get(game_id, 50)) * (6 if slow else 1)
            marks = [pytest.mark.slow] if slow else []
            out.append(
                pytest.param(
                    game_id,
                    config,
                    games,
                    1000 * i + (500 if slow else 0),
                    id=f"{game_id}-cfg{i}",
                    marks=marks,
                )
            )
    return out


@pytest.mark.parametrize(("game_id", "config", "games", "first_seed"), _cases(False) + _cases(True))
def test_random_games_conform(
    game_id: str, config: dict[str, Any], games: int, first_seed: int
) -> None:
    game = get_game(game_id)
    for seed in range(first_seed, first_seed + games):
        record = play_checked(game, config, seed, deep_every=25 if games > 100 else 15)
        if seed % 5 == 0:
            check_replay(game, record)


#: Smash Up games whose factions are dealt at random among all 32 (tests/smash_up/fuzz.py), by
#: player count and agent: games each in `make test` (x6 in `make test-all`, other seeds)
DEALT_GAMES = 1


def _dealt_cases(slow: bool) -> list[Any]:
    from tests.smash_up.fuzz import AGENTS

    games = DEALT_GAMES * (6 if slow else 1)
    marks = [pytest.mark.slow] if slow else []
    return [
        pytest.param(
            players, agent, games, 60_000 if slow else 0, id=f"{players}p-{agent}", marks=marks
        )
        for players in (2, 3, 4)
        for agent in AGENTS
    ]


@pytest.mark.parametrize(
    ("players", "agent", "games", "first_seed"), _dealt_cases(False) + _dealt_cases(True)
)
def test_smash_up_games_dealt_among_all_factions_conform(
    players: int, agent: str, games: int, first_seed: int
) -> None:
    """Any pairing of the 32 factions plays (issue 27): games with the factions, card set, first
    player and redraw rule dealt from the seed, random and heuristic players, checked; a
    failure reproduces with ``python -m tests.smash_up.fuzz --seed N``."""
    from tests.smash_up.fuzz import AGENTS, dealt_game, play_dealt

    # the seeds whose deal has this player count and agent (they cycle with period 6)
    first = first_seed + (players - 2) + 3 * AGENTS.index(agent)
    for seed in range(first, first + 6 * games, 6):
        config, dealt_agent = dealt_game(seed)
        assert (config["players"], dealt_agent) == (players, agent)
        play_dealt(seed)


@pytest.mark.parametrize("game_id", sorted(CASES))
@given(seed=st.integers(min_value=0, max_value=2**40))
def test_any_seed_conforms(game_id: str, seed: int) -> None:
    game = get_game(game_id)
    record = play_checked(game, ANY_SEED_CONFIG.get(game_id, {}), seed, deep_every=40)
    check_replay(game, record)


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_log_cites_known_rules(game_id: str) -> None:
    game = get_game(game_id)
    for seed in range(20):
        state = game.new_state({}, seed, log=True)
        agent = RandomAgent(seed)
        while state.decision is not None:
            game.apply(state, agent.choose(game, state, state.decision.seat))
        check_log_citations(game, state)
        assert state.log[-1].kind == "game_over"


#: Untyped places in a state, by game, that the game's port to typed steps must clear: where
#: an ``Any`` could hold a card id (views cannot find it) and fields named for cards that are
#: plain ints. Every game may keep its config and the scalar data of log events.
KNOWN_UNTYPED: dict[str, set[str]] = {
    "bizarre-world": set(),
    "blue-moon": set(),
    "smash-up": set(),
    "varia": set(),
    "munchkin": set(),
}


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_every_card_reference_in_a_state_is_typed(game_id: str) -> None:
    from cardwright.core.refs import opaque_fields, untyped_card_fields

    cls = get_game(game_id).state_cls
    opaque = {
        f"{struct}.{name}"
        for struct, names in opaque_fields(cls).items()
        for name in names
        if name != "config" and f"{struct}.{name}" != "LogEvent.data"
    }
    untyped = {entry.split(":")[0] for entry in untyped_card_fields(cls)}
    found = opaque | untyped
    assert found == KNOWN_UNTYPED[game_id], (
        f"{game_id}: card references views cannot find: {sorted(found)} "
        f"(declare them as CardRef; the known list is {sorted(KNOWN_UNTYPED[game_id])})"
    )


@pytest.mark.parametrize("game_id", sorted(CASES))
def test_two_games_interleaved_on_one_game_object_play_as_if_apart(game_id: str) -> None:
    """Rules objects hold static data only: two games played decision by decision in turn on
    one game object end exactly as when each is played alone, and the game object's
    attributes are the same objects before and after."""
    from cardwright.core.state import state_hash

    game = get_game(game_id)
    assert game.state_cls is not None  # built once, on first use (static data)
    before = {k: id(v) for k, v in vars(game).items()}
    config = CASES[game_id][0]
    config = {k: v for k, v in config.items() if k != "_games"}

    def alone(seed: int) -> str:
        state = game.new_state(config, seed)
        agent = RandomAgent(seed)
        while state.decision is not None:
            game.apply(state, agent.choose(game, state, state.decision.seat))
        return state_hash(state)

    expected = [alone(11), alone(12)]
    states = [game.new_state(config, 11), game.new_state(config, 12)]
    agents = [RandomAgent(11), RandomAgent(12)]
    while any(s.decision is not None for s in states):
        for s, agent in zip(states, agents, strict=True):
            if s.decision is not None:
                game.apply(s, agent.choose(game, s, s.decision.seat))
    assert [state_hash(s) for s in states] == expected
    assert {k: id(v) for k, v in vars(game).items()} == before, "the game object changed"


def test_the_hidden_card_checks_catch_a_view_that_loses_or_betrays_a_hidden_card() -> None:
    """The checks of what views show of hidden cards mean something, on a position where Bob
    has spent two of his three face-down resources: a view that loses their status (as views
    once did: every placeholder ready), a determinization that loses it, and a view whose
    placeholders carry their cards' definitions are each caught; the real ones pass."""
    game = get_game("bizarre-world")
    state = position_with_spent_resources()
    check_view(game, state, 0, "real")
    check_hidden_swaps(game, state, 0, "real", LocalRng(1), tries=20)
    real_view, real_determinize = game.view, game.determinize

    def lossy(state: State, seat: int) -> State:
        view = real_view(state, seat)
        for cid, card in view.cards.items():
            if cid < 0:
                card.exhausted = False
        return view

    def lossy_determinize(view: State, seed: int) -> State:
        full = real_determinize(view, seed)
        for card in full.cards.values():
            card.exhausted = False
        return full

    def leaky(state: State, seat: int) -> State:
        view = real_view(state, seat)
        for zone, ids in state.zones.items():
            for real, shown in zip(ids, view.zones[zone], strict=True):
                if shown < 0:
                    view.cards[shown].defn = state.cards[real].defn
        return view

    with pytest.raises(AssertionError, match=r"sees hidden card \d+ in resources:1 as"):
        check_hidden_status(game, state, lossy(state, 0), 0, "lossy")
    with pytest.raises(AssertionError, match=r"placeholder -\d+ of .* is card"):
        check_hidden_status(game, state, leaky(state, 0), 0, "leaky")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(game, "determinize", lossy_determinize)
        with pytest.raises(AssertionError, match=r"deals card \d+ into resources:1"):
            check_view(game, state, 0, "lossy determinization")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(game, "view", leaky)
        with pytest.raises(AssertionError, match=r"tells hidden cards .* apart"):
            check_hidden_swaps(game, state, 0, "leaky", LocalRng(1), tries=20)
