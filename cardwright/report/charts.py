"""The report's charts, drawn with Plotly (graph objects only: no pandas, no numpy).

Each function takes numbers already gathered (:mod:`cardwright.report.data`) and returns a
figure; binning and averaging happen in SQL, so a chart carries a few hundred points whatever
the number of games. Hover text gives every number with its interval and sample size.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, Any

import plotly.graph_objects as go

from .data import SMALL, CardImpact, Rate, ReportData

if TYPE_CHECKING:
    from .compare import Shift

#: One colour per player count / turn-order position, and the two outcome colours.
PALETTE = ["#3366cc", "#dc7633", "#2e9c6a", "#8e44ad", "#c0392b", "#7f8c8d"]
WIN, OTHER = "#2e9c6a", "#c0392b"
FONT = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif"


def pct(x: float) -> str:
    return "–" if math.isnan(x) else f"{x:.1%}"


def rate_text(rate: Rate) -> str:
    lo, hi = rate.ci
    flag = " (small sample)" if rate.small else ""
    return f"{pct(rate.value)} (95%: {pct(lo)}–{pct(hi)}), n={rate.n:,}{flag}"


#: A title longer than this puts its parenthesis on a second, smaller line (clear of the
#: chart's toolbar at the top right).
TITLE_LINE = 70


def _layout(fig: go.Figure, title: str, height: int, **axes: object) -> go.Figure:
    top = 60
    if len(title) > TITLE_LINE and " (" in title:
        main, _, rest = title.partition(" (")
        title, top = f"{main}<br><sup>({rest}</sup>", 80
    fig.update_layout(
        title={"text": title, "x": 0, "xanchor": "left", "font": {"size": 16}},
        template="plotly_white",
        font={"family": FONT, "size": 12},
        height=height + top - 60,
        margin={"l": 60, "r": 30, "t": top, "b": 50},
        hoverlabel={"font": {"family": FONT}},
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.0, "x": 1, "xanchor": "right"},
        **axes,
    )
    return fig


Rates = dict[str, Rate]
Cells = dict[tuple[str, str], Rate]


def _ranked(rates: Rates) -> list[str]:
    """Decks from the strongest to the weakest."""
    return sorted(rates, key=lambda deck: (-rates[deck].value, deck))


#: A heatmap cell: its value, whether it is a small sample (drawn faded), its text, its hover.
HeatCell = tuple[float, bool, str, str]


def _heatmap(
    decks: list[str],
    cell: Callable[[str, str], HeatCell | None],
    missing: str,
    title: str,
    noun: str,
    *,
    scale: dict[str, Any],
) -> go.Figure:
    """A matrix of decks against decks in two layers: cells of 30 games or more at full
    colour, the others faded to a third (so that 0% or 100% from a handful of games never
    looks like a finding); ``scale``: the colour scale's range, middle and colour bar."""
    labelled = len(decks) <= 12
    grid = [[cell(row, col) for col in decks] for row in decks]
    fig = go.Figure()
    for small in (False, True):
        fig.add_trace(
            go.Heatmap(
                z=[[c[0] if c and c[1] == small else None for c in line] for line in grid],
                x=decks,
                y=decks,
                name=f"fewer than {SMALL} games" if small else f"{SMALL} games or more",
                text=[[c[2] if c and c[1] == small else "" for c in line] for line in grid]
                if labelled
                else None,
                texttemplate="%{text}" if labelled else None,
                textfont={"color": "#4a5263"} if small else None,
                customdata=[[c[3] if c else missing for c in line] for line in grid],
                hovertemplate="<b>%{y}</b> against %{x}<br>%{customdata}<extra></extra>",
                colorscale="RdBu",
                opacity=0.3 if small else 1.0,
                showscale=not small,
                xgap=1,
                ygap=1,
                hoverongaps=False,
                **scale,
            )
        )
    return _layout(
        fig,
        title,
        max(360, 150 + (46 if labelled else 22) * len(decks)),
        xaxis={
            "title": {"text": f"against ({noun})"},
            "tickangle": -40,
            "type": "category",
            "dtick": 1,  # every label, however many decks
            "tickfont": {"size": 12 if len(decks) <= 30 else 9},
            "automargin": True,
        },
        yaxis={
            "title": {"text": noun},
            "autorange": "reversed",
            "type": "category",
            "dtick": 1,
            "tickfont": {"size": 12 if len(decks) <= 30 else 10},
            "automargin": True,
        },
    )


