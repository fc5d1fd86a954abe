"""Run a scenario: build its position, play its steps, and report the first failing step
with the rules the game cited on the way there.

Two outcomes are not a pass: a **failure** (the game did not do what the case says: a rules
case that fails, exit status 1 in ``cardwright scenario run``) and a **malformed** case (the
file itself is wrong: an unknown game, rule, card, seat, alias, fact or setup key, a setup
that cannot be built; a user's mistake, exit status 2)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardwright.core.errors import CardwrightError, DataError, IllegalChoice
from cardwright.core.game import Game
from cardwright.core.state import State, state_hash
from cardwright.games import GAMES, get_game

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
    if text.startswith("@") and ":" not in text:  # the one option about that card
        card = int(wanted)
        about = [o.id for o in decision.options if card in (o.card, o.target)]
        if len(about) == 1:
            return about[0]
        why = (
            f"{len(about)} options concern {text}: {', '.join(about)}"
            if about
            else (f"no option concerns {text}")
        )
        listing = "; ".join(f"{o.id} ({o.label})" for o in decision.options)
        raise StepFailure(f"{why} in the {decision.kind} decision; options: {listing}")
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
    if isinstance(expected, dict) and _is_cards(actual) and set(expected) <= set(_ZONE_CHECKS):
        return _check_zone(path, expected, actual, aliases, state)
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected a mapping, found {actual!r}"]
        problems = []
        seats = set(state.names)
        by_seat = bool(actual) and set(map(str, actual)) <= seats
        for key, value in expected.items():
            if key not in actual:
                known = ", ".join(map(str, actual)) or "none"
                if by_seat and str(key) not in seats:  # a fact per seat: a writing mistake
                    raise ScenarioError(
                        f"expect: {path}: unknown seat {key!r}; seats: {', '.join(state.names)}"
                    )
                problems.append(f"{path}.{key}: no such fact (known: {known})")
                continue
            problems += _compare(f"{path}.{key}", value, actual[key], aliases, state)
        return problems
    if isinstance(expected, list) and _is_cards(actual):
        return _compare_cards(path, expected, actual, aliases, state)
    if isinstance(expected, str) and type(actual) is int and actual in state.cards:
        return _compare_cards(path, [expected], [actual], aliases, state)  # one card, named
    if expected != actual:
        return [f"{path}: expected {expected!r}, found {actual!r}"]
    return []


#: the checks of a zone besides its exact list: ``{contains: [...], lacks: [...], count: N}``
_ZONE_CHECKS = ("contains", "lacks", "count")


def _is_cards(actual: Any) -> bool:
    return isinstance(actual, list) and all(isinstance(a, int) for a in actual)


def _compare_cards(
    path: str, expected: list[Any], actual: list[int], aliases: dict[str, int], state: State
) -> list[str]:
    """The zone holds exactly the cards ``expected`` (in any order)."""
    left = _take(expected, actual, aliases, state)
    if left is None or left:
        return [f"{path}: expected {expected}, found {_names(state, actual)}"]
    return []


def _check_zone(
    path: str, expected: dict[str, Any], actual: list[int], aliases: dict[str, int], state: State
) -> list[str]:
    """``contains``: these cards are among the zone's (others may be there too); ``lacks``:
    none of these is there; ``count``: the zone holds that many cards."""
    problems = []
    found = _names(state, actual)
    if "contains" in expected and _take(list(expected["contains"]), actual, aliases, state) is None:
        problems.append(f"{path}: does not contain all of {expected['contains']} (found: {found})")
    for item in expected.get("lacks", ()):
        if _take([item], actual, aliases, state) is not None:
            problems.append(f"{path}: holds {item}, which it should not (found: {found})")
    if "count" in expected and expected["count"] != len(actual):
        problems.append(f"{path}: expected {expected['count']} cards, found {len(actual)}")
    return problems


def _take(
    expected: list[Any], actual: list[int], aliases: dict[str, int], state: State
) -> list[int] | None:
    """Match each expected card (``@alias``: that very card; a name: any card of that name,
    printed name or card id as in a setup) to a different card of ``actual``: the cards left
    over, or None if some expected card is not there."""
    remaining = list(actual)
    for item in sorted(map(str, expected), key=lambda t: not t.startswith("@")):
        if item.startswith("@"):
            hit = int(_resolve_aliases(item, aliases))
            if hit not in remaining:
                return None
        else:
            wanted = item.lower()
            named = [c for c in remaining if wanted in _card_names(state, c)]
            if not named:
                return None
            hit = named[0]
        remaining.remove(hit)
    return remaining


def _card_names(state: State, card: int) -> tuple[str, ...]:
    """What a scenario may call a card: its definition id and its printed name."""
    if card not in state.cards:
        return ("?",)
    game = get_game(state.game)
    return (state.cards[card].defn.lower(), game.card_name(state, card).lower())


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
    for key in expect:
        if key.startswith("@"):  # the facts of one card
            facts[key] = card_facts(game, state, int(_resolve_aliases(key, aliases)))
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
        elif key == "log_excludes":
            problems += _check_log(state, value, absent=True)
        else:
            problems += _compare(key, value, facts[key], aliases, state)
    return problems


_OPTION_CHECKS = ("options", "options_include", "options_exclude", "log", "log_excludes")


def card_facts(game: Game, state: State, card: int) -> dict[str, Any]:
    """What ``expect: {"@alias": {...}}`` can check of one card: its ``zone`` (``hand``,
    ``play`` ...), ``owner`` and ``controller`` (seat names), ``exhausted``, ``face_up`` and
    ``counters``, and the game's own facts of a card (its registry tool ``card_facts``)."""
    c = state.cards[card]
    zone = next((key for key, ids in state.zones.items() if card in ids), "")
    return {
        "zone": zone.split(":")[0].split(".")[0],  # hand.treasure:2 is a hand
        "owner": state.names[c.owner] if 0 <= c.owner < len(state.names) else None,
        "controller": state.names[c.controller] if 0 <= c.controller < len(state.names) else None,
        "exhausted": c.exhausted,
        "face_up": c.face_up,
        "counters": dict(c.counters),
        **(own(game, state, card) if (own := GAMES[game.id].tool("card_facts")) else {}),
    }


