"""Smash Up abilities of the Pirates (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core.state import Frame

from ..legacy import (
    ASKED,
    NONE,
    AbilitySpec,
    Special,
    base_choices,
    minion_choices,
    pick,
    register,
)
from ..state import SUState
from .ninjas import ask_destination, mine, other_bases

if TYPE_CHECKING:
    from ..game import SmashUp


def _rule(ability: str) -> str:
    return f"su.card.{ability}"


# ----------------------------------------------------------------------------- Pirate King


def _king_usable(game: SmashUp, s: SUState, seat: int, card: int, window: dict[str, Any]) -> bool:
    bid = window.get("base_card", -1)
    here = game.base_of(s, card)
    return here >= 0 and here != bid and game.base_in_play(s, bid)


def _king(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    game.pop(s, frame)
    game.move_minion(
        s,
        frame.data["card"],
        frame.data["base_card"],
        frame.seat,
        _rule("before_scoring_move_self_there"),
    )


# ----------------------------------------------------------------------------- Buccaneer


def _buccaneer_replace(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> bool:
    """Instead of being destroyed, it moves to another base (it is not optional)."""
    cid = event["minion_card"]
    controller = s.cards[cid].controller
    if cid != source or not other_bases(game, s, cid) or game.blocked(s, "move", cid, controller):
        return False
    if any(tr.source == cid and tr.ability == "move_instead_of_destroyed" for tr in s.triggers):
        return True
    game.log(
        s,
        "replaced",
        _rule("move_instead_of_destroyed"),
        f"{game.card_name(s, cid)} would be destroyed: it moves to another base instead",
        controller,
        card=cid,
    )
    # the move is a trigger that resolves at the next safe point (verbs never push frames);
    # until then it stays where it is, and a second "destroy" does not queue a second move
    game.queue(s, "move_instead_of_destroyed", cid, controller)
    return True


def _buccaneer_move(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    cid = frame.data["card"]
    rule = _rule("move_instead_of_destroyed")
    if game.base_of(s, cid) < 0:
        game.pop(s, frame)
        return
    dest = ask_destination(game, s, frame, choice, cid, rule)
    if dest == ASKED:
        return
    game.pop(s, frame)
    if dest != NONE:
        game.move_minion(s, cid, dest, frame.seat, rule)


# ----------------------------------------------------------------------------- First Mate


def _mate_usable(game: SmashUp, s: SUState, seat: int, card: int, window: dict[str, Any]) -> bool:
    bid = window.get("base_card", -1)
    return game.base_of(s, card) == bid and bool(other_bases(game, s, card))


def _mate(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """After its base scores, it moves to another base (not the one that will replace the
    scored base: that one is not out yet) instead of going to the discard pile."""
    cid = frame.data["card"]
    rule = _rule("after_scoring_move_self")
    if game.base_of(s, cid) != frame.data["base_card"]:
        game.pop(s, frame)
        return
    dest = ask_destination(game, s, frame, choice, cid, rule)
    if dest == ASKED:
        return
    game.pop(s, frame)
    if dest != NONE:
        game.move_minion(s, cid, dest, frame.seat, rule)


# ----------------------------------------------------------------------------- Broadside


def _weak(game: SmashUp, s: SUState, bid: int, seat: int) -> list[int]:
    return [
        c
        for c in game.minions_at(s, bid)
        if s.cards[c].controller == seat and game.power(s, c, bid) <= 2
    ]


def _broadside(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """A base where you have a minion, then a player: that player's minions there with power
    2 or less are destroyed."""
    rule = _rule("destroy_players_minions_power_2_or_less_at_base")
    seat, data = frame.seat, frame.data
    n = len(s.names)
    if frame.step == 0:
        bases = [
            b
            for b in s.zones["bases"]
            if any(s.cards[c].controller == seat for c in game.minions_at(s, b))
            and any(_weak(game, s, b, p) for p in range(n))
        ]
        got = pick(
            game,
            s,
            seat,
            choice,
            [] if choice is not None else base_choices(game, s, bases),
            kind="choose_base",
            prompt="Broadside: choose a base where you have a minion",
            rule=rule,
        )
        if got == ASKED:
            return
        if got == NONE:
            game.log(s, "no_target", rule, "There is no minion Broadside can hit", seat)
            game.pop(s, frame)
            return
        data["base_card"] = got
        frame.step = 1
        return
    bid = data["base_card"]
    if choice is not None:
        victim = int(choice.split(":")[1])
    else:
        players = [p for p in game.seat_order(s, seat) if _weak(game, s, bid, p)]
        if len(players) > 1:
            from cardwright.core.state import Option

            options = [
                Option(f"player:{p}", f"{s.names[p]} ({len(_weak(game, s, bid, p))} minion(s))")
                for p in players
            ]
            game.ask(s, seat, "choose_player", "Broadside: choose a player", options, rule)
            return
        victim = players[0] if players else -1
    game.pop(s, frame)
    if victim >= 0:
        for cid in _weak(game, s, bid, victim):
            game.destroy(s, cid, seat, rule)


# ----------------------------------------------------------------------------- Cannon


# ----------------------------------------------------------------------------- moving your own


def _move_own(limit: int, ability: str, name: str) -> Any:
    """Move up to ``limit`` (-1: any number) of your minions, each to a base of your choice."""
    rule = _rule(ability)

    def handler(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
        data = frame.data
        moved: list[int] = data.setdefault("moved_cards", [])
        if frame.step == 0:
            cands = []
            if choice is None and (limit < 0 or len(moved) < limit):
                cands = [
                    c
                    for c in mine(game, s, frame.seat)
                    if c not in moved and other_bases(game, s, c)
                ]
            got = pick(
                game,
                s,
                frame.seat,
                choice,
                minion_choices(game, s, cands),
                kind="target",
                prompt=f"{name}: move a minion of yours?",
                rule=rule,
                optional=True,
                decline="Move no more",
            )
            if got == ASKED:
                return
            if got == NONE:
                game.pop(s, frame)
                return
            data["target_card"] = got
            frame.step = 1
            return
        cid = data["target_card"]
        dest = ask_destination(game, s, frame, choice, cid, rule)
        if dest == ASKED:
            return
        moved.append(cid)
        frame.step = 0
        if dest != NONE:
            game.move_minion(s, cid, dest, frame.seat, rule)

    return handler


# ----------------------------------------------------------------------------- Powderkeg


# ----------------------------------------------------------------------------- Sea Dogs


def faction_of(s: SUState, cid: int) -> str:
    return s.cards[cid].defn.split("/", 1)[0]


def _sea_dogs(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Name a faction; pick a base to move from and one to move to: every minion of that
    faction that other players control at the first base moves to the second."""
    rule = _rule("move_rivals_faction_minions")
    seat, data = frame.seat, frame.data

    def theirs(bid: int, faction: str | None = None) -> list[int]:
        return [
            c
            for c in game.minions_at(s, bid)
            if s.cards[c].controller != seat and (faction is None or faction_of(s, c) == faction)
        ]

    if frame.step == 0:
        if choice is not None:
            data["faction"] = choice.split(":", 1)[1]
            frame.step = 1
            return
        factions = sorted({faction_of(s, c) for b in s.zones["bases"] for c in theirs(b)})
        if not factions:
            game.log(s, "no_target", rule, "No other player has a minion in play", seat)
            game.pop(s, frame)
            return
        if len(factions) == 1:
            data["faction"] = factions[0]
            frame.step = 1
            return
        from cardwright.core.state import Option

        cat = game.cat(s)
        options = [Option(f"faction:{f}", cat.factions[f].name) for f in factions]
        game.ask(s, seat, "name_faction", "Sea Dogs: name a faction", options, rule)
        return
    faction = data["faction"]
    if frame.step == 1:
        bases = [b for b in s.zones["bases"] if theirs(b, faction)]
        got = pick(
            game,
            s,
            seat,
            choice,
            [] if choice is not None else base_choices(game, s, bases),
            kind="choose_base",
            prompt="Sea Dogs: move them from which base?",
            rule=rule,
        )
        if got == ASKED:
            return
        data["from_card"] = got
        frame.step = 2
        return
    src = data["from_card"]
    dests = [b for b in s.zones["bases"] if b != src]
    got = pick(
        game,
        s,
        seat,
        choice,
        [] if choice is not None else base_choices(game, s, dests),
        kind="destination",
        prompt="Sea Dogs: move them to which base?",
        rule=rule,
    )
    if got == ASKED:
        return
    game.pop(s, frame)
    for cid in theirs(src, faction):
        game.move_minion(s, cid, got, seat, rule)


# ----------------------------------------------------------------------------- registry


register(
    AbilitySpec(
        "before_scoring_move_self_there",
        special=Special(windows=("before_scoring",), zone="play", usable=_king_usable, run=_king),
    ),
    AbilitySpec(
        "move_instead_of_destroyed",
        replace={"destroy": _buccaneer_replace},
        trigger=_buccaneer_move,
    ),
    AbilitySpec(
        "after_scoring_move_self",
        special=Special(windows=("after_scoring",), zone="play", usable=_mate_usable, run=_mate),
    ),
    AbilitySpec("destroy_players_minions_power_2_or_less_at_base", on_play=_broadside),
    AbilitySpec(
        "move_up_to_two_own_minions", on_play=_move_own(2, "move_up_to_two_own_minions", "Dinghy")
    ),
    AbilitySpec(
        "move_any_number_of_own_minions",
        on_play=_move_own(-1, "move_any_number_of_own_minions", "Full Sail"),
        special=Special(windows=("before_scoring",)),
    ),
    AbilitySpec("move_rivals_faction_minions", on_play=_sea_dogs),
)
