"""Smash Up loads a faction's cards, a set's bases and their abilities when a game first
needs them (``SmashUp.catalog``): what a game loads, that a state made elsewhere loads its own,
that a catalog of some parts shows a game what the whole one shows it, and that the windows
Specials answer do not depend on what is loaded."""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from cardwright.core.state import from_json, state_hash, to_json
from cardwright.games.smash_up.abilities import (
    MADNESS_PART,
    SpecialHook,
    all_parts,
    base_part,
    build_registry,
    special_windows,
)
from cardwright.games.smash_up.catalog import Catalog, game_defns
from cardwright.games.smash_up.game import SmashUp

DEALT = [["innsmouth", "ghosts"], ["vampires", "fairies"]]


def _play(game: SmashUp, state: Any, seed: int, n: int) -> list[str]:
    """``n`` random choices (or until the game ends), the state's hash after each."""
    rng = random.Random(seed)
    hashes = []
    for _ in range(n):
        if state.decision is None:
            break
        game.apply(state, rng.choice(state.decision.options).id)
        hashes.append(state_hash(state))
    return hashes


def test_a_game_loads_only_its_factions_and_the_bases_of_their_sets() -> None:
    game = SmashUp()
    assert game.parts == {MADNESS_PART} and not game.catalogs
    game.new_state({"players": 2}, 0, log=False)
    wanted = {"dinosaurs", "wizards", "ninjas", "kung_fu_fighters", MADNESS_PART}
    wanted |= {base_part("core"), base_part("70s")}  # (Kung Fu Fighters: That '70s Expansion)
    assert game.parts == wanted
    cat = game.catalogs["70s-2018"]
    assert cat.parts == wanted and set(cat.factions) == {"dinosaurs", "wizards", "ninjas"} | {
        "kung_fu_fighters"
    }
    assert {b.set for b in cat.bases.values()} == {"core", "70s"}
    loaded = set(game.registry.abilities)
    assert "ninjas/shinobi" in loaded and not any(a.startswith("ghosts/") for a in loaded)
    before = game.catalogs["70s-2018"]
    game.new_state({"players": 2, "factions": DEALT}, 1, log=False)
    grown = game.catalogs["70s-2018"]
    assert grown is not before and grown.parts > before.parts  # (a new one, published whole)
    assert {"innsmouth", base_part("cthulhu"), base_part("monster_smash")} <= grown.parts


def test_a_state_made_elsewhere_loads_its_parts_and_plays_the_same() -> None:
    game = SmashUp()
    state = game.new_state({"players": 2, "factions": DEALT}, 3, log=False)
    _play(game, state, 3, 40)
    data = to_json(state)
    fresh = SmashUp()  # (nothing loaded but the Madness card)
    copy = from_json(fresh.state_cls, data)
    assert _play(fresh, copy, 9, 60) == _play(game, state, 9, 60)
    assert {"innsmouth", "ghosts", "vampires", "fairies"} <= fresh.parts


def test_a_catalog_of_some_parts_shows_a_game_what_the_whole_one_shows() -> None:
    game = SmashUp()
    state = game.new_state({"players": 2, "factions": DEALT}, 5, log=False)
    present = game_defns(state.cards.values())
    some = game.catalogs["70s-2018"].for_game(present)
    sets = {"core", "cthulhu", "al9000", "monster_smash", "pretty"}  # (the factions', core)
    whole = Catalog("70s-2018").for_game(present)
    assert set(whole.parts) == set(all_parts())
    held = set(some.cards) | set(some.bases)  # (what the parts loaded hold)
    by_defn = ("abilities", "spec", "cards", "is_minion", "printed", "label", "power_among")
    for slot in Catalog.__slots__:
        mine: Any = getattr(some, slot)
        theirs: Any = getattr(whole, slot)
        if slot in ("parts", "known", "games", "factions", "bases"):
            continue
        if slot == "kinds_of":
            mine = {d: set(k) for d, k in mine.items()}
            theirs = {d: set(k) for d, k in theirs.items()}
        if slot in by_defn or slot == "kinds_of":
            theirs = {k: v for k, v in theirs.items() if k in held}
        elif slot == "by_name":
            theirs = {k: v for k, v in theirs.items() if v in held}
        elif isinstance(theirs, (set, frozenset)) and slot != "kind_sets":
            theirs = {d for d in theirs if d in held}
        assert mine == theirs, slot
    assert set(some.bases) == {b for b, base in whole.bases.items() if base.set in sets}


def test_special_windows_are_every_special_s_whatever_is_loaded() -> None:
    windows = {
        w
        for ability in build_registry().abilities.values()
        if isinstance(ability.hooks.get("special"), SpecialHook)
        for w in ability.hooks["special"].windows
    }
    assert special_windows() == windows
    assert SmashUp().special_windows == windows


def test_games_started_at_once_in_threads_play_as_one_after_another() -> None:
    configs = [
        {"players": 2, "factions": DEALT},
        {"players": 2, "factions": [["kitty_cats", "aliens"], ["robots", "werewolves"]]},
        {"players": 3},
        {"players": 2, "factions": [["princesses", "ninjas"], ["giant_ants", "steampunks"]]},
    ]

    def run(game: SmashUp, i: int) -> list[str]:
        state = game.new_state(configs[i], i, log=False)
        return _play(game, state, i, 30)

    alone = [run(SmashUp(), i) for i in range(len(configs))]
    shared = SmashUp()
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(lambda i: run(shared, i), range(len(configs))))
    assert together == alone
