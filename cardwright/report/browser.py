"""Open a report in headless Chromium as a person would, and say what they would see.

Speaks the Chrome DevTools Protocol over ``--remote-debugging-pipe`` (file descriptors 3 and 4
of the browser, NUL-separated JSON), so it needs nothing but Debian's ``chromium``: loads the
page, waits for every chart (``.chart[data-chart]``) to be drawn, records console errors,
uncaught exceptions and any request that is not for the file itself, and takes a full-page
screenshot.

    python -m cardwright.report.browser report.html shot.png [HEIGHT]
"""

from __future__ import annotations

import base64
import contextlib
import fcntl
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardwright.core.errors import ConfigError

#: What the page reports of each chart: drawn (an SVG exists), traces, drawn marks and the
#: text labels drawn on its points.
CHART_PROBE = """JSON.stringify(Array.from(document.querySelectorAll('.chart[data-chart]')).map(
  c => { const gd = c.querySelector('.js-plotly-plot');
    return {id: c.dataset.chart, drawn: !!c.querySelector('svg.main-svg'),
            traces: gd && gd.data ? gd.data.length : 0,
            marks: c.querySelectorAll('.trace, .hm, image').length,
            labels: Array.from(c.querySelectorAll('.textpoint text'))
              .filter(t => t.textContent.trim()).length,
            width: c.getBoundingClientRect().width,
            height: c.getBoundingClientRect().height}; }))"""


#: How wide the page is (more than the window: it scrolls sideways), and which of its
#: elements scroll sideways inside it (a table wider than its box).
LAYOUT_PROBE = """JSON.stringify({width: document.documentElement.scrollWidth,
  scrollers: Array.from(document.querySelectorAll('body *')).filter(e => {
      const s = getComputedStyle(e);
      return (s.overflowX === 'auto' || s.overflowX === 'scroll')
        && e.scrollWidth > e.clientWidth + 1; })
    .map(e => { const t = e.closest('[data-table]');
      return e.tagName.toLowerCase() + (t ? '[' + t.dataset.table + ']' : ''); })})"""


