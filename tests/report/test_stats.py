"""The report's statistics against published figures, and the summary's choices on numbers
made for the purpose: which matchups are lopsided, which need more games, how many more."""

from __future__ import annotations

import math

import pytest

from cardwright.analysis.stats import (
    newcombe_interval,
    t_cdf,
    t_quantile,
    welch_interval,
    wilson_interval,
)
from cardwright.report import charts, sections, summary
from cardwright.report.data import Rate, ReportData
from cardwright.sim.trace import report_hooks

#: Newcombe (1998), Statistics in Medicine 17:873-890, table II, method 10: (wins and games
#: of each side) -> the 95% interval of the difference.
NEWCOMBE = {
    (56, 70, 48, 80): (0.0524, 0.3339),
    (9, 10, 3, 10): (0.1705, 0.8090),
    (5, 56, 0, 29): (-0.0381, 0.1926),
    (0, 10, 0, 20): (-0.1611, 0.2775),
    (0, 10, 0, 10): (-0.2775, 0.2775),
    (10, 10, 0, 20): (0.6791, 1.0000),
    (10, 10, 0, 10): (0.6075, 1.0000),
}


@pytest.mark.parametrize(("counts", "interval"), NEWCOMBE.items())
def test_newcombe_interval_is_the_published_one(
    counts: tuple[int, int, int, int], interval: tuple[float, float]
) -> None:
    d, lo, hi = newcombe_interval(*counts)
    assert d == pytest.approx(counts[0] / counts[1] - counts[2] / counts[3])
    assert (round(lo, 4), round(hi, 4)) == interval


def test_newcombe_without_games_is_undefined() -> None:
    assert all(math.isnan(x) for x in newcombe_interval(3, 5, 0, 0))


def test_wilson_interval() -> None:
    lo, hi = wilson_interval(50, 100)
    assert (round(lo, 4), round(hi, 4)) == (0.4038, 0.5962)
    assert wilson_interval(0, 0) == (0.0, 1.0)


#: Student's t quantiles (two-sided 95% and 99%) from the standard tables.
T_TABLE = {
    (0.975, 1): 12.7062,
    (0.975, 2): 4.3027,
    (0.975, 5): 2.5706,
    (0.975, 10): 2.2281,
    (0.975, 30): 2.0423,
    (0.975, 120): 1.9799,
    (0.995, 7): 3.4995,
}


@pytest.mark.parametrize(("args", "value"), T_TABLE.items())
def test_t_quantile(args: tuple[float, int], value: float) -> None:
    p, df = args
    assert round(t_quantile(p, df), 4) == value
    assert t_quantile(1 - p, df) == pytest.approx(-t_quantile(p, df))
    assert t_cdf(t_quantile(p, df), df) == pytest.approx(p, abs=1e-9)


def test_t_quantile_refuses_nonsense() -> None:
    with pytest.raises(ValueError, match="0 < p < 1"):
        t_quantile(1.0, 3)


def test_welch_interval() -> None:
    """A worked case: means 10 and 9, variances 4 and 9, 20 and 25 values: standard error
    sqrt(4/20 + 9/25), Welch-Satterthwaite df 41.8, t 2.0185."""
    d, lo, hi = welch_interval(10, 4, 20, 9, 9, 25)
    se = math.sqrt(4 / 20 + 9 / 25)
    df = (4 / 20 + 9 / 25) ** 2 / ((4 / 20) ** 2 / 19 + (9 / 25) ** 2 / 24)
    assert round(df, 1) == 41.8
    assert d == 1 and hi - d == pytest.approx(t_quantile(0.975, df) * se)
    assert (round(lo, 3), round(hi, 3)) == (-0.510, 2.510)
    assert all(math.isnan(x) for x in welch_interval(1, 0, 1, 2, 1, 5))
    assert welch_interval(3, 0, 4, 3, 0, 4) == (0, 0, 0)


def made(
    cells: dict[tuple[str, str], Rate],
    players: int = 2,
    games: int = 100,
    decks: list[str] | None = None,
) -> ReportData:
    """Report numbers with the given matchups at one player count, from one run whose seats
    were dealt at random (or given ``decks``)."""
    seats = [{"seat": i} for i in range(players)]
    config = {"decks": decks or ["any"] * players}
    data = ReportData(
        game="blue-moon",
        title="Blue Moon",
        hooks=report_hooks("blue-moon"),
        games=games,
        runs=[{"run": 1, "summary": {"seats": seats, "config": config}}],
        player_counts=[players],
    )
    data.matrix[players] = cells
    data.lengths[players] = {10: games}
    return data


def test_lopsided_pairings() -> None:
    cells = {
        ("Hoax", "Vulca"): Rate(45, 60),  # 75%, interval clear of 50%
        ("Vulca", "Hoax"): Rate(15, 60),  # its mirror: left out
        ("Khind", "Aqua"): Rate(20, 30),  # 67%, interval holds 50%
        ("Aqua", "Khind"): Rate(10, 30),
        ("Flit", "Buka"): Rate(10, 10),  # 100%, but 10 games: left out
        ("Buka", "Flit"): Rate(0, 10),
    }
    found = summary.lopsided(made(cells))
    assert [(p.row, p.col, p.clear) for p in found] == [
        ("Hoax", "Vulca", True),
        ("Khind", "Aqua", False),
    ]


