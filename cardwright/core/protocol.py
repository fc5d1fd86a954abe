"""What code outside the core and a game's own package may use of a game object."""

from __future__ import annotations

#: The game object's protocol: the names code outside the core and the game's own package
#: (agents, simulations, the CLI, the server, scenarios, the conformance checks) may use on
#: a game from the registry (``docs/architecture.md`` §2). Every other public name of a game
#: object (the hooks and rules helpers of :class:`~.game.Game`, a game's own helpers such as
#: Blue Moon's ``attract_dragon``) is machinery for the game's own steps and abilities, which
#: may change with its rules; ``tests/core/test_protocol.py`` checks that nothing outside uses it.
PROTOCOL: frozenset[str] = frozenset(
    {
        # what the game is and the options it takes
        "id",
        "title",
        "min_players",
        "max_players",
        "rules",
        "state_cls",
        "default_config",
        "config_choices",
        "validate_config",
        "players_text",
        "check_players",
        "seat_names",
        # playing
        "new_state",
        "legal_options",
        "check_choice",
        "apply",
        "next_state",
        # what a seat sees, and its words
        "view",
        "determinize",
        "render",
        "scores",
        "card_name",
        "seat_name",
        # scenarios (rules cases) and the conformance checks
        "scenario_state",
        "scenario_facts",
        "invariants",
        "conserved_cards",
        "reask",
        "card_visible",
        "pool_key",
    }
)
