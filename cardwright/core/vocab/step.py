"""The one flow step that runs vocabulary effects, and the functions that start abilities.

:class:`EffectStep` is the continuation of a running effect node: which node (by key), the
card it comes from, the seat acting, what is bound, and its progress (``idx``, cards
``picked`` so far, ``seats`` still to act). The node itself does the work, so a new combinator
needs no new step kind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import msgspec

from ..state import Bindings, CardRef, Decision, Option, State
from ..steps import CoreStep, G, S
from .base import Ctx, Effect, node, node_key

if TYPE_CHECKING:
    from ..abilities import Ability
    from ..game import Game


class EffectStep(CoreStep, tag="core.effect"):
    """A vocabulary effect in progress (see the module docstring). ``n``: a number the node
    keeps (how many times a ``repeat`` goes)."""

    node: str
    source: CardRef | None = None
    you: int = -1
    vars: Bindings = msgspec.field(default_factory=Bindings)
    idx: int = 0
    picked: list[CardRef] = msgspec.field(default_factory=list)
    seats: list[int] = msgspec.field(default_factory=list)
    n: int = 0

    def _ctx(self, game: Game, state: State) -> tuple[Effect, Ctx]:
        effect, ability = node(game, self.node)
        return effect, Ctx(game, state, ability, self.source, self.you, self.vars, self.node)

    def ask(self, game: Game, state: State) -> Decision | None:
        effect, ctx = self._ctx(game, state)
        return effect.ask(self, ctx)

    def run(self, game: Game, state: State) -> None:
        effect, ctx = self._ctx(game, state)
        effect.run(self, ctx)
        game.after_effect_step(state, ctx)

    def answer(self, game: Game, state: State, option: Option) -> None:
        effect, ctx = self._ctx(game, state)
        effect.answer(self, ctx, option)
        game.after_effect_step(state, ctx)

    def go(self, game: Game, state: State) -> Decision | None:
        effect, ctx = self._ctx(game, state)
        decision = effect.go(self, ctx)
        if decision is None:
            game.after_effect_step(state, ctx)
        return decision


def ability_ctx(
    game: G,
    state: S,
    ability: Ability,
    hook: str,
    source: int | None,
    you: int,
    vars: Bindings | None = None,
) -> Ctx[G, S]:
    """The context to run ``ability``'s ``hook`` effect in (typed as the game's)."""
    src = None if source is None else CardRef(source)
    key = node_key(game.id, ability.id, hook)
    return Ctx(game, state, ability, src, you, vars or Bindings(), key)


def start_ability(
    game: Game[Any],
    state: State,
    ability: Ability,
    hook: str,
    source: int | None,
    you: int,
    vars: Bindings | None = None,
) -> bool:
    """Begin the ``hook`` effect of ``ability`` (False when it has none): immediate effects
    happen now, the others push an :class:`EffectStep`."""
    effect = ability.effect(hook)
    if effect is None:
        return False
    effect.start(ability_ctx(game, state, ability, hook, source, you, vars))
    return True


def ability_possible(
    game: Game[Any], state: State, ability: Ability, hook: str, source: int | None, you: int
) -> bool:
    """Whether ``ability``'s ``hook`` effect can be done in full now (a cost)."""
    effect = ability.effect(hook)
    if effect is None or effect.always_possible:
        return True
    src = None if source is None else CardRef(source)
    return effect.possible(Ctx(game, state, ability, src, you))
