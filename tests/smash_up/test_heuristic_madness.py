"""Smash Up's heuristic and Madness (``games/smash_up/heuristic_madness.py``): one position per
rule, where the heuristic must make the Madness play a careful player would (the heuristic
without these rules answers each of them otherwise), and a few where the same rule must not
fire. Each position is built as a scenario is, the choices listed are made, and the
heuristic answers the decision that follows."""

from __future__ import annotations

from typing import Any

import pytest

from .heuristic_positions import assert_answers

B = ["Jungle Oasis as oasis", "Factory 436-1337 as factory", "Evans City Cemetery as cem"]


def _oasis(**minions: list[Any]) -> dict[str, Any]:
    return {"base": "Jungle Oasis as oasis", "minions": minions}


def _scoring(minions: dict[str, list[Any]], ann_hand: list[str]) -> dict[str, Any]:
    """Jungle Oasis (breakpoint 12, VP 2/0/0) about to score, Ann to answer Me First!."""
    return {
        "active": "Ann",
        "phase": "score",
        "bases": [_oasis(**minions), B[1], B[2]],
        "seats": {"Ann": {"hand": ann_hand}},
    }


def _ann(hand: list[str], **more: Any) -> dict[str, Any]:
    seat = {"hand": hand, **{k: v for k, v in more.items() if k in ("deck", "discard")}}
    setup = {"active": "Ann", "bases": more.get("bases", B), "seats": {"Ann": seat}}
    if "vp" in more:
        setup["vp"] = more["vp"]
    return setup


def _bob(card: str, ann_hand: list[str], bases: list[Any] = B, **more: Any) -> dict[str, Any]:
    bob = {"hand": [f"{card} as it"], **more.get("bob", {})}
    setup = {"active": "Bob", "bases": bases, "seats": {"Bob": bob, "Ann": {"hand": ann_hand}}}
    if "vp" in more:
        setup["vp"] = more["vp"]
    return setup


LATE = {"Ann": 12, "Bob": 11}
LIBRARIAN = [_oasis(Ann=["Librarian as lib"]), B[1], B[2]]

