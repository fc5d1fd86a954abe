"""Blue Moon rules: the conformance checks over many seeds and people pairings, focused unit
tests, and the rules cases in ``tests/scenarios/blue_moon`` (run here with this game, since the
global scenario test reaches games only through the registry)."""

from __future__ import annotations

import copy
import itertools
from pathlib import Path
from typing import Any, cast

import pytest

import cardwright.scenarios.runner as runner
from cardwright.agents import RandomAgent
from cardwright.conformance import check_log_citations, check_replay, play_checked
from cardwright.core.abilities import Ability, Registry
from cardwright.core.errors import ConfigError, IllegalChoice
from cardwright.core.game import Game
from cardwright.core.state import state_hash
from cardwright.games import get_game
from cardwright.games.blue_moon.abilities import (
    HOOK_KINDS,
    Powers,
    bm_hooks,
    powers,
    reversible,
    unimplemented_abilities,
)
from cardwright.games.blue_moon.carddata import load_all
from cardwright.games.blue_moon.game import BlueMoon
from cardwright.games.blue_moon.heuristic import BlueMoonHeuristic
from cardwright.games.blue_moon.inforce import InForce
from cardwright.games.blue_moon.state import BMState
from cardwright.games.blue_moon.words import vocabulary
from cardwright.scenarios import load_scenarios, run_scenario

GAME = BlueMoon()
SCENARIOS = Path(__file__).parent.parent / "scenarios" / "blue_moon"

CONFIGS: list[dict[str, Any]] = [
    {},
    {"peoples": ["Mimix", "Flit"], "first_player": 0},
    {"peoples": ["Khind", "Terrah"], "backtracking": "strict"},
    {"peoples": ["Pillar", "Aqua"], "first_player": 1},
    {"peoples": ["Flit", "Hoax"], "names": ["Ann", "Bob"]},
    {"peoples": ["Vulca", "Khind"], "backtracking": "strict"},
]
SEEDS_PER_CONFIG = 20  # 120 checked games


# ================================================================================= conformance


@pytest.mark.parametrize(("index", "config"), list(enumerate(CONFIGS)))
def test_random_games_conform(index: int, config: dict[str, Any]) -> None:
    first = 1000 * index
    for seed in range(first, first + SEEDS_PER_CONFIG):
        record = play_checked(GAME, config, seed)
        check_replay(GAME, record)


@pytest.mark.parametrize("config", CONFIGS)
def test_log_cites_known_rules(config: dict[str, Any]) -> None:
    for seed in range(5):
        state = GAME.new_state(config, seed, log=True)
        agent = RandomAgent(seed)
        while state.decision is not None:
            GAME.apply(state, agent.choose(GAME, state, state.decision.seat))
        check_log_citations(GAME, state)
        assert state.log[-1].kind == "game_over"


# ================================================================================= setup and config


def _state(config: dict[str, Any] | None = None, seed: int = 0) -> BMState:
    return cast(BMState, GAME.new_state(config or {}, seed))


def test_setup_deals_leader_deck_and_six_cards() -> None:
    s = _state({"first_player": 0})
    assert len(s.cards) == 62
    for seat, people in enumerate(("Hoax", "Vulca")):
        (leader,) = s.zones[f"leader:{seat}"]
        assert s.cards[leader].defn == f"{people} 0"
        assert len(s.zones[f"hand:{seat}"]) == 6
        assert len(s.zones[f"deck:{seat}"]) == 24
    assert s.dragons == [0, 0] and s.start_player == 0 and s.element == ""
    assert s.decision is not None and s.decision.seat == 0 and s.decision.kind == "turn"


def test_random_first_player_uses_the_state_rng() -> None:
    firsts = {_state({}, seed).start_player for seed in range(20)}
    assert firsts == {0, 1}
    assert _state({}, 5).start_player == _state({}, 5).start_player
    assert _state({"first_player": 1}, 5).start_player == 1


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"peoples": ["Elves", "Hoax"]}, "unknown Blue Moon deck"),
        ({"peoples": ["Hoax"]}, "must name two decks"),
        ({"names": ["A", "A"]}, "two different seat names"),
        ({"backtracking": "lenient"}, "not one of"),
        ({"colour": "blue"}, "unknown rule option"),
    ],
)
def test_bad_config_is_one_clear_line(config: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message) as err:
        GAME.new_state(config, 0)
    assert "\n" not in str(err.value)


