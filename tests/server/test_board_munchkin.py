"""Munchkin's board in headless Chromium, against a real server: a whole game played through
the page by clicking (the sale panel's buttons, a card's own option buttons, the decision
panel) against two random AIs while a spectator watches on a phone-sized page, to the
game-over summary; what the board shows (Levels, strengths, hands, the piles, the fight's
totals, a sale's running total, whose answer the window awaits) is checked against the
server's state along the way; a card's whole text on hover and keyboard focus; each page's
traffic passes the hidden-swap check; the replay viewer draws the board as another seat saw
it; no console error."""

from __future__ import annotations

from typing import Any, cast

from cardwright.agents import make_agent
from cardwright.games import get_game
from cardwright.games.munchkin.game import Munchkin
from cardwright.games.munchkin.market import sale_of
from cardwright.games.munchkin.state import MKState
from cardwright.server.ai import agent_seed

from .conftest import Server
from .pages import MS, Tab, card_id, start_watched, watched_to_the_end, words
from .traffic import check_traffic

GAME = cast(Munchkin, get_game("munchkin"))

#: the game's seed: Ann (choosing as the heuristic agent would) reaches Level 10 in about 40
#: of her decisions, selling Items, fighting and being asked to help on the way
SEED = 3


def _check_board(tab: Tab, state: MKState) -> None:
    """The board shows what the server's state holds: each player's Level, strength and hand
    (Door and Treasure backs for the others), the piles, the fight's two totals, the running
    total of Ann's sale, and whose answer the response window awaits."""
    page = tab.page
    view = GAME.view(state, 0)
    for p in range(len(state.names)):
        panel = page.locator(f".mk-player[data-seat='{p}']")
        assert panel.locator(".mk-level b").inner_text() == str(state.level[p])
        assert panel.locator(".mk-strength b").inner_text() == str(GAME.player_strength(state, p))
        doors, treasures = (len(state.zones[f"hand.{d}:{p}"]) for d in ("door", "treasure"))
        assert f"Hand ({doors + treasures})" in words(panel)
        backs = sum(c < 0 for c in view.zones[f"hand.door:{p}"])  # (a card seen is face up)
        if p != 0 and backs:
            assert words(panel.locator(".mk-back.door")) == f"Door ×{backs}"
    for pile in ("door", "treasure"):
        shown = page.locator(f".mk-back.{pile}.deck b").inner_text()
        assert shown == str(len(state.zones[f"{pile}_deck"]))
    fight = page.locator(".mk-combat")
    assert fight.count() == (state.combat is not None)
    if state.combat is not None:
        side = fight.locator(".mk-side.fighters .mk-total").inner_text()
        foes = fight.locator(".mk-side.monsters .mk-total").inner_text()
        assert (int(side), int(foes)) == (GAME.party_strength(state), GAME.monsters_strength(state))
    sale = sale_of(GAME, state, 0)
    assert page.locator(".mk-sale").count() == (sale is not None)
    if sale is not None:
        total = page.locator(".mk-sale-total b").first.inner_text()
        assert total == f"{sale.total:,} Gold Pieces"
    decision = state.decision
    if decision is not None and decision.kind == "respond":
        now = words(page.locator(".mk-window").first)
        assert f"Now: {'you' if decision.seat == 0 else state.names[decision.seat]}" in now


def _click(tab: Tab, option: str, label: str, card: int | None) -> str:
    """Click the option ``option`` on the page: on the sale panel when it is a sale's, in
    the tip of its card when the board shows that card with options, else on the decision
    panel. Which of the three it was."""
    page = tab.page
    seq = tab.seq()
    on_sale = page.locator(f".mk-sale button[data-option='{option}']")
    tile = page.locator(f".mk-board .card.pickable[data-card='{card}']")
    if on_sale.count():
        on_sale.first.click()
        where = "sale"
    elif card is not None and tile.count():
        tile.first.click()
        button = page.locator(".card-tip .tip-options button", has_text=label)
        button.first.wait_for(timeout=MS)
        button.first.click()
        where = "card"
    else:
        page.locator(f".decision.mine button.option[data-option='{option}']").click()
        where = "panel"
    tab.moved(seq)
    page.mouse.move(0, 0)
    return where


def test_munchkin_is_played_to_the_end_on_its_board(browser: Any, live: Server) -> None:
    """Ann against two random AIs: each of her decisions is clicked on the page (the choice
    the heuristic agent would make, so that the game ends by a Level 10 in a few dozen of
    her decisions) until the game-over summary."""
    seats = [{"kind": "me", "name": "Ann"}] + [
        {"kind": "ai", "agent": "random", "name": name} for name in ("Kit", "Lou")
    ]
    tab, watcher, game_id = start_watched(
        browser, live, "munchkin", ".mk-board .mk-player", seed=SEED, seats=seats
    )
    page = tab.page
    hovered = focused = False
    clicked: dict[str, int] = {"sale": 0, "card": 0, "panel": 0}
    seen = {"fight": 0, "sale": 0, "window": 0}
    for _ in range(300):
        if not tab.ready():
            break
        session = tab.session(live, game_id)
        state = cast(MKState, session.state)
        _check_board(tab, state)
        seen["fight"] += state.combat is not None
        seen["sale"] += sale_of(GAME, state, 0) is not None
        seen["window"] += page.locator(".mk-window").count() > 0
        cards = page.locator(".mk-board .card:not(.back):visible")
        if not hovered and cards.count():
            card = cards.first
            shown = tab.tip(card)
            defn = GAME.defn(state, card_id(card))
            assert defn.name in shown and defn.text in shown
            hovered = True
            page.mouse.move(0, 0)
        elif hovered and not focused and cards.count() > 1:
            card = cards.last
            card.focus()
            defn = GAME.defn(state, card_id(card))
            assert defn.text in page.locator(".card-tip").inner_text()
            page.keyboard.press("Escape")
            card.blur()
            focused = True
        decision = state.decision
        assert decision is not None and decision.seat == 0
        agent = make_agent("heuristic", "munchkin", agent_seed(SEED, 0, session.seq))
        choice = agent.choose(GAME, state, 0)
        option = next(o for o in decision.options if o.id == choice)
        clicked[_click(tab, option.id, option.label, option.card)] += 1
    page.wait_for_selector(".game-over", timeout=MS)
    state = cast(MKState, live.hub.sessions[game_id].state)
    result = state.result
    assert result is not None and result.winners  # (Ann, as the game goes now)
    assert all(state.level[w] == 10 for w in result.winners)
    over = words(page.locator(".game-over"))
    assert "Game over" in over and result.reason in over
    assert hovered and focused, (hovered, focused)
    assert all(clicked.values()), clicked
    assert all(seen.values()), seen
    assert check_traffic(live.db, game_id, tab.received, every=5) > 0
    # the replay viewer draws the same board, as Kit saw the game 40 moves in
    page.goto(f"{live.url}/replay/game/{game_id}?seat=1&step=40")
    page.wait_for_selector("main.replay[data-step='40'] .mk-board .mk-player", timeout=MS)
    assert page.locator(".mk-player.mine h3").inner_text() == "Kit (you)"
    watched_to_the_end(live, game_id, watcher, every=9)
    assert watcher.page.locator(".mk-board .mk-hand").count() == 0
    watcher.close()
    tab.close()
