"""The ``cardwright play`` command (registered by :mod:`cardwright.cli`, whose shared options
it uses): a new game against the AI, or a saved one resumed (``--resume``). The game itself
runs in :mod:`cardwright.terminal`. No ``from __future__ import annotations`` here: typer
reads the command's annotations, which name ``cli``'s option types."""

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from cardwright.core.errors import ConfigError, DataError
from cardwright.core.game import Game
from cardwright.core.state import State
from cardwright.terminal.layout import say


def register(app: typer.Typer) -> None:
    """Add ``play`` to the ``cardwright`` command (called by ``cli.py``)."""
    from cardwright import cli

    @app.command()
    def play(
        game: Annotated[
            str | None,
            typer.Argument(
                help="The game to play (cardwright games lists them).", show_default=False
            ),
        ] = None,
        seat: Annotated[
            int | None, typer.Option(help="Your seat: 0 plays first, 1 second, and so on.")
        ] = None,
        opponent: Annotated[
            str | None,
            typer.Option(
                help="The AI: heuristic (the default), random or ismcts[:KEY=VALUE,...] "
                "(docs/agents.md)."
            ),
        ] = None,
        seed: Annotated[
            int | None, typer.Option(help="The game's random seed (default: from the clock).")
        ] = None,
        deck: cli.DeckList = None,
        name: Annotated[str | None, typer.Option(help="Your name on the screen.")] = None,
        players: Annotated[
            int | None, typer.Option(help="How many play (for games of 3 or more).")
        ] = None,
        factions: cli.FactionList = None,
        save: Annotated[
            Path | None,
            typer.Option(
                help="Save the game here when it ends, when you quit or press Ctrl-C "
                "(with --resume: the resumed file)."
            ),
        ] = None,
        resume: Annotated[
            Path | None,
            typer.Option(help="Go on with a game saved by --save (or s FILE during a game)."),
        ] = None,
        record_scenario: Annotated[
            Path | None,
            typer.Option(help="Also write the game as a scenario file (YAML) to edit into a case."),
        ] = None,
        show_ids: Annotated[
            bool,
            typer.Option("--show-ids", help="Show each option's id (what scenarios name)."),
        ] = False,
        option: cli.OptionList = None,
    ) -> None:
        """Play in the terminal against the AI, seeing only what your seat may see. Type an
        option's number; h in the game lists the commands."""
        from cardwright.core.datafiles import check_writable

        if resume is not None:
            given = {
                "--seat": seat, "--opponent": opponent, "--seed": seed, "--deck": deck,
                "--name": name, "--players": players, "--factions": factions, "--option": option,
            }  # fmt: skip
            clash = [flag for flag, value in given.items() if value not in (None, [])]
            if clash:
                raise ConfigError(
                    f"--resume goes on with the saved game as it was set up; leave out "
                    f"{', '.join(clash)}"
                )
            save = resume if save is None else save
        if save is not None:
            check_writable(save, "saved game")  # before the game, not when it is over
        if record_scenario is not None:
            check_writable(record_scenario, "scenario file")
        keep = Keep(save, record_scenario)
        if resume is not None:
            g, state, record, ai, me = _resumed(resume, game)
        else:
            g, state, record, ai, me = _new_game(
                cli, game or "bizarre-world", seat or 0, opponent or "heuristic", seed, deck,
                name or "Human", players, factions, option,
            )  # fmt: skip
        _play(g, state, me, ai, record, keep, show_ids)


def _new_game(
    cli: Any,
    game: str,
    seat: int,
    opponent: str,
    seed: int | None,
    deck: list[str] | None,
    name: str,
    players: int | None,
    factions: list[str] | None,
    option: list[str] | None,
) -> tuple[Game, State, Any, Any, int]:
    import time

    from cardwright.agents import make_agent
    from cardwright.games import GAMES, get_game
    from cardwright.sim.deal import deal
    from cardwright.sim.records import GameRecord
    from cardwright.sim.seats import player_count

    g = get_game(game)
    status = GAMES[game].status_line()
    if not status.startswith("complete"):
        say(cli.err, f"note: {g.title} is {escape(status)}")
    config = cli.parse_options(option)
    cli.with_seat_choices(game, config, deck, factions, players)
    count = player_count(game, config, players=players)
    if "players" in g.default_config():
        config["players"] = count
    if seat not in range(count):
        raise ConfigError(f"--seat {seat}: {count} players sit in seats 0 to {count - 1}")
    entry = GAMES[game]
    chosen = config.get(entry.seat_key)
    if entry.seat_pairs and isinstance(chosen, list) and len(chosen) == 1 and seat:
        config[entry.seat_key] = [None] * seat + chosen  # one pair: the human's own
    if "names" not in config and "names" in g.default_config():
        ais = ["AI"] if count == 2 else [f"AI {i}" for i in range(1, count)]
        config["names"] = [*ais[:seat], name, *ais[seat:]][:count]
    seed = int(time.time()) % 100000 if seed is None else seed
    state = g.new_state(deal(game, config, seed), seed)
    ai = make_agent(opponent, game, seed)
    thinking = getattr(ai, "budget_text", None)
    if thinking is not None:
        say(cli.out, f"The AI ({escape(opponent)}) thinks {escape(thinking())}.")
    record = GameRecord(
        game=game,
        config=dict(state.config),
        seed=seed,
        choices=[],
        agents=["human" if i == seat else opponent for i in range(state.num_players)],
    )
    say(
        cli.out,
        f"[bold]{g.title}[/bold] (seed {seed}). Type an option's number; "
        "h for help and the commands, q to quit.",
    )
    return g, state, record, ai, seat


