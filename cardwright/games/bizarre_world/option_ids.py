"""Bizarre World's option ids by decision kind (see :mod:`cardwright.core.option_ids`)."""

#: The version of these ids (part of the public contract): bumped when an existing id takes
#: another form or meaning, so that saved games of the old ids are refused, not misread
#: (docs/records.md). Adding a form keeps the version.
VERSION = 1

OPTION_IDS = {
    "main": (
        ("play:CARD", "play CARD from your hand, paying its cost"),
        ("activate:CARD", "use CARD's action"),
        ("activate:CARD:WORD", "use CARD's action one way: `attack` (gain attack) or `effect`"),
        ("attack", "declare an attack with the attack gained this turn"),
        ("end", "end your turn"),
    ),
    "sacrifice": (
        ("sacrifice:CARD", "place CARD from your hand face down as a neutral resource"),
        ("done", "place no more resources this turn"),
    ),
    "pay": (
        ("pay:neutral", "exhaust one of your ready neutral resources"),
        ("pay:gray", "spend gray resources gained this turn"),
        ("pay:CARD", "exhaust the resource card CARD"),
    ),
    "respond": (
        ("activate:CARD", "use CARD's action in answer to the attack"),
        ("activate:CARD:attack", "use CARD's action for attack, in answer to the attack"),
        ("pass", "do nothing more"),
    ),
    "distribute": (("assign:CARD:N", "assign N attack to the attack source CARD"),),
    "discard": (("discard:CARD", "discard CARD from your hand"),),
    "kill_target": (("kill:CARD", "kill the creature CARD"),),
    "sacrifice_cost": (("sacrifice:CARD", "sacrifice the creature CARD to pay the cost"),),
}
