"""Smash Up rules: conformance over many seeds and faction pairings, the rules cases under
tests/scenarios/smash_up, and unit tests of the base rules and the ability machinery."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, cast

import pytest

import cardwright.scenarios.runner as scenario_runner
from cardwright.agents import RandomAgent
from cardwright.conformance import check_log_citations, check_replay, check_view, play_checked
from cardwright.core.errors import ConfigError
from cardwright.core.game import Game
from cardwright.core.state import State, clone, state_hash, to_json
from cardwright.games.smash_up.abilities import card_abilities, unimplemented_abilities
from cardwright.games.smash_up.carddata import CARD_SETS, load_bases, load_factions
from cardwright.games.smash_up.catalog import DEFAULT_FACTIONS
from cardwright.games.smash_up.game import SmashUp
from cardwright.games.smash_up.heuristic import SmashUpHeuristic
from cardwright.games.smash_up.scoring import rank
from cardwright.games.smash_up.state import Lasting, SUState
from cardwright.scenarios import load_scenarios, run_scenario

GAME = SmashUp()
FACTIONS = sorted(load_factions())
SCENARIOS = Path(__file__).parent.parent / "scenarios" / "smash_up"
SEEDS_PER_COUNT = 40


def config_for(players: int, seed: int) -> dict[str, Any]:
    """A varied configuration: random faction pairs, card set, first player and redraw."""
    rnd = random.Random(seed * 7919 + players)
    picked = rnd.sample(FACTIONS, 2 * players)
    return {
        "factions": [picked[2 * i : 2 * i + 2] for i in range(players)],
        "card_set": rnd.choice(["70s-2018", "70s-errata"]),
        "first_player": rnd.choice([0, "random"]),
        "redraw": rnd.random() < 0.8,
    }


def play_random(game: Game, config: dict[str, Any], seed: int, *, log: bool = True) -> State:
    state = game.new_state(config, seed, log=log)
    agent = RandomAgent(seed)
    while state.decision is not None:
        game.apply(state, agent.choose(game, state, state.decision.seat))
    return state


# ============================================================================ conformance


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("chunk", [0, 1])
def test_random_games_conform(players: int, chunk: int) -> None:
    half = SEEDS_PER_COUNT // 2
    for seed in range(chunk * half, (chunk + 1) * half):
        config = config_for(players, seed)
        record = play_checked(GAME, config, seed)
        check_replay(GAME, record)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_log_cites_known_rules(players: int) -> None:
    for seed in range(SEEDS_PER_COUNT):
        state = play_random(GAME, config_for(players, seed), seed)
        check_log_citations(GAME, state)
        assert state.log[-1].kind == "game_over"
        assert state.result is not None


def test_default_config_conforms() -> None:
    for players in (2, 3, 4):
        record = play_checked(GAME, {"players": players}, 99, deep_every=5)
        check_replay(GAME, record)


# ============================================================================ scenarios


@pytest.fixture
def smash_up_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scenario runner finds games through the registry, which Smash Up is not in yet."""
    original = scenario_runner.get_game
    monkeypatch.setattr(
        scenario_runner, "get_game", lambda gid: GAME if gid == "smash-up" else original(gid)
    )


SCENARIO_CASES = [
    pytest.param(s, id=f"{f.stem}: {s.name}")
    for f in sorted(SCENARIOS.glob("*.yaml"))
    for s in load_scenarios(f)
]


@pytest.mark.usefixtures("smash_up_registered")
@pytest.mark.parametrize("scenario", SCENARIO_CASES)
def test_scenario(scenario: Any) -> None:
    result = run_scenario(scenario)
    assert result.passed, result.describe() + "\n" + "\n".join(result.citations)


def test_rulebook_examples_are_covered() -> None:
    names = [p.values[0].name for p in SCENARIO_CASES]
    assert any("Rulebook Big Score" in n for n in names)
    assert any("Rulebook Tie Fighter" in n for n in names)


