"""The screenshots of the browser client in docs/screenshots/ (shown in the README):
the lobby, and each game's board a few decisions into a game against random AIs, at
1280x800 (``GAME.png``) and at a phone's 390 px (``GAME-phone.png``).

    .venv/bin/python tools/screenshots.py [OUT_DIR] [--game GAME ...]

``--game`` (repeatable) remakes only those games' pictures (and not the lobby's). Runs a
server on a temporary database (a loopback port) and Chromium through Playwright.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx
import uvicorn

from cardwright.chromium import chromium
from cardwright.server.app import create_app
from cardwright.server.cli import _bind

GAMES = {
    "bizarre-world": (2, 12),
    "blue-moon": (2, 14),
    "smash-up": (3, 40),
    "varia": (2, 12),
    "munchkin": (3, 44),
}

#: the middle of the first card wholly in the window at the top of the page: one the
#: decision is about, else any face up (None: none)
IN_SIGHT = """() => {
    const inside = (e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.bottom <= window.innerHeight;
    };
    const cards = [...document.querySelectorAll('.card.pickable, .card:not(.back)')];
    const card = cards.find((e) => e.classList.contains('pickable') && inside(e))
        ?? cards.find(inside);
    if (!card) return null;
    const r = card.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2];
}"""

#: on a phone, the page scrolled to the board's top (just under the seats bar, which stays)
SHOW_BOARD = """window.scrollTo(0, document.querySelector('.main-col').lastElementChild
    .getBoundingClientRect().top + window.scrollY
    - document.querySelector('.seats').offsetHeight - 8)"""


def main(out: Path, games: list[str]) -> int:
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        app = create_app(Path(tmp) / "shots.db", rate=1000)
        sock = _bind("127.0.0.1", 0)
        url = f"http://127.0.0.1:{sock.getsockname()[1]}"
        server = uvicorn.Server(uvicorn.Config(app, ws="websockets-sansio", log_level="warning"))
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]})
        thread.start()
        while not server.started:
            time.sleep(0.05)
        try:
            with chromium() as browser:
                page = browser.new_page(viewport={"width": 1280, "height": 800})
                if not games:
                    page.goto(url + "/")
                    page.wait_for_selector("form.new-game")
                    page.screenshot(path=str(out / "lobby.png"))
                for game in games or GAMES:
                    players, decisions = GAMES[game]
                    seats = [{"kind": "me", "name": "Ann"}] + [
                        {"kind": "ai", "agent": "random"} for _ in range(players - 1)
                    ]
                    body = {"game": game, "seed": 21, "seats": seats}
                    made = httpx.post(url + "/api/games", json=body, timeout=60).json()
                    token = made["seats"][0]["token"]
                    page.goto(f"{url}/play/{made['id']}#token={token}")
                    rng = random.Random(game)
                    for _ in range(decisions):
                        page.wait_for_selector(
                            ".game-over, .decision.mine button.option:not([disabled])",
                            timeout=60000,
                        )
                        if page.locator(".game-over").count():
                            break
                        buttons = page.locator(".decision.mine button.option")
                        seq = page.get_attribute("main.play", "data-seq")
                        buttons.nth(rng.randrange(buttons.count())).click()
                        page.wait_for_function(
                            "s => document.querySelector('main.play').dataset.seq !== s", arg=seq
                        )
                    page.wait_for_selector(".decision.mine button.option:not([disabled])")
                    spot = page.evaluate(IN_SIGHT)
                    if spot:  # a card's whole text, as on hover (the page not scrolled)
                        page.mouse.move(*spot)
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(out / f"{game}.png"))
                    page.set_viewport_size({"width": 390, "height": 844})
                    page.mouse.move(0, 0)
                    page.evaluate(SHOW_BOARD)
                    page.wait_for_timeout(300)
                    page.screenshot(path=str(out / f"{game}-phone.png"))
                    page.set_viewport_size({"width": 1280, "height": 800})
                    page.evaluate("window.scrollTo(0, 0)")
        finally:
            server.should_exit = True
            thread.join(30)
    print(f"screenshots written to {out}")
    return 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", nargs="?", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--game", action="append", choices=sorted(GAMES), default=[])
    args = parser.parse_args()
    sys.exit(main(args.out, args.game))
