"""What the report tests read in a report page: its embedded numbers and CSV files."""

from __future__ import annotations

import base64
import csv
import io
import json
import re
from typing import Any


def report_numbers(html: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', html)
    assert found, "the report embeds its numbers"
    return dict(json.loads(found.group(1).replace("<\\/", "</")))


def csv_files(html: str) -> dict[str, list[list[str]]]:
    """Every CSV link of the page, decoded."""
    out = {}
    for name, data in re.findall(
        r'data-csv="([^"]+)" download="[^"]+" href="data:text/csv;charset=utf-8;base64,([^"]+)"',
        html,
    ):
        out[name] = list(csv.reader(io.StringIO(base64.b64decode(data).decode("utf-8"))))
    return out


def check_tables_have_csv(html: str) -> dict[str, list[list[str]]]:
    """Every table sits in a box with the CSV of its rows; returns the CSV files."""
    files = csv_files(html)
    boxes = re.findall(r'<div class="tablebox" data-table="([^"]+)">(.*?)</table>', html, re.S)
    assert len(boxes) == html.count("<table>") > 0
    for name, table in boxes:
        rows = table.count("<tr>") - 1  # the header
        assert len(files[name]) - 1 == rows, name
    return files


def check_named_points(charts: list[dict[str, Any]]) -> list[str]:
    """The per-card chart, as Chromium drew it, names some of its points, and no two names
    overlap (each name's box as drawn); returns the names."""
    chart = next(c for c in charts if c["id"] == "cards")
    labels = chart["labels"]
    assert labels, "the per-card chart names its points"
    for i, a in enumerate(labels):
        for b in labels[i + 1 :]:
            (l1, t1, r1, b1), (l2, t2, r2, b2) = a["box"], b["box"]
            assert r1 <= l2 or r2 <= l1 or b1 <= t2 or b2 <= t1, (a, b)
    return [label["text"] for label in labels]
