"""Events meet listeners, and values meet modifiers: the registry's indexes put to work.

:func:`dispatch` is called by :meth:`Game.emit`: the card the event is about hears it if its
abilities listen to it (``subject="self"``), then every live card (:meth:`Game.live_cards`)
whose abilities listen to such events from any card, in the order the game lists them. Each
listener that applies either runs at once (``now``) or becomes a pending
:class:`~cardwright.core.state.Trigger`, which resolves when the game resolves triggers, in the
game's order (:meth:`Game.trigger_order`).

:func:`modified` computes a value (a cost, a power) on demand: the base the game gives, plus the
card's own modifiers, plus those of live cards that apply to it, plus lasting effects on it,
in layer order. Nothing is stored, so a value is always up to date. :func:`permissions` gathers
the "cannot"s and "can"s in force for an action (the core's
:func:`~cardwright.core.effects.allowed` weighs them), and :func:`replace_event` lets a
replacement effect happen instead of an event.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from ..effects import Permission
from ..lasting import amount as lasting_amount
from ..state import Bindings, CardRef, State, Trigger
from .base import Ctx, cards_of, node, seats_of
from .compiled import compiled

if TYPE_CHECKING:
    from ..abilities import Ability
    from ..game import Game


def dispatch(
    game: Game[Any],
    state: State,
    kind: str,
    timing: str,
    seat: int,
    card: int | None,
    vars: Bindings | None = None,
) -> None:
    """Let every listener to this event act (see the module docstring). ``vars``: what the
    event binds besides its card (bound as ``card``)."""
    registry = game.registry
    if registry is None:
        return
    if card is not None and card in state.cards:
        hear(game, state, card, "self", kind, timing, seat, card, vars)
    if registry.listening(kind, timing, "any"):
        heard: set[str] = set()  # the rules of the single listeners that triggered
        for src in game.live_cards(state):
            hear(game, state, src, "any", kind, timing, seat, card, vars, heard)


def hear(
    game: Game[Any],
    state: State,
    src: int,
    subject: str,
    kind: str,
    timing: str,
    seat: int,
    card: int | None,
    vars: Bindings | None = None,
    heard: set[str] | None = None,
) -> None:
    """Let the listeners of one card (``src``) about ``subject`` (``self``: the event is about
    ``src``; ``any``: ``src`` is live) hear an event: for a game that lets its cards hear an
    event in an order of its own (it calls this card by card instead of :func:`dispatch`).
    ``heard``: the rules of the ``single`` listeners that already triggered for this event."""
    registry = game.registry
    if registry is None:
        return
    listening = registry.listening(kind, timing, subject)
    if not listening:
        return
    for ability in game.abilities_of(state, src):
        if ability.id in listening:
            _hear(game, state, ability, kind, timing, subject, src, seat, card, vars, heard)


def _hear(
    game: Game[Any],
    state: State,
    ability: Ability,
    kind: str,
    timing: str,
    subject: str,
    src: int,
    seat: int,
    card: int | None,
    vars: Bindings | None,
    heard: set[str] | None = None,
) -> None:
    for i, lis in enumerate(ability.listeners):
        if lis.event != kind or lis.timing != timing or lis.subject != subject:
            continue
        if lis.single and heard is not None and ability.rule in heard:
            continue
        controller = state.cards[src].controller
        if (lis.by == "you" and seat != controller) or (
            lis.by == "opponent" and seat == controller
        ):
            continue
        bound = vars if vars is not None else Bindings()
        if card is not None:
            bound = bound.with_cards("card", [CardRef(card)])
        key = f"{game.id}/{ability.id}/listeners/{i}"
        ctx = Ctx(game, state, ability, CardRef(src), controller, bound, key)
        if lis.condition is not None and not compiled(lis.condition)(ctx):
            continue
        if lis.single and heard is not None:
            heard.add(ability.rule)
        if lis.once is not None:
            found = lis.once.eval(ctx)
            used, about = key, None
            if isinstance(found, str):  # a tag: the ability's listeners naming it share it
                used = f"{game.id}/{ability.id}/once/{found}"
            elif not isinstance(found, bool):
                about = next(iter(cards_of(found)), None)
            if game.listener_used(state, src, used, about):
                continue
            game.use_listener(state, src, used, about)
        seats = [controller] if lis.who is None else seats_of(lis.who.eval(ctx))
        for actor in seats:
            if lis.now:
                lis.effect.start(ctx.child_as(actor))
                continue
            orderer = game.trigger_controller(state, src, actor)
            trigger = Trigger(ability.id, CardRef(src), orderer, vars=bound, effect=key)
            if actor != orderer:
                trigger.actor = actor
            state.triggers.append(trigger)


def run_listener(game: Game[Any], state: State, trigger: Trigger) -> None:
    """Resolve a pending trigger set off by a vocabulary listener."""
    effect, ability = node(game, trigger.effect)
    you = trigger.controller if trigger.actor is None else trigger.actor
    ctx = Ctx(game, state, ability, trigger.source, you, trigger.vars, trigger.effect)
    effect.start(ctx)


_IT_NONE = Bindings()


def modified(
    game: Game[Any], state: State, key: str, card: int, base: int, parts: Iterable[int] = ()
) -> int:
    """``base`` changed by every modifier of ``key`` that applies to ``card``: the card's own
    (wherever it is: a cost in hand) and those of live cards that say it applies (``it`` is
    the card asked about), added in layer order. ``parts``: cards combined with ``card`` into
    one (a Varia combo): their own modifiers count too (each with ``self`` its own card and
    ``it`` the combined one), and so do the lasting effects given to them."""
    registry = game.registry
    if registry is None:
        return base
    cards = state.cards
    changes: list[tuple[int, int]] = []
    it = _IT_NONE
    own = registry.modifying_self(key)
    if own:
        for part in (card, *parts):
            for ability in game.abilities_of(state, part):
                if ability.id not in own:
                    continue
                for mod in ability.modifiers:
                    if mod.key == key and mod.applies is None:
                        it = Bindings(cards={"it": [CardRef(card)]})
                        ctx = Ctx(game, state, ability, CardRef(part), cards[part].controller, it)
                        changes.append((mod.layer, int(mod.amount.eval(ctx))))
    sources = registry.modifying(key)
    if sources:
        it = Bindings(cards={"it": [CardRef(card)]})
        for src in game.modifier_sources(state, key):
            if src == card:
                continue
            for ability in game.abilities_of(state, src):
                if ability.id not in sources:
                    continue
                for mod in ability.modifiers:
                    if mod.key != key or mod.applies is None:
                        continue
                    ctx = Ctx(game, state, ability, CardRef(src), cards[src].controller, it)
                    if compiled(mod.applies)(ctx):
                        changes.append((mod.layer, int(mod.amount.eval(ctx))))
    if state.lasting:  # a change given to any part belongs to the combined card
        amount = lasting_amount(state, key, card)
        for part in parts:
            amount += lasting_amount(state, key, part)
        changes.append((0, amount))
    if not changes:
        return base
    value = base
    for _, amount in sorted(changes, key=lambda lc: lc[0]):
        value += amount
    return value


def permissions(
    game: Game[Any], state: State, action: str, target: int | None, actor: int
) -> list[Permission]:
    """The "cannot"s and "can"s in force for ``actor`` doing ``action`` to ``target``: the
    abilities of live cards (:class:`~cardwright.core.abilities.Rule`) and lasting effects
    keyed ``cannot:<action>`` / ``can:<action>`` on the target (by ``seat`` when set)."""
    out: list[Permission] = []
    registry = game.registry
    ruling = registry.ruling(action) if registry is not None else frozenset()
    if ruling:
        it = Bindings(cards={"it": [CardRef(target)]}) if target is not None else Bindings()
        for src in game.live_cards(state):
            for ability in game.abilities_of(state, src):
                if ability.id in ruling:
                    out.extend(
                        card_permissions(game, state, ability, src, action, target, actor, it)
                    )
    if state.lasting:
        out.extend(lasting_permissions(state, action, target, actor))
    return out


def lasting_permissions(
    state: State, action: str, target: int | None, actor: int
) -> list[Permission]:
    """The lasting effects keyed ``cannot:<action>`` / ``can:<action>`` on ``target`` that
    hold for ``actor`` (by ``seat`` when set)."""
    out: list[Permission] = []
    for e in state.lasting:
        if e.target != target or (e.seat >= 0 and e.seat != actor):
            continue
        if e.key == f"cannot:{action}":
            out.append(Permission(action, -1 if e.source is None else e.source, False))
        elif e.key == f"can:{action}":
            out.append(Permission(action, -1 if e.source is None else e.source, True))
    return out


def binds(by: str, actor: int, controller: int) -> bool:
    """Whether a rule said ``by`` of a card ``controller`` controls binds ``actor``'s action:
    ``"you"`` only its controller's, ``"opponent"`` only another seat's (not the rules' own,
    ``actor`` -1), anything else every action."""
    if by == "you":
        return actor == controller
    if by == "opponent":
        return actor >= 0 and actor != controller
    return True


def card_permissions(
    game: Game[Any],
    state: State,
    ability: Ability,
    src: int,
    action: str,
    target: int | None,
    actor: int,
    vars: Bindings,
) -> list[Permission]:
    """The "cannot"s and "can"s one card's ability (``src``) says for ``actor`` doing
    ``action`` to ``target`` (``vars``: what the rules' expressions see, ``it`` the target).
    Each rule binds the actors :func:`binds` says."""
    out = []
    controller = state.cards[src].controller
    for rule in ability.rules:
        if rule.action != action:
            continue
        if not binds(rule.by, actor, controller):
            continue
        ctx = Ctx(game, state, ability, CardRef(src), controller, vars)
        if rule.applies is None:
            if target != src:
                continue
        elif target is None or not compiled(rule.applies)(ctx):
            continue
        if rule.condition is not None and not compiled(rule.condition)(ctx):
            continue
        out.append(Permission(action, src, rule.allow, supersedes=rule.supersedes))
    return out


def replace_event(
    game: Game[Any], state: State, event: str, card: int, seat: int, vars: Bindings
) -> bool:
    """If a replacement applies to ``event`` happening to ``card`` (the card's own, then those
    of live cards, in order), its effect starts instead and True is returned: the caller then
    does not carry out the event."""
    registry = game.registry
    if registry is None:
        return False
    replacing = registry.replacing(event)
    if not replacing:
        return False
    for src in (card, *game.live_cards(state)):
        for ability in game.abilities_of(state, src):
            if ability.id in replacing and try_replacement(
                game, state, ability, src, event, card, vars
            ):
                return True
    return False


def try_replacement(
    game: Game[Any], state: State, ability: Ability, src: int, event: str, card: int, vars: Bindings
) -> bool:
    """If a replacement of one card's ability (``src``) applies to ``event`` happening to
    ``card`` (bound as ``it``), start its effect and return True."""
    it = vars.with_cards("it", [CardRef(card)])
    controller = state.cards[src].controller
    for i, rep in enumerate(ability.replacements):
        if rep.event != event:
            continue
        key = f"{game.id}/{ability.id}/replacements/{i}"
        ctx = Ctx(game, state, ability, CardRef(src), controller, it, key)
        if rep.applies is None:
            if src != card:
                continue
        elif src == card or not compiled(rep.applies)(ctx):
            continue
        if rep.condition is not None and not compiled(rep.condition)(ctx):
            continue
        rep.effect.start(ctx)
        return True
    return False


def treated(game: Game[Any], state: State, card: int, attr: str, value: Any, viewer: int) -> Any:
    """``value`` (attribute ``attr`` of ``card``) as ``viewer`` treats it: the "treated as"
    rules (:class:`~cardwright.core.abilities.Treatment`) of live cards that ``viewer``
    controls and that apply to the card (``it``), in the order the game lists live cards. A
    rule ``in addition`` adds its value to a collection (a type among the card's types) or
    to a number; one ``instead`` replaces the value. Nobody else's view changes."""
    registry = game.registry
    if registry is None:
        return value
    sources = registry.treating(attr)
    if not sources:
        return value
    it = Bindings(cards={"it": [CardRef(card)]})
    for src in game.live_cards(state):
        if state.cards[src].controller != viewer:
            continue
        for ability in game.abilities_of(state, src):
            if ability.id not in sources:
                continue
            for rule in ability.treatments:
                if rule.attr != attr:
                    continue
                ctx = Ctx(game, state, ability, CardRef(src), viewer, it)
                if rule.applies is not None and not rule.applies.eval(ctx):
                    continue
                extra = rule.value.eval(ctx)
                if rule.instead:
                    value = extra
                elif isinstance(value, frozenset | set):
                    value = frozenset(value) | {extra}
                elif isinstance(value, (tuple, list)):
                    value = (*value, extra) if extra not in value else tuple(value)
                else:
                    value = value + extra
    return value
