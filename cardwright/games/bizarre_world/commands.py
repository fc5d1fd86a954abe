"""Bizarre World's own commands under ``cardwright deck``: pricing, crafting and random decks
(the generator's CRAFT and RANDOM modes). Registered by the CLI from the game registry."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape

out = Console(highlight=False, soft_wrap=True)

RULESET = typer.Option(
    help="The generator's ruleset, a date such as 2022-01-01 (the rules option ruleset lists them)."
)


def register(deck_app: Any) -> None:
    """Add the commands to the CLI's ``deck`` group."""
    deck_app.command("craft")(deck_craft)
    deck_app.command("build")(deck_build)
    deck_app.command("random")(deck_random)


def deck_craft(
    name: Annotated[str, typer.Argument(help="A card name, e.g. 'Boring Rock of Minimum Wage'.")],
    ruleset: Annotated[str | None, RULESET] = None,
) -> None:
    """Price a card name like the generator's CRAFT button: cheapest legal cost and points."""
    from . import generator

    rs = ruleset or generator.DEFAULT_RULESET
    adj, noun, of = generator.split_name(name, rs)
    cost = generator.cheapest_legal_cost(adj, noun, of)
    card = generator.card_def(generator.make_id(f"{adj.name} {noun.name} of {of.name}", cost), rs)
    out.print(
        f"{escape(card.id)}: {card.points} points at its cheapest legal cost; random mode "
        f"gives cost {generator.random_cost(adj, noun, of)}"
    )
    out.print(escape(card.text()))


def deck_build(
    output: Annotated[Path, typer.Argument(help="The deck file (.toml) to write.")],
    name: Annotated[str, typer.Option(help="The deck's name.")],
    card: Annotated[list[str], typer.Option(help="'Name (cost) x3' (repeatable).")],
    ruleset: Annotated[str | None, RULESET] = None,
) -> None:
    """Write a crafted deck file after checking every deck-building rule."""
    from cardwright.core.datafiles import check_writable, write_text
    from cardwright.scenarios.format import parse_card_spec

    from . import generator
    from .decks import Deck, deck_to_toml, validate_deck

    check_writable(output, "deck file")
    rs = ruleset or generator.DEFAULT_RULESET
    ids: list[str] = []
    for entry in card:
        spec = parse_card_spec(entry, "--card")
        ids += [generator.card_def(spec.card, rs).id] * spec.count
    deck = Deck(name, "crafted", tuple(ids))
    validate_deck(deck, rs, name)
    write_text(output, deck_to_toml(deck, rs), "deck file")
    out.print(f"wrote {output}: {len(ids)} cards, every rule checked")


def deck_random(
    output: Annotated[Path, typer.Argument(help="The deck file (.toml) to write.")],
    size: Annotated[int, typer.Option(help="Number of cards.")] = 20,
    seed: Annotated[int, typer.Option(help="The random seed: the same seed, the same deck.")] = 0,
    name: Annotated[str, typer.Option(help="The deck's name.")] = "Random deck",
    ruleset: Annotated[str | None, RULESET] = None,
) -> None:
    """Write a random-mode deck (it may only play against other random decks)."""
    from cardwright.core.datafiles import check_writable, write_text

    from . import generator
    from .decks import deck_to_toml, random_deck

    check_writable(output, "deck file")
    rs = ruleset or generator.DEFAULT_RULESET
    deck = random_deck(size, seed, rs, name)
    write_text(output, deck_to_toml(deck, rs), "deck file")
    out.print(f"wrote {output}: {size} random cards (seed {seed})")
