"""The ``cardwright report`` command (registered on the main app by ``cardwright.cli``).

No ``from __future__ import annotations`` here: typer reads the annotations of the command,
which name the main command's shared options through the ``cli`` module handed to
:func:`register` (``cardwright.cli`` may be running as ``__main__``, so it is not imported).
"""

from pathlib import Path
from types import ModuleType
from typing import Annotated

import typer

from cardwright.cli_help import GameArg, Json, Seed
from cardwright.core.errors import ConfigError


def register(app: typer.Typer, cli: ModuleType) -> None:
    """Add ``report`` to the ``cardwright`` command; ``cli`` is the main command's module
    (its shared options and batch helpers)."""

    @app.command()
    def report(
        game: GameArg,
        store: Annotated[
            Path | None,
            typer.Option("--from", help="A game store written by simulate --out (.duckdb)."),
        ] = None,
        output: Annotated[Path, typer.Option("--output", help="The HTML file to write.")] = Path(
            "report.html"
        ),
        run: Annotated[
            list[int] | None, typer.Option("--run", help="Only this run of the store (repeat).")
        ] = None,
        against: Annotated[
            Path | None,
            typer.Option(
                "--against",
                help="The store of the games before a change: the report (of --from, after) "
                "then says which cards changed, and each change of a win rate, play rate or "
                "game length with its 95% interval.",
            ),
        ] = None,
        against_run: Annotated[
            list[int] | None,
            typer.Option(
                "--against-run",
                help="Only this run of the --against store (repeat); without --against, a run "
                "of the --from store itself.",
            ),
        ] = None,
        threads: Annotated[
            int | None, typer.Option(help="DuckDB threads (default: every core).")
        ] = None,
        n: Annotated[
            int | None, typer.Option("-n", help="Play N games now instead of --from.")
        ] = None,
        agents: Annotated[
            str | None,
            typer.Option(
                help="With -n: one agent per seat, or one for every seat (default: heuristic)."
            ),
        ] = None,
        seed: Annotated[int, typer.Option(help="With -n: the batch seed.")] = 0,
        jobs: Annotated[int, typer.Option(help="With -n: worker processes.")] = 1,
        players: Annotated[int | None, typer.Option(help="With -n: players.")] = None,
        # the two option types are values of the cli module, which mypy cannot see as types
        deck: cli.DeckList = None,  # type: ignore[name-defined]
        factions: cli.FactionList = None,  # type: ignore[name-defined]
        backend: Annotated[str, typer.Option(help="With -n: local or ray.")] = "local",
        out_store: Annotated[
            Path | None,
            typer.Option(
                "--out",
                help="With -n: the store to append the games to (default: beside --output).",
            ),
        ] = None,
        option: Annotated[
            list[str] | None,
            typer.Option(
                "--option",
                "-o",
                help="With -n: a rule option KEY=VALUE (repeatable), as in simulate.",
            ),
        ] = None,
    ) -> None:
        """Write a self-contained HTML balance report (summary, win-rate matrix, turn order,
        lengths, scores over turns, per-card impact, cards never played, games to replay, a CSV
        of every table) from stored games, or from N games played now with the simulate
        options (by default the heuristic in every seat and every deck, people or faction pair
        dealt at random); with --against, what changed since another run."""
        from cardwright.games import GAMES, get_game
        from cardwright.report.build import build_report, check_output
        from cardwright.sim.store import check_path
        from cardwright.sim.trace import report_hooks

        for item in option or []:  # -o once named the output file: say so, never guess
            if "=" not in item:
                raise ConfigError(
                    f"-o {item}: -o is a rule option (KEY=VALUE) here as in simulate; "
                    f"write --output {item} for the report's file"
                )
        check_output(output)
        if against is not None and not against.is_file():
            raise ConfigError(f"--against {against}: no such game store")
        if store is not None:
            if n is not None or out_store is not None:
                raise ConfigError("--from reports on stored games; -n and --out play new ones")
        else:
            if n is None:
                raise ConfigError(
                    "give --from FILE (games stored by simulate --out) or -n N to play games now"
                )
            store = out_store or output.with_suffix(".duckdb")
            if out_store is None and store.exists():
                raise ConfigError(
                    f"{store} exists: report on it with --from {store}, or append to it "
                    f"with --out {store}"
                )
            same = against is None or against.resolve() == store.resolve()
            if (against_run or against) and same and (against_run is None or not store.exists()):
                raise ConfigError(
                    f"{store} is the store -n appends to: name its earlier runs to compare with "
                    f"(--against-run R), or compare with another store (--against FILE)"
                )
            check_path(store)
            names, config = cli.batch_setup(
                game, n, agents, players, deck, factions, option, every_seat="heuristic"
            )
            g = get_game(game)
            choices = {GAMES[game].seat_key} | {
                k for k, v in g.default_config().items() if isinstance(v, list) and k != "names"
            }
            if (
                report_hooks(game).pool is not None
                and not deck
                and not factions
                and not (choices & set(cli.parse_options(option)))
            ):  # every deck, people or faction pair: one dealt at random for each game
                config[GAMES[game].seat_key] = ["any"] * len(names)
            cli.run_batch(game, n, names, config, seed, jobs, backend, store, bar=True)
        built = build_report(
            store,
            game,
            output,
            runs=run,
            threads=threads,
            against=against,
            against_runs=against_run,
        )
        compared = f", compared with {against or store}" if against or against_run else ""
        cli.out.print(
            f"{built.path}: {built.games:,} games{compared}, {len(built.charts)} charts, "
            f"{built.size / 1e6:.1f} MB, built in {built.seconds:.1f} s"
        )

    @app.command()
    def balance(
        game: GameArg,
        pairings: Annotated[
            list[str] | None,
            typer.Option(
                "--pairings",
                help="A matchup to play, one choice per seat separated by ':', e.g. "
                "aliens+dinosaurs:ninjas+pirates (repeatable).",
            ),
        ] = None,
        sample: Annotated[
            int | None,
            typer.Option(
                "--sample",
                help="Play N matchups drawn (by --seed) from every matchup of the factions "
                "(or of --among).",
            ),
        ] = None,
        among: Annotated[
            str | None,
            typer.Option(
                "--among",
                help="Only these factions (comma-separated); without --sample, every matchup "
                "they make.",
            ),
        ] = None,
        players: Annotated[
            int | None, typer.Option(help="Seats per matchup with --sample or --among.")
        ] = None,
        agent: Annotated[
            str, typer.Option(help="The agent at every seat, e.g. heuristic or ismcts.")
        ] = "heuristic",
        games: Annotated[
            int,
            typer.Option(
                "--games-per-pairing",
                help="Games per matchup, split evenly between its seat orders.",
            ),
        ] = 10,
        seed: Seed = 0,
        jobs: Annotated[int, typer.Option(help="Worker processes.")] = 1,
        backend: Annotated[str, typer.Option(help="local (processes) or ray.")] = "local",
        out_store: Annotated[
            Path,
            typer.Option("--out", help="The game store the games are appended to (.duckdb)."),
        ] = Path("balance.duckdb"),
        from_store: Annotated[
            Path | None,
            typer.Option("--from", help="Play nothing: the figures of the games of this store."),
        ] = None,
        run: Annotated[
            list[int] | None, typer.Option("--run", help="With --from: only this run (repeat).")
        ] = None,
        as_json: Json = False,
        option: Annotated[
            list[str] | None,
            typer.Option(
                "--option", "-o", help="A rule option KEY=VALUE (repeatable), as in simulate."
            ),
        ] = None,
    ) -> None:
        """Balance across factions: play every matchup of two (or more) decks you name, or
        a seeded sample of all of them, with one agent at every seat, into a game store; then
        each faction's share of the wins with its 95% interval, its first-turn advantage and
        its games (docs/records.md, "Balance")."""
        import json
        import sys

        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

        from cardwright.report.balance import figures, plan, play, rotations
        from cardwright.sim.store import check_path

        if from_store is not None:
            played = [pairings, sample, among, players, option]
            if any(x for x in played) or games != 10:
                raise ConfigError("--from reports on stored games; it plays none")
            result = figures(from_store, game, run)
            where = from_store
        else:
            if run:
                raise ConfigError("--run picks runs of a store read with --from")
            config = cli.parse_options(option)
            chosen = [a.strip() for a in among.split(",")] if among else []
            p = plan(
                game, pairings=pairings or (), sample=sample, among=chosen, players=players,
                agent=agent, games=games, seed=seed, config=config,
            )  # fmt: skip
            check_path(out_store)
            todo = rotations(p)
            with Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=cli.err,
                disable=as_json or not cli.err.is_terminal,
            ) as bar:
                task = bar.add_task(
                    f"{game}: {len(p.matchups)} matchups", total=sum(k for _, _, k in todo)
                )
                runs = play(
                    p, out_store, seed=seed, jobs=jobs, backend=backend,
                    progress=lambda k: bar.advance(task, k),
                )  # fmt: skip
            result = figures(out_store, game, runs)
            where = out_store
        if as_json:
            sys.stdout.write(json.dumps(result.as_json(), indent=2, sort_keys=True) + "\n")
            return
        _print_balance(cli, result, where)


