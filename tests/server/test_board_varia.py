"""Varia's board in headless Chromium, against a real server: a whole game played through the
page by clicking (cards of the hand and items on the board, and the buttons of the decision
panel) against a random AI while a spectator watches on a phone-sized page; what the board
shows is checked against the server's state along the way (health, action points, the
timeline's moments, the distance, every die of the last clashes and the try kept as each roll
event's data has them, the totals); each seat's and the spectator's traffic is checked by
hidden swaps; no console error."""

from __future__ import annotations

import random
from typing import Any, cast

from cardwright.games import get_game
from cardwright.games.varia.catalogue import _row
from cardwright.games.varia.game import Varia
from cardwright.games.varia.state import VariaState

from .conftest import Server
from .pages import MS, Tab, card_id, start_watched, watched_to_the_end
from .traffic import check_traffic

GAME = cast(Varia, get_game("varia"))


def _last_clashes(state: VariaState) -> dict[int, dict[int, list[Any]]]:
    """From the server's log: moment -> seat -> the data of its rolls of power and focus (in
    order) and its total power, of the last turn whose moments resolved."""
    log = state.log
    last = max((i for i, e in enumerate(log) if e.kind == "moment"), default=-1)
    if last < 0:
        return {}
    turn = log[last].turn
    out: dict[int, dict[int, list[Any]]] = {}
    moment = 0
    for e in log:
        if e.turn != turn:
            continue
        if e.kind == "moment":
            moment += 1
            out[moment] = {0: [[], None], 1: [[], None]}
        elif moment and e.kind == "roll" and e.data.get("roll") in ("power", "focus"):
            out[moment][e.seat][0].append(e.data)
        elif moment and e.kind == "totals":
            out[moment][e.seat][1] = e.data["power"]
        elif e.kind in ("cleanup", "end_turn"):
            break
    return out


#: what the page shows of each roll of a clash's side, read in one call: what is rolled,
#: each try's faces, the indexes of the tries not struck out, the kinds of die (d6, d4), the
#: marks (improved, impaired, a fixed face)
_SHOWN_ROLLS = """rolls => rolls.map(r => {
  const tries = [...r.querySelectorAll('.va-try')];
  return {
    roll: r.dataset.what,
    tries: tries.map(t => [...t.querySelectorAll('.va-die')].map(d => Number(d.innerText))),
    kept: tries.flatMap((t, i) => t.classList.contains('dropped') ? [] : [i]),
    dice: [...new Set([...r.querySelectorAll('.va-die')].map(d => d.classList[1]))],
    marks: [...r.querySelectorAll('.va-adv')].map(a => a.innerText),
  };
})"""


def _check_board(tab: Tab, state: VariaState, seat: int) -> tuple[int, int]:
    """The board of ``seat``'s page shows what the state holds: each player's health and
    action points, as many moments as the timeline has, the distance; every roll of the last
    clashes as its log event's data has it (what is rolled, every die face of every try, the
    try kept and no other, the kind of die, improved or impaired, a fixed face), and each
    action's total power. Returns how many rolls were compared, and how many of them were
    improved or impaired (two tries, one struck out)."""
    page = tab.page
    for p, area in ((seat, ".va-player.mine"), (1 - seat, ".va-player:not(.mine)")):
        health = page.locator(f"{area} .va-health .va-meter-value").inner_text()
        ap = page.locator(f"{area} .va-ap .va-meter-value").inner_text()
        assert (int(health), int(ap)) == (state.health[p], state.ap[p]), (p, health, ap)
    assert page.locator(".va-moment").count() == len(state.timeline)
    distance = page.locator(".va-distance").get_attribute("class") or ""
    assert ("disengaged" not in distance) == state.engaged
    compared = twice = 0
    for moment, sides in _last_clashes(state).items():
        for p, (rolled, power) in sides.items():
            clash = page.locator(f".va-clash[data-moment='{moment}']")
            side = clash.locator(f".va-clash-side[data-seat='{p}']")
            if not rolled and power is None:
                continue
            shown = side.locator(".va-roll").evaluate_all(_SHOWN_ROLLS)
            assert len(shown) == len(rolled), (moment, p)
            for roll, data in zip(shown, rolled, strict=True):
                fixed = [f"each die counts {data['fixed']}"] if data["fixed"] is not None else []
                assert roll == {
                    "roll": data["roll"],
                    "tries": data["tries"],
                    "kept": [data["kept"]],
                    "dice": [f"d{data['sides']}"],
                    "marks": [data["advantage"]] * bool(data["advantage"]) + fixed,
                }, (moment, p, roll, data)
                if data["fixed"] is None:
                    assert sum(data["tries"][data["kept"]]) == data["total"]
                compared += 1
                twice += len(data["tries"]) == 2
            if power is not None:
                assert int(side.locator(".va-totals b").first.inner_text()) == power
    return compared, twice


def test_varia_is_played_to_the_end_by_clicking(browser: Any, live: Server) -> None:
    """Ann (Volcanic Warrior) against a random AI (Shadow Assassin), with a spectator: every
    decision of hers is clicked on the page, on a card of the board or on the decision
    panel, until the game-over summary; cards show their whole text on hover and keyboard
    focus; the board shows health, AP, the timeline, the distance and the dice of the clashes
    as the server's state has them."""
    tab, watcher, game_id = start_watched(
        browser,
        live,
        "varia",
        ".va-board",
        seed=15,
        seats=[
            {"kind": "me", "name": "Ann", "choice": "volcanic-warrior"},
            {"kind": "ai", "agent": "random", "name": "Kit", "choice": "shadow-assassin"},
        ],
    )
    page = tab.page
    rng = random.Random(13)
    hovered = focused = False
    checked = dice = clashes = advantaged = 0
    for decisions in range(400):
        if not tab.ready():
            break
        # Ann's decision is pending: the game waits for her, the page shows its last view
        session = tab.session(live, game_id)
        state = cast(VariaState, session.state)
        if decisions % 3 == 0:
            rolls, twice = _check_board(tab, state, 0)
            dice += rolls
            clashes += rolls > 0
            advantaged += twice
            checked += 1
        hand = page.locator(".va-player.mine .va-hand .card:not(.back)")
        if not hovered and hand.count():
            card = hand.first
            words = tab.tip(card)
            printed = GAME.defs[state.cards[card_id(card)].defn]
            assert printed.name in words and _row(printed, "")[6] in words  # the whole text
            hovered = True
            page.mouse.move(0, 0)
        elif hovered and not focused:
            item = page.locator(".va-player.mine .va-items .card").first
            item.focus()
            shown = state.cards[card_id(item)].defn
            assert f"gold {GAME.defs[shown].value}" in page.locator(".card-tip").inner_text()
            item.blur()
            focused = True
        if not tab.choose(rng, ".va-board"):
            break
    page.wait_for_selector(".game-over", timeout=MS)
    over = page.locator(".game-over").inner_text()
    assert "Game over" in over and "health" in over
    result = live.hub.sessions[game_id].state.result
    assert result is not None and hovered and focused and checked >= 5
    # dice of several clashes were compared, an impaired or improved roll's two tries among them
    assert clashes >= 2 and dice >= 8 and advantaged >= 1, (clashes, dice, advantaged)
    assert check_traffic(live.db, game_id, tab.received, every=5) > 0
    watched_to_the_end(live, game_id, watcher, every=9)
    assert watcher.page.locator(".va-clash").count()
    watcher.close()
    tab.close()
