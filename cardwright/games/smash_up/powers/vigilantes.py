"""Smash Up abilities of the Vigilantes (registered into ``abilities.ABILITIES``).

The 2018 printing ("Version A" of the research notes) is the default card set; the errata
printing (card set ``70s-errata``) gives several cards new ability ids, written below the 2018
ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core import rng as chance
from cardwright.core.state import CardRef, Frame, Option

from ..legacy import AbilitySpec, Special, option_card, pick_card, register
from ..scoring import ScoreBase
from ..state import Lasting, SUState

if TYPE_CHECKING:
    from ..game import SmashUp


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


def _rule(ability: str) -> str:
    return f"su.card.{ability}"


def _may(game: SmashUp, s: SUState, frame: Frame, prompt: str, yes: str, rule: str) -> None:
    options = [Option("yes", yes), Option("no", "Do not")]
    game.ask(s, frame.seat, "may", prompt, options, rule)


# =============================================================================== protection


def _attached_indestructible(
    game: SmashUp, s: SUState, source: int, target: int, action: str, actor: int
) -> bool:
    return action == "destroy" and s.attached.get(CardRef(source)) == target


# =============================================================================== minions


def _death_wisher_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    by = event["by"]
    mine = event["controller"] if event["minion_card"] == source else s.cards[source].controller
    if by < 0 or by == mine or by == event["controller"] or game.once_used(s, source, "dw"):
        return
    game.use_once(s, source, "dw")
    spec = game.spec(s, source)
    assert spec is not None
    game.queue(s, spec.id, source, mine, rival=by)


def _death_wisher(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = _rule("retaliate_destroy_rival_minion")
    rival = frame.data["rival"]
    cands = [c for c, _ in game.minions_in_play(s) if s.cards[c].controller == rival]
    target = pick_minion(
        game,
        s,
        frame,
        choice,
        cands,
        f"Death Wisher: destroy a minion of {s.names[rival]}?",
        rule,
        optional=True,
    )
    if target is None:
        return
    done(game, s, frame)
    if target >= 0:
        game.destroy(s, target, frame.seat, rule)


# =============================================================================== actions


def _where_present(game: SmashUp, s: SUState, seat: int) -> set[int]:
    return {b for c, b in game.minions_in_play(s) if s.cards[c].controller == seat}


def _shrug_ok(game: SmashUp, s: SUState, cid: int) -> bool:
    bid = s.attached.get(CardRef(cid), -1)
    return bid >= 0 and bid not in game.cancelled(s)


# =============================================================================== errata printing


def _mark(game: SmashUp, s: SUState, cid: int, seat: int, key: str) -> None:
    """A lasting mark on a card (no value of its own) until its controller's next turn."""
    ref = CardRef(cid)
    s.lasting.append(Lasting(key, ref, seat, source=ref, until=f"start_of_turn:{seat}"))


def _marked(s: SUState, cid: int, key: str) -> bool:
    return any(e.target == cid and e.key == key for e in s.lasting)


