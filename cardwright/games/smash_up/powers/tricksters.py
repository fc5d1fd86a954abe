"""Smash Up abilities of the Tricksters, original 2012 deck (registered into
``abilities.ABILITIES``). ``ongoing_allowance`` is shared with the Wizards' Archmage."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, Frame, Option

from ..legacy import AbilitySpec, option_card, register
from ..state import Allowance, SUState
from .robots import destroy_below_count

if TYPE_CHECKING:
    from ..game import SmashUp


def _done(game: SmashUp, s: SUState, frame: Frame) -> None:
    game.pop(s, frame)


def _rival_played_here(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> bool:
    bid = game.base_of(s, source)
    return bid >= 0 and event["base_card"] == bid and event["seat"] != s.cards[source].controller


# ----------------------------------------------------------------------------- Leprechaun


def _leprechaun_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    if _rival_played_here(game, s, source, event):
        game.queue(
            s,
            "destroy_weaker_rival_newcomer_here",
            source,
            s.cards[source].controller,
            minion_card=event["minion_card"],
        )


def _leprechaun(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Once the newcomer's own ability is done: if it is still here with the Leprechaun and
    weaker than it, it is destroyed."""
    rule = "su.card.destroy_weaker_rival_newcomer_here"
    src, cid = frame.data["card"], frame.data["minion_card"]
    _done(game, s, frame)
    bid = game.base_of(s, src)
    if bid < 0 or game.base_of(s, cid) != bid:
        return
    if game.power(s, cid, bid) < game.power(s, src, bid):
        game.destroy(s, cid, frame.seat, rule)
    else:
        game.log(s, "no_effect", rule, f"{game.card_name(s, cid)} is not weaker than Leprechaun")


# ----------------------------------------------------------------------------- Gremlin


def _gremlin_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    if event["minion_card"] != source:
        return
    game.queue(s, "on_destroyed_draw_rivals_discard_random", source, event["controller"])


