"""A played game as a scenario a designer edits: ``cardwright play --record-scenario FILE``.

The scenario starts from a new game of the record's config and seed (``start: new``) and
makes every choice of the game in order, each with the seat that made it and, as a note, the
option's label; it ends by checking where the game stands. It passes as written; a designer
cuts the steps after the position they want and adds expectations.
"""

from __future__ import annotations

from typing import Any

import yaml

from cardwright.core.datafiles import write_text
from cardwright.games import get_game
from cardwright.sim.records import GameRecord

HEADER = """\
# Recorded with `cardwright play --record-scenario`: a new game of this config and seed, then
# every choice made, in order (`note` is what the option said). Edit freely: cut the steps
# after the position you want, add `expect` steps; `cardwright scenario run FILE` runs it.
"""


def scenario_from_record(record: GameRecord, name: str) -> dict[str, Any]:
    """The scenario (as data) that replays ``record``'s choices from a new game."""
    game = get_game(record.game)
    state = game.new_state(record.config, record.seed, log=False)
    steps: list[dict[str, Any]] = []
    for seat, choice in record.choices:
        assert state.decision is not None
        label = next(o.label for o in state.decision.options if o.id == choice)
        steps.append({"choose": choice, "by": state.names[seat], "note": label})
        game.apply(state, choice, seat)
    if state.result is not None:
        end: dict[str, Any] = {"over": True}
        if len(state.result.winners) == 1:
            end["winner"] = state.names[state.result.winners[0]]
    else:
        assert state.decision is not None
        end = {"decision": {"seat": state.names[state.decision.seat], "kind": state.decision.kind}}
    steps.append({"expect": end})
    return {
        "game": record.game,
        "name": name,
        "source": "cardwright play --record-scenario",
        "config": record.config,
        "seed": record.seed,
        "start": "new",
        "steps": steps,
    }


def write_scenario(record: GameRecord, path: Any, name: str) -> None:
    """Write the scenario of ``record`` to ``path`` (whole or not at all)."""
    data = scenario_from_record(record, name)
    text = yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)
    write_text(path, HEADER + text, "scenario file")
