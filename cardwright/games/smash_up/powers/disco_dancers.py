"""Smash Up abilities of the Disco Dancers (registered into ``abilities.ABILITIES``).

The copying cards (Diva, Dancing King, We Are Family, and the Funky Town base) are ``copy``
functions: the engine's ``su.copy`` frame offers them each direct effect a standard action has
on a minion (see ``abilities.py``). The rest are on-play handlers, a trigger (Roller) and a
Special (I Will Survive, Turn the Beat Around).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, Frame, Option

from ..affects import CopyRecord
from ..legacy import (
    ASKED,
    AbilitySpec,
    Special,
    minion_choices,
    option_card,
    pick,
    pick_card,
    register,
)
from ..state import SUState

if TYPE_CHECKING:
    from ..game import SmashUp

NONE: tuple[int, list[int]] = (-1, [])
#: Affect verbs after which the minion is no longer in play.
LEAVING = ("destroy", "return", "shuffle", "place")


# =============================================================================== helpers


def pick_minion(
    game: SmashUp,
    s: SUState,
    frame: Frame,
    choice: str | None,
    cands: list[int],
    prompt: str,
    rule: str,
    *,
    optional: bool = False,
) -> int | None:
    """The minion chosen among ``cands`` (:func:`~..abilities.pick_card`: None while asking,
    -1 for none or ``decline``; option ids ``target:<id>``)."""
    ask = "may_target" if optional else "target"
    return pick_card(game, s, frame, choice, cands, prompt, rule, may=optional, ask=ask)


def pick_base(
    game: SmashUp,
    s: SUState,
    frame: Frame,
    choice: str | None,
    bases: list[int],
    prompt: str,
    rule: str,
) -> int | None:
    """A base chosen among ``bases`` (:func:`~..abilities.pick_card`, option ids
    ``base:<id>``)."""
    return pick_card(game, s, frame, choice, bases, prompt, rule, kind="base", ask="choose_base")


def move_picked(game: SmashUp, s: SUState, frame: Frame, choice: str | None, rule: str) -> None:
    """The step "move it to another base" after a minion was picked into
    ``frame.data["minion_card"]``: the player picks the base, the frame goes on to step 2."""
    cid = frame.data["minion_card"]
    here = game.base_of(s, cid)
    dest = pick_base(
        game,
        s,
        frame,
        choice,
        [b for b in s.zones["bases"] if b != here],
        f"Move {game.card_name(s, cid)} to which base?",
        rule,
    )
    if dest is None:
        return
    frame.step = 2
    if dest >= 0 and here >= 0:
        game.move_minion(s, cid, dest, frame.seat, rule)


def own_minions(game: SmashUp, s: SUState, seat: int, bid: int | None = None) -> list[int]:
    return [
        c
        for c, b in game.minions_in_play(s)
        if s.cards[c].controller == seat and (bid is None or b == bid)
    ]


def done(game: SmashUp, s: SUState, frame: Frame) -> None:
    game.pop(s, frame)


def log_power(game: SmashUp, s: SUState, cid: int, amount: int, seat: int, rule: str) -> None:
    game.log(
        s,
        "power",
        rule,
        f"{game.card_name(s, cid)} gets {amount:+d} power until the end of the turn",
        seat,
        card=cid,
    )


def give_power(game: SmashUp, s: SUState, frame: Frame, cid: int, amount: int, rule: str) -> None:
    """A lasting power change until the end of the turn from the card of ``frame``."""
    if game.start_lasting(s, "power", cid, amount, frame.data["card"], frame.seat):
        log_power(game, s, cid, amount, frame.seat, rule)


# =============================================================================== copying


def _directly_affected(s: SUState, action: int) -> set[int]:
    return {a.target for a in s.affects if a.source == action and a.direct}


def _copy_diva(
    game: SmashUp, s: SUState, copier: int, action: int, rec: CopyRecord
) -> tuple[int, list[int]]:
    """Diva, once a turn: an effect on another of your minions at its base, onto itself."""
    mine = s.cards[copier].controller
    if game.once_used(s, copier, "copy") or rec.target == copier:
        return NONE
    if rec.base != game.base_of(s, copier) or rec.controller != mine:
        return NONE
    return mine, [copier]


def _copy_dancing_king(
    game: SmashUp, s: SUState, copier: int, action: int, rec: CopyRecord
) -> tuple[int, list[int]]:
    """Dancing King, once per action: an effect on minions at its base, onto one more minion
    there that the action did not directly affect (itself included)."""
    bid = game.base_of(s, copier)
    if game.once_used(s, copier, "copy", action) or rec.base != bid:
        return NONE
    hit = _directly_affected(s, action)
    return s.cards[copier].controller, [m for m in game.minions_at(s, bid) if m not in hit]


def _copy_we_are_family(
    game: SmashUp, s: SUState, copier: int, action: int, rec: CopyRecord
) -> tuple[int, list[int]]:
    """We Are Family, once a turn: an effect on another minion at its minion's base, onto the
    minion it is attached to."""
    host = s.attached.get(CardRef(copier), -1)
    if host < 0 or game.once_used(s, copier, "copy") or rec.target == host:
        return NONE
    if rec.base != game.base_of(s, host) or not game.is_minion(s, host):
        return NONE
    return s.cards[copier].controller, [host]


def _copy_funky_town(
    game: SmashUp, s: SUState, copier: int, action: int, rec: CopyRecord
) -> tuple[int, list[int]]:
    """Funky Town, once a turn: a player's action on their own minion here, onto another of
    their minions here."""
    seat = rec.seat
    if game.once_used(s, copier, "copy") or rec.base != copier:
        return NONE
    if seat < 0 or rec.controller != seat:
        return NONE
    hit = _directly_affected(s, action)
    return seat, [m for m in own_minions(game, s, seat, copier) if m not in hit]


# =============================================================================== Roller


def _roller_hook(strict: bool) -> Any:
    def hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
        if event["minion_card"] != source or not event["standard"]:
            return
        if event["verb"] in LEAVING:
            return  # it will not be in play to take the counters
        if strict and not event["direct"]:
            return
        action = event["source_card"]
        if game.once_used(s, source, "roller", action):
            return
        if not game.bare_when_played(s, action, source):
            return
        game.use_once(s, source, "roller", action)
        ability = game.spec(s, source)
        assert ability is not None
        game.queue(s, ability.id, source, s.cards[source].controller)

    return hook


def _roller(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    cid = frame.data["card"]
    done(game, s, frame)
    game.add_counters(
        s, cid, 1, frame.seat, "su.card.counter_when_directly_affected_by_standard_action"
    )


def _roller_errata(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.may_two_counters_when_affected_by_standard_action"
    cid = frame.data["card"]
    if game.base_of(s, cid) < 0:
        done(game, s, frame)
        return
    if choice is None:
        options = [Option("counters", "Put two +1 power counters on it"), Option("no", "Do not")]
        game.ask(
            s, frame.seat, "may", f"Roller ({game.card_name(s, cid)}): two counters?", options, rule
        )
        return
    done(game, s, frame)
    if choice == "counters":
        game.add_counters(s, cid, 2, frame.seat, rule)


# =============================================================================== actions


def _plus_then_draw(amount: int, ability: str, per_minion: bool) -> Any:
    """Give a minion +amount until the end of the turn, then draw one card (or one per minion
    the card affected, copies included)."""
    rule = f"su.card.{ability}"

    def on_play(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
        if frame.step == 0:
            target = pick_minion(
                game,
                s,
                frame,
                choice,
                [c for c, _ in game.minions_in_play(s)],
                f"Give a minion {amount:+d} power",
                rule,
            )
            if target is None:
                return
            frame.step = 1
            if target >= 0:
                give_power(game, s, frame, target, amount, rule)
            return
        n = len(game.affected_by(s, frame.data["card"])) if per_minion else 1
        done(game, s, frame)
        game.draw(s, frame.seat, n, rule)

    return on_play


def _move_own_then_draw(ability: str, per_minion: bool) -> Any:
    rule = f"su.card.{ability}"

    def on_play(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
        data = frame.data
        if frame.step == 0:
            target = pick_minion(
                game,
                s,
                frame,
                choice,
                own_minions(game, s, frame.seat),
                "Move which of your minions?",
                rule,
            )
            if target is None:
                return
            data["minion_card"] = target
            frame.step = 1 if target >= 0 else 2
            return
        if frame.step == 1:
            move_picked(game, s, frame, choice, rule)
            return
        n = len(game.affected_by(s, data["card"])) if per_minion else 1
        done(game, s, frame)
        game.draw(s, frame.seat, n, rule)

    return on_play


def each_player_may_pick(
    game: SmashUp,
    s: SUState,
    frame: Frame,
    choice: str | None,
    cands: Callable[[int], list[int]],
    act: Callable[[int, int], object],
    *,
    kind: str,
    prompt: str,
    decline: str,
    rule: str,
) -> bool:
    """Each player in turn order from ``frame.seat`` may pick one of the minions
    ``cands(seat)`` (:func:`~..abilities.pick`, asked one player at a time; a player with none
    is skipped); ``act(seat, minion)`` carries out a pick. True once every player is done."""
    order = game.seat_order(s, frame.seat)
    idx = frame.data.setdefault("idx", 0)
    if choice is not None:
        frame.data["idx"] = idx + 1
        if choice != "decline":
            act(order[idx], option_card(choice))
        return False
    while idx < len(order):
        seat = order[idx]
        got = pick(
            game,
            s,
            seat,
            None,
            minion_choices(game, s, cands(seat)),
            kind=kind,
            prompt=prompt,
            rule=rule,
            optional=True,
            decline=decline,
        )
        if got == ASKED:
            return False
        idx += 1
        frame.data["idx"] = idx
    return True


def _disco_inferno(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Each player in turn order may put a +1 power counter on a minion they control; then the
    player draws a card per minion that got a counter this way (copies included)."""
    rule = "su.card.everyone_may_add_counter_draw_per_minion"
    if not each_player_may_pick(
        game,
        s,
        frame,
        choice,
        lambda seat: own_minions(game, s, seat),
        lambda seat, cid: game.add_counters(s, cid, 1, frame.seat, rule),
        kind="counter",
        prompt="Disco Inferno: put a +1 power counter on one of your minions?",
        decline="Place no counter",
        rule=rule,
    ):
        return
    n = len(game.affected_by(s, frame.data["card"], "counters"))
    done(game, s, frame)
    game.draw(s, frame.seat, n, rule)


