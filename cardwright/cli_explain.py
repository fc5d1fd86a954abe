"""The ``cardwright explain`` command (registered by :mod:`cardwright.cli`, whose shared
options it uses): a saved or stored game's log with the rule behind each event (each rule's
paraphrase the first time it comes up), each choice with who made it (a person or which AI),
filtered by turn, rule and seat. No ``from __future__ import annotations`` here: typer reads
the command's annotations."""

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape

from cardwright.core.errors import ConfigError
from cardwright.terminal.layout import say


@dataclass(frozen=True)
class Choice:
    """A choice of the game: made before the event numbered ``seq``, in turn ``turn``."""

    seq: int
    turn: int
    seat: int
    label: str
    prompt: str
    rule: str


def register(app: typer.Typer) -> None:
    """Add ``explain`` to the ``cardwright`` command (called by ``cli.py``)."""
    from cardwright import cli

    @app.command()
    def explain(
        path: Annotated[
            Path | None, typer.Argument(help="A saved game (play --save, or a record file).")
        ] = None,
        seat: Annotated[
            int | None,
            typer.Option(help="Only what this seat saw: its view of the log and its own choices."),
        ] = None,
        turn: Annotated[
            str | None,
            typer.Option(help="Only these turns: one (7) or a range (3-5)."),
        ] = None,
        rule: Annotated[
            list[str] | None,
            typer.Option(
                help="Only events and choices under this rule or its family: an id "
                "(su.play.minion) or the start of ids (su.play); repeatable."
            ),
        ] = None,
        store: cli.FromStore = None,
        game_no: cli.GameNo = None,
    ) -> None:
        """A saved or stored game's log: each event with the rule behind it (each rule's
        paraphrase the first time it comes up) and each choice with who made it, a person or
        an AI."""
        name, record = cli._load(path, store, game_no)
        first, last = _turns(turn)
        g, state, choices = _replayed(cli, name, record)
        if seat is not None and seat not in range(state.num_players):
            raise ConfigError(f"--seat {seat}: seats are 0 to {state.num_players - 1}")
        view = g.view(state, seat) if seat is not None else state
        wanted = tuple(rule or ())
        unknown = [r for r in wanted if not any(x.id.startswith(r) for x in g.rules)]
        if unknown:
            raise ConfigError(f"--rule {unknown[0]}: no rule of {g.title} starts so")
        agents = record.agents or []
        said: set[str] = set()
        pending = [c for c in choices if seat is None or c.seat == seat]

        def keep(turn_no: int, rule_id: str) -> bool:
            return first <= turn_no <= last and (not wanted or rule_id.startswith(wanted))

        def show_choice(c: Choice) -> None:
            if not keep(c.turn, c.rule):
                return
            who = view.names[c.seat] if c.seat < len(view.names) else f"seat {c.seat}"
            agent = agents[c.seat] if c.seat < len(agents) else ""
            mark = "[green]a person[/green]" if agent == "human" else escape(agent or "an agent")
            say(
                cli.out,
                f"   [cyan]> {escape(who)} ({mark}) chose[/cyan] {escape(c.label)} "
                f"[dim]({escape(c.prompt)})[/dim]",
                0,
                7,
            )

        shown = 0
        for event in view.log:
            while pending and pending[0].seq <= event.seq:
                show_choice(pending.pop(0))
            if not keep(event.turn, event.rule):
                continue
            shown += 1
            say(
                cli.out,
                f"[bold]T{event.turn}[/bold] {escape(event.text)} [dim]\\[{event.rule}][/dim]",
                0,
                4,
            )
            found = g.rules.get(event.rule)
            if found is not None and found.id not in said:
                said.add(found.id)
                say(
                    cli.out,
                    f"     [dim]{found.id}: {escape(found.text)} ({escape(found.source)})[/dim]",
                    0,
                    7,
                )
        for c in pending:
            show_choice(c)
        if not shown and (turn or wanted):
            say(cli.out, "no event of the game is in the turns and rules asked for")


def _turns(text: str | None) -> tuple[int, int]:
    """``--turn 7`` or ``--turn 3-5`` as (first, last); a bad one is a one-line error."""
    if text is None:
        return 0, 10**9
    low, sep, high = text.partition("-")
    try:
        first = int(low)
        last = int(high) if sep else first
    except ValueError:
        raise ConfigError(f"--turn {text}: write a turn (7) or a range of turns (3-5)") from None
    if first > last or first < 0:
        raise ConfigError(f"--turn {text}: the first turn comes first, e.g. 3-5")
    return first, last


def _replayed(cli: Any, name: str, record: Any) -> tuple[Any, Any, list[Choice]]:
    """The record replayed with its log, and every choice in it with where it came in the log.
    One that no longer replays is replayed as far as it goes, with a warning and what changed
    since it was recorded (docs/records.md); one that cannot start is exit status 1; a bad
    file (nothing changed since, yet it does not fit) is one error line."""
    from cardwright.sim.records import check_replay

    choices: list[Choice] = []

    def note(state: Any, seat: int, option_id: str) -> None:
        decision = state.decision
        if decision is None:
            return  # the replay stops at this choice
        option = next((o for o in decision.options if o.id == option_id), None)
        label = option.label if option is not None else option_id
        seq = state.log[-1].seq + 1 if state.log else 0
        choices.append(Choice(seq, state.turn, seat, label, decision.prompt, decision.rule))

    done = check_replay(record, log=True, before=note)
    if done.state is None:
        cli.replay_problem(name, done)
        raise typer.Exit(1)
    if not done.ok:
        if done.rules_moved or done.problem.startswith("replay reached"):
            cli.err.print(f"warning: {escape(name)} no longer replays to its recorded final state")
        cli.replay_problem(name, done)
    return done.game, done.state, choices
