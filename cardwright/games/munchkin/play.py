"""Playing cards (001 When You May Take Actions, Treasures, Items, Curses, Monster
Enhancers), using powers, and the steps that resolve them.

Which cards a seat may play depends on the moment (:class:`Moment`): its own turn out of a
fight (arranging its cards, before the first turn, at the end of the turn), an "any time"
window out of a fight, a fight (its own or another's). Every answer carries its card and
target as typed values (``card``, ``target``, ``n``); option ids are stable
(``play:<card>``, ``curse:<card>:<seat>`` ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

import msgspec

from cardwright.core.state import Bindings, CardRef, Decision, Option, State
from cardwright.core.steps import Step
from cardwright.core.vocab import Ctx, ability_ctx, ability_possible, start_ability

from . import board
from .state import MKState
from .words import Power

if TYPE_CHECKING:
    from cardwright.core.abilities import Ability
    from cardwright.core.game import Game

    from .game import Munchkin

#: the moments out of a fight on a seat's own turn
OWN_TURN = ("setup", "arrange", "trouble", "end")


def _g(game: Game) -> Munchkin:
    return cast("Munchkin", game)


@dataclass(frozen=True)
class Moment:
    """When a seat is asked: ``kind`` (``setup``, ``arrange``, ``trouble``, ``end``,
    ``anytime``, ``combat``), and the facts timing rules test."""

    kind: str
    seat: int
    own_turn: bool
    in_combat: bool
    fighting: bool  # the seat is the fighter or the helper
    fighter: bool  # the seat is the fighter

    @property
    def free(self) -> bool:
        """Out of a fight."""
        return not self.in_combat


def moment(s: MKState, seat: int, kind: str) -> Moment:
    combat = s.combat
    in_combat = combat is not None and kind == "combat"
    fighting = in_combat and combat is not None and seat in (combat.fighter, combat.helper)
    return Moment(
        kind,
        seat,
        seat == s.active and kind in OWN_TURN,
        in_combat,
        fighting,
        in_combat and combat is not None and combat.fighter == seat,
    )


def ability(g: Munchkin, s: MKState, card: int) -> Ability | None:
    found = g.abilities_of(s, card)
    return found[0] if found else None


def _hook(g: Munchkin, s: MKState, card: int, hook: str) -> object:
    ab = ability(g, s, card)
    return None if ab is None else ab.hooks.get(hook)


def _holds(g: Munchkin, s: MKState, card: int, hook: str, seat: int) -> bool:
    """Whether a condition hook of the card holds for ``seat`` (absent: it holds)."""
    ab = ability(g, s, card)
    if ab is None or ab.hooks.get("playable") is None:
        return True
    ctx = ability_ctx(g, s, ab, hook, card, seat)
    return bool(ab.hooks["playable"].eval(ctx))


def _possible(g: Munchkin, s: MKState, card: int, seat: int) -> bool:

    ab = ability(g, s, card)
    if ab is None or ab.effect("on_play") is None:
        return True
    return ability_possible(g, s, ab, "on_play", card, seat)


def keyword(g: Munchkin, s: MKState, card: int, word: str) -> bool:
    return g.has_keyword(s, card, word)


def _timing_ok(g: Munchkin, s: MKState, card: int, m: Moment) -> bool:
    """When a card that resolves (not a curse, a Go Up a Level or a permanent) may be
    played: its keyword says (``combat``, ``my_combat``, ``own_combat``, ``any_time``);
    otherwise on its player's own turn out of a fight."""
    if keyword(g, s, card, "combat"):
        return m.in_combat
    if keyword(g, s, card, "my_combat"):
        return m.fighting
    if keyword(g, s, card, "own_combat"):
        return m.fighter
    if keyword(g, s, card, "any_time"):
        return m.kind in ("arrange", "trouble", "end", "anytime", "combat")
    if keyword(g, s, card, "on_escape") or keyword(g, s, card, "after_failed_roll"):
        return False
    return m.own_turn and m.free


def just_received(s: MKState, card: int, m: Moment) -> bool:
    """Whether ``card`` is one ``m.seat`` has just received outside its own turn and may
    play now: in a window out of a fight it is in (001 When You May Take Actions, Rewards:
    "even if you are the helper")."""
    return CardRef(card) in s.fresh and not m.fighting and m.kind in ("anytime", "combat")


