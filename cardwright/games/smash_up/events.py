"""Smash Up's events and triggered abilities, Talents and Specials (Me First!).

``fire`` tells every card and base in play with a hook for an event that it happened; hooks
queue triggers, which resolve at the next safe point in the order the current player chooses
(000 Card Resolution Order step 3; reading R7). A Talent is used once per turn in its
controller's Play Cards phase; a Special is used in a Me First! window (before or after a base
scores, after a card is played) or in the Play Cards phase (reading R8, D20).

The functions are methods of :class:`~.game.SmashUp`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from cardwright.core.state import Bindings, CardRef, Option, Trigger
from cardwright.core.steps import Respond
from cardwright.core.vocab import Ctx, Effect, node_key, run_listener

from .abilities import MAIN_CARD, event_vars
from .burying import buried_zone
from .catalog import BASES
from .history import AFTER_DESTROY, destroyed_at
from .inplay import in_play_now
from .state import SUState

if TYPE_CHECKING:
    from .game import SmashUp
    from .specs import AbilitySpec

#: the Me First! windows around a base's scoring (their step names the base)
SCORING_WINDOWS = ("before_scoring", "after_scoring")


# ------------------------------------------------------------------------------ events
def fire(g: SmashUp, s: SUState, event: str, also: Iterable[int] = (), **data: Any) -> None:
    """Tell every card and base in play with a hook for ``event`` that it happened, and
    the cards in ``also`` (a destroyed minion hears its own destruction)."""
    cat = g.cat(s)
    hooked = cat.hook_specs.get(event)
    if not hooked:
        return
    cards = s.cards
    listeners = in_play_now(s).having(hooked, cat)
    if also:
        listeners = [*listeners, *(c for c in also if cards[c].defn in hooked)]
    if not listeners:
        return
    payload = {"event": event, **data}
    main = data.get(MAIN_CARD.get(event, ""), -1)
    vars = None  # what the event binds, the same for every card that hears it (once asked)
    off = g.cancelled(s)
    spec = cat.spec
    for src in listeners:
        if src not in off:
            # (a card that took on a copied ability may have lost it to an earlier hook:
            # Dinner Date destroying the minion a Cellular Bonding copying it was on)
            found = spec[cards[src].defn]
            hook = found.hooks.get(event)
            if hook is None:
                continue
            about = found.heard_about.get(event)
            if about is not None and data.get(about) != src and main != src:
                continue  # about another card: none of its listeners can hold (heard_about)
            if vars is None:
                vars = event_vars(payload)
            hook(g, s, src, payload, vars)


def trigger_label(g: SmashUp, state: SUState, trigger: Trigger) -> str:
    seat = trigger.controller if trigger.actor is None else trigger.actor
    assert g.registry is not None
    what = g.registry.ability(trigger.ability).label
    return (
        f"{g.card_name(state, trigger.source)}: {what} "
        f"({state.names[seat] if 0 <= seat < len(state.names) else 'no one'})"
    )


def start_effect(
    g: SmashUp,
    s: SUState,
    spec: AbilitySpec,
    hook: str,
    cid: int,
    seat: int,
    base: int = -1,
    via: str = "",
) -> None:
    """Start the effect of a vocabulary ability's ``hook`` (``on_play``, ``talent``,
    ``special``) for card ``cid`` used by ``seat``: ``player`` is bound to ``seat``, ``base``
    to the base it is about and ``via`` to how it was played; then copies of what it did at
    once are offered (the steps it pushes offer theirs as they run: ``after_effect_step``)."""
    ability = spec.ability
    assert ability is not None
    value = ability.hooks[hook]
    effect = value if isinstance(value, Effect) else value.effect
    vars = Bindings(
        {"base": [CardRef(base)]} if base >= 0 else {},
        {"player": seat},
        {"via": via} if via else {},
    )
    effect.start(Ctx(g, s, ability, CardRef(cid), seat, vars, node_key(g.id, ability.id, hook)))
    if s.affects:
        g.offer_copies(s)


def after_effect_step(g: SmashUp, state: SUState, ctx: Any) -> None:
    """After each step of a vocabulary effect: offer copying cards what it did (reading D2)."""
    if state.affects:
        g.offer_copies(state)


def trigger_controller(g: SmashUp, state: SUState, source: int, actor: int) -> int:
    """The current player orders every trigger (000 Card Resolution Order step 3; R7)."""
    return state.active


def run_trigger(g: SmashUp, state: SUState, trigger: Trigger) -> None:
    """Resolve a trigger set off by a listener: its effect runs for the seat it acts for
    (bound as ``player``)."""
    actor = trigger.controller if trigger.actor is None else trigger.actor
    trigger.vars = Bindings(
        dict(trigger.vars.cards),
        {**trigger.vars.nums, "player": actor},
        dict(trigger.vars.words),
    )
    run_listener(g, state, trigger)


# ------------------------------------------------------------------------------ Talents
def use_talent(g: SmashUp, s: SUState, seat: int, cid: int, *, extra: bool = False) -> None:
    spec = g.spec(s, cid)
    assert spec is not None and spec.talent is not None
    if not extra:
        if cid in s.talents_used:  # a second use: the card in play that allows it notes it
            src = _second_use(g, s, cid)
            assert src >= 0
            g.use_once(s, src, "talent_twice", cid)
        s.talents_used.append(CardRef(cid))
    if s.logging:  # (the words name a card: not made when nothing is logged)
        g.log(
            s,
            "talent",
            "su.terms.talent",
            f"{s.names[seat]} uses the Talent of {g.card_name(s, cid)}"
            + (" one additional time" if extra else ""),
            seat,
            card=cid,
        )
    start_effect(g, s, spec, "talent", cid, seat, g.base_of(s, cid))


def talent_usable(g: SmashUp, s: SUState, seat: int, cid: int) -> bool:
    if s.cards[cid].controller != seat and not (
        seat == s.active and cid in s.zones[BASES]  # a base's Talent: its active player's
    ):  # (first: asked of every Talent in play, most of them other players')
        return False
    spec = g.spec(s, cid)
    if spec is None or spec.talent is None:
        return False
    used = s.talents_used
    if cid in used and (used.count(CardRef(cid)) > 1 or _second_use(g, s, cid) < 0):
        return False
    return spec.talent_ok is None or spec.talent_ok(g, s, cid)


def _second_use(g: SmashUp, s: SUState, cid: int) -> int:
    """The card in play that lets ``cid`` use its Talent a second time this turn (one of
    the minions it names, once a turn: Standing Stones), or -1."""
    cat = g.cat(s)
    if not cat.talent_twice_specs:
        return -1
    for src, spec in g.sources(s, cat.talent_twice_specs):
        assert spec.talent_twice is not None
        if any(u.card == src and u.tag == "talent_twice" for u in s.used):
            continue  # its one minion had its second use this turn
        if spec.talent_twice(g, s, src, cid):
            return src
    return -1


# ------------------------------------------------------------------------------ Specials
def specials(g: SmashUp, s: SUState, seat: int, window: str, wdata: dict[str, Any]) -> list[int]:
    """Cards ``seat`` could use as a Special in ``window`` now (one per distinct card)."""
    cards = s.cards
    cat = g.cat(s)
    specs = cat.spec
    found: list[int] = []
    seen: set[str] = set()
    # only the cards whose definition has a Special for this window, zone by zone
    zones: list[tuple[str, list[int]]] = []
    for zone, cids in (
        ("hand", s.zones[f"hand:{seat}"]),
        ("discard", s.zones[f"discard:{seat}"]),
        ("play", None),
    ):
        wanted = cat.specials_by.get((zone, window))
        if not wanted:
            continue
        if cids is None:  # cards in play that this seat controls
            cids = [c for c in in_play_now(s).having(wanted, cat) if cards[c].controller == seat]
        else:
            cids = [c for c in cids if cards[c].defn in wanted]
        if cids:
            zones.append((zone, cids))
    for zone, cids in zones:
        for cid in cids:
            defn = cards[cid].defn
            spec = specs.get(defn)
            if spec is None or spec.special is None:
                continue
            sp = spec.special
            key = f"{zone}:{defn}"
            if zone not in sp.zone or window not in sp.windows or key in seen:
                continue
            if zone == "hand" and s.asleep == seat and not g.is_minion(s, cid):
                continue
            base = wdata.get("base_card", -1)
            if zone != "hand" and g.once_used(s, cid, f"special:{window}", _card(base)):
                continue
            if sp.usable is None or sp.usable(g, s, seat, cid, wdata):
                seen.add(key)
                found.append(cid)
    return found


def _card(cid: int) -> int | None:
    return None if cid < 0 else cid


def window_data(step: Respond, state: SUState | None = None) -> dict[str, Any]:
    """What a Special's test may ask of a Me First! window: the base being scored; after a
    player destroyed a minion, that minion and the base it was at."""
    if step.window in SCORING_WINDOWS and step.card is not None:
        return {"base_card": step.card}
    if step.window == AFTER_DESTROY and step.card is not None and state is not None:
        return {"minion_card": step.card, "base_card": destroyed_at(state, step.card)}
    return {}


def response_options(g: SmashUp, state: SUState, frame: Respond, seat: int) -> list[Option]:
    window = frame.window
    if window not in g.special_windows:
        return []
    return [
        Option(f"special:{cid}", f"Use {g.label(state, cid)} (Special)", card=CardRef(cid))
        for cid in specials(g, state, seat, window, window_data(frame, state))
    ]


def response_expected(g: SmashUp, state: SUState, frame: Respond, seat: int) -> bool:
    """Whether ``seat`` is asked in a Me First! window even with no Special to use: when a
    Special of theirs for this window may be in their hand as far as the others can tell (a
    copy is in their hand, deck or among the cards they buried, and what the others see does
    not rule it out), so that
    being asked, or passed over, tells nothing of their hand (reading R8)."""
    window = frame.window
    if window not in g.special_windows:
        return False
    cat = g.cat(state)
    wanted = cat.specials_by.get(("hand", window))  # the definitions with such a Special
    if not wanted:
        return False
    cards = state.cards
    specs, is_minion = cat.spec, cat.is_minion
    wdata = window_data(frame, state)
    tried: set[str] = set()
    zones = state.zones
    # the cards the others cannot tell from the hand: the deck, and the cards this seat
    # buried face down (Operative)
    buried = [z for z in (buried_zone(bid, seat) for bid in zones[BASES]) if z in zones]
    for zone in (f"hand:{seat}", f"deck:{seat}", *buried):
        for cid in zones[zone]:
            defn = cards[cid].defn
            if defn not in wanted or defn in tried:
                continue
            tried.add(defn)
            sp = specs[defn].special
            assert sp is not None  # (a Special used from the hand in this window)
            if state.asleep == seat and not is_minion[defn]:
                continue
            test = sp.could_use or sp.usable
            if test is None or test(g, state, seat, cid, wdata):
                return True
    return False


def response_prompt(g: SmashUp, state: SUState, frame: Respond, seat: int) -> str:
    window = frame.window
    if window in SCORING_WINDOWS:
        when = window.split("_")[0]
        assert frame.card is not None
        return f"Me First! {when} {g.card_name(state, frame.card)} scores: use a Special, or pass"
    if window == AFTER_DESTROY and frame.card is not None:
        name = g.card_name(state, frame.card)
        return f"You destroyed {name}: use a Special that answers it, or pass"
    return "Me First!: use a Special, or pass"


def respond(g: SmashUp, state: SUState, frame: Respond, seat: int, choice: Option) -> None:
    assert choice.card is not None
    base = window_data(frame, state).get("base_card", -1)
    use_special(g, state, seat, choice.card, frame.window, base)


def use_special(g: SmashUp, s: SUState, seat: int, cid: int, window: str, base: int) -> None:
    spec = g.spec(s, cid)
    assert spec is not None and spec.special is not None
    if cid in s.zones[f"hand:{seat}"] and spec.special.run is None:  # the card is played
        g.log(
            s,
            "special",
            "su.terms.special",
            f"{s.names[seat]} plays {g.card_name(s, cid)} as a Special",
            seat,
            card=cid,
        )
        g.start_play(s, seat, cid, "special", base)
        return
    g.log(
        s,
        "special",
        "su.terms.special",
        f"{s.names[seat]} uses the Special of {g.card_name(s, cid)}",
        seat,
        card=cid,
    )
    # a card in play or a discard pile uses its Special once per occasion (ruling D20)
    g.use_once(s, cid, f"special:{window}", _card(base))
    start_effect(g, s, spec, "special", cid, seat, base)
