"""Smash Up card data, the files: reading and validating the TOML files under ``data/``, the
sets and card sets (a set's overrides applied on the default printing), cached loaders.

Layout of the data folder::

    data/bases.toml                   every base card ([[bases]] array)
    data/factions/<faction>.toml      one 20-card faction deck ([[cards]] array)
    data/factions/70s-errata.toml     overrides that turn the 2018 '70s cards into the errata set
    data/madness.toml                 the Madness card of The Obligatory Cthulhu Set ([madness])

Sets (``SETS``): a faction's and a base's ``set`` names the box it comes in: ``core``, ``70s``
(That '70s Expansion), ``al9000`` (Awesome Level 9000), ``cthulhu`` (The Obligatory Cthulhu
Set). The bases of the sets whose factions are chosen make the base deck.

Card sets. The '70s factions come in two printings: the original 2018 printing (the default
card set ``"70s-2018"``, which the '70s rulebook is written against) and the later errata
(``"70s-errata"``). The errata set is stored as overrides: the overrides file lists only the
cards that changed, each with every field that changed, and :func:`load_faction` /
:func:`load_factions` apply them on top of the default set. Core-set factions are the same in
every card set (their original 2012 printing). Awesome Level 9000 and The Obligatory Cthulhu Set
are loaded in their current printing (the public catalogue's); the card set
``"al9000-cthulhu-first"`` turns the cards whose errata changed what they do back into their
first printing. Sets that change different cards combine with ``+``
(``"70s-errata+al9000-cthulhu-first"``; :data:`CARD_SET_CHOICES`).

The models (cards, bases, factions, overrides, and the checks of their fields) are in
:mod:`.cardmodels` (re-exported here); this module reads the files into them, applies the
card sets' overrides and caches what it loaded.

Every problem in a data file raises :class:`CardDataError` with a one-line message naming the
file, the card (or base / faction) and the field.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Final, Literal

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from cardwright.core.datafiles import read_toml
from cardwright.core.errors import ConfigError, DataError

from .cardmodels import (
    CARD_ID_RE,
    CARDS_PER_FACTION,
    FACE,
    BaseDef,
    CardDef,
    CardOverrides,
    Faction,
    FactionHeader,
    FusionAction,
    kind_words,
)

__all__ = [
    "BASES_FILE",
    "CARDS_PER_FACTION",
    "CARD_SETS",
    "DATA_DIR",
    "DEFAULT_CARD_SET",
    "FACE",
    "FACTIONS_DIR",
    "BaseDef",
    "CardDataError",
    "CardDef",
    "CardOverrides",
    "Faction",
    "FusionAction",
    "base_sets",
    "card_set_parts",
    "faction_ids",
    "kind_words",
    "load_bases",
    "load_faction",
    "load_factions",
    "load_file",
    "load_madness",
]

CardSetName = Literal["70s-2018", "70s-errata", "al9000-cthulhu-first", "sfdf-2014"]
DATA_DIR: Final = Path(__file__).resolve().parent / "data"
FACTIONS_DIR: Final = DATA_DIR / "factions"
BASES_FILE: Final = DATA_DIR / "bases.toml"
MADNESS_FILE: Final = DATA_DIR / "madness.toml"
#: the Madness card's definition (The Obligatory Cthulhu Set's shared Madness deck)
MADNESS: Final = "madness/madness"
#: Set id -> the printed name of the box its factions and bases come in (``cards smash-up
#: --set ID`` lists one; a faction's and a base's ``set`` is one of these ids)
SETS: Final[Mapping[str, str]] = {
    "core": "Smash Up (core set)",
    "70s": "That '70s Expansion",
    "al9000": "Awesome Level 9000",
    "cthulhu": "The Obligatory Cthulhu Set",
    "pretty": "Pretty Pretty Smash Up",
    "sfdf": "Science Fiction Double Feature",
    "monster_smash": "Monster Smash",
}
DEFAULT_CARD_SET: Final[CardSetName] = "70s-2018"
#: Card set name -> overrides file in FACTIONS_DIR (None: the default set, no overrides).
#: Sets that change different cards combine: ``"70s-errata+al9000-cthulhu-first"`` applies
#: both (:data:`CARD_SET_CHOICES` lists every combination).
CARD_SETS: Final[Mapping[CardSetName, str | None]] = {
    "70s-2018": None,
    "70s-errata": "70s-errata.toml",
    "al9000-cthulhu-first": "al9000-cthulhu-first.toml",
    "sfdf-2014": "sfdf-2014.toml",
}

#: each card set's name as its type (what :func:`card_set_parts` returns)
_SET_NAMES: Final[Mapping[str, CardSetName]] = {name: name for name in CARD_SETS}


def _combinations() -> tuple[str, ...]:
    """The default set, then every combination of the override sets (in their order)."""
    parts = [name for name, file in CARD_SETS.items() if file is not None]
    out: list[str] = [DEFAULT_CARD_SET]
    for mask in range(1, 1 << len(parts)):
        out.append("+".join(p for i, p in enumerate(parts) if mask >> i & 1))
    return tuple(out)


#: every card set a game may be played with: a set, or override sets joined by "+"
CARD_SET_CHOICES: Final[tuple[str, ...]] = _combinations()


class CardDataError(DataError, ValueError):
    """A malformed or invalid Smash Up data file; the message is one line."""


# --------------------------------------------------------------------------- error messages

_OVERRIDABLE: Final = frozenset(CardDef.model_fields) - {"id", "faction"}


def _field_label(loc: tuple[int | str, ...]) -> str:
    label = ""
    for part in loc:
        if isinstance(part, int):
            label += f"[{part}]"
        else:
            label += f".{part}" if label else part
    return label


def _message(error: ErrorDetails) -> str:
    kind = error["type"]
    ctx: dict[str, Any] = dict(error.get("ctx") or {})
    match kind:
        case "missing":
            return "is required"
        case "extra_forbidden":
            return "is not a known field"
        case "greater_than_equal":
            return f"must be >= {ctx['ge']}"
        case "greater_than":
            return f"must be > {ctx['gt']}"
        case "less_than_equal":
            return f"must be <= {ctx['le']}"
        case "literal_error":
            return f"must be one of {ctx['expected']}"
        case "int_type":
            return "must be an integer"
        case "string_type":
            return "must be a string"
        case "tuple_type":
            return "must be an array"
        case "too_long" | "too_short":
            return f"must have {ctx.get('min_length', '?')} items"
        case "value_error":
            return str(ctx.get("error", error["msg"]))
        case _:
            return error["msg"]


def _reformat(error: ValidationError, where: str) -> CardDataError:
    """Turn a pydantic ValidationError into a one-line CardDataError (first problem only)."""
    errors = error.errors(include_url=False)
    first = errors[0]
    label = _field_label(first["loc"])
    field = f"field {label!r}: " if label else ""
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return CardDataError(f"{where}: {field}{_message(first)}{more}")


def _entry_label(kind: str, raw: object, index: int) -> str:
    if isinstance(raw, Mapping):
        for key in ("name", "id"):
            value = raw.get(key)
            if isinstance(value, str) and value:
                return f'{kind} "{value}"'
    return f"{kind} #{index + 1}"


# --------------------------------------------------------------------------- reading files


def _tuplify(value: object) -> object:
    """TOML arrays become tuples (the models are frozen and strict)."""
    if isinstance(value, list):
        return tuple(_tuplify(item) for item in value)
    if isinstance(value, dict):
        return {key: _tuplify(item) for key, item in value.items()}
    return value


def _read_toml(path: Path) -> dict[str, Any]:
    result = _tuplify(read_toml(path, "card data", CardDataError))
    assert isinstance(result, dict)
    return result


def _entries(path: Path, data: Mapping[str, Any], key: str) -> tuple[Any, ...]:
    entries = data.get(key)
    if not isinstance(entries, tuple) or not entries:
        raise CardDataError(f"{path.name}: field {key!r}: must be a non-empty array of tables")
    return entries


def _check_keys(path: Path, data: Mapping[str, Any], allowed: Iterable[str]) -> None:
    for key in data:
        if key not in allowed:
            raise CardDataError(f"{path.name}: field {key!r}: is not a known field")


def _parse_faction(path: Path, data: Mapping[str, Any]) -> Faction:
    header_raw = {key: value for key, value in data.items() if key != "cards"}
    try:
        header = FactionHeader.model_validate(header_raw)
    except ValidationError as exc:
        raise _reformat(exc, f"{path.name}: faction") from None
    if header.id != path.stem:
        raise CardDataError(
            f"{path.name}: faction \"{header.name}\": field 'id': "
            f"{header.id!r} must match the file name {path.stem!r}"
        )
    cards: list[CardDef] = []
    for index, raw in enumerate(_entries(path, data, "cards")):
        where = f"{path.name}: {_entry_label('card', raw, index)}"
        if not isinstance(raw, dict):
            raise CardDataError(f"{where}: must be a table")
        raw = {"faction": header.id, **raw}
        try:
            card = CardDef.model_validate(raw)
        except ValidationError as exc:
            raise _reformat(exc, where) from None
        if card.faction != header.id:
            raise CardDataError(f"{where}: field 'faction': must be {header.id!r} (the file's id)")
        if not card.id.startswith(f"{header.id}/"):
            raise CardDataError(f"{where}: field 'id': must start with '{header.id}/'")
        cards.append(card)
    try:
        return Faction(id=header.id, name=header.name, set=header.set, cards=tuple(cards))
    except ValidationError as exc:
        raise _reformat(exc, f'{path.name}: faction "{header.name}"') from None


def _parse_bases(
    path: Path, data: Mapping[str, Any], only: str | None = None
) -> dict[str, BaseDef]:
    """The bases of a bases file, or with ``only`` those of one set (the others unchecked)."""
    _check_keys(path, data, ("bases",))
    bases: dict[str, BaseDef] = {}
    names: set[str] = set()
    for index, raw in enumerate(_entries(path, data, "bases")):
        where = f"{path.name}: {_entry_label('base', raw, index)}"
        if not isinstance(raw, dict):
            raise CardDataError(f"{where}: must be a table")
        if only is not None and raw.get("set") != only:
            continue
        try:
            base = BaseDef.model_validate(raw)
        except ValidationError as exc:
            raise _reformat(exc, where) from None
        if base.id in bases:
            raise CardDataError(f"{where}: field 'id': {base.id!r} appears twice")
        if base.name in names:
            raise CardDataError(f"{where}: field 'name': {base.name!r} appears twice")
        bases[base.id] = base
        names.add(base.name)
    return bases


def _parse_overrides(path: Path, data: Mapping[str, Any]) -> CardOverrides:
    _check_keys(path, data, ("card_set", "based_on", "overrides"))
    for key in ("card_set", "based_on"):
        if not isinstance(data.get(key), str):
            raise CardDataError(f"{path.name}: field {key!r}: must be a string")
    seen: set[str] = set()
    for index, raw in enumerate(_entries(path, data, "overrides")):
        where = f"{path.name}: {_entry_label('card', raw, index)}"
        if not isinstance(raw, dict):
            raise CardDataError(f"{where}: must be a table")
        card_id = raw.get("id")
        if not isinstance(card_id, str) or not CARD_ID_RE.fullmatch(card_id):
            raise CardDataError(f"{where}: field 'id': must name a card as 'faction/card'")
        if card_id in seen:
            raise CardDataError(f"{where}: field 'id': {card_id!r} is overridden twice")
        seen.add(card_id)
        for key in raw:
            if key != "id" and key not in _OVERRIDABLE:
                raise CardDataError(f"{where}: field {key!r}: cannot be overridden")
        if len(raw) < 2:
            raise CardDataError(f"{where}: field 'id': override changes no field")
    return CardOverrides(
        card_set=data["card_set"],
        based_on=data["based_on"],
        source=path.name,
        cards=data["overrides"],
    )


def _parse_madness(path: Path, data: Mapping[str, Any]) -> CardDef:
    _check_keys(path, data, ("madness",))
    raw = data["madness"]
    where = f"{path.name}: {_entry_label('card', raw, 0)}"
    if not isinstance(raw, dict):
        raise CardDataError(f"{where}: must be a table")
    try:
        card = CardDef.model_validate({"faction": "madness", **raw})
    except ValidationError as exc:
        raise _reformat(exc, where) from None
    if card.id != MADNESS:
        raise CardDataError(f"{where}: field 'id': must be {MADNESS!r}")
    return card


def load_file(path: str | Path) -> Faction | dict[str, BaseDef] | CardOverrides | CardDef:
    """Load and validate one data file, whichever kind it is (by its top-level array).

    ``[[cards]]`` -> :class:`Faction`; ``[[bases]]`` -> bases by id; ``[[overrides]]`` ->
    :class:`CardOverrides`; ``[madness]`` -> the Madness card (:class:`CardDef`). Raises
    :class:`CardDataError` on any problem.
    """
    path = Path(path)
    data = _read_toml(path)
    if "cards" in data:
        return _parse_faction(path, data)
    if "bases" in data:
        return _parse_bases(path, data)
    if "overrides" in data:
        return _parse_overrides(path, data)
    if "madness" in data:
        return _parse_madness(path, data)
    raise CardDataError(
        f"{path.name}: not a faction, bases, overrides or Madness file "
        "(expected a 'cards', 'bases' or 'overrides' array, or a 'madness' table)"
    )


# --------------------------------------------------------------------------- card sets


def _apply_overrides(
    factions: Mapping[str, Faction], overrides: CardOverrides, *, every: bool = True
) -> dict[str, Faction]:
    """``factions`` with ``overrides`` applied. ``every``: ``factions`` are all the factions,
    so an override of a card none of them has is an error; else the overrides of other
    factions' cards are passed over, and a faction none changes is returned as it was."""
    cards: dict[str, dict[str, CardDef]] = {
        fid: {card.id: card for card in faction.cards} for fid, faction in factions.items()
    }
    owner = {card_id: fid for fid, by_id in cards.items() for card_id in by_id}
    touched: set[str] = set()
    for index, entry in enumerate(overrides.cards):
        where = f"{overrides.source}: {_entry_label('card', entry, index)}"
        card_id = entry["id"]
        if not every and card_id.split("/", 1)[0] not in factions:
            continue
        if card_id not in owner:
            raise CardDataError(f"{where}: field 'id': no card {card_id!r} in {overrides.based_on}")
        fid = owner[card_id]
        merged = cards[fid][card_id].model_dump() | dict(entry)
        try:
            changed = CardDef.model_validate(merged)
        except ValidationError as exc:
            raise _reformat(exc, where) from None
        if changed == cards[fid][card_id]:
            raise CardDataError(f"{where}: field 'id': override changes nothing")
        cards[fid][card_id] = changed
        touched.add(fid)
    result: dict[str, Faction] = {}
    for fid, faction in factions.items():
        if not every and fid not in touched:
            result[fid] = faction
            continue
        try:
            result[fid] = Faction(
                id=faction.id,
                name=faction.name,
                set=faction.set,
                cards=tuple(cards[fid].values()),
            )
        except ValidationError as exc:
            raise _reformat(exc, f'{overrides.source}: faction "{faction.name}"') from None
    return result


