"""Smash Up's verbs and choices in the shared vocabulary: the verbs that change minions, bases
and hands (each records what it affects: 000 Terms: Affect) and how their choices read; the
selectors are in ``selectors.py``. ``abilities.py`` assembles them into
:func:`~.abilities.vocabulary`.

The context an ability runs in (:class:`~cardwright.core.vocab.Ctx`) gives the card it comes
from (``self``), the seat choosing (``you``) and what it bound: ``player`` (the seat whose card
or Talent it is: it stays the same when ``each_player`` lets others choose), ``base`` (where
the card was played, or the base a Special answers), ``via`` (``normal``, ``extra``,
``special``: how the card was played) and an event's cards (``minion``, ``base``, ``source``,
``action``, ``to``, ``from``) and numbers (``seat``, ``controller``, ``owner``, ``by``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardwright.core.errors import EngineError
from cardwright.core.state import CardRef
from cardwright.core.vocab import (
    Choose,
    Verb,
    VerbSpec,
    cards_of,
    seats_of,
)
from cardwright.core.vocab.effects import fill

from . import values
from .basewords import base_words
from .cardwords import card_words
from .catalog import BASES, RESOLVING
from .deckwords import deck_words
from .madness import madness_words
from .prettywords import pretty_words
from .scorewords import score_words
from .selectors import (
    _e,
    _first,
    acting_of,
    in_play,
    player,
    scoring_step,
    selector_words,
    verb,
)
from .state import REVEALED, Allowance, Lasting, SUCtx, SUState, defns_of
from .tablewords import table_words
from .verbs import CONTROL

if TYPE_CHECKING:
    from .game import SmashUp


# ------------------------------------------------------------------------------ verbs
def _actor(ctx: SUCtx, actor: Any) -> int:
    if actor is None:
        return player(ctx)
    return int(actor) if isinstance(actor, int) else int(next(iter(actor)))


def acts(fn: Callable[..., bool]) -> Callable[..., bool]:
    """A verb's function, run with its card as the game's acting card (what the affect
    records and the "cannot"s about other players' cards read)."""

    def run(ctx: SUCtx, *args: Any, **kwargs: Any) -> bool:
        s = ctx.state
        prev = s.acting
        s.acting = acting_of(ctx)
        try:
            return fn(ctx, *args, **kwargs)
        finally:
            s.acting = prev

    run.__doc__ = fn.__doc__
    return run


@acts
def _destroy(
    ctx: SUCtx, what: Any, actor: Any = None, by: Any = None, replace: bool = True
) -> bool:
    """Destroy the cards; ``replace=False``: no "instead" is asked again (the destruction a
    replacement gave up: The House of Nine Lives declined)."""
    g = ctx.game
    who = _actor(ctx, actor)
    credit = None if by is None else _actor(ctx, by)
    done = False
    for cid in cards_of(what):
        if g.is_minion(ctx.state, cid):
            done = (
                g.destroy(ctx.state, cid, who, ctx.rule, by=credit, replace=bool(replace)) or done
            )
        else:
            done = g.destroy_action(ctx.state, cid, who, ctx.rule) or done
    return done


@acts
def _return(ctx: SUCtx, what: Any, actor: Any = None) -> bool:
    g = ctx.game
    done = False
    for cid in cards_of(what):
        done = g.return_to_hand(ctx.state, cid, _actor(ctx, actor), ctx.rule) or done
    return done


@acts
def _to_deck(ctx: SUCtx, what: Any, how: str = "shuffle") -> bool:
    g = ctx.game
    done = False
    for cid in cards_of(what):
        done = g.to_deck(ctx.state, cid, player(ctx), ctx.rule, how) or done
    return done


@acts
def _move(ctx: SUCtx, what: Any, to: Any, actor: Any = None) -> bool:
    g = ctx.game
    dest = _first(to)
    done = False
    if dest < 0:
        return False
    for cid in cards_of(what):
        done = g.move_minion(ctx.state, cid, dest, _actor(ctx, actor), ctx.rule) or done
    return done


@acts
def _power(
    ctx: SUCtx, what: Any, amount: int, until: str = "end_of_turn", log: str = "each"
) -> bool:
    """+``amount`` power until an occasion; ``log``: ``each`` (a line per minion), ``all``
    (one line for all: "X's N minion(s) get ..."), ``""`` (none)."""
    g, s = ctx.game, ctx.state
    seat = player(ctx)
    until = until.replace("{you}", str(seat))  # start_of_turn:{you}: your next turn
    got = []
    for cid in cards_of(what):
        if g.start_lasting(s, "power", cid, int(amount), ctx.source or -1, seat, until):
            got.append(cid)
            if log == "each":
                g.log(
                    s,
                    "power",
                    ctx.rule,
                    f"{g.card_name(s, cid)} gets {int(amount):+d} power {_until(s, until)}",
                    seat,
                    card=cid,
                )
    if log == "all":
        g.log(
            s,
            "power",
            ctx.rule,
            f"{s.names[seat]}'s {len(got)} minion(s) get {int(amount):+d} power {_until(s, until)}",
            seat,
            defns=defns_of(s, got),
        )
    return bool(got)


def _until(s: SUState, until: str) -> str:
    """How the log says how long a change lasts."""
    if until.startswith("start_of_turn:"):
        return f"until {s.names[int(until.rsplit(':', 1)[1])]}'s next turn starts"
    return "until the end of the turn"


@acts
def _counters(ctx: SUCtx, what: Any, n: int = 1, actor: Any = None) -> bool:
    g = ctx.game
    done = False
    for cid in cards_of(what):
        done = g.add_counters(ctx.state, cid, int(n), _actor(ctx, actor), ctx.rule) or done
    return done


@acts
def _breakpoint(ctx: SUCtx, what: Any, amount: int, until: str = "end_of_turn") -> bool:
    g, s = ctx.game, ctx.state
    done = False
    for bid in cards_of(what):
        done = (
            g.start_lasting(s, "breakpoint", bid, int(amount), ctx.source or -1, player(ctx), until)
            or done
        )
    return done


@acts
def _extra(
    ctx: SUCtx,
    kind: str,
    max_power: Any = -1,
    at: Any = None,
    now: bool = False,
    mandatory: bool = False,
    zone: str = "hand",
    cond: str = "",
    subtype: str = "",
    ongoing: bool = False,
    source: Any = None,
    like: Any = None,
    remember: bool = False,
    onto: Any = None,
) -> bool:
    """You may play an extra minion or action (``source``: the card the play is tied to,
    default the ability's card; ``like``: cards whose names the card played must have, none
    when ``like`` holds no card; ``remember``: the card played is remembered for the ability's
    card this turn, ``extras_of``; ``onto``: the one minion an action must be played on)."""
    g = ctx.game
    base = -1 if at is None else _first(at)
    src = -1 if ctx.source is None else ctx.source
    if source is not None:
        src = _first(source)
    names = None
    if like is not None:
        s = ctx.state
        names = sorted({s.cards[c].defn for c in cards_of(like)})
        if not names:
            g.log(s, "no_extra", ctx.rule, "No card to match: no extra play", ctx.you)
            return False
    g.grant_extra(
        ctx.state,
        ctx.you,
        kind,
        ctx.rule,
        max_power=int(max_power),
        base=base,
        source=src,
        immediate=bool(now),
        mandatory=bool(mandatory),
        zone=zone,
        cond=cond,
        ongoing=bool(ongoing),
        subtype=subtype,
        names=names,
        remember=bool(remember),
        onto=-1 if onto is None else _first(onto),
    )
    return True


@acts
def _transfer(ctx: SUCtx, what: Any, to: Any) -> bool:
    """The actions on bases are transferred to the base ``to`` (000 Terms: Transfer)."""
    g, dest = ctx.game, _first(to)
    if dest < 0:
        return False
    done = False
    for aid in cards_of(what):
        done = g.transfer_action(ctx.state, aid, dest, player(ctx), ctx.rule) or done
    return done


@acts
def _take_control(ctx: SUCtx, what: Any, until: str = "") -> bool:
    """You take control of the cards in play (they keep their owners); with ``until``
    (``end_of_turn``) control goes back to whoever had it when that occasion comes
    (:func:`~.verbs.give_back_control`)."""
    g, s = ctx.game, ctx.state
    done = False
    for cid in cards_of(what):
        before = s.cards[cid].controller
        if g.take_control(ctx.state, cid, ctx.you, ctx.rule):
            done = True
            if until:
                src = None if ctx.source is None else CardRef(ctx.source)
                s.lasting.append(Lasting(CONTROL, CardRef(cid), before, 0, src, until=until))
    return done


@acts
def _move_counters(ctx: SUCtx, what: Any, to: Any, n: int = 99) -> bool:
    """Up to ``n`` +1 power counters go from the card onto the card ``to``."""
    src, dest = _first(what), _first(to)
    if src < 0 or dest < 0:
        return False
    ctx.game.move_counters(ctx.state, src, dest, int(n), player(ctx), ctx.rule)
    return True


@acts
def _mark(ctx: SUCtx, what: Any, key: str, amount: int = 1, until: str = "end_of_turn") -> bool:
    """A lasting effect ``key`` on the cards, started as the rules start one (on a minion it
    affects it: a card protecting it stops it, and it is recorded), until an occasion
    (``start_of_turn:{you}``: the start of the card's player's next turn)."""
    g, s = ctx.game, ctx.state
    src = -1 if ctx.source is None else ctx.source
    until = until.replace("{you}", str(player(ctx)))  # start_of_turn:{you}: your next turn
    done = False
    for cid in cards_of(what):
        done = g.start_lasting(s, key, cid, int(amount), src, player(ctx), until) or done
    return done


def _use_talent(ctx: SUCtx, what: Any) -> bool:
    """You use the Talent of the card one additional time."""
    card = _first(what)
    if card < 0:
        return False
    ctx.game.use_talent(ctx.state, ctx.you, card, extra=True)
    return True


def _spare(ctx: SUCtx, what: Any, source: Any) -> bool:
    """The minions are not affected by the card ``source`` for the rest of the turn (this
    card spares them: Tooth and Claw, Hideout)."""
    g = ctx.game
    src = _first(source)
    for cid in cards_of(what):
        g.spare(ctx.state, cid, src, ctx.source if ctx.source is not None else -1)
    return True


@acts
def _discard_random(ctx: SUCtx, n: int = 1, who: Any = None) -> bool:
    """You (or ``who``) discard ``n`` cards at random from the hand."""
    g = ctx.game
    done = False
    for seat in seats_of(ctx.you if who is None else who):
        done = bool(g.discard_random(ctx.state, seat, int(n), ctx.rule)) or done
    return done


def _ongoing_extra(ctx: SUCtx, kind: str, max_power: int = -1) -> bool:
    """ "While this is in play you may play an extra ... on each of your turns": a play that
    lasts while the card stays in play (an action on a base: at that base only; a base: at
    itself, for the player whose turn it is; reading W8), limited to ``max_power``."""
    g, s, source = ctx.game, ctx.state, ctx.source
    assert source is not None
    base: int
    if source in s.zones[BASES]:
        seat, base = ctx.you, int(source)
    else:
        seat = s.cards[source].controller
        base = g.base_of(s, source) if not g.is_minion(s, source) else -1
    ref = None if base < 0 else CardRef(base)
    s.allowances.append(
        Allowance(kind, int(max_power), base=ref, source=CardRef(source), ongoing=True)
    )
    what = kind if max_power < 0 else f"{kind} of power {max_power} or less"
    where = f" at {g.card_name(s, base)}" if base >= 0 else ""
    g.log(s, "extra", ctx.rule, f"{s.names[seat]} may play an extra {what}{where}", seat)
    return True


def _sleep(ctx: SUCtx, who: Any) -> bool:
    """The seat cannot play actions on its next turn (Mark of Sleep)."""
    s = ctx.state
    for seat in seats_of(who):
        if seat not in s.sleepers:
            s.sleepers.append(seat)
    return True


def _mark_scoring(ctx: SUCtx, where: Any, mark: str) -> bool:
    step = scoring_step(ctx)
    if step is None or step.base != _first(where):
        return False
    step.marks.append(mark)
    return True


def _say(ctx: SUCtx, text: str, kind: str = "note", who: Any = None, about: Any = None) -> bool:
    """A line in the log (bound values named in braces), about the card's player (or the
    seat ``who``) and the card ``about``."""
    seat = player(ctx) if who is None else seats_of(who)[0]
    card = -1 if about is None else _first(about)
    ctx.game.log(ctx.state, kind, ctx.rule, fill(ctx, text), seat, card=card if card >= 0 else None)
    return True


def _to_deck_bottom(ctx: SUCtx, what: Any) -> bool:
    """The card goes to the bottom of its owner's deck: from play (a base's doing: nothing
    stops it, it is not a player's card affecting a minion), from a discard pile, from its
    owner's hand (the others do not learn it), from the revealed cards or, played and still
    resolving (or just resolved), instead of the discard pile."""
    g, s = ctx.game, ctx.state
    done = False
    for cid in cards_of(what):
        owner = s.cards[cid].owner
        name = g.card_name(s, cid)
        who = s.names[owner]
        if g.base_of(s, cid) >= 0:
            g.leave_play(s, cid, f"deck:{owner}", bottom=True)
            text = f"{name} goes to the bottom of {who}'s deck"
            g.log(s, "to_deck", ctx.rule, text, ctx.you, card=cid)
        elif cid in s.zones[f"discard:{owner}"]:
            g.to_zone(s, cid, f"discard:{owner}", f"deck:{owner}", bottom=True)
            text = f"{name} goes from {who}'s discard pile to the bottom of their deck"
            g.log(s, "to_deck", ctx.rule, text, owner, card=cid)
        elif cid in s.zones[REVEALED]:
            g.to_zone(s, cid, REVEALED, f"deck:{owner}", bottom=True)
            s.cards[cid].controller = owner
            g.log(
                s,
                "to_deck",
                ctx.rule,
                f"{name} goes to the bottom of {who}'s deck",
                owner,
                card=cid,
            )
        elif cid in s.zones[f"hand:{owner}"]:
            g.to_zone(s, cid, f"hand:{owner}", f"deck:{owner}", bottom=True)
            g.log(
                s,
                "to_deck",
                ctx.rule,
                f"{who} puts {name} from their hand under their deck",
                owner,
                card=cid,
                visible_to=[owner],
                redacted=f"{who} puts a card from their hand under their deck",
            )
        elif cid in s.zones[RESOLVING]:
            s.cards[cid].controller = owner
            g.to_zone(s, cid, RESOLVING, f"deck:{owner}", bottom=True)
            text = f"{name} goes to the bottom of {who}'s deck instead of the discard pile"
            g.log(s, "to_deck", ctx.rule, text, owner, card=cid)
        else:
            continue
        done = True
    return done


def _discard_hand(ctx: SUCtx) -> bool:
    """You discard your whole hand (one line in the log)."""
    g, s, seat = ctx.game, ctx.state, ctx.you
    hand = list(s.zones[f"hand:{seat}"])
    for cid in hand:
        g.to_zone(s, cid, f"hand:{seat}", f"discard:{seat}")
    g.log(
        s,
        "discard",
        ctx.rule,
        f"{s.names[seat]} discards their hand ({len(hand)} card(s))",
        seat,
        defns=defns_of(s, hand),
    )
    for cid in hand:
        g.fire(s, "card_to_discard", card=cid, base_card=-1, owner=seat)
    return bool(hand)


DESTROY = VerbSpec("destroy", _destroy, kind="target", prompt="Choose a minion to destroy")
RETURN = VerbSpec("return", _return, kind="target", prompt="Choose a minion to return")
TO_DECK = VerbSpec("to_deck", _to_deck, kind="target", prompt="Choose a minion")
MOVE = VerbSpec("move", _move, kind="target", prompt="Choose a minion to move")
POWER = VerbSpec("power", _power, kind="target", prompt="Choose a minion")
COUNTERS = VerbSpec("counters", _counters, kind="target", prompt="Choose a minion")
BREAKPOINT = VerbSpec("breakpoint", _breakpoint, kind="choose_base", prompt="Choose a base")
EXTRA = VerbSpec("extra", _extra)
#: ``extra(..., wait=True)``: what follows waits until the extra play made at once is done
EXTRA_WAIT = VerbSpec("extra", _extra, pushes=True)


def _extra_word(*args: Any, wait: bool = False, **kwargs: Any) -> Verb:
    return verb(EXTRA_WAIT if wait else EXTRA)(*args, **kwargs)


SAY = VerbSpec("say", _say)
TO_DECK_BOTTOM = VerbSpec("to_deck_bottom", _to_deck_bottom)
DISCARD_RANDOM = VerbSpec("discard_random", _discard_random)
ONGOING_EXTRA = VerbSpec("ongoing_extra", _ongoing_extra)
MARK_SCORING = VerbSpec("mark_scoring", _mark_scoring)
DISCARD_HAND = VerbSpec("discard_hand", _discard_hand)
SPARE = VerbSpec("spare", _spare)


def _remember(ctx: SUCtx, what: Any, word: str) -> bool:
    """The card (in play) remembers a word it named (Block the Path's faction)."""
    card = _first(what)
    if card < 0 or not in_play(ctx, [card]):
        return False
    ctx.state.named[CardRef(card)] = word
    values.changed(ctx.state)  # (a power may read the word: Enchantment)
    return True


# ------------------------------------------------------------------------------ choices
def _choose(what: Any, prompt: str, defaults: dict[str, Any], more: dict[str, Any]) -> Choose:
    return Choose(_e(what), prompt=prompt, **{**defaults, **more})


def target(what: Any, prompt: str, may: bool = False, **more: Any) -> Choose:
    """A minion chosen among ``what``: options ``pick:<id>`` read "Name (power, Controller) at
    Base", a ``decline`` ("Choose none") when it ``may``; nothing to choose is logged.
    Any keyword of ``choose`` overrides these."""
    defaults = {
        "option": "pick",
        "kind": "target",
        "label": "minion",
        "decline": "Choose none",
        "none": "There is no minion it can choose",
        "may": may,
    }
    return _choose(what, prompt, defaults, more)


def card(
    what: Any, prompt: str, may: bool = False, kind: str = "target", ask: str = "", **more: Any
) -> Choose:
    """A card chosen among ``what`` (a minion, an action in play, a base by name): options
    ``<kind>:<id>``, the question's kind ``ask`` (default ``kind``), ``decline`` ("Do nothing")
    when it ``may``."""
    defaults = {
        "option": kind,
        "kind": ask or kind,
        "label": "card",
        "decline": "Do nothing",
        "may": may,
    }
    return _choose(what, prompt, defaults, more)


def base(what: Any, prompt: str, kind: str = "destination", **more: Any) -> Choose:
    """A base chosen among ``what``: options ``pick:<id>`` read "Name (total power /
    breakpoint)"."""
    defaults = {"option": "pick", "kind": kind, "label": "base", "decline": "Choose none"}
    return _choose(what, prompt, defaults, more)


# ------------------------------------------------------------------------------ labels
def choice_label(g: SmashUp, ctx: SUCtx, cid: int, style: str) -> str:
    """How a choice names a card (:meth:`Game.choice_label`): ``minion`` ("Name (power,
    Controller) at Base"), ``base`` ("Name (power/breakpoint)"), ``card`` (a base by name, a
    minion as ``minion``, an action with the base it is at), ``name``, ``label`` ("Name
    (power)" or "Name (action)"), or a template naming ``{card}``, ``{label}``,
    ``{controller}``, ``{owner}`` and ``{host}``."""
    s = ctx.state
    if style == "minion":
        return g.minion_label(s, cid)
    if style == "base":
        return g.base_label(s, cid)
    if style == "card":
        if cid in s.zones[BASES] or s.cards[cid].defn in g.cat(s).bases:
            return g.card_name(s, cid)
        if g.is_minion(s, cid):
            return g.minion_label(s, cid)
        return f"{g.card_name(s, cid)} at {g.card_name(s, g.base_of(s, cid))}"
    if style == "name":
        return g.card_name(s, cid)
    if style == "label":
        return g.label(s, cid)
    if "{" in style:
        card = s.cards[cid]
        host = s.attached.get(CardRef(cid))
        return style.format(
            card=g.card_name(s, cid),
            label=g.label(s, cid),
            controller=s.names[card.controller] if 0 <= card.controller < len(s.names) else "",
            owner=s.names[card.owner] if 0 <= card.owner < len(s.names) else "",
            host="" if host is None else g.card_name(s, host),
        )
    raise EngineError(f"smash-up: unknown label style {style!r}")


# ------------------------------------------------------------------------------ the words
def words() -> dict[str, Any]:
    """Smash Up's words (see the module docstring and ``docs/cards.md``)."""
    from .burying import burying_words
    from .counterwords import counter_words  # (its verbs are made with this module's)
    from .faces import face_words
    from .history import history_words
    from .looking import look_words

    return {
        **selector_words(),
        **deck_words(),
        **base_words(),
        **card_words(),
        **madness_words(),
        **table_words(),
        **pretty_words(),
        **score_words(),
        **counter_words(),
        **burying_words(),
        **face_words(),
        **history_words(),
        **look_words(),
        "target": target,
        "card": card,
        "base": base,
        "destroy": verb(DESTROY),
        "return_to_hand": verb(RETURN),
        "to_deck": verb(TO_DECK),
        "move": verb(MOVE),
        "power": verb(POWER),
        "counters": verb(COUNTERS),
        "breakpoint": verb(BREAKPOINT),
        "extra": _extra_word,
        "say": verb(SAY),
        "to_deck_bottom": verb(TO_DECK_BOTTOM),
        "discard_random": verb(DISCARD_RANDOM),
        "ongoing_extra": verb(ONGOING_EXTRA),
        "mark_scoring": verb(MARK_SCORING),
        "remember": verb(VerbSpec("remember", _remember)),
        "discard_hand": verb(DISCARD_HAND),
        "spare": verb(SPARE),
        "transfer": verb(VerbSpec("transfer", _transfer)),
        "move_counters": verb(VerbSpec("move_counters", _move_counters)),
        "mark": verb(VerbSpec("mark", _mark)),
        "sleep": verb(VerbSpec("sleep", _sleep)),
        "use_talent": verb(VerbSpec("use_talent", _use_talent, pushes=True)),
        "take_control": verb(VerbSpec("take_control", _take_control)),
    }
