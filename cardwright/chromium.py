"""Headless Chromium for Cardwright's browser checks (the report's, the server's), through
Playwright for Python and Debian's ``chromium``: Playwright never downloads a browser here
(``executable_path``), and the browser is kept off the network it does not need.

    with chromium() as browser:
        page = browser.new_page()
"""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from typing import Any

from cardwright.core.errors import ConfigError

#: the flags every launch uses: headless, no sandbox (root in containers), no GPU, no
#: background traffic, updates, sync or first-run pages
ARGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--no-default-browser-check",
    "--hide-scrollbars",
    "--mute-audio",
)


def find_chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise ConfigError(
        "no Chromium found: `apt-get install chromium` (`make test` installs it when missing)"
    )


def launch(playwright: Any, executable: str | None = None) -> Any:
    """A headless Chromium (a Playwright ``Browser``) of ``playwright``'s sync API."""
    return playwright.chromium.launch(
        executable_path=executable or find_chromium(), args=list(ARGS), headless=True
    )


@contextlib.contextmanager
def chromium(executable: str | None = None) -> Iterator[Any]:
    """Playwright started and one Chromium launched; both stopped on leaving."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch(playwright, executable)
        try:
            yield browser
        finally:
            browser.close()