def _check_card_set(card_set: str) -> str:
    if card_set in CARD_SET_CHOICES:
        return card_set
    raise ConfigError(
        f"unknown Smash Up card set {card_set!r}; known: {', '.join(CARD_SET_CHOICES)}"
    )


def card_set_parts(card_set: str) -> tuple[CardSetName, ...]:
    """The sets a card set is made of (``"70s-errata+al9000-cthulhu-first"``: two)."""
    return tuple(_SET_NAMES[part] for part in _check_card_set(card_set).split("+"))


@functools.cache
def faction_ids() -> tuple[str, ...]:
    """Every faction's id (its file's name), in order, without reading the files."""
    override_files = {name for name in CARD_SETS.values() if name is not None}
    return tuple(
        path.stem for path in sorted(FACTIONS_DIR.glob("*.toml")) if path.name not in override_files
    )


@functools.cache
def _default_faction(fid: str) -> Faction:
    """One faction in the default card set: its file is read when first asked for."""
    path = FACTIONS_DIR / f"{fid}.toml"
    loaded = load_file(path)
    if not isinstance(loaded, Faction):
        raise CardDataError(f"{path.name}: not a faction file (expected a 'cards' array)")
    return loaded


@functools.cache
def _default_factions() -> dict[str, Faction]:
    factions: dict[str, Faction] = {}
    names: dict[str, str] = {}
    for fid in faction_ids():
        loaded = _default_faction(fid)
        if loaded.name in names:
            raise CardDataError(
                f"{fid}.toml: faction \"{loaded.name}\": field 'name': "
                f"already used by {names[loaded.name]}"
            )
        names[loaded.name] = f"{fid}.toml"
        factions[loaded.id] = loaded
    if not factions:
        raise CardDataError(f"{FACTIONS_DIR}: no faction files found")
    return factions