def test_people_names_are_case_insensitive() -> None:
    assert _state({"peoples": ["khind", "AQUA"]}).peoples == ["Khind", "Aqua"]


# ================================================================================= abilities


#: which hooks each timing tag of the card data calls for (one of them at least)
_TIMING_HOOKS = {
    "now": {"on_play", "free"},
    "end": {"listeners"},
    "start": {"listeners"},
    "after_support": {"listeners"},
    "retreat": {"dragons"},
    "play_condition": {"play_condition", "free"},
    "my_turn": {"turn_actions"},
    "on_land": {"keywords"},
    "cont": {
        "ignores",
        "modifiers",
        "floors",
        "forbids",
        "grants",
        "free",
        "take_limits",
        "requirements",
        "turn_actions",
        "targets",
    },
}


def test_every_power_is_parsed_cites_a_known_rule_and_fits_its_timing() -> None:
    by_card = powers().by_card
    for deck in load_all().values():
        for card in deck.all_cards:
            if not card.text:
                assert card.number not in by_card
                continue
            ability = by_card[card.number]
            assert ability.rule == card.rule and ability.rule in GAME.rules, card.number
            for tag in card.timing:
                if tag == "this_turn":  # a leadership card's power lasts its turn
                    continue
                assert _TIMING_HOOKS[tag] & set(ability.hooks), f"{card.number}: {tag}"


def test_every_power_in_the_card_data_is_written() -> None:
    assert unimplemented_abilities() == []
    with_text = {c.number for d in load_all().values() for c in d.all_cards if c.text}
    assert set(powers().by_card) == with_text


def test_only_reversible_now_effects_leave_the_turn_undoable() -> None:
    # switching the element (Mutants), a "may" random discard and Bounce Back can be undone;
    # drawing cannot
    undoable = powers().undoable
    assert undoable["Mutant 106"] and undoable["Pillar 13"] and undoable["Khind 31"]
    assert not undoable["Hoax 27"]
    assert reversible(vocabulary().parse("seq(switch_element(), draw(1))", "test")) is False


