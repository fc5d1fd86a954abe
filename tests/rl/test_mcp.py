"""``cardwright mcp``: the tool server, driven in-process by the ``mcp`` client."""

from __future__ import annotations

import json
from typing import Any

import anyio
from mcp import Client

from cardwright.rl.mcp_server import MAX_GAMES, Tables, build_server


def _data(result: Any) -> Any:
    assert not result.is_error, result.content[0].text
    if result.structured_content is not None:
        data = result.structured_content
        return data.get("result", data) if set(data) == {"result"} else data
    return json.loads(result.content[0].text)


def test_a_game_played_to_the_end() -> None:
    async def play() -> None:
        async with Client(build_server()) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            assert {"list_games", "start_game", "view", "legal_options", "answer", "explain"} <= (
                names
            )
            games = _data(await client.call_tool("list_games", {}))
            assert {g["game"] for g in games} >= {"bizarre-world", "munchkin"}
            data = _data(
                await client.call_tool(
                    "start_game",
                    {"game": "bizarre-world", "seat": 1, "opponents": "heuristic", "seed": 4},
                )
            )
            handle = data["game"]
            assert data["seat"] == 1 and data["your_turn"] and "life" in data["text"]
            hand = data["view"]["zones"]["hand:0"]
            assert hand and all(card["card"] == "?" for card in hand)  # the opponent's hand
            answers = 0
            while data["result"] is None:
                options = _data(await client.call_tool("legal_options", {"game": handle}))
                assert options == data["options"] and options
                choice = options[answers % len(options)]["id"]
                data = _data(await client.call_tool("answer", {"game": handle, "option": choice}))
                answers += 1
            assert answers > 5 and data["result"]["reason"]
            events = _data(await client.call_tool("view", {"game": handle}))["view"]
            assert events["result"] == data["result"]
            rule = _data(await client.call_tool("explain", {"game": handle, "event": 0}))
            assert rule["rule"].startswith("bw.") and rule["paraphrase"] and rule["source"]

            # mistakes are one line each, and change nothing
            for tool, args, words in (
                ("answer", {"game": handle, "option": "end"}, "the game is over"),
                ("view", {"game": "g99"}, "no game 'g99'"),
                ("explain", {"game": handle, "event": 10**6}, "no event"),
                ("start_game", {"game": "chess"}, "unknown game"),
                ("start_game", {"game": "varia", "opponents": "nobody"}, "unknown agent"),
                ("start_game", {"game": "varia", "seat": 2}, "seat 2"),
                ("start_game", {"game": "varia", "options": {"nope": 1}}, "unknown rule option"),
            ):
                result = await client.call_tool(tool, args)
                assert result.is_error, (tool, args)
                text = result.content[0].text
                assert words in text and "\n" not in text and "Traceback" not in text
            fresh = _data(await client.call_tool("start_game", {"game": "varia", "seed": 1}))
            bad = await client.call_tool("answer", {"game": fresh["game"], "option": "nope"})
            assert bad.is_error and "not a legal option" in bad.content[0].text
            again = _data(await client.call_tool("view", {"game": fresh["game"]}))
            assert again["options"] == fresh["options"]
            assert _data(await client.call_tool("end_game", {"game": fresh["game"]}))

    anyio.run(play)


def test_the_server_keeps_a_bounded_number_of_games() -> None:
    tables = Tables()
    first = tables.start("bizarre-world", 0, "random", 0, None)
    for seed in range(MAX_GAMES):
        tables.start("bizarre-world", 0, "random", seed, None)
    assert len(tables.sessions) == MAX_GAMES and first.handle not in tables.sessions
