"""Fuzz Smash Up through the conformance checks: games whose factions are dealt at random among
all 32, at 2, 3 and 4 players, played by random agents and by the heuristic.

Everything about a game follows from its seed (:func:`dealt_game`): the player count, the
agent (random or heuristic, the same for every seat), the factions (two a seat, none twice),
the card set, the first player and the redraw rule. One seed reproduces one game::

    .venv/bin/python -m tests.smash_up.fuzz --seed 1234          # one game, the traceback
    nice -n 10 .venv/bin/python -m tests.smash_up.fuzz --from 0 --games 500 --minutes 40

A run prints one line per failure (seed, players, agent, factions, the error's last line) and
its totals per player count and agent; it goes on after a failure, and Ctrl-C ends it early
with its totals.
"""

from __future__ import annotations

import argparse
import sys
import time
import traceback
from collections import Counter
from typing import Any

from cardwright.agents import Agent, make_agent
from cardwright.conformance import check_replay, play_checked
from cardwright.core.rng import LocalRng
from cardwright.games import get_game
from cardwright.games.smash_up.carddata import CARD_SET_CHOICES, load_factions

#: every faction of every set (32)
FACTIONS = sorted(load_factions("70s-2018"))
AGENTS = ("random", "heuristic")


def dealt_game(seed: int) -> tuple[dict[str, Any], str]:
    """The configuration and agent of fuzz game ``seed``: the player count and the agent cycle
    with the seed (2, 3, 4 players; random, heuristic), the rest is dealt from it."""
    players = 2 + seed % 3
    agent = AGENTS[(seed // 3) % 2]
    rng = LocalRng(seed)
    factions = list(FACTIONS)
    rng.shuffle(factions)
    config: dict[str, Any] = {
        "players": players,
        "factions": [factions[2 * i : 2 * i + 2] for i in range(players)],
        "card_set": rng.choice(list(CARD_SET_CHOICES)),
        "first_player": rng.choice([0, "random"]),
        "redraw": rng.choice([True, False]),
    }
    return config, agent


def play_dealt(seed: int, deep_every: int = 15) -> None:
    """Play fuzz game ``seed`` with the conformance checks on, and replay it."""
    game = get_game("smash-up")
    config, agent_name = dealt_game(seed)
    agent: Agent = make_agent(agent_name, game.id, seed)
    record = play_checked(game, config, seed, deep_every=deep_every, agent=agent)
    check_replay(game, record)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.smash_up.fuzz", description=__doc__)
    parser.add_argument("--seed", type=int, help="play this one game and show its traceback")
    parser.add_argument("--from", dest="first", type=int, default=0, help="first seed")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--minutes", type=float, default=None, help="stop after this CPU time")
    parser.add_argument("--deep-every", type=int, default=15)
    args = parser.parse_args(argv)
    if args.seed is not None:
        config, agent = dealt_game(args.seed)
        print(f"seed {args.seed}: {agent} agents, {config}")
        play_dealt(args.seed, args.deep_every)
        print("passed")
        return 0
    played: Counter[tuple[int, str]] = Counter()
    failed: Counter[tuple[int, str]] = Counter()
    start = time.process_time()
    seed = args.first
    try:
        for seed in range(args.first, args.first + args.games):
            if args.minutes is not None and time.process_time() - start > 60 * args.minutes:
                break
            config, agent = dealt_game(seed)
            key = (config["players"], agent)
            try:
                play_dealt(seed, args.deep_every)
            except Exception as exc:  # a failure is reported, and the fuzz goes on
                failed[key] += 1
                last = traceback.format_exception_only(exc)[-1].strip()
                print(f"FAIL seed {seed} {config['players']}p {agent} {config}: {last}", flush=True)
            played[key] += 1
    except KeyboardInterrupt:  # Ctrl-C ends the run early; the game under way is not counted
        print(f"stopped at seed {seed}")
    cpu = time.process_time() - start
    for key in sorted(played):
        print(f"{key[0]} players, {key[1]}: {played[key]} games, {failed[key]} failed")
    print(f"{sum(played.values())} games, {sum(failed.values())} failed, {cpu:.0f} s CPU")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
