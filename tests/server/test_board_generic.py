"""The generic board (GenericBoard.tsx), which draws a game without a board of its own, in
headless Chromium against a real server: Tally, a toy game registered for this module only
(tests/server/tally.py), played through the page by clicking against a random AI. What the
page shows is checked against the server's view of the seat at each decision: the notes, every
zone under its title (the game's ``zone_labels``), the shared zones first and the seat's own
last, the seat's hand as card faces, the hidden zones as backs with their counts, the
decision's options as buttons; an option clicked (a button, or a card's option in its text)
moves the game on as the server says. The traffic passes the hidden-swap check; no console
error."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from cardwright.core.state import known_card

from .conftest import Server
from .pages import MS, Tab, card_id, start, words
from .tally import POINTS, registered
from .traffic import check_traffic


@pytest.fixture(scope="module", autouse=True)
def tally() -> Iterator[Any]:
    with registered() as game:
        yield game


def _check_page(tab: Tab, game: Any, state: Any, seat: int) -> None:
    """The page of ``seat`` shows its view of ``state`` as the generic board draws it."""
    page = tab.page
    view = game.view(state, seat)
    board = page.locator(".generic-board")
    assert board.count() == 1
    left = 6 - len(view.zones["table"])
    assert words(board.locator(".notes")) == f"The table takes {left} more card(s)"
    # the shared zones, then the other seat's, then the seat's own (nearest the decision)
    areas = board.locator(".seat-area")
    assert [words(areas.nth(i).locator("h3")) for i in (1, 2)] == [
        view.names[1 - seat],
        f"{view.names[seat]} (you)",
    ]
    assert "mine" in (areas.nth(2).get_attribute("class") or "")
    titles = board.locator(".zone > h4").all_inner_texts()
    expected = [
        "The table",
        f"{view.names[1 - seat]}'s hand of numbers",
        f"{view.names[1 - seat]}'s face-down deck",
        f"{view.names[seat]}'s hand of numbers",
        f"{view.names[seat]}'s face-down deck",
    ]
    keys = ["table", f"hand:{1 - seat}", f"deck:{1 - seat}", f"hand:{seat}", f"deck:{seat}"]
    assert [" ".join(t.split()) for t in titles] == [
        f"{label} {len(view.zones[key])}" for label, key in zip(expected, keys, strict=True)
    ]
    for label, key in zip(expected, keys, strict=True):
        zone = board.locator(f'section.zone[aria-label="{label}"]')
        ids = view.zones[key]
        visible = [c for c in ids if known_card(view, c) is not None]
        shown = zone.locator(".card:not(.back)")
        # visible cards one by one, in zone order, with their face's name and points
        assert [card_id(shown.nth(i)) for i in range(shown.count())] == visible, key
        for i, cid in enumerate(visible):
            defn = view.cards[cid].defn
            card = shown.nth(i)
            assert words(card.locator(".card-name")) == defn.capitalize()
            assert words(card.locator(".card-numbers")) == f"points {POINTS[defn]}"
        # on the table the seats share, each card says whose it is; in a seat's zone none
        tags = zone.locator(".owner-tag").all_inner_texts()
        owners = [view.names[view.cards[c].owner] for c in visible]
        assert tags == (owners if key == "table" else []), key
        backs = zone.locator(".card.back")
        hidden = len(ids) - len(visible)
        if hidden:  # a run of hidden cards: one back with its count
            assert backs.count() == 1 and words(backs) == (f"×{hidden}" if hidden > 1 else "?")
            assert backs.get_attribute("aria-label") == f"{hidden} hidden card" + "s" * (hidden > 1)
        else:
            assert backs.count() == 0
    # what the seat sees: its own hand and the table; never the other's hand or a deck
    assert not visible_in(view, f"hand:{1 - seat}") and visible_in(view, f"hand:{seat}")
    buttons = page.locator(".decision.mine button.option")
    assert state.decision is not None and state.decision.seat == seat
    assert buttons.all_inner_texts() == [o.label for o in state.decision.options]


def _mine_on_table(state: Any) -> list[int]:
    return [c for c in state.zones["table"] if state.cards[c].owner == 0]


def visible_in(view: Any, zone: str) -> bool:
    return all(known_card(view, c) is not None for c in view.zones[zone])


def test_a_game_without_a_board_is_drawn_by_the_generic_board(
    browser: Any, live: Server, tally: Any
) -> None:
    """Ann plays Tally against a random AI by clicking until the game-over summary; at each of
    her decisions the page shows her view as the server has it, and what she clicked is what
    the game did."""
    tab = Tab(browser)
    game_id = start(
        tab,
        live,
        "tally",
        seed=4,
        seats=[{"kind": "me", "name": "Ann"}, {"kind": "ai", "agent": "random", "name": "Kit"}],
    )
    page = tab.page
    page.wait_for_selector(".generic-board", timeout=MS)
    rng = random.Random(5)
    decisions = by_card = 0
    while tab.ready():
        session = tab.session(live, game_id)
        state = session.state
        _check_page(tab, tally, state, 0)
        mine = _mine_on_table(state)
        hand = list(state.zones["hand:0"])
        seq = tab.seq()
        played, label = None, ""
        cards = page.locator(".seat-area.mine .card.pickable")
        if cards.count() and (rng.random() < 0.5 or not by_card):
            # a card of the hand: its text shows the option about it, which plays it
            card = cards.nth(rng.randrange(cards.count()))
            played = card_id(card)
            card.click()
            option = page.locator(".card-tip .tip-options button")
            option.first.wait_for(timeout=MS)
            assert option.all_inner_texts() == [f"Play {tally.card_name(state, played)}"]
            option.first.click()
            by_card += 1
        else:
            buttons = page.locator(".decision.mine button.option")
            pick = rng.randrange(buttons.count())
            label = buttons.nth(pick).inner_text()
            played = next(
                (o.card for o in state.decision.options if o.label == label and o.card), None
            )
            buttons.nth(pick).click()
        tab.moved(seq)
        decisions += 1
        # the server took the move clicked: the card played is on the table, or Ann drew
        # (the AI may have moved since)
        after = live.hub.sessions[game_id].state
        moved = [e for e in after.log if e.seat == 0 and e.kind in ("play", "draw")]
        if label == "Pass":  # neither a card to play nor one to draw
            assert _mine_on_table(after) == mine
        elif played is not None:
            assert played in after.zones["table"] and played not in after.zones["hand:0"]
            assert moved[-1].kind == "play" and moved[-1].card == played
        else:
            assert _mine_on_table(after) == mine and moved[-1].kind == "draw"
            assert set(hand) < set(after.zones["hand:0"])
        page.mouse.move(0, 0)
    over = page.locator(".game-over")
    over.wait_for(timeout=MS)
    result = live.hub.sessions[game_id].state.result
    assert result is not None and result.reason in words(over)
    assert "points" in words(over)
    assert decisions >= 3 and by_card >= 1
    assert check_traffic(live.db, game_id, tab.received) > 0
    tab.close()
