"""The ``cardwright`` command. User mistakes are one line on stderr and exit status 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import msgspec
import typer
import yaml
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn
from rich.table import Column, Table

from cardwright.core.datafiles import load_yaml
from cardwright.core.errors import CardwrightError, ConfigError, DataError, IllegalChoice
from cardwright.core.state import state_hash
from cardwright.games import GAMES, get_game
from cardwright.sim.deal import ANY, deal

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Cardwright: play, simulate, test and explain tabletop card games.",
)
scenario_app = typer.Typer(no_args_is_help=True, help="Rules cases written as data.")
deck_app = typer.Typer(
    no_args_is_help=True,
    help="Build and check decks: Bizarre World (crafting and random mode), Blue Moon (custom).",
)


def _show_version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        out.print(f"cardwright {version('cardwright')}")
        raise typer.Exit()


@app.callback()
def _options(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_show_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Cardwright: play, simulate, test and explain tabletop card games."""


app.add_typer(scenario_app, name="scenario")
app.add_typer(deck_app, name="deck")

out = Console(highlight=False, soft_wrap=True)
err = Console(stderr=True, highlight=False, soft_wrap=True)

OptionList = Annotated[
    list[str] | None,
    typer.Option(
        "--option", "-o", help="A rule option, KEY=VALUE (repeatable); see `cardwright rules GAME`."
    ),
]


def parse_options(options: list[str] | None) -> dict[str, Any]:
    """``-o KEY=VALUE`` items as a config: each value read as YAML (``true``, ``3``,
    ``[Ann, Bob]``) as scenario files are, so dates and ``yes`` stay text."""
    config: dict[str, Any] = {}
    for item in options or []:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise ConfigError(f"--option {item!r}: write KEY=VALUE, e.g. deck_out=skip")
        try:
            parsed = load_yaml(value) if value.strip() else ""
        except yaml.YAMLError:
            parsed = value  # not YAML (an unclosed bracket ...): the text itself, checked next
        config[key.strip()] = parsed
    return config


DEFAULT_AGENTS = "random,random"

DeckList = Annotated[
    list[str] | None,
    typer.Option(
        "--deck",
        help="One seat's choice, in seat order (repeat per seat): a deck name or file, a "
        "Blue Moon people, or a Smash Up faction pair such as ninjas,pirates; 'any' deals one "
        "at random for each game.",
    ),
]
FactionList = Annotated[
    list[str] | None,
    typer.Option(
        "--factions",
        help="For games played with factions (Smash Up): the same as --deck, e.g. "
        "ninjas,pirates (repeat once per seat).",
    ),
]


def with_seat_choices(
    game: str,
    config: dict[str, Any],
    decks: list[str] | None,
    factions: list[str] | None,
    players: int | None,
) -> int | None:
    """Put each seat's choice (``--deck``, or ``--factions`` for games played with factions)
    into the config under the game's key; returns the number of players: ``players`` if
    given, else the number of seats named when each seat names a pair (one pair names only
    the first seat: the others get choices nobody made)."""
    g = get_game(game)  # an unknown or unplayable game is a one-line error
    if players is not None:
        g.check_players(players, f"--players {players}")
    entry = GAMES[game]
    if factions and entry.seat_key != "factions":
        raise ConfigError(f"--factions: {game} is not played with factions; use --deck")
    choices = [("--deck", d) for d in decks or ()] + [("--factions", f) for f in factions or ()]
    if not choices:
        return players
    if not entry.seat_pairs:
        config[entry.seat_key] = [text for _, text in choices]
        return players
    noun = entry.seat_key
    pairs: list[Any] = []
    for flag, text in choices:
        if text.strip() == ANY:  # two factions dealt for each game
            pairs.append(ANY)
            continue
        pair = [f.strip() for f in text.replace("+", ",").split(",") if f.strip()]
        if len(pair) != 2:
            raise ConfigError(f"{flag} {text!r}: name two {noun}, e.g. {entry.seat_example}")
        pairs.append(pair)
    config[entry.seat_key] = pairs
    if players is not None and len(pairs) > players:
        raise ConfigError(f"--{noun} names {len(pairs)} seats but --players is {players}")
    return players or (len(pairs) if len(pairs) > 1 else None)


