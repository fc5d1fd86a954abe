"""Hash what the PettingZoo environments hand out, to show a change of ``cardwright.rl`` or of
a game's encoder left every observation and mask the same bytes.

For each game, ``--games`` environment games (seeds 0, 1, ...), each step played by a random
legal action (seeded); at every step the observation and the mask of every seat (the acting
one last, so the environment's kept pair is exercised too), and the rewards, terminations and
truncations, go into one SHA-256 per game. Run it in two checkouts and compare the output::

    .venv/bin/python tools/env_hashes.py --games 50 > new.txt
    /work/main/.venv/bin/python tools/env_hashes.py --games 50 > old.txt && diff old.txt new.txt
"""

from __future__ import annotations

import argparse
import hashlib

import numpy as np

from cardwright.rl.aec import raw_env

#: each game with a config (two players unless it says otherwise)
GAMES: tuple[tuple[str, dict[str, object]], ...] = (
    ("bizarre-world", {}),
    ("blue-moon", {}),
    ("varia", {}),
    ("smash-up", {"players": 2}),
    ("munchkin", {"players": 4}),
)


def game_hash(game_id: str, config: dict[str, object], seed: int, most: int) -> tuple[str, int]:
    """The SHA-256 of one environment game of ``seed`` and its number of steps."""
    env = raw_env(game_id, **config)
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    digest = hashlib.sha256()
    steps = 0
    while env.agents and steps < most:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.step(None)
            continue
        for other in env.agents:
            if other != agent:
                seen = env.observe(other)
                digest.update(seen["observation"].tobytes())
                digest.update(seen["action_mask"].tobytes())
        seen = env.observe(agent)
        digest.update(seen["observation"].tobytes())
        mask = seen["action_mask"]
        digest.update(mask.tobytes())
        legal = np.flatnonzero(mask)
        env.step(int(legal[rng.integers(len(legal))]))
        steps += 1
        digest.update(repr((env.rewards, env.terminations, env.truncations)).encode())
    return digest.hexdigest(), steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="environment games per game")
    parser.add_argument("--steps", type=int, default=3000, help="at most this many steps a game")
    parser.add_argument("--only", nargs="*", help="these games only (ids)")
    args = parser.parse_args()
    for game_id, config in GAMES:
        if args.only and game_id not in args.only:
            continue
        total = hashlib.sha256()
        steps = 0
        for seed in range(args.games):
            digest, n = game_hash(game_id, config, seed, args.steps)
            total.update(digest.encode())
            steps += n
        print(f"{game_id} games={args.games} steps={steps} sha256={total.hexdigest()}", flush=True)


if __name__ == "__main__":
    main()
