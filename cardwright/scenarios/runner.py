"""Run a scenario: build its position, play its steps, and report the first failing step
with the rules the game cited on the way there.

Two outcomes are not a pass: a **failure** (the game did not do what the case says: a rules
case that fails, exit status 1 in ``cardwright scenario run``) and a **malformed** case (the
file itself is wrong: an unknown game, rule, card, seat, alias, fact or setup key, a setup
that cannot be built; a user's mistake, exit status 2)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from cardwright.core.errors import CardwrightError, DataError, IllegalChoice
from cardwright.core.game import Game
from cardwright.core.state import State, state_hash
from cardwright.games import get_game

from .format import Scenario, Step


@dataclass
class ScenarioResult:
    scenario: Scenario
    passed: bool
    step: int = 0  # 1-based index of the failing step (0: setup)
    message: str = ""
    citations: list[str] = field(default_factory=list)
    malformed: bool = False  # the file is wrong, not the game

    def describe(self) -> str:
        where = f"step {self.step}" if self.step else "setup"
        head = f"{self.scenario.file}: {self.scenario.name}"
        if self.passed:
            return f"PASS {head}"
        if self.malformed:  # the message says where (``setup.turn: ...``)
            return f"{head}: {where + ': ' if self.step else ''}{self.message}"
        return f"FAIL {head}: {where}: {self.message}"


class StepFailure(Exception):
    """The game did not do what the step says."""


class ScenarioError(DataError):
    """The scenario is malformed: it names something that does not exist."""


def _resolve_aliases(text: str, aliases: dict[str, int]) -> str:
    def sub(token: str) -> str:
        if token.startswith("@"):
            name = token[1:]
            if name not in aliases:
                raise ScenarioError(
                    f"unknown alias @{name} (aliases: "
                    f"{', '.join('@' + a for a in aliases) or 'none'})"
                )
            return str(aliases[name])
        return token

    return ":".join(sub(t) for t in text.split(":"))


def _match_option(state: State, text: str, aliases: dict[str, int]) -> str:
    decision = state.decision
    if decision is None:
        raise StepFailure(
            f"no decision is pending (the game is over: "
            f"{state.result.reason if state.result else '?'})"
        )
    ids = [o.id for o in decision.options]
    wanted = _resolve_aliases(text, aliases)
    if wanted in ids:
        return wanted
    lowered = text.lower()
    exact = [o.id for o in decision.options if o.label.lower() == lowered]
    if len(exact) == 1:
        return exact[0]
    partial = [o for o in decision.options if lowered in o.label.lower()]
    if partial and len({o.label for o in partial}) == 1:
        return partial[0].id  # one option, or copies of the same card: any will do
    listing = "; ".join(f"{o.id} ({o.label})" for o in decision.options)
    why = "matches several options" if partial else "matches no option"
    raise StepFailure(f"{text!r} {why} of the {decision.kind} decision; options: {listing}")


def _seat(game: Game, state: State, who: str | None) -> int | None:
    if who is None:
        return None
    if who in state.names:
        return state.names.index(who)
    if who.isdigit() and int(who) < len(state.names):
        return int(who)
    raise ScenarioError(f"by: unknown seat {who!r}; seats: {', '.join(state.names)}")


def _compare(
    path: str, expected: Any, actual: Any, aliases: dict[str, int], state: State
) -> list[str]:
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected a mapping, found {actual!r}"]
        problems = []
        for key, value in expected.items():
            if key not in actual:
                known = ", ".join(map(str, actual)) or "none"
                problems.append(f"{path}.{key}: no such fact (known: {known})")
                continue
            problems += _compare(f"{path}.{key}", value, actual[key], aliases, state)
        return problems
    if (
        isinstance(expected, list)
        and isinstance(actual, list)
        and all(isinstance(a, int) for a in actual)
    ):
        return _compare_cards(path, expected, actual, aliases, state)
    if expected != actual:
        return [f"{path}: expected {expected!r}, found {actual!r}"]
    return []


def _compare_cards(
    path: str, expected: list[Any], actual: list[int], aliases: dict[str, int], state: State
) -> list[str]:
    remaining = list(actual)
    names: list[str] = []
    for item in expected:
        text = str(item)
        if text.startswith("@"):
            cid = int(_resolve_aliases(text, aliases))
            if cid not in remaining:
                return [f"{path}: {text} is not there (found: {_names(state, actual)})"]
            remaining.remove(cid)
        else:
            names.append(text.lower())
    found = Counter(state.cards[c].defn.lower() if c in state.cards else "?" for c in remaining)
    if Counter(names) != found:
        return [f"{path}: expected {expected}, found {_names(state, actual)}"]
    return []


def _names(state: State, ids: list[int]) -> list[str]:
    return [state.cards[c].defn if c in state.cards else "?" for c in ids]


def _check_expect(
    game: Game, state: State, expect: dict[str, Any], aliases: dict[str, int]
) -> list[str]:
    facts = game.scenario_facts(state)
    decision = state.decision
    facts["over"] = state.result is not None
    facts["winner"] = (
        state.names[state.result.winners[0]]
        if state.result is not None and len(state.result.winners) == 1
        else None
    )
    facts["decision"] = (
        {"seat": state.names[decision.seat], "kind": decision.kind}
        if decision is not None
        else None
    )
    problems: list[str] = []
    option_ids = [o.id for o in decision.options] if decision is not None else []
    unknown = [k for k in expect if k not in facts and k not in _OPTION_CHECKS]
    if unknown:
        known = ", ".join([*sorted(facts), *_OPTION_CHECKS])
        names = ", ".join(map(repr, unknown))
        raise ScenarioError(f"expect: no such fact {names} (known: {known})")
    for key, value in expect.items():
        if key == "options_include":
            for opt in value:
                oid = _resolve_aliases(str(opt), aliases)
                if oid not in option_ids:
                    problems.append(f"option {opt} is not offered; options: {option_ids}")
        elif key == "options_exclude":
            for opt in value:
                oid = _resolve_aliases(str(opt), aliases)
                if oid in option_ids:
                    problems.append(f"option {opt} is offered but should not be")
        elif key == "options":
            wanted = sorted(_resolve_aliases(str(o), aliases) for o in value)
            if wanted != sorted(option_ids):
                problems.append(f"options: expected {wanted}, found {sorted(option_ids)}")
        elif key == "log":
            problems += _check_log(state, value)
        else:
            problems += _compare(key, value, facts[key], aliases, state)
    return problems


_OPTION_CHECKS = ("options", "options_include", "options_exclude", "log")


def _check_log(state: State, wanted: list[Any]) -> list[str]:
    problems = []
    for item in wanted:
        rule = item if isinstance(item, str) else item.get("rule")
        text = None if isinstance(item, str) else item.get("text")
        hit = any(
            (rule is None or e.rule == rule) and (text is None or text.lower() in e.text.lower())
            for e in state.log
        )
        if not hit:
            problems.append(f"the log has no event with rule={rule!r} text~{text!r}")
    return problems


def _citations(game: Game, state: State, count: int = 4) -> list[str]:
    out = []
    for event in state.log[-count:]:
        rule = game.rules.get(event.rule)
        out.append(f"[{event.rule}] {event.text}" + (f" — {rule.text}" if rule else ""))
    return out


def run_step(game: Game, state: State, step: Step, aliases: dict[str, int]) -> None:
    if step.force is not None:
        state.forced.extend(step.force)
        return
    if step.expect is not None:
        problems = _check_expect(game, state, step.expect, aliases)
        if problems:
            raise StepFailure("; ".join(problems))
        return
    seat = _seat(game, state, step.by)
    if step.choose is not None:
        choice = _match_option(state, step.choose, aliases)
        try:
            game.apply(state, choice, seat)
        except IllegalChoice as exc:
            raise StepFailure(str(exc)) from None
        return
    assert step.reject is not None
    choice = _resolve_aliases(step.reject, aliases)
    before = state_hash(state)
    try:
        game.apply(state, choice, seat)
    except IllegalChoice as exc:
        if step.error and step.error.lower() not in str(exc).lower():
            raise StepFailure(f"refused, but with {exc} (expected {step.error!r})") from None
        if state_hash(state) != before:
            raise StepFailure("the refused choice changed the state") from None
        return
    raise StepFailure(f"{step.reject!r} was accepted but should have been refused")


def run_scenario(scenario: Scenario) -> ScenarioResult:
    try:
        game = get_game(scenario.game)
        state, aliases = game.scenario_state(scenario.config, scenario.setup, scenario.seed)
    except CardwrightError as exc:
        return ScenarioResult(scenario, False, 0, str(exc), malformed=True)
    for rule in scenario.rules:
        if rule not in game.rules:
            message = f"rules: unknown rule id {rule!r} (`cardwright rules {game.id}`)"
            return ScenarioResult(scenario, False, 0, message, malformed=True)
    for index, step in enumerate(scenario.steps, start=1):
        try:
            run_step(game, state, step, aliases)
        except ScenarioError as exc:
            return ScenarioResult(scenario, False, index, str(exc), malformed=True)
        except (StepFailure, CardwrightError) as exc:
            return ScenarioResult(scenario, False, index, str(exc), _citations(game, state))
    return ScenarioResult(scenario, True)
