"""Smash Up abilities of the Dinosaurs (registered into ``abilities.ABILITIES``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core.state import CardRef, Frame

from ..legacy import (
    ASKED,
    NONE,
    AbilitySpec,
    minion_choices,
    minion_target,
    pick,
    register,
)
from ..state import SUState
from .ninjas import destroy_here, mine, rival_action_blocked

if TYPE_CHECKING:
    from ..game import SmashUp


def _rule(ability: str) -> str:
    return f"su.card.{ability}"


# ----------------------------------------------------------------------------- ongoing power


def _armor_stego(game: SmashUp, s: SUState, source: int, minion: int, base: int) -> int:
    return 2 if minion == source and s.active != s.cards[source].controller else 0


def _war_raptor(game: SmashUp, s: SUState, source: int, minion: int, base: int) -> int:
    if minion != source:
        return 0
    defn = s.cards[source].defn
    return sum(1 for c in s.zones[f"base:{base}"] if s.cards[c].defn == defn)


# ----------------------------------------------------------------------------- Augmentation


def _augment(game: SmashUp, s: SUState, frame: Frame, cid: int) -> None:
    if not game.start_lasting(s, "power", cid, 4, frame.data["card"], frame.seat):
        return
    game.log(
        s,
        "power",
        _rule("plus4_until_your_turn_end"),
        f"{game.card_name(s, cid)} gets +4 power until the end of the turn",
        frame.seat,
        card=cid,
    )


# ----------------------------------------------------------------------------- Natural Selection


def _weaker_here(game: SmashUp, s: SUState, cid: int) -> list[int]:
    bid = game.base_of(s, cid)
    mine_power = game.power(s, cid, bid)
    return [c for c in game.minions_at(s, bid) if game.power(s, c, bid) < mine_power]


def _natural_selection(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    rule = _rule("destroy_weaker_at_own_minions_base")
    seat, data = frame.seat, frame.data
    if frame.step == 0:
        cands = (
            []
            if choice is not None
            else [c for c in mine(game, s, seat) if _weaker_here(game, s, c)]
        )
        got = pick(
            game,
            s,
            seat,
            choice,
            minion_choices(game, s, cands),
            kind="choose_card",
            prompt="Natural Selection: choose a minion of yours",
            rule=rule,
        )
        if got == ASKED:
            return
        if got == NONE:
            game.log(s, "no_target", rule, "No minion of yours has a weaker one beside it", seat)
            game.pop(s, frame)
            return
        data["own_card"] = got
        frame.step = 1
        return
    own = data["own_card"]
    got = pick(
        game,
        s,
        seat,
        choice,
        [] if choice is not None else minion_choices(game, s, _weaker_here(game, s, own)),
        kind="target",
        prompt=f"Natural Selection: destroy a minion weaker than {game.card_name(s, own)}",
        rule=rule,
    )
    if got == ASKED:
        return
    game.pop(s, frame)
    if got != NONE:
        game.destroy(s, got, seat, rule)


# ----------------------------------------------------------------------------- Rampage


def _rampage(game: SmashUp, s: SUState, frame: Frame, cid: int) -> None:
    bid = game.base_of(s, cid)
    amount = game.power(s, cid, bid)
    game.start_lasting(s, "breakpoint", bid, -amount, frame.data["card"], frame.seat)
    game.log(
        s,
        "breakpoint",
        _rule("lower_breakpoint_by_own_minion_power"),
        f"{game.card_name(s, bid)}'s breakpoint is {amount} lower until the end of the turn "
        f"(the power of {game.card_name(s, cid)})",
        frame.seat,
        base_card=bid,
    )


def _own(game: SmashUp, s: SUState, frame: Frame) -> list[int]:
    return mine(game, s, frame.seat)


# ----------------------------------------------------------------------------- Survival


def _survival(game: SmashUp, s: SUState, frame: Frame, choice: str | None) -> None:
    """Base by base: where some minion is stronger than the weakest, one of the weakest is
    destroyed (you pick among tied ones)."""
    rule = _rule("destroy_weakest_on_each_base")
    data = frame.data
    if choice is not None:
        data["idx"] = data.get("idx", 0) + 1
        game.destroy(s, int(choice.split(":")[1]), frame.seat, rule)
        return
    bases = s.zones["bases"]
    idx = data.get("idx", 0)
    while idx < len(bases):
        bid = bases[idx]
        powers = {c: game.power(s, c, bid) for c in game.minions_at(s, bid)}
        if powers and max(powers.values()) > min(powers.values()):
            low = min(powers.values())
            weakest = [c for c, p in powers.items() if p == low]
            if len(weakest) > 1:
                got = pick(
                    game,
                    s,
                    frame.seat,
                    None,
                    minion_choices(game, s, weakest),
                    kind="target",
                    prompt=f"Survival of the Fittest: which weakest minion at "
                    f"{game.card_name(s, bid)} is destroyed?",
                    rule=rule,
                )
                assert got == ASKED
                data["idx"] = idx
                return
            data["idx"] = idx + 1
            game.destroy(s, weakest[0], frame.seat, rule)
            return
        idx += 1
    game.pop(s, frame)


def _wildlife_preserve(
    game: SmashUp, s: SUState, source: int, target: int, action: str, actor: int
) -> bool:
    """Other players' actions do nothing to its controller's minions at its base."""
    bid = s.attached.get(CardRef(source), -1)
    owner = s.cards[source].controller
    if bid < 0 or not game.is_minion(s, target) or game.base_of(s, target) != bid:
        return False
    if s.cards[target].controller != owner:
        return False
    return rival_action_blocked(game, s, owner, action, actor)


# ----------------------------------------------------------------------------- Tooth and Claw


def _tooth_and_claw(game: SmashUp, s: SUState, source: int, data: dict[str, Any]) -> bool:
    """The first ability about to affect the minion it is on (any card's or base's, its
    controller's own included) does not: this card is destroyed instead (ruling DN3)."""
    minion = data["minion_card"]
    if s.attached.get(CardRef(source)) != minion:
        return False
    rule = _rule("absorb_first_effect_on_attached_minion")
    game.spare(s, minion, data["source_card"], source)
    game.log(
        s,
        "absorbed",
        rule,
        f"{game.card_name(s, source)} is destroyed instead: "
        f"{game.card_name(s, data['source_card'])} does not affect {game.card_name(s, minion)}",
        s.cards[source].controller,
        card=minion,
    )
    game.destroy_action(s, source, s.cards[source].controller, rule)
    return True


register(
    AbilitySpec("absorb_first_effect_on_attached_minion", replace={"affect": _tooth_and_claw}),
    AbilitySpec("own_minions_here_immune_to_rival_actions", protect=_wildlife_preserve),
    AbilitySpec(
        "must_destroy_minion_here_power_2_or_less",
        on_play=destroy_here("must_destroy_minion_here_power_2_or_less", 2, optional=False),
    ),
    AbilitySpec("plus2_on_other_players_turns", power=_armor_stego),
    AbilitySpec("plus1_per_war_raptor_here", power=_war_raptor),
    AbilitySpec(
        "plus4_until_your_turn_end",
        on_play=minion_target(
            "plus4_until_your_turn_end",
            "Augmentation: give a minion +4 power",
            lambda game, s, frame: [c for c, _ in game.minions_in_play(s)],
            _augment,
        ),
    ),
    AbilitySpec("destroy_weaker_at_own_minions_base", on_play=_natural_selection),
    AbilitySpec(
        "lower_breakpoint_by_own_minion_power",
        on_play=minion_target(
            "lower_breakpoint_by_own_minion_power",
            "Rampage: choose a minion of yours",
            _own,
            _rampage,
        ),
    ),
    AbilitySpec("destroy_weakest_on_each_base", on_play=_survival),
)
