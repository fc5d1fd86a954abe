"""The report tests' headless Chromium (one per test module)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardwright.core.errors import ConfigError
from cardwright.report.browser import Browser, find_chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    try:
        find_chromium()
    except ConfigError as exc:
        pytest.fail(f"{exc} (the report test opens the report in Chromium)")
    with Browser() as b:
        yield b