def may_play_permanent(g: Munchkin, s: MKState, card: int, m: Moment) -> bool:
    """Classes, races, Items, allies: on your own turn (classes and races even in a fight;
    Items out of one), or as soon as you receive them (out of a fight)."""
    d = g.defn(s, card)
    fresh = just_received(s, card, m)
    if d.kind in ("class", "race", "super_munchkin", "half_breed"):
        return (m.seat == s.active and m.kind in (*OWN_TURN, "combat")) or fresh
    return (m.own_turn and m.free) or fresh


def can_take_class(g: Munchkin, s: MKState, seat: int, card: int) -> bool:
    """One class (race) unless Super Munchkin (Half-Breed) allows two; never two copies."""
    d = g.defn(s, card)
    mine = board.cards_of_kind(g, s, seat, d.kind)
    if any(g.defn(s, c).tag == d.tag for c in mine):
        return False
    extra = "super_munchkin" if d.kind == "class" else "half_breed"
    allowed = 2 if board.cards_of_kind(g, s, seat, extra) else 1
    return len(mine) < allowed


def hand_options(g: Munchkin, s: MKState, seat: int, m: Moment) -> list[Option]:
    """What ``seat`` may play from its hand at this moment."""
    out: list[Option] = []
    names = s.names
    combat = s.combat
    targets = [x for x in range(len(names)) if not s.dead[x]]
    for card in board.hand(s, seat):
        d = g.defn(s, card)
        name = d.name
        kind = d.kind
        if kind == "curse":
            if m.kind == "setup":
                continue
            for x in targets:
                who = "yourself" if x == seat else names[x]
                out.append(Option(f"curse:{card}:{x}", f"Curse {who} with {name}", card=card, n=x))
        elif kind == "level":
            if m.kind == "setup":
                continue
            for x in targets:
                if s.level[x] >= board.MAX_LEVEL - 1 or not _holds(g, s, card, "on_play", x):
                    continue
                if not _possible(g, s, card, seat):
                    continue
                who = "yourself" if x == seat else names[x]
                out.append(Option(f"level:{card}:{x}", f"Play {name} on {who}", card=card, n=x))
        elif kind == "enhancer":
            if m.in_combat and combat is not None:
                for mon in combat.monsters:
                    label = f"Play {name} on {g.card_name(s, mon)}"
                    out.append(Option(f"enhance:{card}:{mon}", label, card=card, target=mon))
        elif kind == "monster":
            undead_there = combat is not None and any(
                g.card_attr(s, x, "undead") for x in combat.monsters
            )
            if m.in_combat and d.undead and undead_there:
                label = f"Send {name} to help the Undead"
                out.append(Option(f"join:{card}", label, card=card))
        elif kind in ("class", "race", "super_munchkin", "half_breed", "item", "ally"):
            if may_play_permanent(g, s, card, m) and _permanent_ok(g, s, seat, card):
                out.append(Option(f"play:{card}", f"Play {name}", card=card))
        elif kind == "oneshot":
            out.extend(oneshot_options(g, s, seat, card, m))
            if (m.own_turn and m.free) or just_received(s, card, m):
                out.append(Option(f"play:{card}", f"Put {name} on the table", card=card))
        elif keyword(g, s, card, "mate"):
            if m.in_combat and combat is not None:
                for mon in combat.monsters:
                    if mon in combat.mates:
                        continue
                    label = f"Give {g.card_name(s, mon)} a Mate"
                    out.append(Option(f"mate:{card}:{mon}", label, card=card, target=mon))
        elif kind in ("door", "treasure"):
            if keyword(g, s, card, "takes_level"):
                if m.kind != "setup" and _timing_ok(g, s, card, m):
                    for x in targets:
                        if x != seat and s.level[x] > 1:
                            label = f"Play {name}: take a level from {names[x]}"
                            out.append(Option(f"steal:{card}:{x}", label, card=card, n=x))
                continue
            if _timing_ok(g, s, card, m) and _holds(g, s, card, "on_play", seat):
                if not _possible(g, s, card, seat):
                    continue
                if keyword(g, s, card, "with_monster"):  # the monster it brings is named
                    for mon in board.hand(s, seat):
                        if g.defn(s, mon).kind == "monster":
                            label = f"Play {name} with {g.card_name(s, mon)}"
                            out.append(Option(f"play:{card}:{mon}", label, card=card, target=mon))
                    continue
                out.append(Option(f"play:{card}", f"Play {name}", card=card))
    return out


