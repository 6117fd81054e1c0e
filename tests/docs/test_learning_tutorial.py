"""docs/tutorials/training-a-skull-bot.md runs as written, shortened: fewer training steps and
tournament games, the same commands."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli import app

pytest.importorskip("torch")

TUTORIAL = Path(__file__).resolve().parents[2] / "docs" / "tutorials" / "training-a-skull-bot.md"
SHORTER = {"--steps": "2048", "--games": "12"}
"""The only changes: two rounds of training instead of 37, a dozen games instead of 300."""


def commands() -> list[list[str]]:
    text = TUTORIAL.read_text(encoding="utf-8")
    lines = [line[2:] for block in re.findall(r"```console\n(.*?)```", text, re.S)
             for line in block.splitlines() if line.startswith("$ parlour ")]
    return [shlex.split(line)[1:] for line in lines]


def shortened(args: list[str], run_dir: Path) -> list[str]:
    out = []
    for i, arg in enumerate(args):
        if i and args[i - 1] in SHORTER:
            arg = SHORTER[args[i - 1]]
        out.append(arg.replace("runs/skull-tutorial", str(run_dir)))
    if args[0] == "train":
        out += ["--eval-every", "1", "--eval-deals", "4"]
    if args[0] == "tournament":
        out += ["--workers", "1", "--no-progress"]
    return out


def test_the_tutorial_trains_plays_and_ranks_a_bot(tmp_path: Path) -> None:
    runner = CliRunner()
    steps = commands()
    assert [s[0] for s in steps] == ["train", "play", "tournament"]
    run_dir = tmp_path / "skull-tutorial"
    for args in steps:
        result = runner.invoke(app, shortened(args, run_dir))
        assert result.exit_code == 0, f"parlour {' '.join(args)}:\n{result.output}"
        if args[0] == "train":
            assert (run_dir / "policy.npz").is_file() and (run_dir / "curve.png").is_file()
        if args[0] == "tournament":
            assert "learned" in result.output
