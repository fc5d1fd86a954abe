"""The comparison of two runs in the report page: which cards changed and how, then what the
change did to the decks, the matchups, the cards, turn order and game length."""

from __future__ import annotations

import json
import math
from html import escape
from typing import Any

from . import charts
from .compare import CardChange, Change, Comparison, Shift, fmt_change
from .data import SMALL, ReportData
from .layout import Csv, Page, num, pct
from .sections import CI_HEAD, RATE_HEAD, holders, prefixed, rate_cells, rate_html

#: Values longer than this are shown folded (an ability's expression, a card's text).
SHORT = 48


def side_name(data: ReportData) -> str:
    runs = data.selection
    which = f" run{'s' if len(runs) > 1 else ''} {', '.join(map(str, runs))}" if runs else ""
    return f"{data.store}{which}"


def _value(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, str):
        return value
    return json.dumps(value, ensure_ascii=False)


def change_html(c: Change) -> str:
    """``cost 2 → 4``; a long value folded, both versions one click away."""
    before, after = _value(c.before), _value(c.after)
    if not _long(c):
        return f"{escape(c.field)} {escape(before)} → {escape(after)}"
    return (
        f"<details><summary>{escape(c.field)} changed</summary>"
        f"<pre>before: {escape(before)}</pre><pre>after: {escape(after)}</pre></details>"
    )


def change_text(c: Change) -> str:
    return f"{c.field}: {_value(c.before)} -> {_value(c.after)}"


def _what(c: CardChange) -> str:
    """The short changes on a line, then each long one folded."""
    if c.kind == "added":
        return "added to the deck"
    if c.kind == "removed":
        return "taken out of the deck"
    short = [x for x in c.changes if not _long(x)]
    folded = [x for x in c.changes if _long(x)]
    return "; ".join(change_html(x) for x in short) + "".join(change_html(x) for x in folded)


def _long(c: Change) -> bool:
    return len(_value(c.before)) > SHORT or len(_value(c.after)) > SHORT


def _what_text(c: CardChange) -> str:
    if c.kind != "changed":
        return "added to the deck" if c.kind == "added" else "taken out of the deck"
    return "; ".join(change_text(x) for x in c.changes)


def shift_html(s: Shift) -> str:
    d, lo, hi = s.change
    if math.isnan(d):
        return "–"
    mark = "up" if lo > 0 else "down" if hi < 0 else "small"
    return (
        f"<span class='{mark}'>{d:+.1%}</span> <span class='small'>({lo:+.1%} to {hi:+.1%})</span>"
    )


def shift_cells(s: Shift) -> list[Any]:
    return [*rate_cells(s.before), *rate_cells(s.after), *map(num, s.change)]


LENGTH_HEAD = ["mean_turns", "variance", "games"]


def shift_head(prefix: str = "") -> list[str]:
    """CSV columns of a :class:`Shift`: each side's rate, and the change with its interval."""
    p = f"{prefix}_" if prefix else ""
    return [
        *prefixed(f"{p}before", RATE_HEAD),
        *prefixed(f"{p}after", RATE_HEAD),
        f"{p}change",
        *prefixed(f"{p}change", CI_HEAD),
    ]


# ---------------------------------------------------------------------------- summary
def summary_items(cmp: Comparison) -> list[str]:
    """The summary's lines (HTML) about the comparison: what a designer asks first."""
    items = []
    if not cmp.before.holdings and not cmp.after.holdings:
        items.append("<b>Changed cards</b>: unknown; this game does not list its decks' cards.")
    elif cmp.changed:
        names = sorted(cmp.changed_names)
        shown = ", ".join(escape(n) for n in names[:8]) + ("…" if len(names) > 8 else "")
        items.append(
            f"<b>Changed cards</b>: {len(names)} ({shown}). "
            '<a href="#compare">What changed and what it did</a>.'
        )
    else:
        items.append(
            "<b>Changed cards</b>: none; every deck held on both sides holds the same cards."
        )
    for s in cmp.settings:
        items.append(f"<b>Also differs</b>: {change_html(s)}.")
    held = cmp.decks_changed()
    for players, decks in sorted(cmp.decks.items()):
        moved = [(d, s) for d, s in decks.items() if s.clear and not s.small]
        mine = [(d, s) for d, s in decks.items() if d in held]
        listed = sorted(moved or mine, key=lambda t: (-abs(t[1].change[0]), t[0]))
        if not listed:
            continue
        line = "; ".join(f"{escape(d)} {shift_html(s)}" for d, s in listed[:6])
        what = "moved more than luck" if moved else "holding a changed card (within luck)"
        items.append(
            f"<b>Win rate change</b> ({players} players, {escape(cmp.after.hooks.noun)}s that "
            f"{what}): {line}."
        )
    for players, shifts in sorted(cmp.first_seat.items()):
        if shifts and shifts[0].after.n:
            items.append(
                f"<b>Going first, before → after</b> ({players} players): "
                f"{pct(shifts[0].before.value)} → "
                f"{pct(shifts[0].after.value)}, {shift_html(shifts[0])}."
            )
    for players, length in sorted(cmp.lengths.items()):
        d, lo, hi = length.change
        if not math.isnan(d):
            items.append(
                f"<b>Game length, before → after</b> ({players} players): {length.before[0]:.1f} → "
                f"{length.after[0]:.1f} turns, {d:+.2f} (Welch 95%: {lo:+.2f} to {hi:+.2f})."
            )
    return items


