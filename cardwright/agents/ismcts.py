"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse 2012).

The agent never reads the real state's hidden parts: it takes ``game.view(state, seat)`` and
searches over determinizations of that view (``game.determinize(view, seed)``), one per
iteration, so that two states the seat cannot tell apart give the same search and the same
choice (for the same seed and iteration budget). Chance (shuffles, dice) comes from each
determinization's own generator.

One iteration:

1. deal a determinization of the root view (a fresh scratch state, played on in place: nothing
   is cloned per node);
2. descend the tree by UCB1 among the children whose move is legal in this determinization
   (each legal child's *availability* is counted, as the paper's subset-armed bandits want);
3. add one untried move;
4. roll out with the rollout policy (random, or the game's heuristic agent), cut short after
   ``depth`` decisions when the game has an evaluation, else to the end of the game;
5. back the per-seat reward (a win 1, a shared win or draw split, or the evaluation) up the
   path, each node crediting the seat that made the move into it.

Moves are keyed rather than named by option id: a card the searching seat could see at the
root keeps its id (ids of visible cards are the same in every determinization), any other card
(one dealt by the determinization, or a card drawn during the search) is named by its
definition, so "play the card I draw next" means the same move in every determinization. A game
may refine the key (move grouping) through its search hooks.

Two modes (the paper's): ``so`` (single observer) keeps one tree, in which the other seats'
moves are seen as the determinization has them; ``mo`` (multiple observers) keeps one tree per
seat, each seat choosing in its own tree and the others following the move as they observe it
(a card they cannot see after the move becomes ``?``), so that opponents do not "know" the
determinization's hidden cards when choosing.

Budgets: ``iterations`` (deterministic for a seed), ``seconds`` (wall clock: not deterministic;
with both, whichever ends first). ``workers`` > 1 runs root parallelism over processes: each
worker searches its own share of the iterations from its own seed and the root statistics are
summed, deterministic for a given number of workers.
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, field, fields
from typing import Any

import msgspec

from cardwright.core.errors import EngineError
from cardwright.core.game import Game
from cardwright.core.rng import LocalRng
from cardwright.core.state import Option, State, from_json, state_hash, to_json

#: an evaluation: per-seat values in [0, 1] for a state that is not over (estimated chances)
Evaluate = Callable[[Game, State], list[float]]
#: a move key: (game, state, option, stable ids) -> a string naming the move across
#: determinizations (``stable``: the ids in the root view's card table, so the cards the
#: searching seat could see there, and the placeholders of the others, which no determinized
#: state holds: a determinization deals them under fresh ids)
MoveKey = Callable[[Game, State, Option, frozenset[int]], str]


@dataclass(frozen=True)
class SearchHooks:
    """What a game may give the search (all optional). A game names a plain dict of these
    fields as the ``search`` tool of its :class:`~cardwright.games.GameEntry` (a dict, so
    that the game's package does not import the agents: imports point down).

    ``evaluate``: per-seat values in [0, 1] (they need not add up to 1) of a position that is
    not over, for rollouts cut short; ``depth``: the default rollout length (decisions) before
    the evaluation is used (None: to the end of the game unless a spec sets ``depth``);
    ``iterations``: the default iteration budget of ``ismcts`` for this game (about one second
    per decision or less, see ``docs/benchmarks.md``); ``move_key``: groups moves the search
    should treat as one (default: :func:`default_move_key`).
    """

    evaluate: Evaluate | None = None
    depth: int | None = 40
    iterations: int = 400
    move_key: MoveKey | None = None


NO_HOOKS = SearchHooks()


def search_hooks(game_id: str) -> SearchHooks:
    """The game's search hooks from the registry (none: the defaults)."""
    from cardwright.games import GAMES

    entry = GAMES.get(game_id)
    hooks = entry.tool("search") if entry is not None else None
    if hooks is None:
        return NO_HOOKS
    known = {f.name for f in fields(SearchHooks)}
    unknown = set(hooks) - known
    if unknown:
        raise EngineError(f"{game_id}: unknown search hooks {sorted(unknown)}; hooks: {known}")
    return SearchHooks(**hooks)


#: ``SearchConfig.depth``: the rollout length the game's hooks give
GAME_DEPTH = -1


@dataclass(frozen=True)
class SearchConfig:
    """The parameters of one ISMCTS agent (what an ``ismcts:...`` spec sets).

    ``iterations`` / ``seconds``: the budget per decision (None: not limited that way; at
    least one is set); ``rollout``: ``heuristic`` (the game's agent; ``random`` when it has
    none) or ``random``; ``depth``: decisions played in a rollout before the game's evaluation
    scores the position (None: play to the end; a game without an evaluation always does);
    ``c``: the UCB1 exploration constant (rewards are in [0, 1]); ``mode``: ``so`` or ``mo``;
    ``workers``: processes for root parallelism; ``reuse``: keep the subtree of the move played
    when the seat's next decision follows at once and it has learnt nothing new (same cards in
    sight), as its root (single observer, one process).
    """

    iterations: int | None = None
    seconds: float | None = None
    rollout: str = "heuristic"
    depth: int | None = GAME_DEPTH
    c: float = 0.7
    mode: str = "so"
    workers: int = 1
    reuse: bool = True


# ---------------------------------------------------------------------------- move keys
def default_move_key(game: Game, state: State, option: Option, stable: frozenset[int]) -> str:
    """The option id with every card id the searching seat could not see at the root replaced
    by the card's definition: ``play:57`` becomes ``play:khind/3`` when card 57 was dealt by the
    determinization (or drawn during the search). Numbers that are not card ids stay."""
    oid = option.id
    if ":" not in oid:
        return oid
    cards = state.cards
    parts = oid.split(":")
    changed = False
    for i, part in enumerate(parts):
        if part and (part[0].isdigit() or (part[0] == "-" and part[1:].isdigit())):
            try:
                cid = int(part)
            except ValueError:
                continue
            if cid not in stable and cid in cards:
                parts[i] = "=" + cards[cid].defn
                changed = True
    return ":".join(parts) if changed else oid


def _zone_of(state: State, cid: int) -> str | None:
    for zone, ids in state.zones.items():
        if cid in ids:
            return zone
    return None


def observed_key(game: Game, state: State, option: Option, key: str, observer: int) -> str:
    """What ``observer`` sees of a move another seat made (``state`` is after the move): each
    card of the move that the observer cannot identify now becomes ``?``."""
    oid = option.id
    if ":" not in oid:
        return key
    parts = oid.split(":")
    kparts = key.split(":")
    if len(kparts) != len(parts):  # a game's own key: hide it whole if any card is hidden
        kparts = []
    hidden = False
    for i, part in enumerate(parts):
        if not part or not (part[0].isdigit() or (part[0] == "-" and part[1:].isdigit())):
            continue
        try:
            cid = int(part)
        except ValueError:
            continue
        card = state.cards.get(cid)
        if card is None:
            continue
        zone = _zone_of(state, cid)
        if zone is None or not game.card_visible(state, zone, card, observer):
            hidden = True
            if kparts:
                kparts[i] = "?"
    if not hidden:
        return key
    return ":".join(kparts) if kparts else parts[0] + ":?"


# ---------------------------------------------------------------------------- the tree
class Node:
    """A node of one seat's tree: reached by ``key``, a move of ``seat``."""

    __slots__ = ("avail", "children", "key", "reward", "seat", "visits")

    def __init__(self, key: str, seat: int) -> None:
        self.key = key
        self.seat = seat
        self.visits = 0
        self.avail = 1
        self.reward = 0.0
        self.children: dict[tuple[int, str], Node] = {}

    def child(self, seat: int, key: str) -> Node:
        node = self.children.get((seat, key))
        if node is None:
            node = self.children[(seat, key)] = Node(key, seat)
        return node


@dataclass
class SearchResult:
    """Root statistics: for each root move key, (visits, total reward of the searching seat);
    the iterations run, the wall-clock time taken and the CPU time used (summed over the
    workers of a root-parallel search), and the decisions played in rollouts."""

    stats: dict[str, tuple[int, float]] = field(default_factory=dict)
    iterations: int = 0
    seconds: float = 0.0
    rollout_decisions: int = 0
    cpu_seconds: float = 0.0

    def describe(self) -> str:
        """E.g. ``400 iterations in 0.93 s (0.41 s of CPU)``: the clock and the CPU time
        differ on a busy machine, where the clock runs on while other work has the core."""
        return (
            f"{self.iterations:,} iterations in {self.seconds:.2f} s "
            f"({self.cpu_seconds:.2f} s of CPU)"
        )

    def merge(self, other: SearchResult) -> None:
        for key, (v, r) in other.stats.items():
            ov, orw = self.stats.get(key, (0, 0.0))
            self.stats[key] = (ov + v, orw + r)
        self.iterations += other.iterations
        self.seconds = max(self.seconds, other.seconds)
        self.rollout_decisions += other.rollout_decisions
        self.cpu_seconds += other.cpu_seconds


def _terminal_reward(state: State, players: int) -> list[float]:
    result = state.result
    assert result is not None
    winners = result.winners
    if not winners:
        return [1.0 / players] * players
    share = 1.0 / len(winners)
    reward = [0.0] * players
    for w in winners:
        reward[w] = share
    return reward


class Search:
    """One decision's search from a view (the root information set of ``view.viewer``)."""

    def __init__(
        self,
        game: Game,
        view: State,
        config: SearchConfig,
        seed: int,
        hooks: SearchHooks | None = None,
        root: Node | None = None,
    ) -> None:
        self.game = game
        self.view = view
        self.seat = view.viewer
        self.config = config
        self.hooks = hooks if hooks is not None else search_hooks(game.id)
        self.rng = LocalRng(seed)
        self.players = view.num_players
        self.stable = frozenset(view.cards)
        self.key = self.hooks.move_key or default_move_key
        evaluate = self.hooks.evaluate
        self.evaluate = evaluate
        depth = self.hooks.depth if config.depth == GAME_DEPTH else config.depth
        self.depth = depth if evaluate is not None else None
        self.policies = self._policies(seed)
        seats = range(self.players) if config.mode == "mo" else [self.seat]
        self.trees = {s: Node("", -1) for s in seats}
        if root is not None:  # a subtree kept from the seat's previous decision
            self.trees[self.seat] = root

    def _policies(self, seed: int) -> list[Any] | None:
        """One rollout agent per seat (None: uniform random moves from the search's rng)."""
        if self.config.rollout != "heuristic":
            return None
        from cardwright.games import GAMES

        entry = GAMES.get(self.game.id)
        cls = entry.tool("heuristic") if entry is not None else None
        if cls is None:
            return None
        # a heuristic may offer a quicker player for rollouts (one that looks no move ahead)
        make = getattr(cls, "rollout_policy", cls)
        return [make(seed * 7 + s) for s in range(self.players)]

    # ------------------------------------------------------------------ one iteration
    def iterate(self, index: int) -> int:
        """Run one iteration; returns the number of rollout decisions played."""
        game = self.game
        rng = self.rng
        state = game.determinize(self.view, rng.randbelow(1 << 62))
        state.logging = False
        mo = self.config.mode == "mo"
        nodes = dict(self.trees)
        path: list[Node] = list(nodes.values())
        c = self.config.c
        key_of = self.key
        stable = self.stable
        expanded = False
        while state.decision is not None and not expanded:
            decision = state.decision
            options = decision.options
            actor = decision.seat
            if len(options) == 1:
                game.apply(state, options[0].id)
                continue
            by_key: dict[str, Option] = {}
            for option in options:
                by_key.setdefault(key_of(game, state, option, stable), option)
            if len(by_key) == 1:
                game.apply(state, options[0].id)
                continue
            node = nodes[actor] if mo else nodes[self.seat]
            children = node.children
            untried = [k for k in by_key if (actor, k) not in children]
            if untried:
                key = untried[rng.randbelow(len(untried))] if len(untried) > 1 else untried[0]
                chosen = node.child(actor, key)
                expanded = True
            else:
                best = -1.0
                chosen = node
                for k in by_key:
                    child = children[(actor, k)]
                    child.avail += 1
                    score = child.reward / child.visits + c * math.sqrt(
                        math.log(child.avail) / child.visits
                    )
                    if score > best:
                        best = score
                        chosen = child
                key = chosen.key
            option = by_key[key]
            game.apply(state, option.id)
            if mo:
                nodes[actor] = chosen
                path.append(chosen)
                for observer, onode in nodes.items():
                    if observer != actor:
                        seen = observed_key(game, state, option, key, observer)
                        nodes[observer] = onode.child(actor, seen)
                        path.append(nodes[observer])
            else:
                nodes[self.seat] = chosen
                path.append(chosen)
        played = self._rollout(state)
        if state.result is not None:
            reward = _terminal_reward(state, self.players)
        else:
            assert self.evaluate is not None
            reward = self.evaluate(game, state)
        for node in path:
            node.visits += 1
            if node.seat >= 0:
                node.reward += reward[node.seat]
        return played

    def _rollout(self, state: State) -> int:
        game = self.game
        apply = game.apply
        depth = self.depth
        policies = self.policies
        rng = self.rng
        played = 0
        while state.decision is not None and (depth is None or played < depth):
            decision = state.decision
            options = decision.options
            if len(options) == 1:
                choice = options[0].id
            elif policies is None:
                choice = options[rng.randbelow(len(options))].id
            else:
                seat = decision.seat
                choice = policies[seat].choose(game, state, seat)
            apply(state, choice)
            played += 1
        return played

    # ------------------------------------------------------------------ the whole search
    def run(
        self, iterations: int | None, seconds: float | None, deadline: float | None = None
    ) -> SearchResult:
        """Search until ``iterations`` are done or the clock (``time.perf_counter``) would
        pass ``deadline`` (default: ``seconds`` from now) with one more iteration as long as
        the longest so far: a time budget is kept, not overrun by the last iteration."""
        start = time.perf_counter()
        cpu = time.process_time()
        if deadline is None and seconds is not None:
            deadline = start + seconds
        done = played = 0
        longest = 0.0
        while iterations is None or done < iterations:
            if deadline is not None:
                begun = time.perf_counter()
                if begun + longest >= deadline:
                    break
                played += self.iterate(done)
                longest = max(longest, time.perf_counter() - begun)
            else:
                played += self.iterate(done)
            done += 1
        root = self.trees[self.seat]
        stats = {
            k: (child.visits, child.reward)
            for (actor, k), child in root.children.items()
            if actor == self.seat
        }
        return SearchResult(
            stats, done, time.perf_counter() - start, played, time.process_time() - cpu
        )


def root_keys(game: Game, view: State, hooks: SearchHooks) -> dict[str, str]:
    """Root move key -> the first option id with that key (the view's own decision)."""
    assert view.decision is not None
    key_of = hooks.move_key or default_move_key
    stable = frozenset(view.cards)
    out: dict[str, str] = {}
    for option in view.decision.options:
        out.setdefault(key_of(game, view, option, stable), option.id)
    return out


def best_key(
    stats: dict[str, tuple[int, float]], order: list[str], played: dict[str, int] | None = None
) -> str:
    """The most visited root move; ties go to the higher mean reward, then option order.
    ``played``: how often each move was already played from this very position (this turn);
    only the least played moves are candidates, so that the agent cannot go round a cycle
    (equip, unequip, equip ...) for ever."""
    if played:
        fewest = min(played.get(k, 0) for k in order)
        order = [k for k in order if played.get(k, 0) == fewest]
    best = order[0]
    best_score = (-1, -1.0)
    for k in order:
        visits, reward = stats.get(k, (0, 0.0))
        score = (visits, reward / visits if visits else 0.0)
        if score > best_score:
            best, best_score = k, score
    return best


def position_key(view: State) -> str:
    """The view's position without its decision counter: the same after a cycle of moves
    that undo one another (equip, then unequip)."""
    return state_hash(msgspec.structs.replace(view, decisions=0))


def _worker_search(
    args: tuple[str, bytes, SearchConfig, int, int | None, float | None],
) -> SearchResult:
    """A root-parallel worker: rebuild the view and search it (processes share nothing; the
    deadline is on the machine's monotonic clock, which the processes share)."""
    from cardwright.games import get_game

    game_id, data, config, seed, iterations, deadline = args
    game = get_game(game_id)
    view = from_json(game.state_cls, data)
    return Search(game, view, config, seed).run(iterations, config.seconds, deadline)


def mix(*numbers: int) -> int:
    """A well-mixed non-negative seed from integers (SplitMix64 steps)."""
    rng = LocalRng(0)
    for n in numbers:
        rng.rng ^= n & ((1 << 64) - 1)
        rng.randbelow(2)
    return rng.randbelow(1 << 62)


class ISMCTSAgent:
    """Information-set MCTS from the view of its seat (see the module's docstring)."""

    name = "ismcts"

    def __init__(self, game_id: str, seed: int, config: SearchConfig) -> None:
        self.game_id = game_id
        self.seed = seed
        self.config = config
        self.hooks = search_hooks(game_id)
        self.last: SearchResult | None = None
        self._pool: Executor | None = None
        # (decisions, seat, cards in sight) of the last search and the subtree of its move
        self._kept: tuple[int, int, frozenset[int], Node] | None = None
        # this turn's positions (see position_key) -> how often each move was played there
        self._turn = -1
        self._been: dict[str, dict[str, int]] = {}

    def budget(self) -> tuple[int | None, float | None]:
        """(iterations, seconds) per decision: the spec's, else the game's default iterations."""
        iterations = self.config.iterations
        if iterations is None and self.config.seconds is None:
            iterations = self.hooks.iterations
        return iterations, self.config.seconds

    def budget_text(self) -> str:
        """The budget in words, e.g. ``1,000 iterations per decision (deterministic)``."""
        iterations, seconds = self.budget()
        parts = [f"{iterations:,} iterations"] if iterations is not None else []
        if seconds is not None:
            parts.append(f"{seconds:g} s")
        text = " or ".join(parts) + " per decision"
        if seconds is None:
            return text + " (deterministic for a seed)"
        return text + " (a time budget: not deterministic)"

    def choose(self, game: Game, state: State, seat: int) -> str:
        """The chosen option id; ``self.last`` holds the search's figures (its ``seconds``:
        the whole decision's, which a time budget bounds)."""
        begun = time.perf_counter()
        cpu_begun = time.process_time()
        decision = state.decision
        assert decision is not None
        view = game.view(state, seat)
        keys = root_keys(game, view, self.hooks)
        if len(keys) == 1:  # one move, however many options: nothing to search
            self.last = None
            return decision.options[0].id
        seed = mix(self.seed, view.decisions, seat)
        iterations, seconds = self.budget()
        deadline = None if seconds is None else begun + seconds
        if view.turn != self._turn:
            self._turn, self._been = view.turn, {}
        here = position_key(view)
        played = self._been.setdefault(here, {})
        workers = self.config.workers
        if workers > 1:
            result = self._parallel(game, view, seed, iterations, workers, deadline)
            result.seconds = time.perf_counter() - begun
            self.last = result
            key = best_key(result.stats, list(keys), played)
            played[key] = played.get(key, 0) + 1
            return keys[key]
        seen = frozenset(view.cards)
        root = None
        kept, self._kept = self._kept, None
        if kept is not None and kept[:3] == (view.decisions - 1, seat, seen):
            root = kept[3]
        search = Search(game, view, self.config, seed, self.hooks, root)
        result = search.run(iterations, seconds, deadline)
        result.seconds = time.perf_counter() - begun
        result.cpu_seconds = time.process_time() - cpu_begun
        self.last = result
        key = best_key(result.stats, list(keys), played)
        played[key] = played.get(key, 0) + 1
        if self.config.reuse and self.config.mode == "so":
            child = search.trees[seat].children.get((seat, key))
            if child is not None:
                self._kept = (view.decisions, seat, seen, child)
        return keys[key]

    def _parallel(
        self,
        game: Game,
        view: State,
        seed: int,
        iterations: int | None,
        workers: int,
        deadline: float | None,
    ) -> SearchResult:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(max_workers=min(workers, os.cpu_count() or 1))
        data = to_json(view)
        shares = [
            None if iterations is None else iterations // workers + (i < iterations % workers)
            for i in range(workers)
        ]
        tasks = [
            (game.id, data, self.config, mix(seed, i), shares[i], deadline)
            for i in range(workers)
            if shares[i] != 0
        ]
        total = SearchResult()
        for part in self._pool.map(_worker_search, tasks):
            total.merge(part)
        return total

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown()
            self._pool = None

    def __del__(self) -> None:
        pool = getattr(self, "_pool", None)
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
