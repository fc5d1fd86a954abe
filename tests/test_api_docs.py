"""Every example of docs/api.md runs and prints what the page shows under it; the public
names it documents are importable from cardwright.api and the package's top level."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

import cardwright
from cardwright import api

DOC = Path(__file__).resolve().parents[1] / "docs" / "api.md"
_BLOCK = re.compile(r"```(python|output)\n(.*?)```", re.DOTALL)


def _examples() -> list[tuple[str, str | None]]:
    """(code, the output shown under it or None) for each python block, in order."""
    out: list[tuple[str, str | None]] = []
    for kind, body in _BLOCK.findall(DOC.read_text(encoding="utf-8")):
        if kind == "python":
            out.append((body, None))
        else:
            assert out and out[-1][1] is None, "an output block follows its python block"
            out[-1] = (out[-1][0], body)
    return out


EXAMPLES = _examples()


def test_the_page_has_its_examples() -> None:
    assert len(EXAMPLES) >= 10
    assert all(shown is not None for _, shown in EXAMPLES)


@pytest.mark.parametrize(
    "code, shown", EXAMPLES, ids=[f"example-{i + 1}" for i in range(len(EXAMPLES))]
)
def test_example_prints_what_the_page_shows(
    code: str, shown: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # files an example writes land in a fresh folder
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(DOC), "exec"), {"__name__": "__docs__"})
    if shown is not None:
        assert printed.getvalue() == shown


def test_every_public_name_is_documented_and_importable() -> None:
    text = DOC.read_text(encoding="utf-8")
    for name in api.__all__:
        assert f"`{name}" in text, f"docs/api.md does not name {name}"
        assert getattr(api, name) is not None
    for name in cardwright.__all__:
        assert getattr(cardwright, name) is getattr(api, name)
    with pytest.raises(AttributeError):
        _ = cardwright.no_such_name  # type: ignore[attr-defined]
