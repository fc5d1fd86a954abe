"""The action catalogue: a fixed list of every option a decision of a game can offer, each
at one index, built from the game's option-id forms and its card definitions (never from
instance ids, which differ from game to game).

Each form (``play:CARD``, ``assign:CARD:N``, ``end``) owns a block of indices; a form offered
by several decision kinds (``discard:CARD`` when discarding and when paying a cost) has one
block, and the observation says which kind of decision is pending. Inside a block each varying
part of the form counts as a digit:

* ``CARD`` / ``TARGET``: the card's definition (its place in the game's card list, or in the
  form's own shorter list) and its **ordinal**: two cards of one definition named at the same
  place of a form in one decision (two copies in hand: ``play:17`` and ``play:31``) are told
  apart by the order in which the decision lists them (the first is ordinal 0). The options
  of a decision are the same whatever hidden cards lie where (the conformance suite's hidden
  swaps), so the ordinals leak nothing;
* ``N``: the number, from the form's lowest to its largest; ``SEAT``: the seat;
* ``NAME`` / ``WORD``: the place of the name or word in the form's list.

So index <-> option is exact within a decision: :meth:`Catalogue.indices` gives the index of
each option (all different), :meth:`Catalogue.option` the option of an index.

In a game whose RL description allows ``others``, a card whose definition is not in the card
list at all counts as one more definition, :data:`OTHER`, with up to ``others`` ordinals of
its own: a Bizarre World state dealt by ``determinize`` for a seat that does not know the
opponent's deck holds cards drawn from the generator, which no card list can name. A card of
the list outside a form's own shorter list is an error (the game's RL description is wrong).
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardwright.core.errors import CardwrightError
from cardwright.core.state import Card, Decision, Option
from cardwright.games import get_game, option_forms

from .spec import GameSpec, game_spec

#: the parse cache's size before it is emptied (option ids are few per game: card ids recur)
_CACHE_LIMIT = 200_000
#: the definition every card outside the game's card list counts as
OTHER = "(other)"


class CatalogueError(CardwrightError):
    """An option the catalogue has no index for, or an index no option of the decision has."""


@dataclass(frozen=True)
class Part:
    """A varying part of a form: ``kind`` is CARD, TARGET, N, SEAT, NAME or WORD; ``values``
    the definitions, names or words it ranges over (empty for N and SEAT); ``low``/``size``
    the range of a number; ``copies`` the ordinals each card definition of a card part may
    take (its place in ``values``) and ``starts`` where each definition's ordinals begin;
    ``stride`` its weight in the block."""

    kind: str
    position: int  # where in the id (split on ':') it stands
    values: tuple[str, ...]
    index: dict[str, int]
    low: int
    size: int
    copies: tuple[int, ...]
    starts: tuple[int, ...]
    stride: int
    #: for a card part, each definition's first index in the block (``starts[d] * stride``)
    #: and its copies, as :meth:`Catalogue.indices` reads them
    at: dict[str, tuple[int, int]]

    @property
    def other(self) -> int:
        """Where a card part's :data:`OTHER` ordinals start."""
        return self.starts[-1] + self.copies[-1] if self.copies else 0

    @property
    def is_card(self) -> bool:
        return self.kind in ("CARD", "TARGET")


@dataclass(frozen=True)
class Block:
    """The indices of one form: ``offset`` to ``offset + size - 1``."""

    form: str
    number: int
    offset: int
    size: int
    parts: tuple[Part, ...]
    literals: tuple[tuple[int, str], ...]  # (position, text) of the fixed parts
    arity: int  # how many parts the id has, split on ':'


#: what an option id parses to: the index its fixed and number parts give, and per card part
#: (its part, its block's number times 256 plus its position, the card id it names)
Parsed = tuple[int, tuple[tuple[Part, int, int], ...]]


