"""Munchkin's card sets: complete, checked when loaded, and their errors one line long."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardwright.core.errors import DataError
from cardwright.games.munchkin.abilities import build_registry
from cardwright.games.munchkin.cards import CARD_SETS, load_set, parse_card


@pytest.mark.parametrize("name", CARD_SETS)
def test_each_set_has_168_cards_94_doors_and_74_treasures(name: str) -> None:
    cards = load_set(name)
    assert len(cards.deck("door")) == 94
    assert len(cards.deck("treasure")) == 74


def test_the_classic_set_matches_the_research_note() -> None:
    cards = load_set("classic")
    kinds: dict[str, int] = {}
    for c in cards.cards.values():
        kinds[c.kind] = kinds.get(c.kind, 0) + c.count
    # research note B2: 37 monsters, 9 races, 12 classes, 19 curses, 5 enhancers, 12 other
    # Door cards; 38 Items, 24 one-shots, 9 Go Up a Level, 3 other Treasure cards
    assert kinds["monster"] == 37 and kinds["race"] == 9 and kinds["class"] == 12
    assert kinds["curse"] == 19 and kinds["enhancer"] == 5
    assert kinds["door"] + kinds["super_munchkin"] + kinds["half_breed"] == 12
    assert kinds["item"] == 38 and kinds["oneshot"] == 24 and kinds["level"] == 9
    assert kinds["treasure"] + kinds["ally"] == 3
    orcs = cards.find("3,872 Orcs")
    assert orcs is not None and (orcs.level, orcs.treasures) == (10, 3)
    assert all(c.provenance == "research" for c in cards.cards.values())


def test_the_steampunk_set_has_every_card_and_number_the_rulesheet_names() -> None:
    cards = load_set("steampunk")

    def card(name: str):  # type: ignore[no-untyped-def]
        found = cards.find(name)
        assert found is not None, name
        return found

    pharaoh = card("The Gyroscopic Pharaoh")
    assert (pharaoh.level, pharaoh.treasures, pharaoh.gears) == (14, 4, True)
    assert card("Aeronautic Armor").bonus == 4
    assert sum(card(n).bonus for n in ("Cane-Sword", "Cane-Pistol", "Cane-Gatling Gun")) == 9
    radium = card("Radium-Powered")
    assert (radium.bonus, radium.treasures) == (5, 1)
    assert card("Martian Heat Ray").bonus == 4 and card("Order of St. Cuthbert").bonus == 2
    assert card("Spyglass").requires == ("class:explorer",)
    gears_monsters = [
        "Clocktopus",
        "Flying Skull",
        "Gearhead",
        "Golden Golem",
        "The Gyroscopic Pharaoh",
        "Infernal Engine",
        "Land Leviathan",
        "Mousetrap",
        "Robot Queen Victoria",
        "Runaway Velocipede",
        "Steamhunk",
        "Tele-Visual Reception Apparatus",
        "Theo D'Olite",
        "Titan of Industry",
    ]
    gears_items = [
        "Aeronautic Armor",
        "Automatic Monocle",
        "Canesaw",
        "Cogwheel Cuirass",
        "Gear Beer",
        "Gear-Fist",
        "Gear Shift",
        "Lord Sterling's Blunderbuss",
        "Martini-Henry Rifle",
        "Monkey Wrench",
        "Order of St. Cuthbert",
        "Pedal Reduplicator",
        "Phrenological Adjustor",
        "Pipe",
        "Shuri-Cogs",
        "Steam Beam",
        "Steam Iron",
        "Track Shoes",
        "Vacuum Pressure Pulsator",
    ]
    for name in gears_monsters:
        assert card(name).kind == "monster" and card(name).gears, name
    for name in gears_items:
        assert card(name).is_item and card(name).gears and card(name).provenance == "rulebook"
    # the two lists are the whole of it: a card outside them is not Gears (001 Gears)
    gears = {c.name for c in cards.cards.values() if c.gears}
    assert gears == set(gears_monsters) | set(gears_items)
    assert not any(c.gears for c in load_set("classic").cards.values())
    for name in ("Explorer", "Mechanic", "Officer", "Tycoon"):
        assert card(name).kind == "class" and card(name).count == 3
    for name in (
        "Dolly",
        "Cheat!",
        "Bituminous Adhesive",
        "Electrospats",
        "Cogwheel Cuirass",
        "Lord Sterling's Blunderbuss",
        "Super Munchkin",
        "Time Flies",
    ):
        card(name)
    assert {c.provenance for c in cards.cards.values()} == {"rulebook", "research", "original"}


def test_every_ability_parses_when_the_game_loads() -> None:
    registry = build_registry()
    assert len(registry.abilities) > 150


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"name": "X", "kind": "dragon", "text": "t", "provenance": "original"}, "'kind' must be"),
        (
            {"name": "X", "kind": "monster", "text": "t", "provenance": "original"},
            "a monster needs",
        ),
        ({"name": "X", "kind": "item", "text": "t", "provenance": "made up"}, "'provenance'"),
        (
            {"name": "X", "kind": "item", "text": "t", "provenance": "original", "gears": True},
            "only a card 001 Gears lists is Gears",
        ),
        (
            {"name": "X", "kind": "item", "text": "t", "provenance": "original", "slot": "hat"},
            "'slot'",
        ),
        ({"name": "X", "kind": "item", "provenance": "original"}, "'text'"),
        (
            {"name": "X", "kind": "item", "text": "t", "provenance": "original", "colour": 1},
            "unknown field",
        ),
        (
            {"name": "X", "kind": "item", "text": "t", "provenance": "original", "requires": "elf"},
            "traits",
        ),
    ],
)
def test_a_bad_card_is_one_line_naming_the_card(raw: dict[str, object], message: str) -> None:
    with pytest.raises(DataError, match=message) as err:
        parse_card(raw, "test.toml: card #1")
    assert "\n" not in str(err.value) and "test.toml" in str(err.value)


def test_a_bad_ability_fails_when_loaded_naming_file_and_card(tmp_path: Path) -> None:
    from cardwright.games.munchkin.abilities import vocabulary

    with pytest.raises(DataError, match="Ghoul: unknown word 'loose'"):
        vocabulary().parse("loose('level', 1)", "classic.toml: Ghoul")