def matrix(rates: Rates, cells: Cells, players: int, noun: str) -> go.Figure:
    """Win-rate matrix at one player count: the row deck's score rate in games against the
    column deck; rows and columns ranked by ``rates``; every cell says its number of games,
    and a cell of fewer than 30 is faded."""
    fair = 1 / players

    def cell(row: str, col: str) -> HeatCell | None:
        r = cells.get((row, col))
        return (
            None if r is None else (r.value, r.small, f"{r.value:.0%}<br>n={r.n:,}", rate_text(r))
        )

    return _heatmap(
        _ranked(rates),
        cell,
        "no games",
        f"{players} players: win rate of the row {noun} against the column {noun} "
        f"(fair: {fair:.0%}; faded: fewer than {SMALL} games)",
        noun,
        scale={
            "zmin": 0,
            "zmax": 1,
            "zmid": fair,
            "colorbar": {"title": {"text": "win rate"}, "tickformat": ".0%"},
        },
    )


def groups(rates_of: Rates, players: int, noun: str) -> go.Figure:
    """Each deck's overall score rate at one player count with its interval, strongest
    first."""
    decks = _ranked(rates_of)
    rates = [rates_of[d] for d in decks]
    fair = 1 / players
    fig = go.Figure(
        go.Bar(
            x=[r.value for r in rates],
            y=decks,
            orientation="h",
            marker={
                "color": ["#b0b7c3" if r.small else PALETTE[0] for r in rates],
            },
            error_x={
                "type": "data",
                "symmetric": False,
                "array": [r.ci[1] - r.value for r in rates],
                "arrayminus": [r.value - r.ci[0] for r in rates],
                "color": "#333",
            },
            customdata=[rate_text(r) for r in rates],
            hovertemplate="<b>%{y}</b><br>%{customdata}<extra></extra>",
        )
    )
    fig.add_vline(
        x=fair,
        line_dash="dash",
        line_color="#555",
        annotation_text=f"fair {fair:.0%}",
        annotation_position="bottom right",
    )
    return _layout(
        fig,
        f"{players} players: win rate per {noun} (grey: fewer than {SMALL} games)",
        max(260, 90 + 24 * len(decks)),
        xaxis={"title": {"text": "win rate"}, "tickformat": ".0%", "range": [0, 1]},
        yaxis={"autorange": "reversed", "type": "category", "automargin": True},
    )


ORDINAL = ["1st", "2nd", "3rd", "4th", "5th", "6th"]


def first_seat(data: ReportData) -> go.Figure:
    """Score rate by position in the turn order, per player count, against the fair share."""
    counts = sorted(data.first_seat)
    labels = [f"{p} players" for p in counts]
    fig = go.Figure()
    for order in range(max(counts, default=0)):
        rates = [data.first_seat[p][order] if order < p else Rate(0, 0) for p in counts]
        fig.add_trace(
            go.Bar(
                name=f"{ORDINAL[order]} to play",
                x=labels,
                y=[r.value if r.n else None for r in rates],
                marker_color=PALETTE[order % len(PALETTE)],
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": [r.ci[1] - r.value if r.n else 0 for r in rates],
                    "arrayminus": [r.value - r.ci[0] if r.n else 0 for r in rates],
                    "color": "#333",
                },
                customdata=[rate_text(r) if r.n else "" for r in rates],
                hovertemplate=f"{ORDINAL[order]} to play, %{{x}}<br>%{{customdata}}<extra></extra>",
            )
        )
    fig.add_trace(
        go.Scatter(
            name="fair share",
            x=labels,
            y=[1 / p for p in counts],
            mode="markers",
            marker={"symbol": "line-ew-open", "size": 60, "color": "#222", "line": {"width": 2}},
            hovertemplate="fair share %{y:.0%}<extra></extra>",
        )
    )
    return _layout(
        fig,
        "Win rate by position in the turn order",
        380,
        barmode="group",
        yaxis={"title": {"text": "win rate"}, "tickformat": ".0%", "rangemode": "tozero"},
        xaxis={"type": "category"},
    )


