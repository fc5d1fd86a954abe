"""The entries of a written setup, which each game's scenario builder reads (a rules case's
``setup:``, a deck file's card list, ``deck craft --card``): a card entry
(``"Name (cost) x2 as alias exhausted"``), a checked whole number or flag, and the lasting
effects already in force. Every mistake is one :class:`~.errors.DataError` line naming where
it is (``docs/scenarios.md``)."""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from .errors import DataError
from .state import CardRef, Lasting, State

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
