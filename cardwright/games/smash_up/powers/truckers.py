"""Smash Up abilities of the Truckers (registered into ``abilities.ABILITIES``).

"An action on a base" is an action attached to the base itself; actions on minions never count
(000 Clarifications), see ``SmashUp.base_actions``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, Frame, Option

from ..legacy import AbilitySpec, Special, option_card, pick_card, pick_into, register
from ..state import REVEALED, SUState

if TYPE_CHECKING:
    from ..game import SmashUp


def _done(game: SmashUp, s: SUState, frame: Frame) -> None:
    game.pop(s, frame)


def _own_actions_at(game: SmashUp, s: SUState, bid: int, seat: int) -> list[int]:
    return [a for a in game.base_actions(s, bid) if s.cards[a].controller == seat]


def _all_base_actions(game: SmashUp, s: SUState) -> list[int]:
    return [a for b in s.zones["bases"] for a in game.base_actions(s, b)]


def _other_bases(game: SmashUp, s: SUState, bid: int) -> list[int]:
    return [b for b in s.zones["bases"] if b != bid]


# ----------------------------------------------------------------------------- ongoing


def _rubber_chicken(game: SmashUp, s: SUState, source: int, minion: int, base: int) -> int:
    if minion != source:
        return 0
    return len(_own_actions_at(game, s, base, s.cards[source].controller))


def _convoy(game: SmashUp, s: SUState, source: int, base: int, seat: int) -> int:
    if seat != s.cards[source].controller or game.base_of(s, source) != base:
        return 0
    return len(_own_actions_at(game, s, base, seat))


def _armored_truck(
    game: SmashUp, s: SUState, source: int, target: int, action: str, actor: int
) -> bool:
    if action not in ("destroy", "move"):
        return False
    owner = s.cards[source].controller
    if actor < 0 or actor == owner or s.cards[target].controller != owner:
        return False
    bid = game.base_of(s, source)
    return game.is_minion(s, target) and target in s.zones.get(f"base:{bid}", [])


# ----------------------------------------------------------------------------- Good Buddy


def _good_buddy(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    _done(game, s, frame)
    if _own_actions_at(game, s, frame.data["base_card"], frame.seat):
        game.draw(s, frame.seat, 1, "su.card.draw_if_own_action_here")


# ----------------------------------------------------------------------------- transferring


def _transfer_step(
    game: SmashUp, s: SUState, frame: Frame, choice: str | None, actions: list[int], rule: str
) -> bool:
    """Pick one of ``actions`` (steps 0-1 of ``frame.data['sub']``) and a base to transfer it
    to. Returns True when finished."""
    data = frame.data
    if "action_card" not in data:
        pick = pick_card(game, s, frame, choice, actions, "Transfer which action?", rule)
        if pick is None:
            return False
        if pick < 0:
            return True
        data["action_card"] = pick
        return False
    aid = data["action_card"]
    dests = _other_bases(game, s, s.attached.get(CardRef(aid), -1))
    pick = pick_card(
        game, s, frame, choice, dests, f"Transfer {game.card_name(s, aid)} to", rule, kind="base"
    )
    if pick is None:
        return False
    if pick >= 0:
        game.transfer_action(s, aid, pick, frame.seat, rule)
    return True


# ----------------------------------------------------------------------------- El Bandido


def _bandido(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.take_base_action_talent_extra_or_transfer"
    seat = frame.seat
    actions = [
        a for a in game.base_actions(s, frame.data["base_card"]) if s.cards[a].controller != seat
    ]
    pick = pick_card(
        game,
        s,
        frame,
        choice,
        actions,
        "El Bandido: take control of an action here?",
        rule,
        may=True,
    )
    if pick is None:
        return
    _done(game, s, frame)
    if pick >= 0:
        game.take_control(s, pick, seat, rule)


def _bandido_can_transfer(game: SmashUp, s: SUState) -> bool:
    return len(s.zones["bases"]) > 1 and bool(_all_base_actions(game, s))


def _bandido_can_play(game: SmashUp, s: SUState, seat: int) -> bool:
    cards = game.cat(s).cards
    return any("play_on_base" in cards[s.cards[c].defn].subtypes for c in s.zones[f"hand:{seat}"])


def _bandido_talent_ok(game: SmashUp, s: SUState, cid: int) -> bool:
    seat = s.cards[cid].controller
    return _bandido_can_transfer(game, s) or _bandido_can_play(game, s, seat)


def _bandido_talent(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.take_base_action_talent_extra_or_transfer"
    seat, data = frame.seat, frame.data
    if frame.step == 0:
        modes = []
        if _bandido_can_transfer(game, s):
            modes.append(Option("transfer", "Transfer an action from one base to another"))
        modes.append(Option("play", "Play an extra action on a base"))
        if choice is None and len(modes) > 1:
            game.ask(s, seat, "mode", "El Bandido: choose one", modes, rule)
            return
        mode = choice or modes[0].id
        if mode == "play":
            _done(game, s, frame)
            game.grant_extra(s, seat, "action", rule, subtype="play_on_base", source=data["card"])
            return
        frame.step = 1
        return
    if _transfer_step(game, s, frame, choice, _all_base_actions(game, s), rule):
        _done(game, s, frame)


# ----------------------------------------------------------------------------- Skinny Minnie


def _minnie_ok(game: SmashUp, s: SUState, cid: int) -> bool:
    bid = game.base_of(s, cid)
    return len(s.zones["bases"]) > 1 and bool(game.base_actions(s, bid))


def _minnie(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Move this minion to another base, taking an action on its old base along."""
    rule = "su.card.talent_move_self_hauling_action"
    cid, data = frame.data["card"], frame.data
    bid = game.base_of(s, cid)
    if frame.step == 0:
        actions = game.base_actions(s, bid) if bid >= 0 else []
        pick_into(
            game,
            s,
            frame,
            choice,
            actions,
            "Skinny Minnie: haul which action?",
            rule,
            "action_card",
        )
        return
    dests = _other_bases(game, s, bid)
    pick = pick_card(game, s, frame, choice, dests, "Skinny Minnie: move to", rule, kind="base")
    if pick is None:
        return
    _done(game, s, frame)
    if pick >= 0 and game.move_minion(s, cid, pick, frame.seat, rule):
        game.transfer_action(s, data["action_card"], pick, frame.seat, rule)


