"""The shortcuts of the play checks by where a rule can hold (:mod:`~cardwright.games.smash_up.
reach`): a "cannot play it there" or "can play it from the discard pile there" whose reach
leaves out a card and place must not hold for them, and a "cannot" asked about another card
(a rule about the card itself) or about its own controller's actions (a rule binding other
players) must answer as its rules do. Checked on mid-game states of random games with the
factions whose cards have such rules."""

from __future__ import annotations

from cardwright.agents import RandomAgent
from cardwright.core.state import CardRef, clone
from cardwright.core.vocab import Ctx
from cardwright.core.vocab.compiled import compiled
from cardwright.core.vocab.events import card_permissions
from cardwright.games.smash_up.abilities import _ABOUT, _acting_vars, event_vars
from cardwright.games.smash_up.catalog import BASES
from cardwright.games.smash_up.game import SmashUp
from cardwright.games.smash_up.reach import heard_about, limits, reaches
from cardwright.games.smash_up.state import SUState

GAME = SmashUp()
#: Stakeout, Block the Path, They're Coming To Get You, Spectre, Cyberback, Magic Ward, Ornate
#: Dome, In Plain Sight; and their sets' bases (Tsar's Palace, The Vats, Ice Castle ...)
FACTIONS = [
    ["vampires", "tricksters"],
    ["zombies", "ghosts"],
    ["cyborg_apes", "fairies"],
    ["steampunks", "innsmouth"],
]


def _states() -> list[SUState]:
    found: list[SUState] = []
    for seed in range(8):
        s = GAME.new_state({"players": 4, "factions": FACTIONS}, seed, log=False)
        agent = RandomAgent(seed)
        while s.decision is not None and s.decisions < 400:
            if s.decisions % 20 == 19:
                found.append(clone(s))
            GAME.apply(s, agent.choose(GAME, s, s.decision.seat))
    assert all(isinstance(s, SUState) for s in found)
    return found


STATES = _states()


def test_a_play_rule_holds_only_where_its_reach_says() -> None:
    held = left_out = 0
    for s in STATES:
        cat = GAME.cat(s)
        places = [-1, *s.zones[BASES], *(m for m, _ in GAME.minions_in_play(s))]
        for seat in range(4):
            cards = [*s.zones[f"hand:{seat}"], *s.zones[f"discard:{seat}"]]
            for bans, kinds in ((True, cat.play_ban_specs), (False, cat.play_from_specs)):
                for src, spec, reach in limits(GAME, s, kinds, seat, bans=bans):
                    test = spec.play_ban if bans else spec.play_from
                    assert test is not None
                    for card in cards:
                        for dest in places:
                            if test(GAME, s, src, seat, card, dest):
                                held += 1
                                assert reaches(reach, card, dest), (spec.id, card, dest)
                            elif not reaches(reach, card, dest):
                                left_out += 1
    # both sides were seen: rules that held, and cards and places their reach left out
    assert held > 0 and left_out > 0


def test_a_cannot_asked_outside_its_rules_answers_as_they_do() -> None:
    asked = forbids = 0
    for s in STATES:
        cat = GAME.cat(s)
        targets = [*s.zones[BASES], *(m for m, _ in GAME.minions_in_play(s))]
        for src, spec in GAME.protections(s):
            assert spec.protect is not None
            ability = cat.abilities[s.cards[src].defn]
            for action in sorted(spec.protects - {"play", "play_from_discard"}):
                for target in targets:
                    for actor in (-1, 0, 1, 2, 3):
                        vars = _acting_vars(s, target, actor)
                        found = card_permissions(GAME, s, ability, src, action, target, actor, vars)
                        expected = any(not p.allow for p in found)
                        asked += 1
                        forbids += expected
                        assert spec.protect(GAME, s, src, target, action, actor) == expected
    assert asked > 0 and forbids > 0


def test_a_listener_skipped_for_an_event_about_another_card_would_not_have_held() -> None:
    """:func:`heard_about`: a listener whose condition says ``var(<name>) == self`` is not
    asked about an event whose data names another card there; asked, it would not hold."""
    cat = GAME.whole_catalog(GAME.validate_config({})["card_set"])
    asked = 0
    for spec in cat.spec.values():
        ability = spec.ability
        if ability is None:
            continue
        for event in {lis.event for lis in ability.listeners}:
            key = heard_about(ability, event, _ABOUT)
            if key is None:
                continue
            for lis in ability.listeners:
                if lis.event != event or lis.subject != "any" or lis.condition is None:
                    continue
                for s in STATES[::9]:
                    cards = [*s.zones[BASES], *(m for m, _ in GAME.minions_in_play(s))]
                    src = cards[0]
                    for other in (-1, *cards[1:]):
                        data = {key: other, "seat": 0}
                        vars = event_vars(data).with_cards("card", [CardRef(max(other, 0))])
                        ctx = Ctx(GAME, s, ability, CardRef(src), 0, vars)
                        assert not compiled(lis.condition)(ctx), (spec.id, event, other)
                        asked += 1
    assert asked > 0