def test_every_implemented_ability_has_a_scenario_and_a_rule() -> None:
    text = "\n".join(f.read_text() for f in SCENARIOS.glob("*.yaml"))
    assert GAME.registry is not None
    rules = {a.rule for a in GAME.registry.abilities.values()}
    for rule in rules:
        assert rule in text, rule
        assert rule in GAME.rules, rule


# ============================================================================ base rules


def test_rank_is_tie_fighter() -> None:
    assert rank({0: 10, 1: 10, 2: 5}) == {0: 1, 1: 1, 2: 3}
    assert rank({0: 10, 1: 5, 2: 5, 3: 4}) == {0: 1, 1: 2, 2: 2}
    assert rank({0: 3, 1: 3, 2: 3, 3: 3}) == {0: 1, 1: 1, 2: 1, 3: 1}
    assert rank({0: 1, 1: 2, 2: 3, 3: 4}) == {3: 1, 2: 2, 1: 3}
    assert rank({}) == {}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players: int) -> None:
    state = cast(SUState, GAME.new_state({"players": players, "redraw": False}, 5))
    assert len(state.zones["bases"]) == players + 1
    for seat in range(players):
        assert len(state.zones[f"hand:{seat}"]) == 5
        assert len(state.zones[f"deck:{seat}"]) == 35
        owners = {state.cards[c].owner for c in state.zones[f"deck:{seat}"]}
        assert owners == {seat}
    factions = load_factions()
    sets = {"core"} | {factions[f].set for pair in DEFAULT_FACTIONS[:players] for f in pair}
    expected = sorted(b.id for b in load_bases().values() if b.set in sets)
    in_game = sorted(
        state.cards[c].defn for z in ("bases", "base_deck", "base_discard") for c in state.zones[z]
    )
    assert in_game == expected
    assert state.decision is not None and state.decision.kind == "play"
    assert state.decision.seat == 0


def test_core_only_factions_use_core_bases_only() -> None:
    state = GAME.new_state({"factions": [["aliens", "ninjas"], ["robots", "zombies"]]}, 1)
    bases = load_bases()
    ids = [state.cards[c].defn for z in ("bases", "base_deck") for c in state.zones[z]]
    assert len(ids) == 16 and all(bases[b].set == "core" for b in ids)


def test_config_errors_are_one_line() -> None:
    bad: list[dict[str, Any]] = [
        {"players": 5},
        {"factions": [["aliens", "aliens"], ["ninjas", "robots"]]},
        {"factions": [["aliens", "ninjas"], ["ninjas", "robots"]]},
        {"factions": [["aliens", "nope"], ["ninjas", "robots"]]},
        {"players": 3, "names": ["a", "b"]},
        {"first_player": 3},
        {"vp_to_win": 0},
        {"card_set": "80s"},
        {"colour": "red"},
    ]
    for config in bad:
        with pytest.raises(ConfigError) as err:
            GAME.new_state(config, 0)
        assert "\n" not in str(err.value)


def test_player_count_comes_from_factions_or_names() -> None:
    assert GAME.new_state({"names": ["a", "b", "c"]}, 0).num_players == 3
    four = [
        ["aliens", "ninjas"],
        ["robots", "zombies"],
        ["pirates", "wizards"],
        ["dinosaurs", "tricksters"],
    ]
    assert GAME.new_state({"factions": four}, 0).num_players == 4
    assert GAME.new_state({}, 0).num_players == 2


def _find_redraw_seed() -> int:
    for seed in range(2000):
        state = GAME.new_state({"players": 2}, seed, log=False)
        if state.decision is not None and "redraw" in state.decision.option_ids():
            return seed
    raise AssertionError("no first player's opening hand without minions in 2000 seeds")