# ----------------------------------------------------------------------------- vehicles


def _vehicle_ok(game: SmashUp, s: SUState, cid: int) -> bool:
    return len(s.zones["bases"]) > 1


def _own_minions_here(game: SmashUp, s: SUState, cid: int, seat: int) -> list[int]:
    bid = game.base_of(s, cid)
    return [c for c in game.minions_at(s, bid) if s.cards[c].controller == seat]


def _vehicle_dest(
    game: SmashUp, s: SUState, frame: Frame, choice: str | None, rule: str
) -> int | None:
    """Ask where this vehicle goes; returns the base once known (-1: nowhere)."""
    card = frame.data["card"]
    dests = _other_bases(game, s, game.base_of(s, card))
    prompt = f"Transfer {game.card_name(s, card)} to"
    return pick_card(game, s, frame, choice, dests, prompt, rule, kind="base")


def _cab_over_ok(game: SmashUp, s: SUState, cid: int) -> bool:
    return _vehicle_ok(game, s, cid) and bool(_cab_over_cargo(game, s, cid))


def _cab_over_cargo(game: SmashUp, s: SUState, cid: int) -> list[int]:
    seat = s.cards[cid].controller
    bid = game.base_of(s, cid)
    return [
        c
        for c in s.zones[f"base:{bid}"]
        if c != cid
        and s.cards[c].controller == seat
        and (game.is_minion(s, c) or s.attached.get(CardRef(c)) == bid)
    ]


