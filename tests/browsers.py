"""What the tests that drive headless Chromium (the report's, the server's) ask first."""

from __future__ import annotations

import pytest

from cardwright.chromium import find_chromium
from cardwright.core.errors import ConfigError


def need_chromium(why: str) -> None:
    """Fails the test (a missing browser is not a reason to skip it) when Chromium is not
    found; ``why`` says what the test drives it for."""
    try:
        find_chromium()
    except ConfigError as exc:
        pytest.fail(f"{exc} ({why})")
