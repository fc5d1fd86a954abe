"""Random self-play of N games, played twice: the second time inside ``functools.reduce``, so
that callgrind can count the instructions of those games alone (start-up, imports and the
loading of cards in the first pass left out), for instructions per decision::

    PYTHONHASHSEED=0 valgrind --tool=callgrind --collect-atstart=no \\
        --toggle-collect=functools_reduce python tools/counted_games.py smash-up -n 12 \\
        -o players=4

then callgrind's "Collected" count divided by the decisions this prints. The games are those
of seeds 0..N-1 with random players (``RandomAgent(seed)``), logging off, as
``tools/bench_compare.py --cpu`` plays them; the configs are ``tools/same_games.py``'s
(``-o`` read as the command line reads it; ``factions=any``, the game's seat key, deals every
seat at random from the checkout's own pool).
"""

from __future__ import annotations

import argparse
import functools
import sys

from same_games import game_config
from versus import play_out

from cardwright.agents import RandomAgent
from cardwright.cli import parse_options
from cardwright.core.errors import ConfigError
from cardwright.games import GAMES, get_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("-n", "--games", type=int, default=12)
    parser.add_argument("-o", "--option", action="append", default=[])
    args = parser.parse_args(argv)
    if args.game not in GAMES:
        parser.error(f"unknown game {args.game!r}; known: {', '.join(GAMES)}")
    game = get_game(args.game)
    try:
        given = parse_options(args.option).get("players")
        players = int(given or game.validate_config({}).get("players", 2))
        game_config(args.game, args.option, players, 0)
    except (ConfigError, ValueError) as err:
        parser.error(str(err))

    def play(seed: int) -> int:
        state = game.new_state(game_config(args.game, args.option, players, seed), seed, log=False)
        play_out(game, state, [RandomAgent(seed)] * players)
        return state.decisions

    for seed in range(args.games):  # the first pass: not counted
        play(seed)
    counted = functools.reduce(lambda total, seed: total + play(seed), range(args.games), 0)
    print(f"decisions {counted}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