# ---------------------------------------------------------------------------- games, rules, cards
@app.command()
def games() -> None:
    """List the games and whether each is playable yet."""
    table = Table("id", "game", "players", "status")
    for game_id, entry in GAMES.items():
        if entry.factory is None:
            table.add_row(game_id, entry.title, "", "[yellow]planned[/yellow]")
            continue
        g = get_game(game_id)
        status = entry.status_line()
        colour = "green" if status.startswith("complete") else "yellow"
        table.add_row(
            game_id,
            entry.title,
            f"{g.min_players}-{g.max_players}",
            f"[{colour}]{escape(status)}[/{colour}] ({len(g.rules)} rules)",
        )
    out.print(table)


@app.command()
def rules(
    game: str,
    rule_id: Annotated[str | None, typer.Argument()] = None,
    show_guide: Annotated[
        bool, typer.Option("--guide", help="A short how-to-play page and the words on screen.")
    ] = False,
) -> None:
    """Show a game's rules index (or one rule), and its rule options."""
    g = get_game(game)
    if show_guide:
        out.print(_guide(game), soft_wrap=False)
        return
    if rule_id:
        rule = g.rules.get(rule_id)
        if rule is None:
            raise ConfigError(f"{game}: no rule {rule_id!r}; `cardwright rules {game}` lists them")
        out.print(
            f"[bold]{rule.id}[/bold]: {escape(rule.text)}\n[dim]source: {escape(rule.source)}[/dim]"
        )
        return
    # every word whole (a long rule id folds onto the next line, never cut with "...")
    table = Table(*(Column(name, overflow="fold") for name in ("rule", "paraphrase", "source")))
    for rule in g.rules:
        table.add_row(rule.id, escape(rule.text), escape(rule.source))
    out.print(table)
    opts = Table("option", "default", "choices", title="Rule options (--option KEY=VALUE)")
    choices = g.config_choices()
    for key, value in g.default_config().items():
        allowed = ", ".join(map(str, choices.get(key, ())))
        opts.add_row(key, escape(json.dumps(value)), escape(allowed))
    out.print(opts)


@app.command()
def cards(
    game: str,
    deck: Annotated[str | None, typer.Option(help="A starter deck name or deck file.")] = None,
    ruleset: Annotated[str | None, typer.Option(help="Bizarre World generator ruleset.")] = None,
    people: Annotated[str | None, typer.Option(help="Blue Moon: a people's deck.")] = None,
    faction: Annotated[str | None, typer.Option(help="Smash Up: a faction.")] = None,
    set_: Annotated[
        str | None,
        typer.Option(
            "--set",
            help="Smash Up: every faction and base of a set (core, 70s, al9000, cthulhu).",
        ),
    ] = None,
    card_set: Annotated[
        str | None,
        typer.Option(
            help="Smash Up: 70s-2018, 70s-errata, al9000-cthulhu-first, or sets joined by +; "
            "Munchkin: classic, steampunk."
        ),
    ] = None,
    klass: Annotated[str | None, typer.Option("--class", help="Varia: a class deck.")] = None,
) -> None:
    """List a game's cards: Bizarre World's generator tables or a deck, a Blue Moon people's
    deck, a Smash Up faction, set or the bases. Each game says which options it takes."""
    entry = GAMES.get(game)
    if entry is None:
        get_game(game)  # the one-line "unknown game" error
        return
    catalogue = entry.tool("catalogue")
    if catalogue is None:
        raise ConfigError(f"{game}: no card data yet")
    given = {"deck": deck, "ruleset": ruleset, "people": people, "faction": faction, "set": set_}
    given["card_set"] = card_set
    given["class"] = klass
    selection = {k: v for k, v in given.items() if v is not None}
    for table in catalogue(selection):
        shown = Table(*table.columns, title=escape(table.title))
        for row in table.rows:
            shown.add_row(*(escape(cell) for cell in row))
        out.print(shown)
        if table.note:
            out.print(escape(table.note))


@deck_app.command("check")
def deck_check(paths: list[Path]) -> None:
    """Validate deck files of any game that has them (Bizarre World decks, Blue Moon custom
    decks, Varia decks); each problem is one line naming the card and the rule. A file that
    names its game (``game = "varia"``) is checked by that game."""
    checkers = [e.tool("deck_files") for e in GAMES.values() if e.deck_files]
    bad = 0
    for path in paths:  # every file is reported, each bad one as an error line
        try:
            out.print(escape(_check_deck_file(path, checkers)))
        except CardwrightError as exc:
            err.print(f"error: {escape(str(exc))}")
            bad += 1
    if bad:
        raise typer.Exit(2)


