"""The report as one self-contained HTML page: Plotly's JavaScript inlined once, every chart
and table in the page (each with its numbers as an embedded CSV file), no request to any
other file or host (it opens offline).

The numbers behind the page are also embedded as JSON (``<script type="application/json"
id="report-data">``) for programs and tests.
"""

from __future__ import annotations

import json
from html import escape
from typing import Any

from plotly.offline import get_plotlyjs

from . import compare_page, sections
from .compare import Comparison
from .data import ReportData
from .layout import CSS, Page


def _numbers(data: ReportData, cmp: Comparison | None) -> dict[str, Any]:
    """The page's numbers as JSON (rates as ``{rate, n, ci95}``)."""
    out: dict[str, Any] = {
        "game": data.game,
        "games": data.games,
        "runs": data.runs,
        "groups": {
            str(p): {deck: r.as_json() for deck, r in decks.items()}
            for p, decks in data.groups.items()
        },
        "part_groups": {
            str(p): {part: r.as_json() for part, r in parts.items()}
            for p, parts in data.part_groups.items()
        },
        "first_seat": {
            str(p): [r.as_json() for r in rates] for p, rates in data.first_seat.items()
        },
        "cards": [
            {
                "card": c.card,
                "decks": c.decks,
                "played": c.played.as_json(),
                "not_played": c.not_played.as_json(),
            }
            for c in data.cards
        ],
        "never_played": [
            {"card": n.card, "decks": n.decks, "seat_games": n.seat_games}
            for n in data.never_played
        ],
        "lopsided": [g.game_no for g in data.lopsided],
        "longest": [g.game_no for g in data.longest],
    }
    if cmp is not None:
        out["compare"] = {
            "before": {
                "store": cmp.before.store,
                "runs": cmp.before.selection,
                "games": cmp.before.games,
            },
            "changed": [
                {
                    "card": c.name,
                    "kind": c.kind,
                    "decks": c.decks,
                    "changes": [[x.field, x.before, x.after] for x in c.changes],
                }
                for c in cmp.changed
            ],
            "groups": {
                str(p): {
                    d: {
                        "before": s.before.as_json(),
                        "after": s.after.as_json(),
                        "change": [round(x, 4) for x in s.change],
                    }
                    for d, s in decks.items()
                }
                for p, decks in cmp.decks.items()
            },
        }
    return out


def render(data: ReportData, cmp: Comparison | None = None) -> tuple[str, list[str]]:
    """The whole page (of ``data``; with ``cmp``, compared with its other side), and the ids
    of its charts."""
    page = Page(data.game)
    runs = len(data.runs)
    title = f"{data.title}: balance report"
    if cmp is not None:
        title += " and what changed"
    page.add(f"<h1>{escape(title)}</h1>")
    against = (
        f" compared with <code>{escape(compare_page.side_name(cmp.before))}</code> "
        f"({cmp.before.games:,} games)"
        if cmp is not None
        else ""
    )
    page.add(
        f'<p class="lead">{data.games:,} games from <code>{escape(compare_page.side_name(data))}'
        f"</code> ({runs} run{'s' if runs != 1 else ''}){against}; grouped by "
        f"{escape(data.hooks.noun)}.</p>"
    )
    links = [("summary", "summary")]
    if cmp is not None:
        links.append(("compare", "what changed"))
    links += [
        ("runs", "runs"),
        ("matchups", "matchups"),
        ("turn-order", "turn order"),
        ("length", "length"),
        ("card-impact", "cards"),
        ("never-played", "never played"),
        ("games", "games"),
    ]
    page.add("<nav>" + "".join(f'<a href="#{i}">{t}</a>' for i, t in links) + "</nav>")
    page.add('<h2 id="summary">Summary</h2>')
    items = (compare_page.summary_items(cmp) if cmp is not None else []) + sections.summary_items(
        data
    )
    page.add('<ul class="summary">' + "".join(f"<li>{i}</li>" for i in items) + "</ul>")
    if cmp is not None:
        compare_page.section(page, cmp)
    sections.runs(page, data)
    sections.decks(page, data)
    sections.first(page, data)
    sections.lengths(page, data)
    sections.cards(page, data)
    sections.games(page, data)
    numbers = json.dumps(_numbers(data, cmp), sort_keys=True).replace("</", "<\\/")
    html = (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{escape(data.title)} balance report</title>"
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<style>{CSS}</style>"
        f'<script type="text/javascript">{get_plotlyjs()}</script></head>'
        f"<body><main>{''.join(page.parts)}</main>"
        f'<script type="application/json" id="report-data">{numbers}</script>'
        "</body></html>\n"
    )
    return html, page.chart_ids