def _resumed(path: Path, game: str | None) -> tuple[Game, State, Any, Any, int]:
    """The saved game at ``path`` played up to where it was left, the AI brought along by
    showing it each of its own recorded decisions (so it goes on as it would have)."""
    from cardwright import cli
    from cardwright.agents import make_agent
    from cardwright.games import get_game
    from cardwright.sim.records import load_record

    record = load_record(path)
    if game is not None and game != record.game:
        raise ConfigError(f"{path} is a game of {record.game}, not {game}")
    humans = [i for i, agent in enumerate(record.agents) if agent == "human"]
    if len(humans) != 1:
        raise DataError(
            f"{path}: not a game played with cardwright play (no seat of a person); "
            f"cardwright replay or explain read it"
        )
    seat = humans[0]
    opponent = next(a for a in record.agents if a != "human")
    g = get_game(record.game)
    state = g.new_state(record.config, record.seed)
    ai = make_agent(opponent, record.game, record.seed)
    differs = None
    for step, (who, choice) in enumerate(record.choices, start=1):
        if state.decision is None:
            raise DataError(f"{path}: choice {step} comes after the end of the game")
        if who != seat and differs is None and ai.choose(g, state, who) != choice:
            differs = step
        try:
            g.apply(state, choice, who)
        except Exception as exc:
            raise DataError(f"{path}: choice {step}: {exc}") from None
    if state.result is not None:
        raise DataError(
            f"{path}: this game is over ({state.result.reason}); cardwright replay checks it"
        )
    say(
        cli.out,
        f"[bold]{g.title}[/bold] (seed {record.seed}), resumed from {escape(str(path))} "
        f"after {len(record.choices)} choices. Type an option's number; h for help.",
    )
    if differs is not None:
        say(
            cli.err,
            f"note: from choice {differs} on, the AI ({escape(opponent)}) would now choose "
            "otherwise than the saved game did (another version, or a time budget)",
        )
    return g, state, record, ai, seat


def _play(g: Game, state: State, seat: int, ai: Any, record: Any, keep: "Keep", ids: bool) -> None:
    from cardwright import cli
    from cardwright.terminal.session import Session

    session = Session(g, state, seat, ai, record, keep, cli.out, cli.err, show_ids=ids)
    try:
        finished = session.run()
    except KeyboardInterrupt:  # Ctrl-C: keep what was played
        say(cli.out, "\ninterrupted: game abandoned")
        keep(record, None)
        raise typer.Exit(130) from None
    if not finished:  # the player quit
        return
    assert state.result is not None
    cli.out.rule()
    say(cli.out, f"[bold]Game over:[/bold] {escape(state.result.reason)}")
    keep(record, state)


class Keep:
    """What ``play`` keeps of a game, finished or not: the record (``--save``) and the
    scenario (``--record-scenario``)."""

    def __init__(self, save: Path | None, scenario: Path | None) -> None:
        self.save, self.scenario = save, scenario

    def __call__(self, record: Any, state: State | None) -> None:
        """Keep the game; without ``state`` (interrupted, perhaps inside a move) the recorded
        choices are replayed to find the state they reach."""
        from cardwright.cli import out
        from cardwright.games import get_game
        from cardwright.sim.records import finish_record, replay, save_record

        if state is None:
            _, state = replay(record, log=False)
        finish_record(record, state)
        over = state.result is not None
        if self.save:
            save_record(record, self.save)
            if over:
                say(out, f"saved to {escape(str(self.save))} (cardwright replay checks it)")
            else:
                where = escape(str(self.save))
                say(
                    out, f"saved the game so far to {where} (play --resume {where} goes on with it)"
                )
        if self.scenario:
            from cardwright.scenarios.record import write_scenario

            title = get_game(record.game).title
            write_scenario(record, self.scenario, f"{title}, seed {record.seed}, as played")
            say(
                out,
                f"wrote the scenario {escape(str(self.scenario))} "
                "(cardwright scenario run runs it)",
            )
