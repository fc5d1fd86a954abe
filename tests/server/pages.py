"""The browser tests' pages of the client (:class:`Tab`), a game started through the lobby's
HTTP endpoint, and a game watched by a spectator on a phone-sized page."""

from __future__ import annotations

import json
import random
from typing import Any

from .conftest import TIMEOUT, Server
from .traffic import check_traffic

MS = int(TIMEOUT * 1000)


class Tab:
    """A page of the client: what it was sent over its WebSocket, its console errors."""

    def __init__(self, browser: Any, width: int = 1280, height: int = 800) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.received: list[dict[str, Any]] = []
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda exc: self.errors.append(f"uncaught: {exc}"))
        self.page.on("websocket", self._socket)

    def _console(self, message: Any) -> None:
        if message.type in ("error", "assert"):
            self.errors.append(f"console: {message.text}")

    def _socket(self, ws: Any) -> None:
        ws.on("framereceived", lambda payload: self.received.append(json.loads(payload)))

    def seq(self) -> str:
        return str(self.page.get_attribute("main.play", "data-seq"))

    def ready(self) -> bool:
        """Wait until this seat has a decision to answer (True) or the game is over (False)."""
        page = self.page
        page.wait_for_selector(
            ".game-over, .decision.mine button.option:not([disabled])", timeout=MS
        )
        return not page.locator(".game-over").count()

    def decide(self, rng: random.Random) -> bool:
        """Click one option of this seat's decision (waiting for it); False once the game is
        over."""
        if not self.ready():
            return False
        page = self.page
        buttons = page.locator(".decision.mine button.option")
        seq = self.seq()
        buttons.nth(rng.randrange(buttons.count())).click()
        self.moved(seq)
        return True

    def choose(self, rng: random.Random, board: str) -> bool:
        """Answer this seat's decision by clicking (waiting for it): half the time a card of
        ``board`` (a selector) that the decision is about, then one of the options in its
        text, else a button of the decision panel. False once the game is over."""
        if not self.ready():
            return False
        page = self.page
        cards = page.locator(f"{board} .card.pickable")
        if not (cards.count() and rng.random() < 0.5):
            return self.decide(rng)
        seq = self.seq()
        cards.nth(rng.randrange(cards.count())).click()
        options = page.locator(".card-tip .tip-options button")
        options.first.wait_for(timeout=MS)
        options.nth(rng.randrange(options.count())).click()
        self.moved(seq)
        page.mouse.move(0, 0)
        return True

    def moved(self, seq: str) -> None:
        """Wait for the view after the one numbered ``seq`` (or the game's end); no error."""
        page = self.page
        page.wait_for_function(
            "seq => document.querySelector('main.play').dataset.seq !== seq"
            " || !!document.querySelector('.game-over, p.error')",
            arg=seq,
            timeout=MS,
        )
        assert not page.locator("p.error").count(), page.inner_text("p.error")

    def session(self, server: Server, game_id: str) -> Any:
        """The game's session on ``server``, once this page shows its last view (as it does
        while the game waits for this seat)."""
        session = server.hub.sessions[game_id]
        assert self.seq() == str(session.seq)
        return session

    def tip(self, card: Any) -> str:
        """The words of the card tip that hovering ``card`` (a locator) shows."""
        card.hover()
        tip = self.page.locator(".card-tip")
        tip.wait_for(timeout=MS)
        return str(tip.inner_text())

    def close(self) -> None:
        self.context.close()
        assert not self.errors, self.errors


def start(tab: Tab, server: Server, game: str, **request: Any) -> str:
    """Create a game through the lobby's HTTP endpoint and open the seat's invite link."""
    created = server.create(game, **request)
    token = next(s["token"] for s in created["seats"] if s["kind"] == "me")
    tab.page.goto(f"{server.url}/play/{created['id']}#token={token}")
    tab.page.wait_for_selector("main.play", timeout=MS)
    assert "#token" not in tab.page.url  # the token leaves the address bar
    return str(created["id"])


def card_id(card: Any) -> int:
    """The id of the card a locator (on a ``.card`` element) points at."""
    return int(card.get_attribute("data-card") or "")


def words(element: Any) -> str:
    """An element's text (a locator's) as one line."""
    return " ".join(str(element.text_content()).split())


def start_watched(
    browser: Any, server: Server, game: str, board: str, **request: Any
) -> tuple[Tab, Tab, str]:
    """Start a game (:func:`start`) and open it for a spectator on a phone-sized page: the
    seat's page, the spectator's and the game's id, once both show ``board`` (a selector)."""
    tab = Tab(browser)
    game_id = start(tab, server, game, **request)
    watcher = Tab(browser, 390, 844)
    watcher.page.goto(f"{server.url}/play/{game_id}?spectate")
    for page in (tab.page, watcher.page):
        page.wait_for_selector(board, timeout=MS)
    return tab, watcher, game_id


def watched_to_the_end(server: Server, game_id: str, watcher: Tab, every: int) -> None:
    """The spectator's page shows the game over and says it is spectating; what it was sent
    passes the hidden-swap check (every ``every``-th view)."""
    watcher.page.wait_for_selector(".game-over", timeout=MS)
    assert watcher.page.locator(".badge", has_text="spectating").count()
    check_traffic(server.db, game_id, watcher.received, every=every)
