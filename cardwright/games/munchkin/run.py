"""Running away (the rulesheet's page is missing from the scan: sm B1 Running Away is the
standard rule it assumes) and Bad Stuff.

A runner flees each monster in turn, in the order they choose: a monster that does not
pursue them, or a card that gets them away (Instant Wall, a sacrificed Hireling, a Rat on a
Stick), lets them go without a roll; one they cannot run from catches them; otherwise they
roll a die and get away on 5 or more, with the bonuses of their race and equipped Items and
the monster's own. After a failed roll they may still save themselves (a potion, a Loaded
Die, a Wizard's Flight, a Halfling's second roll). A monster that catches them does its Bad
Stuff at once; one they get away from may still hurt them; the others may stick them with
glue as they get away. The dead stop running.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from cardwright.core.state import Bindings, CardRef, Decision, Option
from cardwright.core.steps import Respond
from cardwright.core.vocab import Ctx, ability_ctx, start_ability

from . import board
from .play import ability, power_options
from .state import MKState, MKStep

if TYPE_CHECKING:
    from .game import Munchkin

ESCAPE_ON = 5
CHOOSE, PREPARE, ROLLED, FAILED, CAUGHT, NEXT = range(6)


def escape_bonus(g: Munchkin, s: MKState, seat: int, monster: int) -> int:
    """What is added to ``seat``'s roll to get away from ``monster``: its race's, class's and
    equipped Items' "escape" values and the monster's own."""
    total = g.value(s, "escape", monster, 0)
    for card in board.active_cards(g, s, seat):
        total += g.value(s, "escape", card, 0)
    return total


class RunAway(MKStep, tag="mk.run"):
    """``seat`` runs from every monster of the fight. ``left``: the monsters still to run
    from; ``current``: the one being run from; ``roll``: the roll so far (with its
    changes); ``rerolled``: the Halfling's second roll is spent."""

    stage: int = CHOOSE
    left: list[CardRef] = msgspec.field(default_factory=list)
    current: CardRef | None = None
    roll: int = 0
    started: bool = False

    def _options_failed(self, g: Munchkin, s: MKState) -> list[Option]:
        seat = self.seat
        out = [Option("caught", "Take the Bad Stuff")]
        for c in [*board.hand(s, seat), *board.in_play(s, seat)]:
            if g.has_keyword(s, c, "after_failed_roll"):
                out.append(Option(f"save:{c}", f"Use {g.card_name(s, c)}: get away", card=c))
        out += power_options(g, s, seat, "failed_escape")
        return out

    def ask(self, g: Munchkin, s: MKState) -> Decision | None:
        seat = self.seat
        if s.dead[seat]:
            return None
        if self.stage == CHOOSE and len(self.left) > 1:
            options = [
                Option(f"flee:{m}", f"Run from {g.card_name(s, m)} next", card=m) for m in self.left
            ]
            return g.question(
                seat, "run_order", "Which monster do you run from next?", options, "mk.run"
            )
        if self.stage == PREPARE and self.current is not None:
            extra = power_options(g, s, seat, "running")
            if not extra or self._automatic(g, s) is not None:
                return None
            name = g.card_name(s, self.current)
            options = [Option("roll", f"Roll to run away from {name}"), *extra]
            return g.question(seat, "run", f"Running from {name}", options, "mk.run")
        if self.stage == FAILED and self.current is not None:
            options = self._options_failed(g, s)
            treasures = board.hand_zones(seat)[1]
            hidden = any(not s.cards[c].face_up for c in s.zones[treasures])
            if len(options) == 1 and not hidden:
                return None
            name = g.card_name(s, self.current)
            prompt = f"You rolled {self.roll} against {name}: caught, unless you do something"
            return g.question(seat, "failed_escape", prompt, options, "mk.run")
        return None

    def run(self, g: Munchkin, s: MKState) -> None:
        seat = self.seat
        combat = s.combat
        if s.dead[seat] or combat is None:
            g.pop(s, self)
            return
        if not self.started:
            self.started = True
            self.left = list(combat.monsters)
            g.log(
                s,
                "run",
                "mk.run.helper" if seat == combat.helper else "mk.run",
                f"{s.names[seat]} runs away",
                seat,
            )
            return  # the order of the monsters is asked next
        if self.stage == CHOOSE:
            if not self.left:
                g.pop(s, self)
                return
            self._next(self.left[0])
            return
        if self.stage == PREPARE:
            assert self.current is not None
            auto = self._automatic(g, s)
            if auto == "away":
                self._escaped(g, s, rolled=False)
                return
            if auto == "caught":
                g.log(
                    s,
                    "caught",
                    "mk.run.no_escape",
                    f"{s.names[seat]} cannot run from {g.card_name(s, self.current)}",
                    seat,
                )
                self.stage = CAUGHT
                return
            self._roll(g, s)
            return
        if self.stage == FAILED:  # nothing left to try
            self.stage = CAUGHT
            return
        if self.stage == CAUGHT:
            self._caught(g, s)
            return
        if self.stage == ROLLED:  # the escape stood (nobody stuck them)
            assert self.current is not None
            self.stage = NEXT
            ab = ability(g, s, self.current)
            if ab is not None and ab.effect("escaped") is not None:
                g.log(
                    s,
                    "escaped_hurt",
                    "mk.run.escaped",
                    f"{g.card_name(s, self.current)} still hurts {s.names[seat]}",
                    seat,
                )
                start_ability(g, s, ab, "escaped", self.current, seat)
            return
        self.stage = CHOOSE
        self.current = None

    def answer(self, g: Munchkin, s: MKState, option: Option) -> None:
        kind = option.id.split(":", 1)[0]
        if kind == "flee":
            assert option.card is not None
            self._next(option.card)
            return
        if kind == "roll":
            self._roll(g, s)
            return
        if kind == "caught":
            self.stage = CAUGHT
            return
        if kind == "save":
            assert option.card is not None
            g.log(
                s,
                "save",
                "mk.card.oneshot",
                f"{s.names[self.seat]} uses {g.card_name(s, option.card)}",
                self.seat,
                card=option.card,
            )
            board.to_discard(g, s, option.card)
            self._escaped(g, s, rolled=False)
            return
        if kind == "power":
            from .play import UsePower

            assert option.card is not None and option.n is not None
            ab = ability(g, s, option.card)
            assert ab is not None
            power = ab.hooks["powers"][option.n]
            g.push_step(s, UsePower(seat=self.seat, card=option.card, index=option.n))
            if power.action == "escape":
                self.stage = ROLLED
                self._escape_log(g, s, False)
            elif power.action == "reroll":
                self.stage = PREPARE
            elif power.action == "flight":
                self.roll += 1
                g.log(
                    s,
                    "flight",
                    "mk.card.class",
                    f"{s.names[self.seat]}'s roll now counts {self.roll}",
                    self.seat,
                )
                if self.roll >= ESCAPE_ON:
                    self.stage = ROLLED
                    self._escape_log(g, s, True)

    # ------------------------------------------------------------------ helpers
    def _next(self, monster: CardRef) -> None:
        self.left.remove(monster)
        self.current = monster
        self.stage = PREPARE

    def _automatic(self, g: Munchkin, s: MKState) -> str | None:
        """``away`` (no roll needed), ``caught`` (no way to run) or None (roll)."""
        seat, mon = self.seat, self.current
        assert mon is not None
        if board.marks(s, seat, "wall"):
            return "away"
        ab = ability(g, s, mon)
        if ab is not None:
            cond = ab.hooks.get("no_pursuit")
            if cond is not None:
                ctx = ability_ctx(g, s, ab, "no_pursuit", mon, seat)
                if cond.eval(ctx):
                    return "away"
            if "no_escape" in ab.keywords:
                return "caught"
        return None

    def _roll(self, g: Munchkin, s: MKState) -> None:
        assert self.current is not None
        seat = self.seat
        name = g.card_name(s, self.current)
        face = g.roll_die(s, seat, 6, "mk.run", f"to run away from {name}")
        bonus = escape_bonus(g, s, seat, self.current)
        self.roll = face + bonus
        if bonus:
            g.log(s, "run_bonus", "mk.run", f"with {bonus:+d}, the roll counts {self.roll}", seat)
        if self.roll >= ESCAPE_ON:
            self._escaped(g, s, rolled=True)
        else:
            self.stage = FAILED

    def _escape_log(self, g: Munchkin, s: MKState, rolled: bool) -> None:
        assert self.current is not None
        how = "" if rolled else " without a roll"
        g.log(
            s,
            "escaped",
            "mk.run.auto" if not rolled else "mk.run",
            f"{s.names[self.seat]} gets away from {g.card_name(s, self.current)}{how}",
            self.seat,
        )

    def _escaped(self, g: Munchkin, s: MKState, rolled: bool) -> None:
        self._escape_log(g, s, rolled)
        self.stage = ROLLED
        n = len(s.names)
        others = [(self.seat + i) % n for i in range(1, n)]
        g.open_window(s, "escape", others[0], others, rule="mk.run.glue", card=self.current)

    def _caught(self, g: Munchkin, s: MKState) -> None:
        assert self.current is not None
        seat, mon = self.seat, self.current
        self.stage = NEXT
        g.log(
            s,
            "caught",
            "mk.run.bad_stuff",
            f"{g.card_name(s, mon)} catches {s.names[seat]}: Bad Stuff",
            seat,
            card=mon,
        )
        ab = ability(g, s, mon)
        if ab is not None and ab.effect("bad_stuff") is not None:
            vars = Bindings(cards={"monster": [mon]})
            effect = ab.effect("bad_stuff")
            assert effect is not None
            effect.start(Ctx(g, s, ab, mon, seat, vars, f"munchkin/{ab.id}/bad_stuff"))
        else:
            g.log(s, "no_bad_stuff", "mk.run.bad_stuff", "It does nothing to them", seat)


def stick(g: Munchkin, s: MKState, frame: Respond, seat: int, glue: int) -> None:
    """A Flask of Glue: the runner who just got away must roll again."""
    for step in reversed(s.stack):
        if isinstance(step, RunAway) and step.stage == ROLLED:
            g.log(
                s,
                "glue",
                "mk.run.glue",
                f"{s.names[seat]} sticks {s.names[step.seat]} with "
                f"{g.card_name(s, glue)}: roll again",
                seat,
                card=glue,
            )
            board.to_discard(g, s, glue)
            step.stage = PREPARE
            frame.passes = len(frame.order)
            return


__all__ = ["CardRef", "RunAway", "escape_bonus", "stick"]