def _print_balance(cli: ModuleType, f: object, where: Path) -> None:
    from rich.markup import escape
    from rich.table import Table

    from cardwright.report.balance import Figures

    assert isinstance(f, Figures)
    noun = f.part_noun
    table = Table(
        noun,
        "games",
        "wins",
        "win share (95% interval)",
        "first-turn advantage (95%)",
        title=f"{f.game}: {f.games:,} games, {', '.join(map(str, f.players))} players",
    )
    for p in f.parts:
        lo, hi = p.rate.ci
        d, dlo, dhi = p.advantage
        table.add_row(
            escape(p.part),
            str(p.rate.n),
            str(p.wins),
            f"{p.rate.value:.1%} ({lo:.1%} - {hi:.1%})",
            "" if d != d else f"{d:+.1%} ({dlo:+.1%} to {dhi:+.1%})",
        )
    cli.out.print(table)
    first = f.first_seat
    lo, hi = first.ci
    runs = f"run {f.runs[0]}" if len(f.runs) == 1 else f"runs {f.runs[0]}-{f.runs[-1]}"
    cli.out.print(
        f"The seat taking the first turn: {first.value:.1%} ({lo:.1%} - {hi:.1%}); draws "
        f"{f.draws}; mean length {f.mean_turns:.1f} turns. A draw counts half a win; "
        f"intervals are 95% (Wilson; Newcombe for the advantage). Games: {escape(str(where))}, "
        f"{runs} (cardwright report {f.game} --from {escape(str(where))})."
    )