def test_a_card_whose_power_is_unknown_plays_without_effect(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # the engine path for a power with no ability (ruling R23), kept for data added later
    monkeypatch.delitem(GAME.powers.by_card, "Pillar 13")
    setup = {
        "active": "Ann",
        "seats": {
            "Ann": {"hand": ["Pillar 13", "Vulca 5"], "deck": ["Vulca 6", "Vulca 7", "Vulca 8"]},
            "Bob": {"hand": ["Hoax 1"], "deck": ["Hoax 6", "Hoax 7"]},
        },
    }
    s = _scenario(setup, {"peoples": ["Vulca", "Hoax"]})
    hand = dict(zip(["Pillar 13", "Vulca 5"], s.zones["hand:0"], strict=True))
    GAME.apply(s, f"play:{hand['Pillar 13']}")
    events = [e for e in s.log if e.rule == "bm.ability.unimplemented"]
    assert len(events) == 1 and "Cardus Nikkus's special power" in events[0].text
    assert s.zones["hand:1"] and not s.zones["discard:1"]  # nothing was taken from Bob


def test_value_layers_increase_in_the_best_order_then_double() -> None:
    s = _scenario(
        {
            "active": "Bob",
            "start": "Ann",
            "element": "fire",
            "seats": {"Ann": {"combat": ["Hoax 9 as h"]}, "Bob": {"hand": ["Vulca 5"]}},
        }
    )
    (cid,) = s.zones["combat:0"]  # Helkomedes the Rhetorician, 1 fire / 3 earth
    words = vocabulary()
    changes = [
        words.parse(text, "test")
        for text in (
            "double(applies=True)",
            "becomes(value + 2, applies=True)",
            "at_least(5, applies=True)",
        )
    ]
    ability = Ability("test", "bm.turn.end", {"modifiers": tuple(changes)})
    eff = InForce(GAME, s)
    eff._mods = {cid: [(m.layer, m, cid, ability) for m in changes]}
    eff.value_srcs = [(cid, ability)]
    # increases in the order that gives most (to 5, then +2 = 7), doubling last
    assert eff.value(cid, "fire") == 14
    assert eff.value(cid, "earth") == 14
    assert GAME.total_power(s, 0, "fire", eff) == 14


def _with_power(monkeypatch: pytest.MonkeyPatch, number: str, power: str, rule: str) -> None:
    """Give card ``number`` the test power ``power`` (an expression citing ``rule``): the
    game's registry is rebuilt with it, and restored after the test."""
    old = GAME.powers
    ability = Ability(number, rule, bm_hooks([vocabulary().parse(power, "test")]), name="test")
    others = [a for a in old.registry.abilities.values() if a.id != number]
    registry = Registry("blue-moon", [*others, ability], hook_kinds=HOOK_KINDS, rules=GAME.rules)
    slots = {**old.slots, number: tuple(k for k in ability.hooks if k != "on_play")}
    new = Powers(
        registry,
        {**old.by_card, number: ability},
        slots,
        {**old.undoable, number: reversible(ability.effect("on_play"))},
    )
    monkeypatch.setattr(GAME, "powers", new)
    monkeypatch.setattr(GAME, "registry", registry)


_POWER_SETUP: dict[str, Any] = {
    "active": "Ann",
    "start": "Bob",
    "element": "fire",
    "seats": {
        "Ann": {
            "support": ["Vulca 23"],
            "hand": ["Vulca 1", "Vulca 3"],
            "deck": [f"Vulca {n}" for n in (4, 5, 6, 7, 8, 9, 10, 11)],
        },
        "Bob": {"combat": ["Hoax 9"], "hand": ["Hoax 1"]},
    },
}


def test_start_and_end_powers_run_as_triggers_after_the_refresh(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _with_power(monkeypatch, "Vulca 23", "[at_start(draw(1)), at_end(draw(2))]", "bm.turn.end")
    s = _scenario(_POWER_SETUP, {"peoples": ["Vulca", "Hoax"]})
    assert len(s.zones["hand:0"]) == 3  # the start power drew one
    play = next(o.id for o in s.decision.options if o.id.startswith("play:"))  # type: ignore[union-attr]
    GAME.apply(s, play)
    GAME.apply(s, "announce")
    assert len(s.zones["hand:0"]) == 8  # refilled to six, then two more at the end
    assert s.decision is not None and s.decision.seat == 1


def test_an_unmet_requirement_forces_the_retreat(monkeypatch: pytest.MonkeyPatch) -> None:
    _with_power(monkeypatch, "Hoax 9", "must(False)", "bm.turn.end")
    s = _scenario(_POWER_SETUP, {"peoples": ["Vulca", "Hoax"], "backtracking": "strict"})
    play = next(o.id for o in s.decision.options if o.id.startswith("play:"))  # type: ignore[union-attr]
    GAME.apply(s, play)
    GAME.apply(s, "announce")
    assert s.dragons == [0, 1] and s.start_player == 0  # Ann had 7 fire against 1, yet retreated


def test_a_text_can_make_the_next_card_count_as_free(monkeypatch: pytest.MonkeyPatch) -> None:
    # like Yang: the next character/booster/support its player plays counts as FREE
    _with_power(monkeypatch, "Vulca 23", "free(count(played()) == 0, own=False)", "bm.icon.free")
    setup = copy.deepcopy(_POWER_SETUP)
    setup["seats"]["Ann"]["hand"].append("Vulca 28")  # keeps the hand from running empty
    s = _scenario(setup, {"peoples": ["Vulca", "Hoax"]})
    plays = [o.id for o in s.decision.options if o.id.startswith("play:")]  # type: ignore[union-attr]
    GAME.apply(s, plays[0])
    assert s.turn_info.modes == ["free"]
    assert plays[1] in [o.id for o in s.decision.options]  # type: ignore[union-attr]
    GAME.apply(s, plays[1])
    assert s.turn_info.modes == ["free", "normal"]


# ================================================================================= flow details


def _scenario(setup: dict[str, Any], config: dict[str, Any] | None = None) -> BMState:
    cfg = {"names": ["Ann", "Bob"], **(config or {})}
    state, _ = GAME.scenario_state(cfg, setup)
    return cast(BMState, state)


_CANNOT_MATCH = {
    "active": "Ann",
    "start": "Bob",
    "element": "fire",
    "seats": {
        "Ann": {"hand": ["Hoax 9", "Hoax 28"], "deck": ["Hoax 1", "Hoax 2", "Hoax 3", "Hoax 4"]},
        "Bob": {"combat": ["Vulca 1"], "hand": ["Vulca 5"], "deck": ["Vulca 6"]},
    },
}


def test_render_marks_the_characters_that_cannot_meet_the_power() -> None:
    """Bob has 7 fire: neither Hoax 9 (1 fire) nor Hoax 1 (5) meets it, but Hoax 1 does with
    a 2-fire support (Trebuchet) already out, which stays active when a character is played."""
    setup = {
        "active": "Ann",
        "start": "Bob",
        "element": "fire",
        "seats": {
            "Ann": {"hand": ["Hoax 9 as weak", "Hoax 1 as five"], "deck": ["Hoax 3 x4"]},
            "Bob": {"combat": ["Vulca 1"], "deck": ["Vulca 6"]},
        },
    }
    s = _scenario(setup)
    text = GAME.render(GAME.view(s, 0), 0)
    weak = next(line for line in text.splitlines() if "Helkome" in line)
    five = next(line for line in text.splitlines() if "Wogarat" in line)
    assert "(short: at most 1)" in weak and "(short: at most 5)" in five
    assert "short" not in GAME.render(GAME.view(s, 1), 1)  # the opponent's screen
    setup["seats"]["Ann"]["support"] = ["Hoax 21"]  # type: ignore[index]
    shown = GAME.render(GAME.view(_scenario(setup), 0), 0).splitlines()
    assert "short" not in next(line for line in shown if "Wogarat" in line)
    assert "(short: at most 3)" in next(line for line in shown if "Helkome" in line)


def _marks(setup: dict[str, Any]) -> dict[str, str]:
    """Ann's screen: the line of each card in her hand, by the card's first name."""
    text = GAME.render(GAME.view(_scenario(setup), 0), 0).splitlines()
    start = next(i for i, line in enumerate(text) if "Your hand" in line) + 1
    lines = list(itertools.takewhile(lambda line: line.startswith("   "), text[start:]))
    names = ("Helkomedes", "Wogarathoras", "Inscrutable", "Var-dis-Nar", "Shaman")
    return {name: line for name in names for line in lines if name in line}


def test_render_no_short_mark_when_a_shield_in_hand_or_the_character_covers_it() -> None:
    """Bob has 7 fire. With Inscrutable Armor (a fire-shield booster) in hand, any character
    can continue with less: played with it, the shield covers the shortfall, so nothing is
    marked; a character that carries the fire shield itself (Var-dis-Nar, 4) is never short.
    A STOP character (Shaman of the Here and Now, 2) can be followed by nothing, so neither
    the shield nor the booster in hand helps it."""
    setup: dict[str, Any] = {
        "active": "Ann",
        "start": "Bob",
        "element": "fire",
        "seats": {
            "Ann": {
                "hand": ["Hoax 9", "Hoax 1", "Hoax 18", "Mutant 105", "Mimix 20"],
                "deck": ["Hoax 3 x4"],
            },
            "Bob": {"combat": ["Vulca 1"], "deck": ["Vulca 6"]},
        },
    }
    marks = _marks(setup)
    assert "short" not in marks["Helkomedes"] and "short" not in marks["Wogarathoras"]
    assert "short" not in marks["Var-dis-Nar"]
    assert "(short: at most 2)" in marks["Shaman"]
    setup["seats"]["Ann"]["hand"] = ["Hoax 9", "Hoax 1", "Mutant 105", "Mimix 20"]
    marks = _marks(setup)  # no shield in hand: the plain characters fall short again
    assert "(short: at most 5)" in marks["Wogarathoras"] and "short" not in marks["Var-dis-Nar"]
    setup["element"] = "earth"  # a fire shield does not cover an earth fight
    setup["seats"]["Ann"]["hand"] = ["Hoax 1", "Hoax 18"]
    setup["seats"]["Bob"]["combat"] = ["Vulca 7"]  # Furnace: 4 earth
    marks = _marks(setup)
    assert "(short: at most 1)" in marks["Wogarathoras"]


def _play_first_character(s: BMState) -> None:
    play = next(o.id for o in s.decision.options if o.id.startswith("play:"))  # type: ignore[union-attr]
    GAME.apply(s, play)


def test_strict_backtracking_loses_when_the_turn_cannot_be_undone() -> None:
    s = _scenario(_CANNOT_MATCH, {"backtracking": "strict"})
    _play_first_character(s)
    s.turn_info.irreversible = True  # as if a special power had drawn a card since
    GAME.apply(s, "announce")
    assert s.result is not None and s.result.winners == [1]
    assert s.crystals == [0, 4]


def test_friendly_play_retreats_with_the_cards_on_the_table() -> None:
    s = _scenario(_CANNOT_MATCH)
    _play_first_character(s)
    s.turn_info.irreversible = True
    GAME.apply(s, "announce")
    assert s.result is None and s.dragons == [0, 1]
    assert [s.cards[c].defn for c in s.zones["discard:0"]] == ["Hoax 9"]


def test_friendly_backtracking_rules_out_each_failed_first_character() -> None:
    # a player who always plays the first character offered, and never matches, tries each
    # character once and then can only retreat: the turn stays finite (ruling R4)
    setup = copy.deepcopy(_CANNOT_MATCH)
    setup["seats"]["Ann"]["hand"] = ["Hoax 9", "Hoax 8", "Hoax 7", "Hoax 28"]
    s = _scenario(setup)
    tried = []
    while s.decision is not None and s.decision.seat == 0 and s.active == 0:
        ids = [o.id for o in s.decision.options]
        play = next((i for i in ids if i.startswith("play:")), None)
        if play is None:
            assert ids == ["retreat"]
            GAME.apply(s, "retreat")
            break
        tried.append(s.cards[int(play[5:])].defn)
        GAME.apply(s, play)
        GAME.apply(s, "announce")
        assert s.turn_info.tried[-1] == int(play[5:])
    assert tried == ["Hoax 9", "Hoax 8", "Hoax 7"]
    assert s.dragons == [0, 1]


def test_illegal_choices_are_refused_without_change() -> None:
    s = _state({"first_player": 0})
    before = state_hash(s)
    with pytest.raises(IllegalChoice, match="not a legal option"):
        GAME.apply(s, "announce")
    with pytest.raises(IllegalChoice, match="cannot choose now"):
        GAME.apply(s, s.decision.options[0].id, seat=1)  # type: ignore[union-attr]
    assert state_hash(s) == before


def test_views_hide_hands_and_decks() -> None:
    s = _state({"first_player": 0})
    view = GAME.view(s, 1)
    assert all(c < 0 for c in view.zones["hand:0"] + view.zones["deck:0"] + view.zones["deck:1"])
    assert all(c > 0 for c in view.zones["hand:1"] + view.zones["leader:0"])
    assert view.decision is not None and view.decision.options == []


def test_turn_limit_ends_in_a_draw() -> None:
    s = _state({"max_turns": 2, "first_player": 0})
    agent = RandomAgent(3)
    while s.decision is not None:
        GAME.apply(s, agent.choose(GAME, s, s.decision.seat))
    assert s.result is not None and s.result.winners == []
    assert s.result.rule == "bm.engine.turn_limit" and s.turn == 2


def test_scores_report_dragons_and_crystals() -> None:
    s = _state({}, 11)
    agent = RandomAgent(11)
    while s.decision is not None:
        GAME.apply(s, agent.choose(GAME, s, s.decision.seat))
    scores = GAME.scores(s)
    assert s.result is not None
    if s.result.winners:
        (winner,) = s.result.winners
        assert 1 <= scores["crystals"][winner] <= 4
        assert scores["crystals"][1 - winner] == 0
    assert scores["dragons"] == s.dragons


def test_render_shows_the_seats_view() -> None:
    s = _state({"first_player": 0})
    text = GAME.render(GAME.view(s, 0), 0)
    assert "Your hand" in text and "Hoax" in text


# ================================================================================= heuristic


@pytest.mark.parametrize("peoples", [["Hoax", "Vulca"], ["Flit", "Aqua"]])
def test_heuristic_beats_random(peoples: list[str]) -> None:
    wins = games = 0
    for seed in range(30):
        for hseat in (0, 1):
            s = GAME.new_state({"peoples": peoples}, seed, log=False)
            agents: list[Any] = [None, None]
            agents[hseat] = BlueMoonHeuristic(seed)
            agents[1 - hseat] = RandomAgent(seed)
            while s.decision is not None:
                seat = s.decision.seat
                GAME.apply(s, agents[seat].choose(GAME, s, seat))
            games += 1
            wins += s.result is not None and s.result.winners == [hseat]
    assert wins / games >= 0.8, f"heuristic won only {wins} of {games}"


# ================================================================================= scenarios

CASES = [
    pytest.param(sc, id=f"{f.stem}: {sc.name}")
    for f in sorted(SCENARIOS.glob("*.yaml"))
    for sc in load_scenarios(f)
]


def test_scenario_files_exist() -> None:
    assert len(CASES) >= 30


@pytest.mark.parametrize("scenario", CASES)
def test_scenario(scenario: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    def lookup(game_id: str) -> Game:
        return GAME if game_id == "blue-moon" else get_game(game_id)

    monkeypatch.setattr(runner, "get_game", lookup)
    result = run_scenario(scenario)
    assert result.passed, result.describe() + "\n" + "\n".join(result.citations)


# ================================================================================= load-time checks


def _decks_with(number: str, **changes: Any) -> dict[str, Any]:
    """The people decks with card ``number`` changed (for the load-time checks)."""
    out = {}
    for people, deck in load_all().items():
        cards = tuple(c.model_copy(update=changes) if c.number == number else c for c in deck.cards)
        out[people] = deck.model_copy(update={"cards": cards})
    return out


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"power": "dubble(applies=True)"}, r"hoax\.toml: card \"Hoax 12\".*unknown word 'dubble'"),
        ({"power": "double(applies=True"}, r"hoax\.toml: card \"Hoax 12\".*cannot read"),
        ({"rule": "bm.ability.no_such_rule"}, r"ability 'Hoax 12' cites unknown rule"),
        (
            {"rule": "bm.ability.double_my_booster_values"},
            r"flit\.toml: card \"Flit 11\".*field 'power' differs from \"Hoax 12\"",
        ),
    ],
)
def test_a_bad_power_fails_when_the_game_loads(
    monkeypatch: pytest.MonkeyPatch, changes: dict[str, Any], message: str
) -> None:
    from cardwright.core.errors import DataError
    from cardwright.games.blue_moon import carddata

    monkeypatch.setattr(carddata, "load_all", lambda: _decks_with("Hoax 12", **changes))
    with pytest.raises(DataError, match=message) as err:
        powers.__wrapped__()
    assert "\n" not in str(err.value)


def test_every_rule_the_code_cites_is_in_the_rules_index() -> None:
    import re

    from cardwright.core.steps import step_types

    tags = set(step_types())
    package = Path(__file__).parents[2] / "cardwright" / "games" / "blue_moon"
    for path in package.rglob("*.py"):
        for cited in re.findall(r'"(bm\.[a-z0-9_.]+)"', path.read_text(encoding="utf-8")):
            if cited not in tags and not cited.endswith("."):
                assert cited in GAME.rules, f"{path.name} cites unknown rule {cited!r}"
