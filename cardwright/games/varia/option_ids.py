"""Varia's option ids by decision kind (see :mod:`cardwright.core.option_ids`). Moments are
numbered from 0 (``plan:CARD:0`` plans in the first moment)."""

#: The version of these ids (part of the public contract): bumped when an existing id takes
#: another form or meaning, so that saved games of the old ids are refused, not misread
#: (docs/records.md). Adding a form keeps the version.
VERSION = 1

OPTION_IDS = {
    "move": (
        ("engage", "engage your opponent"),
        ("disengage", "disengage"),
        ("stay", "stay as you are"),
    ),
    "plan": (
        ("plan:CARD:N", "plan the action CARD in moment N (from 0)"),
        ("combo:CARD:N", "combine CARD with the action you have in moment N"),
        ("replace:CARD:N", "put CARD in place of the action you have in moment N"),
        ("fuse:CARD:TARGET:N", "plan CARD and TARGET together as a spellfuse in moment N"),
        ("done", "plan no more actions"),
    ),
    "respond": (
        ("plan:CARD:N", "plan the fast action CARD in moment N (from 0)"),
        ("combo:CARD:N", "combine CARD with the action you have in moment N"),
        ("replace:CARD:N", "put CARD in place of the action you have in moment N"),
        ("pass", "do nothing"),
    ),
    "token": (
        ("combo", "the token joins the action it lands on as a combo"),
        ("replace", "the token takes the place of the action it lands on"),
    ),
    "use_power": (("yes", "use the card's power"), ("no", "do not")),
    "ruin_target": (("ruin:CARD", "ruin the opposing item CARD"),),
    "repair_target": (("repair:CARD", "repair the ruined item CARD"),),
    "return_to_hand": (
        ("return:CARD", "take CARD back into your hand"),
        ("done", "take no more"),
        ("decline", "take nothing"),
    ),
}