def test_cells_that_need_more_games() -> None:
    cells = {
        ("Hoax", "Vulca"): Rate(30, 60),
        ("Vulca", "Hoax"): Rate(30, 60),
        ("Hoax", "Flit"): Rate(2, 5),
        ("Flit", "Hoax"): Rate(3, 5),
        ("Flit", "Vulca"): Rate(6, 12),
    }
    (thin,) = summary.thin(made(cells, games=80))
    assert (thin.cells, thin.small, thin.smallest) == (5, 3, 5)
    assert thin.more == 80 * 30 // 5 - 80  # the smallest cell grows as the games do
    assert thin.names[0] == "Flit against Hoax (n=5)"
    assert summary.thin(made({("A", "B"): Rate(20, 40)}))[0].more == 0


def test_first_player_advantage() -> None:
    data = made({})
    data.first_seat[2] = [Rate(600, 1000), Rate(400, 1000)]
    (first,) = summary.first_player(data)
    assert first.clear and first.edge == pytest.approx(0.1)
    data.first_seat[2] = [Rate(52, 100), Rate(48, 100)]
    assert not summary.first_player(data)[0].clear


def test_small_cells_are_faded_and_say_their_games() -> None:
    """The matrix draws a cell of fewer than 30 games in a faded layer of its own, with its
    number of games: never a 0% or 100% at full colour from a handful of games."""
    rates = {"Hoax": Rate(40, 70), "Vulca": Rate(30, 70)}
    cells = {("Hoax", "Vulca"): Rate(40, 60), ("Vulca", "Hoax"): Rate(0, 10)}
    fig = charts.matrix(rates, cells, 2, "people")
    full, faded = fig.data
    assert full.opacity == 1 and faded.opacity < 0.5 and not faded.showscale
    decks = list(full.y)
    cell = {
        (r, c): (full.z[i][j], faded.z[i][j], faded.text[i][j] or full.text[i][j])
        for i, r in enumerate(decks)
        for j, c in enumerate(decks)
    }
    assert cell[("Vulca", "Hoax")] == (None, 0.0, "0%<br>n=10")
    assert cell[("Hoax", "Vulca")][:2] == (pytest.approx(2 / 3), None)
    assert "n=60" in cell[("Hoax", "Vulca")][2]


def test_matchups_with_no_game_are_counted() -> None:
    """Of the matchups the decks played could make, those not yet dealt: any two peoples can
    meet (a mirror too); Smash Up's factions are each once at a table, so a faction pair
    never meets a pair that shares a faction, and a faction never meets itself."""
    cells = {("Hoax", "Vulca"): Rate(30, 60), ("Vulca", "Hoax"): Rate(30, 60)}
    (thin,) = summary.thin(made(cells))
    assert thin.pairings == 4 and thin.empty == ["Hoax against Hoax", "Vulca against Vulca"]
    assert "2 have no game yet (Hoax against Hoax; Vulca against Vulca)" in " ".join(
        sections.summary_items(made(cells))
    )
    # runs that name their decks play only those matchups: no "no game yet" then
    chosen = made(cells, decks=["hoax", "vulca"])
    assert summary.thin(chosen)[0].empty == []
    assert "Enough games</b> (2 players, by people): all 2 matchups have 30" in " ".join(
        sections.summary_items(chosen)
    )
    data = made({})
    data.game, data.hooks = "smash-up", report_hooks("smash-up")
    data.runs[0]["summary"]["config"] = {"factions": ["any", "any"]}
    pairs = ["Aliens + Dinosaurs", "Aliens + Ninjas", "Ninjas + Pirates", "Robots + Wizards"]
    meet = [(a, b) for a in pairs for b in pairs if not set(a.split(" + ")) & set(b.split(" + "))]
    data.matrix[2] = {pair: Rate(5, 10) for pair in meet}
    data.matrix[2].pop(("Ninjas + Pirates", "Aliens + Dinosaurs"))
    (by_pair,) = summary.thin(data)
    assert by_pair.pairings == len(meet) == 8  # of 16: pairs sharing a faction never meet
    assert by_pair.empty == ["Ninjas + Pirates against Aliens + Dinosaurs"]
    data.part_matrix[2] = {("Aliens", "Ninjas"): Rate(5, 10), ("Ninjas", "Aliens"): Rate(5, 10)}
    by_faction = summary.thin(data)[1]
    assert (by_faction.pairings, by_faction.empty) == (2, [])


def test_names_on_the_card_chart_never_overlap() -> None:
    """Two cards at one point: the first (the most telling) is named above it, the second
    below; a third finds room beside; a name too long for the plot is left out (the table and
    the hover still give it)."""
    ranges = ((0.0, 1.0), (-1.0, 1.0))
    points = [("Alpha", 0.5, 0.0), ("Beta", 0.5, 0.0), ("Gamma", 0.5, 0.0), ("X" * 200, 0.2, 0.5)]
    placed = charts.place_labels(points, [p[0] for p in points], ranges, size=(600, 300))
    assert placed["Alpha"] == (0, -14) and placed["Beta"] == (0, 14)
    assert placed["Gamma"][1] == 0 and placed["Gamma"][0] > 0  # to its right
    assert "X" * 200 not in placed
    # in a crowd, every name placed keeps its own box
    # 25 points 30 px apart across, 15 px apart up: 22 names find room
    crowd = [(f"Card {i}", 0.3 + 0.05 * (i % 5), -0.5 + 0.1 * (i // 5)) for i in range(25)]
    many = charts.place_labels(crowd, [c[0] for c in crowd], ranges, size=(600, 300))
    boxes = []
    for name, x, y in crowd:
        if name in many:
            px, py = x * 600 + many[name][0], (1 - y) / 2 * 300 + many[name][1]  # y down
            w = len(name) * charts.CHAR_PX / 2
            boxes.append((px - w, py - 6, px + w, py + 6))
    assert len(boxes) == 22
    for i, a in enumerate(boxes):
        assert all(
            a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1] for b in boxes[i + 1 :]
        )
