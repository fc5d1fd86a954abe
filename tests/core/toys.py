"""What the toy games of the core's tests share: two seats, abilities written as expressions
of a vocabulary (one for each card that has some, and named ones a test runs), the cards in
play live, and a game that runs one ability (the test's subject) and ends."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from cardwright.core import Game, State
from cardwright.core.abilities import Ability, Registry
from cardwright.core.rules import Rule, RulesIndex
from cardwright.core.steps import Step
from cardwright.core.vocab import Vocabulary, hooks_from, start_ability
from cardwright.core.zones import create_card


class Subject(Step, tag="toy.subject"):
    """Runs one ability's effect (the test's subject) for seat 0, from the card ``source``
    (None: from no card), then ends the game."""

    ability: str
    source: int | None = None
    started: bool = False

    def run(self, game: Game, state: State) -> None:
        if not self.started:
            self.started = True
            assert game.registry is not None
            ability = game.registry.ability(self.ability)
            start_ability(game, state, ability, "effect", self.source, 0)
            return
        game.end_game(state, [0], "done", "toy")


class ToyGame(Game):
    """A toy game whose abilities are ``effects`` (name -> expression) and each card's
    expressions in ``cards`` (definition -> expressions), in the words of ``words``; the
    cards of ``play:0`` and ``play:1`` are live."""

    title = "Toy"
    step_prefix = "toy."

    def __init__(
        self, words: Vocabulary, effects: Mapping[str, str], cards: Mapping[str, Sequence[str]]
    ) -> None:
        super().__init__()
        self.rules = RulesIndex([Rule("toy", "toy", "test")])
        abilities = [
            Ability(name, "toy", hooks_from([words.parse(text, f"test {name}")]))
            for name, text in effects.items()
        ]
        for defn, texts in cards.items():
            if texts:
                items = [words.parse(t, f"test card {defn}") for t in texts]
                abilities.append(Ability(defn, "toy", hooks_from(items)))
        self.registry = Registry(self.id, abilities, rules=self.rules)

    def abilities_of(self, state: State, card: int) -> tuple[Ability, ...]:
        assert self.registry is not None
        defn = state.cards[card].defn
        return (self.registry.ability(defn),) if defn in self.registry.abilities else ()

    def live_cards(self, state: State) -> Iterable[int]:
        return [*state.zones["play:0"], *state.zones["play:1"]]


def toy_state(game: Game, cards: Mapping[str, Sequence[str]]) -> State:
    """A new state of ``game`` with the cards ``cards`` (zone -> definitions; each owned by
    the seat its zone ends with)."""
    state = game.state_cls(game=game.id)
    game.setup(state)
    for zone, defns in cards.items():
        owner = int(zone.rsplit(":", 1)[1])
        for defn in defns:
            create_card(state, defn, owner, zone)
    return state


def run_subject(game: Game, state: State, source: int | None = None) -> State:
    """``state`` after ``game`` ran its ability ``subject`` (:class:`Subject`) as far as it
    goes."""
    game.push_step(state, Subject(ability="subject", source=source))
    game.advance(state)
    return state
