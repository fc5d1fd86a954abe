"""A game's rules index: every rule the engine applies, with a paraphrase and its source.

Log events and decisions cite rule ids from the index, so ``cardwright explain`` can say why
something happened. The index is a TOML file per game::

    [[rule]]
    id = "bw.turn.draw"
    text = "At the start of the turn the active player draws one card."
    source = "002 Turn Structure: Draw Phase"
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .datafiles import read_toml
from .errors import DataError


@dataclass(frozen=True, slots=True)
class Rule:
    """One rule: a stable id, a one-line paraphrase, and where it comes from."""

    id: str
    text: str
    source: str


class RulesIndex:
    """All the rules of one game, looked up by id."""

    def __init__(self, rules: list[Rule]) -> None:
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in self._rules:
                raise DataError(f"rules index: rule id {rule.id!r} appears twice")
            self._rules[rule.id] = rule

    @classmethod
    def load(cls, path: Path) -> RulesIndex:
        """Read a rules index TOML file; a malformed entry is one clear error line."""
        raw = read_toml(path, "rules index")
        rules = []
        for i, entry in enumerate(raw.get("rule", []), start=1):
            missing = [k for k in ("id", "text", "source") if not isinstance(entry.get(k), str)]
            if missing:
                raise DataError(f"{path}: rule #{i}: missing or non-text field(s) {missing}")
            rules.append(Rule(entry["id"], entry["text"], entry["source"]))
        return cls(rules)

    def __contains__(self, rule_id: object) -> bool:
        return rule_id in self._rules

    def __getitem__(self, rule_id: str) -> Rule:
        return self._rules[rule_id]

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self._rules.values())

    def __len__(self) -> int:
        return len(self._rules)

    def get(self, rule_id: str) -> Rule | None:
        return self._rules.get(rule_id)
