"""The files users and designers give and name (decks, card data, scenarios, saved games,
outputs): every one is read, or its path checked, here, so that a bad file or path is one
line naming it, before anything is built or played."""

from __future__ import annotations

import os
import re
import tomllib
from pathlib import Path
from typing import Any

import yaml

from .errors import DataError

_BOM = b"\xef\xbb\xbf"


def read_bytes(path: Path | str, what: str = "file", error: type[DataError] = DataError) -> bytes:
    """The file's bytes, a UTF-8 byte-order mark dropped; ``error`` names an unreadable one."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise error(f"{p}: cannot read {what} ({exc.strerror or exc})") from None
    return data.removeprefix(_BOM)


def read_text(path: Path | str, what: str = "file", error: type[DataError] = DataError) -> str:
    """The file as UTF-8 text (a byte-order mark is accepted); a binary file or another
    encoding (Latin-1 ...) is one ``error`` line saying where the first bad byte is."""
    p = Path(path)
    data = read_bytes(p, what, error)
    if b"\0" in data:
        raise error(f"{p}: a binary file, not a {what} (a {what} is UTF-8 text)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        column = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        raise error(
            f"{p}: not UTF-8 text (byte 0x{data[exc.start]:02x} at line {line}, column "
            f"{column}): save the {what} as UTF-8"
        ) from None


def read_toml(
    path: Path | str, what: str = "file", error: type[DataError] = DataError
) -> dict[str, Any]:
    """Parse a TOML file; an unreadable or malformed file raises ``error`` naming the file.

    ``what`` says what the file should be ("deck file", "card data") in the message.
    """
    p = Path(path)
    text = read_text(p, what, error)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise error(f"{p}: not valid TOML: {exc}") from None


class _DataLoader(yaml.SafeLoader):
    """YAML read as people write data: only ``true`` and ``false`` are booleans (``yes``,
    ``no``, ``on``, ``off`` and ``No`` stay words: ``choose: yes``, ``names: [Yes, No]``) and
    dates stay text (``ruleset: 2023-01-18``)."""


_DROPPED = ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp")
_DataLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in _DROPPED]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_DataLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


def load_yaml(text: str) -> Any:
    """Parse YAML text the way scenario files and ``-o`` values are read (see
    :class:`_DataLoader`); a malformed text raises ``yaml.YAMLError``."""
    return yaml.load(text, Loader=_DataLoader)


def writable(path: Path) -> bool:
    """Whether an existing file may be written: the user may write it, and it is not marked
    read-only (no write permission for anyone: ``chmod a-w``, which even the superuser, who
    could write it anyway, is told to respect)."""
    return os.access(path, os.W_OK) and bool(path.stat().st_mode & 0o222)


def check_writable(path: Path | str, what: str = "file") -> Path:
    """Refuse, before any work is done, a path a file cannot be written to: a folder, a file
    in a folder that does not exist, or one the user may not write."""
    p = Path(path)
    if p.is_dir():
        raise DataError(f"{p}: is a folder; give the path of the {what} to write in it")
    folder = p.parent
    if not folder.is_dir():
        raise DataError(f"{p}: no such folder {str(folder)!r} to write the {what} in")
    if p.exists() and not writable(p):
        raise DataError(f"{p}: cannot write the {what} (the file is read-only)")
    if not p.exists() and not os.access(folder, os.W_OK | os.X_OK):
        raise DataError(f"{p}: cannot write the {what} (the folder {str(folder)!r} is read-only)")
    return p


def write_text(path: Path | str, text: str, what: str = "file") -> None:
    """Write a whole text file or nothing: written beside it, then moved into place."""
    write_bytes(path, text.encode("utf-8"), what)


def write_bytes(path: Path | str, data: bytes, what: str = "file") -> None:
    """Write a whole file or nothing (a failed write leaves an existing file as it was)."""
    p = check_writable(path, what)
    partial = p.with_name(f".{p.name}.partial")
    try:
        partial.write_bytes(data)
        os.replace(partial, p)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise DataError(f"{p}: cannot write the {what} ({exc.strerror or exc})") from None
