"""What Smash Up's heuristic (:mod:`.heuristic`) knows of Innsmouth's own cards (The
Obligatory Cthulhu Set), beside its Madness rules (:mod:`.heuristic_madness`). Innsmouth's
minions are ten copies of The Locals, and its actions pay for minions of one name (Spreading
the Word, Sacred Circle, Mysteries of the Deep, Return to the Sea). The rules here:

- Spreading the Word is played (before the turn's minion) once a minion in hand shares its
  name with a minion in play, and kept until then;
- Sacred Circle goes to the base where most of our minions share a name with a minion in our
  hand, and its Talent is used only with such a minion in hand;
- Return to the Sea is used after a base scores, on the name we have most of there.

It reads only what its seat may know: its own hand and the public zones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.state import Decision, Option

from .state import SUState

if TYPE_CHECKING:
    from .game import SmashUp

SPREADING = "innsmouth/spreading_the_word"
SACRED_CIRCLE = "innsmouth/sacred_circle"
RETURN_TO_THE_SEA = "innsmouth/return_to_the_sea"


def _hand(s: SUState, seat: int) -> list[int]:
    return list(s.zones[f"hand:{seat}"])


def _name(g: SmashUp, s: SUState, cid: int) -> str:
    return str(g.defn(s, cid).name)


def _hand_minion_names(g: SmashUp, s: SUState, seat: int, but: int = -1) -> set[str]:
    return {_name(g, s, c) for c in _hand(s, seat) if c != but and g.is_minion(s, c)}


def _matches_in_play(g: SmashUp, s: SUState, seat: int) -> int:
    """How many minions in ``seat``'s hand share a name with a minion in play."""
    in_play = {_name(g, s, c) for c, _ in g.minions_in_play(s)}
    return sum(1 for c in _hand(s, seat) if g.is_minion(s, c) and _name(g, s, c) in in_play)


def _kin_at(g: SmashUp, s: SUState, seat: int, bid: int, names: set[str]) -> int:
    """Our minions at ``bid`` named as one of ``names``."""
    return sum(
        1 for m in g.minions_at(s, bid) if s.cards[m].controller == seat and _name(g, s, m) in names
    )


def play_value(g: SmashUp, s: SUState, seat: int, cid: int, card: str) -> float | None:
    """What playing an Innsmouth action is worth to the heuristic's Play Cards phase, or None
    when it has no rule of its own here."""
    if card == SPREADING:
        return 6.0 if _matches_in_play(g, s, seat) else 0.0
    if card == SACRED_CIRCLE:
        names = _hand_minion_names(g, s, seat)
        return 3.0 if any(_kin_at(g, s, seat, b, names) for b in s.zones["bases"]) else 0.0
    return None


def talent_value(g: SmashUp, s: SUState, seat: int, card: str, cid: int) -> float | None:
    """What using an Innsmouth Talent is worth (None: no rule of its own here)."""
    if card == SACRED_CIRCLE:  # an extra minion there, named as one there
        bid = g.base_of(s, cid)
        there = {_name(g, s, m) for m in g.minions_at(s, bid)} if bid >= 0 else set()
        return 5.0 if there & _hand_minion_names(g, s, seat) else 0.0
    return None


def destination(g: SmashUp, s: SUState, seat: int, card: str, options: list[Option]) -> str | None:
    """Where an Innsmouth action goes (None: no rule of its own here)."""
    bases = [o for o in options if o.id.startswith("base:")]
    if not bases:
        return None
    if card == SACRED_CIRCLE:
        names = _hand_minion_names(g, s, seat)
        return max(bases, key=lambda o: _kin_at(g, s, seat, int(o.id[5:]), names)).id
    return None


def use_after_scoring(g: SmashUp, s: SUState, seat: int, card: str, bid: int) -> bool:
    """Whether an Innsmouth Special is worth using after base ``bid`` scored."""
    if card == RETURN_TO_THE_SEA:  # our minions there back to hand, not to the discard pile
        return any(s.cards[m].controller == seat for m in g.minions_at(s, bid))
    return False


def choose(g: SmashUp, s: SUState, seat: int, decision: Decision, card: str) -> str | None:
    """Decisions of Innsmouth's cards (None: no rule of its own here)."""
    if card == RETURN_TO_THE_SEA and decision.kind == "choose":
        names = [o for o in decision.options if o.id.startswith("name:")]
        if names:  # the name we have most minions of there

            def many(o: Option) -> int:
                cid = int(o.id[5:])
                bid = g.base_of(s, cid)
                return _kin_at(g, s, seat, bid, {_name(g, s, cid)})

            return max(names, key=many).id
    return None


__all__ = [
    "choose",
    "destination",
    "play_value",
    "talent_value",
    "use_after_scoring",
]
