"""Blue Moon decks: preconstructed lists, custom deck rules, deck files, hidden decklists, and
every pairing of the people decks in `simulate`."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from cardwright.conformance import play_checked
from cardwright.core.errors import ConfigError, DataError
from cardwright.games import get_game
from cardwright.games.blue_moon.carddata import PEOPLES, load_people
from cardwright.games.blue_moon.decks import (
    Deck,
    build,
    deck_to_toml,
    load_deck_file,
    preconstructed,
    resolve_deck,
)
from cardwright.games.blue_moon.game import UNSUPPORTED_PEOPLES
from cardwright.sim.runner import simulate

GAME = get_game("blue-moon")
EXAMPLE = Path(__file__).parents[2] / "examples" / "blue-moon-khind-fire.toml"
PLAYABLE = [p for p in PEOPLES if p not in UNSUPPORTED_PEOPLES]


def _khind(extra: list[str], own: int = 25) -> list[str]:
    cards = [c.number for d in (load_people(p) for p in PEOPLES) for c in d.cards]
    mine = sorted((n for n in cards if n.startswith("Khind ")), key=lambda n: int(n.split()[1]))
    return mine[:own] + extra


@pytest.mark.parametrize("people", PEOPLES)
def test_every_preconstructed_deck_obeys_the_custom_rules(people: str) -> None:
    deck = preconstructed(people)
    again = build(deck.name, deck.leader, deck.cards, people)
    assert again.cards == deck.cards
    assert deck.foreign_moons() <= 10


def test_preconstructed_foreign_moons_match_the_research_counts() -> None:
    # research §6.1: foreign cards in each preconstructed deck total 4-7 moons
    expected = {"Hoax": 6, "Vulca": 5, "Mimix": 4, "Flit": 5, "Khind": 7}
    assert {p: preconstructed(p).foreign_moons() for p in expected} == expected


def test_a_custom_deck_file_loads_and_round_trips(tmp_path: Path) -> None:
    deck = load_deck_file(EXAMPLE)
    assert (deck.people, deck.leader, len(deck.cards)) == ("Khind", "Khind 0", 30)
    assert deck.foreign_moons() == 7
    path = tmp_path / "again.toml"
    path.write_text(deck_to_toml(deck), encoding="utf-8")
    assert load_deck_file(path) == deck
    assert resolve_deck(deck.to_config()) == deck


def test_cards_may_be_named_instead_of_numbered() -> None:
    deck = build("named", "PitPan", _khind(["Flamebreath the Dazzling", "Volca"], 28), "t")
    assert deck.leader == "Khind 0"
    assert deck.cards[-2:] == ("Vulca 1", "Vulca 5")


@pytest.mark.parametrize(
    ("leader", "cards", "message"),
    [
        ("Khind 0", _khind(["Vulca 1"], 28), r"has 29 cards besides the leader.*\[bm.deck.size\]"),
        ("Khind 7", _khind(["Vulca 1"]), r"Khind 7.*must be one of the nine leader cards"),
        ("Khind 0", _khind(["Hoax 0"], 29), r"Hoax 0.*is a leader.*\[bm.deck.leader\]"),
        ("Khind 0", _khind(["Khind 1"], 29), r"Khind 1.*listed twice.*\[bm.deck.unique\]"),
        ("Khind 0", _khind(["Elf 3"], 29), r"card #30: unknown Blue Moon card 'Elf 3'"),
        (
            "Khind 0",
            _khind(["Vulca 1", "Vulca 2", "Vulca 3", "Vulca 4", "Vulca 5", "Vulca 6"], 24),
            r"11 moons of cards from outside the Khind people.*Vulca 1 \(3\).*\[bm.deck.moons\]",
        ),
    ],
)
def test_broken_decks_name_the_card_and_the_rule(
    leader: str, cards: list[str], message: str
) -> None:
    with pytest.raises(DataError, match=message) as err:
        build("broken", leader, cards, "broken.toml")
    assert "\n" not in str(err.value)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('name = "x"\nleader = "Khind 0"\n', r"field 'cards': Field required"),
        ('name = "x"\nleader = "Khind 0"\ncards = []\ncolour = 1\n', r"field 'colour'"),
        ("name = \n", r"broken.toml"),
    ],
)
def test_malformed_deck_files_are_one_line(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=message) as err:
        load_deck_file(path)
    assert "\n" not in str(err.value)


def test_decks_are_given_by_people_file_or_data_and_bad_ones_refused() -> None:
    cfg = GAME.validate_config({"decks": [str(EXAMPLE), "vulca"]})
    assert cfg["peoples"][1] == "Vulca"
    assert cfg["peoples"][0]["leader"] == "Khind 0"
    with pytest.raises(ConfigError, match="unknown Blue Moon deck 'elves'"):
        GAME.validate_config({"peoples": ["elves", "vulca"]})
    with pytest.raises(ConfigError, match=r"missing\.toml"):
        GAME.validate_config({"peoples": ["missing.toml", "vulca"]})


def test_a_custom_deck_plays_and_its_list_stays_secret() -> None:
    config = {"peoples": [str(EXAMPLE), "Vulca"]}
    play_checked(GAME, config, seed=3, deep_every=5)
    state = GAME.new_state(config, 3)
    numbers = sorted(state.cards[c].defn for c in state.zones["deck:0"] + state.zones["hand:0"])
    assert numbers == sorted(load_deck_file(EXAMPLE).cards)
    theirs = GAME.view(state, 1)
    assert theirs.config["peoples"][0]["cards"] == []  # the opponent does not see the list
    assert theirs.pools["hidden:0"] is None
    assert GAME.view(state, 0).config["peoples"][0]["cards"] != []
    opened = GAME.view(GAME.new_state({**config, "open_decklists": True}, 3), 1)
    assert opened.pools["hidden:0"] is not None
    # a determinization for seat 1 fills seat 0's unseen cards with distinct cards
    full = GAME.determinize(theirs, 7)
    seat0 = [full.cards[c].defn for z in ("deck:0", "hand:0") for c in full.zones[z]]
    assert len(seat0) == len(set(seat0)) == 30


def test_deck_built_for_a_seat_reports_its_people() -> None:
    deck = Deck("d", "Khind", "Khind 0", tuple(_khind(["Vulca 1"], 29)))
    assert deck.to_config()["people"] == "Khind"  # type: ignore[index]


PAIRS = list(itertools.product(PLAYABLE, repeat=2))


@pytest.mark.parametrize(("a", "b"), PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_every_pairing_plays_in_simulate(a: str, b: str) -> None:
    batch = simulate("blue-moon", 2, ["random", "heuristic"], seed=17, config={"peoples": [a, b]})
    assert len(batch.outcomes) == 2
    assert all(o.turns > 0 for o in batch.outcomes)


@pytest.mark.slow
@pytest.mark.parametrize(("a", "b"), PAIRS, ids=[f"{a}-{b}" for a, b in PAIRS])
def test_every_pairing_plays_many_games(a: str, b: str) -> None:
    batch = simulate("blue-moon", 40, ["heuristic", "random"], seed=29, config={"peoples": [a, b]})
    assert len(batch.outcomes) == 40
    wins = sum(1 for o in batch.outcomes if o.winners == (0,))
    assert wins > 20  # the heuristic beats random whichever decks meet
