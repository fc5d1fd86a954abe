"""Digests of random self-play, to show that a change to the engine left the games the same.

For each player count and seed it plays one game with random players (``RandomAgent(seed)``),
logging on, and hashes into a digest, at every decision, the state's hash
(:func:`cardwright.core.state.state_hash`), the ids of the options and the log events written
since the last decision (their kind, rule, seat, card, text, data and who sees them). It plays
the same game again with logging off and checks that it reaches the same state hashes at every
decision (a state that does not log plays the same game). It prints one digest per player
count and one over all of them::

    python tools/same_games.py smash-up -n 20 --players 2 3 4
    python tools/same_games.py smash-up -n 20 --players 2 3 4 -o 'factions=any'
    python tools/same_games.py smash-up -n 20 --players 2 3 4 -o 'factions=any' \\
        -o card_set=70s-errata+al9000-cthulhu-first

Run it before a change and after: the same digests, the same games. An ``-o`` value is read
as the command line reads it (YAML, so JSON too); ``factions=any`` (or ``decks=any``, the
game's seat key) gives every seat ``any``, dealt for each seed as ``simulate --factions any``
deals it (:func:`cardwright.sim.deal.deal`). ``--seed`` is the first seed (0).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from typing import Any

import msgspec

from cardwright.agents import RandomAgent
from cardwright.cli import parse_options
from cardwright.core.errors import ConfigError
from cardwright.core.state import State, state_hash
from cardwright.games import GAMES, get_game
from cardwright.sim.deal import ANY, deal

_encode = msgspec.msgpack.Encoder().encode


def game_config(game_id: str, options: list[str], players: int, seed: int) -> dict[str, Any]:
    """The config of seed ``seed``'s game: ``-o KEY=VALUE`` items read as the command line
    reads them (:func:`cardwright.cli.parse_options`), ``players`` players (a game
    of a fixed number takes no ``players`` option: that number only), and a seat key given as
    ``any`` dealt for every seat (:func:`cardwright.sim.deal.deal`)."""
    config: dict[str, Any] = parse_options(options)
    game = get_game(game_id)
    if "players" in game.default_config():
        config = {"players": players, **config}
    elif players != game.min_players:
        raise ConfigError(f"{game_id}: a game of {game.min_players} players only")
    seat_key = GAMES[game_id].seat_key
    if config.get(seat_key) == ANY:
        config[seat_key] = [ANY] * config.get("players", players)
    return deal(game_id, config, seed)


def _play(game_id: str, config: dict[str, Any], seed: int, log: bool) -> tuple[list[str], bytes]:
    """The state hashes at each decision, and (when ``log``) a digest of the options and log."""
    game = get_game(game_id)
    state: State = game.new_state(config, seed, log=log)
    agent = RandomAgent(seed)
    hashes = []
    digest = hashlib.blake2b(digest_size=16)
    seen = 0
    while True:
        hashes.append(state_hash(state))
        if log:
            digest.update(hashes[-1].encode())
            if state.decision is not None:
                digest.update(_encode(state.decision.option_ids()))
            for event in state.log[seen:]:
                digest.update(
                    _encode(
                        [
                            event.kind,
                            event.rule,
                            event.seat,
                            event.card,
                            event.text,
                            event.data,
                            event.visible_to,
                            event.redacted,
                        ]
                    )
                )
            seen = len(state.log)
        if state.decision is None:
            return hashes, digest.digest()
        game.apply(state, agent.choose(game, state, state.decision.seat))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("-n", "--games", type=int, default=20, help="games per player count")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--players", type=int, nargs="+", default=[2])
    parser.add_argument("-o", "--option", action="append", default=[])
    args = parser.parse_args(argv)
    if args.game not in GAMES:
        parser.error(f"unknown game {args.game!r}; known: {', '.join(GAMES)}")
    whole = hashlib.blake2b(digest_size=16)
    for players in args.players:
        part = hashlib.blake2b(digest_size=16)
        decisions = 0
        for seed in range(args.seed, args.seed + args.games):
            try:
                config = game_config(args.game, args.option, players, seed)
            except ConfigError as err:
                parser.error(str(err))
            hashes, digest = _play(args.game, config, seed, log=True)
            quiet, _ = _play(args.game, config, seed, log=False)
            if quiet != hashes:
                pairs = enumerate(zip(hashes, quiet, strict=False))
                at = next((i for i, (a, b) in pairs if a != b), min(len(hashes), len(quiet)))
                print(
                    f"{args.game} seed {seed}, {players} players: the game without a log "
                    f"parts from the logged one at decision {at}",
                    file=sys.stderr,
                )
                return 1
            part.update(digest)
            decisions += len(hashes)
        whole.update(part.digest())
        print(f"{players} players, {args.games} games, {decisions} decisions: {part.hexdigest()}")
    print(f"all: {whole.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