@functools.cache
def _faction(card_set: str, fid: str) -> Faction:
    """One faction in a (checked) card set: the default's, with each part's overrides of its
    cards applied in turn (the same :class:`Faction` as the default's when none changes it)."""
    faction = _default_faction(fid)
    for part in card_set_parts(card_set):
        if CARD_SETS[part] is not None:
            faction = _apply_overrides({fid: faction}, _overrides(part), every=False)[fid]
    return faction


@functools.cache
def _factions(card_set: str) -> dict[str, Faction]:
    factions = _default_factions()
    for part in card_set_parts(card_set):  # (every override names a card of some faction)
        if CARD_SETS[part] is not None:
            factions = _apply_overrides(factions, _overrides(part))
    return {fid: _faction(card_set, fid) for fid in factions}


@functools.cache
def _overrides(card_set: CardSetName) -> CardOverrides:
    override_file = CARD_SETS[card_set]
    assert override_file is not None
    overrides = load_file(FACTIONS_DIR / override_file)
    if not isinstance(overrides, CardOverrides):
        raise CardDataError(f"{override_file}: not an overrides file (expected 'overrides')")
    if overrides.card_set != card_set:
        raise CardDataError(
            f"{override_file}: field 'card_set': is {overrides.card_set!r}, expected {card_set!r}"
        )
    if overrides.based_on != DEFAULT_CARD_SET:
        raise CardDataError(f"{override_file}: field 'based_on': must be {DEFAULT_CARD_SET!r}")
    return overrides