def _permanent_ok(g: Munchkin, s: MKState, seat: int, card: int) -> bool:
    d = g.defn(s, card)
    if d.kind in ("class", "race"):
        return can_take_class(g, s, seat, card)
    if d.kind == "super_munchkin":
        return bool(board.cards_of_kind(g, s, seat, "class")) and not board.cards_of_kind(
            g, s, seat, "super_munchkin"
        )
    if d.kind == "half_breed":
        return bool(board.cards_of_kind(g, s, seat, "race")) and not board.cards_of_kind(
            g, s, seat, "half_breed"
        )
    if d.kind == "ally":
        return not board.cards_of_kind(g, s, seat, "ally")
    if d.big:
        return board.may_carry_big(g, s, seat) or free_porter(g, s, seat) is not None
    return True


def oneshot_options(g: Munchkin, s: MKState, seat: int, card: CardRef, m: Moment) -> list[Option]:
    """Ways to use a one-shot now (from the hand or the table)."""
    d = g.defn(s, card)
    name = d.name
    out: list[Option] = []
    combat = s.combat
    if d.bonus and m.in_combat and combat is not None:
        out.append(
            Option(
                f"use:{card}:party",
                f"Use {name}: +{d.bonus} to the fighters",
                card=card,
                arg="party",
            )
        )
        for mon in combat.monsters:
            label = f"Use {name}: +{d.bonus} to {g.card_name(s, mon)}"
            out.append(Option(f"use:{card}:{mon}", label, card=card, target=mon, arg="monster"))
    ab = ability(g, s, card)
    if ab is not None:
        for i, alt in enumerate(ab.hooks.get("alternatives", ())):
            if not m.in_combat:
                continue
            ctx = ability_ctx(g, s, ab, "alternatives", card, seat)
            if alt.condition.eval(ctx):
                out.append(Option(f"alt:{card}:{i}", f"{name}: {alt.label}", card=card, n=i))
        if (
            ab.effect("on_play") is not None
            and _timing_ok(g, s, card, m)
            and _holds(g, s, card, "on_play", seat)
            and _possible(g, s, card, seat)
        ):
            out.append(Option(f"use:{card}", f"Use {name}", card=card))
    return out


def table_options(g: Munchkin, s: MKState, seat: int, m: Moment) -> list[Option]:
    """What ``seat`` may do with its cards in play: use a one-shot, use a power; discard a
    class or race on its own turn and in a fight it is in (in other windows the window
    offers it: ruling R17)."""
    out: list[Option] = []
    for card in board.in_play(s, seat):
        if g.defn(s, card).kind == "oneshot":
            out.extend(oneshot_options(g, s, seat, card, m))
    if m.own_turn or m.fighting:
        out.extend(class_discards(g, s, seat))
    out.extend(power_options(g, s, seat, m.kind if m.kind != "combat" or m.in_combat else ""))
    return out


def class_discards(g: Munchkin, s: MKState, seat: int) -> list[Option]:
    """Discarding a class or race card, which a player may do at any time (001 Character
    Stats: Class)."""
    out: list[Option] = []
    for card in board.in_play(s, seat):
        d = g.defn(s, card)
        if d.kind in ("class", "race"):
            out.append(Option(f"discard:{card}", f"Discard your {d.name} card", card=card))
    return out


def free_porter(g: Munchkin, s: MKState, seat: int) -> CardRef | None:
    """A card of ``seat``'s that carries an Item (a Hireling, a Dolly) and carries none."""
    for c in board.in_play(s, seat):
        if g.has_keyword(s, c, "porter") and c not in s.attached.values():
            return c
    return None


def ride_porter(g: Munchkin, s: MKState, seat: int, card: int) -> None:
    """A Big Item that joins ``seat``'s play beyond the one allowed rides on a porter that
    carries nothing (free of size: 001 Big Items), unless a card lets them carry any number."""
    if not g.defn(s, card).big or len(board.big_items(g, s, seat)) <= 1:
        return
    porter = free_porter(g, s, seat)
    if porter is not None and not board.keyword_in_play(g, s, seat, "any_big"):
        carry(g, s, seat, card, porter)