def lengths(data: ReportData) -> go.Figure:
    """How long games run, and the turn from which the winner stayed ahead."""
    fig = go.Figure()
    for i, players in enumerate(sorted(data.lengths)):
        colour = PALETTE[i % len(PALETTE)]
        for series, name, opacity in (
            (data.lengths[players], "game length", 0.75),
            (data.decided.get(players, {}), f"winner ahead for good ({data.score_key})", 0.35),
        ):
            if not series:
                continue
            total = sum(series.values())
            turns = sorted(series)
            fig.add_trace(
                go.Bar(
                    name=f"{players} players: {name}",
                    x=turns,
                    y=[series[t] / total for t in turns],
                    customdata=[series[t] for t in turns],
                    marker_color=colour,
                    opacity=opacity,
                    hovertemplate=f"{players} players, {name}: turn %{{x}}<br>"
                    "%{y:.1%} of games (%{customdata:,})<extra></extra>",
                )
            )
    return _layout(
        fig,
        "Game length, and the turn from which the eventual winner led for good",
        400,
        barmode="overlay",
        bargap=0.05,
        xaxis={"title": {"text": "turn"}},
        yaxis={"title": {"text": "share of games"}, "tickformat": ".0%"},
    )


def scores(data: ReportData) -> go.Figure:
    """The followed score over turns: eventual winners against the other seats."""
    label = data.hooks.score_label if data.score_key == data.hooks.score else data.score_key
    fig = go.Figure()
    multi = len(data.score_curves) > 1
    for players in sorted(data.score_curves):
        for winner in (True, False):
            curve = data.score_curves[players].get(winner, [])
            if not curve:
                continue
            who = "eventual winner" if winner else "other seats"
            name = f"{players} players: {who}" if multi else who
            colour = WIN if winner else OTHER
            turns = [c[0] for c in curve]
            fig.add_trace(
                go.Scatter(
                    x=turns + turns[::-1],
                    y=[c[3] for c in curve] + [c[2] for c in curve][::-1],
                    fill="toself",
                    fillcolor=colour,
                    opacity=0.15,
                    line={"width": 0},
                    hoverinfo="skip",
                    showlegend=False,
                    name=f"{name} 95% band",
                )
            )
            fig.add_trace(
                go.Scatter(
                    name=name,
                    x=turns,
                    y=[c[1] for c in curve],
                    mode="lines",
                    line={"color": colour, "dash": "solid" if players == 2 else "dot"},
                    customdata=[[c[2], c[3], c[4]] for c in curve],
                    hovertemplate=f"{name}, turn %{{x}}: mean %{{y:.2f}} {label}<br>"
                    "95%: %{customdata[0]:.2f}–%{customdata[1]:.2f}, n=%{customdata[2]:,}"
                    "<extra></extra>",
                )
            )
    return _layout(
        fig,
        f"Mean {label} at the end of each turn (games with one winner; turns with at least "
        "1% of the games)",
        400,
        xaxis={"title": {"text": "turn"}},
        yaxis={"title": {"text": label}},
    )


def _card_hover(c: CardImpact) -> str:
    d, lo, hi = c.impact
    return (
        f"<b>{c.card}</b> ({', '.join(c.decks[:4])}{'…' if len(c.decks) > 4 else ''})<br>"
        f"played in {pct(c.play_rate)} of its decks' games<br>"
        f"won when played: {rate_text(c.played)}<br>"
        f"won when not: {rate_text(c.not_played)}<br>"
        f"difference {d:+.1%} (95%: {lo:+.1%} to {hi:+.1%})"
    )


#: The per-card chart names every point up to this many cards, else the most telling ones.
LABEL_ALL = 25
LABEL_MOST = 16


def card_labels(impacts: list[CardImpact]) -> list[str]:
    """The cards to name on the per-card chart, the most telling first: those of 30 games or
    more on each side, those whose interval leaves out 0 first, then by the size of the
    difference; all of them when they are few, else the first few."""
    drawn = [c for c in impacts if not math.isnan(c.impact[0])]

    def telling(c: CardImpact) -> tuple[bool, bool, float, str]:
        d, lo, hi = c.impact
        return (c.small, not (lo > 0 or hi < 0), -abs(d), c.card)

    ranked = [c.card for c in sorted(drawn, key=telling)]
    return ranked if len(ranked) <= LABEL_ALL else ranked[:LABEL_MOST]


