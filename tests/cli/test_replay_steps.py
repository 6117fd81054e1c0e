"""`parlour replay` steps trick by trick, to the deal's end, and back (issue 28, point 10)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from rich.console import Console

import parlour
from parlour.cli.play import STEP_PROMPT, show_record, steps
from parlour.core import DealScored


@pytest.fixture(scope="module")
def hearts_record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    game = parlour.load_game("hearts", end_score=60)
    record = parlour.Match(game, ["heuristic", "random", "random", "random"], seed=5).run()
    return record.save(tmp_path_factory.mktemp("replay") / "game.json")


def replay(path: Path, keys: list[str]) -> tuple[str, list[str]]:
    console = Console(file=io.StringIO(), width=80, color_system=None, highlight=False)
    asked: list[str] = []

    def ask(prompt: str) -> str:
        asked.append(prompt)
        return keys.pop(0) if keys else "q"

    show_record(console, path, pause=True, ask=ask)
    return console.file.getvalue(), asked  # type: ignore[attr-defined]


def test_a_step_is_a_trick_and_ends_with_it(hearts_record: Path) -> None:
    state = parlour.records.load(hearts_record).verify()
    parts = steps(state.events)
    assert [e for part in parts for e in part] == list(state.events), "nothing lost"
    won = [part for part in parts if type(part[-1]).__name__ == "TrickWon"]
    assert len(won) == sum(1 for e in state.events if type(e).__name__ == "TrickWon")


def test_enter_shows_one_trick_more(hearts_record: Path) -> None:
    shown, asked = replay(hearts_record, ["", "q"])
    assert asked == [STEP_PROMPT] * 2
    assert "trick  1" in shown and "trick  2" in shown and "trick  3" not in shown


def test_back_shows_the_previous_trick_again(hearts_record: Path) -> None:
    shown, _ = replay(hearts_record, ["", "b", "q"])
    assert "(back: step 1 of" in shown
    after = shown.split("(back: step", 1)[1]
    assert "trick  1" in after and "trick  2" not in after


def test_d_runs_to_the_end_of_the_deal(hearts_record: Path) -> None:
    shown, asked = replay(hearts_record, ["d", "q"])
    assert "trick 13" in shown and "Deal 1" in shown and "trick  1" in shown
    assert "Deal 2" not in shown and len(asked) == 2


def test_without_pause_the_whole_game_is_shown(hearts_record: Path) -> None:
    console = Console(file=io.StringIO(), width=80, color_system=None)
    show_record(console, hearts_record, pause=False)
    state = parlour.records.load(hearts_record).verify()
    deals = [e.deal for e in state.events if isinstance(e, DealScored)]
    assert len(set(deals)) >= 2, "the record has several deals"
    assert f"Deal {max(deals) + 1}" in console.file.getvalue()  # type: ignore[attr-defined]
