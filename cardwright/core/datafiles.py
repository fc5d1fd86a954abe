"""Reading the data files users and designers write (TOML), with one-line errors."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from .errors import DataError


def read_toml(
    path: Path | str, what: str = "file", error: type[DataError] = DataError
) -> dict[str, Any]:
    """Parse a TOML file; an unreadable or malformed file raises ``error`` naming the file.

    ``what`` says what the file should be ("deck file", "card data") in the message.
    """
    p = Path(path)
    try:
        with p.open("rb") as handle:
            return tomllib.load(handle)
    except OSError as exc:
        raise error(f"{p}: cannot read {what} ({exc.strerror or exc})") from None
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{p}: not valid TOML: {exc}") from None