def test_optional_redraw_of_a_hand_without_minions() -> None:
    seed = _find_redraw_seed()
    state = cast(SUState, GAME.new_state({"players": 2}, seed))
    assert state.decision is not None and state.decision.kind == "redraw"
    seat = state.decision.seat
    old = list(state.zones[f"hand:{seat}"])
    assert not any(GAME.is_minion(state, c) for c in old)
    GAME.apply(state, "redraw", seat)
    assert state.zones[f"discard:{seat}"] == old
    assert len(state.zones[f"hand:{seat}"]) == 5
    assert any(e.rule == "su.setup.redraw" and "shows a hand" in e.text for e in state.log)
    # the other player is asked too, whatever their hand (being asked shows nothing); a hand
    # with minions may only be kept
    other = 1 - seat
    assert state.decision is not None and state.decision.kind == "redraw"
    assert state.decision.seat == other
    if any(GAME.is_minion(state, c) for c in state.zones[f"hand:{other}"]):
        assert state.decision.option_ids() == ["keep"]
    GAME.apply(state, "keep", other)
    # the second hand must be kept, even without minions: no second offer to that seat
    assert state.decision is not None and state.decision.kind == "play"
    # with the option off, nobody is asked
    off = GAME.new_state({"players": 2, "redraw": False}, seed)
    assert off.decision is not None and off.decision.kind == "play"


def test_every_player_is_asked_about_the_redraw_with_the_same_question() -> None:
    for seed in range(20):
        state = GAME.new_state({"players": 3}, seed, log=False)
        asked = []
        while state.decision is not None and state.decision.kind == "redraw":
            asked.append((state.decision.seat, state.decision.prompt))
            GAME.apply(state, "keep")
        assert [seat for seat, _ in asked] == [0, 1, 2]
        assert len({prompt for _, prompt in asked}) == 1


def _position(setup: dict[str, Any], names: list[str] | None = None) -> SUState:
    state, _ = GAME.scenario_state({"names": names or ["Ann", "Bob"]}, setup)
    return cast(SUState, state)


def test_power_and_breakpoint_never_below_zero() -> None:
    state = _position(
        {
            "bases": [
                {"base": "Jungle Oasis", "minions": {"Ann": ["War Raptor"]}},
                "Tar Pits",
                "The Homeworld",
            ],
            "seats": {"Ann": {"hand": ["King Rex"]}},
        }
    )
    (raptor,) = GAME.minions_at(state, state.zones["bases"][0])
    oasis = state.zones["bases"][0]
    state.lasting.append(Lasting("power", raptor, amount=-5))
    state.lasting.append(Lasting("breakpoint", oasis, amount=-40))
    assert GAME.power(state, raptor) == 0
    assert GAME.breakpoint(state, oasis) == 0
    assert GAME.total_power(state, oasis) == 0
    assert not GAME.invariants(state)
    # a minion not in play has its printed power
    (rex,) = state.zones["hand:0"]
    assert GAME.power(state, rex) == 7


def test_extra_play_outside_the_play_phase_is_now_or_never() -> None:
    state = _position(
        {
            "bases": ["Jungle Oasis", "Tar Pits", "The Homeworld"],
            "seats": {"Ann": {"hand": ["King Rex", "Howl"]}, "Bob": {"hand": ["Shinobi", "Howl"]}},
        }
    )
    # Bob is granted an extra minion during Ann's turn (as if by an ability resolving now):
    # he must use it at once
    state.decision = None
    GAME.grant_extra(state, 1, "minion", "su.card.extra_minion")
    GAME.advance(state)
    assert state.decision is not None and state.decision.kind == "extra_play"
    assert state.decision.seat == 1
    ids = [o.id for o in state.decision.options]
    (shinobi,) = [c for c in state.zones["hand:1"] if state.cards[c].defn == "ninjas/shinobi"]
    assert ids == [f"play:{shinobi}", "decline"]
    GAME.apply(state, f"play:{shinobi}")
    assert state.decision is not None and state.decision.kind == "destination"
    GAME.apply(state, state.decision.options[0].id)
    assert GAME.base_of(state, shinobi) >= 0
    assert state.cards[shinobi].controller == 1
    # Ann's own free minion play is untouched
    assert [a.kind for a in state.allowances] == ["minion", "action"]
    # an extra with nothing in hand to play is still asked (being asked shows nothing of the
    # hand): the only answer is not to play
    state.decision = None
    GAME.grant_extra(state, 1, "minion", "su.card.extra_minion")
    GAME.advance(state)
    assert state.decision is not None and state.decision.kind == "extra_play"
    assert state.decision.option_ids() == ["decline"]
    GAME.apply(state, "decline")
    assert state.decision is not None and state.decision.kind == "play"