# ---------------------------------------------------------------------------- the section
def section(page: Page, cmp: Comparison) -> None:
    before, after = cmp.before, cmp.after
    page.add('<h2 id="compare">What changed, and what it did</h2>')
    page.add(
        f'<p class="how"><b>Before</b>: {escape(side_name(before))} ({before.games:,} games); '
        f"<b>after</b>: {escape(side_name(after))} ({after.games:,} games). Every change is after "
        "minus before. A change of a rate comes with Newcombe's 95% interval for the "
        "difference of two independent proportions (his hybrid score method, from the two "
        "Wilson intervals); the change of the mean game length with Welch's 95% t interval. "
        "A change whose interval leaves out 0 is in colour (blue: up, red: down); one within "
        f"its interval is grey. Fewer than {SMALL} games on a side is flagged. Each interval "
        "holds the true change 19 times in 20: among many rows, about one in twenty leaves out "
        "0 by luck alone, so read a lone coloured row among many with care.</p>"
    )
    derived = [
        f"{name} (run{'s' if len(d.derived_runs) > 1 else ''} "
        f"{', '.join(map(str, d.derived_runs))})"
        for name, d in (("the before side", before), ("the after side", after))
        if d.derived_runs
    ]
    if derived:
        page.add(
            '<p class="how">The store did not record the cards of '
            + escape(" and of ".join(derived))
            + ": their cards come from this Cardwright's card data, so a card changed in the "
            "card data since those games were played shows no change here.</p>"
        )
    if cmp.settings:
        page.add(
            '<p class="how">The two sides also differ in: '
            + "; ".join(change_html(s) for s in cmp.settings)
            + ". A change in the numbers below may come from these too.</p>"
        )
    _changed(page, cmp)
    _decks(page, cmp)
    _cards(page, cmp)
    _order_and_length(page, cmp)


def _changed(page: Page, cmp: Comparison) -> None:
    page.add("<h3>Cards that changed</h3>")
    if not cmp.before.holdings and not cmp.after.holdings:
        page.add('<p class="how">This game does not list its decks\' cards to the report.</p>')
    elif not cmp.changed:
        page.add(
            '<p class="how">No card differs in the decks held on both sides (same numbers, '
            "text and copies).</p>"
        )
    shifts = {c.name: c for c in cmp.cards}
    rows, csv_rows = [], []
    for c in cmp.changed:
        s = shifts.get(c.name)
        play = s.play_rate if s else None
        won = s.won_when_played if s else None
        rows.append(
            [
                f"<b>{escape(c.name)}</b>",
                escape(holders(c.decks, cmp.after)),
                _what(c),
                _pair(play),
                _pair(won),
            ]
        )
        csv_rows.append(
            [c.name, "; ".join(c.decks), c.kind, _what_text(c)]
            + (shift_cells(play) if play else [""] * 11)
            + (shift_cells(won) if won else [""] * 11)
        )
    if cmp.changed:
        page.table(
            [
                "card",
                "held by",
                "what changed",
                "play rate: before → after, change (95%)",
                "won when played: before → after, change (95%)",
            ],
            rows,
            Csv(
                "changed-cards",
                [
                    "card",
                    "decks",
                    "kind",
                    "what_changed",
                    *shift_head("play_rate"),
                    *shift_head("won_when_played"),
                ],
                csv_rows,
            ),
        )


def _pair(s: Shift | None) -> str:
    if s is None or not (s.before.n or s.after.n):
        return "–"
    return f"{rate_html(s.before)} → {rate_html(s.after)}<br>{shift_html(s)}"


