"""The vocabulary's choices that are not cards (``cardwright.core.vocab.menus``): a menu of
effects, a number, a player; played on the toy game of ``test_vocab``."""

from __future__ import annotations

from .test_vocab import ids, names, play


def labels(state: object) -> list[str]:
    decision = getattr(state, "decision", None)
    assert decision is not None
    return [o.label for o in decision.options]


def test_choose_one_offers_the_options_that_hold_and_does_the_one_picked() -> None:
    game, s = play(
        "choose_one(option('draw', 'Draw a card', draw(1)),"
        " option('smash', 'Smash them all', for_each(things(), smash(it)),"
        " when=count(things()) > 1),"
        " option('no', 'Do nothing'), prompt='Pick one', kind='mode')",
        {"play:1": ["pebble", "stone"], "deck:0": ["x"]},
    )
    assert s.decision is not None and (s.decision.kind, s.decision.prompt) == ("mode", "Pick one")
    assert ids(s) == ["draw", "smash", "no"]
    game.apply(s, "smash")
    assert names(s, "discard:1") == ["pebble", "stone"] and names(s, "hand:0") == []


def test_choose_one_takes_a_single_option_without_asking_unless_always_ask() -> None:
    _, s = play(
        "choose_one(option('draw', 'Draw', draw(1)), option('x', 'X', when=count(things()) > 0))",
        {"deck:0": ["x"]},
    )
    assert names(s, "hand:0") == ["x"], "one option: taken without a question"
    _, s = play("choose_one(option('draw', 'Draw', draw(1)), always_ask=True)", {"deck:0": ["x"]})
    assert ids(s) == ["draw"]
    _, s = play("choose_one(option('x', 'X', when=count(things()) > 0), none='No way')", {})
    assert s.decision is None and "No way" in [e.text for e in s.log]


def test_option_each_binds_each_card_for_its_label_and_effect() -> None:
    game, s = play(
        "choose_one(option_each(things(whose='opponent'), 'hit', 'Smash {chosen}', smash(chosen)),"
        " option('no', 'Smash nothing'))",
        {"play:1": ["pebble", "stone"]},
    )
    pebble, stone = s.zones["play:1"]
    assert ids(s) == [f"hit:{pebble}", f"hit:{stone}", "no"]
    assert labels(s) == ["Smash pebble", "Smash stone", "Smash nothing"]
    assert s.decision is not None and s.decision.options[1].card == stone
    game.apply(s, f"hit:{stone}")
    assert names(s, "discard:1") == ["stone"]


def test_by_card_lists_several_option_each_entries_card_by_card() -> None:
    game, s = play(
        "choose_one(option('no', 'Nothing'),"
        " option_each(things(whose='opponent'), 'hit', 'Smash {chosen}', smash(chosen)),"
        " option_each(things(whose='opponent'), 'two', 'Smash {chosen} and draw',"
        " seq(smash(chosen), draw(1))), by_card=True)",
        {"play:1": ["pebble", "stone"], "deck:0": ["x"]},
    )
    pebble, stone = s.zones["play:1"]
    assert ids(s) == ["no", f"hit:{pebble}", f"two:{pebble}", f"hit:{stone}", f"two:{stone}"]
    game.apply(s, f"two:{stone}")
    assert names(s, "discard:1") == ["stone"] and names(s, "hand:0") == ["x"]


def test_choose_number_binds_the_number_picked() -> None:
    game, s = play(
        "choose_number(1, count(cards('deck')), repeat(var('k'), draw(1)), name='k',"
        " prompt='How many?', label='Draw {k}')",
        {"deck:0": ["a", "b", "c"]},
    )
    assert ids(s) == ["count:1", "count:2", "count:3"] and labels(s)[1] == "Draw 2"
    assert s.decision is not None and s.decision.options[1].n == 2
    game.apply(s, "count:2")
    assert len(s.zones["hand:0"]) == 2
    _, s = play("choose_number(0, 2, None, descending=True, option='n', always_ask=True)", {})
    assert ids(s) == ["n:2", "n:1", "n:0"]
    _, s = play("choose_number(1, 1, draw(1))", {"deck:0": ["a"]})
    assert len(s.zones["hand:0"]) == 1, "a single number is taken without asking"