def test_extra_play_in_own_play_phase_is_kept_for_later() -> None:
    state = _position(
        {
            "bases": ["Jungle Oasis", "Tar Pits", "The Homeworld"],
            "seats": {"Ann": {"hand": ["King Rex"]}},
        }
    )
    GAME.grant_extra(state, 0, "minion", "su.card.extra_minion", max_power=2)
    assert [(a.kind, a.max_power) for a in state.allowances] == [
        ("minion", -1),
        ("action", -1),
        ("minion", 2),
    ]


def test_hidden_information_in_views() -> None:
    state = GAME.new_state({"players": 3}, 4)
    for seat in range(3):
        view = GAME.view(state, seat)
        for other in range(3):
            shown = view.zones[f"hand:{other}"]
            assert all(c > 0 for c in shown) == (other == seat)
            assert all(c < 0 for c in view.zones[f"deck:{other}"])
        assert all(c < 0 for c in view.zones["base_deck"])
        assert all(c > 0 for c in view.zones["bases"])
        check_view(GAME, state, seat, "views test")


def test_determinization_keeps_a_pending_special_answerable() -> None:
    """Another player's Me First! decision shows they hold a usable Special; determinized
    states must deal them one (the view would otherwise change on re-asking)."""
    state = _position(
        {
            "plays": {"minion": 0, "action": 0},
            "bases": [
                {
                    "base": "Jungle Oasis",
                    "minions": {
                        "Ann": ["Drunken Master +2"],
                        "Bob": ["Lady Whirlwind +2", "King Rex"],
                    },
                },
                "Tar Pits",
                "The Homeworld",
            ],
            "seats": {
                "Ann": {"hand": ["King Rex", "Invader"], "deck": ["Scout", "Scout"]},
                "Bob": {
                    "hand": ["Cricket", "Expert Timing", "Cricket"],
                    "deck": ["Cricket", "Cricket", "Scout", "Scout", "Invader"],
                },
            },
        }
    )
    # Ann finishes playing cards (she is asked even with nothing to play); she has nothing to
    # answer with: Bob is asked
    assert state.decision is not None and state.decision.option_ids() == ["end"]
    GAME.apply(state, "end")
    assert state.decision is not None and state.decision.kind == "respond"
    assert state.decision.seat == 1
    for seed in range(12):
        view = GAME.view(state, 0)
        full = GAME.determinize(view, seed)
        assert to_json(GAME.view(full, 0)) == to_json(view)
        assert full.decision is not None and full.decision.seat == 1


def test_clone_is_independent_mid_scoring() -> None:
    state = _position(
        {
            "plays": {"minion": 0, "action": 0},
            "bases": [
                {
                    "base": "The Great Library",
                    "minions": {
                        "Ann": ["King Rex", "Ninja Master"],
                        "Bob": ["King Rex", "Supreme Overlord"],
                    },
                },
                "Tar Pits",
                "The Homeworld",
            ],
            "seats": {"Ann": {"deck": ["Scout"]}, "Bob": {"deck": ["Scout"]}},
        }
    )
    GAME.apply(state, "end")
    assert state.decision is not None and state.decision.kind == "may_draw"
    before = state_hash(state)
    copy = clone(state)
    GAME.apply(copy, "draw")
    assert state_hash(state) == before


def test_unimplemented_abilities_are_listed() -> None:
    missing = unimplemented_abilities()
    assert missing == GAME.unimplemented_abilities()
    assert "copy_action_effect_to_self" not in missing


@pytest.mark.parametrize("card_set", sorted(CARD_SETS))
def test_every_ability_is_implemented(card_set: str) -> None:
    """Every card and base with an ability has it in the registry, as an expression."""
    assert unimplemented_abilities(card_set) == []
    defined = {c.id for f in load_factions(card_set).values() for c in f.cards if c.ability}
    defined |= {b.id for b in load_bases().values() if b.ability}
    assert defined <= set(card_abilities(card_set))


