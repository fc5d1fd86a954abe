"""Smash Up's option ids by decision kind (see :mod:`cardwright.core.option_ids`). Bases are
cards too: ``base:CARD`` names a base in play by its card id (``@alias`` in a scenario).
``NAME`` is a card id such as ``zombies/walker``; ``SEAT`` a seat number (0 is the first)."""

#: The version of these ids (part of the public contract): bumped when an existing id takes
#: another form or meaning, so that saved games of the old ids are refused, not misread
#: (docs/records.md). Adding a form keeps the version.
VERSION = 1

OPTION_IDS = {
    "play": (
        ("play:CARD", "play the minion or action CARD from your hand"),
        ("action:CARD", "play the fusion card CARD from your hand as an action"),
        ("talent:CARD", "use the Talent of CARD"),
        ("special:CARD", "use the Special of CARD"),
        ("end", "finish playing cards"),
    ),
    "destination": (
        ("base:CARD", "play it on the base CARD"),
        ("minion:CARD", "play it on the minion CARD"),
        ("pick:CARD", "play it on the base CARD"),
    ),
    "respond": (("special:CARD", "use the Special of CARD now"), ("pass", "do nothing")),
    "redraw": (
        ("keep", "keep this opening hand"),
        ("redraw", "show a hand with no minions, discard it and draw five new cards"),
    ),
    "discard": (("discard:CARD", "discard CARD from your hand"),),
    "target": (
        ("target:CARD", "choose CARD"),
        ("pick:CARD", "pick CARD (one of several)"),
        ("done", "stop picking: the picked cards are affected"),
        ("decline", "choose none"),
        ("none", "there is nothing to choose: go on"),
    ),
    "may_target": (("target:CARD", "choose CARD"), ("decline", "do nothing")),
    "choose_card": (
        ("card:CARD", "choose the card CARD"),
        ("pick:CARD", "choose the card CARD"),
        ("discard:CARD", "discard the card CARD"),
        ("none", "there is no such card: go on"),
    ),
    "choose_base": (
        ("base:CARD", "choose the base CARD"),
        ("pick:CARD", "choose the base CARD"),
        ("target:CARD", "choose the base CARD"),
        ("score:CARD", "score the base CARD first"),
    ),
    "choose_player": (
        ("player:SEAT", "choose the player in seat SEAT"),
        ("seat:SEAT", "choose the player in seat SEAT"),
    ),
    "base": (("base:CARD", "choose the base CARD"),),
    "replacement": (("base:CARD", "the base CARD replaces the scored one"),),
    "search": (
        ("search:CARD", "take the base CARD from the base deck"),
        ("take:CARD", "take the card CARD"),
        ("done", "take no more"),
        ("none", "there is nothing to take"),
    ),
    "arrange": (
        ("top:CARD", "put CARD (looked at) back on top of its deck next"),
        ("bottom:CARD", "put CARD (looked at) back under its deck next"),
    ),
    "discard_or_show": (
        ("discard:CARD", "discard CARD from your hand"),
        ("show", "show your hand: it holds no such card"),
    ),
    "take": (
        ("take:CARD", "take CARD into your hand"),
        ("name:CARD", "take every copy of CARD"),
        ("all", "take them all"),
        ("done", "take no more"),
        ("none", "take nothing"),
    ),
    "destroy": (("pick:CARD", "destroy your minion CARD"), ("decline", "destroy none")),
    "counter": (("pick:CARD", "put the counter on CARD"), ("decline", "place no counter")),
    "counter_count": (("count:N", "move N counters"),),
    "counters_to": (("to:CARD", "move the counters to CARD"), ("keep", "move no counters")),
    "count": (("count:N", "choose the number N"),),
    "art": (
        ("add:CARD", "give CARD a +1 power counter"),
        ("shift", "move counters from one minion here to another"),
    ),
    "copy": (
        ("copy:N:CARD", "copy the effect number N (from 0) onto CARD"),
        ("decline", "do not copy"),
    ),
    "extra_play": (("play:CARD", "play CARD as an extra card"), ("decline", "do not play it")),
    "play_from_discard": (
        ("play:CARD", "play CARD from your discard pile"),
        ("skip", "play nothing there"),
    ),
    "play_revealed": (("play:CARD", "play the revealed CARD"), ("none", "play none of them")),
    "order": (("top:CARD", "put CARD back on top of your deck next"),),
    "recycle": (
        ("shuffle:CARD", "shuffle CARD into your deck"),
        ("all", "shuffle them all in"),
        ("done", "shuffle in no more"),
    ),
    "transfer": (("action:CARD", "bring the action CARD here"), ("decline", "transfer nothing")),
    "name_card": (("name:NAME", "name the card NAME (a card id such as zombies/walker)"),),
    "name_faction": (("faction:WORD", "name the faction WORD (such as ninjas)"),),
    "may": (
        ("yes", "do it"),
        ("no", "do not"),
        ("move", "move the minion"),
        ("counter", "put a +1 power counter on it"),
        ("counters", "put two +1 power counters on it"),
        ("both", "move it and put a counter on it"),
    ),
    "may_draw": (("draw", "draw a card"), ("no_draw", "do not draw")),
    "reuse_talent": (("talent", "use the Talent again"), ("no_talent", "do not")),
    "mode": (
        ("transfer", "transfer an action from one base to another"),
        ("play", "play an extra action on a base"),
        ("deck", "play an on-base action from the top of your deck"),
        ("hotwire", "transfer and/or take control of an action on a base"),
    ),
    "hotwire": (
        ("take", "take control of the action"),
        ("move:CARD", "transfer it to the base CARD"),
        ("both:CARD", "take control of it and transfer it to the base CARD"),
    ),
    "hoverbot": (("play", "play the revealed minion"), ("keep", "put it back on your deck")),
    "neophyte": (
        ("hand", "put the revealed action into your hand"),
        ("play", "play it as an extra action"),
        ("keep", "put it back on your deck"),
    ),
    "walker": (("discard", "discard your top card"), ("keep", "leave it on top")),
    "choose": (
        ("take:CARD", "take CARD"),
        ("top:CARD", "put CARD on top of your deck"),
        ("target:CARD", "choose CARD"),
        ("extra", "play an extra action"),
        ("draw", "draw the card"),
        ("play", "play the card as an extra minion"),
        ("keep", "keep it on top"),
        ("bottom", "put it under the deck"),
        ("guard", "your minions here get +2 during other turns"),
        ("stop", "stop"),
    ),
    # Awesome Level 9000 and The Obligatory Cthulhu Set (the words in tablewords.py)
    "offer": (
        ("yes", "do what the card offers (a Madness card drawn, two cards discarded ...)"),
        ("no", "refuse: the card's player may then do what it says to those who refuse"),
    ),
}
