"""Blue Moon's option ids by decision kind (see :mod:`cardwright.core.option_ids`). ``NAME``
is a card's printed number, e.g. ``take:Khind 11``."""

#: The version of these ids (part of the public contract): bumped when an existing id takes
#: another form or meaning, so that saved games of the old ids are refused, not misread
#: (docs/records.md). Adding a form keeps the version.
VERSION = 1

OPTION_IDS = {
    "turn": (
        ("play:CARD", "play the character, booster or support CARD from your hand"),
        ("lead:CARD", "play the leadership card CARD"),
        ("gang:CARD", "play CARD and keep the gang active instead of covering it"),
        ("bluff:CARD", "play CARD face down as a bluff (Buka)"),
        ("load:CARD:TARGET", "load CARD from your hand onto the ship TARGET (Buka)"),
        ("land:CARD", "land the ship CARD (Buka)"),
        ("retrieve:CARD", "take the card CARD back (a power that lets you)"),
        ("ab:CARD:TARGET", "use CARD's power on TARGET"),
        ("ab:CARD:pay", "use CARD's power, paying its cost"),
        ("announce", "play no more cards and announce your power"),
        ("retreat", "retreat from the fight"),
        ("decline", "decline to start a fight"),
    ),
    "element": (
        ("fire", "fight in fire"),
        ("earth", "fight in earth"),
    ),
    "bluff_call": (("call", "call the opponent's bluff"), ("pass", "let it stand")),
    "decline_discard": (
        ("discard:CARD", "discard CARD from your hand (one to three when declining)"),
        ("done", "discard no more"),
    ),
    "forced_discard": (("discard:CARD", "discard CARD from your hand"),),
    "reveal_discard": (("discard:CARD", "discard the revealed card CARD"),),
    "hand_pick": (
        ("pick:CARD", "put CARD from your hand onto your discard pile"),
        ("done", "no more"),
    ),
    "value_discard": (
        ("pick:CARD", "pick CARD from your hand to discard"),
        ("unpick:CARD", "put CARD back"),
        ("done", "discard the picked cards"),
        ("cancel", "discard nothing"),
    ),
    "discard_characters": (
        ("add:CARD", "pick the character CARD to discard"),
        ("cancel", "discard nothing"),
    ),
    "pick": (("pick:CARD", "choose CARD for the power"), ("none", "do nothing")),
    "target": (("target:CARD", "apply the power to CARD"),),
    "use_power": (("yes", "use the power"), ("no", "do not")),
    "draw_up_to": (("draw:N", "draw N cards"), ("decline", "do not use the power")),
    "take_from_discard": (("take:N", "take N cards"),),
    "reveal_top": (("reveal:N", "reveal N cards from the top"), ("none", "reveal nothing")),
    "shuffle_back": (("back:CARD", "shuffle CARD back into your deck"),),
    "search_deck": (
        ("take:NAME", "take the card with printed number NAME from your deck"),
        ("none", "take nothing"),
    ),
    "gloria": (("take:CARD", "take CARD back into your hand"), ("none", "take nothing back")),
    "drown": (("keep:CARD", "clear all but CARD"), ("pass", "do not use it")),
    "dolora": (
        ("booster", "discard the opponent's active boosters"),
        ("support", "discard the opponent's active supports"),
        ("none", "discard nothing"),
    ),
    "coxswain": (("discard", "discard them"), ("keep", "leave them")),
    "entreat": (
        ("ship:NAME", "play the ship with printed number NAME from your deck"),
        ("load:NAME:TARGET", "load the card with printed number NAME onto the ship TARGET"),
        ("none", "take nothing"),
    ),
    "sea_devil": (("load:CARD", "load CARD from your hand"), ("done", "load no more")),
}
