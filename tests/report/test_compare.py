"""Comparing two runs, as a designer does after changing a card: two stores of Bizarre World
games whose Gray Collar deck differs in one card's cost (a deck file edited), and one store
holding both runs. The report names the card and what changed in it, and its numbers
(each side's rates, the change, Newcombe's interval) are a recount of the stored games; the
page opens in Chromium with every chart drawn, no sideways scroll at 1280 pixels, named
points in the per-card chart, and a CSV behind every table."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from pathlib import Path
from typing import Any

import duckdb
import pytest

from cardwright.analysis.stats import newcombe_interval, welch_interval
from cardwright.core.errors import ConfigError, DataError
from cardwright.games.bizarre_world.decks import STARTERS
from cardwright.report.browser import Browser
from cardwright.report.build import build_report
from cardwright.report.compare import compare
from cardwright.report.data import gather
from cardwright.sim.store import simulate_into
from cardwright.sim.trace import report_hooks

from ..test_cli import assert_user_error, cw
from .pages import check_named_points, check_tables_have_csv, report_numbers

CARD = "Boring Rock of Minimum Wage"
GAMES = 150  # per side


def deck_file(folder: Path, cost: int) -> Path:
    """Gray Collar with the Boring Rock of Minimum Wage at ``cost`` (2 in the starter)."""
    text = (STARTERS / "gray-collar.toml").read_text()
    start = text.index(f'name = "{CARD}"')
    changed = text[:start] + text[start:].replace("cost = 2", f"cost = {cost}", 1)
    path = folder / f"gray-collar-{cost}.toml"
    path.write_text(changed)
    return path


@pytest.fixture(scope="module")
def stores(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """``before`` and ``after``: one run each (the card at cost 2, then 4, against Purple
    Haze); ``both``: the two runs in one store (run 1 before, run 2 after)."""
    folder = tmp_path_factory.mktemp("compare")
    out = {}
    for name, cost, seed in (("before", 2, 5), ("after", 4, 6)):
        config = {"decks": [str(deck_file(folder, cost)), "purple-haze"]}
        for store in (folder / f"{name}.duckdb", folder / "both.duckdb"):
            simulate_into(
                store, "bizarre-world", GAMES, ["heuristic"] * 2, seed=seed, config=config
            )
        out[name] = folder / f"{name}.duckdb"
    out["both"] = folder / "both.duckdb"
    return out


def side(store: Path, runs: list[int] | None = None) -> Any:
    with duckdb.connect(str(store), read_only=True) as con:
        return gather(con, "bizarre-world", report_hooks("bizarre-world"), runs)


def recount(store: Path, run: int) -> dict[str, Any]:
    """Plain counts over one run's stored games: each deck's score, and the changed card's
    plays by the Gray Collar seats."""
    with duckdb.connect(str(store), read_only=True) as con:
        seats = con.execute(
            "SELECT s.game_no, s.seat, s.deck, s.won, s.drawn FROM seats s "
            "JOIN games g USING (game_no) WHERE g.run = ?",
            [run],
        ).fetchall()
        played = {
            (g, s)
            for g, s in con.execute(
                "SELECT p.game_no, p.seat FROM plays p JOIN games g USING (game_no) "
                "WHERE g.run = ? AND p.card LIKE ?",
                [run, f"{CARD} (%)"],
            ).fetchall()
        }
        turns = [
            t for (t,) in con.execute("SELECT turns FROM games WHERE run = ?", [run]).fetchall()
        ]
    decks: dict[str, list[float]] = defaultdict(list)
    card: list[float] = []
    gray = 0
    for game_no, seat, deck, won, drawn in seats:
        score = 1.0 if won else 0.5 if drawn else 0.0
        decks[deck].append(score)
        if deck == "Gray Collar":
            gray += 1
            if (game_no, seat) in played:
                card.append(score)
    return {"decks": decks, "card": card, "gray": gray, "turns": turns}


def test_the_changed_card_and_what_it_did_are_a_recount(stores: dict[str, Path]) -> None:
    cmp = compare(side(stores["before"]), side(stores["after"]))
    assert [(c.name, c.kind, c.decks) for c in cmp.changed] == [(CARD, "changed", ["Gray Collar"])]
    changes = {c.field: (c.before, c.after) for c in cmp.changed[0].changes}
    assert changes["cost"] == (2, 4)
    assert changes["points"][1] - changes["points"][0] > 0  # a dearer card is worth more points
    assert cmp.changed[0].before == [f"{CARD} (2)"] and cmp.changed[0].after == [f"{CARD} (4)"]
    assert not cmp.settings  # the decks differ only in that card

    before, after = recount(stores["before"], 1), recount(stores["after"], 1)
    for deck, shift in cmp.decks[2].items():
        b, a = before["decks"][deck], after["decks"][deck]
        assert (shift.before.score, shift.before.n) == (sum(b), len(b))
        assert (shift.after.score, shift.after.n) == (sum(a), len(a))
        assert shift.change == newcombe_interval(sum(a), len(a), sum(b), len(b))
    card = next(c for c in cmp.cards if c.name == CARD)
    assert (card.play_rate.before.score, card.play_rate.before.n) == (
        len(before["card"]),
        before["gray"],
    )
    assert (card.won_when_played.after.score, card.won_when_played.after.n) == (
        sum(after["card"]),
        len(after["card"]),
    )
    assert cmp.cards[0].name == CARD  # changed cards first
    length = cmp.lengths[2]
    tb, ta = before["turns"], after["turns"]
    mean_b, mean_a = sum(tb) / len(tb), sum(ta) / len(ta)
    var_b = sum((t - mean_b) ** 2 for t in tb) / (len(tb) - 1)
    var_a = sum((t - mean_a) ** 2 for t in ta) / (len(ta) - 1)
    expected = welch_interval(mean_a, var_a, len(ta), mean_b, var_b, len(tb))
    assert length.change == pytest.approx(expected)

    # the same two runs in one store compare the same way
    same = compare(side(stores["both"], [1]), side(stores["both"], [2]))
    assert [(c.name, c.changes) for c in same.changed] == [(c.name, c.changes) for c in cmp.changed]
    assert {d: s.change for d, s in same.decks[2].items()} == {
        d: s.change for d, s in cmp.decks[2].items()
    }


def test_cards_never_played_are_a_recount(stores: dict[str, Path]) -> None:
    """The store keeps each deck's cards as dealt (the deck file's); the cards never played
    are those less the cards the deck's seats played."""
    data = side(stores["before"])
    hooks = report_hooks("bizarre-world")
    assert hooks.deck_cards is not None
    config = side_config(stores["before"])
    dealt = zip(hooks.groups(config), hooks.deck_cards(config), strict=True)
    with duckdb.connect(str(stores["before"]), read_only=True) as con:
        held = set(con.execute("SELECT deck, card FROM cards").fetchall())
        played = set(
            con.execute(
                "SELECT DISTINCT s.deck, p.card FROM plays p JOIN seats s USING (game_no, seat)"
            ).fetchall()
        )
    assert held == {(deck, c.card) for deck, cards in dealt for c in cards}
    never = held - played
    assert never  # the heuristic leaves some cards unplayed
    assert {(d, n.card) for n in data.never_played for d in n.decks} == never
    for n in data.never_played:
        assert n.seat_games == GAMES * len(n.decks)


