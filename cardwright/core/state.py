"""The game state: a tree of small plain-data objects (msgspec Structs).

Rules code never stores anything outside the state, so a state can be copied, saved, hashed and
replayed at any point, even in the middle of resolving a card. Static card definitions are never
in the state: card instances refer to them by id (``Card.defn``).

A game subclasses :class:`State` to add its own fields (life totals, battle records ...).
Copies and JSON go through msgspec with the concrete type, so subclasses need no extra code.

Conventions
-----------
* Zones are ``zones[key] -> list of card ids``; the **last** element is the top of a pile.
  Keys are ``"<zone>:<seat>"`` for per-seat zones (``"hand:0"``) or any name for shared ones.
* Every field that holds a card id is declared with the type :data:`CardRef` (or a container of
  it). Views find card references by these declared types (``core/refs.py``), never by a
  field's name, so a new field cannot leak a hidden card by being named differently.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any, NewType, TypeVar

import msgspec

S = TypeVar("S", bound="State")

#: A reference to a card instance (its id). At run time it is a plain ``int``; the declared type
#: is what lets views, determinization and the conformance checks find every reference.
CardRef = NewType("CardRef", int)


def refs(ids: Iterable[int]) -> list[CardRef]:
    """Card ids as a list of :data:`CardRef`: a plain copy, since at run time a reference is
    the int itself (``[CardRef(i) for i in ids]`` would make a function call per id, which
    the hottest selectors cannot afford)."""
    return list(ids)  # type: ignore[arg-type]  # not cast(): a call, and this is hot


class Option(msgspec.Struct, frozen=True, omit_defaults=True):
    """One answer to a decision: a stable id (what programs send) and a label (what people read).

    An option may carry typed values so that whoever carries out the answer reads them instead
    of parsing the id: ``card`` (the card it is about), ``target`` (a second card it is about:
    the ship a card is loaded onto, the card a power is used on), ``n`` (a number) and ``arg``
    (a word).
    """

    id: str
    label: str
    card: CardRef | None = None
    n: int | None = None
    arg: str = ""
    target: CardRef | None = None


class Decision(msgspec.Struct):
    """The single pending choice of the game: who decides, what kind, and the legal options."""

    seat: int
    kind: str
    prompt: str
    options: list[Option]
    rule: str = ""
    min_picks: int = 1
    max_picks: int = 1

    def option_ids(self) -> list[str]:
        return [o.id for o in self.options]


class Card(msgspec.Struct):
    """A card instance. Its static definition is looked up by ``defn``; it is never copied.

    In a view (``core/views.py``) a card the seat may not identify is a *placeholder*: a card
    under a negative id whose ``defn`` is :data:`HIDDEN` and whose other fields are what the
    seat can see of it (see :func:`known_card`).
    """

    id: int
    defn: str
    owner: int
    controller: int
    exhausted: bool = False
    face_up: bool = True
    counters: dict[str, int] = msgspec.field(default_factory=dict)


#: the seat of a spectator: ``game.view(state, SPECTATOR)`` is what someone watching the table
#: may know. A game's ``card_visible`` is asked about it like about any seat and must answer
#: True only for a card whose place is public (every hand, deck and face-down card hidden;
#: never a card shown to some seats only): the conformance suite checks that a spectator
#: identifies no card that some seat cannot. Not -1, which marks a full state's ``viewer``.
SPECTATOR = -2

#: the definition of every placeholder in a view: one fixed value that is no card's, so a
#: placeholder tells nothing of the card it stands for and never passes for a known card
HIDDEN = "?"


def known_card(state: State, card_id: int) -> Card | None:
    """The card ``card_id`` when ``state`` identifies it: None for a placeholder of a view (a
    hidden card, whose public status is ``state.cards[card_id]``) and for an unknown id."""
    card = state.cards.get(card_id)
    return None if card is None or card_id < 0 else card


class Bindings(msgspec.Struct, omit_defaults=True):
    """Named values an effect carries while it resolves (cards chosen, an event's cards, a
    number counted, a word named). Typed, so views find the card references in it."""

    cards: dict[str, list[CardRef]] = msgspec.field(default_factory=dict)
    nums: dict[str, int] = msgspec.field(default_factory=dict)
    words: dict[str, str] = msgspec.field(default_factory=dict)

    def card(self, name: str) -> CardRef | None:
        """The first card bound to ``name``, or None."""
        found = self.cards.get(name)
        return found[0] if found else None

    def with_cards(self, name: str, cards: list[CardRef]) -> Bindings:
        """A copy with ``name`` bound to ``cards``."""
        return Bindings({**self.cards, name: list(cards)}, dict(self.nums), dict(self.words))


class Trigger(msgspec.Struct, omit_defaults=True):
    """A triggered ability waiting to resolve: which ability, the card it comes from, who
    controls it (orders it among the pending ones), the key of the effect to run (a vocabulary
    listener's; empty for a game's own trigger), what the event that set it off bound
    (``vars``) and the seat it acts for when that is not its controller (``actor``: where the
    current player orders every trigger)."""

    ability: str
    source: CardRef
    controller: int
    vars: Bindings = msgspec.field(default_factory=Bindings)
    effect: str = ""
    actor: int | None = None


class Lasting(msgspec.Struct, omit_defaults=True):
    """A lasting effect (strain S7): it changes value ``key`` of the card ``target`` (or of the
    seat ``seat``) by ``amount`` until the occasion ``until`` (a name the game's flow
    announces: ``"end_of_turn"``, ``"end_of_turn:2"``, ``"end_of_combat"``, ``"end_of_moment"``).
    A key ``"cannot:<action>"`` forbids that action on ``target`` (by ``seat`` when set);
    ``source`` is the card it comes from; ``about`` is another card it concerns (the card
    that may not affect ``target``); ``word`` a word it names (a faction). It also ends when
    its target leaves play (:func:`cardwright.core.lasting.forget`)."""

    key: str
    target: CardRef | None = None
    seat: int = -1
    amount: int = 0
    source: CardRef | None = None
    about: CardRef | None = None
    until: str = "end_of_turn"
    word: str = ""


class LogEvent(msgspec.Struct):
    """One line of the structured game log. ``rule`` is an id in the game's rules index.

    ``visible_to`` is ``None`` for public events; otherwise only those seats see ``text`` and
    ``data``, and every other seat sees ``redacted`` (or nothing when it is empty).
    """

    seq: int
    turn: int
    kind: str
    rule: str
    text: str
    seat: int = -1
    data: dict[str, Any] = msgspec.field(default_factory=dict)
    visible_to: list[int] | None = None
    redacted: str = ""
    card: CardRef | None = None


class Result(msgspec.Struct):
    """How the game ended. An empty ``winners`` list is a draw."""

    winners: list[int]
    reason: str
    rule: str = ""


class State(msgspec.Struct, kw_only=True):
    """The part of every game's state that the core understands."""

    game: str
    config: dict[str, Any] = msgspec.field(default_factory=dict)
    seed: int = 0
    rng: int = 0
    forced: list[int] = msgspec.field(default_factory=list)
    names: list[str] = msgspec.field(default_factory=list)
    turn: int = 0
    active: int = 0
    phase: str = ""
    #: zones and the card table are the two containers views handle themselves (placeholders
    #: are made from zone positions), so they keep plain ``int`` ids
    zones: dict[str, list[int]] = msgspec.field(default_factory=dict)
    cards: dict[int, Card] = msgspec.field(default_factory=dict)
    next_id: int = 1
    #: the flow stack (top = end). A game's state class is made with its own step types here
    #: (``Game.state_cls``); the core's declared type admits only legacy frames.
    stack: list[Any] = msgspec.field(default_factory=list)
    decision: Decision | None = None
    triggers: list[Trigger] = msgspec.field(default_factory=list)
    lasting: list[Lasting] = msgspec.field(default_factory=list)
    result: Result | None = None
    log: list[LogEvent] = msgspec.field(default_factory=list)
    logging: bool = True
    decisions: int = 0
    viewer: int = -1
    pools: dict[str, list[str] | None] = msgspec.field(default_factory=dict)

    @property
    def num_players(self) -> int:
        return len(self.names)

    @property
    def over(self) -> bool:
        return self.result is not None


