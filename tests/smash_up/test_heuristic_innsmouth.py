"""Smash Up's heuristic and Innsmouth's own cards (``games/smash_up/heuristic_innsmouth.py``):
one position per rule, where the heuristic must make the play a careful player would (the
heuristic without these rules answers each of them otherwise). Each position is built as a
scenario is, the choices listed are made, and the heuristic answers the decision that
follows."""

from __future__ import annotations

from typing import Any

import pytest

from .heuristic_positions import assert_answers

B = ["Jungle Oasis as oasis", "Factory 436-1337 as factory", "Evans City Cemetery as cem"]


def _ann(hand: list[str], bases: list[Any] = B, **seat: Any) -> dict[str, Any]:
    return {"active": "Ann", "bases": bases, "seats": {"Ann": {"hand": hand, **seat}}}


LOCALS_AT_OASIS = [{"base": B[0], "minions": {"Ann": ["The Locals"]}}, B[1], B[2]]
#: Jungle Oasis (breakpoint 12) scores with Ann's three The Locals and a Zapbot there
SCORING = {
    "active": "Ann",
    "phase": "score",
    "bases": [
        {
            "base": B[0],
            "minions": {
                "Ann": ["Zapbot", "The Locals as local", "The Locals", "The Locals"],
                "Bob": ["King Rex"],
            },
        },
        B[1],
        B[2],
    ],
    "seats": {"Ann": {"hand": ["Return to the Sea as rs"]}},
}

# (name, setup, choices made first, the heuristic's answer)
CASES: list[tuple[str, dict[str, Any], list[str], str]] = [
    (
        "spreading_the_word_before_the_minion_once_one_of_its_name_is_in_play",
        _ann(["The Locals", "Spreading the Word as sw"], LOCALS_AT_OASIS),
        [],
        "play:@sw",
    ),
    (
        "spreading_the_word_kept_with_no_minion_to_play",
        _ann(["Spreading the Word"]),
        [],
        "end",
    ),
    (
        "sacred_circle_where_our_minion_of_a_name_in_hand_is",
        _ann(
            ["Sacred Circle as sc", "The Locals"],
            [
                {"base": B[0], "minions": {"Ann": ["Zapbot"]}},
                {"base": B[1], "minions": {"Ann": ["The Locals"], "Bob": ["King Rex"]}},
                B[2],
            ],
        ),
        ["play:@sc"],
        "base:@factory",
    ),
    (
        "sacred_circle_talent_left_with_no_minion_of_the_name_there",
        _ann(
            ["Zapbot as z"],
            [
                {
                    "base": B[0],
                    "minions": {"Ann": ["The Locals"]},
                    "actions": {"Ann": ["Sacred Circle"]},
                },
                B[1],
                B[2],
            ],
        ),
        [],
        "play:@z",
    ),
    ("return_to_the_sea_used_after_scoring", SCORING, [], "special:@rs"),
    (
        "return_to_the_sea_on_the_name_we_have_most_of",
        SCORING,
        ["special:@rs"],
        "name:@local",
    ),
]


@pytest.mark.parametrize(
    ("setup", "choices", "answer"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_heuristic_innsmouth_play(setup: dict[str, Any], choices: list[str], answer: str) -> None:
    assert_answers(setup, choices, answer)
