"""The Smash Up abilities, one module per faction plus one for the bases.

Importing this package registers every ability with :func:`..abilities.register`. The early
abilities written before the split (draw, extra minion, Expert Timing, a few bases) live in
``abilities.py`` itself. An ability used by cards of several factions is written once, in the
module of the faction that owns it (the first that needed it).
"""

from . import (
    ninjas,
    vigilantes,
)

__all__ = [
    "ninjas",
    "vigilantes",
]