_msgpack_encoder = msgspec.msgpack.Encoder()
_json_encoder = msgspec.json.Encoder()
_msgpack_decoders: dict[type, msgspec.msgpack.Decoder[Any]] = {}
_json_decoders: dict[type, msgspec.json.Decoder[Any]] = {}


def clone(state: S) -> S:
    """A deep copy that shares nothing mutable with ``state`` (static card data is not in it).

    >>> s = State(game="demo", names=["a", "b"]); c = clone(s); c.names.append("x"); s.names
    ['a', 'b']
    """
    cls = type(state)
    dec = _msgpack_decoders.get(cls)
    if dec is None:
        dec = _msgpack_decoders[cls] = msgspec.msgpack.Decoder(cls)
    result: S = dec.decode(_msgpack_encoder.encode(state))
    return result


def to_json(state: State) -> bytes:
    """The state as JSON bytes (exact: :func:`from_json` gives an equal state)."""
    return _json_encoder.encode(state)


def from_json(cls: type[S], data: bytes | str) -> S:
    """Rebuild a state of type ``cls`` from :func:`to_json` output.

    Raises ``msgspec.ValidationError`` or ``msgspec.DecodeError`` on malformed input.
    """
    dec = _json_decoders.get(cls)
    if dec is None:
        dec = _json_decoders[cls] = msgspec.json.Decoder(cls)
    result: S = dec.decode(data)
    return result


#: The version of :func:`state_hash` (part of the public contract): a record keeps the hash
#: its game reached, so a change that gives the same game another hash (the encoding, a field
#: of the core's or a game's state, a step's layout: the golden playthroughs' "same game,
#: other layout") bumps it. A record of another version is then checked by its layout-free
#: final position instead (docs/records.md). A change of the rules, which plays another game,
#: does not bump it: the record's fingerprint says what changed.
STATE_HASH_VERSION = 1


def state_hash(state: State) -> str:
    """A stable hash of everything that matters to the game (the log, and the prompt and
    option labels of the pending decision, which are words for people, are excluded).

    Two states that would play on identically have the same hash, whether or not they logged
    (a state that does not log may carry shorter words: ``docs/architecture.md``).
    Mappings hash in insertion order, which the rules keep deterministic (the same history
    gives the same order, and copies and JSON preserve it).
    """
    decision = state.decision
    if decision is not None:
        decision = msgspec.structs.replace(
            decision,
            prompt="",
            options=[msgspec.structs.replace(o, label="") for o in decision.options],
        )
    bare = msgspec.structs.replace(state, log=[], logging=False, decision=decision)
    return hashlib.blake2b(_msgpack_encoder.encode(bare), digest_size=16).hexdigest()