def test_choose_player_binds_a_seat_and_notes_what_the_label_says() -> None:
    game, s = play(
        "choose_player(draw(1, who=var('victim')), among=each, name='victim',"
        " label='{victim_name} ({note} cards)', note=count(cards('hand', whose='you')),"
        " prompt='Who draws?')",
        {"deck:0": ["a"], "deck:1": ["b"], "hand:0": ["c", "d"]},
    )
    assert ids(s) == ["player:0", "player:1"]
    assert labels(s) == ["A (2 cards)", "B (2 cards)"]
    game.apply(s, "player:1")
    assert names(s, "hand:1") == ["b"]
    _, s = play("choose_player(draw(1, who=var('player_chosen')))", {"deck:1": ["b"]})
    assert names(s, "hand:1") == ["b"], "one opponent: chosen without asking"


def test_repeat_may_bind_how_many_times_are_left() -> None:
    game, s = play(
        "repeat(2, smash(choose(things(), prompt='Smash one ({left} left)')), name='left')",
        {"play:1": ["pebble", "stone", "boulder"]},
    )
    assert s.decision is not None and s.decision.prompt == "Smash one (2 left)"
    game.apply(s, ids(s)[0])
    assert s.decision is not None and s.decision.prompt == "Smash one (1 left)"


def test_an_all_option_takes_every_card_left_at_once() -> None:
    game, s = play(
        "smash(choose(things(), n=9, up_to=True, may=True, all='Smash all {count}',"
        " decline='Stop', decline_id='stop', done='Stop', done_id='stop'))",
        {"play:1": ["pebble", "stone", "boulder"]},
    )
    pebble = s.zones["play:1"][0]
    assert ids(s)[-2:] == ["all", "stop"] and labels(s)[-2] == "Smash all 3"
    game.apply(s, f"smash:{pebble}")
    assert labels(s)[-2] == "Smash all 2"
    game.apply(s, "all")
    assert names(s, "discard:1") == ["pebble", "stone", "boulder"] and s.decision is None
    _, s = play("smash(choose(things(), n=9, up_to=True, all='All'))", {"play:1": ["pebble"]})
    assert ids(s) == [f"smash:{s.zones['play:1'][0]}"], "one card left: no all option"


def test_lasting_on_tests_for_a_lasting_effect_on_cards_or_the_seat() -> None:
    _, s = play(
        "seq(lasting('used'), only_if(lasting_on('used'), draw(1)),"
        " only_if(lasting_on('used', things()), draw(1)))",
        {"play:0": ["stone"], "deck:0": ["a", "b"]},
    )
    assert len(s.zones["hand:0"]) == 1, "the seat's mark is not on a card"


def test_a_choice_of_several_sees_the_cards_picked_so_far_and_total_sums_them() -> None:
    game, s = play(
        "smash(choose(things(value_le=6 - total(var('picked'), 'value')), n=9, up_to=True))",
        {"play:1": ["pebble", "stone", "boulder"]},
    )
    pebble, stone, boulder = s.zones["play:1"]
    assert ids(s) == [f"smash:{pebble}", f"smash:{stone}", f"smash:{boulder}"]
    game.apply(s, f"smash:{boulder}")
    assert ids(s) == [f"smash:{pebble}", "done"], "5 picked: only 1 more fits within 6"


def test_option_each_may_note_a_value_of_each_card_for_its_label() -> None:
    _, s = play(
        "choose_one(option_each(things(whose='opponent'), 'hit', 'Smash {chosen} ({note})',"
        " smash(chosen), note=chosen.value * 10))",
        {"play:1": ["pebble", "stone"]},
    )
    assert labels(s) == ["Smash pebble (10)", "Smash stone (20)"]