@dataclass
class Seen:
    """What the browser saw: each chart's state, console errors, outside requests, the page's
    width at the window's width (``width``; wider means a sideways scroll) and the elements
    that scroll sideways inside it (``scrollers``)."""

    charts: list[dict[str, Any]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    title: str = ""
    screenshot: bytes = b""
    width: int = 0
    scrollers: list[str] = field(default_factory=list)


def find_chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise ConfigError(
        "no Chromium found: `apt-get install chromium` (`make test` installs it when missing)"
    )


class Browser:
    """One headless Chromium; :meth:`look` opens a page in it."""

    def __init__(self, chromium: str | None = None, width: int = 1280, height: int = 900) -> None:
        self.width, self.height = width, height
        self._profile = tempfile.TemporaryDirectory(prefix="cardwright-chromium-")
        # the child's ends are moved above fd 10 first, so that placing them at 3 and 4
        # cannot overwrite one with the other
        to_child_r, self._to_child = map(_high, os.pipe())
        self._from_child, from_child_w = map(_high, os.pipe())

        def place_pipes() -> None:  # in the child: the pipe ends become its fds 3 and 4
            os.dup2(to_child_r, 3)
            os.dup2(from_child_w, 4)

        self.proc = subprocess.Popen(
            [
                chromium or find_chromium(),
                "--headless",
                "--remote-debugging-pipe",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--no-default-browser-check",
                "--hide-scrollbars",
                "--mute-audio",
                f"--user-data-dir={self._profile.name}",
                f"--window-size={width},{height}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=place_pipes,
            close_fds=False,
        )
        os.close(to_child_r)
        os.close(from_child_w)
        self._buffer = b""
        self._next_id = 0
        self._events: list[dict[str, Any]] = []

    # -- the protocol
    def _send(self, method: str, params: dict[str, Any] | None = None, session: str = "") -> int:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_child, json.dumps(message).encode() + b"\0")
        return self._next_id

    def _receive(self, deadline: float) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                raise TimeoutError("Chromium did not answer in time")
            chunk = os.read(self._from_child, 1 << 20)
            if not chunk:
                raise RuntimeError("Chromium closed the DevTools pipe")
            self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        return dict(json.loads(raw))

    def call(
        self,
        method: str,
        params: dict[str, Any] | None = None,
        session: str = "",
        timeout: float = 60.0,
    ) -> dict[str, Any]:
        """Send a command and return its result (events that arrive meanwhile are kept)."""
        wanted = self._send(method, params, session)
        deadline = time.monotonic() + timeout
        while True:
            message = self._receive(deadline)
            if message.get("id") == wanted:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return dict(message.get("result", {}))
            if "method" in message:
                self._events.append(message)

    def wait_event(self, method: str, timeout: float = 60.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        for i, event in enumerate(self._events):
            if event["method"] == method:
                return self._events.pop(i)
        while True:
            message = self._receive(deadline)
            if message.get("method") == method:
                return message
            if "method" in message:
                self._events.append(message)

    # -- looking at a page
    def look(self, page: Path, timeout: float = 60.0, height: int | None = None) -> Seen:
        """Open ``page``, wait for its charts, and report what was seen; the screenshot is
        the whole page, or its top ``height`` pixels."""
        url = page.resolve().as_uri()
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})[
            "sessionId"
        ]
        for domain in ("Page", "Runtime", "Log", "Network"):
            self.call(f"{domain}.enable", session=session)
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {"width": self.width, "height": self.height, "deviceScaleFactor": 1, "mobile": False},
            session=session,
        )
        self.call("Page.navigate", {"url": url}, session=session)
        self.wait_event("Page.loadEventFired", timeout)
        seen = Seen()
        deadline = time.monotonic() + timeout
        while True:
            result = self.call(
                "Runtime.evaluate", {"expression": CHART_PROBE, "returnByValue": True}, session
            )
            seen.charts = json.loads(result["result"]["value"])
            if all(c["drawn"] for c in seen.charts) or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        seen.title = self.call(
            "Runtime.evaluate", {"expression": "document.title", "returnByValue": True}, session
        )["result"]["value"]
        layout = json.loads(
            self.call(
                "Runtime.evaluate", {"expression": LAYOUT_PROBE, "returnByValue": True}, session
            )["result"]["value"]
        )
        seen.width, seen.scrollers = int(layout["width"]), list(layout["scrollers"])
        size = self.call("Page.getLayoutMetrics", session=session)["cssContentSize"]
        self.call(
            "Emulation.setDeviceMetricsOverride",
            {
                "width": self.width,
                "height": min(int(size["height"]), height or int(size["height"])),
                "deviceScaleFactor": 1,
                "mobile": False,
            },
            session=session,
        )
        time.sleep(0.3)  # let responsive charts settle at the new size
        shot = self.call("Page.captureScreenshot", {"format": "png"}, session, timeout)
        seen.screenshot = base64.b64decode(shot["data"])
        for event in self._events:
            seen.errors += _error(event)
            if event["method"] == "Network.requestWillBeSent":
                requested = event["params"]["request"]["url"]
                if requested != url and not requested.startswith(("data:", "blob:", "about:")):
                    seen.requests.append(requested)
        self._events.clear()
        self.call("Target.closeTarget", {"targetId": target})
        return seen

    def close(self) -> None:
        with contextlib.suppress(RuntimeError, TimeoutError, OSError):
            self.call("Browser.close", timeout=10)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self._to_child)
        os.close(self._from_child)
        self._profile.cleanup()

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _high(fd: int) -> int:
    """``fd`` moved to a number of at least 10 (close-on-exec, like every pipe of ours)."""
    moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
    os.close(fd)
    return moved


def _error(event: dict[str, Any]) -> list[str]:
    """The console error an event reports, if any."""
    method, params = event["method"], event.get("params", {})
    if method == "Runtime.exceptionThrown":
        details = params.get("exceptionDetails", {})
        text = details.get("exception", {}).get("description") or details.get("text", "")
        return [f"uncaught: {text}"]
    if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
        args = params.get("args", [])
        return ["console: " + " ".join(str(a.get("value", a.get("description", ""))) for a in args)]
    if method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
        return [f"log: {params['entry'].get('text', '')}"]
    return []


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3) or (len(argv) == 3 and not argv[2].isdigit()):
        print(
            "usage: python -m cardwright.report.browser REPORT.html SHOT.png [HEIGHT]",
            file=sys.stderr,
        )
        return 2
    page, shot = Path(argv[0]), Path(argv[1])
    with Browser() as browser:
        seen = browser.look(page, height=int(argv[2]) if len(argv) == 3 else None)
    shot.write_bytes(seen.screenshot)
    drawn = sum(1 for c in seen.charts if c["drawn"])
    print(f"{page}: {drawn} of {len(seen.charts)} charts drawn, {len(seen.errors)} console errors")
    wide = (
        [f"page {seen.width} px wide at a {browser.width} px window"]
        if seen.width > browser.width
        else []
    )
    wide += [f"scrolls sideways: {s}" for s in seen.scrollers]
    for line in seen.errors + [f"request: {r}" for r in seen.requests] + wide:
        print(f"  {line}")
    ok = drawn == len(seen.charts) and not seen.errors and not seen.requests and not wide
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
