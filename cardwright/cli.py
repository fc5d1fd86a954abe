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

from cardwright.cli_help import GameArg, Json, Seed
from cardwright.core.datafiles import load_yaml
from cardwright.core.errors import CardwrightError, ConfigError, DataError
from cardwright.games import GAMES, get_game
from cardwright.sim.deal import ANY, deal
from cardwright.sim.seats import player_count

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


AgentList = Annotated[
    str | None,
    typer.Option(
        help="One agent per seat, comma-separated, or one agent for every seat (default: "
        "random in every seat)."
    ),
]

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
) -> None:
    """Put each seat's choice (``--deck``, or ``--factions`` for games played with factions)
    into the config under the game's key, in seat order (fewer choices than seats: the others
    get choices nobody made); how many players that makes is for
    :func:`~cardwright.sim.seats.player_count` to decide."""
    g = get_game(game)  # an unknown or unplayable game is a one-line error
    if players is not None:
        g.check_players(players, f"--players {players}")
    entry = GAMES[game]
    if factions and entry.seat_key != "factions":
        raise ConfigError(f"--factions: {game} is not played with factions; use --deck")
    choices = [("--deck", d) for d in decks or ()] + [("--factions", f) for f in factions or ()]
    if not choices:
        return
    if not entry.seat_pairs:
        config[entry.seat_key] = [text for _, text in choices]
        return
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
            g.players_text().removesuffix(" players"),
            f"[{colour}]{escape(status)}[/{colour}] ({len(g.rules)} rules)",
        )
    out.print(table)


@app.command()
def rules(
    game: GameArg,
    rule_id: Annotated[
        list[str] | None,
        typer.Argument(
            help="A rule's id, the start of ids (bw.attack) or words it holds (first turn "
            "attack): those rules only.",
            show_default=False,
        ),
    ] = None,
    show_guide: Annotated[
        bool, typer.Option("--guide", help="A short how-to-play page and the words on screen.")
    ] = False,
) -> None:
    """Show a game's rules index (or the rules found by id or words), and its rule options."""
    from cardwright.terminal.layout import say

    g = get_game(game)
    if show_guide:
        out.print(_guide(game), soft_wrap=False)
        return
    if rule_id:
        words = " ".join(rule_id)
        found = g.rules.find(words)
        if not found:
            raise ConfigError(f"{game}: no rule {words!r}; cardwright rules {game} lists them")
        for rule in found:
            say(out, f"[bold]{rule.id}[/bold]: {escape(rule.text)}")
            say(out, f"[dim]source: {escape(rule.source)}[/dim]", 2, 4)
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
    game: GameArg,
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
    pool: Annotated[
        bool,
        typer.Option(
            "--pool",
            help="Blue Moon, with --people: every card a custom deck of that people may draw "
            "from (the people's cards from every deck, and the Mutants).",
        ),
    ] = False,
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
    given["pool"] = "yes" if pool else None
    selection = {k: v for k, v in given.items() if v is not None}
    for table in catalogue(selection):
        _print_cards(table)


def _print_cards(table: Any) -> None:
    """A card table, every word whole: as a table when each column can hold its longest word
    side by side, else one card to a paragraph (a narrow terminal)."""
    from cardwright.terminal.layout import say

    columns = list(table.columns)
    longest = [
        max([len(w) for row in table.rows for w in str(row[i]).split()] + [len(c)], default=1)
        for i, c in enumerate(columns)
    ]
    if sum(longest) + 3 * len(columns) + 1 <= out.width:
        widest = max(range(len(columns)), key=lambda i: sum(len(str(r[i])) for r in table.rows))
        shown = Table(title=escape(table.title))
        for i, name in enumerate(columns):
            shown.add_column(escape(name), min_width=longest[i], ratio=1 if i == widest else None)
        for row in table.rows:
            shown.add_row(*(escape(str(cell)) for cell in row))
        out.print(shown)
    else:
        say(out, f"[bold]{escape(table.title)}[/bold]")
        for row in table.rows:
            first, *rest = (str(cell) for cell in row)
            facts = "; ".join(
                f"{name} {cell}" for name, cell in zip(columns[1:], rest, strict=True) if cell
            )
            say(out, f"[bold]{escape(first)}[/bold]: {escape(facts)}", 0, 4)
    if table.note:
        say(out, escape(table.note))


@deck_app.command("check")
def deck_check(
    paths: Annotated[list[Path], typer.Argument(help="Deck files (.toml) to check.")],
) -> None:
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
def _register_play() -> None:
    from cardwright.cli_play import register

    register(app)


_register_play()


def _guide(game: str) -> Any:
    """The game's how-to-play page, rendered for the terminal."""
    from rich.markdown import Markdown

    from cardwright.games import guide

    return Markdown(guide(game) or f"No guide for {game} yet: `cardwright rules {game}`.")


