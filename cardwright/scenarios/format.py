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

The entries of a setup (card entries, numbers, lasting effects) are read by each game's own
scenario builder, with :mod:`cardwright.core.entries`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from cardwright.core.datafiles import load_yaml, read_text
from cardwright.core.errors import DataError


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