def _check_deck_file(path: Path, checkers: list[Any]) -> str:
    from cardwright.core.datafiles import read_toml

    raw = read_toml(path, "deck file")
    game_id = raw.get("game")
    named = GAMES.get(game_id) if isinstance(game_id, str) else None
    for check in [named.tool("deck_files")] if named and named.deck_files else checkers:
        summary = check(path, raw)
        if summary is not None:
            return str(summary)
    raise DataError(f"{path}: not a deck file of any game")


def _register_game_commands() -> None:
    """Each game's own commands (Bizarre World's deck crafting) join the ``deck`` group."""
    for entry in GAMES.values():
        register = entry.tool("commands")
        if register is not None:
            register(deck_app)


_register_game_commands()


# ---------------------------------------------------------------------------- play
@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game id, e.g. bizarre-world.")] = "bizarre-world",
    seat: Annotated[int, typer.Option(help="Your seat (0 goes first by default).")] = 0,
    opponent: Annotated[
        str, typer.Option(help="AI: heuristic, random or ismcts[:KEY=VALUE,...] (docs/agents.md).")
    ] = "heuristic",
    seed: Annotated[int | None, typer.Option(help="Random seed (default: from the clock).")] = None,
    deck: DeckList = None,
    name: Annotated[str, typer.Option(help="Your name.")] = "Human",
    players: Annotated[int | None, typer.Option(help="Players (games for 3+).")] = None,
    factions: FactionList = None,
    save: Annotated[Path | None, typer.Option(help="Save the game record here.")] = None,
    record_scenario: Annotated[
        Path | None,
        typer.Option(help="Also write the game as a scenario file (YAML) to edit into a case."),
    ] = None,
    option: OptionList = None,
) -> None:
    """Play in the terminal against the AI. You see only your own view."""
    import time

    from cardwright.agents import make_agent
    from cardwright.core.datafiles import check_writable
    from cardwright.sim.records import GameRecord

    g = get_game(game)
    if save is not None:
        check_writable(save, "saved game")  # before the game, not when it is over
    if record_scenario is not None:
        check_writable(record_scenario, "scenario file")
    keep = _Keep(save, record_scenario)
    status = GAMES[game].status_line()
    if not status.startswith("complete"):
        err.print(f"note: {g.title} is {escape(status)}")
    config = parse_options(option)
    players = with_seat_choices(game, config, deck, factions, players)
    if players is not None:
        config["players"] = players
    count = players or g.validate_config(deal(game, config, 0)).get("players") or g.min_players
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
        out.print(f"The AI ({escape(opponent)}) thinks {escape(thinking())}.")
    record = GameRecord(
        game=game,
        config=dict(state.config),
        seed=seed,
        choices=[],
        agents=["human" if i == seat else opponent for i in range(state.num_players)],
    )
    out.print(
        f"[bold]{g.title}[/bold] (seed {seed}). Type an option's number or id; "
        "'h' for help, 'q' to quit."
    )
    try:
        shown = _play_turns(g, state, seat, ai, record, keep)
    except KeyboardInterrupt:  # Ctrl-C: keep what was played
        out.print("\ninterrupted: game abandoned")
        keep(record, None)
        raise typer.Exit(130) from None
    if shown < 0:  # the player quit
        return
    _print_log(g, g.view(state, seat), shown)
    assert state.result is not None
    out.rule()
    out.print(f"[bold]Game over:[/bold] {escape(state.result.reason)}")
    keep(record, state)


