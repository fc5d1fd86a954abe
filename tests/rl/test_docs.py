"""docs/rl.md holds each game's action catalogue and observation layout as the code makes
them (``python -m cardwright.rl.describe`` prints them)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cardwright.games import playable_games
from cardwright.rl.describe import catalogue_markdown, layout_markdown

PAGE = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


@pytest.mark.parametrize("game_id", playable_games())
def test_the_page_holds_the_tables(game_id: str) -> None:
    page = PAGE.read_text(encoding="utf-8")
    assert catalogue_markdown(game_id) in page, f"{game_id}: docs/rl.md has an old catalogue"
    assert layout_markdown(game_id) in page, f"{game_id}: docs/rl.md has an old layout"
