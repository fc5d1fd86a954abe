"""The ISMCTS agent: it decides from the seat's information set only, deterministically."""

from __future__ import annotations

from typing import Any

import pytest

from cardwright.agents import make_agent
from cardwright.agents.ismcts import (
    ISMCTSAgent,
    Search,
    SearchConfig,
    SearchHooks,
    SearchResult,
    best_key,
    default_move_key,
    observed_key,
    search_hooks,
)
from cardwright.core.state import Option, State, state_hash
from cardwright.games import get_game, playable_games

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("bizarre-world", {}),
    ("blue-moon", {}),
    ("smash-up", {}),
    ("smash-up", {"players": 3}),
    ("varia", {"open_decklists": False}),
    ("munchkin", {"players": 3}),
    ("munchkin", {"players": 6}),
]


def position(game_id: str, config: dict[str, Any], seed: int, skip: int) -> State:
    """A state after ``skip`` heuristic decisions, at a decision with more than one option."""
    game = get_game(game_id)
    state = game.new_state(config, seed, log=False)
    agents = [make_agent("heuristic", game_id, i) for i in range(state.num_players)]
    played = 0
    while state.decision is not None:
        if played >= skip and len(state.decision.options) > 1:
            return state
        seat = state.decision.seat
        game.apply(state, agents[seat].choose(game, state, seat))
        played += 1
    raise AssertionError("the game ended before the position")


def hidden_differs(a: State, b: State, seat: int) -> bool:
    """Whether some zone holds other cards in ``b`` (with the same view for ``seat``, only
    cards hidden from it can differ): an opponent's hand, a deck."""
    return any(
        [a.cards[c].defn for c in ids] != [b.cards[c].defn for c in b.zones[zone]]
        for zone, ids in a.zones.items()
    )


@pytest.mark.parametrize(("game_id", "config"), GAMES)
@pytest.mark.parametrize("mode", ["so", "mo"])
def test_same_view_different_hidden_cards_same_choice(
    game_id: str, config: dict[str, Any], mode: str
) -> None:
    game = get_game(game_id)
    real = position(game_id, config, 4, 12)
    seat = real.decision.seat if real.decision else 0
    view = game.view(real, seat)
    other = game.determinize(view, 12345)  # the same view, other hidden cards
    assert game.view(other, seat) == view
    assert hidden_differs(real, other, seat)
    spec = f"ismcts:iterations=40,mode={mode}"
    before = state_hash(real)
    first = make_agent(spec, game_id, 7)
    second = make_agent(spec, game_id, 7)
    assert isinstance(first, ISMCTSAgent) and isinstance(second, ISMCTSAgent)
    choice = first.choose(game, real, seat)
    assert choice == second.choose(game, other, seat)
    assert first.last is not None and second.last is not None
    assert first.last.stats == second.last.stats and first.last.iterations == 40
    assert state_hash(real) == before  # the search played on its own states
    assert choice in {o.id for o in real.decision.options}


def test_every_playable_game_has_hooks_or_plays_to_the_end() -> None:
    for game_id in playable_games():
        hooks = search_hooks(game_id)
        assert isinstance(hooks, SearchHooks) and hooks.iterations >= 1


def test_rollouts_cut_short_only_with_an_evaluation() -> None:
    game = get_game("blue-moon")
    view = game.view(position("blue-moon", {}, 2, 10), 0)
    view = game.view(game.determinize(view, 1), view.viewer)
    seat = view.viewer
    cut = Search(game, view, SearchConfig(depth=3), 1).run(10, None)
    assert cut.rollout_decisions <= 30
    no_eval = SearchHooks(evaluate=None)
    full = Search(game, view, SearchConfig(depth=3, rollout="random"), 1, no_eval).run(5, None)
    assert full.rollout_decisions > 15  # played to the end of the game
    assert seat == view.viewer


