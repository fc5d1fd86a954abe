"""Shared test settings."""

from hypothesis import HealthCheck, settings

from cardwright.core import game
from cardwright.core.vocab import compiled
from cardwright.games.smash_up import inplay

settings.register_profile(
    "cardwright", deadline=None, max_examples=50, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("cardwright")

# Derived answers kept on a state (the cards in play) are checked against the state at every
# query while the tests run, so a change that forgets to drop them fails here.
inplay.CHECK = True
# Expressions compiled to closures are checked against their eval at every evaluation.
compiled.CHECK = True
# A log line that more than one seat reads names the player; "you" is refused while testing.
game.CHECK_PERSON = True
# Log data named for cards is refused (data escapes the views' masking; card ids go in `card`).
game.CHECK_LOG_DATA = True
