"""Varia: the card data, deck building, the end of the game, the agents, and every class
pairing played through (the rules cases themselves are scenarios: tests/scenarios/varia)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from cardwright.agents import make_agent
from cardwright.core.errors import ConfigError, DataError
from cardwright.games import get_game
from cardwright.games.varia.cards import _card, catalogue, parse_types
from cardwright.games.varia.decks import Deck, load_deck_file, shared_level, validate
from cardwright.games.varia.game import Varia
from cardwright.games.varia.state import VariaState

PACKAGE = Path(__file__).resolve().parents[2] / "cardwright" / "games" / "varia"
CLASSES = ["volcanic-warrior", "shadow-assassin", "divine-paladin", "mystic-monk"]


def game() -> Varia:
    g = get_game("varia")
    assert isinstance(g, Varia)
    return g


# ------------------------------------------------------------------------------ card data
def test_the_four_class_decks_are_out_of_the_box_legal_and_original() -> None:
    cat = catalogue()
    assert sorted(cat.classes) == sorted(CLASSES)
    for cls in cat.classes.values():
        deck = Deck(cls.name, "out-of-the-box", cls.id, cls.actions, cls.items)
        validate(deck, cls.id)
        assert len(cls.actions) == 30
        assert shared_level(cls.actions, "max") == 7  # each has one level-7 card
        for name in {*cls.actions, *cls.items}:
            card = cat.cards[name]
            assert card.provenance == "original" and card.klass == cls.id
    official = {c.name: c.official for c in cat.cards.values() if c.official}
    assert {"Decapitate", "Transfusion Dregga", "Snake Bite", "Thy Will Be Done"} <= set(official)
    decapitate = cat.cards["Decapitate"]
    assert (decapitate.power, decapitate.focus) == (10, 5)


def test_a_malformed_card_is_one_line_naming_the_file_card_and_field() -> None:
    with pytest.raises(DataError, match=r"x.toml: action 'Bad': unknown field\(s\) \['colour'\]"):
        _card({"name": "Bad", "types": "Physical Attack", "colour": "red"}, "action", "c", "x.toml")
    with pytest.raises(DataError, match=r"x\.toml: action 'Bad': types 'Sneaky Attack'"):
        _card({"name": "Bad", "types": "Sneaky Attack"}, "action", "c", "x.toml")
    with pytest.raises(DataError, match="rules needs a text in our own words"):
        _card(
            {"name": "Bad", "types": "Physical Attack", "rules": "keyword('fast')"},
            "action",
            "c",
            "x",
        )
    with pytest.raises(DataError, match="an official card needs its source"):
        _card(
            {"name": "Bad", "types": "Physical Attack", "provenance": "official"},
            "action",
            "c",
            "x",
        )
    official = _card(
        {
            "name": "Fevered Upstroke",
            "types": "Physical Attack",
            "cost": 3,
            "power": 3,
            "focus": 3,
            "provenance": "official",
            "source": "publisher's Dragon Knight page",
        },
        "action",
        "dragon-knight",
        "x.toml",
    )
    assert official.provenance == "official" and (official.power, official.focus) == (3, 3)
    with pytest.raises(DataError, match="copies must be 1 to 3"):
        _card({"name": "Bad", "types": "Physical Attack", "copies": 4}, "action", "c", "x")
    assert parse_types("Physical Magical Attack - Dexterity Vampiric", "x") == (
        ("Physical", "Magical", "Attack"),
        ("Dexterity", "Vampiric"),
    )


def test_every_rule_the_code_cites_exists() -> None:
    g = game()
    cited: set[str] = set()
    for path in PACKAGE.glob("*.py"):
        cited |= set(re.findall(r'(?<!tag=)"(va\.[a-z_.]+)"', path.read_text(encoding="utf-8")))
    missing = sorted(r for r in cited if r not in g.rules and not r.endswith("."))
    assert not missing, missing
    for card in catalogue().cards.values():
        if card.text and card.kind in ("action", "item"):
            assert card.rule in g.rules


# ------------------------------------------------------------------------------ deck building
def _deck_file(tmp_path: Path, actions: list[str], items: list[str], **extra: Any) -> Path:
    body = ['game = "varia"', 'name = "Test"']
    body += [f"{k} = {v!r}".replace("'", '"') for k, v in extra.items()]
    body.append("items = [" + ", ".join(f'"{i}"' for i in items) + "]")
    body.append("actions = [" + ", ".join(f'"{a}"' for a in actions) + "]")
    path = tmp_path / "deck.toml"
    path.write_text("\n".join(body) + "\n", encoding="utf-8")
    return path


def test_level_constructed_rules(tmp_path: Path) -> None:
    ten = ["Cleave x3", "Charge x3", "Obsidian Guard x3", "Blood Boil x3", "Smite x3"]
    ten += [
        "Shield of Faith x3",
        "Steadfast x3",
        "Righteous Advance x3",
        "Parry x3",
        "Quick Stab x3",
    ]
    deck = load_deck_file(_deck_file(tmp_path, ten, ["Bowie Knife", "Aegis of Dawn"]))
    assert (
        len(deck.actions) == 30 and shared_level(deck.actions) == 3
    )  # aggression 1 + faith 1 + subtlety 1
    with pytest.raises(DataError, match=r"4 copies of 'Cleave'.*va.deck.copies"):
        load_deck_file(_deck_file(tmp_path, ["Cleave x4", *ten[1:-1], "Quick Stab x2"], []))
    with pytest.raises(DataError, match=r"29 action cards.*va.deck.size"):
        load_deck_file(_deck_file(tmp_path, [*ten[:-1], "Quick Stab x2"], []))
    items = ["Molten Ravager", "Oathhammer", "Ashen Flask", "Bowie Knife"]
    with pytest.raises(DataError, match=r"items worth 40 gold.*va.deck.items"):
        load_deck_file(_deck_file(tmp_path, ten, items))
    high = ["Decapitate", "Thy Will Be Done", *ten[:-1], "Quick Stab"]
    with pytest.raises(DataError, match=r"shared level 15 \(aggression 7, faith 7, subtlety 1\)"):
        load_deck_file(_deck_file(tmp_path, high, []))
    assert shared_level(tuple(["Decapitate", "Thy Will Be Done"]), "max") == 7
    with pytest.raises(DataError, match="unknown Varia card 'Fireball'"):
        load_deck_file(_deck_file(tmp_path, ["Fireball x30"], []))


def test_an_out_of_the_box_deck_file_names_its_class(tmp_path: Path) -> None:
    path = _deck_file(tmp_path, [], [], format="out-of-the-box", **{"class": "mystic-monk"})
    deck = load_deck_file(path)
    assert (
        deck.klass == "mystic-monk" and len(deck.actions) == 30 and "Two-Faced Terbum" in deck.items
    )


def test_bad_options_are_one_line_errors() -> None:
    g = game()
    with pytest.raises(ConfigError, match="fatigue"):
        g.new_state({"fatigue": "sleepy"})
    with pytest.raises(DataError, match="neither a class"):
        g.new_state({"decks": ["bard", "mystic-monk"]})
    with pytest.raises(ConfigError, match="'health' must be a whole number of at least 1"):
        g.new_state({"health": 0})


# ------------------------------------------------------------------------------ the game
def test_set_up_and_the_first_turn() -> None:
    g = game()
    s = g.new_state({"first_player": 1}, seed=5)
    assert isinstance(s, VariaState)
    assert s.health == [30, 30] and s.ap == [10, 10] and not s.engaged and s.active == 1
    assert [len(s.zones[f"hand:{i}"]) for i in (0, 1)] == [6, 6]
    assert [len(s.zones[f"deck:{i}"]) for i in (0, 1)] == [24, 24]
    assert s.decision is not None and (s.decision.seat, s.decision.kind) == (1, "move")
    rolled = g.new_state({}, seed=5)
    assert any(e.rule == "va.setup.first" for e in rolled.log)


def test_both_below_zero_with_higher_health_lets_the_healthier_win() -> None:
    g = game()
    s = g.new_state({"simultaneous_loss": "higher_health"}, seed=1)
    assert isinstance(s, VariaState)
    s.health = [-8, -5]
    assert g.check_loss(s)
    assert s.result is not None and s.result.winners == [1] and s.result.rule == "va.win.both"
    d = g.new_state({}, seed=1)
    assert isinstance(d, VariaState)
    d.health = [-8, -5]
    assert g.check_loss(d) and d.result is not None and d.result.winners == []


def _play(config: dict[str, Any], seed: int, agents: tuple[str, str]) -> list[int]:
    g = game()
    s = g.new_state(config, seed, log=False)
    players = [make_agent(a, "varia", seed * 7 + i) for i, a in enumerate(agents)]
    while s.decision is not None:
        g.apply(s, players[s.decision.seat].choose(g, s, s.decision.seat))
    assert s.result is not None
    return s.result.winners


def test_the_heuristic_beats_random_clearly() -> None:
    wins = games = 0
    for i in range(16):
        decks = [CLASSES[i % 4], CLASSES[(i // 4) % 4]]
        for seat in (0, 1):
            agents = ("heuristic", "random") if seat == 0 else ("random", "heuristic")
            wins += _play({"decks": decks}, i, agents) == [seat]
            games += 1
    assert wins >= 0.85 * games, f"{wins} of {games}"


def _pairings(games: int) -> list[Any]:
    return [pytest.param(a, b, games, id=f"{a}-{b}") for a in CLASSES for b in CLASSES]


@pytest.mark.parametrize(("a", "b", "games"), _pairings(2))
def test_every_class_pairing_plays(a: str, b: str, games: int) -> None:
    for seed in range(games):
        _play({"decks": [a, b]}, seed, ("heuristic", "random"))
        _play({"decks": [a, b], "fatigue": "lasting"}, seed, ("random", "heuristic"))


@pytest.mark.slow
@pytest.mark.parametrize(("a", "b", "games"), _pairings(125))
def test_every_class_pairing_plays_many_games(a: str, b: str, games: int) -> None:
    for seed in range(100, 100 + games):
        _play({"decks": [a, b]}, seed, ("heuristic", "heuristic"))
        _play({"decks": [a, b]}, seed, ("random", "random"))


# ------------------------------------------------------------------------------ the log's data
@pytest.mark.parametrize(
    ("count", "sides", "advantage", "fixed", "first", "forced", "data"),
    [
        # 003 Making A Roll's impaired 2d6: both tries shown, the lower (the first) kept
        (2, 6, -1, None, False, [2, 3, 5, 5], ([[3, 4], [6, 6]], 0, "impaired", 7)),
        (1, 6, 1, None, False, [0, 4], ([[1], [5]], 1, "improved", 5)),
        (1, 4, 1, None, False, [2, 2], ([[3], [3]], 0, "improved", 3)),  # a tie: the first
        (3, 4, 0, None, False, [0, 1, 3], ([[1, 2, 4]], 0, "", 7)),
        (2, 6, 1, 3, False, [], ([[3, 3]], 0, "improved", 6)),  # every die counts 3, unrolled
        (1, 6, 1, 4, True, [1, 4], ([[2], [5]], 1, "improved", 4)),  # rolled, then counts 4
    ],
)
def test_a_roll_event_carries_the_dice_as_data(
    count: int,
    sides: int,
    advantage: int,
    fixed: int | None,
    first: bool,
    forced: list[int],
    data: tuple[list[list[int]], int, str, int],
) -> None:
    """What a client shows of a roll is in its event's data, not only in its words: what is
    rolled, the dice, every try's faces, the try kept, the advantage, a fixed face, the total."""
    g = game()
    s = g.new_state({}, seed=1)
    s.forced = list(forced)
    g.roll(s, 1, count, sides, advantage, "power for Smite", "va.roll", fixed, first, about="power")
    event = s.log[-1]
    tries, kept, how, total = data
    assert event.kind == "roll" and event.data == {
        "chance": True,
        "roll": "power",
        "count": count,
        "sides": sides,
        "tries": tries,
        "kept": kept,
        "advantage": how,
        "fixed": fixed,
        "total": total,
    }
    shown = " / ".join("+".join(map(str, t)) for t in tries)
    assert event.text.startswith(f"Player 2 rolls power for Smite {count}d{sides}: {shown}")
    assert event.text.endswith(f": {total}")