def test_the_search_prefers_a_winning_move() -> None:
    """Bizarre World: with lethal attack on the board, attacking wins; the search finds it."""
    game = get_game("bizarre-world")
    for seed in range(40):
        state = position("bizarre-world", {}, seed, 0)
        agents = [make_agent("heuristic", "bizarre-world", i) for i in range(2)]
        while state.decision is not None:
            decision = state.decision
            seat = decision.seat
            ids = {o.id for o in decision.options}
            opp = 1 - seat
            if "attack" in ids and state.attack[seat] >= state.life[opp] + 6:  # type: ignore[attr-defined]
                agent = make_agent("ismcts:iterations=200", "bizarre-world", 1)
                assert agent.choose(game, state, seat) == "attack"
                return
            game.apply(state, agents[seat].choose(game, state, seat))
    pytest.skip("no overwhelming attack found in the sampled games")


def test_move_keys_name_unseen_cards_by_definition() -> None:
    game = get_game("smash-up")
    state = position("smash-up", {}, 1, 6)
    seat = state.decision.seat if state.decision else 0
    view = game.view(state, seat)
    det = game.determinize(view, 3)
    stable = frozenset(view.cards)
    hidden = next(c for c in det.cards if c not in stable)
    option = Option(f"play:{hidden}", "x", card=hidden)  # type: ignore[arg-type]
    assert default_move_key(game, det, option, stable) == f"play:={det.cards[hidden].defn}"
    seen = next(iter(stable))
    assert default_move_key(game, det, Option(f"play:{seen}", "x"), stable) == f"play:{seen}"
    assert default_move_key(game, det, Option("count:3", "x"), stable) == "count:3"
    assert default_move_key(game, det, Option("end", "x"), stable) == "end"
    # the opponent's hand card is hidden from the other seat: it sees only "play:?"
    opp_hand = det.zones[f"hand:{1 - seat}"][0]
    key = default_move_key(game, det, Option(f"play:{opp_hand}", "x"), stable)
    assert observed_key(game, det, Option(f"play:{opp_hand}", "x"), key, seat) == "play:?"
    mine = det.zones[f"hand:{seat}"][0]
    key = default_move_key(game, det, Option(f"play:{mine}", "x"), stable)
    assert observed_key(game, det, Option(f"play:{mine}", "x"), key, seat) == key


def test_time_budget_stops_the_search() -> None:
    game = get_game("smash-up")
    state = position("smash-up", {}, 5, 8)
    seat = state.decision.seat if state.decision else 0
    agent = make_agent("ismcts:seconds=0.05,iterations=100000", "smash-up", 1)
    assert isinstance(agent, ISMCTSAgent)
    agent.choose(game, state, seat)
    assert agent.last is not None and 1 <= agent.last.iterations < 100000


def test_root_parallel_workers_are_deterministic() -> None:
    game = get_game("bizarre-world")
    state = position("bizarre-world", {}, 3, 5)
    seat = state.decision.seat if state.decision else 0
    results = []
    for _ in range(2):
        agent = make_agent("ismcts:iterations=30,workers=2", "bizarre-world", 5)
        assert isinstance(agent, ISMCTSAgent)
        choice = agent.choose(game, state, seat)
        assert agent.last is not None and agent.last.iterations == 30
        results.append((choice, agent.last.stats))
        agent.close()
    assert results[0] == results[1]


def test_the_played_subtree_is_kept_for_the_next_decision() -> None:
    """Bizarre World's payments are decisions in a row by one seat, learning nothing: the
    subtree of the move played becomes the next root (more visits than the new iterations),
    deterministically; with reuse=no every search starts afresh."""
    game = get_game("bizarre-world")
    carried = {}
    for reuse in ("yes", "no"):
        state = position("bizarre-world", {}, 1, 0)
        agents = [make_agent(f"ismcts:iterations=30,reuse={reuse}", "bizarre-world", 2)] * 2
        visits = []
        for _ in range(25):
            decision = state.decision
            assert decision is not None
            agent = agents[decision.seat]
            assert isinstance(agent, ISMCTSAgent)
            choice = agent.choose(game, state, decision.seat)
            if agent.last is not None:
                visits.append(sum(v for v, _ in agent.last.stats.values()))
            game.apply(state, choice)
        carried[reuse] = visits
    assert max(carried["yes"]) > 30 and max(carried["no"]) == 30


