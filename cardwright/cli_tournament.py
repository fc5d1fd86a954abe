"""The ``cardwright tournament`` command and ``cardwright bench --agent``, registered by
:mod:`cardwright.cli`, whose helpers they use (kept apart so that the two modules change
apart). No ``from __future__ import annotations`` here: typer reads the command's annotations,
which name ``cli``'s option types."""

import json
import sys
from collections.abc import Callable
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import MofNCompleteColumn, Progress, TimeElapsedColumn
from rich.table import Table

from cardwright.cli_help import GameArg, Json, Seed


def register(app: typer.Typer) -> None:
    """Add ``tournament`` to the ``cardwright`` command (called at the end of ``cli.py``)."""
    from cardwright import cli

    @app.command()
    def tournament(
        game: GameArg,
        agents: Annotated[
            str,
            typer.Option(
                help="The entrants, comma-separated agent specs, e.g. "
                "random,heuristic,ismcts:iterations=400 (see docs/agents.md)."
            ),
        ],
        n: Annotated[int, typer.Option("-n", help="Games per seating (seat order).")] = 10,
        seed: Seed = 0,
        jobs: Annotated[int, typer.Option(help="Worker processes.")] = 1,
        players: Annotated[
            int | None,
            typer.Option(help="Players per game (default: one per agent, at most the game's)."),
        ] = None,
        deck: cli.DeckList = None,
        factions: cli.FactionList = None,
        backend: Annotated[str, typer.Option(help="local (processes) or ray.")] = "local",
        as_json: Json = False,
        timing: Annotated[
            bool,
            typer.Option(
                "--timing", help="Add seconds and decisions per second per agent to --json."
            ),
        ] = False,
        option: cli.OptionList = None,
        rotations: Annotated[
            bool,
            typer.Option(
                "--rotations",
                help="Each group of agents in its rotations only (each agent once in each "
                "seat) rather than every seat order: 6 seatings of 6 players, not 720.",
            ),
        ] = False,
    ) -> None:
        """Round robin: every group of agents in every seat order, N games each; ratings
        (Bradley-Terry / Luce, 95% intervals), scores, a cross table, decisions per second."""
        from cardwright.agents.specs import split_agents
        from cardwright.sim.tournament import (
            Tournament,
            plan_tournament,
            run_tournament,
            seatings,
            summarize_tournament,
        )

        specs = split_agents(agents)
        config = cli.parse_options(option)
        cli.with_seat_choices(game, config, deck, factions, players)
        config, players = plan_tournament(game, specs, players, config, n, jobs, backend)
        total = n * len(seatings(len(specs), players, rotations))

        def run(progress: Callable[[int], None] | None = None) -> Tournament:
            return run_tournament(
                game, specs, n, players=players, seed=seed, jobs=jobs, config=config,
                backend=backend, progress=progress, rotations=rotations,
            )  # fmt: skip

        if as_json:
            summary = summarize_tournament(run(), timing=timing)
            sys.stdout.write(json.dumps(summary, indent=2, sort_keys=True) + "\n")
            return
        columns = (*Progress.get_default_columns(), MofNCompleteColumn(), TimeElapsedColumn())
        with Progress(*columns, console=cli.err, disable=not cli.err.is_terminal) as bar:
            task = bar.add_task(f"{game} tournament", total=total)
            t = run(lambda k: bar.advance(task, k))
        _print_summary(summarize_tournament(t, timing=True))


def _print_summary(summary: dict[str, Any]) -> None:
    from cardwright.cli import out

    title = (
        f"{summary['game']}: {summary['games']} games, {summary['players']} players, "
        f"{summary['seatings']} seatings x {summary['games_per_seating']}, seed {summary['seed']}"
    )
    table = Table(
        "agent", "rating", "95% interval", "score", "95% interval", "decisions/s", title=title
    )
    for row in summary["ratings"]:
        lo, hi = row["rating_ci95"]
        slo, shi = row["ci95"]
        table.add_row(
            escape(row["agent"]),
            f"{row['rating']:+.0f}",
            f"{lo:+.0f} to {hi:+.0f}",
            f"{row['score']:g}/{row['games']} ({row['rate']:.1%})",
            f"{slo:.1%} - {shi:.1%}",
            f"{row['decisions_per_second']:,.1f}",
        )
    out.print(table)
    names = summary["agents"]
    cross = Table("row vs column", *(escape(n) for n in names), title="Share of the wins")
    for name in names:
        cells = []
        for other in names:
            cell = summary["cross"][name].get(other)
            cells.append("" if cell is None else f"{cell['rate']:.0%} ({cell['games']})")
        cross.add_row(escape(name), *cells)
    out.print(cross)
    out.print(
        f"draws {summary['draws']}; mean length {summary['mean_turns']} turns. Ratings: "
        "Elo scale, mean 0 (docs/agents.md)."
    )


def bench_agent(
    game: str, spec: str, seconds: float, seed: int, rounds: int, config: dict[str, Any]
) -> dict[str, Any]:
    """``cardwright bench GAME --agent SPEC`` (see :mod:`cardwright.agents.bench`)."""
    from cardwright.agents.bench import run_search_bench

    return run_search_bench(game, spec, seconds=seconds, seed=seed, rounds=rounds, config=config)
