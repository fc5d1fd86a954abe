"""Smash Up: playing cards. The Play Cards phase's options, play allowances (the free minion and
action, extra plays: reading R5), where a card may go, and one card through the Card Resolution
Order (000: place it and resolve it, let nested plays finish, resolve what it triggered, the
Me First! window, discard it unless it stays in play; reading R6).

Steps: :class:`Play` (one card), :class:`ExtraPlay` (an extra play to make at once or lose).
The functions are methods of :class:`~.game.SmashUp`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, cast

import msgspec

from cardwright.core.errors import EngineError
from cardwright.core.state import CardRef, Decision, Option, State
from cardwright.core.steps import Step

from . import history, values
from .catalog import BASES, RESOLVING, Catalog, base_zone
from .faces import turn
from .history import destroy_windows
from .state import REVEALED, Allowance, Lasting, SUState
from .values import Sources

if TYPE_CHECKING:
    from cardwright.core.game import Game

    from .game import SmashUp


def _g(game: Game) -> SmashUp:
    return game  # type: ignore[return-value]  # not cast(): it is a call, and steps run often


def _ref(cid: int) -> CardRef | None:
    return None if cid < 0 else CardRef(cid)


# ------------------------------------------------------------------------------ extra plays
def grant_extra(
    g: SmashUp,
    state: State,
    seat: int,
    kind: str,
    rule: str,
    *,
    max_power: int = -1,
    base: int = -1,
    source: int = -1,
    immediate: bool = False,
    mandatory: bool = False,
    zone: str = "hand",
    cond: str = "",
    ongoing: bool = False,
    subtype: str = "",
    names: list[str] | None = None,
    remember: bool = False,
    onto: int = -1,
) -> None:
    """Give ``seat`` an extra minion or action play. In its own Play Cards phase it is kept
    for later in the phase; otherwise (or when ``immediate``) it is played at once or lost
    (000 Additional Rules). ``max_power``, ``base``, ``zone`` and ``cond`` restrict it (see
    :class:`~.state.Allowance`); ``ongoing``: it is lost if ``source`` leaves play first.
    ``subtype`` limits it to cards with that subtype (e.g. ``play_on_base``); such extras,
    and extra actions from the discard pile, are always played at once (see
    :func:`play_extra` for a given card).
    ``mandatory`` (implies ``immediate``): it must be played now if a card fits ("both or
    neither" abilities), with no option to decline. ``names``: the card must be one of these
    definitions; ``remember``: the card played is remembered for ``source`` this turn
    (:func:`extras_of`). ``onto``: the one minion an action must be played on (always at
    once)."""
    s = cast(SUState, state)
    names = sorted(set(names or ()))
    what = kind if max_power < 0 else f"{kind} of power {max_power} or less"
    if names:
        what += " named " + " or ".join(g.cat(s).name(d) for d in names)
    if onto >= 0:
        immediate = True
        what += f" on {g.card_name(s, onto)}"
    if subtype or (zone != "hand" and kind != "minion"):
        immediate = True
        what += f" ({subtype.replace('_', ' ') or 'any'}, from {zone})"
    elif zone != "hand":
        what += f" from their {zone} pile"
    if base >= 0:
        what += f" at {g.card_name(s, base)}"
    if cond == "no_own_minion":
        what += " at a base where they have no minion"
    elif cond == "own_minion":
        what += " at a base where they have a minion"
    if not (immediate or mandatory) and s.phase == "play" and seat == s.active:
        s.allowances.append(
            Allowance(
                kind, max_power, _ref(base), _ref(source), zone, cond, ongoing, names, remember
            )
        )
        g.log(s, "extra", rule, f"{s.names[seat]} may play an extra {what}", seat)
        return
    g.log(s, "extra", rule, f"{s.names[seat]} may play an extra {what} at once", seat)
    g.push_step(
        s,
        ExtraPlay(
            seat=seat,
            play_kind=kind,
            max_power=max_power,
            base=_ref(base),
            mandatory=mandatory,
            zone=zone,
            cond=cond,
            subtype=subtype,
            names=names,
            source=_ref(source) if remember else None,
            onto=_ref(onto),
        ),
    )


def play_extra(
    g: SmashUp, state: State, seat: int, cid: int, src: str, base: int = -1, noted: int = -1
) -> None:
    """Play a given card from zone ``src`` at once as an extra play (e.g. a revealed top
    card of a deck, a card from a discard pile); ``base`` limits where it may go (-1:
    anywhere it fits); ``noted``: the card that remembers it (``extras_of``). A player who
    cannot play extra cards now (Bear Necessities) leaves the card where it is."""
    s = cast(SUState, state)
    if s.lasting and values.extras_barred(g, s, seat):
        text = f"{s.names[seat]} cannot play extra cards now: {g.card_name(s, cid)} stays"
        g.log(s, "no_extra", "su.card.talent_rivals_here_no_extra_plays_then_self_destruct", text)
        return
    start_play(g, s, seat, cid, "extra", base, src, noted=noted)


def can_play_actions(g: SmashUp, state: State, seat: int) -> bool:
    """False while ``seat`` is barred from playing actions this turn (Mark of Sleep)."""
    return cast(SUState, state).asleep != seat


def card_fits(g: SmashUp, s: SUState, a: Allowance, cid: int, src: str) -> bool:
    """Whether play allowance ``a`` lets ``cid`` be played from zone ``src`` at all, wherever
    it goes (asked once per card; :func:`dest_fits` asks the rest per destination)."""
    cat = g.cat(s)
    defn = s.cards[cid].defn
    kind = "minion" if cat.is_minion[defn] else "action"
    return _allowance_fits(g, s, a, kind, cat.printed[defn], src, defn)


def _allowance_fits(
    g: SmashUp, s: SUState, a: Allowance, kind: str, power: int, src: str, defn: str
) -> bool:
    """:func:`card_fits` for a card of ``kind`` (minion or action), printed ``power`` and
    definition ``defn``."""
    if a.kind != kind:
        return False
    if a.names and defn not in a.names:
        return False
    if a.ongoing and (
        a.source is None or (g.base_of(s, a.source) < 0 and a.source not in s.zones[BASES])
    ):  # a play given by a card or base in play, lost with it
        return False
    if a.max_power >= 0 and power > a.max_power:
        return False
    if src.startswith("hand:"):
        return a.zone == "hand"
    if src.startswith("discard:"):
        return a.zone in ("hand", "discard")
    return False


def dest_fits(
    g: SmashUp,
    s: SUState,
    a: Allowance,
    seat: int,
    cid: int,
    dest: int,
    src: str,
    from_discard: Callable[[int], bool] | None = None,
) -> bool:
    """Whether allowance ``a``, which :func:`card_fits` the card, lets ``seat`` play it to
    ``dest`` (a base, a minion, or -1 for a standard action): the base it names, its
    condition, and a hand play made from the discard pile (``from_discard``: the answers the
    caller keeps per destination; :func:`may_play_from_discard` otherwise). A new test here
    must be known to :func:`fits_anywhere` too (``tests/smash_up/test_play_checks.py``)."""
    if a.base is not None:
        at = dest if dest in s.zones[BASES] else g.base_of(s, dest)
        if at != a.base:
            return False
    if a.cond and _cond_fails(g, s, a.cond, seat, dest):
        return False
    if a.zone == "hand" and src.startswith("discard:"):
        if from_discard is None:
            return may_play_from_discard(g, s, seat, cid, dest)
        return from_discard(dest)
    return True


def _cond_fails(g: SmashUp, s: SUState, cond: str, seat: int, dest: int) -> bool:
    """Whether base ``dest`` fails an extra play's condition: ``no_own_minion`` (a base
    where the player has no minion: Outbreak) or ``own_minion`` (one where they have one:
    Togetherness Power)."""
    if cond not in ("no_own_minion", "own_minion"):
        return False
    own = any(s.cards[m].controller == seat for m in g.minions_at(s, dest))
    return own if cond == "no_own_minion" else not own


def fits_anywhere(a: Allowance, src: str) -> bool:
    """Whether :func:`dest_fits` holds for allowance ``a`` at every destination (so none need
    be asked): it names no base, sets no condition on the destination, and is not a hand
    play made from the discard pile (which a card in play must allow, destination by
    destination). Kept beside :func:`dest_fits`, whose tests it must follow."""
    return a.base is None and not a.cond and not (a.zone == "hand" and src.startswith("discard:"))


def may_play_from_discard(
    g: SmashUp, s: SUState, seat: int, cid: int, dest: int, froms: Sources | None = None
) -> bool:
    """Whether a card in play lets ``seat`` make a hand play from the discard pile instead
    when ``cid`` goes to ``dest`` (They're Coming To Get You). ``froms``: the cards in play
    that can allow it, when the caller already has them."""
    cat = g.cat(s)
    if froms is None:
        froms = g.sources(s, cat.play_from_specs)
    for src, spec in froms:
        assert spec.play_from is not None
        if spec.play_from(g, s, src, seat, cid, dest):
            return True
    defn = s.cards[cid].defn
    own = cat.spec.get(defn) if defn in cat.play_from_specs else None
    if own is None or own.play_from is None:
        return False
    # a card that lets itself be played from the discard pile (Spectre)
    return own.play_from(g, s, cid, seat, cid, dest)


def play_banned(
    g: SmashUp, s: SUState, seat: int, cid: int, dest: int, bans: Sources | None = None
) -> bool:
    """Whether a card in play forbids ``seat`` to play ``cid`` to ``dest`` (Block the
    Path: minions of a named faction). ``bans``: the banning cards in play, if known."""
    cat = g.cat(s)
    if bans is None:
        bans = g.sources(s, cat.play_ban_specs)
    for src, spec in bans:
        assert spec.play_ban is not None
        if spec.play_ban(g, s, src, seat, cid, dest):
            return True
    defn = s.cards[cid].defn
    if defn not in cat.play_ban_specs:
        return False
    own = cat.spec[defn]  # a card that limits where it may itself be played
    return own.play_ban is not None and own.play_ban(g, s, cid, seat, cid, dest)


def _fits(g: SmashUp, s: SUState, cid: int, kind: str, max_power: int) -> bool:
    cat = g.cat(s)
    defn = s.cards[cid].defn
    if kind == "action" and defn in cat.fusions:  # played as its action side
        return max_power < 0
    if cat.is_minion[defn] != (kind == "minion") or defn in cat.special_only:
        return False
    return max_power < 0 or cat.printed[defn] <= max_power


def side(g: SmashUp, s: SUState, cid: int, kind: str) -> str:
    """The definition card ``cid`` is played as to fill a play of ``kind``: a fusion card's
    action side for an action, else "" (the card as it is)."""
    if kind == "action":
        return g.cat(s).fusions.get(s.cards[cid].defn, "")
    return ""


class ExtraPlay(Step, tag="su.extra_play"):
    """An extra play that must be made at once or not at all (``mandatory``: not declined
    when a card fits)."""

    play_kind: str
    max_power: int = -1
    base: CardRef | None = None
    mandatory: bool = False
    zone: str = "hand"
    cond: str = ""
    subtype: str = ""
    names: list[str] = msgspec.field(default_factory=list)
    #: the granting card, when the card played is remembered for it (``extras_of``)
    source: CardRef | None = None
    #: the one card the action must be played on (Baboom: "on this minion")
    onto: CardRef | None = None

    def _options(self, g: SmashUp, s: SUState) -> list[Option] | None:
        """The cards that may be played, or None when the player is not asked: an extra
        from the hand is asked even when nothing in the hand fits (skipping it would tell
        the others so), unless the hand is empty or actions are barred (reading R5)."""
        seat = self.seat
        base = -1 if self.base is None else self.base
        pool = s.zones[f"{self.zone}:{seat}"]
        subtypes = g.cat(s).cards
        kind = self.play_kind
        options = dedupe(
            g,
            s,
            [
                c
                for c in pool
                if _fits(g, s, c, kind, self.max_power)
                and (
                    not self.subtype
                    or self.subtype in subtypes[side(g, s, c, kind) or s.cards[c].defn].subtypes
                )
                and (not self.names or s.cards[c].defn in self.names)
                and can_play(g, s, seat, c, "extra", base, cond=self.cond, face=side(g, s, c, kind))
                and (self.onto is None or self.onto in _onto_fits(g, s, seat, c, kind))
            ],
            "play",
        )
        # a minion that may be played from the discard pile in place of one from the hand
        # (Spectre: a generic extra minion, reading A5)
        instead = [
            c
            for c in (_self_from_discard(g, s, seat) if self.zone == "hand" else ())
            if _fits(g, s, c, self.play_kind, self.max_power)
            and (not self.names or s.cards[c].defn in self.names)
            and any(
                may_play_from_discard(g, s, seat, c, b)
                for b in play_destinations(g, s, seat, c, "extra", base, cond=self.cond)
            )
        ]
        options += [
            Option(o.id, f"Play {o.label} from your discard pile", card=o.card)
            for o in distinct_options(g, s, instead, "play")
        ]
        if self.play_kind == "action" and not can_play_actions(g, s, seat):
            return None
        if not options and (self.zone != "hand" or not pool):
            return None
        return options

    def ask(self, game: Game, state: State) -> Decision | None:
        g, s = _g(game), cast(SUState, state)
        options = self._options(g, s)
        if options is None:
            return None
        if not self.mandatory or not options:
            options.append(Option("decline", "Do not play it"))
        prompt = f"Play an extra {self.play_kind} now?"
        return game.question(self.seat, "extra_play", prompt, options, "su.play.extra_now")

    def run(self, game: Game, state: State) -> None:
        game.pop(state, self)  # nothing fits: the play is lost

    def answer(self, game: Game, state: State, option: Option) -> None:
        g, s = _g(game), cast(SUState, state)
        g.pop(s, self)
        if option.card is not None:
            base = -1 if self.base is None else self.base
            src = f"{self.zone}:{self.seat}"
            if option.card not in s.zones[src]:  # played from the discard pile instead
                src = f"discard:{self.seat}"
            noted = -1 if self.source is None else self.source
            face = side(g, s, option.card, self.play_kind)
            onto = -1 if self.onto is None else self.onto
            start_play(
                g, s, self.seat, option.card, "extra", base, src, self.cond, noted, face, onto
            )


# ------------------------------------------------------------------------------ Play Cards
def _from_discard(cat: Catalog, cid: int, defn: str) -> Option:
    """The Play Cards option that plays card ``cid`` from the discard pile."""
    label = f"Play {cat.label[defn]} from your discard pile"
    return Option(f"play:{cid}", label, card=CardRef(cid), arg="play")


def play_options(g: SmashUp, s: SUState, seat: int) -> list[Option]:
    """The options of the Play Cards phase: each playable card in hand (one per distinct
    card), each usable Talent and turn Special, and finishing."""
    cat = g.cat(s)
    cards = s.cards
    # the allowances, in one loop (plain loops: no generator per question)
    minion_plays: list[Allowance] = []
    any_action = minion_from_discard = False
    plain_minions = True  # every minion allowance a hand play limited at most by power, base
    allowances = s.allowances
    if s.lasting and values.extras_barred(g, s, seat):  # only the free plays are left
        allowances = [a for a in allowances if a.source is None]
    for a in allowances:
        if a.kind == "minion":
            minion_plays.append(a)
            if a.zone != "hand" or a.cond or a.ongoing or a.names:
                plain_minions = False
            minion_from_discard = minion_from_discard or a.zone == "discard"
        elif a.kind == "action":
            any_action = True
    action_ok = any_action and can_play_actions(g, s, seat)
    options = []
    prot = g.protections(s)
    open_bases: list[int] | None = None  # bases open to this player's minions
    # plain: every minion allowance is plain and no card in play bans particular cards, so
    # one look at the bases serves every minion
    bans = g.sources(s, cat.play_ban_specs)
    plain = not bans and plain_minions
    limited = cat.play_ban_specs  # (a minion may limit where it is itself played)
    seen: set[str] = set()
    fusions = cat.fusions  # (the game's: :meth:`.Catalog.for_game`)
    for cid in s.zones[f"hand:{seat}"]:
        defn = cards[cid].defn
        if defn in seen:
            continue
        seen.add(defn)
        if defn in cat.special_only:
            continue
        fused = fusions.get(defn) if fusions else None
        if (  # a fusion card: its action side too
            fused is not None
            and action_ok
            and can_play(g, s, seat, cid, "normal", -1, prot, bans=bans, face=fused)
        ):
            options.append(
                Option(
                    f"action:{cid}",
                    f"Play {cat.cards[defn].name} as an action",
                    card=CardRef(cid),
                    arg="action",
                )
            )
        if cat.is_minion[defn]:
            if not minion_plays:
                continue
            if open_bases is None:
                open_bases = _open_bases(g, s, seat, prot, s.zones[BASES])
            if not plain or defn in limited:
                ok = can_play(g, s, seat, cid, "normal", -1, prot, bans=bans, open_to=open_bases)
            else:
                power = cat.printed[defn]
                ok = False
                for a in minion_plays:
                    if (a.max_power < 0 or power <= a.max_power) and (
                        open_bases if a.base is None else a.base in open_bases
                    ):
                        ok = True
                        break
        else:
            ok = action_ok and can_play(g, s, seat, cid, "normal", -1, prot, bans=bans)
        if ok:
            options.append(
                Option(f"play:{cid}", f"Play {cat.label[defn]}", card=CardRef(cid), arg="play")
            )
    if minion_plays and (
        minion_from_discard or g.sources(s, cat.play_from_specs) or _self_from_discard(g, s, seat)
    ):
        discard = f"discard:{seat}"
        for cid in s.zones[discard]:
            defn = cards[cid].defn
            if not cat.is_minion[defn] or f"d:{defn}" in seen:
                continue
            seen.add(f"d:{defn}")
            if open_bases is None:
                open_bases = _open_bases(g, s, seat, prot, s.zones[BASES])
            if can_play(
                g, s, seat, cid, "normal", -1, prot, src=discard, bans=bans, open_to=open_bases
            ):
                options.append(_from_discard(cat, cid, defn))
    if action_ok and cat.play_action_from_specs and g.sources(s, cat.play_action_from_specs):
        # actions a card in play lets this player play from the discard pile (Cyberback)
        discard = f"discard:{seat}"
        for cid in s.zones[discard]:
            defn = cards[cid].defn
            if cat.is_minion[defn] or f"d:{defn}" in seen:
                continue
            seen.add(f"d:{defn}")
            if can_play(g, s, seat, cid, "normal", -1, prot, src=discard, bans=bans):
                options.append(_from_discard(cat, cid, defn))
    for cid, _spec in g.sources(s, cat.talent_specs):
        if g.talent_usable(s, seat, cid):
            options.append(
                Option(
                    f"talent:{cid}",
                    f"Use the Talent of {g.label(s, cid)}",
                    card=CardRef(cid),
                    arg="talent",
                )
            )
    if "your_turn" in g.special_windows:
        for cid in g.specials(s, seat, "your_turn", {}):
            options.append(
                Option(
                    f"special:{cid}",
                    f"Use {g.label(s, cid)} (Special)",
                    card=CardRef(cid),
                    arg="special",
                )
            )
    options.append(Option("end", "Finish playing cards", arg="end"))
    return options


def _self_from_discard(g: SmashUp, s: SUState, seat: int) -> list[int]:
    """The minions in ``seat``'s discard pile whose own ability may let them be played from
    there (Spectre), one per definition."""
    discard = s.zones[f"discard:{seat}"]
    if not discard or seat not in _self_players(g, s):  # (asked on every play question)
        return []
    own = g.cat(s).self_from_discard
    cards = s.cards
    seen: set[str] = set()
    found: list[int] = []
    for cid in discard:
        defn = cards[cid].defn
        if defn in own and defn not in seen:
            seen.add(defn)
            found.append(cid)
    return found


def _self_players(g: SmashUp, s: SUState) -> frozenset[int]:
    """The seats that own a minion which may let itself be played from a discard pile
    (Spectre). Kept on the state, as the cards in play are (``inplay``): the cards of a game
    and their owners are set at setup, and a copy of the state works it out again."""
    try:
        kept: tuple[object, frozenset[int]] | None = s._self_players  # type: ignore[attr-defined]
    except AttributeError:
        kept = None
    if kept is None or kept[0] is not s.cards:
        own = g.cat(s).self_from_discard
        seats = frozenset(c.owner for c in s.cards.values() if c.defn in own)
        kept = s.__dict__["_self_players"] = (s.cards, seats)
    return kept[1]


def play_choice(g: SmashUp, s: SUState, seat: int, option: Option) -> bool:
    """Carry out an answer of the Play Cards phase; False when the player finishes."""
    cid = option.card
    if cid is None:
        return False
    if option.arg == "play":
        src = f"hand:{seat}" if cid in s.zones[f"hand:{seat}"] else f"discard:{seat}"
        start_play(g, s, seat, cid, "normal", -1, src)
    elif option.arg == "action":  # a fusion card played as its action side
        start_play(g, s, seat, cid, "normal", -1, f"hand:{seat}", face=side(g, s, cid, "action"))
    elif option.arg == "talent":
        g.use_talent(s, seat, cid)
    elif option.arg == "special":
        g.use_special(s, seat, cid, "your_turn", -1)
    return True


def dedupe(g: SmashUp, s: SUState, cids: list[int], verb: str) -> list[Option]:
    """One option per distinct card: copies in hand are interchangeable."""
    return [
        Option(o.id, f"Play {o.label}", card=o.card) for o in distinct_options(g, s, cids, verb)
    ]


def distinct_options(g: SmashUp, s: SUState, cids: list[int], verb: str) -> list[Option]:
    """One option ``<verb>:<id>`` per distinct card (copies are interchangeable), labelled
    with the card's name (and power)."""
    seen: set[str] = set()
    options = []
    label = g.cat(s).label
    for cid in cids:
        defn = s.cards[cid].defn
        if defn not in seen:
            seen.add(defn)
            options.append(Option(f"{verb}:{cid}", label[defn], card=CardRef(cid)))
    return options


# ------------------------------------------------------------------------------ one card
def start_play(
    g: SmashUp,
    s: SUState,
    seat: int,
    cid: int,
    via: str,
    base: int,
    src: str | None = None,
    cond: str = "",
    noted: int = -1,
    face: str = "",
    onto: int = -1,
) -> None:
    """Show the card (it leaves the hand, or ``src``) and start its resolution: as ``face``
    when given (a fusion card played as an action), on the minion ``onto`` when given
    (``noted``: the card that remembers it was played through its extra play)."""
    src = src or f"hand:{seat}"
    g.to_zone(s, cid, src, RESOLVING)
    if face:
        turn(g, s, cid, face)
    step = Play(
        seat=seat, card=CardRef(cid), via=via, base=_ref(base), src=src, cond=cond, onto=_ref(onto)
    )
    if noted >= 0:
        step.noted = CardRef(noted)
    g.push_step(s, step)


def play_destinations(
    g: SmashUp,
    s: SUState,
    seat: int,
    cid: int,
    via: str,
    base: int,
    prot: Sources | None = None,
    *,
    src: str = "",
    cond: str = "",
    bans: Sources | None = None,
) -> list[int]:
    """Where a card may be played: bases for a minion or a base action, minions for a
    minion action, ``[-1]`` for a standard action (no destination). A ``normal`` play
    needs a play allowance that fits (from ``src``, by default the hand); ``cond``
    restricts an extra play (``no_own_minion``, ``own_minion``). ``prot`` / ``bans``: the
    protecting / play-banning cards in play, when the caller already has them."""
    return destinations(g, s, seat, cid, via, base, prot, src=src, cond=cond, bans=bans)


def _open_bases(g: SmashUp, s: SUState, seat: int, prot: Sources, bases: list[int]) -> list[int]:
    """Those of ``bases`` where no card in play forbids ``seat`` to play a minion (whichever
    minion it is)."""
    return [b for b in bases if not g.forbidden(s, "play_minion", b, seat, prot)]


def can_play(
    g: SmashUp,
    s: SUState,
    seat: int,
    cid: int,
    via: str,
    base: int,
    prot: Sources | None = None,
    *,
    src: str = "",
    cond: str = "",
    bans: Sources | None = None,
    open_to: list[int] | None = None,
    face: str = "",
) -> bool:
    """Whether the card may be played somewhere (:func:`play_destinations` is not empty),
    found at the first destination that fits. ``open_to``: the bases open to ``seat``'s
    minions (:func:`_open_bases`), when the caller already has them; ``face``: played as
    that definition (a fusion card's action side)."""
    found = destinations(
        g,
        s,
        seat,
        cid,
        via,
        base,
        prot,
        src=src,
        cond=cond,
        bans=bans,
        open_to=open_to,
        first=True,
        face=face,
    )
    return bool(found)


def _onto_fits(g: SmashUp, s: SUState, seat: int, cid: int, kind: str) -> list[int]:
    """Where card ``cid`` may go as an extra play of ``kind`` (the minions, for an action
    played on one)."""
    face = side(g, s, cid, kind)
    return destinations(g, s, seat, cid, "extra", -1, None, src="", cond="", bans=None, face=face)


def destinations(
    g: SmashUp,
    s: SUState,
    seat: int,
    cid: int,
    via: str,
    base: int,
    prot: Sources | None,
    *,
    src: str,
    cond: str,
    bans: Sources | None,
    open_to: list[int] | None = None,
    first: bool = False,
    face: str = "",
) -> list[int]:
    """:func:`play_destinations`; with ``first``, only the first destination found (what
    :func:`can_play` needs). Plain loops, no generators: asked for every card in hand at
    every Play Cards question. ``face``: the card played as that definition."""
    cat = g.cat(s)
    defn = face or s.cards[cid].defn
    d = cat.cards[defn]
    if prot is None:
        prot = g.protections(s)
    src = src or f"hand:{seat}"
    bases = s.zones[BASES] if base < 0 else [b for b in s.zones[BASES] if b == base]
    found: Iterable[int]  # lists where the places are few or cheap to check, else lazy
    if d.type == "minion":
        if open_to is None:
            open_to = _open_bases(g, s, seat, prot, bases)
        found = [
            b for b in bases if b in open_to and not (cond and _cond_fails(g, s, cond, seat, b))
        ]
    elif "play_on_base" in d.subtypes:
        found = (
            [b for b in bases if not g.forbidden(s, "play_action", b, seat, prot)]
            if prot
            else bases
        )
    elif "play_on_minion" in d.subtypes:
        whose = d.attach_to
        found = [
            m
            for m, b in g.minions_in_play(s)
            if (base < 0 or b == base)
            and (whose == "any" or (s.cards[m].controller == seat) == (whose == "own"))
        ]
        if prot or (s.lasting and values.shields_up(s)):  # the "cannot"s, asked lazily
            found = (
                m
                for m in found
                if not g.forbidden(s, "attach", m, seat, prot)
                and not g.forbidden(s, "affect", m, seat, prot)
            )
    else:
        found = (-1,)
    normal = via == "normal"
    barred = extras_barred(g, s, seat, cid, prot)
    if barred and not normal:
        return []
    allowances = s.allowances
    from_discard = None
    if normal and src.startswith("discard:"):  # asked once per destination, not per allowance
        froms = g.sources(s, cat.play_from_specs)
        known: dict[int, bool] = {}

        def from_discard(b: int) -> bool:
            if b not in known:
                known[b] = may_play_from_discard(g, s, seat, cid, b, froms)
            return known[b]

    if cat.play_ban_specs and bans is None:
        bans = g.sources(s, cat.play_ban_specs)
    own_ban = defn in cat.play_ban_specs  # the card's own limit (Complete the Ritual)
    out: list[int] = []
    fits: list[Allowance] = []
    anywhere = not normal  # an allowance that fits: none is asked per destination
    if normal:
        kind, power = ("minion" if cat.is_minion[defn] else "action"), cat.printed[defn]
        for a in allowances:
            if barred and not standard(a):
                continue
            if _allowance_fits(g, s, a, kind, power, src, defn):
                fits.append(a)
                anywhere = anywhere or fits_anywhere(a, src)
        if not fits:
            return out
    for b in found:
        if not anywhere and not _dest_fits_any(g, s, fits, seat, cid, b, src, from_discard):
            continue
        if (bans or own_ban) and play_banned(g, s, seat, cid, b, bans):
            continue
        out.append(b)
        if first:
            break
    return out


def _dest_fits_any(
    g: SmashUp,
    s: SUState,
    fits: list[Allowance],
    seat: int,
    cid: int,
    dest: int,
    src: str,
    from_discard: Callable[[int], bool] | None,
) -> bool:
    for a in fits:  # noqa: SIM110 (a loop: no generator per destination)
        if dest_fits(g, s, a, seat, cid, dest, src, from_discard):
            return True
    return False


def _consume(g: SmashUp, s: SUState, cid: int, dest: int, seat: int, src: str) -> Allowance:
    """Use the most restricted play allowance that fits (the free one last); only the
    free one while extra plays are barred (:func:`extras_barred`); returns it."""
    barred = extras_barred(g, s, seat, cid)
    fitting = [
        (a.zone == "hand", a.base is None, not a.names, not a.cond, a.max_power < 0, a.max_power, i)
        for i, a in enumerate(s.allowances)
        if (not barred or standard(a))
        and card_fits(g, s, a, cid, src)
        and dest_fits(g, s, a, seat, cid, dest, src)
    ]
    if not fitting:
        raise EngineError(f"smash-up: no play allowance for card {cid}")
    return s.allowances.pop(min(fitting)[-1])


def standard(a: Allowance) -> bool:
    """Whether a play allowance is one of the turn's free plays (not an extra play)."""
    return a.source is None and not a.ongoing and a.base is None and a.max_power < 0


#: the lasting effect that counts a player's extra plays of the turn, kept only while a card
#: in play limits them (Eliza)
EXTRA_PLAYED = "extra_played"


def counts_extras(g: SmashUp, s: SUState, prot: Sources | None = None) -> bool:
    """Whether a card in play may forbid extra plays (so they are counted)."""
    for _, spec in g.protections(s) if prot is None else prot:
        if "play_extra" in spec.protects:
            return True
    return False


def extras_barred(g: SmashUp, s: SUState, seat: int, cid: int, prot: Sources | None = None) -> bool:
    """Whether ``seat`` may make no other extra play (of ``cid``) now: a card in play forbids
    it (Eliza), or a lasting effect does (Bear Necessities, :func:`.values.extras_barred`)."""
    if s.lasting and values.extras_barred(g, s, seat):
        return True
    if prot is None:
        prot = g.protections(s)
    return counts_extras(g, s, prot) and g.forbidden(s, "play_extra", cid, seat, prot)


def extras_played(s: SUState, seat: int) -> int:
    """The extra cards ``seat`` has played this turn (counted while :func:`counts_extras`)."""
    return sum(1 for e in s.lasting if e.key == EXTRA_PLAYED and e.seat == seat)


# stages of a Play
WHERE, PLACE, NESTED, WINDOW, FINISH = range(5)


class Play(Step, tag="su.play"):
    """One card through the Card Resolution Order (000): choose where it goes and place it
    (it resolves: its ability's steps), let the cards still resolving finish (nested plays end
    first), resolve what it triggered, let players answer with Specials, discard it unless it
    stays in play. ``via``: ``normal`` (a play allowance), ``extra`` or ``special``; ``base``
    limits where it may go; ``src`` is the zone it came from; ``bare``: the minions in play
    with no +1 power counters when a standard action was played (Roller)."""

    card: CardRef
    via: str
    base: CardRef | None = None
    dest: CardRef | None = None
    src: str = ""
    cond: str = ""
    stage: int = WHERE
    bare: list[CardRef] = msgspec.field(default_factory=list)
    #: the card whose extra play this is, when it remembers the card played (``extras_of``)
    noted: CardRef | None = None
    told: bool = False  # the cards listening were told it resolved (``action_resolved``)
    #: the one minion it may be played on (an extra action "on this minion")
    onto: CardRef | None = None

    def _dests(self, g: SmashUp, s: SUState) -> list[int]:
        base = -1 if self.base is None else self.base
        found = play_destinations(
            g, s, self.seat, self.card, self.via, base, src=self.src, cond=self.cond
        )
        return found if self.onto is None else [d for d in found if d == self.onto]

    def ask(self, game: Game, state: State) -> Decision | None:
        if self.stage != WHERE:
            return None
        g: SmashUp = game  # type: ignore[assignment]
        s: SUState = state  # type: ignore[assignment]
        return self._where(g, s, self._dests(g, s))

    def go(self, game: Game, state: State) -> Decision | None:
        """As ``ask`` then ``run``, where the card may go worked out once."""
        if self.stage != WHERE:
            return super().go(game, state)
        g: SmashUp = game  # type: ignore[assignment]
        s: SUState = state  # type: ignore[assignment]
        dests = self._dests(g, s)
        decision = self._where(g, s, dests)
        if decision is None:
            self._placed(g, s, dests)
        return decision

    def _where(self, g: SmashUp, s: SUState, dests: list[int]) -> Decision | None:
        """The question where the card goes (none for one place or none)."""
        if len(dests) <= 1:
            return None
        return g.question(
            self.seat,
            "destination",
            f"Where do you play {g.label(s, self.card)}?",
            _dest_options(g, s, dests),
            "su.play.where",
        )

    def answer(self, game: Game, state: State, option: Option) -> None:
        assert option.card is not None
        self.dest = option.card
        self.stage = PLACE

    def run(self, game: Game, state: State) -> None:
        g: SmashUp = game  # type: ignore[assignment]
        s: SUState = state  # type: ignore[assignment]
        cid = self.card
        if self.stage == WHERE:
            self._placed(g, s, self._dests(g, s))
            return
        if self.stage == PLACE:
            _place(g, s, self)
            self.stage = NESTED
            return
        if self.stage == NESTED:
            outermost = len([f for f in s.stack if isinstance(f, Play)]) == 1
            if not outermost:
                self.stage = FINISH
                return
            g.checkpoint(s)  # (what must be checked once the card has resolved)
            self.stage = WINDOW
            if s.triggers:
                g.resolve_triggers(s)
            return
        if self.stage == WINDOW:
            if destroy_windows(g, s):  # "after you destroy a minion" Specials, first
                return
            self.stage = FINISH
            if "card_played" in g.special_windows:
                g.open_window(s, "card_played", s.active, rule="su.play.me_first", card=cid)
            return
        if s.affects:
            s.affects = [a for a in s.affects if a.source != cid]
        if (
            not self.told
            and cid in s.zones[RESOLVING]
            and g.cat(s).hook_specs.get("action_resolved")
        ):
            standard = int(s.cards[cid].defn in g.cat(s).standard)
            g.fire(s, "action_resolved", action_card=cid, seat=self.seat, standard=standard)
            if s.triggers:  # (Woodland Helpers: it may go under the deck instead)
                self.told = True
                g.resolve_triggers(s)
                return
        if cid in s.zones[RESOLVING]:
            self._discard(g, s, "discard_played", "su.play.action", "is discarded after resolving")
            g.fire(s, "card_to_discard", card=cid, base_card=-1, owner=s.cards[cid].owner)
        g.pop(s, self)

    def _placed(self, g: SmashUp, s: SUState, dests: list[int]) -> None:
        """With no question where it goes: the one place it may go, or nowhere (it is
        discarded unplayed)."""
        if not dests:
            self._discard(
                g, s, "not_played", "su.play.where", "has nowhere it may be played and is discarded"
            )
            g.pop(s, self)
            return
        self.dest = _ref(dests[0])
        self.stage = PLACE

    def _discard(self, g: SmashUp, s: SUState, kind: str, rule: str, what: str) -> None:
        """The card leaves the resolving area for its owner's discard pile (logged as
        ``kind``, citing ``rule``: "<card> <what>")."""
        cid, card = self.card, s.cards[self.card]
        card.controller = card.owner
        g.to_zone(s, cid, RESOLVING, f"discard:{card.owner}")
        if s.logging:  # (the text names the card: not made when nothing is logged)
            g.log(s, kind, rule, f"{g.card_name(s, cid)} {what}", self.seat, card=cid)


def _dest_options(g: SmashUp, s: SUState, dests: list[int]) -> list[Option]:
    bases = s.zones[BASES]
    options = []
    for dest in dests:
        if dest in bases:
            options.append(Option(f"base:{dest}", g.base_label(s, dest), card=CardRef(dest)))
        else:
            options.append(Option(f"minion:{dest}", g.minion_label(s, dest), card=CardRef(dest)))
    return options


def _place(g: SmashUp, s: SUState, step: Play) -> None:
    seat, cid, via = step.seat, step.card, step.via
    dest = -1 if step.dest is None else step.dest
    d = g.defn(s, cid)
    card = s.cards[cid]
    card.controller = seat
    how = {"normal": "", "extra": " as an extra play", "special": " (Special)"}[via]
    src = step.src
    if src.startswith("discard:"):
        how = " from the discard pile" + how
    elif src.startswith("deck:") or src == REVEALED:
        how = " from the top of a deck" + how
    noted = step.noted
    extra = via != "normal"
    if not extra:
        used = _consume(g, s, cid, dest, seat, src or f"hand:{seat}")
        extra = not standard(used)
        if used.remember and used.source is not None:
            noted = used.source
    if noted is not None:  # the granting card remembers what its extra play brought
        g.use_once(s, noted, "extra", cid)
    if (extra or seat != s.active or s.phase != "play") and counts_extras(g, s):
        s.lasting.append(Lasting(EXTRA_PLAYED, None, seat, 1, until="end_of_turn"))
    if d.type == "minion":
        g.to_zone(s, cid, RESOLVING, base_zone(dest))
        if seat == s.active:
            s.minions_played += 1
        history.note(g, s, "played", cid, seat)
        step.base = _ref(dest)
        if s.logging:  # (as in Play._discard)
            g.log(
                s,
                "play_minion",
                "su.play.minion",
                f"{s.names[seat]} plays {d.name} ({d.power}) at {g.card_name(s, dest)}{how}",
                seat,
                card=cid,
                base_card=dest,
            )
        g.use_once(s, dest, "arrived", cid)
        g.fire(s, "minion_played", minion_card=cid, base_card=dest, seat=seat)
    else:
        if seat == s.active:
            s.actions_played += 1
        if card.defn in g.cat(s).standard:  # for "had no counters when played"
            step.bare = [
                CardRef(m) for m, _ in g.minions_in_play(s) if not s.cards[m].counters.get("p1")
            ]
        where = ""
        attaches = True
        if dest >= 0:
            bid = dest if dest in s.zones[BASES] else g.base_of(s, dest)
            if dest != bid:
                # An action attached to a minion affects it (000 Terms: Affect). The card is
                # not in play until it is attached, so its own ongoing abilities (Tooth and
                # Claw's) cannot answer its arrival: the cards already in play decide it.
                prev, s.acting = s.acting, g.acting_as(s, cid, seat)
                try:
                    attaches = g.affected(s, dest, "attach")
                finally:
                    s.acting = prev
            g.to_zone(s, cid, RESOLVING, base_zone(bid))
            s.attached[cid] = CardRef(dest)
            values.changed(s)
            step.base = _ref(bid)
            where = f" on {g.card_name(s, dest)}" if s.logging else ""
        g.log(
            s,
            "play_action",
            "su.play.action",
            f"{s.names[seat]} plays {d.name}{where}{how}",
            seat,
            card=cid,
        )
        g.fire(s, "action_played", action_card=cid, target_card=dest, seat=seat)
        if not attaches:  # a replacement took its effect: it does nothing, and goes
            g.leave_play(s, cid, f"discard:{card.owner}")
            g.log(
                s,
                "not_attached",
                "su.terms.instead",
                f"{d.name} does not affect {g.card_name(s, dest)} and is discarded",
                seat,
                card=cid,
            )
            return
    spec = g.cat(s).spec.get(card.defn)
    if spec is not None and "on_play" in spec.ability.hooks:
        base = -1 if step.base is None else step.base
        g.start_effect(s, spec, "on_play", cid, seat, base, via)
