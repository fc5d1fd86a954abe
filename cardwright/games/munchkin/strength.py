"""Combat strength and what monsters give (001 Combat, Monster Enhancers, Fighting Multiple
Monsters): a monster and its Mates, its Treasure, the fight's keywords, who wins."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from cardwright.core.state import CardRef

from . import board
from .state import MKState

if TYPE_CHECKING:
    from .game import Munchkin


class StrengthParts(NamedTuple):
    """What a seat's combat strength is made of: the Level that counts, the equipped usable
    Items' bonuses that count, what lasts on the seat (one-shots, curses, powers), whether
    it all counts twice."""

    level: int
    items: int
    extra: int
    double: bool

    @property
    def total(self) -> int:
        total = self.level + self.items + self.extra
        return total * 2 if self.double else total


def group_of(s: MKState, monster: int) -> set[int]:
    """A monster and its Mates (what enhances one enhances all: 001 Monster Enhancers)."""
    combat = s.combat
    if combat is None:
        return {monster}
    root = combat.mates.get(CardRef(monster), CardRef(monster))
    return {root} | {m for m, o in combat.mates.items() if o == root}


def treasures_of(g: Munchkin, s: MKState, monster: int) -> int:
    """How many Treasures a monster gives: its card, its own text, and the enhancers on it
    or its Mates (never fewer than 1: ruling R10)."""
    base = g.monster_def(s, monster).treasures
    value = g.value(s, "treasures", monster, base)
    combat = s.combat
    if combat is not None:
        group = group_of(s, monster)
        for extra, host in combat.attached.items():
            if host in group and g.defn(s, extra).kind == "enhancer":
                value += g.defn(s, extra).treasures
    return max(1, value)


def fight_keywords(g: Munchkin, s: MKState) -> set[str]:
    """What the fight's monsters say about the whole fight (001 Fighting Multiple Monsters:
    "fight with your Level only" applies to all of it)."""
    combat = s.combat
    if combat is None:
        return set()
    out: set[str] = set()
    for m in combat.monsters:
        for ab in g.abilities_of(s, m):
            out |= ab.keywords
    return out


def fighters_win(g: Munchkin, s: MKState) -> bool:
    """The fighters win with more strength; ties go to the monsters unless a fighter has a
    card that wins ties (a Warrior)."""
    combat = s.combat
    assert combat is not None
    party, foes = g.party_strength(s), g.monsters_strength(s)
    if party > foes:
        return True
    seats = [combat.fighter] + ([combat.helper] if combat.helper >= 0 else [])
    ties = any(board.keyword_in_play(g, s, x, "wins_ties") for x in seats)
    return party == foes and ties