def _meaner(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Up to three +1 power counters on one of your minions."""
    rule = _rule("up_to_three_counters_special_recover_after_loss")
    data = frame.data
    if frame.step == 0:
        target = pick_minion(
            game,
            s,
            frame,
            choice,
            own_minions(game, s, frame.seat),
            "A Whole Lot Meaner: counters on which of your minions?",
            rule,
        )
        if target is None:
            return
        if target < 0:
            done(game, s, frame)
            return
        data["minion_card"] = target
        frame.step = 1
        return
    if choice is None:
        options = [Option(f"count:{k}", f"{k} counter(s)") for k in (3, 2, 1, 0)]
        game.ask(s, frame.seat, "counter_count", "How many +1 power counters?", options, rule)
        return
    done(game, s, frame)
    game.add_counters(s, data["minion_card"], int(choice.split(":")[1]), frame.seat, rule)


def _meaner_usable(game: SmashUp, s: SUState, seat: int, card: int, window: dict[str, Any]) -> bool:
    winners = [f.winners for f in s.stack if isinstance(f, ScoreBase)]
    return bool(winners) and seat not in winners[-1]


def _meaner_recover(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    cid, seat = frame.data["card"], frame.seat
    done(game, s, frame)
    if cid in s.zones[f"discard:{seat}"]:
        game.to_zone(s, cid, f"discard:{seat}", f"hand:{seat}")
        game.log(
            s,
            "to_hand",
            _rule("up_to_three_counters_special_recover_after_loss"),
            f"{s.names[seat]} takes {game.card_name(s, cid)} from their discard pile into "
            "their hand",
            seat,
            card=cid,
        )


def _lucky_b_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    host = s.attached.get(CardRef(source), -1)
    if event["action_card"] == source or host < 0 or not game.is_minion(s, host):
        return
    if event["seat"] == s.cards[host].controller:
        spec = game.spec(s, source)
        assert spec is not None
        game.queue(s, spec.id, source, s.cards[source].controller)


def _lucky_b_peek(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Look at your deck's top card (only you see it) and keep it there or put it under."""
    rule = _rule("peek_deck_top_then_reveal_to_destroy_host")
    seat = frame.seat
    deck = s.zones[f"deck:{seat}"]
    if not deck:
        done(game, s, frame)
        return
    top = deck[-1]
    if choice is None:
        if not frame.data.get("peeked"):
            frame.data["peeked"] = True
            game.log(
                s,
                "peek",
                rule,
                f"{s.names[seat]} looks at {game.card_name(s, top)} on top of their deck",
                seat,
                visible_to=[seat],
                redacted=f"{s.names[seat]} looks at the top card of their deck",
                card=top,
            )
        options = [Option("keep", "Keep it on top"), Option("bottom", "Put it under the deck")]
        game.ask(s, seat, "choose", "Feeling Lucky?: the top card of your deck", options, rule)
        return
    done(game, s, frame)
    if choice == "bottom":
        deck.pop()
        deck.insert(0, top)
        game.log(
            s, "to_bottom", rule, f"{s.names[seat]} puts their top card under their deck", seat
        )


def _lucky_b_usable(
    game: SmashUp, s: SUState, seat: int, card: int, window: dict[str, Any]
) -> bool:
    host = s.attached.get(CardRef(card), -1)
    return host >= 0 and game.base_of(s, host) == window.get("base_card", -1)


def _lucky_b_reveal(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = _rule("peek_deck_top_then_reveal_to_destroy_host")
    seat, cid = frame.seat, frame.data["card"]
    done(game, s, frame)
    deck = s.zones[f"deck:{seat}"]
    if not deck and not game.reshuffle(s, seat):
        game.log(s, "no_target", rule, f"{s.names[seat]} has no card to reveal", seat)
        return
    top = deck[-1]
    game.reveal(s, top)
    action = not game.is_minion(s, top)
    game.log(
        s,
        "reveal",
        rule,
        f"{s.names[seat]} reveals {game.card_name(s, top)} from the top of "
        "their deck" + (": an action" if action else ""),
        seat,
        card=top,
    )
    host = s.attached.get(CardRef(cid), -1)
    if action and host >= 0:
        game.destroy(s, host, seat, rule)


def _who_loves_ya_b(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Reveal from the top until a power-4 minion: draw it or play it as an extra minion. The
    other revealed cards are shuffled back into the deck (ruling D13)."""
    rule = _rule("reveal_until_power_4_minion_draw_or_play")
    seat, data = frame.seat, frame.data
    deck = s.zones[f"deck:{seat}"]
    if choice is None and "found_card" not in data:
        cat = game.cat(s)
        found, shown = -1, []
        for c in reversed(deck):
            shown.append(c)
            if game.is_minion(s, c) and cat.printed[s.cards[c].defn] == 4:
                found = c
                break
        names = ", ".join(game.card_name(s, c) for c in shown) or "nothing"
        game.log(
            s, "reveal", rule, f"{s.names[seat]} reveals {names} from their deck", seat, cards=shown
        )
        if found < 0:
            done(game, s, frame)
            if shown:
                game.forget_deck(s, seat)
                chance.shuffle(s, deck)
                game.log(
                    s, "shuffle", rule, f"{s.names[seat]} shuffles their deck", seat, chance=True
                )
            return
        data["found_card"] = found
        deck.remove(found)
        s.zones[f"hand:{seat}"].append(found)
        s.cards[found].face_up = True
        game.reveal(s, found)
        if len(shown) > 1:
            game.forget_deck(s, seat)
            chance.shuffle(s, deck)
            game.log(
                s,
                "shuffle",
                rule,
                f"{s.names[seat]} shuffles the other revealed cards back into their deck",
                seat,
                chance=True,
            )
    found = data["found_card"]
    if choice is None:
        name = game.card_name(s, found)
        options = [
            Option("draw", f"Draw {name}"),
            Option("play", f"Play {name} as an extra minion"),
        ]
        game.ask(s, seat, "choose", "Who Loves Ya, Baby?: draw it or play it?", options, rule)
        return
    done(game, s, frame)
    if choice == "play" and found in s.zones[f"hand:{seat}"]:
        game.log(
            s,
            "extra",
            rule,
            f"{s.names[seat]} plays {game.card_name(s, found)} as an extra minion",
            seat,
            card=found,
        )
        game.start_play(s, seat, found, "extra", -1)
    else:
        game.log(
            s, "draw", rule, f"{s.names[seat]} draws {game.card_name(s, found)}", seat, card=found
        )


def _tough_power(game: SmashUp, s: SUState, source: int, minion: int, base: int) -> int:
    return -3 if s.attached.get(CardRef(source)) == minion else 0


def _tough_hook(game: SmashUp, s: SUState, source: int, event: dict[str, Any]) -> None:
    host = s.attached.get(CardRef(source), -1)
    if host >= 0 and game.is_minion(s, host):
        spec = game.spec(s, source)
        assert spec is not None
        game.queue(s, spec.id, source, s.cards[source].controller)


def _tough(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """At the start of a turn: may destroy this card; its minion gets +3 until your turn ends."""
    rule = _rule("attached_minus3_indestructible_release_plus3")
    cid = frame.data["card"]
    host = s.attached.get(CardRef(cid), -1)
    if host < 0 or game.base_of(s, cid) < 0:
        done(game, s, frame)
        return
    if choice is None:
        _may(
            game,
            s,
            frame,
            f"Tough It Out: destroy it to give {game.card_name(s, host)} +3?",
            "Destroy it",
            rule,
        )
        return
    done(game, s, frame)
    if choice != "yes":
        return
    game.leave_play(s, cid, f"discard:{s.cards[cid].owner}")
    game.log(s, "destroyed", rule, f"{game.card_name(s, cid)} is destroyed", frame.seat, card=cid)
    if game.start_lasting(s, "power", host, 3, cid, frame.seat, f"end_of_turn:{frame.seat}"):
        game.log(
            s,
            "power",
            rule,
            f"{game.card_name(s, host)} gets +3 power until the end of "
            f"{s.names[frame.seat]}'s turn",
            frame.seat,
            card=host,
        )


def _shrug_b_power(game: SmashUp, s: SUState, source: int, minion: int, base: int) -> int:
    if s.attached.get(CardRef(source)) != base or not _marked(s, source, "shrug"):
        return 0
    return -1 if s.cards[minion].controller != s.cards[source].controller else 0


def _shrug_b(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    cid = frame.data["card"]
    bid = s.attached.get(CardRef(cid), -1)
    done(game, s, frame)
    if bid in s.zones["bases"]:
        _mark(game, s, cid, frame.seat, "shrug")
        game.log(
            s,
            "power",
            _rule("talent_rival_minions_here_minus1"),
            f"Other players' minions at {game.card_name(s, bid)} have -1 power until "
            f"{s.names[frame.seat]}'s next turn",
            frame.seat,
            base_card=bid,
        )


def _street_b_power(game: SmashUp, s: SUState, source: int, minion: int, base: int) -> int:
    mine = s.cards[source].controller
    if (
        s.attached.get(CardRef(source)) != base
        or s.active == mine
        or not _marked(s, source, "street")
    ):
        return 0
    return 2 if s.cards[minion].controller == mine else 0


def _street_b(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Talent: move one of your minions onto or off this base, or +2 on other turns."""
    rule = _rule("talent_move_own_minion_or_plus2_on_rival_turns")
    cid, seat, data = frame.data["card"], frame.seat, frame.data
    bid = s.attached.get(CardRef(cid), -1)
    if bid not in s.zones["bases"]:
        done(game, s, frame)
        return
    others = [b for b in s.zones["bases"] if b != bid]
    if frame.step == 0:
        movable = own_minions(game, s, seat) if others else []
        if choice is None:
            options = [Option(f"target:{c}", f"Move {game.minion_label(s, c)}") for c in movable]
            options.append(Option("guard", "Your minions here get +2 during other turns"))
            game.ask(s, seat, "choose", "Street Justice: which Talent?", options, rule)
            return
        done_now = choice == "guard"
        if done_now:
            done(game, s, frame)
            _mark(game, s, cid, seat, "street")
            game.log(
                s,
                "power",
                rule,
                f"{s.names[seat]}'s minions at {game.card_name(s, bid)} "
                "have +2 power during other players' turns until their next turn",
                seat,
                base_card=bid,
            )
            return
        data["minion_card"] = option_card(choice)
        frame.step = 1
        return
    mover = data["minion_card"]
    here = game.base_of(s, mover)
    dests = [bid] if here != bid else others
    dest = pick_base(
        game, s, frame, choice, dests, f"Move {game.card_name(s, mover)} to which base?", rule
    )
    if dest is None:
        return
    done(game, s, frame)
    if dest >= 0 and here >= 0:
        game.move_minion(s, mover, dest, seat, rule)


def _street_b_ok(game: SmashUp, s: SUState, cid: int) -> bool:
    return s.attached.get(CardRef(cid), -1) in s.zones["bases"]


# =============================================================================== registry

register(
    AbilitySpec(
        "retaliate_destroy_rival_minion",
        hooks={"minion_destroyed": _death_wisher_hook},
        trigger=_death_wisher,
    ),
    # ------------------------------------------------------------ errata printing
    AbilitySpec(
        "up_to_three_counters_special_recover_after_loss",
        on_play=_meaner,
        special=Special(
            windows=("after_scoring",), zone="discard", usable=_meaner_usable, run=_meaner_recover
        ),
    ),
    AbilitySpec(
        "peek_deck_top_then_reveal_to_destroy_host",
        hooks={"action_played": _lucky_b_hook},
        trigger=_lucky_b_peek,
        special=Special(
            windows=("before_scoring",), zone="play", usable=_lucky_b_usable, run=_lucky_b_reveal
        ),
    ),
    AbilitySpec("reveal_until_power_4_minion_draw_or_play", on_play=_who_loves_ya_b),
    AbilitySpec(
        "attached_minus3_indestructible_release_plus3",
        power=_tough_power,
        protect=_attached_indestructible,
        hooks={"start_of_turn": _tough_hook},
        trigger=_tough,
    ),
    AbilitySpec(
        "talent_rival_minions_here_minus1",
        power=_shrug_b_power,
        talent=_shrug_b,
        talent_ok=_shrug_ok,
    ),
    AbilitySpec(
        "talent_move_own_minion_or_plus2_on_rival_turns",
        power=_street_b_power,
        talent=_street_b,
        talent_ok=_street_b_ok,
    ),
)
