"""The tutorial docs/tutorials/extending-a-rule-set.md runs, and matches the shipped Ramsch."""

from __future__ import annotations

import inspect
import re
from pathlib import Path
from typing import Any

import parlour
from parlour.games.skat import ramsch

TUTORIAL = Path(__file__).resolve().parents[3] / "docs" / "tutorials" / "extending-a-rule-set.md"


def python_blocks() -> list[str]:
    return re.findall(r"```python\n(.*?)```", TUTORIAL.read_text(encoding="utf-8"), re.S)


def run_tutorial() -> dict[str, Any]:
    namespace: dict[str, Any] = {"__name__": "tutorial"}
    for number, block in enumerate(python_blocks(), 1):
        exec(compile(block, f"{TUTORIAL.name} block {number}", "exec"), namespace)
    return namespace


def test_the_tutorial_code_runs() -> None:
    namespace = run_tutorial()
    assert namespace["Ramsch"].id == "skat.ramsch"
    assert len(python_blocks()) >= 6


def test_the_tutorial_class_is_the_shipped_class() -> None:
    shipped = inspect.getsource(ramsch.Ramsch).strip()
    assert any(shipped in block for block in python_blocks())
    assert 'RAMSCH = Contract("ramsch", order=GRAND)' in inspect.getsource(ramsch)


def test_the_tutorial_ramsch_plays_like_the_shipped_one() -> None:
    tutorial_class = run_tutorial()["Ramsch"]
    ramsch_deals = 0
    for seed in range(12):
        mine = parlour.Match(tutorial_class(), ["heuristic"] * 3, seed=seed)
        theirs = parlour.Match(ramsch.Ramsch(), ["heuristic"] * 3, seed=seed)
        mine.run()
        theirs.run()
        assert mine.state.results == theirs.state.results
        ramsch_deals += sum(1 for r in mine.state.results if r.contract == ramsch.RAMSCH)
    assert ramsch_deals > 0
