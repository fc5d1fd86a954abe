"""The shared effect vocabulary on a toy game: parsing, choosing, combinators, listeners,
modifiers, and the registry's load-time checks."""

from __future__ import annotations

from typing import Any

import pytest

from cardwright.core import Card, State
from cardwright.core.abilities import Ability, Registry
from cardwright.core.errors import DataError
from cardwright.core.game import AFTER
from cardwright.core.rules import Rule, RulesIndex
from cardwright.core.state import CardRef, Lasting, Option
from cardwright.core.vocab import (
    Cards,
    Verb,
    VerbSpec,
    Vocabulary,
    cards_of,
    core_words,
    filters_from,
    hooks_from,
    start_ability,
)
from cardwright.core.zones import create_card, move

from .toys import ToyGame, run_subject, toy_state

#: card definitions of the toy game: name -> (value, ability expressions)
CARDS: dict[str, tuple[int, list[str]]] = {
    "pebble": (1, []),
    "stone": (2, []),
    "boulder": (5, []),
    "scout": (1, ["when('dies', draw(1))"]),
    "medic": (2, ["whenever('dies', gain('life', 1), by='you')"]),
    "leech": (1, ["whenever('dies', gain('life', 1), by='opponent', now=True)"]),
    "cheap": (4, ["modify('value', -count(cards('play')))"]),
    "aura": (0, ["modify('value', 10, applies=it.printed >= 2)"]),
    "wall": (3, ["forbid('smash', applies=it.printed <= 2, by='opponent')"]),
    "door": (1, ["permit('smash', applies=it.printed >= 5)"]),
    "ghost": (1, ["instead('smash', draw(1))"]),
    "bell": (1, ["whenever('dies', gain('life', 1), by='you', single=True)"]),
    "gong": (1, ["whenever('dies', gain('life', 1), by='you', single=True)"]),
}


def _smash(ctx: Any, cards: Any) -> None:
    game: Toy = ctx.game
    for cid in cards_of(cards):
        game.smash(ctx.state, cid, ctx.rule)


SMASH = VerbSpec(
    "smash",
    _smash,
    kind="smash_target",
    prompt="Smash what?",
    none="nothing to smash",
)


def words() -> Vocabulary:
    return core_words().extended(
        {
            "smash": lambda what: Verb(SMASH, (what,)),
            "things": lambda whose="any", **f: Cards("play", whose, filters_from(f)),
        }
    )


class Toy(ToyGame):
    id = "toy-vocab"

    def __init__(self, effects: dict[str, str]) -> None:
        super().__init__(words(), effects, {defn: texts for defn, (_, texts) in CARDS.items()})
        self.life = [0, 0]

    def setup(self, state: State) -> None:
        state.names = ["A", "B"]
        state.config.setdefault("life", [10, 10])
        for seat in (0, 1):
            for zone in ("deck", "hand", "play", "discard"):
                state.zones[f"{zone}:{seat}"] = []

    def card_attr(self, state: State, card: int, name: str) -> Any:
        printed = CARDS[state.cards[card].defn][0]
        if name == "value":
            return self.value(state, "value", card, printed)
        if name == "printed":
            return printed
        return super().card_attr(state, card, name)

    def gain(
        self, state: State, seat: int, key: str, amount: int, rule: str, source: Any, why: str = ""
    ) -> None:
        state.config["life"][seat] += amount
        self.log(state, "life", rule, f"{state.names[seat]} {amount:+d} life", seat)

    def discard_card(self, state: State, seat: int, card: int, rule: str) -> None:
        move(state, card, f"discard:{seat}")

    def smash(self, state: State, cid: int, rule: str) -> None:
        card = state.cards[cid]
        if self.replace_event(state, "smash", cid, card.controller):
            return
        move(state, cid, f"discard:{card.owner}")
        self.log(state, "smash", rule, f"{card.defn} is smashed", card.owner, card=cid)
        self.emit(state, "dies", AFTER, card.controller, card=cid)

    def card_visible(self, state: State, zone: str, card: Card, seat: int) -> bool:
        return not zone.startswith("deck")


