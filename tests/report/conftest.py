"""The report tests' headless Chromium (one per test module)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from cardwright.report.browser import Browser
from tests.browsers import need_chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    need_chromium("the report test opens the report in Chromium")
    with Browser() as b:
        yield b
