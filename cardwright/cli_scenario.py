"""The ``cardwright scenario`` commands (``run``, ``options``), registered by
:mod:`cardwright.cli` (kept apart so that the two modules change apart). No ``from __future__
import annotations`` here: typer reads the commands' annotations."""

import sys
from pathlib import Path
from typing import Annotated

import typer
from rich.markup import escape

from cardwright.cli_help import GameArg
from cardwright.core.errors import CardwrightError, DataError


def register(scenario_app: typer.Typer) -> None:
    """Add ``scenario run`` and ``scenario options`` (called by ``cli.py``)."""
    from cardwright.cli import err, out

    @scenario_app.command("run")
    def scenario_run(
        paths: Annotated[
            list[Path], typer.Argument(help="Scenario files (.yaml), or folders of them.")
        ],
        verbose: Annotated[bool, typer.Option("-v", help="Show passes too.")] = False,
    ) -> None:
        """Run scenario files (or folders of them); exit 1 if any case fails, 2 if a file is
        malformed (each malformed case is an error line on stderr)."""
        from cardwright.scenarios import load_scenarios, run_scenario

        files: list[Path] = []
        for p in paths:
            if p.is_dir():
                found = sorted(p.rglob("*.yaml")) + sorted(p.rglob("*.yml"))
                if not found:
                    raise DataError(f"{p}: no scenario files (*.yaml, *.yml) in this folder")
                files += found
            elif p.exists():
                files.append(p)
            else:
                raise DataError(f"{p}: no such scenario file or folder")
        passed = failed = malformed = 0
        for f in files:
            try:
                scenarios = load_scenarios(f)
            except CardwrightError as exc:
                err.print(f"error: {escape(str(exc))}")
                malformed += 1
                continue
            for scenario in scenarios:
                result = run_scenario(scenario)
                if result.passed:
                    passed += 1
                    if verbose:
                        out.print(f"[green]{escape(result.describe())}[/green]")
                elif result.malformed:
                    malformed += 1
                    err.print(f"error: {escape(result.describe())}")
                else:
                    failed += 1
                    out.print(f"[red]{escape(result.describe())}[/red]")
                    for line in result.citations:
                        out.print(f"    [dim]{escape(line)}[/dim]")
        tally = f"{passed} passed, {failed} failed" + (f", {malformed} malformed" * bool(malformed))
        out.print(tally)
        if malformed or failed:
            raise typer.Exit(2 if malformed else 1)

    @scenario_app.command("options")
    def scenario_options(game: GameArg) -> None:
        """The option ids of every decision kind of GAME, with what each means (a Markdown table,
        the one docs/scenarios.md holds): what a scenario's choose, reject and options name."""
        from cardwright.core.option_ids import LEGEND
        from cardwright.games import option_forms

        sys.stdout.write(f"{option_forms(game).markdown()}\n\n{LEGEND}\n")
