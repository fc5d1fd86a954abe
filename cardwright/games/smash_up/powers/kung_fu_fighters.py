"""Smash Up abilities of the Kung Fu Fighters (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardwright.core.state import Frame, Option

from ..legacy import AbilitySpec, option_card, pick_card, register
from ..state import SUState

if TYPE_CHECKING:
    from ..game import SmashUp


def _done(game: SmashUp, s: SUState, frame: Frame) -> None:
    game.pop(s, frame)


def _own_minions(game: SmashUp, s: SUState, seat: int) -> list[tuple[int, int]]:
    return [(c, b) for c, b in game.minions_in_play(s) if s.cards[c].controller == seat]


# ---------------------------------------------------------------- shifting counters


def _shift(
    game: SmashUp,
    s: SUState,
    frame: Frame,
    choice: str | None,
    pool: Callable[[], list[int]],
    rule: str,
    *,
    most: int = 99,
    may: bool = False,
    first: int = 0,
) -> bool:
    """Transfer +1 power counters from one minion of ``pool()`` onto another, in frame steps
    ``first``.. ``first + 2``: from (optional when ``may``), to, how many (at most ``most``).
    Returns True once finished (the frame is left for the caller to pop)."""
    data, seat = frame.data, frame.seat
    step = frame.step - first
    if step == 0:
        minions = pool()
        sources = [c for c in minions if s.cards[c].counters.get("p1", 0) > 0]
        if len(minions) < 2:
            sources = []
        pick = pick_card(
            game, s, frame, choice, sources, "Move +1 power counters from", rule, may=may
        )
        if pick is None:
            return False
        if pick < 0:
            return True
        data["from_card"] = pick
        frame.step += 1
        return False
    src = data["from_card"]
    if step == 1:
        dests = [c for c in pool() if c != src]
        pick = pick_card(
            game, s, frame, choice, dests, f"Move counters from {game.card_name(s, src)} to", rule
        )
        if pick is None:
            return False
        if pick < 0:
            return True
        data["to_card"] = pick
        frame.step += 1
        return False
    have = min(most, s.cards[src].counters.get("p1", 0))
    if choice is None and have > 1:
        options = [Option(f"count:{k}", f"Move {k} counter(s)") for k in range(1, have + 1)]
        game.ask(s, seat, "counter_count", "How many +1 power counters?", options, rule)
        return False
    count = int(choice.split(":")[1]) if choice is not None else have
    game.move_counters(s, src, data["to_card"], count, seat, rule)
    return True


def _all_minions(game: SmashUp, s: SUState) -> Callable[[], list[int]]:
    return lambda: [c for c, _ in game.minions_in_play(s)]


# ---------------------------------------------------------------- Dragon Warrior


def _dragon_warrior_ok(game: SmashUp, s: SUState, cid: int) -> bool:
    minions = game.minions_in_play(s)
    return len(minions) > 1 and any(s.cards[c].counters.get("p1", 0) for c, _ in minions)


def _dragon_warrior(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.indestructible_talent_shift_counters"
    if _shift(game, s, frame, choice, _all_minions(game, s), rule):
        _done(game, s, frame)


def _self_indestructible(
    game: SmashUp, s: SUState, source: int, target: int, action: str, actor: int
) -> bool:
    return action == "destroy" and target == source


# ---------------------------------------------------------------- Cricket


def _cricket(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.shift_one_counter"
    if _shift(game, s, frame, choice, _all_minions(game, s), rule, most=1, may=True):
        _done(game, s, frame)


# ---------------------------------------------------------------- Lady Whirlwind


def _weaker_here(game: SmashUp, s: SUState, cid: int) -> list[int]:
    bid = game.base_of(s, cid)
    if bid < 0:
        return []
    mine = game.power(s, cid, bid)
    return [c for c in game.minions_at(s, bid) if c != cid and game.power(s, c, bid) < mine]


def _whirlwind_ok(game: SmashUp, s: SUState, cid: int) -> bool:
    return s.cards[cid].counters.get("p1", 0) == 0 and bool(_weaker_here(game, s, cid))


def _whirlwind(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.talent_destroy_weaker_here_for_counter"
    cid = frame.data["card"]
    targets = _weaker_here(game, s, cid) if _whirlwind_ok(game, s, cid) else []
    pick = pick_card(
        game, s, frame, choice, targets, "Lady Whirlwind: destroy a weaker minion here", rule
    )
    if pick is None:
        return
    _done(game, s, frame)
    if pick >= 0 and game.destroy(s, pick, frame.seat, rule):
        game.add_counters(s, cid, 1, frame.seat, rule)


# ---------------------------------------------------------------- A Little Bit Frightening


def _frightening(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Pick your minion, destroy a weaker one at its base; if destroyed, two counters among
    your minions there (one question per counter)."""
    rule = "su.card.destroy_weaker_then_spread_two_counters"
    seat, data = frame.seat, frame.data
    if frame.step == 0:
        mine = [c for c, _ in _own_minions(game, s, seat) if _weaker_here(game, s, c)]
        pick = pick_card(
            game, s, frame, choice, mine, "A Little Bit Frightening: choose your minion", rule
        )
        if pick is None:
            return
        if pick < 0:
            _done(game, s, frame)
            return
        data["minion_card"] = pick
        data["base_card"] = game.base_of(s, pick)
        frame.step = 1
        return
    bid = data["base_card"]
    if frame.step == 1:
        targets = _weaker_here(game, s, data["minion_card"])
        pick = pick_card(game, s, frame, choice, targets, "Destroy a weaker minion there", rule)
        if pick is None:
            return
        if pick < 0 or not game.destroy(s, pick, seat, rule):
            _done(game, s, frame)
            return
        data["left"] = 2
        frame.step = 2
        return
    mine = [c for c in game.minions_at(s, bid) if s.cards[c].controller == seat]
    pick = pick_card(game, s, frame, choice, mine, "Give a +1 power counter to", rule)
    if pick is None:
        return
    if pick >= 0:
        game.add_counters(s, pick, 1, seat, rule)
    data["left"] -= 1
    if pick < 0 or data["left"] <= 0:
        _done(game, s, frame)


