"""The pieces of the report page: sections of HTML, charts, and tables that each carry their
numbers as a CSV file embedded in the page (a ``data:`` link: the report stays one file that
opens offline)."""

from __future__ import annotations

import base64
import csv
import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from typing import Any

import plotly.graph_objects as go

from .data import Rate

CSS = """
body { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; margin: 0;
  color: #1d2330; background: #f5f6f8; }
main { max-width: 1180px; margin: 0 auto; padding: 24px 28px 60px; box-sizing: border-box; }
h1 { font-size: 26px; margin: 8px 0 4px; }
h2 { font-size: 19px; margin: 34px 0 6px; padding-top: 10px; border-top: 1px solid #dde1e7; }
h3 { font-size: 15px; margin: 18px 0 4px; }
p.lead { color: #4a5263; margin: 0 0 14px; }
p.how { color: #4a5263; margin: 4px 0 10px; max-width: 900px; }
.chart { background: #fff; border: 1px solid #e1e4ea; border-radius: 6px; margin: 10px 0;
  padding: 6px; }
.tablebox { margin: 8px 0 14px; max-width: 100%; }
table { border-collapse: collapse; background: #fff; font-size: 13px; }
th, td { padding: 4px 9px; border-bottom: 1px solid #e6e8ee; text-align: left;
  vertical-align: top; overflow-wrap: break-word; }
th { background: #eef0f4; font-weight: 600; position: sticky; top: 0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.scroll { max-height: 560px; overflow-y: auto; border: 1px solid #e1e4ea; border-radius: 6px;
  display: inline-block; max-width: 100%; }
.small { color: #8a93a5; }
.flag { font-size: 11px; color: #9a5b00; background: #fff3d6; border-radius: 3px;
  padding: 0 4px; white-space: nowrap; }
code { font-size: 12px; background: #eef0f4; padding: 1px 4px; border-radius: 3px;
  overflow-wrap: anywhere; }
nav a { margin-right: 14px; color: #3366cc; text-decoration: none; }
a.csv { font-size: 12px; color: #3366cc; text-decoration: none; }
.export { margin: 2px 0; }
b.win { color: #1e7d52; }
.up { color: #1e6fb8; } .down { color: #b8321e; }
ul.summary { margin: 6px 0 10px; padding-left: 20px; max-width: 1000px; }
ul.summary li { margin: 4px 0; }
details { margin: 2px 0; } details pre { white-space: pre-wrap; font-size: 12px; margin: 2px 0; }
"""


def pct(x: float) -> str:
    return "–" if math.isnan(x) else f"{x:.1%}"


def ci(rate: Rate) -> str:
    lo, hi = rate.ci
    return f"{pct(lo)}–{pct(hi)}"


def num(x: float, digits: int = 4) -> float | str:
    """A number for a CSV cell (empty when undefined)."""
    return "" if math.isnan(x) else round(x, digits)


@dataclass(frozen=True)
class Csv:
    """A table's numbers as a CSV file: ``name`` (the file is ``GAME-NAME.csv``), the header
    and plain values (rates as fractions, intervals as two columns)."""

    name: str
    head: Sequence[str]
    rows: Sequence[Sequence[Any]]

    def text(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out)
        writer.writerow(self.head)
        writer.writerows(self.rows)
        return out.getvalue()


class Page:
    """Sections of HTML, and the charts drawn in them (their ids, for the browser test)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.parts: list[str] = []
        self.chart_ids: list[str] = []
        self.csv_names: list[str] = []

    def add(self, html: str) -> None:
        self.parts.append(html)

    def csv_link(self, data: Csv, label: str = "CSV") -> str:
        if data.name in self.csv_names:
            raise ValueError(f"two tables named {data.name!r}")
        self.csv_names.append(data.name)
        encoded = base64.b64encode(data.text().encode("utf-8")).decode("ascii")
        file = f"{self.game}-{data.name}.csv"
        return (
            f'<div class="export"><a class="csv" data-csv="{escape(data.name)}" '
            f'download="{escape(file)}" href="data:text/csv;charset=utf-8;base64,{encoded}">'
            f"{escape(label)} ({escape(file)})</a></div>"
        )

    def chart(self, chart_id: str, fig: go.Figure, data: Csv | None = None) -> None:
        """A chart, and the CSV of its numbers below it."""
        self.chart_ids.append(chart_id)
        body = fig.to_html(
            full_html=False,
            include_plotlyjs=False,
            div_id=f"chart-{chart_id}",  # never the id of a section
            config={"displaylogo": False, "responsive": True},
        )
        link = self.csv_link(data, "CSV of this chart") if data is not None else ""
        self.add(f'<div class="chart" data-chart="{chart_id}">{body}{link}</div>')

    def table(
        self, head: list[str], rows: list[list[str]], data: Csv, *, scroll: bool = False
    ) -> None:
        """A table (cells are HTML: escape text before) with the CSV of its numbers."""
        th = "".join(f"<th>{h}</th>" for h in head)
        body = "".join("<tr>" + "".join(cell(c) for c in row) + "</tr>" for row in rows)
        table = f"<table><thead><tr>{th}</tr></thead><tbody>{body}</tbody></table>"
        if scroll:
            table = f'<div class="scroll">{table}</div>'
        self.add(f'<div class="tablebox" data-table="{escape(data.name)}">{table}')
        self.add(f"{self.csv_link(data)}</div>")


def cell(html: str) -> str:
    """A numeric-looking cell is right-aligned."""
    plain = html.replace(",", "").replace("%", "").replace("+", "").replace("−", "-")
    numeric = plain.replace(".", "", 1).lstrip("-").isdigit()
    return f'<td class="num">{html}</td>' if numeric else f"<td>{html}</td>"