def test_the_clash_events_carry_what_the_board_reads() -> None:
    """In played games every roll's data agrees with its words and the totals logged after
    it; each moment, performed action and total carries its numbers and names as data."""
    g = game()
    rolls = 0
    for seed in (3, 4):
        s = g.new_state({"decks": [CLASSES[seed % 4], CLASSES[(seed + 1) % 4]]}, seed)
        players = [make_agent("random", "varia", seed * 7 + i) for i in (0, 1)]
        while s.decision is not None:
            g.apply(s, players[s.decision.seat].choose(g, s, s.decision.seat))
        for i, e in enumerate(s.log):
            d = e.data
            if e.kind == "moment":
                assert e.text == f"Moment {d['moment']} of {d['of']}"
            elif e.kind == "perform":
                assert f" performs {d['name']} (" in e.text
            elif e.kind == "totals":
                assert e.text.startswith(
                    f"{d['name']}: total power {d['power']} ({d['power_of']}), "
                    f"total focus {d['focus']} ({d['focus_of']})"
                )
            elif e.kind == "roll" and e.rule == "va.roll":
                rolls += 1
                assert d["roll"] in ("power", "focus") and e.text.endswith(f": {d['total']}")
                kept = d["tries"][d["kept"]]
                assert len(kept) == d["count"] and all(1 <= f <= d["sides"] for f in kept)
                if d["fixed"] is None:
                    assert sum(kept) == d["total"]
                else:
                    assert d["total"] == d["fixed"] * d["count"]
                totals = next(t for t in s.log[i:] if t.kind == "totals" and t.seat == e.seat)
                assert f"{d['count']}d{d['sides']}" in totals.data[f"{d['roll']}_of"]
    assert rolls > 20
