"""Science Fiction Double Feature and Monster Smash: the facts of every card and base are the
card catalogue's (names, counts, powers, breakpoints, VP: copied from the official rulebook
wiki pages it gives as each card's provenance), every card has its ability as data, and the
first-printing card set changes only what it says it changes."""

from __future__ import annotations

from cardwright.games.smash_up.abilities import card_abilities
from cardwright.games.smash_up.carddata import load_bases, load_factions

SETS = {
    "sfdf": ("cyborg_apes", "shapeshifters", "super_spies", "time_travelers"),
    "monster_smash": ("giant_ants", "mad_scientists", "vampires", "werewolves"),
}
WIKI = "catalogue:https://smashup-rulebook.alderac.com/wiki/"

# (name, kind, copies, power): the catalogue's, titans left out ("Power 0" and Wolf Pact's
# "Power 2" are read from its text, where its power field is empty)
CARDS = {
    "cyborg_apes": [
        ("Cyberback", "minion", 1, 5),
        ("Clyde 2.0", "minion", 2, 4),
        ("Baboom", "minion", 3, 3),
        ("Furious George", "minion", 4, 2),
        ("Cyberevolution", "action", 2, None),
        ("Flying Monkey", "action", 1, None),
        ("Going Bananas", "action", 1, None),
        ("Juiced Up", "action", 1, None),
        ("Missing Uplink", "action", 1, None),
        ("Monkey on Your Back", "action", 1, None),
        ("Monkey See, Monkey Do", "action", 1, None),
        ("Shielding", "action", 2, None),
    ],
    "giant_ants": [
        ("Killer Queen", "minion", 1, 4),
        ("Drone", "minion", 2, 3),
        ("Soldier", "minion", 3, 3),
        ("Worker", "minion", 4, 0),
        ("A Kind of Magic", "action", 1, None),
        ("Gimme the Prize", "action", 2, None),
        ("Headlong", "action", 1, None),
        ("The Show Must Go On", "action", 1, None),
        ("Under Pressure", "action", 1, None),
        ("We Are the Champions", "action", 1, None),
        ("We Will Rock You", "action", 2, None),
        ("Who Wants to Live Forever?", "action", 1, None),
    ],
    "mad_scientists": [
        ("Herr Doktor", "minion", 1, 5),
        ("The Monster", "minion", 2, 4),
        ("Lab Assistant", "minion", 3, 3),
        ("Igor", "minion", 4, 2),
        ("Angry Mob", "action", 1, None),
        ("Blitzed", "action", 1, None),
        ("Body Shop", "action", 1, None),
        ("German Engineering", "action", 1, None),
        ("Grave Situation", "action", 1, None),
        ("IT'S ALIVE!", "action", 2, None),
        ("Jolt", "action", 1, None),
        ("Überserum", "action", 2, None),
    ],
    "shapeshifters": [
        ("Doppelgänger", "minion", 1, 5),
        ("G.E.L.F.", "minion", 2, 0),
        ("Mimic", "minion", 3, 0),
        ("Copycat", "minion", 4, 2),
        ('"...Really?"', "action", 1, None),
        ("Bacta the Future", "action", 1, None),
        ("Cellular Bonding", "action", 1, None),
        ("Genetic Shift", "action", 2, None),
        ("Mitosis", "action", 1, None),
        ("Shell Game", "action", 1, None),
        ("Splice as Nice", "action", 1, None),
        ("Transmogrify", "action", 2, None),
    ],
    "super_spies": [
        ("Secret Agent", "minion", 1, 5),
        ("Mole", "minion", 2, 4),
        ("Operative", "minion", 3, 3),
        ("Informant", "minion", 4, 2),
        ("Discards are Forever", "action", 1, None),
        ("For My Eyes Only", "action", 2, None),
        ("From Q With Love", "action", 1, None),
        ("Live and Let Chum", "action", 1, None),
        ("Mindraker", "action", 1, None),
        ("Permit to Kill", "action", 1, None),
        ("The Base is Not Enough", "action", 1, None),
        ("The Spy Who Ditched Me", "action", 2, None),
    ],
    "time_travelers": [
        ("Doctor When", "minion", 1, 5),
        ("Repeater Perfect", "minion", 2, 4),
        ("Time Raider", "minion", 3, 3),
        ("Jumper", "minion", 4, 2),
        ("1.21 Gigawatts", "action", 1, None),
        ("Do Over!", "action", 2, None),
        ("Into the Time Slip", "action", 2, None),
        ("It's Astounding", "action", 1, None),
        ("Stasis Field", "action", 1, None),
        ("Time is Fleeting", "action", 1, None),
        ("Time Walk", "action", 1, None),
        ("Wormhole", "action", 1, None),
    ],
    "vampires": [
        ("The Count", "minion", 1, 5),
        ("Nightstalker", "minion", 2, 4),
        ("Heavy Drinker", "minion", 3, 2),
        ("Fledgling Vampire", "minion", 3, 2),
        ("Wolf Pact", "fusion", 2, 2),
        ("Big Gulp", "action", 1, None),
        ("Buffet", "action", 1, None),
        ("Crack of Dusk", "action", 2, None),
        ("Cull The Weak", "action", 1, None),
        ("Dinner Date", "action", 2, None),
        ("Mad Monster Party", "action", 1, None),
        ("Stakeout", "action", 1, None),
    ],
    "werewolves": [
        ("Pack Alpha", "minion", 1, 5),
        ("Loup-Garou", "minion", 2, 4),
        ("Teenage Wolf", "minion", 3, 3),
        ("Howler", "minion", 4, 2),
        ("Chew Toy", "action", 2, None),
        ("Frenzy", "action", 2, None),
        ("Full Moon", "action", 1, None),
        ("Leader of the Pack", "action", 1, None),
        ("Let the Dog Out", "action", 1, None),
        ("Marking Territory", "action", 1, None),
        ("Moontouched", "action", 1, None),
        ("Unstoppable", "action", 1, None),
    ],
}
# name: (breakpoint, VP for 1st/2nd/3rd, faction)
BASES = {
    "Egg Chamber": (17, (3, 1, 1), "giant_ants"),
    "The Hill": (23, (4, 2, 1), "giant_ants"),
    "Golem Schloß": (22, (4, 3, 2), "mad_scientists"),
    "Laboratorium": (25, (5, 3, 3), "mad_scientists"),
    "Castle Blood": (17, (3, 1, 1), "vampires"),
    "Crypt": (20, (4, 2, 2), "vampires"),
    "Moot Site": (15, (2, 1, 0), "werewolves"),
    "Standing Stones": (20, (4, 2, 1), "werewolves"),
    "Monkey Lab": (23, (4, 2, 1), "cyborg_apes"),
    "Primate Park": (20, (3, 2, 1), "cyborg_apes"),
    "Faceless City": (20, (4, 2, 1), "shapeshifters"),
    "The Vats": (15, (3, 1, 1), "shapeshifters"),
    "ISI's Swingin' Pad": (21, (4, 2, 1), "super_spies"),
    "Secret Volcano Headquarters": (18, (4, 3, 2), "super_spies"),
    "Portal Room": (22, (2, 3, 1), "time_travelers"),
    "The Nexus": (19, (3, 3, 2), "time_travelers"),
}