def equip_options(g: Munchkin, s: MKState, seat: int) -> list[Option]:
    """Equip a carried Item (taking off what conflicts) or take one off (001 Items); give an
    Item to a porter to carry (free of slots and size)."""
    out: list[Option] = []
    porter = free_porter(g, s, seat)
    for card in board.in_play(s, seat):
        d = g.defn(s, card)
        if d.kind != "item":
            continue
        if CardRef(card) in s.equipped:
            out.append(Option(f"unequip:{card}", f"Take off {d.name}", card=card))
        elif board.usable(g, s, seat, card):
            off = board.conflicts(g, s, seat, card)
            extra = f" (taking off {', '.join(g.card_name(s, c) for c in off)})" if off else ""
            out.append(Option(f"equip:{card}", f"Equip {d.name}{extra}", card=card))
        if porter is not None and card not in s.attached:
            label = f"Give {d.name} to {g.card_name(s, porter)} to carry"
            out.append(Option(f"porter:{card}", label, card=card, target=porter))
    return out


# ------------------------------------------------------------------------------ powers
def power_options(g: Munchkin, s: MKState, seat: int, when: str) -> list[Option]:
    """The powers of ``seat``'s cards in play usable at ``when`` (a moment kind, or
    ``failed_escape`` / ``running``)."""
    out: list[Option] = []
    combat = s.combat
    for card in board.active_cards(g, s, seat):
        ab = ability(g, s, card)
        if ab is None:
            continue
        for i, p in enumerate(ab.hooks.get("powers", ())):
            if not _power_moment(s, seat, p, when):
                continue
            if p.action == "steal" and not steal_targets(g, s, seat):
                continue
            if not power_ready(g, s, seat, card, i, p):
                continue
            if p.target is not None:
                ctx = ability_ctx(g, s, ab, "powers", card, seat)
                from .words import seat_list

                for x in seat_list(ctx, p.target):
                    if p.per_target and used(s, seat, card, i, x) >= p.per_target:
                        continue
                    label = f"{p.label} {s.names[x]} ({g.card_name(s, card)})"
                    out.append(
                        Option(
                            f"power:{card}:{i}:{x}", label, card=card, n=i, target=None, arg=str(x)
                        )
                    )
                continue
            if combat is None and when == "combat":
                continue
            out.append(
                Option(f"power:{card}:{i}", f"{p.label} ({g.card_name(s, card)})", card=card, n=i)
            )
    return out


def _power_moment(s: MKState, seat: int, p: Power, when: str) -> bool:
    combat = s.combat
    if p.when == "combat":
        return when == "combat" and combat is not None and seat in (combat.fighter, combat.helper)
    if p.when == "any_combat":
        return when == "combat" and combat is not None
    if p.when == "no_combat":
        return when in ("arrange", "trouble", "end", "anytime") and combat is None
    return p.when == when


def used(s: MKState, seat: int, card: int, i: int, target: int = -1) -> int:
    key = f"used:{card}:{i}" + (f":{target}" if target >= 0 else "")
    return board.marks(s, seat, key)


def power_ready(g: Munchkin, s: MKState, seat: int, card: int, i: int, p: Power) -> bool:
    """Whether a power may be used now: its limit, its condition, its cost."""
    from cardwright.core.vocab import Ctx as _Ctx

    if p.limit and used(s, seat, card, i) >= p.limit:
        return False
    ab = ability(g, s, card)
    assert ab is not None
    ctx = ability_ctx(g, s, ab, f"powers/{i}", card, seat)
    if p.condition is not None and not p.condition.eval(ctx):
        return False
    if p.cost is not None and not p.cost.always_possible:
        cost_ctx = _Ctx(g, s, ab, CardRef(card), seat, node=f"munchkin/{ab.id}/powers/{i}/cost")
        if not p.cost.possible(cost_ctx):
            return False
    return True


def steal_targets(g: Munchkin, s: MKState, seat: int) -> list[CardRef]:
    """Items a Thief may try to steal: Small Items other players have in play (out of a
    fight)."""
    out = []
    for x in range(len(s.names)):
        if x == seat:
            continue
        for c in board.in_play(s, x):
            d = g.defn(s, c)
            if d.is_item and not d.big:
                out.append(c)
    return out


