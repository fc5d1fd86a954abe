"""Every rule area that defines typed steps, imported together: Munchkin's state class is
made with the steps defined when it is first used (``Game.state_cls``)."""

from __future__ import annotations

from . import charity, combat, death, help, market, play, rewards, run, turn, windows

__all__ = [
    "charity",
    "combat",
    "death",
    "help",
    "market",
    "play",
    "rewards",
    "run",
    "turn",
    "windows",
]
