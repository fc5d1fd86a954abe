"""The balance report as a designer meets it: made by the command line from a store that
`simulate --out` wrote, its numbers those of `simulate --json` for the same seed and those a
plain recount of the stored games gives, and opened in headless Chromium (every chart drawn,
no console error, no request leaving the file, a real screenshot)."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path

import duckdb
import pytest

from cardwright.analysis.stats import wilson_interval
from cardwright.core.errors import DataError
from cardwright.games import get_game, playable_games
from cardwright.report.browser import Browser
from cardwright.report.build import build_report
from cardwright.report.data import gather
from cardwright.sim.records import replay
from cardwright.sim.store import load_game, simulate_into
from cardwright.sim.trace import report_hooks

from ..test_cli import assert_user_error, cw
from .pages import check_named_points, check_tables_have_csv, report_numbers

#: Per game: the simulate runs of its store (agents, extra arguments) and games per run.
RUNS: dict[str, list[list[str]]] = {
    "bizarre-world": [["--agents", "heuristic,random"], ["--agents", "random,heuristic"]],
    "blue-moon": [["--agents", "heuristic,heuristic"], ["--deck", "khind", "--deck", "hoax"]],
    "smash-up": [["--agents", "random,random"], ["--players", "3", "--agents", "random"]],
    # random agents rarely end a Munchkin game before its turn limit: 2.3 times the time
    "munchkin": [["--agents", "heuristic,heuristic,heuristic,heuristic"]],
}
GAMES_PER_RUN = 16


def test_report_numbers_are_a_recount_of_the_stored_games(tmp_path: Path) -> None:
    """Per people, per matchup, per turn-order position and per card, the report's rates
    equal a plain count over the stored games, replayed one by one."""
    store = tmp_path / "games.duckdb"
    for i, peoples in enumerate((["Hoax", "Vulca"], ["Khind", "Hoax"], ["Vulca", "Khind"])):
        config = {"peoples": peoples}
        simulate_into(store, "blue-moon", 12, ["heuristic", "random"], seed=i, config=config)
    hooks = report_hooks("blue-moon")
    game = get_game("blue-moon")
    groups: dict[str, list[float]] = defaultdict(list)
    matrix: dict[tuple[str, str], list[float]] = defaultdict(list)
    order: dict[int, list[float]] = defaultdict(list)
    seat_games: list[tuple[str, float, set[str]]] = []
    holds: dict[str, set[str]] = defaultdict(set)  # card -> the decks that hold it
    for game_no in range(1, 37):
        _, state = replay(load_game(store, game_no), log=True)
        decks = hooks.groups(dict(state.config))
        assert hooks.deck_cards is not None
        for deck, cards in zip(decks, hooks.deck_cards(dict(state.config)), strict=True):
            for c in cards:
                holds[c.card].add(deck)
        winners = state.result.winners
        first = next(e.seat for e in state.log if e.kind == "turn" and e.turn == 1)
        for seat in (0, 1):
            score = 1.0 if winners == [seat] else 0.5 if not winners else 0.0
            played = {
                game.card_name(state, e.card)
                for e in state.log
                if e.kind in hooks.played and e.seat == seat and e.card is not None
            }
            groups[decks[seat]].append(score)
            matrix[(decks[seat], decks[1 - seat])].append(score)
            order[(seat - first) % 2].append(score)
            seat_games.append((decks[seat], score, played))
            for card in played:
                holds[card].add(decks[seat])  # a card taken from another deck and played
    with duckdb.connect(str(store), read_only=True) as con:
        data = gather(con, "blue-moon", hooks)
    assert {d: (r.score, r.n) for d, r in data.groups[2].items()} == {
        d: (sum(s), len(s)) for d, s in groups.items()
    }
    assert {k: (r.score, r.n) for k, r in data.matrix[2].items()} == {
        k: (sum(s), len(s)) for k, s in matrix.items()
    }
    assert [(r.score, r.n) for r in data.first_seat[2]] == [
        (sum(order[i]), len(order[i])) for i in (0, 1)
    ]
    assert data.cards
    assert {c.card for c in data.cards} == set(holds)  # the cards never played included
    for card in data.cards:
        decks = holds[card.card]
        assert set(card.decks) == decks
        with_card = [s for d, s, played in seat_games if d in decks and card.card in played]
        without = [s for d, s, played in seat_games if d in decks and card.card not in played]
        assert (card.played.score, card.played.n) == (sum(with_card), len(with_card))
        assert (card.not_played.score, card.not_played.n) == (sum(without), len(without))
        assert card.played.ci == wilson_interval(sum(with_card), len(with_card))
    never = {n.card: (set(n.decks), n.seat_games) for n in data.never_played}
    expected = {}
    for card, decks in holds.items():
        unplayed = {d for d in decks if not any(card in p for d2, _, p in seat_games if d2 == d)}
        if unplayed:
            expected[card] = (unplayed, sum(1 for d, _, _ in seat_games if d in unplayed))
    assert never == expected  # (every card was played here: see test_compare for some not)
    assert data.longest[0].turns == max(load_game(store, n).turns for n in range(1, 37))


def test_smash_up_matchups_by_faction_are_a_recount(tmp_path: Path) -> None:
    """Each faction pair counts once for each of its factions, against each faction of every
    other seat."""
    store = tmp_path / "games.duckdb"
    config = {"factions": ["any", "any", "any"]}
    simulate_into(store, "smash-up", 10, ["random"] * 3, seed=8, config=config)
    hooks = report_hooks("smash-up")
    assert hooks.parts is not None
    groups: dict[str, list[float]] = defaultdict(list)
    matrix: dict[tuple[str, str], list[float]] = defaultdict(list)
    with duckdb.connect(str(store), read_only=True) as con:
        rows = con.execute("SELECT decks, winners FROM games").fetchall()
        data = gather(con, "smash-up", hooks)
    for decks, winners in rows:
        for seat, deck in enumerate(decks):
            score = 1.0 if winners == [seat] else 0.5 if not winners else 0.0
            for part in hooks.parts(deck):
                groups[part].append(score)
                for other, against in enumerate(decks):
                    for their in hooks.parts(against) if other != seat else ():
                        matrix[(part, their)].append(score)
    assert {f: (r.score, r.n) for f, r in data.part_groups[3].items()} == {
        f: (sum(s), len(s)) for f, s in groups.items()
    }
    assert {k: (r.score, r.n) for k, r in data.part_matrix[3].items()} == {
        k: (sum(s), len(s)) for k, s in matrix.items()
    }
    assert sum(r.n for r in data.part_groups[3].values()) == 10 * 3 * 2


@pytest.mark.parametrize("game", playable_games())
def test_every_game_has_its_report(browser: Browser, game: str, tmp_path: Path) -> None:
    """Through the command line: runs of ``simulate --json --out`` into one store, then
    ``report``. The page's numbers are the runs' JSON (and the same seed without a store gives
    the same JSON); in Chromium every chart is drawn, with no console error and no request
    leaving the file."""
    store = tmp_path / "games.duckdb"
    outputs = []
    for i, extra in enumerate(RUNS.get(game, [[]])):
        args = ["simulate", game, "-n", str(GAMES_PER_RUN), "--seed", str(40 + i), *extra]
        proc = cw(*args, "--json", "--out", str(store))
        assert proc.returncode == 0, proc.stderr
        outputs.append(json.loads(proc.stdout))
    report = tmp_path / "report.html"
    proc = cw("report", game, "--from", str(store), "--output", str(report))
    assert proc.returncode == 0, proc.stderr
    html = report.read_text()

    numbers = report_numbers(html)
    assert [run["summary"] for run in numbers["runs"]] == outputs
    assert numbers["games"] == GAMES_PER_RUN * len(outputs)
    first_run = RUNS.get(game, [[]])[0]
    plain = cw("simulate", game, "-n", str(GAMES_PER_RUN), "--seed", "40", *first_run, "--json")
    assert json.loads(plain.stdout) == outputs[0]  # storing changes no game
    for run in outputs:  # and the page shows them
        for seat in run["seats"]:
            lo, hi = seat["ci95"]
            assert f'<td class="num">{seat["wins"]:,}</td>' in html
            assert f"{lo:.1%}–{hi:.1%}" in html
            # one name for a seat throughout: the games' own, "Player 1" for seat 0
            assert f"<td>Player {seat['seat'] + 1}</td>" in html
    assert not re.search(r"\bseat \d", html)
    summary = html[html.index('id="summary"') : html.index('id="runs"')]
    assert "Going first" in summary and "games" in summary
    files = check_tables_have_csv(html)
    assert {"cards", "never-played", "games-longest", "turn-order"} <= set(files)

    expected = re.findall(r'<div class="chart" data-chart="([^"]+)"', html)
    for players in sorted({len(run["seats"]) for run in outputs}):
        assert f"matrix-{players}" in expected and f"groups-{players}" in expected
    assert {"first-seat", "lengths", "scores", "cards"} <= set(expected)
    if report_hooks(game).parts is not None:  # Smash Up: by faction too
        assert {"part-matrix-2", "part-groups-2"} <= set(expected)
    seen = browser.look(report)
    assert [c["id"] for c in seen.charts] == expected
    for chart in seen.charts:
        assert chart["drawn"] and chart["traces"] > 0 and chart["marks"] > 0, chart
        assert chart["width"] > 600 and chart["height"] > 200, chart
    assert seen.errors == []
    assert seen.requests == []  # opens offline: nothing but the file itself
    assert seen.width <= 1280 and seen.scrollers == []  # no sideways scroll at 1280 px
    named = check_named_points(seen.charts)  # named points, no two names overlapping
    assert set(named) <= {c["card"] for c in numbers["cards"]}
    assert seen.title == f"{get_game(game).title} balance report"
    assert seen.screenshot.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = (int.from_bytes(seen.screenshot[i : i + 4], "big") for i in (16, 20))
    assert width == 1280 and height > 2000  # the whole page, not a blank viewport
    (tmp_path / f"{game}.png").write_bytes(seen.screenshot)


def test_command_line_mistakes_change_nothing(tmp_path: Path) -> None:
    store = tmp_path / "games.duckdb"
    assert_user_error(
        cw("simulate", "blue-moon", "-n", "2", "--out", str(tmp_path / "g.parquet")), ".duckdb"
    )
    assert_user_error(
        cw("simulate", "blue-moon", "-n", "2", "--out", str(tmp_path / "no" / "g.duckdb")),
        "no such folder",
    )
    assert_user_error(
        cw("simulate", "blue-moon", "-n", "2", "--agents", "nobody,random", "--out", str(store))
    )
    assert list(tmp_path.iterdir()) == []
    text = tmp_path / "notes.duckdb"
    text.write_text("not a database")
    assert_user_error(cw("simulate", "blue-moon", "-n", "2", "--out", str(text)), "game store")
    assert text.read_text() == "not a database"
    assert cw("simulate", "bizarre-world", "-n", "3", "--out", str(store)).returncode == 0
    before = store.read_bytes()
    html = tmp_path / "r.html"
    assert_user_error(
        cw("report", "blue-moon", "--from", str(store), "--output", str(html)),
        "no blue-moon games",
        "bizarre-world",
    )
    assert_user_error(
        cw("report", "bizarre-world", "--from", str(store), "--output", str(tmp_path / "r.txt")),
        "HTML",
    )
    assert_user_error(cw("report", "bizarre-world"), "--from")
    # -o is a rule option in every command: the report's old -o FILE says what to write
    assert_user_error(cw("report", "bizarre-world", "-o", str(html)), f"--output {html}")
    assert_user_error(cw("report", "bizarre-world", "--from", str(store), "-n", "3"), "-n")
    assert_user_error(cw("explain", "--from", str(store), "--game", "9"), "no game 9", "1 to 3")
    assert_user_error(cw("explain", "--from", str(store)), "--game")
    assert store.read_bytes() == before
    assert not html.exists() and not (tmp_path / "r.txt").exists()


def test_report_plays_its_own_games_and_explains_them(tmp_path: Path) -> None:
    html = tmp_path / "bw.html"
    proc = cw(
        "report", "bizarre-world", "-n", "8", "--agents", "heuristic,random", "--output", str(html)
    )
    assert proc.returncode == 0, proc.stderr
    store = tmp_path / "bw.duckdb"
    numbers = report_numbers(html.read_text())
    assert numbers["games"] == 8
    game_no = numbers["longest"][0]
    assert f"cardwright explain --from {store} --game {game_no}" in html.read_text()
    explained = cw("explain", "--from", str(store), "--game", str(game_no))
    assert explained.returncode == 0 and "bw." in explained.stdout
    assert "OK" in cw("replay", "--from", str(store), "--game", str(game_no)).stdout
    # the same store again would mix two runs silently: refused, nothing written
    again = cw("report", "bizarre-world", "-n", "8", "--output", str(html))
    assert_user_error(again, "exists", "--from")
    built = build_report(store, "bizarre-world", tmp_path / "again.html", threads=1, runs=[1])
    assert built.games == 8 and "cards" in built.charts
    with pytest.raises(
        DataError, match=r"bw.duckdb: no run 2 of bizarre-world \(its bizarre-world runs: 1\)"
    ):
        build_report(store, "bizarre-world", tmp_path / "run2.html", runs=[2])
    assert not (tmp_path / "run2.html").exists()
    assert_user_error(
        cw("explain", "--from", str(store), "--game", "1", "--seat", "2"), "seats are 0 to 1"
    )
