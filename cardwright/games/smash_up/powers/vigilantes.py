"""Smash Up abilities of the Vigilantes (registered into ``abilities.ABILITIES``).

The 2018 printing ("Version A" of the research notes) is the default card set; the errata
printing (card set ``70s-errata``) gives several cards new ability ids, written below the 2018
ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core import rng as chance
from cardwright.core.state import CardRef, Frame, Option

from ..legacy import AbilitySpec, Special, pick_card, register
from ..state import SUState

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


# =============================================================================== errata printing


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


# =============================================================================== registry

register(
    AbilitySpec(
        "retaliate_destroy_rival_minion",
        hooks={"minion_destroyed": _death_wisher_hook},
        trigger=_death_wisher,
    ),
    # ------------------------------------------------------------ errata printing
    AbilitySpec(
        "peek_deck_top_then_reveal_to_destroy_host",
        hooks={"action_played": _lucky_b_hook},
        trigger=_lucky_b_peek,
        special=Special(
            windows=("before_scoring",), zone="play", usable=_lucky_b_usable, run=_lucky_b_reveal
        ),
    ),
    AbilitySpec("reveal_until_power_4_minion_draw_or_play", on_play=_who_loves_ya_b),
)
