"""Worked examples of the RL interfaces (docs/rl.md)."""