def side_config(store: Path) -> dict[str, Any]:
    with duckdb.connect(str(store), read_only=True) as con:
        (config,) = con.execute("SELECT config FROM games LIMIT 1").fetchone()
    return dict(json.loads(config))


def test_report_against_in_chromium(
    stores: dict[str, Path], browser: Browser, tmp_path: Path
) -> None:
    """``report --from AFTER --against BEFORE`` through the command line."""
    page = tmp_path / "changed.html"
    proc = cw(
        "report", "bizarre-world", "--from", str(stores["after"]),
        "--against", str(stores["before"]), "--output", str(page),
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "compared with" in proc.stdout
    html = page.read_text()
    numbers = report_numbers(html)
    changed = numbers["compare"]["changed"]
    assert [(c["card"], c["decks"]) for c in changed] == [(CARD, ["Gray Collar"])]
    assert ["cost", 2, 4] in changed[0]["changes"]
    assert "cost 2 → 4" in html  # said in words in the page
    assert "Player 1" in html and not re.search(r"\bseat \d", html)  # one name for seats
    assert html.index('id="summary"') < html.index('id="compare"') < html.index('id="runs"')

    files = check_tables_have_csv(html)
    rows = {r[0]: r for r in files["changed-cards"][1:]}
    assert "cost: 2 -> 4" in rows[CARD][3]
    groups = {r[0]: r for r in files["compare-win-rates-2p"][1:]}
    head = files["compare-win-rates-2p"][0]
    for deck, shift in numbers["compare"]["groups"]["2"].items():
        row = dict(zip(head, groups[deck], strict=True))
        assert float(row["change"]) == pytest.approx(shift["change"][0], abs=1e-4)
        assert int(row["after_games"]) == shift["after"]["n"]

    seen = browser.look(page)
    assert seen.errors == [] and seen.requests == []
    ids = [c["id"] for c in seen.charts]
    assert {"compare-groups-2", "compare-matrix-2", "cards", "matrix-2"} <= set(ids)
    for chart in seen.charts:
        assert chart["drawn"] and chart["traces"] > 0 and chart["marks"] > 0, chart
    named = check_named_points(seen.charts)  # named points, no two names overlapping
    assert set(named) <= {c["card"] for c in numbers["cards"]}
    assert seen.width <= 1280 and seen.scrollers == []  # no sideways scroll
    (tmp_path / "compare.png").write_bytes(seen.screenshot)


def test_two_runs_of_one_store(stores: dict[str, Path], tmp_path: Path) -> None:
    """``--against-run`` alone compares with runs of the ``--from`` store; the other side is
    every other run."""
    out = tmp_path / "runs.html"
    built = build_report(stores["both"], "bizarre-world", out, against_runs=[1])
    assert built.games == GAMES
    numbers = report_numbers(out.read_text())
    assert numbers["compare"]["before"]["runs"] == [1]
    assert [c["card"] for c in numbers["compare"]["changed"]] == [CARD]
    assert [r["run"] for r in numbers["runs"]] == [2]


def test_comparison_mistakes_change_nothing(stores: dict[str, Path], tmp_path: Path) -> None:
    page = tmp_path / "r.html"
    both, after = str(stores["both"]), str(stores["after"])
    stored = stores["both"].read_bytes()
    assert_user_error(
        cw("report", "bizarre-world", "--from", after, "--against", str(tmp_path / "no.duckdb"),
           "--output", str(page)),
        "no.duckdb", "no such game store",
    )  # fmt: skip
    assert_user_error(
        cw("report", "bizarre-world", "--from", both, "--against", both, "--output", str(page)),
        "--run",
        "--against-run",
    )
    with pytest.raises(ConfigError, match=r"run\(s\) 1 on both sides"):
        build_report(stores["both"], "bizarre-world", page, runs=[1], against_runs=[1])
    with pytest.raises(
        DataError, match=r"after\.duckdb: holds no blue-moon games \(it holds: bizarre-world\)"
    ):
        build_report(stores["after"], "blue-moon", page, against=stores["both"])
    assert_user_error(
        cw("report", "bizarre-world", "-n", "2", "--out", both, "--against", both,
           "--output", str(page)),
        "--against-run",
    )  # fmt: skip
    with pytest.raises(
        DataError, match=r"no run 3 of bizarre-world \(its bizarre-world runs: 1, 2\)"
    ):
        build_report(stores["both"], "bizarre-world", page, runs=[3], against_runs=[1])
    assert not page.exists() and stores["both"].read_bytes() == stored


def test_report_plays_heuristic_games_of_every_deck_by_default(tmp_path: Path) -> None:
    page = tmp_path / "bw.html"
    proc = cw("report", "bizarre-world", "-n", "12", "--seed", "3", "--output", str(page))
    assert proc.returncode == 0, proc.stderr
    with duckdb.connect(str(tmp_path / "bw.duckdb"), read_only=True) as con:
        agents, config = con.execute("SELECT agents, config FROM runs").fetchone()
        decks = {d for (d,) in con.execute("SELECT DISTINCT deck FROM seats").fetchall()}
    assert agents == ["heuristic", "heuristic"]
    assert json.loads(config)["decks"] == ["any", "any"]
    assert decks == {"Gray Collar", "Purple Haze"}  # every starter deck dealt


def test_any_deck_without_agents(tmp_path: Path) -> None:
    """``--deck any`` for every seat and no ``--agents``: the game's own number of players,
    found with the decks dealt (the word ``any`` is no deck)."""
    proc = cw("simulate", "bizarre-world", "-n", "2", "--deck", "any", "--deck", "any", "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["agents"] == ["random", "random"]
