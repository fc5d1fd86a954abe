"""Golden playthroughs: seeded games recorded step by step and replayed by the tests.

As OpenSpiel's checked-in playthroughs, a golden file pins down what the engine does, so that a
refactor can prove it changed no game. Each playthrough records, for every decision of a seeded
game, the option chosen and two short hashes of the question asked:

* ``shape``: who decides, the decision kind, how many picks, and every option id (the part of
  the public protocol that agents and saved games depend on);
* ``text``: the prompt, the rule cited and every option label (what people read).

and at the end the result, a layout-free *fingerprint* of the final position (every zone with
its cards' definitions and status, the game's scores), a hash of the log (every event's kind,
rule, text and audience) and the exact :func:`~cardwright.core.state.state_hash`.

The exact hash changes whenever the state's layout does (a typed flow step instead of a
dictionary, a renamed field) even if no game changed; everything else does not. So a refactor
that changes only the layout regenerates with ``--layout-only``, which refuses to write if any
question, text, log line or final position differs. Usage::

    python -m cardwright.sim.playthroughs check            # replay every golden file
    python -m cardwright.sim.playthroughs regen            # record them again (new games)
    python -m cardwright.sim.playthroughs regen --layout-only
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from cardwright.agents import make_agent
from cardwright.core.state import STATE_HASH_VERSION, Decision, State, state_hash
from cardwright.games import get_game

from .records import position_hash

FORMAT = 1

#: Where the golden files live (one per game), relative to the repository root.
GOLDEN_DIR = Path(__file__).resolve().parents[2] / "tests" / "goldens"


class Step(msgspec.Struct, array_like=True):
    """One decision: the option id chosen and the two hashes of the question."""

    choice: str
    shape: str
    text: str


class Playthrough(msgspec.Struct):
    name: str
    config: dict[str, Any]
    seed: int
    agents: list[str]
    steps: list[Step]
    winners: list[int]
    reason: str
    fingerprint: str
    log_hash: str
    state_hash: str


class GoldenFile(msgspec.Struct):
    """``state_hash_version``: the :data:`~cardwright.core.state.STATE_HASH_VERSION` its
    hashes were made with (a layout-only regeneration that changes them must bump it)."""

    game: str
    playthroughs: list[Playthrough]
    format: int = FORMAT
    state_hash_version: int = 1


@dataclass(frozen=True)
class Spec:
    """A playthrough to record: a config, a seed and one agent name per seat."""

    name: str
    config: dict[str, Any]
    seed: int
    agents: tuple[str, ...]


def _h(parts: Iterable[object]) -> str:
    data = msgspec.msgpack.encode(list(parts))
    return hashlib.blake2b(data, digest_size=5).hexdigest()


def shape_hash(decision: Decision) -> str:
    """Who decides what, among which option ids."""
    return _h(
        [
            decision.seat,
            decision.kind,
            decision.min_picks,
            decision.max_picks,
            *(o.id for o in decision.options),
        ]
    )


def text_hash(decision: Decision) -> str:
    """The words of a question: prompt, rule and labels."""
    return _h([decision.prompt, decision.rule, *(o.label for o in decision.options)])


#: The final position's layout-free digest (the one saved games keep too).
fingerprint = position_hash


def log_hash(state: State) -> str:
    return _h([[e.kind, e.rule, e.text, e.seat, e.visible_to, e.redacted] for e in state.log])


def record(spec: Spec, game_id: str) -> Playthrough:
    """Play ``spec`` with its agents and record it."""
    game = get_game(game_id)
    state = game.new_state(spec.config, spec.seed, log=True)
    agents = [make_agent(name, game_id, spec.seed * 31 + i) for i, name in enumerate(spec.agents)]
    steps: list[Step] = []
    while state.decision is not None:
        decision = state.decision
        choice = agents[decision.seat].choose(game, state, decision.seat)
        steps.append(Step(choice, shape_hash(decision), text_hash(decision)))
        game.apply(state, choice, decision.seat)
        if len(steps) > 50_000:
            raise RuntimeError(f"{game_id} {spec.name}: no end after 50,000 decisions")
    result = state.result
    assert result is not None
    return Playthrough(
        name=spec.name,
        config=dict(spec.config),
        seed=spec.seed,
        agents=list(spec.agents),
        steps=steps,
        winners=list(result.winners),
        reason=result.reason,
        fingerprint=fingerprint(game, state),
        log_hash=log_hash(state),
        state_hash=state_hash(state),
    )


@dataclass
class Replay:
    """What replaying a playthrough found: the differences, and its final exact hash."""

    differences: list[str]
    state_hash: str

    @property
    def layout_only(self) -> bool:
        return not self.differences


def replay(game_id: str, pt: Playthrough) -> Replay:
    """Replay the recorded choices and compare every question and the final position. The
    first difference in a question stops the replay (the games have parted ways)."""
    game = get_game(game_id)
    where = f"{game_id} playthrough {pt.name!r}"
    state = game.new_state(pt.config, pt.seed, log=True)
    diffs: list[str] = []
    for i, step in enumerate(pt.steps):
        decision = state.decision
        if decision is None:
            diffs.append(f"{where}: the game ended after {i} decisions, not {len(pt.steps)}")
            return Replay(diffs, state_hash(state))
        if shape_hash(decision) != step.shape:
            ids = " ".join(o.id for o in decision.options)
            diffs.append(
                f"{where} step {i}: another question: seat {decision.seat} {decision.kind} "
                f"[{ids}] (recorded choice {step.choice!r})"
            )
            return Replay(diffs, state_hash(state))
        if text_hash(decision) != step.text:
            labels = " | ".join(o.label for o in decision.options)
            diffs.append(
                f"{where} step {i}: same options, other words: {decision.prompt!r} "
                f"({decision.rule}): {labels}"
            )
        game.apply(state, step.choice, decision.seat)
    if state.decision is not None:
        diffs.append(f"{where}: the game goes on after the {len(pt.steps)} recorded decisions")
        return Replay(diffs, state_hash(state))
    result = state.result
    assert result is not None
    if list(result.winners) != pt.winners or result.reason != pt.reason:
        diffs.append(
            f"{where}: result {result.winners} {result.reason!r}, "
            f"recorded {pt.winners} {pt.reason!r}"
        )
    if fingerprint(game, state) != pt.fingerprint:
        diffs.append(f"{where}: the final position differs")
    if log_hash(state) != pt.log_hash:
        diffs.append(f"{where}: the log differs")
    return Replay(diffs, state_hash(state))


# ------------------------------------------------------------------------- what is recorded
def _specs() -> dict[str, list[Spec]]:
    """The playthroughs of each game: every configuration of the conformance suite, random
    agents on several seeds and one game between heuristics."""
    random2, heur2 = ("random", "random"), ("heuristic", "heuristic")
    Configs = list[tuple[str, dict[str, Any]]]
    bw: Configs = [
        ("default", {}),
        ("purple-random", {"decks": ["purple-haze", "gray-collar"], "first_player": "random"}),
        ("2023-life", {"ruleset": "2023-01-18", "defender_excess": "life", "deck_out": "skip"}),
        ("2021-open", {"ruleset": "2021-12-30", "open_decklists": True}),
    ]
    bm: Configs = [
        ("default", {}),
        ("mimix-flit", {"peoples": ["Mimix", "Flit"], "first_player": "random"}),
        ("khind-terrah-strict", {"peoples": ["Khind", "Terrah"], "backtracking": "strict"}),
        ("pillar-aqua", {"peoples": ["Pillar", "Aqua"], "first_player": 1}),
        ("buka-pillar", {"peoples": ["Buka", "Pillar"], "first_player": 0}),
        ("hoax-vulca", {"peoples": ["Hoax", "Vulca"]}),
    ]
    seventies = [
        ["disco_dancers", "vigilantes"],
        ["kung_fu_fighters", "truckers"],
        ["ninjas", "pirates"],
        ["robots", "zombies"],
    ]
    su: Configs = [
        ("2p", {"players": 2}),
        ("3p-errata", {"players": 3, "first_player": "random", "card_set": "70s-errata"}),
        ("4p-no-redraw", {"players": 4, "redraw": False}),
        ("70s-2p-errata", {"factions": seventies[:2], "card_set": "70s-errata"}),
        (
            "mixed-3p",
            {
                "factions": [
                    ["vigilantes", "truckers"],
                    ["disco_dancers", "kung_fu_fighters"],
                    ["aliens", "wizards"],
                ]
            },
        ),
        ("70s-4p-errata", {"factions": seventies, "card_set": "70s-errata"}),
        ("70s-4p-2018", {"factions": seventies}),
        # Science Fiction Double Feature and Monster Smash (issue 27)
        (
            "sfdf-monster-4p",
            {
                "factions": [
                    ["cyborg_apes", "vampires"],
                    ["shapeshifters", "werewolves"],
                    ["super_spies", "giant_ants"],
                    ["time_travelers", "mad_scientists"],
                ]
            },
        ),
    ]
    va: Configs = [
        ("warrior-assassin", {}),
        ("paladin-monk", {"decks": ["divine-paladin", "mystic-monk"], "first_player": 1}),
        (
            "monk-assassin-weakened",
            {
                "decks": ["mystic-monk", "shadow-assassin"],
                "fatigue": "weakened",
                "start": "engaged",
            },
        ),
        (
            "assassin-paladin-closed",
            {"decks": ["shadow-assassin", "divine-paladin"], "open_decklists": False},
        ),
    ]
    out: dict[str, list[Spec]] = {}
    for game_id, configs, seeds in (
        ("bizarre-world", bw, (1, 2, 3)),
        ("blue-moon", bm, (1, 2, 3)),
        ("smash-up", su, (1, 2)),
        ("varia", va, (1, 2)),
    ):
        specs = []
        for name, config in configs:
            players = _players(game_id, config)
            for seed in seeds:
                specs.append(Spec(f"{name}-s{seed}", config, seed, random2[:1] * players))
            specs.append(Spec(f"{name}-heuristic", config, 7, heur2[:1] * players))
        out[game_id] = specs
    # Smash Up: one game of Awesome Level 9000 and The Obligatory Cthulhu Set factions (the
    # Madness deck in play)
    al9000_cthulhu = {
        "factions": [
            ["bear_cavalry", "elder_things"],
            ["ghosts", "innsmouth"],
            ["killer_plants", "minions_of_cthulhu"],
            ["steampunks", "miskatonic_university"],
        ]
    }
    out["smash-up"].append(Spec("al9000-cthulhu-4p-s1", al9000_cthulhu, 1, random2[:1] * 4))
    # Munchkin: random games cut short (random players rarely reach Level 10), and whole
    # games between heuristics
    mk: Configs = [
        ("3p", {"players": 3, "max_turns": 40}),
        ("4p-listen", {"players": 4, "max_turns": 40, "listen_at_door": True}),
        ("5p-shared", {"players": 5, "max_turns": 30, "shared_victory": True}),
        ("6p-steampunk", {"players": 6, "max_turns": 30, "card_set": "steampunk"}),
    ]
    specs = [
        Spec(f"{name}-s{seed}", config, seed, ("random",) * _players("munchkin", config))
        for name, config in mk
        for seed in (1, 2)
    ]
    for name, config in (
        ("4p", {"players": 4}),
        ("3p-steampunk", {"players": 3, "card_set": "steampunk"}),
    ):
        players = _players("munchkin", config)
        specs.append(Spec(f"{name}-heuristic", config, 7, heur2[:1] * players))
    out["munchkin"] = specs
    return out


def _players(game_id: str, config: dict[str, Any]) -> int:
    if "players" in config:
        return int(config["players"])
    if "factions" in config:
        return len(config["factions"])
    return get_game(game_id).min_players


def golden_path(game_id: str, directory: Path = GOLDEN_DIR) -> Path:
    return directory / f"{game_id}.json"


def load(game_id: str, directory: Path = GOLDEN_DIR) -> GoldenFile:
    return msgspec.json.decode(golden_path(game_id, directory).read_bytes(), type=GoldenFile)


def save(golden: GoldenFile, directory: Path = GOLDEN_DIR) -> None:
    """Write a golden file with one step per line, so a diff shows where games part."""
    enc = msgspec.json.encode
    out = [b'{"game": ', enc(golden.game), b', "format": ', enc(golden.format)]
    if golden.state_hash_version != 1:
        out += [b', "state_hash_version": ', enc(golden.state_hash_version)]
    out.append(b', "playthroughs": [')
    for i, pt in enumerate(golden.playthroughs):
        head = msgspec.structs.asdict(pt)
        steps = head.pop("steps")
        out.append(b"\n" if i == 0 else b",\n")
        out.append(enc(head)[:-1] + b', "steps": [\n')
        out.append(b",\n".join(enc(s) for s in steps))
        out.append(b"\n]}")
    out.append(b"\n]}\n")
    directory.mkdir(parents=True, exist_ok=True)
    golden_path(golden.game, directory).write_bytes(b"".join(out))


def regen(games: Sequence[str], *, layout_only: bool, directory: Path = GOLDEN_DIR) -> int:
    """Record the playthroughs again. With ``layout_only`` only the exact state hashes are
    rewritten, and nothing is written unless every game came out the same."""
    specs = _specs()
    status = 0
    for game_id in games:
        if layout_only:
            golden = load(game_id, directory)
            problems: list[str] = []
            moved = False
            for pt in golden.playthroughs:
                rep = replay(game_id, pt)
                problems.extend(rep.differences)
                moved = moved or pt.state_hash != rep.state_hash
                pt.state_hash = rep.state_hash
            if problems:
                print("\n".join(problems), file=sys.stderr)
                print(f"{game_id}: games differ; nothing written", file=sys.stderr)
                status = 1
                continue
            if moved and golden.state_hash_version >= STATE_HASH_VERSION:
                print(
                    f"{game_id}: the same games reach other state hashes, so saved games' "
                    "hashes no longer match either: bump STATE_HASH_VERSION in "
                    "cardwright/core/state.py (records of the old version are then checked by "
                    "their final position: docs/records.md); nothing written",
                    file=sys.stderr,
                )
                status = 1
                continue
            golden.state_hash_version = STATE_HASH_VERSION
        else:
            golden = GoldenFile(
                game_id,
                [record(spec, game_id) for spec in specs[game_id]],
                state_hash_version=STATE_HASH_VERSION,
            )
        save(golden, directory)
        steps = sum(len(pt.steps) for pt in golden.playthroughs)
        print(f"{game_id}: {len(golden.playthroughs)} playthroughs, {steps} decisions")
    return status


def check(games: Sequence[str], directory: Path = GOLDEN_DIR) -> int:
    status = 0
    for game_id in games:
        golden = load(game_id, directory)
        for pt in golden.playthroughs:
            rep = replay(game_id, pt)
            problems = list(rep.differences)
            if not problems and rep.state_hash != pt.state_hash:
                problems.append(f"{game_id} {pt.name}: same game, other state layout (hash)")
            if problems:
                status = 1
                print("\n".join(problems))
        print(f"{game_id}: {len(golden.playthroughs)} playthroughs checked")
    return status


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardwright.sim.playthroughs")
    parser.add_argument("command", choices=("check", "regen"))
    parser.add_argument("games", nargs="*", help="game ids (default: every recorded game)")
    parser.add_argument("--layout-only", action="store_true", help="rewrite exact hashes only")
    args = parser.parse_intermixed_args(argv)
    games = args.games or sorted(_specs())
    if args.command == "check":
        return check(games)
    return regen(games, layout_only=args.layout_only)


if __name__ == "__main__":
    raise SystemExit(main())