#: The per-card chart's plot area in pixels when the page is 1280 px wide (its 1180 px column
#: less padding, the chart's frame and margins): where its names are laid out clear of each
#: other. A narrower window squeezes the chart and its names with it.
CARD_PLOT = (1020.0, 410.0)
#: A name's box at font size 10: pixels per character (generous for system fonts) and height.
CHAR_PX, LINE_PX = 6.2, 13.0
#: Where a name may go: (side, dy), its centre beside its point (side -1 left, 1 right, 0
#: centred) and ``dy`` pixels below it; first close by, then further out with a leader line.
OFFSETS = [
    *((side, dy) for dy in (-14, 14) for side in (0, 1, -1)),
    (1, 0),
    (-1, 0),
    *((side, dy) for reach in (30, 46, 62) for dy in (-reach, reach) for side in (0, 1, -1)),
]

Box = tuple[float, float, float, float]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def place_labels(
    points: list[tuple[str, float, float]],
    named: list[str],
    ranges: tuple[tuple[float, float], tuple[float, float]],
    size: tuple[float, float] = CARD_PLOT,
) -> dict[str, tuple[float, float]]:
    """Where to write each name of ``named`` (in that order: the most telling first) so that
    no two names overlap, none covers a point and all stay inside the plot: the offset in
    pixels of each name's centre from its point (y down). ``points``: every point drawn,
    ``(name, x, y)`` in data units; ``ranges``: the axes' ranges. A name with no room left is
    not written (the table and the hover still give it)."""
    (x0, x1), (y0, y1) = ranges
    width, height = size

    def pixel(x: float, y: float) -> tuple[float, float]:
        return (x - x0) / (x1 - x0) * width, (y1 - y) / (y1 - y0) * height

    where = {name: pixel(x, y) for name, x, y in points}
    taken: list[Box] = [(px - 5, py - 5, px + 5, py + 5) for px, py in where.values()]
    placed: dict[str, tuple[float, float]] = {}
    for name in named:
        px, py = where[name]
        half_w, half_h = len(name) * CHAR_PX / 2 + 2, LINE_PX / 2
        for side, dy in OFFSETS:
            dx = side * (half_w + 7 if dy == 0 else half_w / 2)
            cx, cy = px + dx, py + dy
            box = (cx - half_w, cy - half_h, cx + half_w, cy + half_h)
            inside = box[0] >= 0 and box[2] <= width and box[1] >= 0 and box[3] <= height
            if inside and not any(_overlap(box, t) for t in taken):
                taken.append(box)
                placed[name] = (dx, dy)
                break
    return placed


def _padded(values: list[float], share: float = 0.05) -> tuple[float, float]:
    lo, hi = min(values), max(values)
    pad = (hi - lo) * share or 0.05
    return lo - pad, hi + pad


def cards(data: ReportData) -> go.Figure:
    """Each card's play rate against how much more often its player won when it was played;
    the points are named (every card when there are few, else the most telling)."""
    fig = go.Figure()
    drawn = [c for c in data.cards if not math.isnan(c.impact[0])]
    named = card_labels(data.cards)
    ranges = (
        _padded([c.play_rate for c in drawn] or [0.0, 1.0], 0.03),
        _padded([v for c in drawn for v in c.impact[1:]] or [-1.0, 1.0]),
    )
    for small in (False, True):
        chosen = [c for c in drawn if c.small == small]
        if not chosen:
            continue
        fig.add_trace(
            go.Scatter(
                name=f"fewer than {SMALL} games either way" if small else "cards",
                x=[c.play_rate for c in chosen],
                y=[c.impact[0] for c in chosen],
                mode="markers",
                marker={
                    "size": 8,
                    "color": "#b0b7c3" if small else PALETTE[0],
                    "symbol": "circle-open" if small else "circle",
                },
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": [c.impact[2] - c.impact[0] for c in chosen],
                    "arrayminus": [c.impact[0] - c.impact[1] for c in chosen],
                    "color": "#c8ccd4",
                    "thickness": 1,
                },
                customdata=[_card_hover(c) for c in chosen],
                hovertemplate="%{customdata}<extra></extra>",
            )
        )
    by_name = {c.card: c for c in drawn}
    points = [(c.card, c.play_rate, c.impact[0]) for c in drawn]
    placed = place_labels(points, named, ranges)
    for name, (dx, dy) in placed.items():
        c = by_name[name]
        fig.add_annotation(
            x=c.play_rate,
            y=c.impact[0],
            text=name,
            ax=dx,
            ay=dy,
            xanchor="center",
            yanchor="middle",
            showarrow=True,
            arrowhead=0,
            arrowwidth=0.7,
            arrowcolor="#8a93a5",
            standoff=4,
            font={"size": 10, "color": "#8a93a5" if c.small else "#1d2330"},
        )
    fig.add_hline(y=0, line_color="#555")
    some = "" if len(placed) == len(drawn) else " (named: the most telling)"
    return _layout(
        fig,
        f"Per card: win rate when played minus when not, by play rate{some}",
        520,
        xaxis={"title": {"text": "play rate"}, "tickformat": ".0%", "range": ranges[0]},
        yaxis={"title": {"text": "win rate difference"}, "tickformat": "+.0%", "range": ranges[1]},
    )


