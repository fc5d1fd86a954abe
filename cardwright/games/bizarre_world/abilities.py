"""Bizarre World's abilities: its words in the shared vocabulary, and one ability per layer.

A generated card is three layers (see ``generator.py``) and each layer's rules text is written
in ``data/generator.toml`` as one vocabulary expression: the adjective's passive ``ability``
(listeners, a modifier, a keyword), the noun's ``effect`` (beyond the attack it gains) and the
of-phrase's ``cost``. :func:`build_registry` parses them all, for every ruleset, when the game
loads; a card's abilities are its three layers' (:func:`card_abilities`).

Bizarre World's own words, on top of the core's:

``creatures(whose="any", other=False, <attr>_<op>=...)``
    the creatures in play (``whose``: you, opponent, any); filters on ``cost`` or ``purple``.
``kill(cards)`` / ``sacrifice(cards)`` / ``burn(cards)``
    the creatures die (to their owner's discard pile, their death passives trigger); the log
    says "is killed", "is sacrificed" or "burns out (Flaming)". A chosen argument
    (``kill(choose(creatures(cost_le=3)))``) is asked as ``kill_target`` / ``sacrifice_cost``.
``pay(n)``
    pay ``n`` resources (a question per resource when the choice matters); possible only if
    the player's other ready resources can pay it (the creature exhausts itself to act).
``mill(n)``, ``become_resource(cards)``, ``turns(seat)``
    discard the top ``n`` cards of your deck; a card in a discard pile becomes a face-down
    neutral resource; how many turns a seat has taken.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from cardwright.core.abilities import Ability, Registry
from cardwright.core.errors import DataError
from cardwright.core.vocab import (
    Cards,
    Const,
    Expr,
    Verb,
    VerbSpec,
    Vocabulary,
    cards_of,
    core_words,
    filters_from,
    hooks_from,
)
from cardwright.core.vocab.exprs import Call

from .generator import DEFAULT_RULESET, CardDef, Layer, card_def, rulesets, tables
from .state import BWCtx

if TYPE_CHECKING:
    from .play import Pay


def _killer(how: str) -> Callable[..., None]:
    def kill(ctx: BWCtx, cards: Any) -> None:
        for cid in cards_of(cards):
            ctx.game.kill(ctx.state, cid, ctx.rule, how)

    return kill


def _kill_label(ctx: BWCtx, cid: int) -> str:
    card = ctx.state.cards[cid]
    return f"Kill {card.defn} ({ctx.state.names[card.controller]})"


@functools.cache
def _pay_step() -> type[Pay]:
    """The payment step (its module imports this one; imported once, not at every call)."""
    from .play import Pay

    return Pay


def _pay(ctx: BWCtx, n: int) -> None:
    ctx.state.stack.append(_pay_step()(seat=ctx.you, amount=int(n), rule=ctx.rule))


def _can_pay(ctx: BWCtx, n: int) -> bool:
    s = ctx.state
    g = ctx.game
    own = g.defn(s, ctx.source).of.amount if ctx.source is not None else 0
    return g.ready_resources(s, ctx.you) - own >= int(n)


def _mill(ctx: BWCtx, n: int) -> None:
    s = ctx.state
    deck = s.zones[f"deck:{ctx.you}"]
    for _ in range(int(n)):
        if deck:
            ctx.game.discard(s, ctx.you, deck[-1], f"deck:{ctx.you}", ctx.rule)


def _become_resource(ctx: BWCtx, cards: Any) -> None:
    s = ctx.state
    for cid in cards_of(cards):
        owner = s.cards[cid].owner
        discard = f"discard:{owner}"
        if cid not in s.zones[discard]:
            continue
        ctx.game.move_card(s, cid, discard, f"resources:{owner}")
        s.cards[cid].face_up = False
        ctx.game.log(
            s,
            "becomes_resource",
            ctx.rule,
            f"{s.cards[cid].defn} becomes a neutral resource",
            ctx.you,
            card=cid,
        )


KILL = VerbSpec(
    "kill",
    _killer("is killed"),
    kind="kill_target",
    prompt="Choose a creature to kill",
    label=_kill_label,
    none="there is no creature it can kill",
)
SACRIFICE = VerbSpec(
    "sacrifice",
    _killer("is sacrificed"),
    kind="sacrifice_cost",
    prompt="Choose a creature to sacrifice",
    label=lambda ctx, cid: f"Sacrifice {ctx.state.cards[cid].defn}",
)
BURN = VerbSpec("burn", _killer("burns out (Flaming)"))
PAY = VerbSpec("pay", _pay, pushes=True, possible=_can_pay)
MILL = VerbSpec(
    "mill", _mill, possible=lambda ctx, n: len(ctx.state.zones[f"deck:{ctx.you}"]) >= int(n)
)
BECOME_RESOURCE = VerbSpec("become_resource", _become_resource)


def _e(value: Any) -> Expr:
    return value if isinstance(value, Expr) else Const(value)


def _turns(ctx: BWCtx, seats: list[int]) -> int:
    return ctx.state.turns_taken[seats[0]]


def vocabulary() -> Vocabulary:
    """The core's words and Bizarre World's."""
    return core_words().extended(
        {
            "creatures": lambda whose="any", other=False, **filters: Cards(
                "play", whose, filters_from(filters), other
            ),
            "kill": lambda what: Verb(KILL, (_e(what),)),
            "sacrifice": lambda what: Verb(SACRIFICE, (_e(what),)),
            "burn": lambda what: Verb(BURN, (_e(what),)),
            "pay": lambda n: Verb(PAY, (_e(n),)),
            "mill": lambda n=1: Verb(MILL, (_e(n),)),
            "become_resource": lambda what: Verb(BECOME_RESOURCE, (_e(what),)),
            "turns": lambda who: Call("turns", _turns, (_e(who),)),
        }
    )


# ------------------------------------------------------------------------------ the abilities
#: (layer kind, field holding its expression, the hook it fills, the rule its effects cite)
_LAYER_HOOKS = {
    "adjective": ("ability", "", ""),
    "noun": ("effect", "effect", "bw.ability.effect"),
    "of": ("cost", "cost", "bw.ability.cost"),
}


def _expression(layer: Layer) -> str:
    field = _LAYER_HOOKS[layer.kind][0]
    return str(getattr(layer, field) or "")


def _ability_ids() -> dict[tuple[str, str, str], str]:
    """(ruleset, layer kind, layer name) -> ability id. A layer whose text differs between
    rulesets has one ability per version, named after the first ruleset of each."""
    versions: dict[tuple[str, str], dict[str, str]] = {}  # (kind, name) -> text -> first rs
    out: dict[tuple[str, str, str], str] = {}
    for rs in rulesets():
        t = tables(rs)
        for layer in (*t.adjectives, *t.nouns, *t.ofs):
            text = _expression(layer)
            if not text:
                continue
            seen = versions.setdefault((layer.kind, layer.name), {})
            seen.setdefault(text, rs)
    for (kind, name), texts in versions.items():
        for rs in rulesets():
            found = tables(rs).find(kind, name)
            assert found is not None
            text = _expression(found)
            if text:
                base = f"{kind}:{name}"
                out[(rs, kind, name)] = base if len(texts) == 1 else f"{base}@{texts[text]}"
    return out


@cache
def build_registry() -> Registry:
    """Every layer ability of every ruleset, parsed and checked (one :class:`DataError` line
    naming the layer and the word for any problem)."""
    from pathlib import Path

    from cardwright.core.rules import RulesIndex

    words = vocabulary()
    rules = RulesIndex.load(Path(__file__).parent / "rules.toml")
    abilities: dict[str, Ability] = {}
    for (rs, kind, name), ability_id in _ability_ids().items():
        if ability_id in abilities:
            continue
        found = tables(rs).find(kind, name)
        assert found is not None
        layer = found
        where = f"generator.toml: {kind} {name!r} ({rs})"
        parsed = words.parse(_expression(layer), where)
        items = parsed if isinstance(parsed, list) else [parsed]
        _, hook, rule = _LAYER_HOOKS[kind]
        try:
            hooks = hooks_from(items) if kind == "adjective" else hooks_from(items, hook)
        except DataError as exc:
            raise DataError(f"{where}: {exc}") from None
        if kind == "adjective":
            rule, label = f"bw.card.{layer.passive}", layer.passive
        else:
            label = name
        abilities[ability_id] = Ability(ability_id, rule, hooks, name=label.replace("_", " "))
    return Registry("bizarre-world", abilities.values(), rules=rules)


@cache
def _ids() -> dict[tuple[str, str, str], str]:
    return _ability_ids()


@dataclass(frozen=True)
class CardAbilities:
    """What the rules need of a card's abilities, worked out once per definition and ruleset:
    all of them (adjective, noun, of order), the of-phrase's cost and the noun's effect, and
    two facts for the hot paths (whether the cost can ever be impossible, and whether the
    card itself changes its cost)."""

    all: tuple[Ability, ...]
    cost: Ability | None
    effect: Ability | None
    cost_checked: bool
    own_cost_modifier: bool


_CARDS: dict[tuple[str, str], CardAbilities] = {}


def card_abilities(defn: str, ruleset: str = DEFAULT_RULESET) -> CardAbilities:
    """The abilities of a card (cached: static data)."""
    found = _CARDS.get((defn, ruleset))
    if found is not None:
        return found
    card: CardDef = card_def(defn, ruleset)
    registry = build_registry()
    ids = _ids()
    out = []
    for layer in (card.adjective, card.noun, card.of):
        ability_id = ids.get((ruleset, layer.kind, layer.name))
        if ability_id is not None:
            out.append(registry.ability(ability_id))
    cost = layer_ability(card.of, ruleset, "cost")
    effect = layer_ability(card.noun, ruleset, "effect")
    cost_effect = cost.effect("cost") if cost is not None else None
    found = CardAbilities(
        tuple(out),
        cost,
        effect,
        cost_effect is not None and not cost_effect.always_possible,
        any(m.key == "cost" and m.applies is None for a in out for m in a.modifiers),
    )
    _CARDS[(defn, ruleset)] = found
    return found


def layer_ability(layer: Layer, ruleset: str, hook: str) -> Ability | None:
    """The ability of one layer in a ruleset, if it has ``hook``."""
    ability_id = _ids().get((ruleset, layer.kind, layer.name))
    if ability_id is None:
        return None
    ability = build_registry().ability(ability_id)
    return ability if hook in ability.hooks else None