# ---------------------------------------------------------------- Ancient Chinese Art


def _art_ok(game: SmashUp, s: SUState, cid: int) -> bool:
    bid = game.base_of(s, cid)
    return bid >= 0 and bool(game.minions_at(s, bid))


def _art(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.base_talent_add_or_shift_counters_here"
    seat = frame.seat
    bid = game.base_of(s, frame.data["card"])

    def here() -> list[int]:
        return game.minions_at(s, bid) if bid >= 0 else []

    if frame.step == 0:
        if choice is not None:
            if choice == "shift":
                frame.step = 1
                return
            _done(game, s, frame)
            game.add_counters(s, option_card(choice), 1, seat, rule)
            return
        minions = here()
        if not minions:
            _done(game, s, frame)
            return
        options = [
            Option(f"add:{c}", f"Give {game.minion_label(s, c)} a +1 power counter")
            for c in minions
        ]
        if len(minions) > 1 and any(s.cards[c].counters.get("p1", 0) for c in minions):
            options.append(Option("shift", "Move counters from one minion here to another"))
        game.ask(s, seat, "art", "Ancient Chinese Art: add or move counters", options, rule)
        return
    if _shift(game, s, frame, choice, here, rule, first=1):
        _done(game, s, frame)


# ---------------------------------------------------------------- Everybody Knew Their Part


def _knew_their_part(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.extra_weaker_minion_at_same_base"
    mine = [c for c, _ in _own_minions(game, s, frame.seat)]
    pick = pick_card(
        game, s, frame, choice, mine, "Everybody Knew Their Part: choose your minion", rule
    )
    if pick is None:
        return
    _done(game, s, frame)
    if pick < 0:
        return
    bid = game.base_of(s, pick)
    limit = game.power(s, pick, bid) - 1
    if limit < 0:
        game.log(s, "no_target", rule, "No minion can have less power than 0", frame.seat)
        return
    game.grant_extra(
        s, frame.seat, "minion", rule, max_power=limit, base=bid, source=pick, immediate=True
    )


# ---------------------------------------------------------------- Everybody Was Kung Fu Fighting


def _kung_fu_fighting(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Pick a base; clockwise from the current player, each player who had a minion there when
    it was picked destroys a minion there that another player controls."""
    rule = "su.card.each_player_destroys_rival_minion_at_base"
    data = frame.data
    if frame.step == 0:
        if choice is None:
            bases = [b for b in s.zones["bases"] if game.minions_at(s, b)]
            if len(bases) > 1:
                options = [Option(f"base:{b}", game.card_name(s, b)) for b in bases]
                game.ask(s, frame.seat, "base", "Choose a base", options, rule)
                return
            if not bases:
                _done(game, s, frame)
                return
            bid = bases[0]
        else:
            bid = option_card(choice)
        data["fight_base"] = bid
        present = {s.cards[c].controller for c in game.minions_at(s, bid)}
        data["fighters"] = [p for p in game.seat_order(s, s.active) if p in present]
        frame.step = 1
        return
    bid = data["fight_base"]
    fighters: list[int] = data["fighters"]
    while fighters:
        who = fighters[0]
        targets = []
        if game.base_in_play(s, bid):
            targets = [c for c in game.minions_at(s, bid) if s.cards[c].controller != who]
        if choice is None and len(targets) > 1:
            options = [Option(f"target:{c}", game.minion_label(s, c)) for c in targets]
            game.ask(s, who, "target", f"{s.names[who]}: destroy a minion there", options, rule)
            return
        fighters.pop(0)
        if choice is not None:
            game.destroy(s, option_card(choice), who, rule)
            return
        if targets:
            game.destroy(s, targets[0], who, rule)
    _done(game, s, frame)


# ---------------------------------------------------------------- Fast as Lightning


def _fast_as_lightning(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.plus2_and_hand_instead_of_discard"
    targets = [c for c, _ in game.minions_in_play(s)]
    pick = pick_card(game, s, frame, choice, targets, "Fast as Lightning: choose a minion", rule)
    if pick is None:
        return
    _done(game, s, frame)
    if pick < 0:
        return
    source = frame.data["card"]
    if not game.start_lasting(s, "power", pick, 2, source, frame.seat):
        return
    game.start_lasting(s, "to_hand_instead_of_discard", pick, 1, source, frame.seat)
    game.log(
        s,
        "power",
        rule,
        f"{game.card_name(s, pick)} has +2 power and goes to its owner's hand instead of the "
        "discard pile until the end of the turn",
        frame.seat,
        card=pick,
    )


# ---------------------------------------------------------------- Let's Get It On


def _lets_get_it_on(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Pick your minion; pick minions at its base one by one while their combined power stays
    within its power (at least one, then "done"); then they are destroyed."""
    rule = "su.card.destroy_minions_with_total_power_up_to_own"
    seat, data = frame.seat, frame.data

    def fitting(own: int, picked: list[int], budget: int) -> list[int]:
        bid = game.base_of(s, own)
        return [
            c
            for c in game.minions_at(s, bid)
            if c != own and c not in picked and game.power(s, c, bid) <= budget
        ]

    if frame.step == 0:
        mine = [c for c, b in _own_minions(game, s, seat) if fitting(c, [], game.power(s, c, b))]
        pick = pick_card(game, s, frame, choice, mine, "Let's Get It On: choose your minion", rule)
        if pick is None:
            return
        if pick < 0:
            _done(game, s, frame)
            return
        data["minion_card"] = pick
        data["budget"] = game.power(s, pick, game.base_of(s, pick))
        data["picked_cards"] = []
        frame.step = 1
        return
    own, picked = data["minion_card"], data["picked_cards"]
    if choice is not None and choice != "done":
        target = option_card(choice)
        data["budget"] -= game.power(s, target, game.base_of(s, target))
        picked.append(target)
        return
    targets = fitting(own, picked, data["budget"]) if choice is None else []
    if targets:
        options = [Option(f"target:{c}", game.minion_label(s, c)) for c in targets]
        if picked:
            options.append(Option("done", "Destroy the minions picked"))
        game.ask(s, seat, "target", "Let's Get It On: pick a minion to destroy", options, rule)
        return
    _done(game, s, frame)
    for cid in picked:
        game.destroy(s, cid, seat, rule)


# ---------------------------------------------------------------- Oh-hoh-hoh-hoah


def _oh_hoh_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    owner = s.cards[source].controller
    if event["seat"] != owner and game.base_of(s, source) == event["base_card"]:
        game.queue(s, "counter_when_rival_plays_minion_here", source, owner)


def _oh_hoh(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = "su.card.counter_when_rival_plays_minion_here"
    mine = [c for c, _ in _own_minions(game, s, frame.seat)]
    pick = pick_card(game, s, frame, choice, mine, "Oh-hoh-hoh-hoah: give a counter to", rule)
    if pick is None:
        return
    _done(game, s, frame)
    if pick >= 0:
        game.add_counters(s, pick, 1, frame.seat, rule)


register(
    AbilitySpec(
        "indestructible_talent_shift_counters",
        protect=_self_indestructible,
        talent=_dragon_warrior,
        talent_ok=_dragon_warrior_ok,
    ),
    AbilitySpec(
        "talent_destroy_weaker_here_for_counter", talent=_whirlwind, talent_ok=_whirlwind_ok
    ),
    AbilitySpec("shift_one_counter", on_play=_cricket),
    AbilitySpec("destroy_weaker_then_spread_two_counters", on_play=_frightening),
    AbilitySpec("base_talent_add_or_shift_counters_here", talent=_art, talent_ok=_art_ok),
    AbilitySpec("extra_weaker_minion_at_same_base", on_play=_knew_their_part),
    AbilitySpec("each_player_destroys_rival_minion_at_base", on_play=_kung_fu_fighting),
    AbilitySpec("plus2_and_hand_instead_of_discard", on_play=_fast_as_lightning),
    AbilitySpec("destroy_minions_with_total_power_up_to_own", on_play=_lets_get_it_on),
    AbilitySpec(
        "counter_when_rival_plays_minion_here",
        hooks={"minion_played": _oh_hoh_hook},
        trigger=_oh_hoh,
    ),
)
