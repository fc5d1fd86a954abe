"""The checks the RL interfaces must pass, as plain functions (used by ``tests/rl``), each
raising ``AssertionError`` naming the game, the seed and the step.

* :func:`check_catalogue`: every option of the pending decision has an index, no two share
  one, and index -> option -> index is exact;
* :func:`check_seen`: the encoding read from the state through the game's visibility rules
  is, byte for byte, the encoding of the seat's view (``game.view``);
* :func:`check_encoding_swaps`: the conformance suite's hidden swaps
  (:func:`cardwright.conformance.hidden_swaps`) change no byte of the seat's observation or
  action mask.
"""

from __future__ import annotations

from typing import Any

from cardwright.agents import RandomAgent
from cardwright.conformance import hidden_swaps
from cardwright.core.rng import LocalRng
from cardwright.core.state import State

from .catalogue import Catalogue
from .observe import Encoder


def check_catalogue(catalogue: Catalogue, state: State, where: str) -> list[int]:
    decision = state.decision
    assert decision is not None
    indices = catalogue.indices(decision, state.cards)
    assert len(set(indices)) == len(indices), (
        f"{where}: two options of a {decision.kind} decision share an index: "
        f"{[(o.id, i) for o, i in zip(decision.options, indices, strict=True)]}"
    )
    for option, index in zip(decision.options, indices, strict=True):
        assert 0 <= index < catalogue.size, f"{where}: {option.id} -> {index}, out of range"
        back = catalogue.option(decision, index, state.cards)
        assert back is option, f"{where}: {option.id} -> {index} -> {back.id}"
    return indices


def check_seen(encoder: Encoder, state: State, seat: int, where: str) -> None:
    game = encoder.game
    fast = encoder.encode(state, seat)
    view = game.view(state, seat)
    slow = encoder.encode(view, seat)
    if fast.tobytes() != slow.tobytes():
        differ = [
            f"{s.name}[{i - s.offset}]: {fast[i]} (state) != {slow[i]} (view)"
            for i in (fast != slow).nonzero()[0][:5]
            for s in encoder.sections
            if s.offset <= i < s.offset + s.size
        ]
        raise AssertionError(f"{where}: seat {seat}'s encoding is not its view's: {differ}")
    if state.decision is not None and state.decision.seat == seat:
        assert encoder.mask(state, seat).tobytes() == encoder.mask(view, seat).tobytes(), (
            f"{where}: seat {seat}'s action mask is not its view's"
        )


def check_encoding_swaps(
    encoder: Encoder, state: State, seat: int, where: str, rng: LocalRng, tries: int = 3
) -> int:
    """Hidden cards of ``seat`` exchanged change no byte of its observation and mask; returns
    how many exchanged states were compared."""
    obs = encoder.encode(state, seat).tobytes()
    mask = encoder.mask(state, seat).tobytes()
    compared = 0
    for what, swapped in hidden_swaps(encoder.game, state, seat, rng, tries):
        assert encoder.encode(swapped, seat).tobytes() == obs, (
            f"{where}: seat {seat}'s observation tells {what} apart"
        )
        assert encoder.mask(swapped, seat).tobytes() == mask, (
            f"{where}: seat {seat}'s action mask tells {what} apart"
        )
        compared += 1
    return compared


def play_checked(
    encoder: Encoder,
    seed: int,
    *,
    seen_every: int = 1,
    swaps_every: int = 5,
    config: dict[str, Any] | None = None,
) -> dict[str, int]:
    """A random game of the encoder's game and config from ``seed``, with the catalogue
    checked at every step, the encodings against the views every ``seen_every`` steps (every
    seat), and the hidden swaps every ``swaps_every`` steps (every seat). Returns counts."""
    game, catalogue = encoder.game, encoder.catalogue
    state = game.new_state(config or catalogue.rules, seed, log=False)
    agent, rng = RandomAgent(seed), LocalRng(seed)
    steps = swaps = 0
    while state.decision is not None:
        where = f"{game.id} seed {seed} step {steps}"
        check_catalogue(catalogue, state, where)
        for seat in range(state.num_players):
            if seen_every and steps % seen_every == 0:
                check_seen(encoder, state, seat, where)
            if swaps_every and steps % swaps_every == 0:
                swaps += check_encoding_swaps(encoder, state, seat, where, rng)
        game.apply(state, agent.choose(game, state, state.decision.seat))
        steps += 1
    return {"steps": steps, "swaps": swaps}
