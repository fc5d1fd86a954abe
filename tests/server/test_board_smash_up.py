"""Smash Up's board in headless Chromium: a whole game played through the page by clicking
(the decision panel's buttons and the cards' own option buttons) against random AIs, to
the game-over summary; the board reads as the server's state (bases, totals, minions'
power, VP, piles, whose decision, the plays left); the replay viewer draws it too; a card's
whole text on hover and on keyboard focus; what the player's and a spectator's pages were
sent passes the hidden-swap check; no console error."""

from __future__ import annotations

import random
from typing import Any

from cardwright.games import get_game
from cardwright.games.smash_up.present import plays_left

from .conftest import Server
from .pages import MS, Tab, start_watched, watched_to_the_end, words
from .traffic import check_traffic

GAME: Any = get_game("smash-up")


def _shown(tab: Tab) -> tuple[dict[str, Any], dict[str, Any]]:
    """The frame the page shows now (the last view it was sent) and every card face it was
    sent (a face comes once per connection)."""
    views = [m for m in tab.received if m.get("type") == "view"]
    assert str(views[-1]["seq"]) == tab.seq()
    faces: dict[str, Any] = {}
    for view in views:
        faces.update(view["frame"]["faces"])
    return dict(views[-1]["frame"]), faces


def _check_board(tab: Tab, state: Any) -> None:
    """The board shows what the server's state holds: a column per base in play with its
    total power and breakpoint, each minion there with its power now, the actions on it;
    each player's VP and hand, deck and discard counts, the viewer's (seat 0) hand face up;
    whose decision it is; the plays left in the viewer's Play Cards phase."""
    page = tab.page
    columns = page.locator(".su-base")
    assert [columns.nth(i).get_attribute("data-base") for i in range(columns.count())] == [
        str(b) for b in state.zones["bases"]
    ]
    for i, bid in enumerate(state.zones["bases"]):
        column = columns.nth(i)
        total = f"{GAME.total_power(state, bid)} / {GAME.breakpoint(state, bid)} power"
        assert words(column.locator(".su-total")).startswith(total)
        minions = GAME.minions_at(state, bid)
        assert column.locator(".su-minion > .card").count() == len(minions)
        for cid in minions:
            tile = column.locator(f".su-minion > [data-card='{cid}']")
            assert f"power {GAME.power(state, cid)}" in words(tile)
        on_base = [a for a, host in state.attached.items() if host == bid]
        assert column.locator(".su-on-base .card").count() == len(on_base)
    for seat in range(len(state.names)):
        panel = page.locator(f".su-seat.su-seat-{seat}")
        counts = " · ".join(
            f"{zone} {len(state.zones[f'{zone}:{seat}'])}" for zone in ("hand", "deck", "discard")
        )
        assert words(panel.locator(".su-counts")) == counts
        assert words(panel.locator(".su-vp")) == f"{state.vp[seat]} VP"
    mine = page.locator(".su-seat.mine")
    assert mine.locator(".su-hand .card:not(.back)").count() == len(state.zones["hand:0"])
    deciding = page.locator(".seats .seat.deciding .seat-name").all_inner_texts()
    if state.decision is None:
        assert deciding == []
        return
    assert deciding == [f"{state.names[state.decision.seat]} (you)"]
    plays = page.locator(".su-plays")
    if state.phase == "play" and state.active == 0:
        left = plays_left(GAME, state)
        assert words(plays) == f"Plays left: {', '.join(left) if left else 'none'}"
    else:
        assert plays.count() == 0


def _tip_shows_text(tab: Tab, tile: Any) -> None:
    """The tip now shown (on hover or focus) holds the whole text of the card ``tile``."""
    frame, faces = _shown(tab)
    face = faces[frame["cards"][tile.get_attribute("data-card")]["defn"]]
    tip = tab.page.locator(".card-tip")
    tip.wait_for(timeout=MS)
    assert face["text"] in tip.inner_text()


def test_smash_up_is_played_to_the_end_on_its_board(browser: Any, live: Server) -> None:
    seats = [{"kind": "me", "name": "Ann"}] + [{"kind": "ai", "agent": "random"}] * 2
    tab, spectator, game_id = start_watched(
        browser, live, "smash-up", ".su-board .su-base", seed=11, seats=seats
    )
    page = tab.page
    rng = random.Random(11)
    hovered = focused = False
    decisions = 0
    while decisions < 1000:
        if not tab.ready():
            break
        if decisions % 40 == 0:
            _check_board(tab, live.hub.sessions[game_id].state)
        minions = page.locator(".su-minion > .card")
        if not hovered and minions.count():
            minions.first.hover()
            _tip_shows_text(tab, minions.first)
            page.mouse.move(0, 0)
            hovered = True
        elif hovered and not focused and minions.count() > 1:
            minions.last.focus()
            _tip_shows_text(tab, minions.last)
            page.keyboard.press("Escape")
            focused = True
        tab.choose(rng, ".su-board")
        decisions += 1
    assert hovered and focused
    state = live.hub.sessions[game_id].state
    _check_board(tab, state)
    rows = page.locator(".game-over tbody tr")
    assert state.result.winners and max(state.vp) >= state.config["vp_to_win"]
    for seat, name in enumerate(state.names):
        star = " ★" if seat in state.result.winners else ""
        assert rows.nth(seat).locator("td").all_inner_texts() == [
            f"{name}{star}",
            str(state.vp[seat]),
        ]
    assert check_traffic(live.db, game_id, tab.received, every=25) > 0
    # the replay viewer draws the same board, as seat 1 saw the game some moves in
    page.goto(f"{live.url}/replay/game/{game_id}?seat=1&step={decisions}")
    page.wait_for_selector(f"main.replay[data-step='{decisions}'] .su-board .su-base", timeout=MS)
    assert page.locator(".su-seat.mine h3").inner_text() == f"{state.names[1]} (you)"
    watched_to_the_end(live, game_id, spectator, every=60)
    assert spectator.page.locator(".su-board .su-seat.mine").count() == 0
    spectator.close()
    tab.close()
