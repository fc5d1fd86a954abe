"""The report's charts, drawn with Plotly (graph objects only: no pandas, no numpy).

Each function takes numbers already gathered (:mod:`cardwright.report.data`) and returns a
figure; binning and averaging happen in SQL, so a chart carries a few hundred points whatever
the number of games. Hover text gives every number with its interval and sample size.
"""

from __future__ import annotations

import math

import plotly.graph_objects as go

from .data import CardImpact, Rate, ReportData

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


def _layout(fig: go.Figure, title: str, height: int, **axes: object) -> go.Figure:
    fig.update_layout(
        title={"text": title, "x": 0, "xanchor": "left", "font": {"size": 16}},
        template="plotly_white",
        font={"family": FONT, "size": 12},
        height=height,
        margin={"l": 60, "r": 30, "t": 60, "b": 50},
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


def matrix(rates: Rates, cells: Cells, players: int, noun: str) -> go.Figure:
    """Win-rate matrix at one player count: the row deck's score rate in games against the
    column deck; rows and columns ranked by ``rates``."""
    decks = _ranked(rates)
    z: list[list[float | None]] = []
    text: list[list[str]] = []
    hover: list[list[str]] = []
    for row in decks:
        z.append([])
        text.append([])
        hover.append([])
        for col in decks:
            rate = cells.get((row, col))
            z[-1].append(None if rate is None else rate.value)
            text[-1].append("" if rate is None else f"{rate.value:.0%}<br>n={rate.n:,}")
            hover[-1].append("no games" if rate is None else rate_text(rate))
    fair = 1 / players
    fig = go.Figure(
        go.Heatmap(
            z=z,
            x=decks,
            y=decks,
            text=text if len(decks) <= 12 else None,
            texttemplate="%{text}" if len(decks) <= 12 else None,
            customdata=hover,
            hovertemplate="<b>%{y}</b> against %{x}<br>%{customdata}<extra></extra>",
            colorscale="RdBu",
            zmin=0,
            zmax=1,
            zmid=fair,
            colorbar={"title": {"text": "win rate"}, "tickformat": ".0%"},
            xgap=1,
            ygap=1,
        )
    )
    size = max(360, 150 + (46 if len(decks) <= 12 else 22) * len(decks))
    return _layout(
        fig,
        f"{players} players: win rate of the row {noun} in games against the column {noun} "
        f"(fair: {fair:.0%})",
        size,
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
    fig.add_vline(x=fair, line_dash="dash", line_color="#555", annotation_text=f"fair {fair:.0%}")
    return _layout(
        fig,
        f"{players} players: win rate per {noun} (grey: fewer than 30 games)",
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


def cards(data: ReportData) -> go.Figure:
    """Each card's play rate against how much more often its player won when it was played."""
    fig = go.Figure()
    for small in (False, True):
        chosen = [c for c in data.cards if c.small == small and not math.isnan(c.impact[0])]
        if not chosen:
            continue
        fig.add_trace(
            go.Scatter(
                name="fewer than 30 games either way" if small else "cards",
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
    fig.add_hline(y=0, line_color="#555")
    return _layout(
        fig,
        "Per card: win rate when played minus win rate when not (same decks), by play rate",
        480,
        xaxis={"title": {"text": "play rate"}, "tickformat": ".0%"},
        yaxis={"title": {"text": "win rate difference"}, "tickformat": "+.0%"},
    )