def play(effect: str, setup: dict[str, list[str]]) -> tuple[Toy, State]:
    game = Toy({"subject": effect})
    return game, run_subject(game, toy_state(game, setup))


def ids(state: State) -> list[str]:
    assert state.decision is not None
    return [o.id for o in state.decision.options]


def names(state: State, zone: str) -> list[str]:
    return [state.cards[c].defn for c in state.zones[zone]]


# ------------------------------------------------------------------------------ choosing
def test_a_chosen_argument_asks_with_the_verbs_kind_prompt_and_ids() -> None:
    game, s = play("smash(choose(things(value_le=2)))", {"play:1": ["pebble", "boulder", "stone"]})
    d = s.decision
    assert d is not None and (d.kind, d.prompt, d.seat) == ("smash_target", "Smash what?", 0)
    pebble, _, stone = s.zones["play:1"]
    assert ids(s) == [f"smash:{pebble}", f"smash:{stone}"]
    assert [o.card for o in d.options] == [pebble, stone]
    game.apply(s, f"smash:{stone}")
    assert names(s, "discard:1") == ["stone"] and s.result is not None


def test_a_single_candidate_is_taken_without_asking_and_none_is_logged() -> None:
    _, s = play("smash(choose(things(value_ge=5)))", {"play:1": ["pebble", "boulder"]})
    assert names(s, "discard:1") == ["boulder"] and s.result is not None
    _, s = play("smash(choose(things(value_ge=9)))", {"play:1": ["pebble"]})
    assert [e.text for e in s.log if e.kind == "no_target"] == ["nothing to smash"]


def test_may_adds_the_games_decline_option_and_always_ask_keeps_a_forced_choice_asked() -> None:
    game, s = play("smash(choose(things(), may=True))", {"play:1": ["pebble"]})
    assert ids(s)[-1] == "decline"
    game.apply(s, "decline")
    assert names(s, "play:1") == ["pebble"]
    _, s = play("discard(choose(cards('hand'), always_ask=True))", {"hand:0": ["pebble"]})
    assert s.decision is not None and s.decision.kind == "discard"


def test_choosing_several_one_at_a_time_and_the_prompt_counts_down() -> None:
    game, s = play("discard(2)", {"hand:0": ["pebble", "stone", "boulder"]})
    assert s.decision is not None and s.decision.prompt == "Discard 2 card(s)"
    game.apply(s, ids(s)[1])
    assert s.decision is not None and s.decision.prompt == "Discard 1 card(s)"
    assert len(ids(s)) == 2, "a discarded card is not offered again"
    game.apply(s, ids(s)[0])
    assert names(s, "discard:0") == ["stone", "pebble"] and s.result is not None


def test_up_to_offers_done_after_a_pick() -> None:
    game, s = play("smash(choose(things(), n=2, up_to=True))", {"play:1": ["pebble", "stone"]})
    assert "done" not in ids(s)
    game.apply(s, ids(s)[0])
    assert ids(s)[-1] == "done"
    game.apply(s, "done")
    assert names(s, "play:1") == ["stone"]


def test_how_many_to_choose_can_be_an_expression_worked_out_when_the_choice_begins() -> None:
    hand = ["pebble", "stone", "boulder", "scout"]
    # down to two cards: two to discard, counted once (the hand shrinking does not change it)
    game, s = play("discard(choose(cards('hand'), n=count(cards('hand')) - 2))", {"hand:0": hand})
    assert s.decision is not None and s.decision.prompt == "Discard 2 card(s)"
    game.apply(s, ids(s)[0])
    assert s.decision is not None and s.decision.prompt == "Discard 1 card(s)"
    game.apply(s, ids(s)[0])
    assert names(s, "hand:0") == ["boulder", "scout"] and s.result is not None
    # nothing to do when the hand is already small enough
    _, s = play("discard(choose(cards('hand'), n=count(cards('hand')) - 5))", {"hand:0": hand})
    assert names(s, "hand:0") == hand and s.result is not None
    # any number: up to all of them, "done" ending it
    game, s = play(
        "discard(choose(cards('hand'), n=count(cards('hand')), up_to=True, may=True))",
        {"hand:0": ["pebble", "stone"]},
    )
    assert ids(s)[-1] == "decline"
    game.apply(s, ids(s)[0])
    assert ids(s)[-1] == "done"
    game.apply(s, ids(s)[0])
    assert names(s, "discard:0") == ["pebble", "stone"] and s.result is not None


