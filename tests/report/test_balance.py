"""``cardwright balance``: the matchups it plans (named, every one, a seeded sample), the
games it stores (one run per seat order of each matchup), and its per-faction figures, which
must be a plain recount of the stored games."""

from __future__ import annotations

import json
import math
from collections import defaultdict
from pathlib import Path

import duckdb
import pytest

from cardwright.analysis.stats import wilson_interval
from cardwright.core.errors import ConfigError
from cardwright.games.smash_up.carddata import load_factions
from cardwright.report.balance import (
    all_matchups,
    count_matchups,
    figures,
    matchup,
    plan,
    play,
    sample_matchups,
)

from ..test_cli import assert_user_error, cw


def test_counts_and_every_matchup() -> None:
    """Two seats of two factions from 6 factions: 15 four-faction sets, 3 splits each."""
    pool = [f"f{i}" for i in range(6)]
    every = all_matchups(pool, 2, pairs=True)
    assert count_matchups(6, 2, pairs=True) == len(every) == len(set(every)) == 45
    assert count_matchups(6, 3, pairs=True) == len(all_matchups(pool, 3, pairs=True)) == 15
    assert count_matchups(6, 2, pairs=False) == len(all_matchups(pool, 2, pairs=False)) == 15
    # with today's factions (read from the catalogue, however many there are)
    n = len(load_factions())
    assert count_matchups(n, 2, pairs=True) == math.comb(n, 4) * 3


def test_sample_is_seeded_distinct_and_in_the_pool() -> None:
    pool = sorted(load_factions())
    a = sample_matchups(pool, 2, True, 40, seed=7)
    assert a == sample_matchups(pool, 2, True, 40, seed=7)
    assert a != sample_matchups(pool, 2, True, 40, seed=8)
    assert len(set(a)) == 40
    for m in a:
        flat = [f for deck in m.decks for f in deck]
        assert len(flat) == len(set(flat)) == 4 and set(flat) <= set(pool)
    # asking for more than there are plays every one
    assert len(sample_matchups(pool[:5], 2, True, 1000, seed=0)) == 15


def test_plan_reads_pairings_and_refuses_mistakes() -> None:
    p = plan("smash-up", pairings=["ninjas+pirates:dinosaurs,aliens"], games=3)
    assert p.matchups == [matchup([["aliens", "dinosaurs"], ["ninjas", "pirates"]])]
    assert p.players == 2 and p.config["players"] == 2
    among = plan("smash-up", among=["aliens", "ninjas", "pirates", "robots", "zombies"])
    assert len(among.matchups) == 15
    for kwargs, words in [
        ({"pairings": ["aliens+ninja:pirates+robots"]}, "unknown faction 'ninja'"),
        ({"pairings": ["aliens+ninjas:ninjas+robots"]}, "ninjas at two seats"),
        ({"pairings": ["aliens:ninjas"]}, "two factions"),
        ({"pairings": ["a+b:c+d", "a+b:c+d"]}, "unknown faction 'a'"),
        ({"pairings": ["aliens+ninjas:pirates+robots"] * 2}, "the same matchup"),
        ({"sample": 2, "games": 0}, "at least 1 game"),
        ({}, "name the matchups"),
        ({"sample": 2, "players": 9}, "different factions"),
    ]:
        with pytest.raises(ConfigError, match=words):
            plan("smash-up", **kwargs)  # type: ignore[arg-type]


def test_figures_are_a_recount_of_the_stored_games(tmp_path: Path) -> None:
    """Two matchups, four games each (two in each seat order), played into a store: each
    faction's games, wins, share and first-turn figures equal a count over the rows."""
    store = tmp_path / "balance.duckdb"
    p = plan(
        "smash-up",
        pairings=["aliens+dinosaurs:ninjas+pirates", "robots+wizards:tricksters+zombies"],
        agent="random",
        games=4,
    )
    runs = play(p, store, seed=3)
    assert len(runs) == 4  # one run per seat order of each matchup
    f = figures(store, "smash-up", runs)
    assert f.games == 8 and f.players == [2]
    con = duckdb.connect(str(store), read_only=True)
    rows = con.execute(
        "SELECT s.deck, s.turn_order, s.won, s.drawn, g.config FROM seats s "
        "JOIN games g USING (game_no) ORDER BY s.game_no, s.seat"
    ).fetchall()
    con.close()
    seen: dict[str, list[tuple[int, float]]] = defaultdict(list)
    first_seat = []
    seat_orders = set()
    for deck, order, won, drawn, config in rows:
        score = 1.0 if won else 0.5 if drawn else 0.0
        for faction in deck.split(" + "):
            seen[faction].append((order, score))
        if order == 0:
            first_seat.append(score)
        seat_orders.add(tuple(tuple(pair) for pair in json.loads(config)["factions"]))
    assert len(seat_orders) == 4  # each deck sat first in its matchup
    assert {p.part for p in f.parts} == set(seen) and len(seen) == 8
    for part in f.parts:
        games = seen[part.part]
        score = sum(s for _, s in games)
        assert part.rate.n == len(games) == 4
        assert part.rate.value == pytest.approx(score / 4)
        assert part.rate.ci == wilson_interval(score, 4)
        first = [s for o, s in games if o == 0]
        assert (part.first.n, part.first.score) == (len(first), sum(first))
        assert part.later.n == 4 - len(first)
    assert f.first_seat.n == 8 and f.first_seat.score == sum(first_seat)
    assert [p.rate.value for p in f.parts] == sorted((p.rate.value for p in f.parts), reverse=True)


def test_balance_command(tmp_path: Path) -> None:
    """The command as a designer runs it: a seeded sample, stored, the same figures again
    with --from, and a one-line error for a mistake (the others: the plan test)."""
    store = tmp_path / "b.duckdb"
    args = ["balance", "smash-up", "--sample", "2", "--games-per-pairing", "2", "--agent"]
    played = cw(*args, "random", "--seed", "5", "--out", str(store), "--json")
    assert played.returncode == 0, played.stderr
    result = json.loads(played.stdout)
    assert result["games"] == 4 and sum(p["games"] for p in result["parts"]) == 4 * 2 * 2
    assert sum(p["wins"] + p["draws"] / 2 for p in result["parts"]) == 4 * 2  # 2 winners a game
    again = cw("balance", "smash-up", "--from", str(store), "--json")
    assert json.loads(again.stdout) == result
    assert_user_error(cw("balance", "smash-up", "--from", str(store), "--sample", "3"), "--from")
