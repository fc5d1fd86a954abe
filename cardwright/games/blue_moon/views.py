"""Blue Moon's hidden information beyond what each seat may identify
(``BlueMoon.card_visible``: a hand is seen by its owner, and by the opponent for the cards it
was shown; a deck by nobody; a face-down bluff and a ship's cargo by their owner only): the
prior for an unseen custom deck, and determinization of hidden places. A determinized state
must fit what the viewer knows of the hidden places: a face-down card in a support area is a
BLUFF character, a ship's cargo holds only characters, boosters and supports.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.rng import LocalRng

from .buka_rules import LOADABLE
from .cards import BLUFF, CardDef
from .state import BMState

if TYPE_CHECKING:
    from .game import BlueMoon


def sample_unknown(g: BlueMoon, s: BMState, owner: int, count: int, rng: LocalRng) -> list[str]:
    """The prior for an unseen custom deck: the owner's people's cards not seen yet, then
    anything else not seen."""
    defs = g.defs
    seen = {c.defn for c in s.cards.values()}
    own = [n for n, d in defs.items() if d.people == s.peoples[owner] and n not in seen]
    rest = [n for n, d in defs.items() if d.people != s.peoples[owner] and n not in seen]
    own = [n for n in own if defs[n].type != "leader"]
    rest = [n for n in rest if defs[n].type != "leader"]
    rng.shuffle(own)
    rng.shuffle(rest)
    return (own + rest)[:count]


def repair_determinized(g: BlueMoon, view: BMState, full: BMState, seed: int) -> None:
    """Make a determinized state consistent with what the viewer knows of hidden places: a
    face-down card in a support area is a BLUFF character (marked), a ship's cargo holds only
    characters, boosters and supports. Swaps definitions among the filled-in cards of a pool
    (the true state is one such assignment, so a fitting swap exists)."""
    rng = LocalRng(seed ^ 0x5A17)
    filled: dict[int, list[tuple[str, int]]] = {}  # owner -> (zone, index) filled in
    for zone, ids in view.zones.items():
        for i, cid in enumerate(ids):
            if cid < 0:
                owner = int(zone.rpartition(":")[2])
                filled.setdefault(owner, []).append((zone, i))

    def need(zone: str) -> str:
        if zone.startswith("support"):
            return "bluff"
        if zone.startswith("ship"):
            return "cargo"
        return ""

    def fits_def(kind: str, d: CardDef) -> bool:
        if kind == "bluff":
            return d.type == "character" and BLUFF in d.icons
        if kind == "cargo":
            return d.type in LOADABLE
        return True

    def fits(kind: str, cid: int) -> bool:
        return fits_def(kind, g.defs[full.cards[cid].defn])

    for slots in filled.values():
        for zone, i in slots:
            kind = need(zone)
            cid = full.zones[zone][i]
            if not kind or fits(kind, cid):
                continue
            cands = [
                (z, j)
                for z, j in slots
                if (z, j) != (zone, i)
                and fits(kind, full.zones[z][j])
                and (not need(z) or fits(need(z), cid))
                and not (need(z) and need(z) == kind)
            ]
            if not cands:  # an unknown pool was sampled without a fitting card: pick one
                used = {c.defn for c in full.cards.values()}
                spare = sorted(
                    n
                    for n, d in g.defs.items()
                    if d.type != "leader" and n not in used and fits_def(kind, d)
                )
                if spare:
                    full.cards[cid].defn = spare[rng.randbelow(len(spare))]
                continue
            z, j = cands[rng.randbelow(len(cands))]
            other_id = full.zones[z][j]
            a, b = full.cards[cid], full.cards[other_id]
            a.defn, b.defn = b.defn, a.defn
        for zone, i in slots:
            if zone.startswith("support"):
                card = full.cards[full.zones[zone][i]]
                card.face_up = False
                card.counters[BLUFF] = 1