def test_the_option_word_and_the_source_name_in_the_prompt() -> None:
    game = Toy(
        {"subject": "smash(choose(things(), may=True, option='pick', prompt='{source}: pick'))"}
    )
    state = game.state_cls(game=game.id)
    game.setup(state)
    pebble = create_card(state, "pebble", 1, "play:1").id
    scout = create_card(state, "scout", 0, "play:0").id
    assert game.registry is not None
    ability = game.registry.ability("subject")
    start_ability(game, state, ability, "effect", scout, 0)
    game.advance(state)
    assert state.decision is not None and state.decision.prompt == "scout: pick"
    assert ids(state) == [f"pick:{scout}", f"pick:{pebble}", "decline"]


# ------------------------------------------------------------------------------ combinators
def test_seq_waits_for_a_question_before_the_next_effect() -> None:
    game, s = play(
        "seq(smash(choose(things())), discard(1))",
        {"play:1": ["pebble", "stone"], "hand:0": ["pebble", "stone"]},
    )
    assert s.decision is not None and s.decision.kind == "smash_target"
    assert names(s, "hand:0") == ["pebble", "stone"], "the discard waits"
    game.apply(s, ids(s)[0])
    assert s.decision is not None and s.decision.kind == "discard"


def test_for_each_binds_it_and_each_player_rebinds_you() -> None:
    _, s = play("for_each(things(whose='opponent'), smash(it))", {"play:1": ["pebble", "stone"]})
    assert names(s, "discard:1") == ["pebble", "stone"]
    _, s = play("each_player(discard(1))", {"hand:0": ["pebble"], "hand:1": ["a", "b"]})
    assert names(s, "discard:0") == ["pebble"], "seat 0 had one card: no question"
    assert s.decision is not None and s.decision.seat == 1


def test_if_else_and_may() -> None:
    _, s = play("if_else(count(cards('hand')) == 0, draw(1), discard(1))", {"hand:0": ["p"]})
    assert names(s, "discard:0") == ["p"]
    game, s = play("may(discard(1))", {"hand:0": ["p"]})
    assert ids(s) == ["yes", "no"]
    game.apply(s, "yes")
    assert names(s, "discard:0") == ["p"]


def test_may_with_its_own_words_logs_a_refusal() -> None:
    game, s = play(
        "may(discard(1), prompt='Go?', yes='Use it', no='Keep it', declined='{you} keeps it')",
        {"hand:0": ["p"]},
    )
    assert s.decision is not None and [o.label for o in s.decision.options] == ["Use it", "Keep it"]
    game.apply(s, "no")
    assert names(s, "hand:0") == ["p"] and [e.text for e in s.log if e.kind == "power_unused"] == [
        "A keeps it"
    ]


def test_comparisons_test_membership_in_selections_and_lists() -> None:
    # a value against a selection (seats, cards) tests membership; ``in``, ``not in`` and ``%``
    _, s = play(
        "smash(choose(such_that(things(), it.printed % 2 == 1 and it.printed in [1, 5])))",
        {"play:1": ["pebble", "stone", "boulder"]},
    )
    assert s.decision is not None and len(ids(s)) == 2  # pebble (1) and boulder (5)
    _, s = play("if_else(1 not in [2, 3], draw(1), discard(1))", {"deck:0": ["p"]})
    assert names(s, "hand:0") == ["p"]
    _, s = play(
        "for_each(such_that(things(), owner_of(it) == opponent), smash(it))",
        {"play:0": ["pebble"], "play:1": ["stone"]},
    )
    assert names(s, "discard:1") == ["stone"] and names(s, "play:0") == ["pebble"]
    _, s = play(
        "smash(first(things(printed_in=[2, 5])))", {"play:1": ["pebble", "boulder", "stone"]}
    )
    assert names(s, "discard:1") == ["boulder"]
    _, s = play(
        "only_if(max(1, count(things())) == 3, draw(1))",
        {"play:1": ["a", "b", "c"], "deck:0": ["p"]},
    )
    assert names(s, "hand:0") == ["p"]