def _check_log(state: State, wanted: list[Any], *, absent: bool = False) -> list[str]:
    """Each entry (a rule id, or ``{rule: ID, text: PIECE}``) is in the log, or with
    ``absent`` is not."""
    problems = []
    for item in wanted:
        rule = item if isinstance(item, str) else item.get("rule")
        text = None if isinstance(item, str) else item.get("text")
        hits = [
            e
            for e in state.log
            if (rule is None or e.rule == rule) and (text is None or text.lower() in e.text.lower())
        ]
        if hits and absent:
            problems.append(f"the log has an event it should not: [{hits[0].rule}] {hits[0].text}")
        elif not hits and not absent:
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


def run_scenario(
    scenario: Scenario, on_decision: Callable[[Game, State], None] | None = None
) -> ScenarioResult:
    """Run a scenario; ``on_decision(game, state)`` is called with the position after the
    setup and after each step (the tests check every question asked there)."""
    try:
        game = get_game(scenario.game)
    except CardwrightError as exc:
        return ScenarioResult(scenario, False, 0, str(exc), malformed=True)
    for rule in scenario.rules:
        if rule not in game.rules:
            message = f"rules: unknown rule id {rule!r} (`cardwright rules {game.id}`)"
            return ScenarioResult(scenario, False, 0, message, malformed=True)
    if scenario.deck is not None:
        return _deck_case(game, scenario)
    try:
        state, aliases = _position(game, scenario)
    except CardwrightError as exc:
        if scenario.refused is None:
            return ScenarioResult(scenario, False, 0, str(exc), malformed=True)
        return _refusal(scenario, exc)
    if scenario.refused is not None:
        return _refusal(scenario, None, "setup")
    answered = len(state.log)  # where the log stood when the last answer was given
    for index, step in enumerate(scenario.steps, start=1):
        if on_decision is not None:
            on_decision(game, state)
        before = len(state.log)
        try:
            run_step(game, state, step, aliases)
        except ScenarioError as exc:
            return ScenarioResult(scenario, False, index, str(exc), malformed=True)
        except (StepFailure, CardwrightError) as exc:
            message = str(exc)
            if step.choose is not None or step.expect is not None:
                message += _unasked(state, answered)  # perhaps a question was never asked
            return ScenarioResult(scenario, False, index, message, _citations(game, state))
        if step.choose is not None:
            answered = before
    if on_decision is not None:
        on_decision(game, state)
    return ScenarioResult(scenario, True)


