"""Smash Up abilities of the Pirates (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwright.core.state import Frame

from ..legacy import (
    ASKED,
    NONE,
    AbilitySpec,
    base_choices,
    pick,
    register,
)
from ..state import SUState

if TYPE_CHECKING:
    from ..game import SmashUp


def _rule(ability: str) -> str:
    return f"su.card.{ability}"


# ----------------------------------------------------------------------------- Pirate King


# ----------------------------------------------------------------------------- Buccaneer


# ----------------------------------------------------------------------------- First Mate


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
    AbilitySpec("destroy_players_minions_power_2_or_less_at_base", on_play=_broadside),
    AbilitySpec("move_rivals_faction_minions", on_play=_sea_dogs),
)
