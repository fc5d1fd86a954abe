"""The commands of the RL interfaces: ``cardwright bench GAME --env`` and ``cardwright mcp``."""

from __future__ import annotations

import json

from tests.test_cli import assert_user_error, cw


def test_bench_env_reports_steps_and_references() -> None:
    proc = cw("bench", "varia", "--env", "--seconds", "0.05", "--rounds", "1", "--json")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["env_steps_per_second"] > 0 and data["game_steps_per_second"] > 0
    assert data["wrapped_env_steps_per_second"] > 0
    assert 0 < data["encode_and_mask_share_of_step"] < 1
    assert 0 < data["cold_encode_and_mask_share"] < 1 and data["observe_us_in_loop"] > 0
    references = data["reference_steps_per_second"]
    assert references["openspiel python_kuhn_poker"] > 0
    assert set(references) >= {"rlcard leduc-holdem", "openspiel python_tic_tac_toe"}


def test_bench_env_mistakes() -> None:
    assert_user_error(cw("bench", "chess", "--env"), "unknown game 'chess'")
    assert_user_error(cw("bench", "varia", "--env", "--agent", "ismcts"), "--env and --agent")


def test_mcp_command_is_there() -> None:
    proc = cw("mcp", "--help")
    assert proc.returncode == 0 and "Model Context Protocol" in proc.stdout
