"""The journal of in-place card changes (``cardwright.core.zones.JOURNAL``) is complete: no
code outside ``core/zones.py`` writes a card's exhaustion, counters or definition, or puts
another card object under an id a state already has, except where the state is a new copy no
reader has seen (``ALLOWED``). A reader of the journal (the RL observation kept up to date,
``cardwright/rl/observe.py``) relies on it; this scan is what makes "every write is counted"
true of the code as it is, and keeps it true."""

from __future__ import annotations

import re
from pathlib import Path

import cardwright
from cardwright.core import zones
from cardwright.core.state import Card

ROOT = Path(cardwright.__file__).parent

#: an assignment's targets (left of a lone ``=`` or an augmented one)
_ASSIGN = re.compile(r"^(?P<lhs>[^=#]*?)(?<![!<>=])=(?!=)")
_FIELD = re.compile(r"\.(exhausted|defn|counters)\b|counters(\[|<>)")
_METHOD = re.compile(r"counters\.(pop|popitem|clear|update|setdefault|__setitem__|__delitem__)\(")
_DEL = re.compile(r"^\s*del\b.*counters\[")
_ALIAS = re.compile(r"^\s*(?P<name>[A-Za-z_][\w.]*)\s*=\s*[^=#]*\.counters\s*$")
_SETATTR = re.compile(r"setattr\([^)]*[\"'](exhausted|defn|counters)[\"']")
_STRING = re.compile(r"[rbf]?\"[^\"]*\"|[rbf]?'[^']*'")
_INDEX = re.compile(r"\[[^\[\]]+\]")
_TABLE = re.compile(r"\bcards\[[^\]]+\]\s*=(?!=)")

#: (file, reason) where a card-table write is not a change of a card a reader has seen
ALLOWED = {
    "conformance.py": "relabels two ids, which changes every zone list holding them",
    "core/vocab/binding.py": "an effect's bindings (``Bindings.cards``), not the card table",
    "games/smash_up/abilities.py": "an effect's bindings (``Bindings.cards``), not the card table",
    "games/varia/abilities.py": "the abilities by card definition, not a state",
    "server/present.py": "a JSON description of a view",
    "core/views.py": "a view's or a determinization's own copy (a new state) gets its cards",
    "games/varia/cards.py": "the card definitions' catalogue, not a state",
    "games/munchkin/cards.py": "the card definitions' catalogue, not a state",
    "games/smash_up/catalog.py": "the card definitions' catalogue, not a state",
}


def _is_write(code: str) -> bool:
    """Whether a line of code writes a card's exhaustion, counters or definition."""
    m = _ASSIGN.match(_STRING.sub('""', code))
    lhs = m.group("lhs") if m else ""
    if lhs.count("(") != lhs.count(")"):  # a keyword argument, not an assignment
        lhs = ""
    while _INDEX.search(lhs):  # what a subscript reads is not written
        lhs = _INDEX.sub("<>", lhs)
    alias = _ALIAS.match(code)
    return bool(
        (lhs and _FIELD.search(lhs))
        or _METHOD.search(code)
        or _DEL.search(code)
        or _SETATTR.search(code)
        or (alias and "counters" not in alias.group("name"))
    )


def _writes() -> list[str]:
    found = []
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel == "core/zones.py":
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            code = line.split("#", 1)[0]
            if _is_write(code) or (_TABLE.search(code) and rel not in ALLOWED):
                found.append(f"{rel}:{n}: {line.strip()}")
    return found


def test_every_card_write_goes_through_the_journal() -> None:
    assert _writes() == []


def test_the_scan_sees_each_kind_of_write() -> None:
    """The patterns above catch the forms a write takes (so an empty scan means something)."""
    lines = [
        "card.exhausted = True",
        "s.cards[cid].exhausted = False",
        "a.defn, b.defn = b.defn, a.defn",
        "card.counters = {}",
        'counters["p1"] = counters.get("p1", 0) + 1',
        'card.counters["n"] += 2',
        'card.counters.pop("x", None)',
        "card.counters.clear()",
        'del s.cards[cid].counters["p1"]',
        "c = card.counters",
        'setattr(card, "exhausted", True)',
    ]
    for line in lines:
        assert _is_write(line), line
    reads = [
        "if card.exhausted == x:",
        "x = card.defn",
        "n = card.counters.get('p1', 0)",
        "if g.defn(s, cid).type != 'character':",
        "place(g, s, card, zone(g.defn(s, card), seat), seat=seat)",
        "face, counters = card.face_up, card.counters",
        "out[at + index[s.cards[bid].defn]] = 1.0",
        'f"{g.defn(s, c).gold} Gold", card=c',
    ]
    for line in reads:
        assert not _is_write(line), line
    assert _TABLE.search("state.cards[a], state.cards[b] = cb, ca")


def test_each_write_counts() -> None:
    card = Card(id=1, defn="a", owner=0, controller=0)
    journal = zones.JOURNAL
    status, faces = journal.status, journal.faces
    zones.set_exhausted(card, True)
    zones.set_counter(card, "p1", 2)
    zones.drop_counter(card, "p1")
    zones.replace_counters(card, {"n": 1})
    zones.clear_counters(card)
    assert (journal.status, journal.faces) == (status + 5, faces)
    assert journal.since(status) == {1} and journal.since(journal.status) == set()
    assert journal.since(journal.status - zones.KEPT - 1) is None
    zones.set_defn(card, "b")
    assert (journal.faces, card.defn, card.exhausted, card.counters) == (faces + 1, "b", True, {})