def _gremlin(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.on_destroyed_draw_rivals_discard_random"
    seat = frame.seat
    _done(game, s, frame)
    game.draw(s, seat, 1, rule)
    for other in game.seat_order(s, seat)[1:]:
        game.discard_random(s, other, 1, rule)


def _take_the_shinies(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    seat = frame.seat
    _done(game, s, frame)
    for other in game.seat_order(s, seat)[1:]:
        game.discard_random(s, other, 2, "su.card.rivals_discard_two_random")


# ----------------------------------------------------------------------------- Brownie


def _brownie_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    """Another player's played card (an action, a minion's on-play, a Special) affects the
    Brownie: queue their discard, once per card. Copies and Talents are not card plays; the
    affect is recorded before the change, so a Brownie destroyed by the card still triggers
    (docs/rulings/smash-up.md W12)."""
    if event["minion_card"] != source or event["mode"] not in ("play", "special"):
        return
    seat = event["seat"]
    if seat < 0 or seat == s.cards[source].controller:
        return
    if game.once_used(s, source, "brownie", event["source_card"]):
        return
    game.use_once(s, source, "brownie", event["source_card"])
    game.queue(s, "rival_discards_two_random_when_affecting_self", source, seat)


def _brownie(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    _done(game, s, frame)
    game.discard_random(s, frame.seat, 2, "su.card.rival_discards_two_random_when_affecting_self")


# ----------------------------------------------------------------------------- Block the Path


def _block_the_path(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Name a faction (one of those in this game: naming another would do nothing)."""
    rule = "su.card.ban_named_faction_minions_here"
    seat, cid = frame.seat, frame.data["card"]
    if choice is None:
        cat = game.cat(s)
        factions = [f for pair in s.config["factions"] for f in pair]
        options = [Option(f"faction:{f}", cat.factions[f].name) for f in factions]
        game.ask(s, seat, "name_faction", "Block the Path: name a faction", options, rule)
        return
    _done(game, s, frame)
    faction = choice.split(":", 1)[1]
    if game.base_of(s, cid) < 0:
        return
    s.named[CardRef(cid)] = faction
    game.log(
        s,
        "named",
        rule,
        f"{s.names[seat]} names {game.cat(s).factions[faction].name}: its minions cannot be "
        f"played at {game.card_name(s, game.base_of(s, cid))}",
        seat,
    )


def _block_ban(game: SmashUp, s: SUState, source: int, seat: int, card: int, dest: int) -> bool:
    faction = s.named.get(CardRef(source))
    return (
        faction is not None
        and dest == game.base_of(s, source)
        and game.is_minion(s, card)
        and s.cards[card].defn.split("/", 1)[0] == faction
    )


# ----------------------------------------------------------------------------- Disenchant


def _disenchant(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.destroy_attached_action"
    seat = frame.seat
    if choice is not None:
        _done(game, s, frame)
        game.destroy_action(s, option_card(choice), seat, rule)
        return
    targets = [a for a in s.attached if game.base_of(s, a) >= 0]
    if not targets:
        game.log(s, "no_target", rule, "No action is attached to a base or a minion", seat)
        _done(game, s, frame)
        return
    if len(targets) == 1:
        _done(game, s, frame)
        game.destroy_action(s, targets[0], seat, rule)
        return
    options = []
    for a in sorted(targets):
        host = s.attached[a]
        options.append(
            Option(
                f"target:{a}",
                f"{game.card_name(s, a)} ({s.names[s.cards[a].controller]}) on "
                f"{game.card_name(s, host)}",
            )
        )
    game.ask(s, seat, "target", "Disenchant: destroy an attached action", options, rule)


# ----------------------------------------------------------------------------- ongoing extra plays


def ongoing_allowance(game: SmashUp, s: SUState, source: int, kind: str, rule: str) -> None:
    """ "While this is in play, you may play an extra ... on each of your turns": a play that
    lasts while ``source`` stays in play (Enshrouding Mist: at its base only)."""
    seat = s.cards[source].controller
    base = game.base_of(s, source) if not game.is_minion(s, source) else -1
    ref = None if base < 0 else CardRef(base)
    s.allowances.append(Allowance(kind, base=ref, source=CardRef(source), ongoing=True))
    where = f" at {game.card_name(s, base)}" if base >= 0 else ""
    game.log(s, "extra", rule, f"{s.names[seat]} may play an extra {kind}{where}", seat)


def ongoing_extra(kind: str, ability: str) -> tuple[Any, Any]:
    """The on-play handler (the turn it arrives, if in its controller's Play Cards phase) and
    the start-of-turn hook of an "extra play on each of your turns" ability."""
    rule = f"su.card.{ability}"

    def on_play(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
        _done(game, s, frame)
        src = frame.data["card"]
        if s.phase == "play" and frame.seat == s.active and game.base_of(s, src) >= 0:
            ongoing_allowance(game, s, src, kind, rule)

    def hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
        if event["seat"] == s.cards[source].controller:
            ongoing_allowance(game, s, source, kind, rule)

    return on_play, hook


_mist_play, _mist_hook = ongoing_extra("minion", "extra_minion_here_each_turn")


# ----------------------------------------------------------------------------- Flame Trap


def _flame_trap_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    if _rival_played_here(game, s, source, event):
        game.queue(
            s,
            "destroy_next_rival_minion_here_and_self",
            source,
            s.cards[source].controller,
            minion_card=event["minion_card"],
        )


def _flame_trap(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.destroy_next_rival_minion_here_and_self"
    src, cid = frame.data["card"], frame.data["minion_card"]
    _done(game, s, frame)
    bid = game.base_of(s, src)
    if bid < 0 or game.base_of(s, cid) != bid:  # already used, or the minion moved on
        return
    game.destroy(s, cid, frame.seat, rule)
    game.destroy_action(s, src, frame.seat, rule)


# ----------------------------------------------------------------------------- Mark of Sleep


def _mark_of_sleep(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.player_plays_no_actions_next_turn"
    seat = frame.seat
    if choice is None:
        options = [Option(f"seat:{p}", s.names[p]) for p in game.seat_order(s, seat)]
        game.ask(s, seat, "choose_player", "Mark of Sleep: choose a player", options, rule)
        return
    _done(game, s, frame)
    target = int(choice.split(":")[1])
    if target not in s.sleepers:
        s.sleepers.append(target)
    game.log(s, "mark", rule, f"{s.names[target]} cannot play actions on their next turn", seat)


# ----------------------------------------------------------------------------- Pay the Piper


def _piper_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    if _rival_played_here(game, s, source, event):
        game.queue(s, "rival_discards_after_playing_minion_here", source, event["seat"])


def _pay_the_piper(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """The player who played the minion discards a card of their choice. They are asked
    whenever they hold two or more cards (the hand size is public; what is in it is not)."""
    rule = "su.card.rival_discards_after_playing_minion_here"
    seat = frame.seat
    hand = s.zones[f"hand:{seat}"]
    if choice is None and len(hand) > 1:
        options = [
            Option(o.id.replace("play:", "discard:"), o.label.replace("Play", "Discard"))
            for o in game.dedupe(s, hand, "play")
        ]
        game.ask(s, seat, "discard", "Pay the Piper: discard a card", options, rule)
        return
    _done(game, s, frame)
    if choice is not None:
        game.discard_from_hand(s, seat, option_card(choice), rule)
    elif hand:
        game.discard_from_hand(s, seat, hand[0], rule)
    else:
        game.log(s, "discard", rule, f"{s.names[seat]} has no card to discard", seat)


# ----------------------------------------------------------------------------- Hideout


def _hideout(game: SmashUp, s: SUState, source: int, data: dict[str, Any]) -> bool:
    """Another player's action card about to affect one of its controller's minions at its
    base: the Hideout is destroyed instead, and that card does not affect any of those minions
    for the rest of the turn (ruling W13)."""
    bid = s.attached.get(CardRef(source), -1)
    owner = s.cards[source].controller
    actor = data["seat"]
    if bid < 0 or data["base_card"] != bid or data["controller"] != owner:
        return False
    if actor < 0 or actor == owner:
        return False
    action = s.cards[data["source_card"]].defn
    if action not in game.cat(s).cards or game.is_minion(s, data["source_card"]):
        return False
    rule = "su.card.absorb_rival_action_on_own_minions_here"
    for cid in game.minions_at(s, bid):
        if s.cards[cid].controller == owner:
            game.spare(s, cid, data["source_card"], source)
    game.log(
        s,
        "absorbed",
        rule,
        f"{game.card_name(s, source)} is destroyed instead: "
        f"{game.card_name(s, data['source_card'])} does not affect {s.names[owner]}'s minions "
        f"at {game.card_name(s, bid)}",
        owner,
        card=data["minion_card"],
    )
    game.destroy_action(s, source, owner, rule)
    return True


register(
    AbilitySpec("absorb_rival_action_on_own_minions_here", replace={"affect": _hideout}),
    AbilitySpec(
        "destroy_weaker_rival_newcomer_here",
        hooks={"minion_played": _leprechaun_hook},
        trigger=_leprechaun,
    ),
    AbilitySpec(
        "may_destroy_minion_here_below_own_count",
        on_play=destroy_below_count("su.card.may_destroy_minion_here_below_own_count", True),
    ),
    AbilitySpec(
        "on_destroyed_draw_rivals_discard_random",
        hooks={"minion_destroyed": _gremlin_hook},
        trigger=_gremlin,
    ),
    AbilitySpec("ban_named_faction_minions_here", on_play=_block_the_path, play_ban=_block_ban),
    AbilitySpec("destroy_attached_action", on_play=_disenchant),
    AbilitySpec(
        "extra_minion_here_each_turn", on_play=_mist_play, hooks={"start_of_turn": _mist_hook}
    ),
    AbilitySpec(
        "destroy_next_rival_minion_here_and_self",
        hooks={"minion_played": _flame_trap_hook},
        trigger=_flame_trap,
    ),
    AbilitySpec("player_plays_no_actions_next_turn", on_play=_mark_of_sleep),
    AbilitySpec(
        "rival_discards_after_playing_minion_here",
        hooks={"minion_played": _piper_hook},
        trigger=_pay_the_piper,
    ),
    AbilitySpec("rivals_discard_two_random", on_play=_take_the_shinies),
    AbilitySpec(
        "rival_discards_two_random_when_affecting_self",
        hooks={"minion_affected": _brownie_hook},
        trigger=_brownie,
    ),
)