class UsePower(Step, tag="mk.power"):
    """Use a power: note the use, pay its cost, then its effect (or rules action)."""

    card: CardRef
    index: int
    on_seat: int = -1
    stage: int = 0
    rule: str = "mk.play.power"

    def run(self, game: Game, state: State) -> None:
        g, s = _g(game), cast(MKState, state)
        ab = ability(g, s, self.card)
        assert ab is not None
        p: Power = ab.hooks["powers"][self.index]
        seat = self.seat
        if self.stage == 0:
            self.stage = 1
            until = board.fight_over(seat) if s.combat is not None else "end_of_turn"
            board.add_mark(s, seat, f"used:{self.card}:{self.index}", until, self.card)
            if self.on_seat >= 0:
                key = f"used:{self.card}:{self.index}:{self.on_seat}"
                board.add_mark(s, seat, key, until, self.card)
            g.log(s, "power", self.rule, f"{s.names[seat]} uses {p.label}", seat, card=self.card)
            if p.cost is not None:
                node = f"munchkin/{ab.id}/powers/{self.index}/cost"
                p.cost.start(Ctx(g, s, ab, self.card, seat, node=node))
            return
        g.pop(s, self)
        if p.effect is not None:
            from cardwright.core.vocab.binding import bind

            vars = bind(ability_ctx(g, s, ab, "x", self.card, seat).vars, "target", self.on_seat)
            node = f"munchkin/{ab.id}/powers/{self.index}"
            p.effect.start(Ctx(g, s, ab, self.card, seat, vars, node))
        elif p.action == "steal":
            from .market import Theft

            g.push_step(s, Theft(seat=seat))
        g.after_loss(s, seat)