class Catalogue:
    """The action catalogue of ``game_id`` under ``config`` (validated here). The card list
    comes from the game's RL description: for every game's own card data the catalogue is
    fixed; a config that brings new cards (a Bizarre World deck file) adds them after."""

    def __init__(self, game_id: str, config: dict[str, Any] | None = None) -> None:
        game = get_game(game_id)
        self.game = game
        #: the rule options as given (what ``new_state`` takes) and as validated
        self.rules: dict[str, Any] = dict(config or {})
        self.config = game.validate_config(config)
        self.spec: GameSpec = game_spec(game_id)
        self.cards: tuple[str, ...] = tuple(self.spec.cards(game, self.config))
        self.card_index = {d: i for i, d in enumerate(self.cards)}
        if len(self.card_index) != len(self.cards):
            raise CatalogueError(f"{game_id}: its card list names a definition twice")
        copies = self.spec.copies(game, self.config)
        #: the most cards of one definition a place of a decision may name, per definition
        self.copies: dict[str, int] = (
            dict.fromkeys(self.cards, copies)
            if isinstance(copies, int)
            else {d: int(copies.get(d, 1)) for d in self.cards}
        )
        self.others = self.spec.others
        forms = option_forms(game_id)
        self.kinds: tuple[str, ...] = tuple(sorted(forms.by_kind))
        self._forms = forms
        blocks: dict[str, Block] = {}
        offset = 0
        for kind in self.kinds:
            for form in forms.by_kind[kind]:
                if form.form in blocks:
                    continue
                block = self._block(form.form, len(blocks), offset)
                blocks[form.form] = block
                offset += block.size
        self.blocks = blocks
        self._by_number = list(blocks.values())
        self._offsets = [b.offset for b in self._by_number]
        self.size = offset
        self._parsed: dict[str, dict[str, Parsed]] = {}  # by decision kind, then option id

    # ----------------------------------------------------------------- building
    def _values(self, form: str, kind: str) -> tuple[str, ...]:
        game_id = self.game.id
        if kind in ("CARD", "TARGET"):
            domain = self.spec.domains.get((form, kind))
            values = tuple(domain(self.game, self.config)) if domain is not None else self.cards
            missing = [v for v in values if v not in self.card_index]
            if missing:
                raise CatalogueError(
                    f"{game_id}: form {form}: {kind} may be {missing[0]!r}, which is not a card "
                    "of the game's card list"
                )
            return values
        if kind == "NAME":
            names = self.spec.names.get(form)
            return tuple(names(self.game, self.config)) if names is not None else self.cards
        if kind == "WORD":
            if form not in self.spec.words:
                raise CatalogueError(f"{game_id}: form {form} has a WORD but no list of words")
            return self.spec.words[form]
        return ()

    def _block(self, form: str, number: int, offset: int) -> Block:
        pieces = form.split(":")
        parts: list[tuple[str, int, tuple[str, ...], int, int, tuple[int, ...]]] = []
        literals = []
        for position, piece in enumerate(pieces):
            if piece in ("CARD", "TARGET"):
                values = self._values(form, piece)
                same = self.spec.form_copies.get(form)
                copies = tuple(self.copies[v] if same is None else same for v in values)
                size = sum(copies) + self.others
                parts.append((piece, position, values, 0, size, copies))
            elif piece == "N":
                if form not in self.spec.numbers:
                    raise CatalogueError(
                        f"{self.game.id}: form {form} has an N but no largest number"
                    )
                low, high = self.spec.numbers[form]
                parts.append((piece, position, (), low, high - low + 1, ()))
            elif piece == "SEAT":
                parts.append((piece, position, (), 0, self.game.max_players, ()))
            elif piece in ("NAME", "WORD"):
                values = self._values(form, piece)
                parts.append((piece, position, values, 0, len(values), ()))
            else:
                literals.append((position, piece))
        size = 1
        built: list[Part] = []
        for kind, position, values, low, count, copies in reversed(parts):
            index = {v: i for i, v in enumerate(values)}
            starts = []
            at = 0
            for n in copies:
                starts.append(at)
                at += n
            at_d = (
                {v: (at * size, n) for v, at, n in zip(values, starts, copies, strict=True)}
                if kind in ("CARD", "TARGET")
                else {}
            )
            built.append(
                Part(kind, position, values, index, low, count, copies, tuple(starts), size, at_d)
            )
            size *= count
        built.reverse()
        return Block(form, number, offset, size, tuple(built), tuple(literals), len(pieces))

    # ----------------------------------------------------------------- options -> indices
    def _parse(self, kind: str, option_id: str) -> Parsed:
        by_id = self._parsed.setdefault(kind, {})
        found = by_id.get(option_id)
        if found is not None:
            return found
        form = self._forms.form_of(kind, option_id)
        if form is None:
            raise CatalogueError(
                f"{self.game.id}: option {option_id!r} of a {kind!r} decision takes no declared "
                "form"
            )
        block = self.blocks[form.form]
        pieces = option_id.split(":")
        index = block.offset
        cards = []
        for part in block.parts:
            text = pieces[part.position]
            if part.is_card:
                cards.append((part, block.number << 8 | part.position, int(text)))
                continue
            if part.kind in ("N", "SEAT"):
                n = int(text) - part.low
                if not 0 <= n < part.size:
                    raise CatalogueError(
                        f"{self.game.id}: option {option_id!r}: {part.kind} {text} is beyond the "
                        f"catalogue's range for {form.form} ({part.low} to "
                        f"{part.low + part.size - 1})"
                    )
            else:
                found_n = part.index.get(text)
                if found_n is None:
                    raise CatalogueError(
                        f"{self.game.id}: option {option_id!r}: {text!r} is not a known "
                        f"{part.kind} of {form.form}"
                    )
                n = found_n
            index += n * part.stride
        parsed = (index, tuple(cards))
        if sum(len(d) for d in self._parsed.values()) >= _CACHE_LIMIT:
            self._parsed.clear()
            by_id = self._parsed.setdefault(kind, {})
        by_id[option_id] = parsed
        return parsed

    def indices(self, decision: Decision, cards: Mapping[int, Card]) -> list[int]:
        """The index of each option of ``decision``, in its order; ``cards`` are the cards
        of the state or view the decision is in (an option names only cards the deciding
        seat sees, whose ``defn`` either shows)."""
        kind = decision.kind
        by_id = self._parsed.get(kind)
        if by_id is None:
            by_id = self._parsed[kind] = {}
        get = by_id.get
        out: list[int] = []
        append = out.append
        # per card part and definition: the first card named there, then (once another is)
        # the list of them in order, whose place in it is a card's ordinal
        seen: dict[tuple[int, str], Any] = {}
        for option in decision.options:
            found = get(option.id)
            if found is None:
                found = self._parse(kind, option.id)
            index, named = found
            for part, where, cid in named:
                name = cards[cid].defn
                place = part.at.get(name)
                if place is None:
                    name = self._other(option.id, part, where, name)
                key = (where, name)
                first = seen.get(key)
                if first is None:
                    seen[key] = cid
                    ordinal = 0
                elif first == cid:
                    ordinal = 0
                elif isinstance(first, list):
                    if cid not in first:
                        first.append(cid)
                    ordinal = first.index(cid)
                else:
                    seen[key] = [first, cid]
                    ordinal = 1
                if place is None:
                    if ordinal >= self.others:
                        self._too_many(option.id, ordinal, name, self.others, where >> 8)
                    index += (part.other + ordinal) * part.stride
                elif ordinal < place[1]:
                    index += place[0] + ordinal * part.stride
                else:
                    self._too_many(option.id, ordinal, name, place[1], where >> 8)
            append(index)
        return out

    def _other(self, option_id: str, part: Part, where: int, name: str) -> str:
        """:data:`OTHER` for a card outside the card list where the game allows others; else
        a one-line ``CatalogueError`` (the card is not in the part's list)."""
        if name in self.card_index or not self.others:
            raise CatalogueError(
                f"{self.game.id}: option {option_id!r} names {name!r}, which is not in the "
                f"catalogue's list for {part.kind} of {self._by_number[where >> 8].form}"
            )
        return OTHER

    def _too_many(self, option_id: str, ordinal: int, name: str, most: int, number: int) -> None:
        raise CatalogueError(
            f"{self.game.id}: option {option_id!r} names copy {ordinal + 1} of {name!r}; the "
            f"catalogue has {most} for {self._by_number[number].form}"
        )

    def option(self, decision: Decision, index: int, cards: Mapping[int, Card]) -> Option:
        """The option of ``decision`` at ``index`` (a one-line ``CatalogueError`` if none);
        ``cards`` as for :meth:`indices`."""
        for option, i in zip(decision.options, self.indices(decision, cards), strict=True):
            if i == index:
                return option
        raise CatalogueError(
            f"{self.game.id}: action {index} ({self.describe(index)}) is not a legal option of "
            f"the {decision.kind} decision"
        )

    # ----------------------------------------------------------------- indices -> words
    def block_of(self, index: int) -> Block:
        if not 0 <= index < self.size:
            raise CatalogueError(
                f"{self.game.id}: action {index} is outside the catalogue (0 to {self.size - 1})"
            )
        return self._by_number[bisect.bisect_right(self._offsets, index) - 1]

    def describe(self, index: int) -> str:
        """The action at ``index`` in words of the catalogue: its form with each part filled
        (``play:Boring Rock of Minimum Wage (2)#1`` is the second such card)."""
        block = self.block_of(index)
        rest = index - block.offset
        pieces = block.form.split(":")
        for part in block.parts:
            value, rest = divmod(rest, part.stride)
            if part.is_card and value >= part.other:
                text = f"{OTHER}#{value - part.other}"
            elif part.is_card:
                d = bisect.bisect_right(part.starts, value) - 1
                ordinal = value - part.starts[d]
                text = part.values[d] + (f"#{ordinal}" if part.copies[d] > 1 else "")
            elif part.kind in ("N", "SEAT"):
                text = str(value + part.low)
            else:
                text = part.values[value]
            pieces[part.position] = text
        return ":".join(pieces)

    def table(self) -> list[tuple[int, int, str, str]]:
        """``(first index, count, form, what each part ranges over)`` per block, for docs."""
        rows = []
        for block in self._by_number:
            over = []
            for part in block.parts:
                if part.is_card:
                    own = part.values != self.cards
                    what = f"{len(part.values)} {'listed ' if own else ''}cards"
                    low, high = min(part.copies, default=1), max(part.copies, default=1)
                    if low == high and high > 1:
                        what += f" x {high} copies"
                    elif low != high:
                        what += f", {part.other} copies ({low} to {high} each)"
                    if self.others:
                        what += f", {self.others} others"
                elif part.kind in ("N", "SEAT"):
                    what = f"{part.low}..{part.low + part.size - 1}"
                else:
                    what = f"{len(part.values)} {part.kind.lower()}s"
                over.append(f"{part.kind}: {what}")
            rows.append((block.offset, block.size, block.form, "; ".join(over)))
        return rows
