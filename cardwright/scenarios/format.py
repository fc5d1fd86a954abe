"""The scenario file format (YAML), validated with pydantic. See docs/scenarios.md.

A file holds one scenario, or several under ``scenarios:`` sharing the file's ``game``::

    game: bizarre-world
    name: Alien of Sacrifice is no attack source
    setup:
      active: Steve
      seats:
        Steve: {play: ["Boring Alien of Sacrifice (2) as alien"]}
    steps:
      - choose: activate:@alien
      - expect: {attack: {Steve: 4}}
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from cardwright.core.datafiles import load_yaml, read_text
from cardwright.core.errors import DataError
from cardwright.core.state import CardRef, Lasting, State

_SUFFIX = re.compile(
    r"\s+(?:x(?P<count>\d+)|as\s+(?P<alias>[A-Za-z_][\w-]*)|(?P<flag>exhausted|face-down))\s*$"
)


#: the most copies one card entry may ask for (checked before any card is made)
MAX_COPIES = 1000


class CardSpec(BaseModel):
    """One line of a zone list: ``"Name (cost) x2 as alias exhausted"``."""

    card: str
    count: int = 1
    alias: str | None = None
    flags: tuple[str, ...] = ()


def parse_card_spec(text: str, where: str) -> CardSpec:
    """Read ``"Name (cost)"`` followed, in any order, by ``xN``, ``as alias`` and flags."""
    rest = str(text).strip()
    count, alias, flags = 1, None, []
    while (m := _SUFFIX.search(rest)) is not None:
        if m["count"]:
            count = int(m["count"])
        elif m["alias"]:
            alias = m["alias"]
        else:
            flags.append(m["flag"])
        rest = rest[: m.start()]
    if not rest:
        raise DataError(
            f"{where}: cannot read card entry {text!r}; write 'Name (cost)', "
            "optionally followed by 'x2', 'as alias', 'exhausted'"
        )
    if rest.startswith("@"):  # an alias names a card already placed: one card, one place
        raise DataError(
            f"{where}: {text!r}: a card is in one place only, and {rest} is placed where it "
            f"is named with 'as {rest[1:]}'; another card here needs its own entry"
        )
    if not 1 <= count <= MAX_COPIES:
        raise DataError(f"{where}: {text!r}: x{count}; an entry is 1 to {MAX_COPIES} copies")
    if alias and count != 1:
        raise DataError(f"{where}: {text!r}: an alias names one card, so it cannot have x{count}")
    return CardSpec(card=rest.strip(), count=count, alias=alias, flags=tuple(flags))


def whole(value: Any, where: str, minimum: int = 0, maximum: int = MAX_COPIES) -> int:
    """A setup number (``turn: 3``, ``resources: 2``), checked: ``three``, ``true``, ``2.5``
    or a number out of ``minimum``..``maximum`` is one line naming where it is."""
    try:
        return _whole(minimum, maximum).validate_python(value)
    except ValidationError as exc:
        message = exc.errors()[0]["msg"].replace("Input should be", "should be")
        message = message.replace("a valid integer", "a whole number")
        raise DataError(f"{where}: {value!r} {message}") from None


def truth(value: Any, where: str) -> bool:
    """A setup flag: ``true`` or ``false`` (YAML's ``yes``/``no`` read as such); text such as
    ``"no"`` in quotes is one line, not silently true."""
    if not isinstance(value, bool):
        raise DataError(f"{where}: {value!r} should be true or false")
    return value


@functools.cache
def _whole(minimum: int, maximum: int) -> TypeAdapter[int]:
    return TypeAdapter(Annotated[int, Field(strict=True, ge=minimum, le=maximum)])


class LastingEntry(BaseModel):
    """One lasting effect already in force in a setup (``lasting:``): the value ``key`` of the
    card ``card`` (an alias) or of the seat ``seat`` changed by ``amount`` until ``until``;
    ``source`` and ``about``: the aliases of the card it comes from and of a card it concerns;
    ``word``: a word it names."""

    model_config = ConfigDict(extra="forbid")
    key: str
    card: str | None = None
    seat: str | None = None
    amount: int = 1
    source: str | None = None
    about: str | None = None
    until: str = "end_of_turn"
    word: str = ""


def add_lasting_effects(
    state: State, entries: Any, aliases: Mapping[str, int], where: str = "setup.lasting"
) -> None:
    """A setup's ``lasting`` key (turn history shared by the games): each entry becomes a
    core :class:`Lasting` in ``state.lasting``, its aliases and seat name checked."""
    if not isinstance(entries, list):
        raise DataError(f"{where}: a list of {{key: ..., card: alias, amount: N, until: ...}}")
    for i, raw in enumerate(entries):
        at = f"{where}[{i}]"
        try:
            entry = LastingEntry.model_validate(raw)
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = ".".join(str(x) for x in err["loc"])
            raise DataError(f"{at}{'.' + loc if loc else ''}: {err['msg']}") from None
        seat = -1
        if entry.seat is not None:
            if entry.seat not in state.names:
                raise DataError(f"{at}.seat: unknown seat {entry.seat!r}; seats: {state.names}")
            seat = state.names.index(entry.seat)
        state.lasting.append(
            Lasting(
                entry.key,
                alias_ref(entry.card, aliases, f"{at}.card"),
                seat,
                entry.amount,
                alias_ref(entry.source, aliases, f"{at}.source"),
                alias_ref(entry.about, aliases, f"{at}.about"),
                entry.until,
                entry.word,
            )
        )


def alias_ref(name: str | None, aliases: Mapping[str, int], where: str) -> CardRef | None:
    """The card an alias (``rock`` or ``@rock``) names in a setup."""
    if name is None:
        return None
    key = name.removeprefix("@")
    if key not in aliases:
        known = ", ".join("@" + a for a in aliases) or "none"
        raise DataError(f"{where}: unknown alias {name!r} (aliases: {known})")
    return CardRef(aliases[key])


class Step(BaseModel):
    model_config = ConfigDict(extra="forbid")
    choose: str | None = None
    reject: str | None = None
    expect: dict[str, Any] | None = None
    force: list[int] | None = None
    by: str | None = None
    error: str | None = None
    note: str = ""

    @field_validator("choose", "reject", "by", "error", mode="before")
    @classmethod
    def as_text(cls, value: Any) -> Any:
        """``choose: 3`` or ``by: 0`` mean the text (YAML reads them as numbers)."""
        if isinstance(value, bool):
            return "true" if value else "false"
        return str(value) if isinstance(value, int | float) else value

    @model_validator(mode="after")
    def one_action(self) -> Step:
        actions = [
            k for k in ("choose", "reject", "expect", "force") if getattr(self, k) is not None
        ]
        if len(actions) != 1:
            raise ValueError(
                "a step has exactly one of choose, reject, expect, force "
                f"(found: {', '.join(actions) or 'none'})"
            )
        return self


class Scenario(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str
    name: str
    source: str = ""
    rules: list[str] = Field(default_factory=list)
    config: dict[str, Any] = Field(default_factory=dict)
    seed: int = 0
    setup: dict[str, Any] = Field(default_factory=dict)
    start: Literal["setup", "new"] = "setup"  # new: a new game of config and seed
    refused: str | None = None  # the setup (or deck) must be refused with this text
    deck: str | None = None  # a deck file (beside the scenario) the game must accept or refuse
    steps: list[Step] = Field(default_factory=list)
    file: str = ""

    @model_validator(mode="after")
    def has_steps(self) -> Scenario:
        if self.deck is not None:
            if self.steps or self.setup or self.start != "setup":
                raise ValueError("deck: a deck case checks a deck file only (no setup, no steps)")
        elif not self.steps and self.refused is None:
            raise ValueError(
                "steps: a scenario needs at least one step (or refused: ERROR, or deck: FILE)"
            )
        return self


def _where(path: str, exc: ValidationError, raw: Any) -> str:
    err = exc.errors()[0]
    loc = ".".join(str(x) for x in err["loc"])
    return f"{path}: {loc or 'file'}: {err['msg']}"


def load_scenarios(path: Path | str) -> list[Scenario]:
    """Read a scenario file (one scenario, or ``scenarios:`` with several)."""
    p = Path(path)
    text = read_text(p, "scenario file")
    try:
        raw = load_yaml(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        at = f" at line {mark.line + 1}" if mark is not None else ""
        raise DataError(f"{p}: not valid YAML{at}: {getattr(exc, 'problem', exc)}") from None
    if not isinstance(raw, dict):
        raise DataError(f"{p}: a scenario file is a mapping with game, name, setup and steps")
    entries: list[Any]
    if "scenarios" in raw:
        shared = {k: v for k, v in raw.items() if k != "scenarios"}
        if not isinstance(raw["scenarios"], list):
            raise DataError(f"{p}: 'scenarios' must be a list")
        entries = [{**shared, **e} if isinstance(e, dict) else e for e in raw["scenarios"]]
    else:
        entries = [raw]
    out = []
    for i, entry in enumerate(entries, start=1):
        label = f"{p} (scenario #{i})" if len(entries) > 1 else str(p)
        try:
            scenario = Scenario.model_validate(
                {**entry, "file": str(p)} if isinstance(entry, dict) else entry
            )
        except ValidationError as exc:
            raise DataError(_where(label, exc, entry)) from None
        out.append(scenario)
    return out
