from __future__ import annotations

from pathlib import Path

import pytest

from cardwright.core.errors import DataError
from cardwright.games import get_game
from cardwright.games.bizarre_world.decks import (
    deck_to_toml,
    load_deck_file,
    random_deck,
    resolve_deck,
    starter_names,
)


def write(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "deck.toml"
    path.write_text(body)
    return path


def lines(*cards: tuple[str, int, int]) -> str:
    return "".join(f'[[card]]\nname = "{n}"\ncost = {c}\ncopies = {k}\n' for n, c, k in cards)


def test_starter_decks_are_legal_speed_decks() -> None:
    assert starter_names() == ["gray-collar", "purple-haze"]
    for name in starter_names():
        assert len(resolve_deck(name).cards) == 20


def test_round_trip_through_the_deck_file_format(tmp_path: Path) -> None:
    deck = resolve_deck("purple-haze")
    again = load_deck_file(write(tmp_path, deck_to_toml(deck)))
    assert sorted(again.cards) == sorted(deck.cards)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            'name = "x"\n' + lines(("Boring Rok of Minimum Wage", 2, 20)),
            "card #1 ('Boring Rok of Minimum Wage'): unknown card",
        ),
        (
            'name = "x"\n'
            + lines(
                ("Boring Rock of Minimum Wage", 2, 3),
                ("Boring Rock of Minimum Wage", 3, 1),
                ("Boring Box-Man of Minimum Wage", 1, 16),
            ),
            "'Boring Rock of Minimum Wage' appears 4 times; a crafted deck may hold at most 3",
        ),
        (
            'name = "x"\n'
            + lines(
                ("Boring Dinosaur of Minimum Wage", 4, 3), ("Boring Box-Man of Minimum Wage", 1, 17)
            ),
            "'Boring Dinosaur of Minimum Wage (4)' has -1 points",
        ),
        (
            'name = "x"\n' + lines(("Boring Box-Man of Minimum Wage", 1, 3)),
            "has 3 cards; a duel deck has 18-26",
        ),
        (
            'name = "x"\n' + lines(("Boring Box-Man of Minimum Wage", 1, 0)),
            "card #1 ('Boring Box-Man of Minimum Wage'): field 'copies'",
        ),
        ('name = "x"\n[[card]]\nname = "Boring Box-Man of Minimum Wage"\n', "field 'cost'"),
        (
            'name = "x"\nmode = "random"\n' + lines(("Boring Rock of Minimum Wage", 3, 20)),
            "cannot come from random mode, which gives this card cost 2",
        ),
        ('name = "x\n', "not valid TOML"),
    ],
)
def test_bad_decks_give_one_line_naming_card_and_rule(
    tmp_path: Path, body: str, message: str
) -> None:
    with pytest.raises(DataError) as info:
        load_deck_file(write(tmp_path, body))
    text = str(info.value)
    assert message in text and "\n" not in text and "deck.toml" in text


def test_random_decks_only_meet_random_decks() -> None:
    game = get_game("bizarre-world")
    rand = random_deck(20, 5).to_config()
    with pytest.raises(DataError, match="random decks only meet random decks"):
        game.new_state({"decks": [rand, "gray-collar"]})
    state = game.new_state({"decks": [rand, random_deck(20, 6).to_config()]})
    assert state.decision is not None


def test_formats_set_life_and_must_agree() -> None:
    game = get_game("bizarre-world")
    big = random_deck(30, 1).to_config()
    with pytest.raises(DataError, match="different formats"):
        game.new_state({"decks": [big, random_deck(20, 2).to_config()]})
    state = game.new_state({"decks": [big, random_deck(28, 3).to_config()]})
    assert state.life == [15, 15]  # type: ignore[attr-defined]