def shifts(
    rows: dict[str, Shift], title: str, noun: str, highlight: Collection[str] = ()
) -> go.Figure:
    """Each row's change (after - before) with its interval, largest rise first; the rows in
    ``highlight`` (decks holding a changed card) in their own colour, small samples grey."""
    order = sorted(rows, key=lambda k: (-rows[k].change[0], k))

    def group(k: str) -> int:
        return 2 if rows[k].small else 0 if k in highlight else 1

    fig = go.Figure()
    groups = (
        (0, "holds a changed card", "#dc7633"),
        (1, noun, PALETTE[0]),
        (2, f"fewer than {SMALL} games on a side", "#b0b7c3"),
    )
    for which, name, colour in groups:
        chosen = [k for k in order if group(k) == which]
        if not chosen:
            continue
        changes = [rows[k].change for k in chosen]
        fig.add_trace(
            go.Scatter(
                name=name,
                x=[c[0] for c in changes],
                y=chosen,
                mode="markers",
                marker={"size": 9, "color": colour},
                error_x={
                    "type": "data",
                    "symmetric": False,
                    "array": [c[2] - c[0] for c in changes],
                    "arrayminus": [c[0] - c[1] for c in changes],
                    "color": colour,
                },
                customdata=[_shift_hover(rows[k]) for k in chosen],
                hovertemplate="<b>%{y}</b><br>%{customdata}<extra></extra>",
            )
        )
    fig.add_vline(x=0, line_color="#555")
    return _layout(
        fig,
        title,
        max(280, 110 + 24 * len(rows)),
        xaxis={"title": {"text": "change (after − before)"}, "tickformat": _change_ticks(rows)},
        yaxis={
            "autorange": "reversed",
            "type": "category",
            "categoryorder": "array",
            "categoryarray": order,
            "automargin": True,
            "dtick": 1,
        },
    )


def _change_ticks(rows: dict[str, Shift]) -> str:
    """Whole percentage points, or tenths when every interval is within 5 points of 0."""
    ends = [abs(x) for s in rows.values() for x in s.change[1:] if not math.isnan(x)]
    return "+.1%" if max(ends, default=0) < 0.05 else "+.0%"


def _shift_hover(s: Shift) -> str:
    d, lo, hi = s.change
    return (
        f"before: {rate_text(s.before)}<br>after: {rate_text(s.after)}<br>"
        f"change {d:+.1%} (Newcombe 95%: {lo:+.1%} to {hi:+.1%})"
    )


def shift_matrix(cells: dict[tuple[str, str], Shift], players: int, noun: str) -> go.Figure:
    """The change of each matchup's win rate (after - before): red fell, blue rose; a cell
    with fewer than 30 games on a side is faded."""
    found = [abs(s.change[0]) for s in cells.values() if not math.isnan(s.change[0])]
    top = max(0.1, min(1.0, max(found, default=0)))

    def cell(row: str, col: str) -> HeatCell | None:
        s = cells.get((row, col))
        if s is None or math.isnan(s.change[0]):
            return None
        d = s.change[0]
        return (d, s.small, f"{d:+.0%}<br>n={s.before.n:,}/{s.after.n:,}", _shift_hover(s))

    return _heatmap(
        sorted({r for r, _ in cells} | {c for _, c in cells}),
        cell,
        "not on both sides",
        f"{players} players: change of the row {noun}'s win rate against the column {noun} "
        f"(n before/after; faded: fewer than {SMALL} games on a side)",
        noun,
        scale={
            "zmin": -top,
            "zmax": top,
            "zmid": 0,
            "colorbar": {"title": {"text": "change"}, "tickformat": "+.0%"},
        },
    )
