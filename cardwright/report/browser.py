"""Open a report in headless Chromium as a person would, and say what they would see.

Drives Debian's ``chromium`` through Playwright (:mod:`cardwright.chromium`): loads the
page, waits for every chart (``.chart[data-chart]``) to be drawn, records console errors,
uncaught exceptions and any request that is not for the file itself, and takes a full-page
screenshot.

    python -m cardwright.report.browser report.html shot.png [HEIGHT]
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardwright.chromium import find_chromium, launch

__all__ = ["CHART_PROBE", "LAYOUT_PROBE", "Browser", "Seen", "find_chromium", "main"]

#: What the page reports of each chart: drawn (an SVG exists), traces, drawn marks, and the
#: names written on it (on its points, or beside them: each name's text and box).
CHART_PROBE = """JSON.stringify(Array.from(document.querySelectorAll('.chart[data-chart]')).map(
  c => { const gd = c.querySelector('.js-plotly-plot');
    return {id: c.dataset.chart, drawn: !!c.querySelector('svg.main-svg'),
            traces: gd && gd.data ? gd.data.length : 0,
            marks: c.querySelectorAll('.trace, .hm, image').length,
            labels: Array.from(c.querySelectorAll('.textpoint text, .annotation-text'))
              .filter(t => t.textContent.trim()).map(t => { const r = t.getBoundingClientRect();
                return {text: t.textContent, box: [r.left, r.top, r.right, r.bottom]}; }),
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


class Browser:
    """One headless Chromium; :meth:`look` opens a page in it."""

    def __init__(self, chromium: str | None = None, width: int = 1280, height: int = 900) -> None:
        from playwright.sync_api import sync_playwright

        self.width, self.height = width, height
        self._playwright = sync_playwright().start()
        try:
            self._browser = launch(self._playwright, chromium)
        except BaseException:
            self._playwright.stop()
            raise
        self._cdp: Any = None

    def call(
        self,
        method: str,
        params: dict[str, Any] | None = None,
        session: str = "",
        timeout: float = 60.0,
    ) -> dict[str, Any]:
        """Send a DevTools Protocol command to the browser and return its result
        (``session`` and ``timeout`` are kept for callers of the earlier client; the
        browser-level session of Playwright answers)."""
        if self._cdp is None:
            self._cdp = self._browser.new_browser_cdp_session()
        return dict(self._cdp.send(method, params or {}))

    def look(self, page: Path, timeout: float = 60.0, height: int | None = None) -> Seen:
        """Open ``page``, wait for its charts, and report what was seen; the screenshot is
        the whole page, or its top ``height`` pixels."""
        url = page.resolve().as_uri()
        seen = Seen()
        context = self._browser.new_context(
            viewport={"width": self.width, "height": self.height}, device_scale_factor=1
        )
        tab = context.new_page()

        def console(message: Any) -> None:
            if message.type in ("error", "assert"):
                seen.errors.append(f"console: {message.text}")

        tab.on("console", console)
        tab.on("pageerror", lambda exc: seen.errors.append(f"uncaught: {exc}"))

        def request(r: Any) -> None:
            if r.url != url and not r.url.startswith(("data:", "blob:", "about:")):
                seen.requests.append(r.url)

        tab.on("request", request)
        try:
            tab.goto(url, wait_until="load", timeout=timeout * 1000)
            deadline = time.monotonic() + timeout
            while True:
                seen.charts = json.loads(tab.evaluate(CHART_PROBE))
                if all(c["drawn"] for c in seen.charts) or time.monotonic() > deadline:
                    break
                time.sleep(0.2)
            seen.title = tab.title()
            layout = json.loads(tab.evaluate(LAYOUT_PROBE))
            seen.width, seen.scrollers = int(layout["width"]), list(layout["scrollers"])
            full = tab.evaluate("document.documentElement.scrollHeight")
            tab.set_viewport_size(
                {"width": self.width, "height": min(int(full), height or int(full))}
            )
            time.sleep(0.3)  # let responsive charts settle at the new size
            seen.screenshot = tab.screenshot(timeout=timeout * 1000)
        finally:
            context.close()
        return seen

    def close(self) -> None:
        try:
            self._browser.close()
        finally:
            self._playwright.stop()

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


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