def _play_turns(g: Any, state: Any, seat: int, ai: Any, record: Any, keep: _Keep) -> int:
    """Play until the game is over (returns how many log events were shown) or the player
    quits (returns -1, the game so far kept)."""
    shown = 0
    while state.decision is not None:
        view = g.view(state, seat)
        shown = _print_log(g, view, shown)
        decision = state.decision
        if decision.seat != seat:
            choice = ai.choose(g, state, decision.seat)
            searched = getattr(ai, "last", None)
            if searched is not None:
                out.print(f"[dim]  (the AI thought {searched.describe()})[/dim]")
            record.choices.append((decision.seat, choice))
            g.apply(state, choice, decision.seat)
            continue
        out.rule()
        out.print(g.render(view, seat))
        out.print(f"\n[bold]{escape(decision.prompt)}[/bold] [dim]({decision.rule})[/dim]")
        for i, opt in enumerate(decision.options, start=1):
            out.print(f"  [cyan]{i:>2}[/cyan]. {escape(opt.label)} [dim]{opt.id}[/dim]")
        while True:
            try:
                line = input("> ").strip()
            except EOFError:
                out.print("\ninput closed: game abandoned")
                keep(record, state)
                return -1
            if line in ("q", "quit"):
                out.print("game abandoned")
                keep(record, state)
                return -1
            if line in ("h", "help", "?"):
                out.print(_guide(g.id), soft_wrap=False)
                out.print(
                    "number or option id: choose; 'r RULE' explain a rule; "
                    "'l' the whole log; 'q' quit"
                )
                continue
            if line == "l":
                _print_log(g, view, 0)
                continue
            if line.startswith("r "):
                rule = g.rules.get(line[2:].strip())
                out.print(
                    f"{rule.id}: {escape(rule.text)} [dim]({escape(rule.source)})[/dim]"
                    if rule
                    else "no such rule"
                )
                continue
            choice = line
            if line.isdigit() and 1 <= int(line) <= len(decision.options):
                choice = decision.options[int(line) - 1].id
            try:
                g.apply(state, choice, seat)
            except IllegalChoice:
                err.print(
                    f"'{escape(line)}' is not an option: type 1-{len(decision.options)}"
                    " or an option id"
                )
                continue
            record.choices.append((seat, choice))
            break
    return shown


class _Keep:
    """What ``play`` keeps of a game, finished or not: the record (``--save``) and the
    scenario (``--record-scenario``)."""

    def __init__(self, save: Path | None, scenario: Path | None) -> None:
        self.save, self.scenario = save, scenario

    def __call__(self, record: Any, state: Any) -> None:
        """Keep the game; without ``state`` (interrupted, perhaps inside a move) the recorded
        choices are replayed to find the state they reach."""
        from cardwright.sim.records import finish_record, replay, save_record

        if state is None:
            _, state = replay(record, log=False)
        finish_record(record, state)
        over = state.result is not None
        if self.save:
            save_record(record, self.save)
            if over:
                out.print(f"saved to {self.save} (`cardwright replay {self.save}` checks it)")
            else:
                out.print(f"saved the game so far to {self.save}")
        if self.scenario:
            from cardwright.scenarios.record import write_scenario

            title = get_game(record.game).title
            write_scenario(record, self.scenario, f"{title}, seed {record.seed}, as played")
            out.print(f"wrote the scenario {self.scenario} (`cardwright scenario run` runs it)")


def _guide(game: str) -> Any:
    """The game's how-to-play page, rendered for the terminal."""
    from rich.markdown import Markdown

    from cardwright.games import guide

    return Markdown(guide(game) or f"No guide for {game} yet: `cardwright rules {game}`.")


def _print_log(g: Any, view: Any, shown: int) -> int:
    for event in view.log[shown:]:
        if event.kind in ("scenario",):
            continue
        out.print(f"[dim]  · {escape(event.text)} {escape('[' + event.rule + ']')}[/dim]")
    return len(view.log)


