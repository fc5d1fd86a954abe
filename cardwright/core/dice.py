"""Dice: rolls made through the state's RNG, so they are seeded, replayable and forceable.

A *roll* gathers every die of one kind and rolls them together (Varia: "a roll gathers all dice
of one type"); its result is the sum of the faces. A roll may be made twice and the higher or
lower result kept (an *advantage* of +1 or -1: Varia's improved and impaired). A rule may also
fix every die of a roll at one face (``fixed``): then nothing is rolled unless the rule says the
dice are rolled first and changed after (``roll_first``), which still uses the generator.

Scenarios force dice like every other chance event: each die takes the next forced value (the
face minus one), in the order the dice are rolled.

>>> from cardwright.core.state import State
>>> from cardwright.core.rng import seed_rng
>>> s = State(game="demo"); seed_rng(s, 1); s.forced = [2, 4, 0, 1]
>>> r = roll_dice(s, 2, 6, advantage=1)
>>> r.tries, r.faces, r.total
(((3, 5), (1, 2)), (3, 5), 8)
"""

from __future__ import annotations

import msgspec

from .rng import HasRng, roll


class Roll(msgspec.Struct, frozen=True):
    """A roll: how many dice of how many sides, every try made (one, or two with an
    advantage), the faces kept and their total. (A frozen struct rather than a frozen
    dataclass: made at every roll, in a fifth of the time.)"""

    count: int
    sides: int
    tries: tuple[tuple[int, ...], ...]
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.faces)

    def describe(self) -> str:
        """``2d6: 3+5`` (``2d6: 3+5 / 1+2, higher kept``)."""
        if not self.count:
            return "no dice"
        shown = " / ".join("+".join(map(str, t)) for t in self.tries)
        return f"{self.count}d{self.sides}: {shown}"


NO_DICE = Roll(0, 0, (), ())


def roll_dice(
    state: HasRng,
    count: int,
    sides: int,
    *,
    advantage: int = 0,
    fixed: int | None = None,
    roll_first: bool = False,
) -> Roll:
    """Roll ``count`` dice of ``sides`` together. ``advantage`` +1: roll twice, keep the higher
    total; -1: keep the lower (the first try on a tie); 0: once. ``fixed``: every die counts as
    that face (rolled first, and the faces changed after, only when ``roll_first``)."""
    if count <= 0:
        return NO_DICE
    if fixed is not None and not roll_first:
        faces = (fixed,) * count
        return Roll(count, sides, (faces,), faces)
    tries = [tuple(roll(state, sides) for _ in range(count))]
    if advantage:
        tries.append(tuple(roll(state, sides) for _ in range(count)))
    kept = tries[0]
    if (advantage > 0 and sum(tries[1]) > sum(kept)) or (
        advantage < 0 and sum(tries[1]) < sum(kept)
    ):
        kept = tries[1]
    if fixed is not None:
        kept = (fixed,) * count
    return Roll(count, sides, tuple(tries), kept)