def test_require_is_a_condition_for_costs() -> None:
    game = Toy({"cost": "require(count(cards('hand')) == 0)"})
    state = game.state_cls(game=game.id)
    game.setup(state)
    assert game.registry is not None
    from cardwright.core.vocab import ability_possible

    ability = game.registry.ability("cost")
    assert ability_possible(game, state, ability, "effect", None, 0)
    create_card(state, "pebble", 0, "hand:0")
    assert not ability_possible(game, state, ability, "effect", None, 0)


# ------------------------------------------------------------------------------ listeners
def test_self_listeners_trigger_and_live_listeners_filter_by_seat() -> None:
    game, s = play(
        "smash(choose(things(whose='opponent')))",
        {"play:1": ["scout", "medic"], "play:0": ["leech", "medic"], "deck:1": ["pebble"]},
    )
    scout = s.zones["play:1"][0]
    game.apply(s, f"smash:{scout}")
    # leech (seat 0, an opponent's creature died) acts at once; scout and seat 1's medic wait
    assert s.config["life"] == [11, 10]
    assert sorted(t.ability for t in s.triggers) == ["medic", "scout"]
    assert all(t.controller == 1 for t in s.triggers)


def test_a_single_listener_triggers_once_however_many_cards_share_its_text() -> None:
    # bell and gong cite the same rule ("toy"): one trigger between them, the first one's
    game, s = play(
        "smash(choose(things(whose='opponent')))",
        {"play:1": ["pebble", "bell", "gong"]},
    )
    game.apply(s, ids(s)[0])
    assert [t.ability for t in s.triggers] == ["bell"]


def test_modifiers_apply_on_query_own_and_from_live_cards() -> None:
    game, s = play("draw(0)", {"play:0": ["pebble", "stone"], "hand:0": ["cheap"]})
    cheap = s.zones["hand:0"][0]
    assert game.card_attr(s, cheap, "value") == 2, "4 less one per card of yours in play"
    create_card(s, "aura", 1, "play:1")
    stone = s.zones["play:0"][1]
    pebble = s.zones["play:0"][0]
    assert game.card_attr(s, stone, "value") == 12 and game.card_attr(s, pebble, "value") == 1


# ------------------------------------------------------------------------------ load-time checks
def test_a_typo_fails_when_the_data_is_read_naming_the_place_and_the_word() -> None:
    w = words()
    with pytest.raises(DataError, match=r"cards.toml: card 'x': unknown word 'drwa'"):
        w.parse("drwa(1)", "cards.toml: card 'x'")
    with pytest.raises(DataError, match="cannot read"):
        w.parse("draw(1", "here")
    with pytest.raises(DataError, match="not allowed"):
        w.parse("[x for x in y]", "here")
    with pytest.raises(DataError, match="may: "):
        w.parse("may(3)", "here")


def test_the_registry_refuses_unknown_hooks_rules_and_duplicates() -> None:
    rules = RulesIndex([Rule("toy", "toy", "test")])
    ok = Ability("a", "toy", {"effect": words().parse("draw(1)", "t")})
    with pytest.raises(DataError, match="unknown hook"):
        Registry("toy-x", [Ability("b", "toy", {"on_drink": None})], rules=rules)
    with pytest.raises(DataError, match="unknown rule"):
        Registry("toy-x", [Ability("c", "toy.nope", {})], rules=rules)
    with pytest.raises(DataError, match="defined twice"):
        Registry("toy-x", [ok, ok], rules=rules)
    registry = Registry("toy-x", [ok], rules=rules)
    with pytest.raises(DataError, match="unknown abilit"):
        registry.check_names(["a", "zz"], "cards.toml")


def test_options_carry_typed_values() -> None:
    _, s = play("smash(choose(things()))", {"play:1": ["pebble", "stone"]})
    assert s.decision is not None
    assert all(isinstance(o, Option) and o.card is not None for o in s.decision.options)


