"""Card and rule texts are written in our own words: no run of 10 words is copied from a
rulebook or research note (names and numbers are facts, and too short to trip this)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SHARED = Path(os.environ.get("CARDWRIGHT_SHARED", ROOT.parent / "shared"))
RUN = 10


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def _runs(text: str) -> set[tuple[str, ...]]:
    w = _words(text)
    return {tuple(w[i : i + RUN]) for i in range(len(w) - RUN + 1)}


def _tables() -> Iterator[tuple[Path, dict[str, object]]]:
    """Every table (TOML dict, nested ones too) of our data files and rules indexes, with its
    file."""
    for path in sorted((ROOT / "cardwright" / "games").rglob("*.toml")):
        stack: list[object] = [tomllib.loads(path.read_text(encoding="utf-8"))]
        while stack:
            item = stack.pop()
            if isinstance(item, dict):
                yield path, item
                stack.extend(item.values())
            elif isinstance(item, list):
                stack.extend(item)


def _our_texts() -> Iterator[tuple[str, str]]:
    """(where, text) for every text field of our data files and rules indexes."""
    for path, table in _tables():
        text = table.get("text")
        if isinstance(text, str):
            yield f"{path.relative_to(ROOT)}: {text[:40]}", text


def test_no_text_copies_a_source() -> None:
    sources = sorted((SHARED / "rulebooks").glob("*.txt")) + sorted(
        (SHARED / "research").glob("*.md")
    )
    if not sources:
        pytest.skip(
            f"the rulebooks and research notes are not beside this checkout ({SHARED}); "
            "set CARDWRIGHT_SHARED to check our texts against them"
        )
    copied: set[tuple[str, ...]] = set()
    for src in sources:
        copied |= _runs(src.read_text(encoding="utf-8", errors="replace"))
    texts = list(_our_texts())
    assert len(texts) > 500  # the card data and rules indexes were found
    offenders = [where for where, text in texts if _runs(text) & copied]
    assert not offenders, f"{len(offenders)} texts copy 10+ words from a source: {offenders[:10]}"


def _catalogue_read_texts() -> Iterator[tuple[str, str]]:
    """(where, text) for every entry whose facts were read from the card catalogue: its
    provenance or source names the catalogue (or the fan wiki, which quotes the cards)."""
    for path, table in _tables():
        origin = f"{table.get('provenance', '')} {table.get('source', '')}"
        text = table.get("text")
        if isinstance(text, str) and ("catalogue" in origin or "fan-wiki" in origin):
            yield f"{path.relative_to(ROOT)}: {text[:40]}", text


def _catalogue_texts(node: object) -> Iterator[str]:
    """The English rules texts of a card catalogue file: every string under a key named
    text, errata or clarifications (the translations have keys of their own)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key in ("text", "errata", "clarifications"):
                values = value if isinstance(value, list) else [value]
                yield from (v for v in values if isinstance(v, str))
            else:
                yield from _catalogue_texts(value)
    elif isinstance(node, list):
        for item in node:
            yield from _catalogue_texts(item)


#: the 10-word runs of the card catalogue's English texts, as 6-byte BLAKE2b digests, sorted:
#: the catalogue is the publisher's text and is not kept here, but its runs can be checked
#: against (regenerate: ``python tests/test_own_words.py FOLDER`` with the catalogue's JSON files)
CATALOGUE_RUNS = ROOT / "tests" / "catalogue_runs.bin"
DIGEST = 6


def _digest(run: tuple[str, ...]) -> bytes:
    return hashlib.blake2b(" ".join(run).encode(), digest_size=DIGEST).digest()


def _catalogue_digests(folder: Path) -> bytes:
    """The sorted digests of every 10-word run of the catalogue files in ``folder``."""
    runs: set[tuple[str, ...]] = set()
    for path in sorted(folder.glob("*.json")):
        for text in _catalogue_texts(json.loads(path.read_text(encoding="utf-8"))):
            runs |= _runs(text.replace("\u2019", "'"))
    return b"".join(sorted({_digest(run) for run in runs}))


def test_no_text_copies_the_card_catalogue() -> None:
    """The later Smash Up sets were read from a public card catalogue (the rulebook wiki's
    pages, kept as JSON in the smash-up-card-archive repository, app/data). Its 10-word runs
    are kept as digests (``CATALOGUE_RUNS``); with CARDWRIGHT_CARD_CATALOGUE pointing at the
    catalogue's folder, the digests are made from it and must equal the kept ones."""
    kept = CATALOGUE_RUNS.read_bytes()
    folder = os.environ.get("CARDWRIGHT_CARD_CATALOGUE")
    if folder:
        assert _catalogue_digests(Path(folder)) == kept, (
            f"{CATALOGUE_RUNS.name} is not the catalogue's: regenerate it "
            "(python tests/test_own_words.py FOLDER)"
        )
    copied = {kept[i : i + DIGEST] for i in range(0, len(kept), DIGEST)}
    assert len(copied) > 20_000  # the catalogue's texts, not an empty file
    texts = list(_catalogue_read_texts())
    assert len(texts) > 200  # the later sets' cards, bases and rules were found
    offenders = [where for where, text in texts if {_digest(r) for r in _runs(text)} & copied]
    assert not offenders, f"{len(offenders)} copy 10+ words of the catalogue: {offenders[:10]}"


if __name__ == "__main__":
    import sys

    CATALOGUE_RUNS.write_bytes(_catalogue_digests(Path(sys.argv[1])))
    print(f"{CATALOGUE_RUNS}: {CATALOGUE_RUNS.stat().st_size // DIGEST} runs")