# ---------------------------------------------------------------------------- simulate
@app.command()
def simulate(
    game: str,
    n: Annotated[int, typer.Option("-n", help="Number of games.")] = 100,
    agents: Annotated[
        str, typer.Option(help="One agent per seat, comma-separated.")
    ] = DEFAULT_AGENTS,
    seed: Annotated[int, typer.Option()] = 0,
    jobs: Annotated[int, typer.Option(help="Worker processes.")] = 1,
    players: Annotated[int | None, typer.Option(help="Players (games for 3+).")] = None,
    deck: DeckList = None,
    factions: FactionList = None,
    backend: Annotated[str, typer.Option(help="local (processes) or ray.")] = "local",
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON (reproducible).")] = False,
    timing: Annotated[bool, typer.Option(help="Add CPU time and decisions/s to --json.")] = False,
    out_file: StoreOption = None,
    option: OptionList = None,
) -> None:
    """Self-play N games; win rate per seat and agent with 95% intervals."""
    from cardwright.analysis.stats import summarize

    names, config = batch_setup(game, n, agents, players, deck, factions, option)
    batch = run_batch(game, n, names, config, seed, jobs, backend, out_file, bar=not as_json)
    if as_json:
        summary = summarize(batch, timing=timing)
        sys.stdout.write(json.dumps(summary, indent=2, sort_keys=True) + "\n")
        return
    summary = summarize(batch, timing=True)
    table = Table(
        "seat", "agent", "wins", "win rate", "95% interval", title=f"{game}: {n} games, seed {seed}"
    )
    for row in summary["seats"]:
        lo, hi = row["ci95"]
        table.add_row(
            str(row["seat"]),
            row["agent"],
            str(row["wins"]),
            f"{row['score_rate']:.1%}",
            f"{lo:.1%} - {hi:.1%}",
        )
    out.print(table)
    if len(summary["by_agent"]) > 1:
        for agent, row in summary["by_agent"].items():
            lo, hi = row["ci95"]
            out.print(f"{agent}: {row['win_rate']:.1%} of its games won ({lo:.1%} - {hi:.1%})")
    out.print(
        f"draws {summary['draws']}; mean length {summary['mean_turns']} turns, "
        f"{summary['mean_decisions']} decisions; {summary['decisions_per_second']:,.0f} "
        "decisions per second per core"
    )


StoreOption = Annotated[
    Path | None,
    typer.Option(
        "--out",
        help="Also append every game to this game store (a .duckdb file; docs/records.md).",
    ),
]


def batch_setup(
    game: str,
    n: int,
    agents: str,
    players: int | None,
    deck: list[str] | None,
    factions: list[str] | None,
    option: list[str] | None,
) -> tuple[list[str], dict[str, Any]]:
    """The agents (one per seat) and config of a batch from the ``simulate`` options, checked."""
    from cardwright.agents.specs import split_agents
    from cardwright.sim.runner import with_player_count

    names = split_agents(agents)
    config = parse_options(option)
    players = with_seat_choices(game, config, deck, factions, players)
    if players is None and agents == DEFAULT_AGENTS:  # the game's own number of players
        players = get_game(game).validate_config(config).get("players")
    if players is not None:
        if len(names) == 1 or agents == DEFAULT_AGENTS:
            names = names[:1] * players
        if len(names) != players:
            raise ConfigError(
                f"--players {players} needs one agent per seat: --agents names {len(names)}"
            )
    if n < 1:
        raise ConfigError("-n must be at least 1")
    return names, with_player_count(game, config, len(names))


def run_batch(
    game: str,
    n: int,
    names: list[str],
    config: dict[str, Any],
    seed: int,
    jobs: int,
    backend: str,
    store: Path | None,
    *,
    bar: bool,
) -> Any:
    """Play the batch (with a progress bar on stderr if ``bar``), appending every game to
    ``store`` when given."""
    from cardwright.sim.runner import check_batch
    from cardwright.sim.store import check_path, simulate_into

    check_batch(game, names, config, jobs, backend)  # before the progress bar
    if store is not None:
        check_path(store)
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=not bar,
    ) as progress:
        task = progress.add_task(f"{game}", total=n)
        return simulate_into(
            store,
            game,
            n,
            names,
            seed=seed,
            jobs=jobs,
            config=config,
            backend=backend,
            progress=lambda k: progress.advance(task, k),
        )


# ---------------------------------------------------------------------------- replay, explain
FromStore = Annotated[
    Path | None, typer.Option("--from", help="A game store (simulate --out); with --game.")
]
GameNo = Annotated[int | None, typer.Option("--game", help="The stored game's number.")]


def _load(path: Path | None, store: Path | None, game_no: int | None) -> tuple[str, Any]:
    """A saved game file, or game N of a store (``--from FILE --game N``): (name, record)."""
    from cardwright.sim.records import load_record

    if store is None and game_no is None:
        if path is None:
            raise ConfigError("name a saved game file, or a store with --from FILE --game N")
        return str(path), load_record(path)
    if path is not None or store is None or game_no is None:
        raise ConfigError("give either a saved game file or --from FILE with --game N")
    from cardwright.sim.store import load_game

    return f"{store} game {game_no}", load_game(store, game_no)