# ----------------------------------------------------------------- lasting, cannot, instead
def test_a_lasting_effect_changes_a_value_until_its_occasion() -> None:
    game, s = play("lasting('value', choose(things()), 3)", {"play:0": ["stone", "pebble"]})
    stone = s.zones["play:0"][0]
    game.apply(s, f"lasting:{stone}")
    assert game.card_attr(s, stone, "value") == 5
    game.expire(s, "end_of_turn")
    assert game.card_attr(s, stone, "value") == 2


def test_cannot_beats_can_and_a_card_can_beats_a_rule_default() -> None:
    from cardwright.core.effects import RULE, Permission

    game, s = play("draw(0)", {"play:0": ["wall", "pebble", "boulder"], "play:1": ["door"]})
    _, pebble, boulder = s.zones["play:0"]
    assert not game.allowed(s, "smash", pebble, actor=1), "the wall protects from the opponent"
    assert game.allowed(s, "smash", pebble, actor=0), "but not from its controller"
    rule_says_no = [Permission("smash", -1, False, RULE)]
    assert not game.allowed(s, "smash", pebble, actor=0, extra=rule_says_no)
    assert game.allowed(s, "smash", boulder, actor=0, extra=rule_says_no), "the door says can"
    s.lasting.append(Lasting("cannot:smash", CardRef(boulder)))
    assert not game.allowed(s, "smash", boulder, actor=0), "a lasting cannot beats the door"


def test_a_replacement_happens_instead_of_the_event() -> None:
    game, s = play("smash(choose(things()))", {"play:1": ["ghost", "pebble"], "deck:1": ["stone"]})
    ghost = s.zones["play:1"][0]
    game.apply(s, f"smash:{ghost}")
    assert names(s, "play:1") == ["ghost", "pebble"], "the ghost was not smashed"
    assert names(s, "hand:1") == ["stone"], "its owner drew instead"


# ---------------------------------------------------------------------- binding, presentation
def test_a_choice_reads_as_the_card_says_ids_labels_decline_and_prompt_with_names() -> None:
    game, s = play(
        "let(choose(things(whose='opponent'), option='pick', kind='target', prompt='Pick one',"
        " may=True, decline='Nothing'), smash(choose(things(whose='opponent'),"
        " prompt='Smash one beside {chosen}')))",
        {"play:1": ["pebble", "stone", "boulder"]},
    )
    pebble, stone, boulder = s.zones["play:1"]
    assert ids(s) == [f"pick:{pebble}", f"pick:{stone}", f"pick:{boulder}", "decline"]
    assert s.decision is not None and s.decision.options[-1].label == "Nothing"
    game.apply(s, f"pick:{stone}")
    assert s.decision is not None and s.decision.prompt == "Smash one beside stone"
    game.apply(s, f"smash:{boulder}")
    assert names(s, "discard:1") == ["boulder"]


def test_let_binds_several_picks_at_once_a_number_or_nothing() -> None:
    game, s = play(
        "let(choose(things(), n=3, up_to=True, may=True, decline='No more', decline_id='done'),"
        " for_each(chosen, smash(it)), otherwise=draw(1))",
        {"play:1": ["pebble", "stone", "boulder"], "deck:0": ["x"]},
    )
    assert ids(s)[-1] == "done"
    game.apply(s, ids(s)[0])
    assert names(s, "discard:1") == [], "nothing is done before the picking ends"
    game.apply(s, ids(s)[0])
    game.apply(s, "done")
    assert names(s, "discard:1") == ["pebble", "stone"]
    game, s = play(
        "let(choose(things(), may=True), smash(chosen), otherwise=draw(1))",
        {"play:1": ["pebble"], "deck:0": ["x"]},
    )
    game.apply(s, "decline")
    assert names(s, "hand:0") == ["x"], "declined: the otherwise effect"
    _, s = play(
        "let(count(cards('hand')), repeat(var('k'), draw(1)), name='k')",
        {"hand:0": ["a", "b"], "deck:0": ["x", "y", "z"]},
    )
    assert len(s.zones["hand:0"]) == 4


