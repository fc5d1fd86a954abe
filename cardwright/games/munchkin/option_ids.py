"""Munchkin's option ids by decision kind (see :mod:`cardwright.core.option_ids`). ``SEAT`` is
a seat number (0 is the first); ``N`` in ``power:CARD:N`` is the number of the card's power,
from 0; ``WORD`` a share of the Treasure: ``none``, ``first``, ``first_last``,
``half_fighter_first``, ``half_helper_first`` or ``all``."""

#: The version of these ids (part of the public contract): bumped when an existing id takes
#: another form or meaning, so that saved games of the old ids are refused, not misread
#: (docs/records.md). Adding a form keeps the version.
VERSION = 1

_ARRANGE = (
    ("play:CARD", "play CARD (a class, race, Item ...) from your hand"),
    ("equip:CARD", "equip the Item CARD"),
    ("unequip:CARD", "take off the Item CARD"),
    ("discard:CARD", "discard your class or race card CARD"),
    ("porter:CARD", "give the Item CARD to your Hireling to carry"),
)
_ANY_TIME = (
    ("use:CARD", "use the card CARD"),
    ("curse:CARD:SEAT", "curse the player in seat SEAT with CARD"),
    ("level:CARD:SEAT", "play the go-up-a-level card CARD on the player in seat SEAT"),
    ("steal:CARD:SEAT", "play CARD to take a level from the player in seat SEAT"),
    ("power:CARD:N", "use the power number N of your class or race card CARD"),
    ("trade", "propose a trade of Items"),
    ("gift", "give one of your Items in play to another player"),
)
_SELL = ("sell", "sell Items for levels")

OPTION_IDS = {
    "setup": (*_ARRANGE, ("done", "start the game")),
    "main": (
        *_ARRANGE,
        *_ANY_TIME,
        _SELL,
        ("kick", "kick open the door"),
        ("end", "end your turn"),
    ),
    "trouble": (
        *_ARRANGE,
        *_ANY_TIME,
        _SELL,
        ("fight:CARD", "look for trouble: fight the monster CARD from your hand"),
        ("loot", "loot the room: draw a Treasure face down"),
    ),
    "respond": (
        *_ARRANGE,
        *_ANY_TIME,
        ("power:CARD:N:SEAT", "use the power number N of CARD on the player in seat SEAT"),
        ("help:SEAT", "ask the player in seat SEAT for help"),
        ("enhance:CARD:TARGET", "play the monster enhancer CARD on the monster TARGET"),
        ("play:CARD:TARGET", "play CARD with the monster TARGET (a Wandering Monster)"),
        ("mate:CARD:TARGET", "play CARD to give the monster TARGET a mate"),
        ("use:CARD:TARGET", "use CARD on the monster TARGET"),
        ("use:CARD:party", "use CARD on the fighters' side"),
        ("join:CARD", "send the monster CARD to join the fight"),
        ("wish:CARD", "cancel the curse with CARD"),
        ("glue:CARD", "play CARD on the fleeing players"),
        ("chase:CARD:N", "pay the monster CARD off in its way number N"),
        ("alt:CARD:N", "use CARD's other way number N"),
        ("pass", "do nothing now"),
    ),
    "kicked": (
        ("keep", "put the card found into your hand"),
        ("play_kicked", "play it now"),
    ),
    "help": (
        ("accept", "help"),
        ("refuse", "refuse"),
        ("demand:WORD", "help only for the share WORD of the Treasure"),
    ),
    "offer": (
        ("offer:WORD", "offer the share WORD of the Treasure"),
        ("give:CARD", "add CARD to the offer"),
    ),
    "bargain": (("agree", "agree to the terms asked"), ("decline", "decline")),
    "run": (
        ("roll", "roll to run away"),
        ("power:CARD:N", "use the power number N of CARD to get away"),
    ),
    "run_order": (("flee:CARD", "run from the monster CARD next"),),
    "failed_escape": (
        ("caught", "take the Bad Stuff"),
        ("save:CARD", "use CARD to get away"),
        ("power:CARD:N", "use the power number N of CARD (roll again ...)"),
    ),
    "transfer": (("seat:SEAT", "the monsters now attack the player in seat SEAT"),),
    "pick_treasure": (("pick:CARD", "take the Treasure CARD"),),
    "loot_body": (("loot:CARD", "take CARD from the body"),),
    "charity": (("charity:CARD", "give CARD away"),),
    "charity_to": (("to:SEAT", "give it to the player in seat SEAT"),),
    "sell": (
        ("add:CARD", "add the Item CARD to what you sell"),
        ("double:CARD", "sell CARD at double value (Halfling)"),
        ("sell", "sell the Items picked"),
        ("cancel", "sell nothing"),
    ),
    "trade": (
        ("give:CARD", "offer your Item CARD"),
        ("want:CARD", "ask for the other player's Item CARD"),
        ("cancel", "propose nothing"),
    ),
    "trade_reply": (("accept", "accept the trade"), ("decline", "decline")),
    "gift": (
        ("give:CARD", "give your Item CARD"),
        ("to:SEAT", "give it to the player in seat SEAT"),
        ("cancel", "give nothing"),
    ),
    "gift_reply": (("accept", "take the Item offered"), ("decline", "decline")),
    "discard": (("discard:CARD", "discard CARD from your hand"),),
    "deal": (("discard:CARD", "discard CARD for the deal"),),
    "lose_cards": (("discard:CARD", "lose CARD"),),
    "lose_class": (("discard:CARD", "lose the class CARD"),),
    "lose_item": (("discard:CARD", "lose the Item CARD"),),
    "offering": (("discard:CARD", "discard the Item CARD"),),
    "power_cost": (("discard:CARD", "discard CARD to pay for the power"),),
    "lose_choice": (("hand", "discard your hand"), ("levels", "lose the levels")),
    "pay_gold": (("pay:CARD", "discard the Item CARD for its Gold Pieces"),),
    "resurrection": (
        ("draw", "draw a Door card face down"),
        ("raise", "take the top card of the discards instead"),
    ),
    "use_power": (("yes", "let the power work"), ("no", "do not")),
    "borrow": (("borrow:CARD", "borrow the Item CARD"),),
    "cheat": (("attach:CARD", "cheat with the Item CARD"),),
    "steal": (("steal:CARD", "steal the Item CARD"),),
    "take": (("take:CARD", "take the Item CARD"),),
    "tax": (("pick:CARD", "discard the Item CARD"),),
    "dowse": (("take:CARD", "take CARD from the discards"),),
    "charm": (("dismiss:CARD", "charm away the monster CARD"),),
    "illusion": (("dismiss:CARD", "the monster CARD is the illusion"),),
    "lamp": (("dismiss:CARD", "the genie takes the monster CARD"),),
    "parrot": (("dismiss:CARD", "the monster CARD becomes a parrot"),),
}