# ------------------------------------------------------------------------------ playing a card
class PlayCard(Step, tag="mk.play"):
    """A card played (``how``: ``play``, ``curse``, ``level``, ``steal``, ``enhance``,
    ``mate``, ``join``, ``use``, ``alt``): it leaves the hand (or the table), takes effect,
    and goes where its kind goes. ``to``: a seat it is played on; ``target``: a monster."""

    card: CardRef
    how: str
    to: int = -1
    target: CardRef | None = None
    side: str = ""
    alt: int = -1
    stage: int = 0

    def run(self, game: Game, state: State) -> None:
        g, s = _g(game), cast(MKState, state)
        if self.stage == 0:
            self.stage = 1
            self._begin(g, s)
            return
        g.pop(s, self)
        card = self.card
        if card in s.zones["table"]:  # it resolved: discarded, unless it stayed somewhere
            if s.combat is not None and g.defn(s, card).kind == "oneshot":
                board.place(g, s, card, "combat")
            else:
                board.to_discard(g, s, card)
        g.after_loss(s, self.seat)

    def _begin(self, g: Munchkin, s: MKState) -> None:
        seat, card, how = self.seat, self.card, self.how
        d = g.defn(s, card)
        name = d.name
        names = s.names
        from_play = board.zone_of(s, card).startswith("play:")
        if how == "curse":
            from .windows import Curse

            board.place(g, s, card, "table")
            who = "themselves" if self.to == seat else names[self.to]
            g.log(
                s,
                "curse",
                "mk.play.curse",
                f"{names[seat]} curses {who} with {name}",
                seat,
                card=card,
            )
            g.push_step(s, Curse(seat=self.to, card=card, by=seat))
            return
        if how in ("level", "steal"):
            board.place(g, s, card, "table")
            who = "themselves" if self.to == seat else names[self.to]
            if how == "level":
                g.log(
                    s,
                    "play",
                    "mk.play.gual",
                    f"{names[seat]} plays {name} on {who}",
                    seat,
                    card=card,
                )
                board.set_level(g, s, self.to, 1, "mk.play.gual", card, name)
            else:
                g.log(
                    s,
                    "play",
                    "mk.card.treasure",
                    f"{names[seat]} plays {name} on {who}",
                    seat,
                    card=card,
                )
                if board.set_level(g, s, self.to, -1, "mk.card.treasure", card, name):
                    board.set_level(g, s, seat, 1, "mk.card.treasure", card, name)
            self._effect(g, s)
            return
        combat = s.combat
        if how in ("enhance", "mate") and combat is not None and self.target is not None:
            board.place(g, s, card, "combat")
            combat.attached[card] = self.target
            what = "a Mate for" if how == "mate" else name + " on"
            g.log(
                s,
                "enhance",
                "mk.play.enhancer",
                f"{names[seat]} plays {what} {g.card_name(s, self.target)}",
                seat,
                card=card,
            )
            if how == "mate":
                from .combat import add_mate

                add_mate(g, s, card, self.target)
            return
        if how == "join":
            from .combat import join_monster

            join_monster(g, s, card, seat, "mk.play.wandering")
            return
        if how == "use" and self.side and combat is not None:
            board.place(g, s, card, "combat")
            if self.side == "party":
                combat.party.append(card)
                whom = "the fighters"
            else:
                assert self.target is not None
                combat.attached[card] = self.target
                whom = g.card_name(s, self.target)
            src = " from the table" if from_play else ""
            g.log(
                s,
                "oneshot",
                "mk.play.oneshot",
                f"{names[seat]} uses {name}{src}: +{d.bonus} to {whom}",
                seat,
                card=card,
            )
            return
        if how == "alt":
            board.place(g, s, card, "table")
            ab = ability(g, s, card)
            assert ab is not None
            alt = ab.hooks["alternatives"][self.alt]
            g.log(
                s,
                "oneshot",
                "mk.play.oneshot",
                f"{names[seat]} uses {name}: {alt.label}",
                seat,
                card=card,
            )
            node = f"munchkin/{ab.id}/alternatives/{self.alt}"
            alt.effect.start(Ctx(g, s, ab, card, seat, node=node))
            return
        if d.kind in ("class", "race", "item", "ally", "super_munchkin", "half_breed") or (
            how == "play" and d.kind == "oneshot"
        ):
            self._permanent(g, s)
            return
        board.place(g, s, card, "table")
        g.log(s, "play", "mk.card." + d.kind, f"{names[seat]} plays {name}", seat, card=card)
        self._effect(g, s)

    def _effect(self, g: Munchkin, s: MKState) -> None:
        ab = ability(g, s, self.card)
        if ab is not None and ab.effect("on_play") is not None:
            vars = None
            if self.target is not None and self.how == "play":  # the monster it brings
                vars = Bindings(cards={"partner": [self.target]})
            start_ability(g, s, ab, "on_play", self.card, self.seat, vars)

    def _permanent(self, g: Munchkin, s: MKState) -> None:
        seat, card = self.seat, self.card
        d = g.defn(s, card)
        board.to_play(g, s, card, seat)
        if CardRef(card) in s.fresh:
            s.fresh.remove(CardRef(card))
        rule = {
            "class": "mk.play.class",
            "race": "mk.play.class",
            "super_munchkin": "mk.play.super_munchkin",
            "half_breed": "mk.card.half_breed",
        }.get(d.kind, "mk.play.item")
        text = f"{s.names[seat]} plays {d.name}"
        if d.kind in ("super_munchkin", "half_breed"):
            host_kind = "class" if d.kind == "super_munchkin" else "race"
            host = board.cards_of_kind(g, s, seat, host_kind)[0]
            s.attached[card] = host
        ride_porter(g, s, seat, card)
        if d.kind == "item" and card not in s.attached:
            if board.usable(g, s, seat, card) and board.slot_free(g, s, seat, card):
                s.equipped.append(card)
                text += " and equips it"
            else:
                text += " (carried, not equipped)"
        g.log(s, "play", rule, text, seat, card=card)
        if d.kind in ("class", "race"):
            g.unequip_unusable(s, seat, rule)
        self._effect(g, s)


def equip(g: Munchkin, s: MKState, seat: int, card: int, on: bool) -> None:
    """Equip an Item (taking off what it conflicts with) or take it off (001 Items)."""
    ref = CardRef(card)
    name = g.card_name(s, card)
    if not on:
        if ref in s.equipped:
            s.equipped.remove(ref)
        g.log(s, "equip", "mk.play.equip", f"{s.names[seat]} takes off {name}", seat, card=card)
        return
    off = board.conflicts(g, s, seat, card)
    for c in off:
        s.equipped.remove(c)
    s.equipped.append(ref)
    extra = f" instead of {', '.join(g.card_name(s, c) for c in off)}" if off else ""
    g.log(s, "equip", "mk.play.equip", f"{s.names[seat]} equips {name}{extra}", seat, card=card)


