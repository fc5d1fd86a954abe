"""The action catalogue and the observation layout of each game as Markdown: the tables of
``docs/rl.md`` (``python -m cardwright.rl.describe`` prints them; a test checks that the
page holds what it prints)."""

from __future__ import annotations

import sys
from typing import Any

from cardwright.games import GAMES, playable_games

from .catalogue import Catalogue
from .observe import Encoder

#: the config each game's tables are printed for (its default one, at most players)
CONFIGS: dict[str, dict[str, Any]] = {
    "bizarre-world": {},
    "blue-moon": {},
    "smash-up": {"players": 2},
    "varia": {},
    "munchkin": {"players": 3},
}


def catalogue_markdown(game_id: str) -> str:
    catalogue = Catalogue(game_id, CONFIGS.get(game_id, {}))
    low, high = min(catalogue.copies.values()), max(catalogue.copies.values())
    copies = (
        f"{high} copies of a card at one place of a decision"
        if low == high
        else f"{low} to {high} copies of a card at one place of a decision, by card "
        f"({sum(catalogue.copies.values()):,} for the card list)"
    )
    lines = [
        f"{catalogue.size:,} actions; {len(catalogue.cards)} cards in the card list; {copies}.",
        "",
        "| first index | size | form | parts |",
        "|---:|---:|---|---|",
    ]
    for first, size, form, parts in catalogue.table():
        lines.append(f"| {first} | {size} | `{form}` | {parts or '-'} |")
    return "\n".join(lines)


def layout_markdown(game_id: str) -> str:
    config = CONFIGS.get(game_id, {})
    encoder = Encoder(Catalogue(game_id, config))
    players = (
        f"{encoder.players} players, "
        if GAMES[game_id].seat_key == "factions" or ("players" in config)
        else ""
    )
    lines = [
        f"{encoder.size:,} values ({players}card vectors of {len(encoder.card_index) + 1}).",
        "",
        "| offset | size | section | what |",
        "|---:|---:|---|---|",
    ]
    for section in encoder.sections:
        lines.append(f"| {section.offset} | {section.size} | `{section.name}` | {section.what} |")
    return "\n".join(lines)


def markdown() -> str:
    out = []
    for game_id in playable_games():
        title = GAMES[game_id].title
        out += [f"#### {title}: action catalogue", "", catalogue_markdown(game_id), ""]
        out += [f"#### {title}: observation layout", "", layout_markdown(game_id), ""]
    return "\n".join(out)


if __name__ == "__main__":
    sys.stdout.write(markdown())
