"""Smash Up abilities of the Robots (registered into ``abilities.ABILITIES``).

"Microbots" are the five Microbot cards; while Microbot Alpha is in play, every minion its
controller has in play counts as one too (cards in a discard pile count by name only: reading
D5). ``destroy_below_count`` is shared with the Tricksters' Gnome.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core.state import Frame, Option

from ..legacy import AbilitySpec, option_card, register
from ..state import REVEALED, SUState

if TYPE_CHECKING:
    from ..game import SmashUp

ALPHA = "robots/microbot_alpha"
MICROBOTS = frozenset(
    {
        ALPHA,
        "robots/microbot_archive",
        "robots/microbot_fixer",
        "robots/microbot_guard",
        "robots/microbot_reclaimer",
    }
)


def _alpha_for(game: SmashUp, s: SUState, seat: int) -> bool:
    return any(
        s.cards[m].defn == ALPHA and s.cards[m].controller == seat
        for m, _ in game.minions_in_play(s)
    )


def is_microbot(game: SmashUp, s: SUState, cid: int, seat: int | None = None) -> bool:
    """Whether ``cid`` is a Microbot: by name, or as a minion of a player with Microbot Alpha in
    play (``seat``: that player, for a minion that has just left play)."""
    card = s.cards[cid]
    if card.defn in MICROBOTS:
        return True
    if seat is None:
        if game.base_of(s, cid) < 0:
            return False
        seat = card.controller
    return _alpha_for(game, s, seat)


def _done(game: SmashUp, s: SUState, frame: Frame) -> None:
    game.pop(s, frame)


# ----------------------------------------------------------------------------- Nukebot


# ----------------------------------------------------------------------------- Hoverbot


def _hoverbot(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Reveal the top card; a minion may be played at once as an extra minion, anything else
    (or a minion not played) goes back on top."""
    rule = "su.card.reveal_top_play_minion_as_extra"
    seat, data = frame.seat, frame.data
    if frame.step == 0:
        shown = game.reveal_top(s, seat, 1, rule)
        if not shown:
            _done(game, s, frame)
            return
        data["revealed_card"] = shown[0]
        frame.step = 1
        return
    cid: int = data["revealed_card"]
    playable = game.is_minion(s, cid) and bool(game.play_destinations(s, seat, cid, "extra", -1))
    if choice is None and playable:
        options = [
            Option("play", f"Play {game.label(s, cid)} as an extra minion"),
            Option("keep", "Put it back on top of your deck"),
        ]
        game.ask(s, seat, "hoverbot", "Hoverbot: play the revealed minion?", options, rule)
        return
    _done(game, s, frame)
    if choice == "play":
        game.play_extra(s, seat, cid, REVEALED)
        return
    game.to_deck_top(s, cid)
    game.log(s, "to_deck", rule, f"{game.card_name(s, cid)} goes back on top of the deck", seat)


# ----------------------------------------------------------------------------- extra plays


def _first_minion(s: SUState, seat: int) -> bool:
    """Whether the minion just played is the first one ``seat`` played this turn (minions
    played on another player's turn are not counted: reading W4)."""
    return seat != s.active or s.minions_played == 1


def _reclaimer(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """If first minion this turn: an extra minion. Then shuffle any number of Microbots from the
    discard pile into the deck, picked one at a time."""
    rule = "su.card.extra_minion_if_first_recycle_microbots"
    seat, data = frame.seat, frame.data
    discard = f"discard:{seat}"
    if frame.step == 0:
        frame.step = 1
        data["moved"] = 0
        if _first_minion(s, seat):
            game.grant_extra(s, seat, "minion", rule, source=data["card"])
        else:
            game.log(s, "no_extra", rule, "Not the first minion played this turn: no extra minion")
        return
    bots = [c for c in s.zones[discard] if s.cards[c].defn in MICROBOTS]
    if choice is not None and choice != "done":
        picked = bots if choice == "all" else [option_card(choice)]
        for cid in picked:
            game.to_deck_top(s, cid, discard)
            game.log(s, "to_deck", rule, f"{game.card_name(s, cid)} goes into the deck", seat)
        data["moved"] += len(picked)
        return
    if choice is None and bots:
        options = game.dedupe(s, bots, "shuffle")
        options = [Option(o.id, o.label.replace("Play", "Shuffle in")) for o in options]
        if len(bots) > 1:
            options.append(Option("all", f"Shuffle in all {len(bots)} Microbots"))
        options.append(Option("done", "Shuffle in no more"))
        game.ask(
            s,
            seat,
            "recycle",
            "Microbot Reclaimer: shuffle Microbots from your discard pile into your deck",
            options,
            rule,
        )
        return
    _done(game, s, frame)
    if data["moved"]:
        game.shuffle_deck(s, seat, rule)


# ----------------------------------------------------------------------------- Microbot power


# ----------------------------------------------------------------------------- destroy by count


def destroy_below_count(rule: str, optional: bool) -> Any:
    """Destroy a minion at this base whose power is below the number of minions the player has
    here (the card itself included); any minion there may be chosen, the player's own and the
    card itself too (reading W6). Mandatory (Microbot Guard) or optional (Gnome)."""

    def on_play(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
        seat, bid = frame.seat, frame.data["base_card"]
        if choice is not None:
            _done(game, s, frame)
            if choice != "none":
                game.destroy(s, option_card(choice), seat, rule)
            return
        if not game.base_in_play(s, bid):
            _done(game, s, frame)
            return
        here = game.minions_at(s, bid)
        count = sum(1 for m in here if s.cards[m].controller == seat)
        targets = [m for m in here if game.power(s, m, bid) < count]
        if not targets:
            game.log(s, "no_target", rule, f"No minion here has power below {count}", seat)
            _done(game, s, frame)
            return
        if len(targets) == 1 and not optional:
            _done(game, s, frame)
            game.destroy(s, targets[0], seat, rule)
            return
        options = [Option(f"target:{m}", game.minion_label(s, m)) for m in targets]
        if optional:
            options.append(Option("none", "Destroy nothing"))
        game.ask(
            s,
            seat,
            "target",
            f"Destroy a minion here with power below {count}",
            options,
            rule,
        )

    return on_play


# ----------------------------------------------------------------------------- Tech Center


def _tech_center(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.draw_per_own_minion_at_base"
    seat = frame.seat
    counts = {
        b: sum(1 for m in game.minions_at(s, b) if s.cards[m].controller == seat)
        for b in s.zones["bases"]
    }
    if choice is None and len(set(counts.values())) > 1:
        options = [
            Option(f"base:{b}", f"{game.card_name(s, b)}: draw {n}") for b, n in counts.items()
        ]
        game.ask(s, seat, "choose_base", "Tech Center: choose a base", options, rule)
        return
    bid = option_card(choice) if choice is not None else next(iter(counts), -1)
    _done(game, s, frame)
    n = counts.get(bid, 0)
    if n:
        game.draw(s, seat, n, rule)
    else:
        game.log(s, "no_draw", rule, f"{s.names[seat]} has no minion there: no card drawn", seat)


register(
    AbilitySpec("reveal_top_play_minion_as_extra", on_play=_hoverbot),
    AbilitySpec("extra_minion_if_first_recycle_microbots", on_play=_reclaimer),
    AbilitySpec("draw_per_own_minion_at_base", on_play=_tech_center),
)
