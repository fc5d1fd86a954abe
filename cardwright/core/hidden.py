"""What a game knows of hidden information: the hooks that say which cards a seat may identify,
and what it knows of the others, for views and determinization (:mod:`.views`).

:class:`HiddenInformation` is a mixin of :class:`~.game.Game` (a game overrides these hooks on
its own class, like every other hook); the views themselves (``Game.view``,
``Game.determinize``) are the protocol's and stay on :class:`~.game.Game`. By default a card's
visibility follows its zone alone (:attr:`~HiddenInformation.hidden_zones`,
:attr:`~HiddenInformation.owner_zones`), and a game whose seats play decks of their own
(:attr:`~HiddenInformation.own_decklists`) gets its pools from them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Generic

from .errors import EngineError
from .steps import S

if TYPE_CHECKING:
    from .rng import LocalRng
    from .state import Card


class HiddenInformation(Generic[S]):
    """The hidden-information hooks of :class:`~.game.Game`, with their defaults."""

    #: the game's id (:attr:`.game.Game.id`), which names the game in errors
    id: ClassVar[str]
    #: who identifies a card by its zone alone (the zone's name before ``:seat``): the zones
    #: nobody does (a deck) and those only their owner does (a hand); the rest are public.
    #: What :meth:`card_visible` says by default (a game whose cards' visibility depends on
    #: more than the zone overrides that)
    hidden_zones: ClassVar[frozenset[str]] = frozenset()
    owner_zones: ClassVar[frozenset[str]] = frozenset()
    #: each seat plays a deck of its own whose list it knows: a card hidden from a seat in its
    #: own zones comes from the pool ``deck:SEAT`` (known to it), another seat's from
    #: ``hidden:SEAT`` (known with the ``open_decklists`` rule option); see :meth:`pool_key`
    own_decklists: ClassVar[bool] = False

    def card_visible(self, state: S, zone: str, card: Card, seat: int) -> bool:
        """Whether ``seat`` may know the identity of ``card`` in ``zone``. Default: by the zone
        alone (:meth:`zone_visible`; every card is public unless the game names zones)."""
        return self.zone_visible(zone, seat)

    @classmethod
    def zone_visible(cls, zone: str, seat: int) -> bool:
        """Whether ``seat`` identifies the cards of ``zone`` by :attr:`hidden_zones` and
        :attr:`owner_zones` (``hand:1`` is seat 1's hand)."""
        kind, _, owner = zone.partition(":")
        if kind in cls.hidden_zones:
            return False
        if kind in cls.owner_zones:
            return int(owner) == seat
        return True

    def pool_key(self, state: S, zone: str, seat: int) -> str:
        """Which pool a card hidden from ``seat`` in ``zone`` is drawn from when determinizing.

        Cards in the same pool may be swapped with each other without ``seat`` noticing.
        Default: ``hidden:OWNER``, or, in a game of :attr:`own_decklists`, ``deck:SEAT`` for
        the seat's own cards.
        """
        owner = zone.rsplit(":", 1)[-1]
        if self.own_decklists and int(owner) == seat:
            return f"deck:{owner}"
        return f"hidden:{owner}"

    def pool_known(self, state: S, pool: str, seat: int) -> bool:
        """Whether ``seat`` knows which cards make up ``pool`` (e.g. its own decklist).
        Default: in a game of :attr:`own_decklists`, a seat's own deck pool, and every pool
        with the ``open_decklists`` rule option; otherwise none."""
        if not self.own_decklists:
            return False
        return pool.startswith("deck:") or bool(state.config.get("open_decklists"))

    def sample_unknown(self, state: S, pool: str, count: int, rng: LocalRng) -> list[str]:
        """Card definitions for ``count`` hidden cards whose pool the viewer does not know."""
        raise EngineError(f"{self.id}: no prior for unknown pool {pool!r}")

    def pool_owner(self, pool: str) -> int:
        """The seat whose cards make up ``pool`` (for a game's prior: ``sample_unknown``)."""
        return int(pool.rsplit(":", 1)[-1])

    def complete_determinized(self, view: S, state: S, seed: int) -> None:
        """Called by determinization after the placeholders are dealt and before another
        seat's decision is re-asked: a game whose hidden places constrain what may lie there
        (a face-down bluff must be a bluff card) rearranges the dealt cards here, keeping each
        pool's contents and each place's public status: exchange the dealt cards'
        definitions, not the cards (a card's exhausted, face-up, counters, owner and
        controller are its place's, as the view showed them). The default does nothing."""

    def mask_config(self, config: dict[str, Any], seat: int) -> dict[str, Any]:
        """The rule options as ``seat`` may see them (hide other players' decklists here)."""
        return config