def _cab_over(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.talent_transfer_self_with_one_card"
    data, seat = frame.data, frame.seat
    if frame.step == 0:
        cargo = _cab_over_cargo(game, s, data["card"])
        pick_into(
            game, s, frame, choice, cargo, "Cab-over Pete: bring which card?", rule, "cargo_card"
        )
        return
    dest = _vehicle_dest(game, s, frame, choice, rule)
    if dest is None:
        return
    _done(game, s, frame)
    if dest < 0 or not game.transfer_action(s, data["card"], dest, seat, rule):
        return
    cargo = data["cargo_card"]
    if game.is_minion(s, cargo):
        game.move_minion(s, cargo, dest, seat, rule)
    else:
        game.transfer_action(s, cargo, dest, seat, rule)


def _dekotora(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Pick up to three of your minions here (one by one, or stop), then a base: this card
    is transferred there and they move with it."""
    rule = "su.card.talent_transfer_self_with_three_minions"
    data, seat = frame.data, frame.seat
    if frame.step == 0:
        riders: list[int] = data.get("riders_cards", [])
        if choice is not None and choice != "done":
            data["riders_cards"] = [*riders, option_card(choice)]
            return
        left = [c for c in _own_minions_here(game, s, data["card"], seat) if c not in riders]
        if choice is None and left and len(riders) < 3:
            options = [Option(f"target:{c}", game.minion_label(s, c)) for c in left]
            options.append(Option("done", "No more minions"))
            game.ask(s, seat, "target", "Dekotora: take which of your minions?", options, rule)
            return
        frame.step = 1
        return
    dest = _vehicle_dest(game, s, frame, choice, rule)
    if dest is None:
        return
    _done(game, s, frame)
    if dest >= 0 and game.transfer_action(s, data["card"], dest, seat, rule):
        for cid in data.get("riders_cards", []):
            game.move_minion(s, cid, dest, seat, rule)


def _chase_ok(game: SmashUp, s: SUState, cid: int) -> bool:
    seat = s.cards[cid].controller
    return _vehicle_ok(game, s, cid) and bool(_own_minions_here(game, s, cid, seat))


def _chase(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.talent_transfer_self_with_minion_plus3"
    data, seat = frame.data, frame.seat
    if frame.step == 0:
        mine = _own_minions_here(game, s, data["card"], seat)
        pick_into(
            game,
            s,
            frame,
            choice,
            mine,
            "High-Speed Chase: take which minion?",
            rule,
            "minion_card",
        )
        return
    dest = _vehicle_dest(game, s, frame, choice, rule)
    if dest is None:
        return
    _done(game, s, frame)
    cid = data["minion_card"]
    if dest < 0 or not game.transfer_action(s, data["card"], dest, seat, rule):
        return
    if game.move_minion(s, cid, dest, seat, rule) and game.start_lasting(
        s, "power", cid, 3, data["card"], seat
    ):
        game.log(s, "power", rule, f"{game.card_name(s, cid)} has +3 power this turn", seat)


# ----------------------------------------------------------------------------- Fixin' to Fix It


def _fixin(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    _done(game, s, frame)
    game.grant_extra(
        s,
        frame.seat,
        "action",
        "su.card.extra_base_action_from_discard",
        subtype="play_on_base",
        zone="discard",
        source=frame.data["card"],
    )


# ----------------------------------------------------------------------------- Hotwire


def _hotwire_take_or_move(
    game: SmashUp, s: SUState, frame: Frame, choice: str | None, rule: str
) -> bool:
    """Pick an action on a base; transfer it, take control of it, or both. True when done."""
    data, seat = frame.data, frame.seat
    if "action_card" not in data:
        actions = _all_base_actions(game, s)
        pick = pick_card(game, s, frame, choice, actions, "Hotwire: pick an action on a base", rule)
        if pick is None:
            return False
        if pick < 0:
            return True
        data["action_card"] = pick
        return False
    aid = data["action_card"]
    if choice is None:
        here = s.attached.get(CardRef(aid), -1)
        options = []
        mine = s.cards[aid].controller == seat
        if not mine:
            options.append(Option("take", "Take control of it"))
        for b in _other_bases(game, s, here):
            options.append(Option(f"move:{b}", f"Transfer it to {game.card_name(s, b)}"))
            if not mine:
                options.append(
                    Option(f"both:{b}", f"Take it and transfer it to {game.card_name(s, b)}")
                )
        if not options:
            return True
        game.ask(s, seat, "hotwire", f"Hotwire: {game.card_name(s, aid)}", options, rule)
        return False
    verb = choice.split(":")[0]
    if verb in ("take", "both"):
        game.take_control(s, aid, seat, rule)
    if verb in ("move", "both"):
        game.transfer_action(s, aid, option_card(choice), seat, rule)
    return True


def _hotwire(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    if _hotwire_take_or_move(game, s, frame, choice, "su.card.transfer_or_take_base_action"):
        _done(game, s, frame)


def _hotwire_errata(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Errata: either the top card of your deck, when it is an on-base action, is played as an
    extra action, or Hotwire's original effect."""
    rule = "su.card.base_action_from_deck_top_or_transfer_or_take"
    seat = frame.seat
    if frame.step == 0:
        if choice is None:
            options = [
                Option("deck", "Play an on-base action from the top of your deck"),
                Option("hotwire", "Transfer and/or take control of an action on a base"),
            ]
            game.ask(s, seat, "mode", "Hotwire: choose one", options, rule)
            return
        frame.step = 1 if choice == "hotwire" else 2
        return
    if frame.step == 1:
        if _hotwire_take_or_move(game, s, frame, choice, rule):
            _done(game, s, frame)
        return
    _done(game, s, frame)
    shown = game.reveal_top(s, seat, 1, rule)  # into the public revealed zone
    if not shown:
        return
    top = shown[0]
    d = game.defn(s, top)
    if d.type == "action" and "play_on_base" in d.subtypes:
        game.play_extra(s, seat, top, REVEALED)
    else:
        game.to_deck_top(s, top)  # back on top, known to every player until a shuffle
        game.log(s, "no_target", rule, f"{d.name} is not an on-base action: it stays on top", seat)


# ----------------------------------------------------------------------------- Rally


def _rally_boost(
    game: SmashUp,
    s: SUState,
    frame: Frame,
    choice: str | None,
    minions: list[int],
    per: int,
    only_own: bool,
    rule: str,
) -> None:
    pick = pick_card(game, s, frame, choice, minions, "Rally: which of your minions?", rule)
    if pick is None:
        return
    _done(game, s, frame)
    if pick < 0:
        return
    bid = game.base_of(s, pick)
    actions = game.base_actions(s, bid)
    if only_own:
        actions = [a for a in actions if s.cards[a].controller == frame.seat]
    amount = per * len(actions)
    if amount and not game.start_lasting(s, "power", pick, amount, frame.data["card"], frame.seat):
        return
    game.log(
        s,
        "power",
        rule,
        f"{game.card_name(s, pick)} has +{amount} power until the end of the turn",
        frame.seat,
        card=pick,
    )


def _rally(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """2018: only as a Special before a base scores: +2 per action you control on it."""
    rule = "su.card.before_scoring_plus2_per_own_action_there"
    bid = frame.data.get("base_card", -1)
    if frame.data.get("via") != "special" or not game.base_in_play(s, bid):
        game.log(s, "no_effect", rule, "Rally does something only before a base scores", frame.seat)
        _done(game, s, frame)
        return
    mine = [c for c in game.minions_at(s, bid) if s.cards[c].controller == frame.seat]
    _rally_boost(game, s, frame, choice, mine, 2, True, rule)


def _rally_errata(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Errata: +1 per action on its base to one of your minions, or as a Special before a
    base scores +2 per action on that base to one of your minions there."""
    rule = "su.card.plus1_per_action_or_before_scoring_plus2_per_action"
    bid = frame.data.get("base_card", -1)
    seat = frame.seat
    if frame.data.get("via") == "special" and game.base_in_play(s, bid):
        mine = [c for c in game.minions_at(s, bid) if s.cards[c].controller == seat]
        _rally_boost(game, s, frame, choice, mine, 2, False, rule)
        return
    mine = [c for c, _ in game.minions_in_play(s) if s.cards[c].controller == seat]
    _rally_boost(game, s, frame, choice, mine, 1, False, rule)


def _rally_usable(game: SmashUp, s: SUState, seat: int, card: int, window: dict[str, Any]) -> bool:
    bid = window.get("base_card", -1)
    return game.base_in_play(s, bid) and any(
        s.cards[c].controller == seat for c in game.minions_at(s, bid)
    )


register(
    AbilitySpec(
        "take_base_action_talent_extra_or_transfer",
        on_play=_bandido,
        talent=_bandido_talent,
        talent_ok=_bandido_talent_ok,
    ),
    AbilitySpec("plus1_per_own_action_here", power=_rubber_chicken),
    AbilitySpec("talent_move_self_hauling_action", talent=_minnie, talent_ok=_minnie_ok),
    AbilitySpec("draw_if_own_action_here", on_play=_good_buddy),
    AbilitySpec("own_minions_here_safe_from_destroy_and_move", protect=_armored_truck),
    AbilitySpec("talent_transfer_self_with_one_card", talent=_cab_over, talent_ok=_cab_over_ok),
    AbilitySpec("player_power_per_own_action_here", player_power=_convoy),
    AbilitySpec("talent_transfer_self_with_three_minions", talent=_dekotora, talent_ok=_vehicle_ok),
    AbilitySpec("extra_base_action_from_discard", on_play=_fixin),
    AbilitySpec("talent_transfer_self_with_minion_plus3", talent=_chase, talent_ok=_chase_ok),
    AbilitySpec("transfer_or_take_base_action", on_play=_hotwire),
    AbilitySpec("base_action_from_deck_top_or_transfer_or_take", on_play=_hotwire_errata),
    AbilitySpec(
        "before_scoring_plus2_per_own_action_there",
        on_play=_rally,
        special=Special(windows=("before_scoring",), usable=_rally_usable),
    ),
    AbilitySpec(
        "plus1_per_action_or_before_scoring_plus2_per_action",
        on_play=_rally_errata,
        special=Special(windows=("before_scoring",), usable=_rally_usable),
    ),
)
