"""docs/tournaments.md: its Python example runs as written, and its settings table is whole."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest

from parlour.arena.config import TournamentConfig

DOC = Path(__file__).resolve().parents[2] / "docs" / "tournaments.md"


def test_the_python_example_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert blocks
    monkeypatch.chdir(tmp_path)
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), {})
    out = capsys.readouterr().out
    assert "1. heuristic" in out and "better" in out
    assert (tmp_path / "out" / "docs-example" / "summary.json").is_file()


def test_every_setting_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    for field in fields(TournamentConfig):
        if field.name != "stage":
            assert f"`{field.name}`" in text, field.name