def test_the_agent_does_not_go_round_a_cycle() -> None:
    """A move already played from the same position this turn is played again only when every
    other move was played there as often (Munchkin: equip, unequip, equip ... for ever)."""
    stats = {"unequip:7": (30, 18.0), "equip:9": (8, 3.0), "kick": (2, 0.5)}
    order = list(stats)
    assert best_key(stats, order) == "unequip:7"
    assert best_key(stats, order, {"unequip:7": 1}) == "equip:9"
    assert best_key(stats, order, {"unequip:7": 1, "equip:9": 1}) == "kick"
    assert best_key(stats, order, dict.fromkeys(order, 2)) == "unequip:7"


def _equipment_position() -> State:
    """A Munchkin position where the seat to move may take off an Item it wears."""
    game = get_game("munchkin")
    for seed in range(40):
        state = game.new_state({"players": 3}, seed, log=False)
        agents = [make_agent("heuristic", "munchkin", i) for i in range(3)]
        while state.decision is not None:
            if any(o.id.startswith("unequip:") for o in state.decision.options):
                return state
            seat = state.decision.seat
            game.apply(state, agents[seat].choose(game, state, seat))
    raise AssertionError("no position with an Item to take off")


def test_a_search_that_likes_changing_clothes_still_moves_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A search whose statistics always favour equipping or unequipping (as a tiny budget
    may) would go round equip, unequip, equip ... for ever; the agent does not."""

    def run(
        self: Search, iterations: int | None, seconds: float | None, deadline: float | None
    ) -> SearchResult:
        assert self.view.decision is not None
        keys = {o.id for o in self.view.decision.options}
        stats = {k: (10 if k.startswith(("equip:", "unequip:")) else 1, 0.5) for k in keys}
        return SearchResult(stats, 1)

    monkeypatch.setattr(Search, "run", run)
    game = get_game("munchkin")
    state = _equipment_position()
    seat, turn = state.decision.seat if state.decision else 0, state.turn
    agent = make_agent("ismcts:iterations=2", "munchkin", 1)
    changes = 0
    while state.decision is not None and state.decision.seat == seat and state.turn == turn:
        choice = agent.choose(game, state, seat)
        changes += choice.startswith(("equip:", "unequip:"))
        assert changes < 50, "the agent goes round a cycle"
        game.apply(state, choice)


def test_a_time_budget_is_kept_not_overrun_by_the_last_iteration(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a fake clock with iterations of uneven length, the search stops when one more
    iteration as long as the longest so far would pass the deadline."""
    import cardwright.agents.ismcts as ismcts

    now = [100.0]
    lengths = iter([0.02, 0.05, 0.01, 0.01, 0.01] + [0.01] * 100)

    def iterate(self: Search, index: int) -> int:
        now[0] += next(lengths)
        return 0

    monkeypatch.setattr(ismcts.time, "perf_counter", lambda: now[0])
    monkeypatch.setattr(Search, "iterate", iterate)
    game = get_game("blue-moon")
    view = game.view(position("blue-moon", {}, 2, 10), 0)
    result = Search(game, view, SearchConfig(), 1).run(None, 0.1)
    # 0.02 + 0.05 = 0.07 s; one more of 0.05 would reach 0.12 s
    assert result.iterations == 2 and now[0] - 100.0 <= 0.1
    now[0] = 200.0
    result = Search(game, view, SearchConfig(), 1).run(None, None, deadline=200.035)
    assert result.iterations == 3 and now[0] <= 200.035  # 0.01 each: 0.03 s
