"""Pretty Pretty Smash Up's card facts, exactly as the public card catalogue gives them (names,
copies, powers; bases' breakpoints and VP), and where each comes from."""

from __future__ import annotations

from cardwright.games.smash_up.carddata import load_bases, load_factions

#: faction -> (card name, copies, power or None for an action), from the catalogue
CARDS = {
    "fairies": [
        ("Titania", 1, 5), ("Glymmer", 2, 4), ("Puck", 3, 3), ("Tinx", 4, 2),
        ("Daisy Chain", 2, None), ("Enchantment", 1, None), ("Fairy Ballet", 1, None),
        ("Ladybug", 1, None), ("Leaf Armor", 2, None), ("Magic Acorns", 1, None),
        ("Magic Ward", 1, None), ("Playful Tricks", 1, None),
    ],
    "kitty_cats": [
        ("Queen Fluffy", 1, 5), ("Whiskers", 2, 4), ("Muffin", 3, 3), ("Mr. Grumpers", 4, 2),
        ("Can Has Cheeseburger?", 1, None), ("Cat Fight", 2, None), ("Cat's Paw", 1, None),
        ("Grumpiness", 2, None), ("Hang in There", 1, None), ("Hissy Fit", 1, None),
        ("Invisible Bicycle", 1, None), ("Nine Lives", 1, None),
    ],
    "mythic_horses": [
        ("Starlyte", 1, 5), ("Rainbow", 2, 4), ("Seastar", 3, 3), ("Pinkie", 4, 2),
        ("Adventure Power", 1, None), ("Encouragement Power", 2, None),
        ("Freedom Power", 1, None), ("Friendship Power", 1, None), ("Sharing Power", 1, None),
        ("Super Future Space Armor Power", 1, None), ("Teaching Power", 1, None),
        ("Togetherness Power", 2, None),
    ],
    "princesses": [
        ("Apricot", 1, 5), ("Eliza", 1, 5), ("Griselda", 1, 5), ("Marie DeGraw", 1, 5),
        ("Sleeping Beauty", 1, 5), ("Snow White", 1, 5), ("Direct to DVD Sequel", 2, None),
        ("Fairy Godmother", 1, None), ("Happily Ever After", 1, None), ("Heirloom", 3, None),
        ("Skillet", 2, None), ("Some Day My Prince Will Come", 1, None),
        ("Tale as Old as Time", 1, None), ("True Love's Kiss", 2, None),
        ("Woodland Helpers", 1, None),
    ],
}  # fmt: skip

#: base name -> (breakpoint, VP, faction), from the catalogue
BASES = {
    "Enchanted Glen": (20, (4, 2, 1), "fairies"),
    "Fairy Circle": (26, (4, 3, 2), "fairies"),
    "Cool Cats' Alley": (18, (3, 2, 1), "kitty_cats"),
    "The House of Nine Lives": (20, (4, 2, 1), "kitty_cats"),
    "Equaria": (25, (5, 3, 2), "mythic_horses"),
    "Pony Land": (18, (3, 2, 1), "mythic_horses"),
    "Beautiful Castle": (22, (4, 2, 1), "princesses"),
    "Ice Castle": (15, (3, 2, 2), "princesses"),
}

WIKI = "catalogue:https://smashup-rulebook.alderac.com/wiki/"


def test_the_cards_are_the_catalogues() -> None:
    factions = load_factions()
    for fid, cards in CARDS.items():
        faction = factions[fid]
        assert faction.set == "pretty"
        got = [(c.name, c.copies, c.power if c.type == "minion" else None) for c in faction.cards]
        assert got == cards, fid
        page = WIKI + faction.name.replace(" ", "_")
        assert all(c.provenance == page for c in faction.cards), fid


def test_the_bases_are_the_catalogues() -> None:
    bases = {b.name: b for b in load_bases().values() if b.set == "pretty"}
    assert set(bases) == set(BASES)
    for name, (breakpoint, vp, faction) in BASES.items():
        base = bases[name]
        assert (base.breakpoint, tuple(base.vp), base.faction) == (breakpoint, vp, faction)
        assert base.provenance.startswith(WIKI), name