def load_factions(card_set: str = DEFAULT_CARD_SET) -> dict[str, Faction]:
    """All factions by id (e.g. ``"disco_dancers"``), with ``card_set``'s overrides applied.

    The files are read once and cached; each call returns a fresh dict of the frozen factions.
    """
    return dict(_factions(_check_card_set(card_set)))


def load_faction(name: str, card_set: str = DEFAULT_CARD_SET) -> Faction:
    """One faction by id or printed name (case-insensitive), e.g. ``"Disco Dancers"``. By
    its id only its own file is read; a printed name reads them all."""
    card_set = _check_card_set(card_set)
    if name in faction_ids():
        return _faction(card_set, name)
    factions = _factions(card_set)
    wanted = name.strip().casefold()
    for faction in factions.values():
        if wanted in (faction.id, faction.name.casefold()):
            return faction
    raise ConfigError(f"unknown Smash Up faction {name!r}; known: {', '.join(sorted(factions))}")


@functools.cache
def _bases() -> dict[str, BaseDef]:
    loaded = load_file(BASES_FILE)
    if not isinstance(loaded, dict):
        raise CardDataError(f"{BASES_FILE.name}: not a bases file (expected a 'bases' array)")
    return {bid: _set_bases(base.set)[bid] for bid, base in loaded.items()}


