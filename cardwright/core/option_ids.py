"""The option ids of each decision kind, declared as forms: the public protocol written down.

A game declares, for every decision kind it asks, the forms its option ids take, each with
what choosing it means::

    "main": (
        ("play:CARD", "play CARD from your hand"),
        ("end", "end your turn"),
    )

Upper-case words are the parts that vary; every other part is written as it is:

* ``CARD``: a card's id (in a scenario, ``@alias`` stands for it); ``TARGET``: a second card
  the option is about (where a card goes, what it is used on);
* ``N``: a number (a count, a moment, a position: the meaning says which); ``SEAT``: a seat
  number (0 is the first seat);
* ``NAME``: a card's name or printed id; ``WORD``: one of the words the meaning lists.

``cardwright scenario options GAME`` prints a game's forms, ``docs/scenarios.md`` holds the
same tables, and the conformance suite and every scenario check that each option the game
offers matches a form of its decision's kind, so the tables stay true.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game

#: what each placeholder of a form matches
PLACEHOLDERS = {
    "CARD": r"-?\d+",
    "TARGET": r"-?\d+",
    "N": r"-?\d+",
    "SEAT": r"\d+",
    "NAME": r"[^:]+",
    "WORD": r"[a-z_]+",
}

#: what the placeholders stand for, printed under each table
LEGEND = (
    "CARD, TARGET: a card's id; in a scenario write @alias for it (choose: play:@rock). "
    "N: a number, as the meaning says. SEAT: a seat number, 0 for the first. "
    "NAME: a card's name or printed id. WORD: one of the words the meaning lists."
)

#: the kinds the core itself asks in every game
CORE_FORMS: dict[str, tuple[tuple[str, str], ...]] = {
    "order_triggers": (
        ("trigger:N", "resolve this waiting ability first (N: its place in the list, from 0)"),
    ),
}


@dataclass(frozen=True)
class OptionForm:
    """One form of option id of a decision kind, and what choosing it means."""

    kind: str
    form: str
    meaning: str

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        parts = [PLACEHOLDERS.get(part, re.escape(part)) for part in self.form.split(":")]
        return re.compile(":".join(parts))

    def matches(self, option_id: str) -> bool:
        return self.pattern.fullmatch(option_id) is not None


class OptionForms:
    """A game's forms by decision kind: the core's kinds, the forms the game declares (for
    the questions its own steps ask), and those its card abilities ask through the effect
    vocabulary, read from the abilities themselves (:func:`vocabulary_forms`)."""

    def __init__(
        self,
        game: str,
        declared: Mapping[str, Iterable[tuple[str, str]]],
        generated: Mapping[str, Iterable[tuple[str, str]]] | None = None,
    ) -> None:
        self.game = game
        merged: dict[str, dict[str, str]] = {}
        for source in (CORE_FORMS, declared, generated or {}):
            for kind, forms in source.items():
                for form, meaning in forms:
                    merged.setdefault(kind, {}).setdefault(form, meaning)
        self.by_kind: dict[str, tuple[OptionForm, ...]] = {
            kind: tuple(OptionForm(kind, form, meaning) for form, meaning in forms.items())
            for kind, forms in merged.items()
        }

    def form_of(self, kind: str, option_id: str) -> OptionForm | None:
        """The form ``option_id`` takes in a decision of ``kind`` (None: undeclared)."""
        for form in self.by_kind.get(kind, ()):
            if form.matches(option_id):
                return form
        return None

    def undeclared(self, kind: str, option_ids: Iterable[str]) -> list[str]:
        """The ids among ``option_ids`` that match no form of ``kind``."""
        return [oid for oid in option_ids if self.form_of(kind, oid) is None]

    def markdown(self) -> str:
        """The forms as the Markdown table ``docs/scenarios.md`` holds."""
        lines = ["| decision kind | option id | meaning |", "|---|---|---|"]
        for kind in sorted(self.by_kind):
            for form in self.by_kind[kind]:
                lines.append(f"| `{kind}` | `{form.form}` | {form.meaning} |")
        return "\n".join(lines)


def vocabulary_forms(game: Game[Any]) -> dict[str, list[tuple[str, str]]]:
    """The option ids the game's card abilities ask for through the effect vocabulary (a
    chosen card, a yes/no, a menu, a number, a player), by decision kind, each meaning the
    question's own words. Read from the abilities, so it covers every card."""
    from .vocab.effects import May, Verb
    from .vocab.menus import ChooseNumber, ChooseOne, ChoosePlayer, Entry

    out: dict[str, dict[str, str]] = {}

    def add(kind: str, form: str, meaning: str) -> None:
        out.setdefault(kind, {}).setdefault(form, _words(meaning))

    registry = game.every_ability()
    for node, _ in registry.nodes.values() if registry is not None else ():
        if isinstance(node, Verb) and node.choice is not None:
            choice, spec = node.choice, node.spec
            kind = choice.kind or spec.kind
            add(kind, f"{choice.option or spec.name}:CARD", f"CARD: {choice.prompt or spec.prompt}")
            if choice.may:
                decline = choice.decline_id or game.decline_option.id
                add(kind, decline, choice.decline or game.decline_option.label)
            if choice.up_to:
                add(kind, choice.done_id, f"{choice.done}: choose no more")
            if choice.all:
                add(kind, choice.all_id, choice.all)
        elif isinstance(node, May):
            add(node.kind, node.yes_id, f"{node.yes}: {node.prompt}")
            add(node.kind, node.no_id, node.no)
        elif isinstance(node, ChooseOne):
            for entry in node.entries:
                if isinstance(entry, Entry):
                    add(node.kind, entry.id, entry.label)
                else:
                    add(node.kind, f"{entry.prefix}:CARD", f"CARD: {entry.label}")
        elif isinstance(node, ChooseNumber):
            add(node.kind, f"{node.option}:N", f"N: {node.prompt}")
        elif isinstance(node, ChoosePlayer):
            add(node.kind, f"{node.option}:SEAT", f"the player in seat SEAT: {node.prompt}")
    return {kind: list(forms.items()) for kind, forms in sorted(out.items())}


def _words(text: str) -> str:
    """A question's words as a meaning: bound values named in capitals (``{n}`` is N), no
    markup that would break a table."""
    text = re.sub(r"\{(\w+?)(?:_name|_label)?\}", lambda m: m[1].upper(), text)
    return text.replace("|", "/").strip()
