"""What is in play now: the bases and the cards at each, derived from the zones.

Nearly every rules query starts from it (whose ability is in force, where a card is, which
cards hear an event), and it changes far less often than it is asked: in 4-player self-play
96% of queries find the same cards in play as the one before. So the answer is kept on the
state, beside its fields (``SUState`` allows undeclared attributes, which copies, JSON,
equality and hashes never see: a copy derives its own). The one card move
(:func:`~.cards.to_zone`) updates it in place when a card enters or leaves a base
(:func:`moved`); a base that enters or leaves play, or cards placed by other means (a base
scored and replaced, a base swapped, setup), say so and it is derived again
(:func:`changed`).

A move that forgot to say it would leave a stale answer, so the test suite runs with
:data:`CHECK` on: every query then also compares the kept answer with the zones, and every
update in place is compared with the answer derived afresh; either fails, naming the state's
decision count, when they differ.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardwright.core.errors import EngineError

from .catalog import BASES, base_zone
from .state import SUState

if TYPE_CHECKING:
    from .catalog import Catalog
    from .specs import AbilitySpec

_KEY = "_in_play"
#: when true, every query checks the kept answer against the zones (the test suite sets it)
CHECK = False


class InPlay:
    """The bases in play and the cards at them, as they were when it was derived.

    ``ids``: each base, then the cards at it, base by base in table order; ``defns``: the
    definition of each of those; ``where``: the base each card at a base is at (bases are not
    in it); ``base_set``: the bases, as a set. ``found`` keeps, per set of definitions of the
    catalog, the cards in play with one of them (``specs`` the same with their specs), sorted
    into every set at the first query; ``minion_list`` the minions with their bases
    (:meth:`minions`), for the ``ids`` it was made from (``minions_of``)."""

    __slots__ = (
        "base_set",
        "based",
        "bases",
        "cards",
        "catalog",
        "defns",
        "found",
        "ids",
        "lists",
        "minion_list",
        "minions_of",
        "names",
        "specs",
        "where",
    )

    def __init__(self, state: SUState) -> None:
        zones, cards = state.zones, state.cards
        self.cards = cards
        self.bases = list(zones[BASES])
        self.base_set = frozenset(self.bases)
        self.names = [base_zone(b) for b in self.bases]  # the zones of the cards at them
        self.lists = [list(zones[name]) for name in self.names]
        ids: list[int] = []
        where: dict[int, int] = {}
        for bid, here in zip(self.bases, self.lists, strict=True):
            ids.append(bid)
            ids.extend(here)
            for cid in here:
                where.setdefault(cid, bid)
        self.ids = tuple(ids)
        self.defns = tuple(cards[x].defn for x in ids)
        self.where = where
        self.found: dict[frozenset[str], list[int]] = {}
        self.specs: dict[frozenset[str], list[tuple[int, Any]]] = {}
        self.catalog: Catalog | None = None  # the catalog whose sets they are sorted into
        self.based: dict[frozenset[str], bool] = {}
        self.minion_list: list[tuple[int, int]] = []
        self.minions_of: tuple[int, ...] | None = None  # the ``ids`` minion_list is of

    def move(self, cid: int, frm: int, to: int, bottom: bool) -> None:
        """Card ``cid`` left the cards at base number ``frm`` and/or joined those at base
        number ``to`` (-1: not a base; ``bottom``: first there rather than last); the zones
        already say so. What callers are given (``ids``, the sorted sets) is replaced, not
        changed in place: a caller may be going through it while the card moves."""
        bases, ids, defns, cat = self.bases, self.ids, self.defns, self.catalog
        defn = self.cards[cid].defn
        sets = () if cat is None else cat.kinds_of.get(defn, ())
        if frm >= 0:
            self.lists[frm].remove(cid)
            if self.where.get(cid) == bases[frm]:
                del self.where[cid]
            at = ids.index(cid, ids.index(bases[frm]))
            ids, defns = ids[:at] + ids[at + 1 :], defns[:at] + defns[at + 1 :]
            for kinds in sets:
                found = self.found[kinds]
                at = found.index(cid)
                if len(found) == 1:
                    del self.found[kinds], self.specs[kinds]
                else:
                    specs = self.specs[kinds]
                    self.found[kinds] = found[:at] + found[at + 1 :]
                    self.specs[kinds] = specs[:at] + specs[at + 1 :]
        if to >= 0:
            here = self.lists[to]
            if bottom:  # just after its base
                here.insert(0, cid)
                pos = ids.index(bases[to]) + 1
            else:  # just before the next base
                here.append(cid)
                pos = ids.index(bases[to + 1]) if to + 1 < len(bases) else len(ids)
            self.where.setdefault(cid, bases[to])
            ids, defns = (*ids[:pos], cid, *ids[pos:]), (*defns[:pos], defn, *defns[pos:])
            if sets:
                assert cat is not None
                pair = (cid, cat.spec[defn])
            for kinds in sets:  # after the cards of the set that come before it in ``ids``
                found = self.found.get(kinds, _NONE)
                at = len(found)
                while at and ids.index(found[at - 1]) > pos:
                    at -= 1
                specs = self.specs.get(kinds, _NONE)
                self.found[kinds] = [*found[:at], cid, *found[at:]]
                self.specs[kinds] = [*specs[:at], pair, *specs[at:]]
        self.ids, self.defns = ids, defns

    def fresh(self, state: SUState) -> bool:
        """Whether the zones of ``state`` still hold exactly what this was derived from."""
        zones = state.zones
        return (
            self.cards is state.cards
            and self.bases == zones[BASES]
            and self.lists == list(map(zones.__getitem__, self.names))
        )

    def _sort(self, cat: Catalog) -> None:
        """Sort the cards in play into every set of definitions of the catalog
        (``Catalog.kinds_of``) in one pass."""
        found: dict[frozenset[str], list[int]] = {}
        specs: dict[frozenset[str], list[tuple[int, Any]]] = {}
        kinds_of, spec = cat.kinds_of, cat.spec
        for x, d in zip(self.ids, self.defns, strict=True):
            sets = kinds_of.get(d)
            if sets is None:
                continue
            pair = (x, spec[d])
            for kinds in sets:
                into = found.get(kinds)
                if into is None:
                    found[kinds] = [x]
                    specs[kinds] = [pair]
                else:
                    into.append(x)
                    specs[kinds].append(pair)
        self.found, self.specs, self.catalog = found, specs, cat
        self.based = {}

    def minions(self, cat: Catalog) -> list[tuple[int, int]]:
        """Every minion in play with its base, base by base in table order, kept until a card
        moves (:meth:`move` makes new ``ids``). Shared: not to be changed."""
        if self.minions_of is not self.ids:
            is_minion, cards = cat.is_minion, self.cards
            self.minion_list = [
                (c, bid)
                for bid, here in zip(self.bases, self.lists, strict=True)
                for c in here
                if is_minion[cards[c].defn]
            ]
            self.minions_of = self.ids
        return self.minion_list

    def having(self, kinds: frozenset[str], cat: Catalog) -> list[int]:
        """The bases and cards in play whose definition is in ``kinds`` (one of the catalog's
        sets of definitions with a kind of hook), in table order. Shared: not to be changed.
        (With :data:`CHECK` on, a set the catalog does not name is an error.)"""
        if self.catalog is not cat:  # (none yet, or the one before cards were made)
            self._sort(cat)
        found = self.found.get(kinds)
        if found is None:  # (the set's check only with CHECK on: a call saved, asked often)
            return _none(kinds, cat) if CHECK else _NONE
        return found

    def with_specs(self, kinds: frozenset[str], cat: Catalog) -> list[tuple[int, AbilitySpec]]:
        """:meth:`having`, each card with its ability spec. Shared: not to be changed."""
        if self.catalog is not cat:  # (none yet, or the one before cards were made)
            self._sort(cat)
        specs = self.specs.get(kinds)
        if specs is None:
            return _none(kinds, cat) if CHECK else _NONE
        return specs

    def base_among(self, kinds: frozenset[str], cat: Catalog) -> bool:
        """Whether a base in play has a definition in ``kinds`` (kept per set)."""
        found = self.based.get(kinds)
        if found is None:
            base_set = self.base_set
            found = self.based[kinds] = any(x in base_set for x in self.having(kinds, cat))
        return found


#: what :meth:`InPlay.having` gives for a set with no card in play (shared, never changed)
_NONE: list[Any] = []


def _none(kinds: frozenset[str], cat: Catalog) -> list[Any]:
    """What :meth:`InPlay.having` / :meth:`InPlay.with_specs` find for a set no card in play
    has: nothing (with :data:`CHECK` on, a set the catalog does not name is an error)."""
    if CHECK and kinds not in cat.kind_sets:
        raise EngineError("inplay: a set of definitions the catalog does not name")
    return _NONE


def in_play_now(state: SUState) -> InPlay:
    """The cards in play now (the kept :class:`InPlay` unless :func:`changed` was called)."""
    try:  # (an attribute read: cheaper than through ``__dict__``, and asked very often)
        kept: InPlay | None = state._in_play  # type: ignore[attr-defined]
    except AttributeError:
        kept = None
    if kept is not None and kept.cards is state.cards:
        if CHECK:
            if not kept.fresh(state):
                raise EngineError(
                    f"the cards in play changed without inplay.changed() (after decision "
                    f"{state.decisions}): a move of cards at a base skipped the card-move funnel"
                )
            check_catalog(state)
        return kept
    kept = state.__dict__[_KEY] = InPlay(state)
    return kept


#: the key of the cards the kept catalog (``SmashUp.cat``) was worked out for, and their number
CATALOG_OF = "_catalog_of"


def check_catalog(state: SUState) -> None:
    """Fail when the catalog kept on the state (``SmashUp.cat``, a bare attribute read) was
    worked out for other cards: cards made without ``SmashUp.cards_made()``, or the state's
    cards replaced by another dictionary (asked with :data:`CHECK` on)."""
    made: tuple[object, int] | None = state.__dict__.get(CATALOG_OF)
    if made is not None and (made[0] is not state.cards or made[1] != len(state.cards)):
        raise EngineError(
            f"smash-up: cards were made without SmashUp.cards_made() (after decision "
            f"{state.decisions}): the kept catalog is another set of cards'"
        )


def _check(kept: InPlay, state: SUState) -> None:
    """Fail when the kept answer, just updated for a move, is not what deriving it afresh
    gives."""
    anew = InPlay(state)
    if kept.catalog is not None:
        anew._sort(kept.catalog)
    if (kept.ids, kept.defns, kept.where) != (anew.ids, anew.defns, anew.where) or (
        kept.catalog is not None and (kept.found, kept.specs) != (anew.found, anew.specs)
    ):
        raise EngineError(
            f"the cards in play, updated for a move, differ from the zones' (after decision "
            f"{state.decisions})"
        )


def changed(state: SUState) -> None:
    """Say that a card entered or left a base, or a base entered or left play (which may
    change powers too: the kept :class:`~.values.Powers` goes with it)."""
    extra = state.__dict__  # (set to None, not removed: reading a missing attribute raises)
    extra[_KEY] = extra["_powers"] = None


def moved(state: SUState, cid: int, src: str, dest: str, bottom: bool) -> None:
    """Say that card ``cid`` went from zone ``src`` to zone ``dest`` (the zones say so
    already), one of them a base's: the kept answer follows it (:meth:`InPlay.move`) rather
    than being derived again; the kept powers go (:func:`changed`)."""
    state.__dict__["_powers"] = None
    kept: InPlay | None = state.__dict__.get(_KEY)
    if kept is None:
        return
    names = kept.names
    frm = names.index(src) if src in names else -1
    to = names.index(dest) if dest in names else -1
    if (
        kept.cards is not state.cards
        or (frm < 0 and src.startswith("base"))
        or (to < 0 and dest.startswith("base"))
    ):  # a base's zone that is not in play, or the bases themselves: derived afresh
        changed(state)
        return
    kept.move(cid, frm, to, bottom)
    if CHECK:
        _check(kept, state)