# ---------------------------------------------------------------------------- simulate
@app.command()
def simulate(
    game: GameArg,
    n: Annotated[int, typer.Option("-n", help="Number of games.")] = 100,
    agents: AgentList = None,
    seed: Seed = 0,
    jobs: Annotated[int, typer.Option(help="Worker processes.")] = 1,
    players: Annotated[int | None, typer.Option(help="Players (games for 3+).")] = None,
    deck: DeckList = None,
    factions: FactionList = None,
    backend: Annotated[str, typer.Option(help="local (processes) or ray.")] = "local",
    as_json: Json = False,
    timing: Annotated[
        bool, typer.Option("--timing", help="Add CPU time and decisions per second to --json.")
    ] = False,
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
    noun, plays_with = seat_groups(game, config, len(names))
    columns = ["seat", "agent", *([noun] if noun else []), "wins", "win rate", "95% interval"]
    table = Table(*columns, title=f"{game}: {n} games, seed {seed}")
    for row in summary["seats"]:
        lo, hi = row["ci95"]
        table.add_row(
            str(row["seat"]),
            row["agent"],
            *([escape(plays_with[row["seat"]])] if noun else []),
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


def seat_groups(game: str, config: dict[str, Any], players: int) -> tuple[str, list[str]]:
    """What each seat plays with (its deck, people or faction pair, in the words of the game's
    report) and the noun for it; ("", []) for a game whose seats play with nothing of their
    own (Munchkin). A seat dealt at random for each game says so."""
    hooks = GAMES[game].tool("report")
    if hooks is None or hooks.noun == "seat":
        return "", []
    entry = GAMES[game]
    chosen = config.get(entry.seat_key)
    dealt = [
        isinstance(chosen, list) and i < len(chosen) and chosen[i] == ANY for i in range(players)
    ]
    g = get_game(game)
    labels = hooks.groups(g.validate_config(deal(g, config, 0)))
    return hooks.noun, [
        "dealt at random each game" if dealt[i] else labels[i] for i in range(players)
    ]


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
    agents: str | None,
    players: int | None,
    deck: list[str] | None,
    factions: list[str] | None,
    option: list[str] | None,
    *,
    every_seat: str = "random",
) -> tuple[list[str], dict[str, Any]]:
    """The agents (one per seat) and config of a batch from the ``simulate`` options, checked:
    the number of players is decided once (:func:`~cardwright.sim.seats.player_count`), and a
    single agent, or none, sits in every seat (none: ``every_seat``)."""
    from cardwright.agents.specs import split_agents
    from cardwright.sim.runner import with_player_count

    names = split_agents(agents) if agents is not None else []
    config = parse_options(option)
    with_seat_choices(game, config, deck, factions, players)
    count = player_count(game, config, players=players, agents=names if len(names) > 1 else None)
    if len(names) <= 1:
        names = (names or [every_seat]) * count
    if n < 1:
        raise ConfigError("-n must be at least 1")
    return names, with_player_count(game, config, count)


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
    from cardwright.sim.store import FORMAT_VERSION as STORE_VERSION
    from cardwright.sim.store import check_path, simulate_into, store_version

    g = get_game(game)  # resolved once, the game object passed on
    check_batch(g, names, config, jobs, backend)  # before the progress bar
    if store is not None:
        check_path(store)
        if store.exists() and store_version(store) < STORE_VERSION:
            err.print(
                f"note: {escape(str(store))} is a game store of version {store_version(store)}: "
                f"appending upgrades it to version {STORE_VERSION}, which older Cardwright "
                "versions do not read (docs/records.md)"
            )
    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err,
        disable=not (bar and err.is_terminal),
    ) as progress:
        task = progress.add_task(f"{game}", total=n)
        return simulate_into(
            store,
            g,
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
    path: Annotated[
        Path | None, typer.Argument(help="A saved game (play --save, or a record file).")
    ] = None,
    store: FromStore = None,
    game_no: GameNo = None,
) -> None:
    """Re-run a saved or stored game and check it reaches the recorded final state; for one
    that no longer does, say what changed since it was recorded (docs/records.md)."""
    from cardwright.sim.records import check_replay

    name, record = _load(path, store, game_no)
    done = check_replay(record)
    if not done.ok:
        replay_problem(name, done)
        raise typer.Exit(1)
    state = done.state
    assert state is not None
    result = state.result.reason if state.result else "the game was not finished"
    checked = "replayed to hash" if done.verified else "replayed (not compared) to hash"
    out.print(f"{name}: OK, {len(record.choices)} choices {checked} {done.reached} ({result})")
    for note in done.notes:
        out.print(f"{name}: note: {escape(note)}")
    if done.changed:
        out.print(f"{name}: {escape(done.since())}; it still replays exactly")


