"""The terminal game beyond its layout (``tests/test_terminal.py``): resuming a saved game,
the commands, and what each game's screen adds to a decision (notes, groups, card texts)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import cast

import pytest
from rich.text import Text

from cardwright.agents import make_agent
from cardwright.cli_explain import _turns
from cardwright.core.errors import ConfigError
from cardwright.games import GAMES, get_game
from cardwright.games.bizarre_world.state import BWState
from cardwright.games.munchkin.market import Sell
from cardwright.games.screen import Block, Board, Line, screen_of
from cardwright.sim.records import GameRecord, load_record, save_record
from cardwright.terminal.layout import fit_board, wrap
from cardwright.terminal.session import entries


def cw(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "cardwright.cli", *args],
        input=stdin, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def one_error_line(proc: subprocess.CompletedProcess[str], *words: str) -> None:
    assert proc.returncode == 2, proc.stdout + proc.stderr
    lines = [ln for ln in proc.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    assert all(w in lines[0] for w in words), lines[0]


#: answers for Blue Moon, seed 4: numbers that may be refused (then the next line is read)
ANSWERS = [*"1211213112111211", *"11211111111"]


def test_resume_goes_on_to_the_same_hash(tmp_path: Path) -> None:
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    base = ("play", "blue-moon", "--seed", "4")
    played = cw(*base, "--save", str(whole), stdin="\n".join([*ANSWERS, "q"]) + "\n")
    assert played.returncode == 0, played.stderr
    cut = 11
    first = cw(*base, "--save", str(part), stdin="\n".join([*ANSWERS[:cut], "q"]) + "\n")
    assert first.returncode == 0 and "--resume" in first.stdout, first.stderr
    kept = len(load_record(part).choices)
    resumed = cw("play", "--resume", str(part), stdin="\n".join([*ANSWERS[cut:], "q"]) + "\n")
    assert resumed.returncode == 0, resumed.stderr
    assert "resumed from" in resumed.stdout and "would now choose" not in resumed.stderr
    a, b = load_record(whole), load_record(part)
    assert b.choices == a.choices and b.final_hash == a.final_hash
    # the AI decided after the game was resumed, as it did in the game played at one go
    assert any(seat == 1 for seat, _ in b.choices[kept:])


def test_resume_refuses_what_it_cannot_go_on_with(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    save_record(GameRecord("blue-moon", {}, 4, [], agents=["human", "heuristic"]), path)
    one_error_line(cw("play", "--resume", str(path), "--seed", "5"), "leave out --seed")
    save_record(GameRecord("blue-moon", {}, 4, [], agents=["random", "random"]), path)
    one_error_line(cw("play", "--resume", str(path)), "not a game played with cardwright play")


def test_commands_show_cards_rules_and_the_question_again() -> None:
    proc = cw(
        "play", "smash-up", "--seed", "3", stdin="1\nc Powderkeg\nc 1\nr extra play\nl\nzz\nq\n"
    )
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Powderkeg (action, played on" not in out  # a standard action
    assert "Powderkeg (action; Pirates): Destroy one of your minions" in out
    assert "su.turn.extra" in out or "extra" in out.split("r extra play")[-1]
    # after l (the whole log) the question is asked again
    assert out.count("Play Cards: play a minion and/or an action, or finish") >= 2
    assert "'zz' is not an option: type 1-" in proc.stderr
    # no internal tags reach the screen
    tags = re.findall(r"play_on_\w+|fire_shield|(?<![\w.])(?:ongoing|extra):", out)
    assert not tags, tags


def test_munchkin_sale_keeps_a_running_total() -> None:
    game = get_game("munchkin")
    screen = screen_of(game)
    assert screen is not None
    for seed in range(40):  # a random game until someone is picking Items to sell
        state = game.new_state({"players": 3}, seed)
        agents = [make_agent("random", "munchkin", seed + i) for i in range(3)]
        while state.decision is not None and state.decision.kind != "sell":
            seat = state.decision.seat
            game.apply(state, agents[seat].choose(game, state, seat), seat)
        if state.decision is not None:
            break
    decision = state.decision
    assert decision is not None and isinstance(state.stack[-1], Sell)
    view = game.view(state, decision.seat)
    notes = " ".join(screen.notes(view, decision.seat))
    assert "Picked to sell: nothing yet" in notes and "1,000 more Gold Pieces" in notes
    add = next(o for o in decision.options if o.id.startswith("add:"))
    game.apply(state, add.id, decision.seat)
    gold = game.defn(state, add.card).gold  # type: ignore[attr-defined, arg-type]
    notes = " ".join(screen.notes(game.view(state, decision.seat), decision.seat))
    assert f"{gold:,} Gold Pieces" in notes


def test_bizarre_world_names_the_rule_against_a_first_turn_attack() -> None:
    game = get_game("bizarre-world")
    screen = screen_of(game)
    assert screen is not None
    state = cast(BWState, game.new_state({}, 4))
    while state.decision is not None and state.decision.kind != "main":
        game.apply(state, state.decision.options[-1].id, state.decision.seat)
    seat = state.active
    assert state.turn == 1 and all(o.id != "attack" for o in state.decision.options)
    assert screen.notes(game.view(state, seat), seat) == []  # no attack made: nothing missed
    state.attack[seat] = 3  # as if a creature had made attack
    (note,) = screen.notes(game.view(state, seat), seat)
    assert "bw.attack.first_turn" in note and "first turn" in note


def test_varia_groups_its_long_lists_by_card_then_moment() -> None:
    game = get_game("varia")
    screen = screen_of(game)
    for seed in range(10):
        state = game.new_state({}, seed)
        agents = [make_agent("heuristic", "varia", seed + i) for i in range(2)]
        while state.decision is not None and len(state.decision.options) <= 20:
            seat = state.decision.seat
            game.apply(state, agents[seat].choose(game, state, seat), seat)
        if state.decision is not None:
            break
    decision = state.decision
    assert decision is not None
    shown = entries(screen, game.view(state, decision.seat), decision.options)
    assert len(shown) < len(decision.options) / 2
    covered = sorted(i for e in shown for i in e.indexes)
    assert covered == list(range(len(decision.options)))  # every option once
    group = next(e for e in shown if e.members)
    assert group.members[0].startswith("moment 1") or group.members[0].startswith("moment")
    numbers = [int(m.split()[1].rstrip(":")) for m in group.members]
    assert numbers == sorted(numbers) and min(numbers) >= 1


def test_every_game_shows_a_whole_card_and_finds_any_by_name() -> None:
    for game_id in GAMES:
        game = get_game(game_id)
        screen = screen_of(game)
        assert screen is not None, game_id
        state = game.new_state({}, 1)
        seat = state.decision.seat if state.decision else 0
        view = game.view(state, seat)
        names = screen.definitions(view)
        assert names, game_id
        name = sorted(names)[len(names) // 2]
        assert screen.lookup(view, name.upper())[0][0] == name
        assert screen.lookup(view, "no card is called this") == []
        assert game.render(view, seat)  # the whole board as text


def test_wrap_breaks_only_at_spaces_and_fold_fits_the_room() -> None:
    text = "alpha beta gamma " * 20
    for width in (20, 37, 80):
        lines = wrap(text, width, 3, 5)
        assert all(len(line.plain) <= width for line in lines)
        assert " ".join(" ".join(line.plain.split()) for line in lines) == " ".join(text.split())
    board = Board(
        [
            Block(
                f"Block {i}",
                [Line(f"b{i} card {j}", "words " * 12, j) for j in range(4)],
                "about " * 9,
                keep=i,
            )
            for i in range(4)
        ],
        "status",
    )
    whole = fit_board(board, 60, None)
    for room in (40, 20, 9, 5):
        fitted = fit_board(board, 60, room)
        assert len(fitted.lines) <= room < len(whole.lines) and fitted.folded
        assert isinstance(fitted.lines[0], Text)
    kept = " ".join(line.plain for line in fit_board(board, 60, 20).lines)
    assert "b3 card 0: words" in kept and "b0 card 0: words" not in kept  # kept longest


def test_explain_says_each_rule_once_marks_a_persons_choices_and_filters(tmp_path: Path) -> None:
    save = tmp_path / "g.json"
    played = cw(
        "play", "bizarre-world", "--seed", "3", "--save", str(save), stdin="1\n" * 12 + "q\n"
    )
    assert played.returncode == 0, played.stderr
    whole = cw("explain", str(save))
    assert whole.returncode == 0, whole.stderr
    text = whole.stdout
    paraphrase = get_game("bizarre-world").rules["bw.turn.sacrifice"].text
    assert " ".join(text.split()).count(" ".join(paraphrase.split())) == 1
    assert "Human (a person) chose" in text and "AI (heuristic) chose" in text
    one = cw("explain", str(save), "--turn", "2", "--rule", "bw.turn")
    events = [ln for ln in one.stdout.splitlines() if ln.startswith("T")]
    cited = re.findall(r"\[(\w+\.[\w.]+)\]", one.stdout)
    assert events and all(ln.startswith("T2 ") for ln in events)
    assert cited and all(rule.startswith("bw.turn") for rule in cited)
    mine = cw("explain", str(save), "--seat", "1")
    assert "Human (a person) chose" not in mine.stdout and "AI (heuristic) chose" in mine.stdout
    one_error_line(cw("explain", str(save), "--turn", "5-2"), "--turn 5-2")


def test_tab_completes_commands_option_ids_cards_and_rules() -> None:
    from cardwright.terminal.reader import Completions

    done = Completions(
        commands={"c": "a card", "r": "rules", "q": "quit"},
        options={"play:12": "Play Lava Wall", "pass": "Pass"},
        cards=lambda: ["Lava Wall", "Lavar the Powerful", "Molten Fury"],
        rules=lambda: ["va.step.move", "va.step.plan"],
    )
    assert [c[0] for c in done.candidates("pl")] == ["play:12"]
    assert [c[0] for c in done.candidates("c Lav")] == ["Lava Wall", "Lavar the Powerful"]
    assert [c[0] for c in done.candidates("r va.step.p")] == ["va.step.plan"]
    assert {c[0] for c in done.candidates("")} == {"c", "r", "q"}  # no ids before a letter


def test_explain_reads_turns_as_one_or_a_range() -> None:
    assert _turns("7") == (7, 7) and _turns("3-5") == (3, 5) and _turns(None)[0] == 0
    for bad in ("x", "5-2", "-1"):
        with pytest.raises(ConfigError, match="--turn"):
            _turns(bad)
