"""Smash Up card data: counts, invariants, the errata card set and error messages."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from cardwright.core.errors import ConfigError
from cardwright.games.smash_up.carddata import (
    BASES_FILE,
    CARD_SET_CHOICES,
    CARD_SETS,
    DEFAULT_CARD_SET,
    FACTIONS_DIR,
    BaseDef,
    CardDataError,
    CardOverrides,
    Faction,
    load_bases,
    load_faction,
    load_factions,
    load_file,
    load_madness,
)

SEVENTIES = {"disco_dancers", "kung_fu_fighters", "truckers", "vigilantes"}
CORE = {"aliens", "dinosaurs", "ninjas", "pirates", "robots", "tricksters", "wizards", "zombies"}
AL9000 = {"bear_cavalry", "ghosts", "killer_plants", "steampunks"}
CTHULHU = {"elder_things", "innsmouth", "minions_of_cthulhu", "miskatonic_university"}
PRETTY = {"fairies", "kitty_cats", "mythic_horses", "princesses"}
SFDF = {"cyborg_apes", "shapeshifters", "super_spies", "time_travelers"}
MONSTER_SMASH = {"giant_ants", "mad_scientists", "vampires", "werewolves"}
#: the factions of each set, and how many bases it brings
SETS = {
    "core": (CORE, 16),
    "70s": (SEVENTIES, 8),
    "al9000": (AL9000, 8),
    "cthulhu": (CTHULHU, 8),
    "pretty": (PRETTY, 8),
    "sfdf": (SFDF, 8),
    "monster_smash": (MONSTER_SMASH, 8),
}
ERRATA_FILE = FACTIONS_DIR / "70s-errata.toml"


def _overridden_ids() -> set[str]:
    with ERRATA_FILE.open("rb") as handle:
        return {entry["id"] for entry in tomllib.load(handle)["overrides"]}


# --------------------------------------------------------------------------- counts


@pytest.mark.parametrize("card_set", list(CARD_SETS))
def test_every_faction_has_20_cards(card_set: str) -> None:
    for faction in load_factions(card_set).values():
        assert sum(card.copies for card in faction.cards) == 20, faction.id
        assert len(faction.deck()) == 20


def test_faction_and_base_counts() -> None:
    factions = load_factions()
    assert set(factions) == set().union(*(fids for fids, _ in SETS.values()))
    bases = load_bases()
    assert len(bases) == sum(n for _, n in SETS.values())
    for set_id, (fids, n) in SETS.items():
        assert {fid for fid, f in factions.items() if f.set == set_id} == fids, set_id
        assert sum(base.set == set_id for base in bases.values()) == n, set_id
    # every faction brings exactly two bases
    for fid in factions:
        assert sum(base.faction == fid for base in bases.values()) == 2, fid


def test_minion_power_totals_match_research() -> None:
    # smashup-core.md §10 states these totals; the '70s ones follow from §A2; those of
    # Awesome Level 9000 and the Cthulhu set from the catalogue's current printing.
    expected = {
        "bear_cavalry": 35,
        "ghosts": 28,
        "killer_plants": 28,
        "steampunks": 30,
        "elder_things": 39,
        "innsmouth": 20,
        "minions_of_cthulhu": 22,
        "miskatonic_university": 30,
        "aliens": 28,
        "dinosaurs": 32,
        "ninjas": 30,
        "pirates": 30,
        "robots": 38,
        "tricksters": 30,
        "wizards": 24,
        "zombies": 27,
        "disco_dancers": 30,
        "kung_fu_fighters": 30,
        "truckers": 30,
        "vigilantes": 28,
    }
    for fid, faction in load_factions().items():
        if fid not in expected:
            continue  # (the later sets: tests/smash_up/test_sfdf_monster_smash.py)
        total = sum((card.power or 0) * card.copies for card in faction.minions)
        assert total == expected[fid], fid


def test_minion_and_action_split() -> None:
    factions = load_factions()
    for fid, faction in factions.items():
        minions = sum(card.copies for card in faction.minions)
        # (Vampires' two Wolf Pacts are fusion cards: minions that may be played as actions)
        expected = {
            "robots": 18,
            "vigilantes": 7,
            "minions_of_cthulhu": 8,
            "vampires": 11,
            "princesses": 6,
        }.get(fid, 10)
        assert minions == expected, fid


# --------------------------------------------------------------------------- invariants


@pytest.mark.parametrize("card_set", list(CARD_SETS))
def test_ids_unique(card_set: str) -> None:
    ids = [card.id for f in load_factions(card_set).values() for card in f.cards]
    assert len(ids) == len(set(ids))
    for faction in load_factions(card_set).values():
        names = [card.name for card in faction.cards]
        assert len(names) == len(set(names)), faction.id
        assert all(card.id.startswith(f"{faction.id}/") for card in faction.cards)
        assert all(card.faction == faction.id for card in faction.cards)
    bases = load_bases()
    assert all(key == base.id for key, base in bases.items())
    assert len({base.name for base in bases.values()}) == len(bases)


@pytest.mark.parametrize("card_set", list(CARD_SETS))
def test_minions_have_power_actions_do_not(card_set: str) -> None:
    for faction in load_factions(card_set).values():
        for card in faction.cards:
            if card.type == "minion":
                assert card.power is not None and card.power >= 0, card.id
                assert not {"play_on_base", "play_on_minion"} & set(card.subtypes), card.id
            else:
                assert card.power is None, card.id


def test_abilities_and_timings() -> None:
    for faction in load_factions().values():
        for card in faction.cards:
            assert card.text.strip()
            if card.ability is None:
                assert card.id == "dinosaurs/king_rex"
    for base in load_bases().values():
        assert (base.ability is None) == (base.timing == ()), base.id
        assert base.breakpoint > 0
    assert load_bases()["jungle_oasis"].ability is None


def test_load_faction_by_name_and_id() -> None:
    assert load_faction("Disco Dancers") is load_faction("disco_dancers")
    assert load_faction("kung fu fighters").id == "kung_fu_fighters"
    assert load_faction("WIZARDS").set == "core"
    with pytest.raises(ConfigError, match="unknown Smash Up faction 'Elves'"):
        load_faction("Elves")
    with pytest.raises(ConfigError, match="unknown Smash Up card set"):
        load_factions("70s-2025")


def test_loaders_are_cached_but_return_fresh_dicts() -> None:
    first, second = load_factions(), load_factions()
    assert first is not second
    assert first["truckers"] is second["truckers"]
    count = len(first)
    first.clear()
    assert len(load_factions()) == count
    assert load_bases()["tar_pits"] is load_bases()["tar_pits"]


def test_models_are_frozen() -> None:
    card = load_faction("truckers").card("convoy")
    with pytest.raises(ValueError):
        card.copies = 3


# --------------------------------------------------------------------------- card sets


def test_default_set_is_2018_printing() -> None:
    assert DEFAULT_CARD_SET == "70s-2018"
    vigilantes = load_faction("vigilantes")
    # research "Version A": Tough It Out x2, Scared Straight x1, Death Wisher and Street Justice
    # are Ongoing (as the rulebook's clarifications assume)
    assert vigilantes.card("tough_it_out").copies == 2
    assert vigilantes.card("scared_straight").copies == 1
    assert vigilantes.card("death_wisher").subtypes == ("ongoing",)
    assert "ongoing" in vigilantes.card("street_justice").subtypes
    # rulebook examples: Get Down Tonight draws one card; Roller gets one counter
    disco = load_faction("disco_dancers")
    assert disco.card("get_down_tonight").rule == "su.card.plus2_then_draw_one"
    assert "draw(1)" in str(disco.card("get_down_tonight").ability)
    assert disco.card("roller").rule == "su.card.counter_when_directly_affected_by_standard_action"
    assert "counters(self, 1)" in str(disco.card("roller").ability)


def test_errata_set_differs_exactly_in_overridden_cards() -> None:
    default = load_factions("70s-2018")
    errata = load_factions("70s-errata")
    assert set(default) == set(errata)
    changed: set[str] = set()
    for fid in default:
        before = {card.id: card for card in default[fid].cards}
        after = {card.id: card for card in errata[fid].cards}
        assert set(before) == set(after), fid
        assert [c.id for c in default[fid].cards] == [c.id for c in errata[fid].cards]
        changed |= {cid for cid in before if before[cid] != after[cid]}
    overridden = _overridden_ids()
    assert changed == overridden
    assert all(cid.split("/")[0] in SEVENTIES for cid in overridden)
    # each changed card says how the other printing differs, in both sets
    for cid in overridden:
        fid = cid.split("/")[0]
        assert default[fid].card(cid).errata
        assert errata[fid].card(cid).errata
    # core factions are identical in both sets
    for fid in CORE:
        assert default[fid] == errata[fid]


def test_errata_overrides_keep_unlisted_fields() -> None:
    before = load_faction("vigilantes").card("tough_it_out")
    after = load_faction("vigilantes", card_set="70s-errata").card("tough_it_out")
    assert (before.copies, after.copies) == (2, 1)
    assert after.name == before.name and after.subtypes == before.subtypes
    assert load_faction("vigilantes", "70s-errata").card("scared_straight").copies == 2


def test_load_file_kinds() -> None:
    assert isinstance(load_file(FACTIONS_DIR / "robots.toml"), Faction)
    assert isinstance(load_file(ERRATA_FILE), CardOverrides)
    bases = load_file(BASES_FILE)
    assert isinstance(bases, dict)
    assert all(isinstance(base, BaseDef) for base in bases.values())


# --------------------------------------------------------------------------- error messages


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _faction_with(tmp_path: Path, old: str, new: str) -> Path:
    source = (FACTIONS_DIR / "disco_dancers.toml").read_text(encoding="utf-8")
    assert old in source
    return _write(tmp_path, "disco_dancers.toml", source.replace(old, new, 1))


def _error(path: Path) -> str:
    with pytest.raises(CardDataError) as info:
        load_file(path)
    message = str(info.value)
    assert "\n" not in message
    assert isinstance(info.value, ValueError)
    return message


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        (
            'name = "Diva"\ntype = "minion"\npower = 3',
            'name = "Diva"\ntype = "minion"\npower = -1',
            "disco_dancers.toml: card \"Diva\": field 'power': must be >= 0",
        ),
        (
            'name = "Diva"\ntype = "minion"\npower = 3\n',
            'name = "Diva"\ntype = "minion"\n',
            "disco_dancers.toml: card \"Diva\": field 'power': a minion needs a power",
        ),
        (
            'name = "Celebration"\ntype = "action"\n',
            'name = "Celebration"\ntype = "action"\npower = 2\n',
            "disco_dancers.toml: card \"Celebration\": field 'power': an action has no power",
        ),
        (
            'name = "Diva"\ntype = "minion"\npower = 3',
            'name = "Diva"\ntype = "minion"\npower = "3"',
            "disco_dancers.toml: card \"Diva\": field 'power': must be an integer",
        ),
        (
            'name = "Roller"\ntype = "minion"',
            'name = "Roller"\ntype = "minon"',
            "disco_dancers.toml: card \"Roller\": field 'type': must be one of",
        ),
        (
            'subtypes = ["play_on_minion", "ongoing"]',
            'subtypes = ["play_on_minion", "ongoin"]',
            "disco_dancers.toml: card \"We Are Family\": field 'subtypes[1]': must be one of",
        ),
        (
            "ability = \"seq(extra('action'), extra('action'))\"",
            'ability = "  "',
            "disco_dancers.toml: card \"Celebration\": field 'ability': must not be blank",
        ),
        (
            'name = "Diva"\n',
            'name = "Diva"\ncolour = "gold"\n',
            "disco_dancers.toml: card \"Diva\": field 'colour': is not a known field",
        ),
        (
            'provenance = "rulebook:000 §Clarifications; rulebook:000 §Examples; research',
            'provenance = "my memory; rulebook:000 §Examples; research',
            "disco_dancers.toml: card \"Diva\": field 'provenance': 'my memory' should read",
        ),
        (
            'id = "disco_dancers/diva"',
            'id = "truckers/diva"',
            "disco_dancers.toml: card \"Diva\": field 'id': must start with 'disco_dancers/'",
        ),
        (
            'name = "Roller"\ntype = "minion"\npower = 2\ncopies = 4',
            'name = "Roller"\ntype = "minion"\npower = 2\ncopies = 3',
            "disco_dancers.toml: faction \"Disco Dancers\": field 'cards': "
            "copies add up to 19, expected 20",
        ),
        (
            'id = "disco_dancers/diva"',
            'id = "disco_dancers/roller"',
            "disco_dancers.toml: faction \"Disco Dancers\": field 'cards': "
            "card id 'disco_dancers/roller' appears twice",
        ),
        (
            'set = "70s"',
            'set = "80s"',
            "disco_dancers.toml: faction: field 'set': must be one of",
        ),
        (
            'subtypes = ["play_on_minion", "ongoing"]',
            'subtypes = ["play_on_minion", "ongoing"]\nattach_to = "mine"',
            "disco_dancers.toml: card \"We Are Family\": field 'attach_to': must be one of",
        ),
        (
            'name = "Celebration"\ntype = "action"\n',
            'name = "Celebration"\ntype = "action"\nattach_to = "own"\n',
            "disco_dancers.toml: card \"Celebration\": field 'attach_to': only an action played "
            "on a minion",
        ),
    ],
)
def test_malformed_faction_file(tmp_path: Path, old: str, new: str, expected: str) -> None:
    message = _error(_faction_with(tmp_path, old, new))
    assert message.startswith(expected), message


def test_duplicate_key_in_card_is_reported(tmp_path: Path) -> None:
    # TOML itself rejects a repeated key; the message still names the file, on one line
    message = _error(_faction_with(tmp_path, 'name = "Diva"\n', 'name = "Diva"\nname = "Diva 2"\n'))
    assert (
        message.endswith(("Cannot overwrite a value (at line 38, column 16)",))
        and "disco_dancers.toml: not valid TOML:" in message
    ), message


def test_malformed_bases_file(tmp_path: Path) -> None:
    source = BASES_FILE.read_text(encoding="utf-8")
    path = _write(tmp_path, "bases.toml", source.replace("breakpoint = 16", "breakpoint = -16"))
    assert _error(path) == "bases.toml: base \"Tar Pits\": field 'breakpoint': must be >= 0"
    path = _write(tmp_path, "bases.toml", source.replace("vp = [4, 3, 2]", "vp = [4, 3]", 1))
    assert _error(path).startswith('bases.toml: base "Funky Town": field \'vp')
    path = _write(tmp_path, "bases.toml", source.replace('timing = ["ongoing"]', "timing = []", 1))
    assert _error(path).startswith("bases.toml: base \"Back Alley\": field 'timing': ")


def test_malformed_overrides(tmp_path: Path) -> None:
    bad_id = _write(
        tmp_path,
        "70s-errata.toml",
        'card_set = "70s-errata"\nbased_on = "70s-2018"\n'
        '[[overrides]]\nid = "disco_dancers/rollerz"\ncopies = 5\n',
    )
    # an unknown card id is only found when the overrides are applied (see below)
    assert isinstance(load_file(bad_id), CardOverrides)
    bad_field = _write(
        tmp_path,
        "70s-errata.toml",
        'card_set = "70s-errata"\nbased_on = "70s-2018"\n'
        '[[overrides]]\nid = "disco_dancers/roller"\nfaction = "truckers"\n',
    )
    assert _error(bad_field) == (
        "70s-errata.toml: card \"disco_dancers/roller\": field 'faction': cannot be overridden"
    )


def test_override_application_errors(tmp_path: Path) -> None:
    from cardwright.games.smash_up import carddata

    def apply(text: str) -> str:
        path = _write(tmp_path, "70s-errata.toml", text)
        overrides = load_file(path)
        assert isinstance(overrides, CardOverrides)
        with pytest.raises(CardDataError) as info:
            carddata._apply_overrides(load_factions(), overrides)
        return str(info.value)

    head = 'card_set = "70s-errata"\nbased_on = "70s-2018"\n[[overrides]]\n'
    assert apply(head + 'id = "disco_dancers/rollerz"\ncopies = 5\n') == (
        "70s-errata.toml: card \"disco_dancers/rollerz\": field 'id': "
        "no card 'disco_dancers/rollerz' in 70s-2018"
    )
    assert apply(head + 'id = "disco_dancers/roller"\npower = -2\n') == (
        "70s-errata.toml: card \"disco_dancers/roller\": field 'power': must be >= 0"
    )
    assert apply(head + 'id = "disco_dancers/roller"\ncopies = 5\n') == (
        "70s-errata.toml: faction \"Disco Dancers\": field 'cards': "
        "copies add up to 21, expected 20"
    )
    assert apply(head + 'id = "disco_dancers/roller"\ncopies = 4\n') == (
        "70s-errata.toml: card \"disco_dancers/roller\": field 'id': override changes nothing"
    )


def test_unknown_file_kind(tmp_path: Path) -> None:
    path = _write(tmp_path, "odd.toml", 'title = "nothing here"\n')
    assert _error(path).startswith("odd.toml: not a faction, bases, overrides or Madness file")
    assert "missing.toml: cannot read card data" in _error(tmp_path / "missing.toml")


# --------------------------------------------------------------------------- later sets


FIRST = FACTIONS_DIR / "al9000-cthulhu-first.toml"


def test_later_sets_name_the_catalogue_page_of_each_card() -> None:
    wiki = "catalogue:https://smashup-rulebook.alderac.com/wiki/"
    for faction in load_factions().values():
        if faction.set not in ("al9000", "cthulhu"):
            continue
        page = wiki + faction.name.replace(" ", "_")
        for card in faction.cards:
            assert page in card.provenance.split("; "), card.id
    for base in load_bases().values():
        if base.set in ("al9000", "cthulhu"):
            assert base.provenance.startswith(wiki), base.id


def test_first_printing_set_differs_exactly_in_its_overrides() -> None:
    with FIRST.open("rb") as handle:
        overridden = {entry["id"] for entry in tomllib.load(handle)["overrides"]}
    default, first = load_factions(), load_factions("al9000-cthulhu-first")
    changed = {
        card.id
        for fid in default
        for card, other in zip(default[fid].cards, first[fid].cards, strict=True)
        if card != other
    }
    assert changed == overridden
    assert all(load_factions()[cid.split("/")[0]].set in ("al9000", "cthulhu") for cid in changed)
    assert first["killer_plants"].card("weed_eater").power == 5
    assert default["killer_plants"].card("weed_eater").power == 3


def test_card_sets_combine_when_they_change_other_cards() -> None:
    both = load_factions("70s-errata+al9000-cthulhu-first")
    errata, first = load_factions("70s-errata"), load_factions("al9000-cthulhu-first")
    for fid, faction in both.items():
        expected = first[fid] if faction.set in ("al9000", "cthulhu") else errata[fid]
        assert faction == expected, fid
    assert "70s-errata+al9000-cthulhu-first" in CARD_SET_CHOICES
    with pytest.raises(ConfigError, match="unknown Smash Up card set"):
        load_factions("al9000-cthulhu-first+70s-errata")


def test_the_madness_card() -> None:
    madness = load_madness()
    assert (madness.id, madness.name, madness.type, madness.copies) == (
        "madness/madness",
        "Madness",
        "action",
        30,
    )
    assert madness.is_standard_action