@functools.cache
def base_sets() -> dict[str, str]:
    """Every base's id -> its set, in the file's order (the file is read, its bases are not
    made: :func:`load_bases` checks and makes them)."""
    raw = _entries(BASES_FILE, _read_toml(BASES_FILE), "bases")
    return {
        str(entry["id"]): str(entry["set"])
        for entry in raw
        if isinstance(entry, dict) and "id" in entry and "set" in entry
    }


@functools.cache
def _set_bases(set_id: str) -> dict[str, BaseDef]:
    return _parse_bases(BASES_FILE, _read_toml(BASES_FILE), only=set_id)


def load_bases(sets: Iterable[str] | None = None) -> dict[str, BaseDef]:
    """All base cards by id (every set's), or those of ``sets`` (only theirs are made), in
    the file's order; cached."""
    if sets is None:
        return dict(_bases())
    wanted = set(sets)
    return {bid: _set_bases(s)[bid] for bid, s in base_sets().items() if s in wanted}


@functools.cache
def load_madness() -> CardDef:
    """The Madness card (30 copies make the Madness deck of The Obligatory Cthulhu Set)."""
    loaded = load_file(MADNESS_FILE)
    if not isinstance(loaded, CardDef):
        raise CardDataError(f"{MADNESS_FILE.name}: not the Madness file (expected 'madness')")
    return loaded
