"""The browser client in headless Chromium (Playwright, Debian's chromium), against a real
server: games played through the page by clicking, two browsers playing each other, a
reload and a server killed with ``kill -9`` resumed, what each page was sent checked by
hidden swaps, no console error on any page."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

from cardwright.core.state import state_hash
from cardwright.server.sessions import replay_stored
from cardwright.server.storage import SqliteStorage

from .conftest import TIMEOUT, Server
from .pages import MS, Tab
from .traffic import check_traffic


def test_bizarre_world_is_played_to_the_end_by_clicking(browser: Any, live: Server) -> None:
    """The lobby's form starts the game; every decision is clicked on the page; each card's
    whole text shows on hover and on keyboard focus; the game-over summary offers a replay
    whose steps go back and forth."""
    tab = Tab(browser)
    page = tab.page
    page.goto(live.url + "/")
    page.wait_for_selector("form.new-game", timeout=MS)
    page.select_option("select[name=game]", "bizarre-world")
    page.select_option("select[name=kind-1]", "ai:random")
    page.fill("input[name=name-0]", "Ann")
    page.click("button[type=submit]")
    page.wait_for_selector(".bw-board", timeout=MS)
    game_id = page.url.rsplit("/", 1)[-1]
    rng = random.Random(3)
    hovered = focused = False
    for _ in range(400):
        cards = page.locator(".bw-side.mine .card:not(.back):visible")
        if not hovered and cards.count():
            assert "Action:" in tab.tip(cards.first)  # the whole text, not the name only
            hovered = True
        elif hovered and not focused and cards.count():
            cards.last.focus()
            assert "Action:" in page.locator(".card-tip").inner_text()
            focused = True
        if not tab.decide(rng):
            break
    over = page.locator(".game-over")
    assert over.count() and "Game over" in over.inner_text()
    assert hovered and focused
    stored = SqliteStorage(live.db)
    try:
        record = stored.load_game(game_id)
    finally:
        stored.close()
    assert record is not None and record.result is not None
    assert check_traffic(live.db, game_id, tab.received, every=4) > 0
    # the summary has the focus; a card's tip, with nothing to click in it now, lets a click
    # through to what lies under it (the replay link, say)
    assert page.evaluate("document.activeElement.classList.contains('game-over')")
    tab.tip(page.locator(".bw-board .card:not(.back):visible").first)
    assert page.locator(".card-tip").evaluate("e => getComputedStyle(e).pointerEvents") == "none"
    page.click("text=Watch the replay")
    page.wait_for_selector("main.replay", timeout=MS)
    steps = len(record.moves)
    assert page.get_attribute("main.replay", "data-step") == "0"
    stepper = {
        label: page.locator(f"nav.stepper button[aria-label='{label}']")
        for label in ("first step", "step back", "step forward", "last step")
    }
    for button in stepper.values():  # drawn icons, not glyphs a font may lack
        box = button.locator("svg path").bounding_box()
        assert box is not None and box["width"] > 4 and box["height"] > 4
    assert [b.is_disabled() for b in stepper.values()] == [True, True, False, False]
    page.click("button[aria-label='last step']")
    page.wait_for_selector(f"main.replay[data-step='{steps}']", timeout=MS)
    assert [b.is_disabled() for b in stepper.values()] == [False, False, True, True]
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"main.replay[data-step='{steps - 1}']", timeout=MS)
    tab.close()


def test_two_browsers_play_blue_moon_and_a_reload_resumes(browser: Any, live: Server) -> None:
    """Ann starts a game in the lobby with seat 2 invited; Bob opens the invite link in his
    own browser (a phone-sized one); each plays from there until the game ends; Ann's page
    is reloaded mid-game and carries on from the same view."""
    ann, bob = Tab(browser), Tab(browser, 390, 844)
    page = ann.page
    page.goto(live.url + "/")
    page.wait_for_selector("form.new-game", timeout=MS)
    page.select_option("select[name=game]", "blue-moon")
    page.fill("input[name=name-0]", "Ann")
    page.select_option("select[name=kind-1]", "invite")
    page.fill("input[name=name-1]", "Bob")
    page.select_option("select[name=choice-0]", "Hoax")
    page.click("button[type=submit]")
    link = page.locator(".created input[aria-label='invite link']")
    link.wait_for(timeout=MS)
    invite = link.input_value()
    assert "/play/" in invite and "#token=" in invite
    page.click("text=Go to my seat")
    page.wait_for_selector("main.play", timeout=MS)
    game_id = page.url.rsplit("/", 1)[-1]
    bob.page.goto(invite)
    bob.page.wait_for_selector("main.play", timeout=MS)
    assert live.hub.sessions[game_id].state.config["peoples"][0] == "Hoax"
    tabs = [ann, bob]
    rng = random.Random(8)
    reloaded = False
    for step in range(600):
        session = live.hub.sessions[game_id]
        if session.over:
            break
        seat = session.state.decision.seat
        tab = tabs[seat]
        tab.page.wait_for_function(
            "seq => document.querySelector('main.play').dataset.seq === seq",
            arg=str(session.seq),
            timeout=MS,
        )
        if step == 20 and not reloaded:
            before = tab.seq()
            tab.page.reload()
            tab.page.wait_for_selector(".decision.mine", timeout=MS)
            assert tab.seq() == before
            reloaded = True
        tab.decide(rng)
    assert live.hub.sessions[game_id].over and reloaded
    for tab in tabs:
        tab.page.wait_for_selector(".game-over", timeout=MS)
    check_traffic(live.db, game_id, tabs[1].received, every=6)
    for tab in tabs:
        tab.close()


def _serve(db: Path, port: int = 0) -> tuple[subprocess.Popen[str], int]:
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardwright.cli", "serve", "--db", str(db), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert "lobby: http://127.0.0.1:" in line, line + (proc.stderr.read() if proc.stderr else "")
    return proc, int(line.rsplit(":", 1)[1].strip("/\n"))


def test_a_server_killed_mid_game_resumes_to_the_same_hash(browser: Any, tmp_path: Path) -> None:
    """``cardwright serve`` in its own process is killed with SIGKILL mid-game and started
    again on the same database: it replays the game to its last recorded hash, and the page
    reconnects by itself and plays on."""
    db = tmp_path / "cardwright.db"
    proc, port = _serve(db)
    tab = Tab(browser)
    try:
        import httpx

        body = {
            "game": "bizarre-world",
            "seed": 4,
            "seats": [{"kind": "me"}, {"kind": "ai", "agent": "random"}],
        }
        created = httpx.post(
            f"http://127.0.0.1:{port}/api/games", json=body, timeout=TIMEOUT
        ).json()
        tab.page.goto(
            f"http://127.0.0.1:{port}/play/{created['id']}#token={created['seats'][0]['token']}"
        )
        rng = random.Random(4)
        for _ in range(8):
            assert tab.decide(rng)
        tab.page.wait_for_selector(".decision.mine button.option:not([disabled])", timeout=MS)
        seq = tab.seq()
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait(TIMEOUT)
        tab.page.wait_for_selector(".status.reconnecting", timeout=MS)
        con = sqlite3.connect(db)
        last = con.execute(
            "SELECT seq, hash FROM moves WHERE game = ? ORDER BY seq DESC", (created["id"],)
        ).fetchone()
        con.close()
        assert last[0] + 1 == int(seq)
        proc, _ = _serve(db, port)
        tab.page.wait_for_selector(".status.open", timeout=MS)
        assert tab.seq() == seq
        storage = SqliteStorage(db)
        stored = storage.load_game(created["id"])
        storage.close()
        assert stored is not None and stored.broken is None
        state, problem = replay_stored(stored)
        assert problem is None and state_hash(state) == last[1]
        assert tab.decide(rng)  # and the game goes on
        listed = httpx.get(
            f"http://127.0.0.1:{port}/api/games/{created['id']}", timeout=TIMEOUT
        ).json()
        assert (listed["broken"] is None and listed["moves"] == int(seq) + 1) or listed[
            "moves"
        ] > int(seq)
    finally:
        proc.kill()
        proc.wait(TIMEOUT)
        # while the server was down, Chromium logged each refused reconnection attempt
        tab.errors = [e for e in tab.errors if "ERR_CONNECTION_REFUSED" not in e]
        tab.close()