def test_terraforming_search_is_seen_by_the_searcher_only() -> None:
    state, al = GAME.scenario_state(
        {"names": ["Ann", "Bob"]},
        {
            "bases": ["Jungle Oasis", "Rhodes Plaza Mall", "Factory 436-1337"],
            "base_deck": ["Tar Pits as tar", "The Central Brain as brain"],
            "seats": {"Ann": {"hand": ["Terraforming as tf", "Scout"], "deck": ["Invader"]}},
        },
    )
    s = cast(SUState, state)
    GAME.apply(s, f"play:{al['tf']}")
    assert sorted(s.zones["look:0"]) == sorted([al["tar"], al["brain"]])
    assert s.decision is not None and s.decision.kind == "search"
    ann, bob = GAME.view(s, 0), GAME.view(s, 1)
    assert sorted(ann.zones["look:0"]) == sorted([al["tar"], al["brain"]])
    assert all(c < 0 for c in bob.zones["look:0"])
    assert not any("Tar Pits" in e.text or "Tar Pits" in e.redacted for e in bob.log)
    for seat in (0, 1):
        check_view(GAME, s, seat, "terraforming search")
    GAME.apply(s, f"search:{al['brain']}")
    GAME.apply(s, f"target:{s.zones['bases'][0]}")
    assert "look:0" not in s.zones and al["brain"] in s.zones["bases"]
    assert all(c < 0 for c in GAME.view(s, 0).zones["base_deck"])
    for seat in (0, 1):
        check_view(GAME, s, seat, "terraforming done")


def test_cards_without_an_implemented_ability_still_play() -> None:
    # the 70s factions with two core ones: a random game runs to the end
    config = {"factions": [["disco_dancers", "truckers"], ["vigilantes", "tricksters"]]}
    state = play_random(GAME, config, 3)
    assert state.result is not None


# ============================================================================ the heuristic


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_beats_random(players: int) -> None:
    games, wins = 24, 0
    for i in range(games):
        hseat = i % players
        agents: list[Any] = [
            SmashUpHeuristic(i) if k == hseat else RandomAgent(100 * i + k) for k in range(players)
        ]
        state = GAME.new_state({"players": players, "first_player": "random"}, 500 + i, log=False)
        while state.decision is not None:
            seat = state.decision.seat
            GAME.apply(state, agents[seat].choose(GAME, state, seat), seat)
        assert state.result is not None
        wins += hseat in state.result.winners
    assert wins / games >= min(0.75, 2.5 / players), f"{wins}/{games}"


def test_heuristic_self_play_ends() -> None:
    for players in (2, 3, 4):
        agents = [SmashUpHeuristic(k) for k in range(players)]
        state = GAME.new_state(config_for(players, 1), 1, log=False)
        while state.decision is not None:
            seat = state.decision.seat
            GAME.apply(state, agents[seat].choose(GAME, state, seat), seat)
        assert state.result is not None


def test_heuristic_answers_a_choice_of_base_or_action() -> None:
    """Bear Rides You may cancel any card at a base, the base itself or an action there:
    the heuristic values those too (it once valued only minions)."""
    from cardwright.games.smash_up.scenario import build

    setup = {
        "active": "Ann",
        "bases": [
            {"base": "Jungle Oasis", "minions": {"Ann": ["Zapbot as zap"]}},
            {"base": "Factory 436-1337", "actions": {"Bob": ["Ornate Dome"]}},
            "Evans City Cemetery",
        ],
        "seats": {"Ann": {"hand": ["Bear Rides You"]}},
    }
    state, _ = build(GAME, {"names": ["Ann", "Bob"]}, setup, 1)
    agent = SmashUpHeuristic(0)
    kinds: list[str] = []
    while not kinds or (state.decision is not None and state.decision.kind != "play"):
        assert state.decision is not None
        kinds.append(state.decision.kind)
        GAME.apply(state, agent.choose(GAME, state, 0), 0)
    assert "target" in kinds  # the cancel question was asked and answered


def test_render_shows_own_hand_only() -> None:
    state = GAME.new_state({"names": ["Ann", "Bob"]}, 2)
    text = GAME.render(GAME.view(state, 0), 0)
    assert "Your hand" in text and "Ann" in text and "VP" in text