def replay_problem(name: str, done: Any) -> None:
    """Why a record does not replay, and what changed since it was recorded (stderr). A
    record that nothing explains (its rules have not changed) and whose config or choices do
    not fit is a bad file: one error line, exit status 2."""
    mismatch = done.problem.startswith("replay reached")
    if not mismatch and not done.rules_moved:
        raise DataError(f"{name}: {done.problem}")
    if mismatch:
        err.print(f"{name}: MISMATCH: {escape(done.problem)}")
    elif done.state is None:
        err.print(f"{name}: cannot be replayed: {escape(done.problem)}")
    else:
        err.print(f"{name}: no longer replays: {escape(done.problem)}")
    err.print(f"{name}: {escape(done.since())}")


def _register_explain() -> None:
    from cardwright.cli_explain import register

    register(app)


_register_explain()


def _register_report() -> None:
    from cardwright.report.cli import register

    register(app, sys.modules[__name__])


_register_report()


# ---------------------------------------------------------------------------- scenarios
def _register_scenario_commands() -> None:
    from cardwright.cli_scenario import register

    register(scenario_app)


_register_scenario_commands()


def _register_server_commands() -> None:
    from cardwright.server.cli import register

    register(app)


_register_server_commands()


# ---------------------------------------------------------------------------- bench
@app.command()
def bench(
    game: GameArg,
    seconds: Annotated[float, typer.Option(help="How long each round self-plays.")] = 5.0,
    seed: Seed = 0,
    rounds: Annotated[
        int, typer.Option(help="Rounds of the same games; the median round is reported.")
    ] = 3,
    as_json: Json = False,
    option: OptionList = None,
    agent: Annotated[
        str | None, typer.Option(help="Measure a search agent instead: iterations per second.")
    ] = None,
    env: Annotated[
        bool,
        typer.Option(
            "--env",
            help="Measure the RL environment instead: steps per second with observation and "
            "mask, beside OpenSpiel's Python games and RLCard's environments.",
        ),
    ] = False,
    reference: Annotated[
        bool, typer.Option(help="With --env: also measure OpenSpiel's and RLCard's games.")
    ] = True,
) -> None:
    """Random self-play on one core; step, copy and JSON costs on a mid-game state. With
    --agent SPEC (e.g. ismcts): the search's iterations per second on positions of real games.
    With --env: the RL environment's steps per second (docs/rl.md)."""
    from cardwright.bench import run_bench

    if rounds < 1:
        raise ConfigError("--rounds must be at least 1")
    if not seconds > 0:
        raise ConfigError(f"--seconds {seconds}: a round needs some time, e.g. --seconds 5")
    config = parse_options(option)
    if env and agent is not None:
        raise ConfigError("--env and --agent measure different things: give one of them")
    if env:
        get_game(game)  # an unknown game is a one-line error before the rl extra is needed
        from cardwright.rl.bench import run_env_bench

        result = run_env_bench(
            game, seconds=seconds, seed=seed, rounds=rounds, config=config, reference=reference
        )
    elif agent is not None:
        from cardwright.cli_tournament import bench_agent

        result = bench_agent(game, agent, seconds, seed, rounds, config)
    else:
        result = run_bench(game, seconds=seconds, seed=seed, config=config, rounds=rounds)
    if as_json:
        sys.stdout.write(json.dumps(result, indent=2) + "\n")
        return
    table = Table("measure", "value", title=f"{game} bench (one core)")
    for key, value in _flat(result):
        if isinstance(value, list):
            value = " – ".join(f"{v:,}" for v in value)
        table.add_row(key, f"{value:,}" if isinstance(value, int | float) else str(value))
    out.print(table)


def _flat(result: dict[str, Any], prefix: str = "") -> list[tuple[str, Any]]:
    """The rows of a bench result: nested dicts become ``outer: inner`` rows."""
    rows: list[tuple[str, Any]] = []
    for key, value in result.items():
        if isinstance(value, dict) and value:
            rows += _flat(value, f"{prefix}{key}: ")
        elif not isinstance(value, dict):
            rows.append((prefix + key, value))
    return rows


# ---------------------------------------------------------------------------- mcp
@app.command("mcp")
def mcp_cmd() -> None:
    """Serve the games to Model Context Protocol clients (an LLM agent) on stdin/stdout:
    start a game against any agent, read your view and options, answer, explain an event."""
    try:
        from cardwright.rl.mcp_server import serve
    except ImportError as exc:
        raise ConfigError(
            f"cardwright mcp needs the rl extra ({exc.name} is missing): "
            "pip install 'cardwright[rl]'"
        ) from None
    serve()


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
    from cardwright.cli_help import command, usage_error_line

    try:
        code = command(app).main(prog_name="cardwright", standalone_mode=False)
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
        err.print(escape(usage_error_line(exc)))
        sys.exit(2)


if __name__ == "__main__":
    main()
