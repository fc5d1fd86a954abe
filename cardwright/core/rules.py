"""A game's rules index: every rule the engine applies, with a paraphrase and its source.

Log events and decisions cite rule ids from the index, so ``cardwright explain`` can say why
something happened. The index is a TOML file per game::

    [[rule]]
    id = "bw.turn.draw"
    text = "At the start of the turn the active player draws one card."
    source = "002 Turn Structure: Draw Phase"
"""

from __future__ import annotations

import re
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

    def find(self, words: str) -> list[Rule]:
        """The rules ``words`` name: the rule of that id; else the rules whose ids start with
        it (``bw.attack``); else the rules holding every word (case aside, in the id, the
        paraphrase or the source; a word matches the start of a longer one, so ``attack``
        finds "attacks"), those whose ids hold the words first."""
        wanted = words.strip()
        if not wanted:
            return []
        exact = self._rules.get(wanted)
        if exact is not None:
            return [exact]
        by_id = [r for r in self._rules.values() if r.id.startswith(wanted)]
        if by_id:
            return by_id
        terms = [t for t in re.split(r"[^\w'-]+", wanted.lower()) if t]
        found: list[tuple[int, int, Rule]] = []
        for n, rule in enumerate(self._rules.values()):
            id_words = set(re.split(r"[._-]+", rule.id.lower()))
            text = f"{rule.text} {rule.source}".lower()
            words_of = set(re.findall(r"[\w'-]+", text)) | id_words
            if all(any(w.startswith(t) for w in words_of) for t in terms):
                in_id = sum(any(w.startswith(t) for w in id_words) for t in terms)
                found.append((-in_id, n, rule))
        return [rule for _, _, rule in sorted(found, key=lambda f: f[:2])]