def test_the_cards_are_the_catalogues() -> None:
    factions = load_factions()
    for set_id, fids in SETS.items():
        for fid in fids:
            faction = factions[fid]
            assert faction.set == set_id, fid
            found = [
                (c.name, "fusion" if c.as_action else c.type, c.copies, c.power)
                for c in faction.cards
            ]
            assert found == CARDS[fid], fid
            page = faction.name.replace(" ", "_")
            for card in faction.cards:
                assert card.provenance.startswith(f"{WIKI}{page}"), card.id


def test_the_bases_are_the_catalogues() -> None:
    bases = {b.name: b for b in load_bases().values() if b.set in SETS}
    assert {n: (b.breakpoint, b.vp, b.faction) for n, b in bases.items()} == BASES
    for base in bases.values():
        assert base.ability and base.rule, base.name


def test_every_card_has_its_ability_as_data() -> None:
    abilities = card_abilities("70s-2018")
    for fids in SETS.values():
        for fid in fids:
            for card in load_factions()[fid].cards:
                assert card.ability and card.id in abilities, card.id
                face = card.action_face()
                if face is not None:
                    assert face.id in abilities, face.id


def test_the_first_printing_changes_only_wormhole() -> None:
    current, first = load_factions(), load_factions("sfdf-2014")
    changed = {
        c.id
        for fid in current
        for c, d in zip(current[fid].cards, first[fid].cards, strict=True)
        if c != d
    }
    assert changed == {"time_travelers/wormhole"}


def test_the_terminal_shows_buried_cards_to_the_burier_only() -> None:
    from rich.text import Text

    from cardwright.games import get_game
    from cardwright.games.smash_up.render import SmashUpScreen
    from cardwright.games.smash_up.scenario import build
    from cardwright.server.present import zone_label

    game = get_game("smash-up")
    setup = {
        "active": "Ann",
        "bases": [
            {"base": "Castle Blood", "buried": {"Ann": ["Heavy Drinker"], "Bob": ["Scout"]}},
            "Tar Pits",
            "The Homeworld",
        ],
    }
    state, _ = build(game, {"names": ["Ann", "Bob"]}, setup, seed=1)  # type: ignore[arg-type]
    screen = SmashUpScreen(game)
    seen = ((0, "Ann: buried Heavy Drinker", "Bob"), (1, "Bob: buried Scout", "Ann"))
    for seat, mine, theirs in seen:
        text = Text.from_markup(screen.board(game.view(state, seat), seat).text()).plain
        assert mine in text
        assert f"{theirs}: a buried card" in text
    view = game.view(state, 1)
    castle = next(k for k in view.zones if k.startswith("buried:") and k.endswith(":0"))
    assert zone_label(view, castle) == ("Ann's buried (Castle Blood)", 0)
