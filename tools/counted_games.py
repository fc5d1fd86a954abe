"""Random self-play of N games, played twice: the second time inside ``functools.reduce``, so
that callgrind can count the instructions of those games alone (start-up, imports and the
loading of cards in the first pass left out), for instructions per decision::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --collect-atstart=no \\
        --toggle-collect=functools_reduce python tools/counted_games.py smash-up -n 12 \\
        -o players=4

then callgrind's "Collected" count divided by the decisions this prints. The games are those
of seeds 0..N-1 with random players (``RandomAgent(seed)``), logging off, as
``tools/bench_compare.py --cpu`` plays them; an ``-o`` value that is JSON is read as JSON, and
``factions=any`` (the game's seat key) deals every seat at random from the checkout's own pool
(:func:`cardwright.sim.deal.deal`).
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
from typing import Any

from cardwright.agents import RandomAgent
from cardwright.games import GAMES, get_game
from cardwright.sim.deal import ANY, deal


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("-n", "--games", type=int, default=12)
    parser.add_argument("-o", "--option", action="append", default=[])
    args = parser.parse_args(argv)
    if args.game not in GAMES:
        parser.error(f"unknown game {args.game!r}; known: {', '.join(GAMES)}")
    options: dict[str, Any] = {}
    for opt in args.option:
        key, _, value = opt.partition("=")
        try:
            options[key] = json.loads(value)
        except ValueError:
            options[key] = value
    seat_key = GAMES[args.game].seat_key
    game = get_game(args.game)

    def play(seed: int) -> int:
        config = dict(options)
        if config.get(seat_key) == ANY:
            players = config.get("players") or 2
            config = deal(args.game, {**config, seat_key: [ANY] * players}, seed)
        state = game.new_state(config, seed, log=False)
        agent = RandomAgent(seed)
        while state.decision is not None:
            game.apply(state, agent.choose(game, state, state.decision.seat))
        return state.decisions

    for seed in range(args.games):  # the first pass: not counted
        play(seed)
    counted = functools.reduce(lambda total, seed: total + play(seed), range(args.games), 0)
    print(f"decisions {counted}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