def _decks(page: Page, cmp: Comparison) -> None:
    noun = cmp.after.hooks.noun
    held = cmp.decks_changed()
    page.add(f"<h3>Win rate of each {escape(noun)}</h3>")
    hooks = cmp.after.hooks
    held_parts = {p for d in held for p in hooks.parts(d)} if hooks.parts else set()
    for prefix, what, shifts, highlight in (
        ("", noun, cmp.decks, held),
        ("part-", hooks.part_noun, cmp.parts, held_parts),
    ):
        by = f"by-{what}-" if prefix else ""
        for players, rows in sorted(shifts.items()):
            page.chart(
                f"compare-{prefix}groups-{players}",
                charts.shifts(
                    rows,
                    f"{players} players: change of each {what}'s win rate (after − before) "
                    "with Newcombe's 95% interval",
                    what,
                    highlight,
                ),
                Csv(
                    f"compare-win-rates-{by}{players}p",
                    [what, *shift_head()],
                    [[d, *shift_cells(s)] for d, s in rows.items()],
                ),
            )
    for name, noun_of, matrices in (
        ("", noun, cmp.matchups),
        ("part-", cmp.after.hooks.part_noun, cmp.part_matchups),
    ):
        for players, cells in sorted(matrices.items()):
            size = len({r for r, _ in cells})
            if not cells or size > 30:
                continue
            page.chart(
                f"compare-{name}matrix-{players}",
                charts.shift_matrix(cells, players, noun_of),
                Csv(
                    f"compare-{name}matchups-{players}p",
                    [noun_of, "against", *shift_head()],
                    [[r, c, *shift_cells(s)] for (r, c), s in cells.items()],
                ),
            )


def _cards(page: Page, cmp: Comparison) -> None:
    page.add("<h3>Every card, before and after</h3>")
    page.add(
        '<p class="how">Play rate: the share of its decks\' seat-games in which the card was '
        "played; won when played: the win rate of those seats. Changed cards first, then by "
        "the size of the change in play rate.</p>"
    )
    changed = cmp.changed_names

    def order(name: str, play: Shift) -> tuple[bool, float, str]:
        d = play.change[0]
        return (name not in changed, -abs(d) if d == d else 0.0, name)

    ranked = sorted(cmp.cards, key=lambda c: order(c.name, c.play_rate))
    page.table(
        [
            "card",
            "play rate: before → after, change (95%)",
            "won when played: before → after, change (95%)",
        ],
        [
            [
                ("<b>" + escape(c.name) + "</b> <span class='flag'>changed</span>")
                if c.name in changed
                else escape(c.name),
                _pair(c.play_rate),
                _pair(c.won_when_played),
            ]
            for c in ranked
        ],
        Csv(
            "compare-cards",
            ["card", "changed", *shift_head("play_rate"), *shift_head("won_when_played")],
            [
                [
                    c.name,
                    c.name in changed,
                    *shift_cells(c.play_rate),
                    *shift_cells(c.won_when_played),
                ]
                for c in ranked
            ],
        ),
        scroll=True,
    )


def _order_and_length(page: Page, cmp: Comparison) -> None:
    page.add("<h3>Turn order and game length</h3>")
    rows, csv_rows = [], []
    for players, shifts in sorted(cmp.first_seat.items()):
        for order, s in enumerate(shifts):
            name = charts.ORDINAL[order] if order < len(charts.ORDINAL) else f"{order + 1}th"
            rows.append([f"{players} players, {name} to play", _pair(s)])
            csv_rows.append([players, order + 1, *shift_cells(s)])
    page.table(
        ["position in the turn order", "win rate: before → after, change (95%)"],
        rows,
        Csv("compare-turn-order", ["players", "position_in_turn_order", *shift_head()], csv_rows),
    )
    rows, csv_rows = [], []
    for players, length in sorted(cmp.lengths.items()):
        (mb, vb, nb), (ma, va, na) = length.before, length.after
        d, lo, hi = length.change
        rows.append(
            [
                f"{players} players",
                f"{mb:.2f} <span class='small'>(n={nb:,})</span>",
                f"{ma:.2f} <span class='small'>(n={na:,})</span>",
                fmt_change(d, lo, hi, unit="turns"),
            ]
        )
        csv_rows.append(
            [players, num(mb), num(vb), nb, num(ma), num(va), na, num(d), num(lo), num(hi)]
        )
    page.table(
        ["games of", "mean turns before", "mean turns after", "change (Welch 95%)"],
        rows,
        Csv(
            "compare-lengths",
            [
                "players",
                *prefixed("before", LENGTH_HEAD),
                *prefixed("after", LENGTH_HEAD),
                "change",
                *prefixed("change", CI_HEAD),
            ],
            csv_rows,
        ),
    )
