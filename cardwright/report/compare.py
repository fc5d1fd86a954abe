"""Two runs side by side: what changed between a card's old and new version, and what the
change did (``cardwright report GAME --from AFTER.duckdb --against BEFORE.duckdb``).

*Before* is the ``--against`` side, *after* the ``--from`` side; every change is after minus
before. A change of a rate (a deck's win rate, a card's play rate ...) gets Newcombe's 95%
interval for the difference of two independent proportions
(:func:`cardwright.analysis.stats.newcombe_interval`); the change of the mean game length gets
Welch's 95% t interval (:func:`cardwright.analysis.stats.welch_interval`).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

from cardwright.analysis.stats import welch_interval

from .data import CardImpact, Rate, ReportData, Version, difference


@dataclass(frozen=True)
class Shift:
    """One rate on both sides, and its change (after - before) with Newcombe's interval."""

    before: Rate
    after: Rate

    @property
    def change(self) -> tuple[float, float, float]:
        return difference(self.after, self.before)

    @property
    def small(self) -> bool:
        return self.before.small or self.after.small

    @property
    def clear(self) -> bool:
        """The interval of the change leaves out 0: more than the games' luck."""
        _, lo, hi = self.change
        return lo > 0 or hi < 0


@dataclass(frozen=True)
class Change:
    """A field of a card that differs: ``copies``, ``cost``, ``text``, ``noun.attack`` ..."""

    field: str
    before: Any
    after: Any


@dataclass
class CardChange:
    """A card whose version differs between the sides, in the decks listed (every deck that
    held it on both sides and changed the same way). ``kind``: ``changed``, ``added`` (the
    deck holds it only after) or ``removed``."""

    name: str
    kind: str
    decks: list[str]
    changes: list[Change] = field(default_factory=list)
    before: list[str] = field(default_factory=list)  # its names in the log (with a cost ...)
    after: list[str] = field(default_factory=list)


@dataclass
class CardShift:
    """A card (all its versions) on both sides: how often its decks played it, and how often
    the seats that played it won."""

    name: str
    before: CardImpact | None
    after: CardImpact | None

    @staticmethod
    def _plays(c: CardImpact | None) -> Rate:
        return Rate(float(c.played.n), c.played.n + c.not_played.n) if c else Rate(0, 0)

    @property
    def play_rate(self) -> Shift:
        return Shift(self._plays(self.before), self._plays(self.after))

    @property
    def won_when_played(self) -> Shift:
        return Shift(
            self.before.played if self.before else Rate(0, 0),
            self.after.played if self.after else Rate(0, 0),
        )


@dataclass
class Length:
    """The mean game length (turns) on both sides and its change with Welch's interval."""

    before: tuple[float, float, int]  # mean, variance, games
    after: tuple[float, float, int]

    @property
    def change(self) -> tuple[float, float, float]:
        (m1, v1, n1), (m0, v0, n0) = self.after, self.before
        return welch_interval(m1, v1, n1, m0, v0, n0)


@dataclass
class Comparison:
    before: ReportData
    after: ReportData
    changed: list[CardChange]
    cards: list[CardShift]  # every card played or held on either side, changed ones first
    decks: dict[int, dict[str, Shift]]  # players -> deck -> its win rate
    parts: dict[int, dict[str, Shift]]  # the same by part (Smash Up's factions)
    matchups: dict[int, dict[tuple[str, str], Shift]]
    part_matchups: dict[int, dict[tuple[str, str], Shift]]
    first_seat: dict[int, list[Shift]]  # players -> position in the turn order
    lengths: dict[int, Length]
    settings: list[Change]  # rule options, agents, Cardwright versions that differ

    @property
    def changed_names(self) -> set[str]:
        return {c.name for c in self.changed}

    def decks_changed(self) -> set[str]:
        """The decks that hold a changed card (on either side)."""
        return {d for c in self.changed for d in c.decks}


def _flat(facts: str) -> dict[str, Any]:
    """A card's facts as ``field -> value``, nested objects as dotted fields."""
    out: dict[str, Any] = {}

    def walk(prefix: str, value: Any) -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(f"{prefix}.{k}" if prefix else str(k), v)
        else:
            out[prefix] = value

    walk("", json.loads(facts))
    return out


