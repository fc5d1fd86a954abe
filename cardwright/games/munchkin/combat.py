"""Combat (001 Combat, Monsters, Monster Enhancers, Fighting Multiple Monsters, Undead,
Interfering With Combat): the fight as a step, its response window, and the monsters.

A fight opens when a monster is met (kicked at the door, played to look for trouble, or a
fight passed on). The monsters' reveal powers act first; then the ``combat`` window goes
round from the fighter: each player may interfere (one-shots for either side, enhancers,
curses, monsters, powers), the fighter may ask for help (``help.py``) or make a monster
leave as its text allows, and the fight is settled when everyone passes in a row: the
fighters win with more strength (monsters win ties unless a Warrior fights), otherwise they
run (``run.py``). Then the cards of the fight are discarded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from cardwright.core.game import AFTER
from cardwright.core.state import Bindings, CardRef, Decision, Option, State
from cardwright.core.steps import Respond, Step
from cardwright.core.vocab import Ctx, ability_ctx

from . import board
from .help import Negotiate, help_options, release_forced_helper
from .play import Received, ability, carry_out, hand_options, moment, table_options
from .rewards import Rewards
from .run import RunAway
from .state import Combat, MKState
from .strength import fighters_win, treasures_of

if TYPE_CHECKING:
    from cardwright.core.game import Game

    from .game import Munchkin

OPEN, WINDOW, SETTLE, END = range(4)


def _g(game: Game) -> Munchkin:
    return cast("Munchkin", game)


def start_combat(g: Munchkin, s: MKState, fighter: int, monster: int, rule: str) -> None:
    """A monster attacks ``fighter`` (it is in zone ``table`` or in their hand)."""
    s.combat = Combat(fighter=fighter)
    board.place(g, s, monster, "combat")
    s.combat.monsters.append(CardRef(monster))
    s.cards[monster].controller = fighter
    g.log(
        s,
        "combat",
        rule,
        f"{s.names[fighter]} fights {g.card_name(s, monster)} (level "
        f"{g.monster_def(s, monster).level})",
        fighter,
        card=monster,
    )
    g.push_step(s, Fight(seat=fighter))


def join_monster(g: Munchkin, s: MKState, card: int, seat: int, rule: str) -> None:
    combat = s.combat
    if combat is None:
        return
    board.place(g, s, card, "combat")
    combat.monsters.append(CardRef(card))
    s.cards[card].controller = combat.fighter
    g.log(
        s,
        "join",
        rule,
        f"{s.names[seat]} adds {g.card_name(s, card)} to the fight",
        seat,
        card=card,
    )
    g.emit(s, "joined", AFTER, seat, card=card)


def add_mate(g: Munchkin, s: MKState, card: int, target: int) -> None:
    combat = s.combat
    assert combat is not None
    root = combat.mates.get(CardRef(target), CardRef(target))
    combat.mates[CardRef(card)] = root
    combat.attached.pop(CardRef(card), None)
    combat.monsters.append(CardRef(card))
    s.cards[card].controller = combat.fighter


def remove_monster(
    g: Munchkin, s: MKState, card: int, rule: str, *, treasure: bool, killed: bool
) -> None:
    """A monster leaves the fight without being fought: killed outright (its levels and
    Treasure count when the fight is won), or sent away (its Treasure only if the card says
    so: ``treasure``). With no monster left, the fight ends (001 Combat)."""
    combat = s.combat
    ref = CardRef(card)
    if combat is None or ref not in combat.monsters:
        return
    if treasure or killed:
        combat.spoils += treasures_of(g, s, card)
    if killed:
        combat.removed.append(ref)
    combat.monsters.remove(ref)
    for extra, host in list(combat.attached.items()):
        if host == ref:
            del combat.attached[extra]
            board.to_discard(g, s, extra)
    if not killed:
        board.to_discard(g, s, card)
    else:
        board.place(g, s, card, "combat")
    how = "is killed outright" if killed else "leaves the fight"
    g.log(s, "monster_gone", rule, f"{g.card_name(s, card)} {how}", combat.fighter, card=card)
    if not combat.monsters:
        close_combat_window(s)


def close_combat_window(s: MKState) -> None:
    for step in reversed(s.stack):
        if isinstance(step, Respond) and step.window == "combat":
            step.passes = len(step.order)
            return


# ------------------------------------------------------------------------------ the window
def combat_options(g: Munchkin, s: MKState, seat: int) -> list[Option]:
    combat = s.combat
    if combat is None or not combat.monsters:
        return []
    m = moment(s, seat, "combat")
    out = hand_options(g, s, seat, m) + table_options(g, s, seat, m)
    if seat == combat.fighter and combat.helper < 0:
        out += help_options(g, s, seat)
    if m.fighting:
        out += chase_options(g, s, seat)
    return out


def chase_options(g: Munchkin, s: MKState, seat: int) -> list[Option]:
    """Ways the fighter (or helper) may make a monster leave, as its text allows."""
    combat = s.combat
    assert combat is not None
    out = []
    for mon in combat.monsters:
        ab = ability(g, s, mon)
        if ab is None:
            continue
        for i, chase in enumerate(ab.hooks.get("chase_offs", ())):
            ctx = ability_ctx(g, s, ab, "chase_offs", mon, seat)
            if not chase.condition.eval(ctx):
                continue
            if chase.cost is not None and not chase.cost.always_possible:
                node = f"munchkin/{ab.id}/chase_offs/{i}/cost"
                if not chase.cost.possible(Ctx(g, s, ab, mon, seat, node=node)):
                    continue
            out.append(Option(f"chase:{mon}:{i}", chase.label, card=mon, n=i))
    return out


def combat_prompt(g: Munchkin, s: MKState, seat: int) -> str:
    combat = s.combat
    if combat is None:
        return "The fight is over"
    party, foes = g.party_strength(s), g.monsters_strength(s)
    state = "winning" if fighters_win(g, s) else "losing"
    names = ", ".join(g.card_name(s, m) for m in combat.monsters)
    side = s.names[combat.fighter] + (
        f" and {s.names[combat.helper]}" if combat.helper >= 0 else ""
    )
    if seat == combat.fighter:
        return (
            f"You fight {names}: {party} against {foes}, you are {state}. Act, or pass to settle it"
        )
    return f"{side} fight {names}: {party} against {foes}, they are {state}. Interfere, or pass"


def combat_answer(g: Munchkin, s: MKState, frame: Respond, seat: int, option: Option) -> None:
    kind = option.id.split(":", 1)[0]
    if kind == "help":
        assert option.n is not None
        g.push_step(s, Negotiate(seat=seat, to=option.n))
        return
    if kind == "chase":
        assert option.card is not None and option.n is not None
        g.push_step(s, ChaseOff(seat=seat, monster=option.card, index=option.n))
        return
    carry_out(g, s, seat, option)
    release_forced_helper(g, s)


class ChaseOff(Step, tag="mk.chase"):
    """A fighter makes a monster leave as its text allows: pay the cost, then it goes."""

    monster: CardRef
    index: int
    stage: int = 0

    def run(self, game: Game, state: State) -> None:
        g, s = _g(game), cast(MKState, state)
        ab = ability(g, s, self.monster)
        assert ab is not None
        chase = ab.hooks["chase_offs"][self.index]
        if self.stage == 0:
            self.stage = 1
            g.log(
                s,
                "chase",
                "mk.combat.chase_off",
                f"{s.names[self.seat]}: {chase.label}",
                self.seat,
                card=self.monster,
            )
            if chase.cost is not None:
                node = f"munchkin/{ab.id}/chase_offs/{self.index}/cost"
                chase.cost.start(Ctx(g, s, ab, self.monster, self.seat, node=node))
            return
        g.pop(s, self)
        remove_monster(
            g, s, self.monster, "mk.combat.chase_off", treasure=chase.treasure, killed=False
        )
        g.after_loss(s, self.seat)


# ------------------------------------------------------------------------------ the fight
class Fight(Step, tag="mk.fight"):
    """One fight, ``seat`` the fighter (the rest is in ``state.combat``)."""

    stage: int = OPEN

    def run(self, game: Game, state: State) -> None:
        g, s = _g(game), cast(MKState, state)
        combat = s.combat
        assert combat is not None
        if self.stage == OPEN:
            self.stage = WINDOW
            for mon in list(combat.monsters):
                g.emit(s, "revealed", AFTER, combat.fighter, card=mon)
            g.resolve_triggers(s)
            return
        if self.stage == WINDOW:
            self.stage = SETTLE
            if combat.monsters and not s.dead[combat.fighter]:
                s.rearranged = []
                g.open_window(s, "combat", combat.fighter, rule="mk.combat.interfere")
            return
        if self.stage == SETTLE:
            if s.triggers:
                g.resolve_triggers(s)
                return
            self.stage = END
            release_forced_helper(g, s)
            self._settle(g, s, combat)
            return
        g.pop(s, self)
        end_combat(g, s)
        g.push_step(s, Received(seat=s.active))

    def _settle(self, g: Munchkin, s: MKState, combat: Combat) -> None:
        if s.dead[combat.fighter] and combat.helper < 0:
            return
        if not combat.monsters:
            if combat.spoils or combat.removed:
                g.push_step(s, Rewards(seat=combat.fighter))
            else:
                g.log(
                    s, "combat_over", "mk.combat.removed", "No monster is left: the fight is over"
                )
            return
        party, foes = g.party_strength(s), g.monsters_strength(s)
        if fighters_win(g, s):
            g.log(
                s,
                "combat_won",
                "mk.combat",
                f"The fighters win, {party} against {foes}",
                combat.fighter,
                party=party,
                monsters=foes,
            )
            g.push_step(s, Rewards(seat=combat.fighter))
            return
        g.log(
            s,
            "combat_lost",
            "mk.combat",
            f"The monsters win, {foes} against {party}: run!",
            combat.fighter,
            party=party,
            monsters=foes,
        )
        if combat.helper >= 0 and not s.dead[combat.helper]:
            g.push_step(s, RunAway(seat=combat.helper))
        if not s.dead[combat.fighter]:
            g.push_step(s, RunAway(seat=combat.fighter))


def end_combat(g: Munchkin, s: MKState) -> None:
    """The fight is over: its cards are discarded, borrowed Items go home, and what lasted
    "until the end of the fight" ends (001 Combat, One-Shot Treasures). Whoever fought, helped
    or got an Item back then keeps only the Big Items allowed (a lender may have been given a
    Big Item the borrower could not keep: ruling R9)."""
    combat = s.combat
    if combat is None:
        return
    seats = [combat.fighter] + ([combat.helper] if combat.helper >= 0 else [])
    lenders: list[int] = []  # who got a borrowed Item back
    for card in list(s.zones["combat"]):
        board.to_discard(g, s, card)
    for e in list(s.lasting):
        if e.key == "borrowed" and e.target is not None and e.seat >= 0:
            item = e.target
            if board.zone_of(s, item).startswith("play:") and not s.dead[e.seat]:
                if e.seat not in seats and e.seat not in lenders:
                    lenders.append(e.seat)
                board.to_play(g, s, item, e.seat)
                g.log(
                    s,
                    "return",
                    "mk.card.door",
                    f"{g.card_name(s, item)} goes back to {s.names[e.seat]}",
                    e.seat,
                    card=item,
                )
    s.combat = None
    g.log(s, "combat_end", "mk.combat.end", "The fight is over")
    for seat in seats:
        board.end_fight(g, s, seat)
    for seat in seats + lenders:
        g.after_loss(s, seat)


class Transfer(Step, tag="mk.transfer"):
    """The monsters turn on another player (a Transferral Potion): ``seat`` chooses who."""

    rule: str = "mk.combat.transfer"

    def _seats(self, s: MKState) -> list[int]:
        combat = s.combat
        if combat is None:
            return []
        busy = (combat.fighter, combat.helper)
        return [x for x in board.living(s) if x not in busy]

    def ask(self, game: Game, state: State) -> Decision | None:
        s = cast(MKState, state)
        seats = self._seats(s)
        if len(seats) <= 1:
            return None
        options = [Option(f"seat:{x}", s.names[x], n=x) for x in seats]
        return game.question(
            self.seat, "transfer", "Who do the monsters attack now?", options, self.rule
        )

    def run(self, game: Game, state: State) -> None:
        s = cast(MKState, state)
        seats = self._seats(s)
        game.pop(s, self)
        if seats:
            self._to(_g(game), s, seats[0])

    def answer(self, game: Game, state: State, option: Option) -> None:
        game.pop(state, self)
        assert option.n is not None
        self._to(_g(game), cast(MKState, state), option.n)

    def _to(self, g: Munchkin, s: MKState, seat: int) -> None:
        combat = s.combat
        assert combat is not None
        old = [combat.fighter] + ([combat.helper] if combat.helper >= 0 else [])
        for x in old:
            board.end_fight(g, s, x)
        combat.fighter, combat.helper = seat, -1
        combat.asked, combat.offer, combat.share = [], None, "none"
        combat.party = []
        for m in combat.monsters:
            s.cards[m].controller = seat
        for step in s.stack:
            if isinstance(step, Fight):
                step.seat = seat
            if isinstance(step, Respond) and step.window == "combat":
                n = len(s.names)
                step.order = [(seat + i) % n for i in range(n)]
                step.idx, step.passes = 0, 0
        g.log(s, "transfer", self.rule, f"The monsters now attack {s.names[seat]}", seat)


__all__ = ["Bindings"]
