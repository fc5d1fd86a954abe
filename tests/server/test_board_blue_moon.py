"""Blue Moon's board in headless Chromium, against a real server: a whole game played
through the page by clicking (cards on the board and the buttons of the decision panel)
against a random AI while a spectator watches; what the board shows is checked against the
server's state along the way; each seat's and the spectator's traffic is checked by hidden
swaps; no console error."""

from __future__ import annotations

import random
import re
from typing import Any, cast

from cardwright.games import get_game
from cardwright.games.blue_moon.game import BlueMoon
from cardwright.games.blue_moon.state import BMState

from .conftest import Server
from .pages import MS, Tab, card_id, start_watched, watched_to_the_end
from .traffic import check_traffic

GAME = cast(BlueMoon, get_game("blue-moon"))


def _number(text: str) -> int:
    found = re.search(r"\d+", text)
    assert found, text
    return int(found.group())


def _check_board(tab: Tab, state: BMState, seat: int) -> None:
    """The board of ``seat``'s page shows what the state holds: each side's power (or both
    totals before the element is chosen), covered cards and hand, where the dragons stand,
    the contested element."""
    page = tab.page
    element = state.element
    for p, side, hand_label in (
        (seat, page.locator(".bm-side.mine"), "Your hand"),
        (1 - seat, page.locator(".bm-side:not(.mine)"), "Hand"),
    ):
        if element:
            shown = side.locator(".bm-power .big").inner_text()
            assert int(shown) == GAME.total_power(state, p), (p, shown)
        else:
            fire = side.locator(".bm-power .bm-c-fire").inner_text()
            assert _number(fire) == GAME.total_power(state, p, "fire"), (p, fire)
        covered = [c for c in state.zones[f"combat:{p}"] if c in state.covered]
        assert side.locator(".bm-combat .bm-pile .card").count() == len(covered)
        hand = side.locator(f"section.zone[aria-label='{hand_label}'] .count").inner_text()
        assert _number(hand) == len(state.zones[f"hand:{p}"])
    for label, count in (
        (f"{state.names[seat]}'s side", state.dragons[seat]),
        (f"{state.names[1 - seat]}'s side", state.dragons[1 - seat]),
        ("neutral middle", 3 - sum(state.dragons)),
    ):
        spot = page.locator(f'.bm-spot[aria-label^="{label}"]')
        assert spot.locator("svg.bm-dragon").count() == count, label
    if element:
        assert page.locator(".bm-fight .bm-element").inner_text() == element


def test_blue_moon_is_played_to_the_end_by_clicking(browser: Any, live: Server) -> None:
    """Ann (Buka: bluffs and ships) against a random AI (Khind), with a spectator: every
    decision of hers is clicked on the page, on a card of the board or on the decision
    panel, until the game-over summary; cards show their whole text on hover and keyboard
    focus; the board shows each side's power, covered cards, hand and the dragons as the
    server's state has them."""
    tab, watcher, game_id = start_watched(
        browser,
        live,
        "blue-moon",
        ".bm-board",
        seed=11,
        seats=[
            {"kind": "me", "name": "Ann", "choice": "Buka"},
            {"kind": "ai", "agent": "random", "name": "Kit", "choice": "Khind"},
        ],
    )
    page = tab.page
    rng = random.Random(11)
    hovered = focused = False
    checked = 0
    for decisions in range(400):
        if not tab.ready():
            break
        # Ann's decision is pending: the game waits for her, the page shows its last view
        session = tab.session(live, game_id)
        state = cast(BMState, session.state)
        if decisions % 4 == 0:
            _check_board(tab, state, 0)
            checked += 1
        hand = page.locator(".bm-side.mine section.zone .card:not(.back)")
        if not hovered and hand.count():
            card = hand.first
            words = tab.tip(card)
            printed = GAME.defs[state.cards[card_id(card)].defn]
            assert printed.name in words and f"no. {printed.id}" in words
            assert (printed.text or "(no text)") in words  # the whole text
            hovered = True
            page.mouse.move(0, 0)
        elif hovered and not focused:
            leader = page.locator(".bm-side.mine .bm-leader .card")
            leader.focus()
            assert "leader" in page.locator(".card-tip").inner_text()
            leader.blur()
            focused = True
        if not tab.choose(rng, ".bm-board"):
            break
    page.wait_for_selector(".game-over", timeout=MS)
    over = page.locator(".game-over").inner_text()
    assert "Game over" in over and "crystals" in over
    result = live.hub.sessions[game_id].state.result
    assert result is not None and hovered and focused and checked >= 5
    assert check_traffic(live.db, game_id, tab.received, every=5) > 0
    watched_to_the_end(live, game_id, watcher, every=9)
    watcher.close()
    tab.close()