def test_distinct_choices_offer_one_copy_of_each_card() -> None:
    _, s = play(
        "discard(choose(cards('hand'), distinct=True))", {"hand:0": ["pebble", "pebble", "stone"]}
    )
    assert len(ids(s)) == 2


def test_such_that_tests_each_card_as_it_and_may_reads_as_the_card_says() -> None:
    _, s = play(
        "for_each(such_that(things(), count(things(value_gt=it.value)) == 0), smash(it))",
        {"play:1": ["pebble", "boulder"]},
    )
    assert names(s, "discard:1") == ["boulder"]
    game, s = play(
        "may(draw(1), prompt='Draw?', yes='Draw one', yes_id='draw', no='Keep', no_id='keep')",
        {"deck:0": ["x"]},
    )
    assert s.decision is not None and [(o.id, o.label) for o in s.decision.options] == [
        ("draw", "Draw one"),
        ("keep", "Keep"),
    ]
    game.apply(s, "draw")
    assert names(s, "hand:0") == ["x"]


def _boom(ctx: Any, cards: Any) -> bool:
    for cid in cards_of(cards):
        ctx.game.smash(ctx.state, cid, ctx.rule)
    return bool(cards_of(cards))


def test_if_done_follows_what_the_verb_says_it_did() -> None:
    boom = VerbSpec("boom", _boom)
    extra = {"boom": lambda what: Verb(boom, (what,))}
    w = words().extended(extra)
    for setup, drawn in (({"play:1": ["pebble"]}, 1), ({}, 0)):
        game = Toy({})
        item = w.parse("if_done(boom(things()), draw(1))", "test")
        ability = Ability("subject", "toy", hooks_from([item]))
        assert game.registry is not None
        game.registry = Registry(game.id, [*game.registry.abilities.values(), ability])
        s = run_subject(game, toy_state(game, {**setup, "deck:0": ["x"]}))
        assert len(s.zones["hand:0"]) == drawn


def test_a_listener_acts_for_the_seats_it_names_once_per_turn_and_the_game_orders() -> None:
    w = words()
    # every seat draws (a trigger each), once per turn per dying card
    lis = w.parse("whenever('dies', draw(1), who=each, once=var('card'))", "test")
    game = Toy({})
    assert game.registry is not None
    game.registry = Registry(
        game.id, [*game.registry.abilities.values(), Ability("stone", "toy", hooks_from([lis]))]
    )
    s = game.state_cls(game=game.id)
    game.setup(s)
    create_card(s, "stone", 0, "play:0")
    victim = create_card(s, "pebble", 1, "play:1")
    game.emit(s, "dies", AFTER, 1, card=victim.id)
    game.emit(s, "dies", AFTER, 1, card=victim.id)
    # each seat orders its own (the default), so no trigger acts for another seat
    assert [(t.controller, t.actor) for t in s.triggers] == [(0, None), (1, None)]
    s.triggers.clear()
    game.trigger_controller = lambda state, source, actor: 0  # type: ignore[method-assign]
    other = create_card(s, "pebble", 1, "play:1")
    game.emit(s, "dies", AFTER, 1, card=other.id)
    assert [(t.controller, t.actor) for t in s.triggers] == [(0, None), (0, 1)]


def test_listeners_naming_one_once_tag_share_it() -> None:
    w = words()
    both = [
        w.parse("whenever('dies', draw(1), once='revenge')", "test"),
        w.parse("when('dies', draw(1), once='revenge')", "test"),
    ]
    game = Toy({})
    assert game.registry is not None
    game.registry = Registry(
        game.id, [*game.registry.abilities.values(), Ability("stone", "toy", hooks_from(both))]
    )
    s = game.state_cls(game=game.id)
    game.setup(s)
    stone = create_card(s, "stone", 0, "play:0")
    victim = create_card(s, "pebble", 1, "play:1")
    game.emit(s, "dies", AFTER, 1, card=victim.id)
    game.emit(s, "dies", AFTER, 1, card=stone.id)
    assert len(s.triggers) == 1, "the second listener shares the first one's once-a-turn"
