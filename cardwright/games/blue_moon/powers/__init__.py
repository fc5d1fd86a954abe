"""The Blue Moon special powers that need Python, one module per people, each exposing its words
(``WORDS``) for the card data's expressions: what these powers ask is unique to one card (a
question of their own, an answer with their own words), so no shared word can say it. Every
other power is written in the card data with the vocabulary alone (``docs/cards.md`` lists
these and why)."""

from typing import Any

from . import aqua, buka, flit, mimix, pillar

WORDS: dict[str, Any] = {**aqua.WORDS, **buka.WORDS, **flit.WORDS, **mimix.WORDS, **pillar.WORDS}

__all__ = ["WORDS", "aqua", "buka", "flit", "mimix", "pillar"]