def carry(g: Munchkin, s: MKState, seat: int, item: int, porter: int) -> None:
    """A porter carries the Item: free of slots and of the Big Item limit, and in use."""
    s.attached[CardRef(item)] = CardRef(porter)
    if CardRef(item) not in s.equipped and board.usable(g, s, seat, item):
        s.equipped.append(CardRef(item))
    text = f"{g.card_name(s, porter)} carries {g.card_name(s, item)} for {s.names[seat]}"
    g.log(s, "carry", "mk.card.ally", text, seat, card=item)


def carry_out(g: Munchkin, s: MKState, seat: int, option: Option) -> bool:
    """Carry out a play answer (an option made by the functions above); False when the
    option is not one of them."""
    kind = option.id.split(":", 1)[0]
    card = option.card
    if card is None:
        return False
    if kind == "power":
        assert option.n is not None
        target = int(option.arg) if option.arg else -1
        g.push_step(s, UsePower(seat=seat, card=card, index=option.n, on_seat=target))
        return True
    if kind in ("equip", "unequip"):
        equip(g, s, seat, card, kind == "equip")
        return True
    if kind == "porter" and option.target is not None:
        carry(g, s, seat, card, option.target)
        return True
    if kind == "discard":
        g.discard_card(s, seat, card, "mk.play.class_discard")
        g.unequip_unusable(s, seat, "mk.play.class_discard")
        return True
    if kind in ("play", "curse", "level", "steal", "enhance", "mate", "join", "use", "alt"):
        side = ""
        if kind == "use" and option.arg:
            side = option.arg
        step = PlayCard(
            seat=seat,
            card=card,
            how=kind,
            to=option.n if kind in ("curse", "level", "steal") and option.n is not None else -1,
            target=option.target,
            side=side,
            alt=option.n if kind == "alt" and option.n is not None else -1,
        )
        g.push_step(s, step)
        return True
    return False


# ------------------------------------------------------------------------------ cards received
class Received(Step, tag="mk.received"):
    """Players who received cards outside their own turn (a helper's share of the Treasure,
    Charity, loot from a body) may play them at once, out of a fight (001 Rewards: "even if
    you are the helper"; When You May Take Actions): a window for those players only, from
    the active player's left, as soon as they are out of the fight. When it closes, what they
    did not play is no longer "just received" (they play it on their own turn)."""

    stage: int = 0
    seats: list[int] = msgspec.field(default_factory=list)

    def run(self, game: Game, state: State) -> None:
        g, s = _g(game), cast(MKState, state)
        if self.stage == 0:
            self.stage = 1
            self.seats = [
                x
                for x in board.living(s)
                if x != s.active and any(c in s.fresh for c in board.hand(s, x))
            ]
            if self.seats:
                s.rearranged = []
                n = len(s.names)
                g.open_window(
                    s, "received", (s.active + 1) % n, self.seats, rule="mk.play.received"
                )
            return
        g.pop(s, self)
        held = [c for x in board.living(s) if x not in self.seats for c in board.hand(s, x)]
        s.fresh = [c for c in s.fresh if c in held]


# ------------------------------------------------------------------------------ paying gold
class PayGold(Step, tag="mk.pay_gold"):
    """Discard Items in play worth at least ``amount`` Gold Pieces, one at a time (a monster
    paid off, a tax)."""

    amount: int
    paid: int = 0
    rule: str = "mk.card.monster"

    def _items(self, g: Munchkin, s: MKState) -> list[CardRef]:
        """The Items in play (public: what lies in a hidden hand never decides whether a
        question is asked)."""
        return [c for c in board.in_play(s, self.seat) if g.defn(s, c).is_item]

    def ask(self, game: Game, state: State) -> Decision | None:
        g, s = _g(game), cast(MKState, state)
        items = self._items(g, s)
        if self.paid >= self.amount or not items:
            return None
        options = [
            Option(
                f"pay:{c}", f"Discard {g.card_name(s, c)} ({g.defn(s, c).gold} Gold Pieces)", card=c
            )
            for c in items
        ]
        prompt = f"Discard Items worth {self.amount - self.paid} more Gold Pieces"
        return game.question(self.seat, "pay_gold", prompt, options, self.rule)

    def run(self, game: Game, state: State) -> None:
        game.pop(state, self)

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s = _g(game), cast(MKState, state)
        assert option.card is not None
        self.paid += g.defn(s, option.card).gold
        g.discard_card(s, self.seat, option.card, self.rule)
