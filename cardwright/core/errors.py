"""Errors a user can cause. The CLI prints each as one line and exits with status 2."""

from __future__ import annotations


class CardwrightError(Exception):
    """Base of every error caused by user input (files, choices, options).

    Messages are one line: what was wrong, where, and what would be right.
    """


class IllegalChoice(CardwrightError):
    """A choice that is not among the pending decision's options, or by the wrong seat."""


class DataError(CardwrightError):
    """A malformed or invalid data file: deck, card, scenario or saved game."""


class ConfigError(CardwrightError):
    """An unknown game, an unknown rule option, or a bad option value."""


class EngineError(RuntimeError):
    """A bug in a game's rules code (never the user's fault)."""