# (name, setup, choices made first, seat names, the heuristic's answer)
CASES: list[tuple[str, dict[str, Any], list[str], tuple[str, ...], str]] = [
    # a Madness card played: draw two early, go back near the end
    (
        "madness_drawn_early",
        _ann(["Madness as mad"], deck=["Researcher"] * 10),
        ["play:@mad"],
        (),
        "draw",
    ),
    (
        "madness_returned_near_the_end",
        _ann(["Madness as mad"], deck=["Researcher"] * 10, vp=LATE),
        ["play:@mad"],
        (),
        "return",
    ),
    (
        "madness_played_before_the_minion",
        _ann(["Zapbot", "Madness as m"]),
        [],
        (),
        "play:@m",
    ),
    # cards that pay for Madness held use it
    (
        "librarian_plays_a_madness_card",
        _ann(["Madness"], bases=LIBRARIAN),
        ["talent:@lib"],
        (),
        "play",
    ),
    ("librarian_late_draws_none", _ann([], bases=LIBRARIAN, vp=LATE), [], (), "end"),
    (
        "psychologist_returns_from_the_discard_pile",
        _ann(["Psychologist as psy", "Madness"], discard=["Madness"]),
        ["play:@psy", "base:@oasis"],
        (),
        "discard",
    ),
    (
        "madness_unleashed_discards_madness",
        _ann(["Madness Unleashed as mu", "Madness as m"]),
        ["play:@mu"],
        (),
        "discard:@m",
    ),
    (
        "madness_unleashed_played_before_the_madness_card",
        _ann(["Madness as m", "Madness Unleashed as mu"]),
        [],
        (),
        "play:@mu",
    ),
    (
        "whispers_in_darkness_played_first",
        _ann(["Madness as m", "Cthulhu Fhtagn", "Whispers in Darkness as w"]),
        [],
        (),
        "play:@w",
    ),
    (
        "corruption_kept_when_only_own_minions_are_in_play",
        _ann(["Corruption"], bases=[_oasis(Ann=["Zapbot"]), B[1], B[2]]),
        [],
        (),
        "end",
    ),
    (
        "corruption_before_another_action_when_a_rival_minion_is_there",
        _ann(["Cthulhu Fhtagn", "Corruption as c"], bases=[_oasis(Bob=["Zapbot"]), B[1], B[2]]),
        [],
        (),
        "play:@c",
    ),
    (
        "the_seal_is_broken_before_another_action",
        _ann(["Cthulhu Fhtagn", "The Seal is Broken as seal"]),
        [],
        (),
        "play:@seal",
    ),
    (
        "complete_the_ritual_where_another_player_leads",
        _ann(
            ["Complete the Ritual as ctr"],
            bases=[
                _oasis(Ann=["Zapbot"]),
                {"base": B[1], "minions": {"Ann": ["Zapbot"], "Bob": ["King Rex"]}},
                B[2],
            ],
        ),
        ["play:@ctr"],
        (),
        "base:@factory",
    ),
    (
        "complete_the_ritual_kept_where_the_player_leads",
        _ann(["Complete the Ritual"], bases=[_oasis(Ann=["Zapbot"]), B[1], B[2]]),
        [],
        (),
        "end",
    ),
    (
        "asylum_boxes_a_madness_card",
        _ann(["Zapbot as z", "King Rex", "Madness as m"], bases=["Asylum as asy", B[1], B[2]]),
        ["play:@z", "base:@asy"],
        (),
        "box:@m",
    ),
    (
        "arkham_university_takes_the_discard",
        _ann(["Zapbot as z", "Madness", "Corruption"], bases=["Arkham University as ark", *B[1:]]),
        ["play:@z", "base:@ark"],
        (),
        "discard",
    ),
    (
        "field_trip_puts_madness_under_the_deck",
        _ann(["Field Trip as ft", "King Rex", "Madness as m"], deck=["Zapbot"] * 4),
        ["play:@ft"],
        (),
        "bottom:@m",
    ),
    # Madness as a price: paid when it buys something
    (
        "recruitment_draws_one_for_each_minion_beyond_the_free_play",
        _ann(["Recruitment as r", "Zapbot", "Zapbot", "Zapbot"]),
        ["play:@r"],
        (),
        "count:2",
    ),
    (
        "those_meddling_kids_take_madness_when_only_our_actions_are_there",
        _ann(
            ["Those Meddling Kids as tmk"],
            bases=[{"base": B[0], "actions": {"Ann": ["Eldritch Gate"]}}, *B[1:]],
        ),
        ["play:@tmk"],
        (),
        "madness",
    ),
    (
        "researcher_counter_on_our_own_minion",
        _ann(["Researcher as re"], bases=[_oasis(Bob=["King Rex"], Ann=["Zapbot as zap"]), *B[1:]]),
        ["play:@re", "base:@oasis", "yes"],
        (),
        "pick:@zap",
    ),
    (
        "mountains_of_madness_avoided_late",
        _ann(["Zapbot as z"], vp=LATE, bases=["Mountains of Madness", "Tar Pits as tar", B[0]]),
        ["play:@z"],
        (),
        "base:@tar",
    ),
    (
        "mysteries_of_the_deep_declines_the_madness_late",
        _ann(
            ["Mysteries of the Deep as md"],
            deck=["Zapbot"] * 8,
            vp=LATE,
            bases=[_oasis(Ann=["The Locals"] * 3), *B[1:]],
        ),
        ["play:@md"],
        (),
        "no",
    ),
    # other players' offers
    (
        "shoggoth_refused_with_no_minion_there",
        _bob("Shoggoth", ["Zapbot"], [_oasis(Bob=["Zapbot"]), *B[1:]]),
        ["play:@it", "base:@oasis"],
        (),
        "no",
    ),
    (
        "shoggoth_accepted_to_save_a_minion_there",
        _bob("Shoggoth", ["Zapbot"], [_oasis(Ann=["King Rex"]), *B[1:]]),
        ["play:@it", "base:@oasis"],
        (),
        "yes",
    ),
    (
        "mi_go_refused_near_the_end",
        _bob("Mi-go", ["Zapbot"], vp=LATE),
        ["play:@it", "base:@oasis"],
        (),
        "no",
    ),
    (
        "spreading_horror_refused",
        _bob("Spreading Horror", ["Zapbot", "King Rex"], bob={"discard": ["Byakhee"]}),
        ["play:@it"],
        (),
        "no",
    ),
    # giving Madness: to the leader
    (
        "star_spawn_gives_to_the_leader",
        {
            "active": "Ann",
            "vp": {"Bob": 3, "Cid": 9},
            "bases": [_oasis(Ann=["Star-Spawn of Cthulhu as ss"]), *B[1:], "Tar Pits"],
            "seats": {"Ann": {"hand": ["Madness"]}},
        },
        ["talent:@ss"],
        ("Ann", "Bob", "Cid"),
        "player:2",
    ),
    # cards that would put a Madness card back into the deck
    (
        "servitor_puts_no_madness_on_the_deck",
        _ann(
            ["Servitor of Cthulhu as sv"],
            discard=["Madness", "Corruption as c"],
            bases=[_oasis(Bob=["King Rex"]), B[1], B[2]],
        ),
        ["play:@sv", "base:@oasis", "talent:@sv"],
        (),
        "top:@c",
    ),
    (
        "servitor_kept_where_it_holds_a_place",
        _ann(["Servitor of Cthulhu as sv"], discard=["Corruption"]),
        ["play:@sv", "base:@oasis"],
        (),
        "end",
    ),
    (
        "it_begins_again_shuffles_no_madness",
        _ann(["It Begins Again as iba"], discard=["Madness", "Madness"]),
        ["play:@iba"],
        (),
        "done",
    ),
    # before a base scores
    (
        "cthulhus_chosen_used_when_it_wins_first_place",
        _scoring({"Ann": ["Cthulhu's Chosen as cc", "Zapbot"], "Bob": ["King Rex"]}, []),
        [],
        (),
        "special:@cc",
    ),
    (
        "old_man_jenkins_destroys_the_rivals_strongest",
        _scoring(
            {"Ann": ["Zapbot", "Zapbot"], "Bob": ["King Rex", "Zapbot"]},
            ["miskatonic_university/old_man_jenkins as omj"],
        ),
        [],
        (),
        "special:@omj",
    ),
    (
        "things_best_not_known_draws_the_fewest_that_win",
        _scoring({"Ann": ["Zapbot"] * 3, "Bob": ["King Rex"]}, ["Things Best Not Known as tb"]),
        ["special:@tb"],
        (),
        "count:1",
    ),
    (
        "dunwich_horror_minion_given_up_when_it_changes_nothing",
        _scoring(
            {
                "Ann": ["King Rex", {"card": "Zapbot", "actions": ["Dunwich Horror"]}],
                "Bob": ["Zapbot"],
            },
            [],
        ),
        [],
        (),
        "destroy",
    ),
]


@pytest.mark.parametrize(
    ("setup", "choices", "names", "answer"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_heuristic_madness_play(
    setup: dict[str, Any], choices: list[str], names: tuple[str, ...], answer: str
) -> None:
    assert_answers(setup, choices, answer, names)