# ============================================================================ machinery


def test_move_and_return_carry_attachments() -> None:
    state = _position(
        {
            "bases": [
                {
                    "base": "Jungle Oasis",
                    "minions": {"Bob": [{"card": "Shinobi", "actions": ["Upgrade"]}]},
                },
                "Tar Pits",
                "The Homeworld",
            ],
            "seats": {"Ann": {"hand": ["King Rex"]}},
        }
    )
    oasis, pits, _ = state.zones["bases"]
    (shinobi,) = GAME.minions_at(state, oasis)
    (upgrade,) = [c for c in state.zones[f"base:{oasis}"] if c != shinobi]
    assert GAME.move_minion(state, shinobi, pits, 0, "su.terms.owner")
    assert state.zones[f"base:{pits}"] == [shinobi, upgrade] and not state.zones[f"base:{oasis}"]
    assert GAME.power(state, shinobi) == 5 and not GAME.invariants(state)
    assert GAME.return_to_hand(state, shinobi, 0, "su.terms.owner")
    assert shinobi in state.zones["hand:1"] and upgrade in state.zones["discard:1"]
    assert not state.attached and not GAME.invariants(state)


def test_a_new_ability_plugs_in_through_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """Back Alley ("other players' cards cannot affect your minions here"), written as a
    test-local expression: its "cannot" beats Seeing Stars' destroy and a move."""
    from cardwright.core.abilities import Ability
    from cardwright.core.vocab import hooks_from
    from cardwright.games.smash_up import abilities

    text = (
        "forbid('affect', applies=it.minion and base_of(it) == self,"
        " condition=var('actor') >= 0 and var('actor') != it.controller)"
    )
    parsed = abilities.vocabulary().parse(text, "test")
    rule = "su.card.own_minions_here_unaffected_by_rivals"
    local = Ability("test_back_alley", rule, hooks_from([parsed], "on_play"))
    original = abilities.card_abilities

    def with_local(card_set: str, parts: frozenset[str] | None = None) -> dict[str, Ability]:
        return {**original(card_set, parts), "back_alley": local}

    monkeypatch.setattr(abilities, "card_abilities", with_local)
    game = SmashUp()
    state, aliases = game.scenario_state(
        {"names": ["Ann", "Bob"]},
        {
            "bases": [
                {"base": "Back Alley", "minions": {"Bob": ["Shinobi as shin"]}},
                "Tar Pits as pits",
                "The Homeworld",
            ],
            "seats": {"Ann": {"hand": ["Seeing Stars as ss"], "deck": ["Scout", "Scout"]}},
        },
    )
    s = cast(SUState, state)
    game.apply(s, f"play:{aliases['ss']}")
    assert aliases["shin"] in game.minions_at(s, s.zones["bases"][0])
    assert any(e.rule == "su.terms.cannot" for e in s.log)
    assert not game.move_minion(s, aliases["shin"], aliases["pits"], 0, "su.terms.cannot")
    assert game.move_minion(s, aliases["shin"], aliases["pits"], 1, "su.terms.cannot")


def test_scenario_setup_actions_owned_by_another_seat() -> None:
    from cardwright.core.errors import DataError

    minion = {"card": "Invader as inv", "actions": [{"card": "Upgrade as up", "owner": "Ann"}]}
    oasis = {"base": "Jungle Oasis", "minions": {"Bob": [minion]}}
    setup = {"bases": [oasis, "Rhodes Plaza Mall", "Cave of Shinies"]}
    state, al = GAME.scenario_state({"names": ["Ann", "Bob"]}, setup)
    assert state.attached[al["up"]] == al["inv"]
    assert state.cards[al["up"]].owner == 0 and state.cards[al["inv"]].controller == 1
    minion["actions"] = [{"card": "Upgrade", "by": "Ann"}]
    with pytest.raises(DataError, match=r"actions\[0\]: an action is a name or"):
        GAME.scenario_state({"names": ["Ann", "Bob"]}, setup)