def _deck_case(game: Game, scenario: Scenario) -> ScenarioResult:
    """A deck case: the deck file (a path beside the scenario file) is checked by the game's
    deck-building rules, as ``cardwright deck check`` does; with ``refused`` it must be refused
    with that text, without it accepted."""
    from cardwright.core.datafiles import read_toml

    assert scenario.deck is not None
    check = GAMES[game.id].tool("deck_files")
    if check is None:
        message = f"deck: {game.title} has no deck files"
        return ScenarioResult(scenario, False, 0, message, malformed=True)
    path = Path(scenario.file).parent / scenario.deck
    try:
        raw = read_toml(path, "deck file")  # a file that cannot be read is the case's mistake
    except CardwrightError as exc:
        return ScenarioResult(scenario, False, 0, f"deck: {exc}", malformed=True)
    try:
        accepted = check(path, raw)
    except CardwrightError as exc:
        if scenario.refused is None:
            return ScenarioResult(scenario, False, 0, f"the deck was refused: {exc}")
        return _refusal(scenario, exc)
    if accepted is None:
        message = f"deck: {path} is not a {game.title} deck file"
        return ScenarioResult(scenario, False, 0, message, malformed=True)
    if scenario.refused is not None:
        return _refusal(scenario, None, "deck")
    return ScenarioResult(scenario, True)


def _refusal(scenario: Scenario, exc: CardwrightError | None, what: str = "") -> ScenarioResult:
    """The outcome of a case whose setup or deck must be refused (``refused: TEXT``): refused
    with that text (``exc``), refused otherwise, or accepted (``exc`` None: ``what`` was)."""
    expected = scenario.refused
    if exc is None:
        message = f"the {what} was accepted but should have been refused ({expected!r})"
        return ScenarioResult(scenario, False, 0, message)
    if expected is not None and expected.lower() not in str(exc).lower():
        return ScenarioResult(
            scenario, False, 0, f"refused, but with {exc} (expected {expected!r})"
        )
    return ScenarioResult(scenario, True)


def _position(game: Game, scenario: Scenario) -> tuple[State, dict[str, int]]:
    """The scenario's position: its setup, or with ``start: new`` a new game of its config and
    seed (as ``cardwright play --record-scenario`` writes)."""
    if scenario.start == "new":
        if scenario.setup:
            raise ScenarioError("setup: a scenario with start: new plays from a new game")
        return game.new_state(scenario.config, scenario.seed), {}
    return game.scenario_state(scenario.config, scenario.setup, scenario.seed)


def _unasked(state: State, answered: int) -> str:
    """What the game did without asking since the previous answer: a forced answer (a single
    way to pay, a window nobody can use) is taken at once, so the question a ``choose`` step
    expects may already be past."""
    events = [e.text for e in state.log[answered:] if e.kind != "scenario"]
    if not events:
        return ""
    shown = "; ".join(events[-8:])
    more = f"{len(events) - 8} earlier events, then " if len(events) > 8 else ""
    return (
        f" (the game answers forced questions without asking; since the previous answer it "
        f"did: {more}{shown})"
    )