def _last_dance(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Each player in turn order may destroy a minion they control; then each player gains 1 VP
    per minion destroyed by their choice (copies included: the copier chose them)."""
    rule = "su.card.each_player_may_destroy_own_minion_for_vp"
    card = frame.data["card"]
    order = game.seat_order(s, frame.seat)
    if not each_player_may_pick(
        game,
        s,
        frame,
        choice,
        lambda seat: [
            c for c in own_minions(game, s, seat) if not game.blocked(s, "destroy", c, frame.seat)
        ],
        lambda seat, cid: game.destroy(s, cid, frame.seat, rule, by=seat),
        kind="destroy",
        prompt="Last Dance: destroy one of your minions for 1 VP?",
        decline="Destroy none",
        rule=rule,
    ):
        return
    done(game, s, frame)
    for seat in order:
        n = len(
            {
                a.target
                for a in s.affects
                if a.source == card and a.verb == "destroy" and a.chooser == seat
            }
        )
        game.gain_vp(s, seat, n, rule, f"{n} minion(s) destroyed with Last Dance")


def _turn_the_beat_around(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """+1 power to a minion; then, once per minion that gained that +1 (copies included), -1
    power to a minion of the player's choice at that base (the same one may take several)."""
    rule = "su.card.plus1_then_minus1_per_minion_affected"
    data = frame.data
    card = data["card"]
    if frame.step == 0:
        target = pick_minion(
            game,
            s,
            frame,
            choice,
            [c for c, _ in game.minions_in_play(s)],
            "Give a minion +1 power",
            rule,
        )
        if target is None:
            return
        frame.step = 1
        if target < 0:
            done(game, s, frame)
            return
        data["base_card"] = game.base_of(s, target)
        data["left"] = -1
        give_power(game, s, frame, target, 1, rule)
        return
    if data["left"] < 0:
        data["left"] = len(game.affected_by(s, card, "power"))
    if data["left"] == 0 or not game.base_in_play(s, data["base_card"]):
        done(game, s, frame)
        return
    target = pick_minion(
        game,
        s,
        frame,
        choice,
        game.minions_at(s, data["base_card"]),
        f"Give a minion here -1 power ({data['left']} left)",
        rule,
    )
    if target is None:
        return
    data["left"] -= 1
    if target < 0:
        data["left"] = 0
        return
    give_power(game, s, frame, target, -1, rule)


def _tba_usable(game: SmashUp, s: SUState, seat: int, card: int, window: dict[str, Any]) -> bool:
    return bool(game.minions_in_play(s))


def _i_will_survive_usable(
    game: SmashUp, s: SUState, seat: int, card: int, window: dict[str, Any]
) -> bool:
    bid = window.get("base_card", -1)
    return game.base_in_play(s, bid) and bool(own_minions(game, s, seat, bid))


def _i_will_survive(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.after_scoring_return_own_minion_to_hand"
    bid = frame.data["base_card"]
    cands = own_minions(game, s, frame.seat, bid) if game.base_in_play(s, bid) else []
    target = pick_minion(
        game, s, frame, choice, cands, "Return which of your minions to its owner's hand?", rule
    )
    if target is None:
        return
    done(game, s, frame)
    if target >= 0:
        game.return_to_hand(s, target, frame.seat, rule)


def _disco_lou(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Either an extra action, or an action from your discard pile onto your deck."""
    rule = "su.card.extra_action_or_action_from_discard_to_deck_top"
    seat = frame.seat
    discard = s.zones[f"discard:{seat}"]
    actions = []
    seen: set[str] = set()
    for c in discard:
        if not game.is_minion(s, c) and s.cards[c].defn not in seen:
            seen.add(s.cards[c].defn)
            actions.append(c)
    if choice is None:
        options = [Option("extra", "Play an extra action")]
        options += [
            Option(f"top:{c}", f"Put {game.card_name(s, c)} on top of your deck") for c in actions
        ]
        if len(options) == 1:
            choice = "extra"
        else:
            game.ask(s, seat, "choose", "Disco Lou: pick one", options, rule)
            return
    done(game, s, frame)
    if choice == "extra":
        game.grant_extra(s, seat, "action", rule, source=frame.data["card"])
        return
    cid = option_card(choice)
    game.to_zone(s, cid, f"discard:{seat}", f"deck:{seat}")
    game.log(
        s,
        "to_deck",
        rule,
        f"{s.names[seat]} puts {game.card_name(s, cid)} from their "
        "discard pile on top of their deck",
        seat,
        card=cid,
    )


def _stayin_alive(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Take a card named like one of your minions in play from your discard pile."""
    rule = "su.card.same_name_card_from_discard_to_hand"
    seat = frame.seat
    names = {s.cards[c].defn for c in own_minions(game, s, seat)}
    cands: list[int] = []
    seen: set[str] = set()
    for c in s.zones[f"discard:{seat}"]:
        d = s.cards[c].defn
        if d in names and d not in seen:
            seen.add(d)
            cands.append(c)
    if choice is None and len(cands) > 1:
        options = [Option(f"take:{c}", f"Take {game.card_name(s, c)}") for c in cands]
        game.ask(s, seat, "choose", "Stayin' Alive: take which card?", options, rule)
        return
    done(game, s, frame)
    cid = option_card(choice) if choice is not None else (cands[0] if cands else -1)
    if cid < 0:
        game.log(s, "no_target", rule, "No card in the discard pile matches a minion in play", seat)
        return
    game.to_zone(s, cid, f"discard:{seat}", f"hand:{seat}")
    game.log(
        s,
        "to_hand",
        rule,
        f"{s.names[seat]} takes {game.card_name(s, cid)} from their discard pile into their hand",
        seat,
        card=cid,
    )


# =============================================================================== registry

register(
    AbilitySpec("copy_action_effect_to_another_minion_here", copy=_copy_dancing_king),
    AbilitySpec("copy_action_effect_to_self", copy=_copy_diva),
    AbilitySpec("copy_action_effect_to_attached_minion", copy=_copy_we_are_family),
    AbilitySpec("copy_own_action_effect_to_own_minion_here", copy=_copy_funky_town),
    AbilitySpec(
        "counter_when_directly_affected_by_standard_action",
        hooks={"minion_affected": _roller_hook(strict=True)},
        trigger=_roller,
    ),
    AbilitySpec(
        "may_two_counters_when_affected_by_standard_action",
        hooks={"minion_affected": _roller_hook(strict=False)},
        trigger=_roller_errata,
    ),
    AbilitySpec("plus2_then_draw_one", on_play=_plus_then_draw(2, "plus2_then_draw_one", False)),
    AbilitySpec(
        "plus2_then_draw_per_minion_affected",
        on_play=_plus_then_draw(2, "plus2_then_draw_per_minion_affected", True),
    ),
    AbilitySpec(
        "move_own_minion_then_draw_one",
        on_play=_move_own_then_draw("move_own_minion_then_draw_one", False),
    ),
    AbilitySpec(
        "move_own_minion_then_draw_per_minion_affected",
        on_play=_move_own_then_draw("move_own_minion_then_draw_per_minion_affected", True),
    ),
    AbilitySpec("everyone_may_add_counter_draw_per_minion", on_play=_disco_inferno),
    AbilitySpec("each_player_may_destroy_own_minion_for_vp", on_play=_last_dance),
    AbilitySpec(
        "plus1_then_minus1_per_minion_affected",
        on_play=_turn_the_beat_around,
        special=Special(windows=("before_scoring",), usable=_tba_usable),
    ),
    AbilitySpec(
        "after_scoring_return_own_minion_to_hand",
        on_play=_i_will_survive,
        special=Special(windows=("after_scoring",), usable=_i_will_survive_usable),
    ),
    AbilitySpec("extra_action_or_action_from_discard_to_deck_top", on_play=_disco_lou),
    AbilitySpec("same_name_card_from_discard_to_hand", on_play=_stayin_alive),
)