@app.command("replay")
def replay_cmd(
    path: Annotated[Path | None, typer.Argument()] = None,
    store: FromStore = None,
    game_no: GameNo = None,
) -> None:
    """Re-run a saved or stored game and check it reaches the recorded final state."""
    from cardwright.sim.records import replay

    name, record = _load(path, store, game_no)
    _, state = replay(record, log=False)
    got = state_hash(state)
    if record.final_hash and got != record.final_hash:
        err.print(f"{name}: MISMATCH: replay reached {got}, the record says {record.final_hash}")
        raise typer.Exit(1)
    result = state.result.reason if state.result else "the game was not finished"
    out.print(f"{name}: OK, {len(record.choices)} choices replayed to hash {got} ({result})")


@app.command()
def explain(
    path: Annotated[Path | None, typer.Argument()] = None,
    seat: Annotated[int | None, typer.Option(help="Show only what this seat saw.")] = None,
    store: FromStore = None,
    game_no: GameNo = None,
) -> None:
    """The log of a saved or stored game with the rule behind every event."""
    from cardwright.sim.records import replay

    name, record = _load(path, store, game_no)
    g, state = replay(record, log=True)
    if record.final_hash and state_hash(state) != record.final_hash:
        err.print(f"warning: {name} no longer replays to its recorded final state")
    if seat is not None and seat not in range(state.num_players):
        raise ConfigError(f"--seat {seat}: seats are 0 to {state.num_players - 1}")
    view = g.view(state, seat) if seat is not None else state
    for event in view.log:
        rule = g.rules.get(event.rule)
        out.print(f"[bold]T{event.turn}[/bold] {escape(event.text)}")
        if rule is not None:
            out.print(f"     [dim]{rule.id}: {escape(rule.text)} ({escape(rule.source)})[/dim]")


def _register_report() -> None:
    from cardwright.report.cli import register

    register(app, sys.modules[__name__])


_register_report()


# ---------------------------------------------------------------------------- scenarios
def _register_scenario_commands() -> None:
    from cardwright.cli_scenario import register

    register(scenario_app)


_register_scenario_commands()


# ---------------------------------------------------------------------------- bench
@app.command()
def bench(
    game: str,
    seconds: Annotated[float, typer.Option(help="How long each round self-plays.")] = 5.0,
    seed: Annotated[int, typer.Option()] = 0,
    rounds: Annotated[
        int, typer.Option(help="Rounds of the same games; the median round is reported.")
    ] = 3,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    option: OptionList = None,
    agent: Annotated[
        str | None, typer.Option(help="Measure a search agent instead: iterations per second.")
    ] = None,
) -> None:
    """Random self-play on one core; step, copy and JSON costs on a mid-game state. With
    --agent SPEC (e.g. ismcts): the search's iterations per second on positions of real games."""
    from cardwright.bench import run_bench

    if rounds < 1:
        raise ConfigError("--rounds must be at least 1")
    if not seconds > 0:
        raise ConfigError(f"--seconds {seconds}: a round needs some time, e.g. --seconds 5")
    config = parse_options(option)
    if agent is not None:
        from cardwright.cli_tournament import bench_agent

        result = bench_agent(game, agent, seconds, seed, rounds, config)
    else:
        result = run_bench(game, seconds=seconds, seed=seed, config=config, rounds=rounds)
    if as_json:
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
        return
    table = Table("measure", "value", title=f"{game} bench (one core)")
    for key, value in result.items():
        if isinstance(value, list):
            value = " – ".join(f"{v:,}" for v in value)
        table.add_row(key, f"{value:,}" if isinstance(value, int | float) else str(value))
    out.print(table)


def _register_search_commands() -> None:
    from cardwright.cli_tournament import register

    register(app)


_register_search_commands()


# typer bundles its own click; find its base exception class without importing it by name
_CLICK_ERROR: type[Exception] = next(
    c for c in typer.BadParameter.__mro__ if c.__name__ == "ClickException"
)


def main() -> None:
    """Entry point: user errors become one line on stderr and exit status 2."""
    try:
        code = app(standalone_mode=False)
        if isinstance(code, int) and code:
            sys.exit(code)
    except CardwrightError as exc:
        err.print(f"error: {escape(str(exc))}")
        sys.exit(2)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        err.print(f"error: malformed data: {escape(str(exc))}")
        sys.exit(2)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    except _CLICK_ERROR as exc:  # usage errors: a missing argument, an unknown flag
        exc.show()  # type: ignore[attr-defined]
        sys.exit(2)


if __name__ == "__main__":
    main()