def _diff(before: set[Version], after: set[Version]) -> list[Change]:
    """What differs between a deck's versions of a card (usually one on each side)."""
    if len(before) == 1 and len(after) == 1:
        (b,), (a,) = before, after
        changes = [Change("copies", b.copies, a.copies)] if b.copies != a.copies else []
        fb, fa = _flat(b.facts), _flat(a.facts)
        for key in sorted(fb.keys() | fa.keys()):
            if fb.get(key) != fa.get(key):
                changes.append(Change(key, fb.get(key), fa.get(key)))
        return changes
    return [
        Change(
            "versions",
            sorted(f"{v.card} x{v.copies}" for v in before),
            sorted(f"{v.card} x{v.copies}" for v in after),
        )
    ]


def changed_cards(before: ReportData, after: ReportData) -> list[CardChange]:
    """Every card whose version differs in a deck held on both sides, grouped by card and by
    change (a card changed the same way in twelve decks is one entry)."""
    decks_before = {d for d, _ in before.holdings}
    decks_after = {d for d, _ in after.holdings}
    shared = decks_before & decks_after
    grouped: dict[tuple[str, str, str], CardChange] = {}
    for deck, name in sorted(before.holdings.keys() | after.holdings.keys()):
        if deck not in shared:
            continue
        b = before.holdings.get((deck, name), set())
        a = after.holdings.get((deck, name), set())
        if b == a:
            continue
        kind = "added" if not b else "removed" if not a else "changed"
        changes = _diff(b, a) if kind == "changed" else []
        if kind == "changed" and not changes:
            continue
        key = (name, kind, repr([(c.field, c.before, c.after) for c in changes]))
        entry = grouped.setdefault(
            key,
            CardChange(
                name,
                kind,
                [],
                changes,
                sorted({v.card for v in b}),
                sorted({v.card for v in a}),
            ),
        )
        entry.decks.append(deck)
    return sorted(grouped.values(), key=lambda c: (c.name, c.kind, c.decks))


def _shifts(
    before: dict[int, dict[Any, Rate]], after: dict[int, dict[Any, Rate]]
) -> dict[int, dict[Any, Shift]]:
    """Per player count, the keys found on both sides."""
    out: dict[int, dict[Any, Shift]] = {}
    for players in sorted(before.keys() & after.keys()):
        b, a = before[players], after[players]
        out[players] = {k: Shift(b[k], a[k]) for k in sorted(b.keys() & a.keys())}
    return out


def _settings(before: ReportData, after: ReportData) -> list[Change]:
    out = []
    for key in sorted(before.options.keys() | after.options.keys()):
        b, a = before.options.get(key), after.options.get(key)
        if b != a:
            out.append(Change(key, b, a))
    if before.agents != after.agents:
        out.append(Change("agents", before.agents, after.agents))
    versions_b = sorted({r["cardwright"] for r in before.runs})
    versions_a = sorted({r["cardwright"] for r in after.runs})
    if versions_b != versions_a:
        out.append(Change("Cardwright", versions_b, versions_a))
    return out


def compare(before: ReportData, after: ReportData) -> Comparison:
    """Everything the comparison section shows."""
    changed = changed_cards(before, after)
    names = {c.name for c in changed}
    b_cards = {c.card: c for c in before.cards_by_name}
    a_cards = {c.card: c for c in after.cards_by_name}
    cards = [
        CardShift(name, b_cards.get(name), a_cards.get(name))
        for name in sorted(b_cards.keys() | a_cards.keys(), key=lambda n: (n not in names, n))
    ]
    first: dict[int, list[Shift]] = {}
    for players in sorted(before.first_seat.keys() & after.first_seat.keys()):
        pairs = zip(before.first_seat[players], after.first_seat[players], strict=True)
        first[players] = [Shift(b, a) for b, a in pairs]
    lengths = {
        players: Length(before.mean_length(players), after.mean_length(players))
        for players in sorted(before.lengths.keys() & after.lengths.keys())
    }
    return Comparison(
        before=before,
        after=after,
        changed=changed,
        cards=cards,
        decks=_shifts(before.groups, after.groups),
        parts=_shifts(before.part_groups, after.part_groups),
        matchups=_shifts(before.matrix, after.matrix),
        part_matchups=_shifts(before.part_matrix, after.part_matrix),
        first_seat=first,
        lengths=lengths,
        settings=_settings(before, after),
    )


def fmt_change(d: float, lo: float, hi: float, unit: str = "%") -> str:
    """``+4.2% (95%: +0.3% to +8.1%)``; ``–`` without games."""
    if math.isnan(d):
        return "–"
    if unit == "%":
        return f"{d:+.1%} ({lo:+.1%} to {hi:+.1%})"
    return f"{d:+.2f} ({lo:+.2f} to {hi:+.2f})"
