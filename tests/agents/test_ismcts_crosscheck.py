"""The compiled ISMCTS loop against the Python loop on 1,000 positions a run
(`parlour.crosscheck.ismcts_loops`): Hearts and Spades, random rollouts at 60 iterations a search
and each game's default heuristic at 20 (the Python side's Python agents are slow). The
benchmark script checks 100,000 positions a run (docs/performance.md, ISMCTS)."""

from __future__ import annotations

import pytest

from parlour.agents.search import ismcts_gate
from parlour.crosscheck.ismcts_loops import RUNS, crosscheck

pytestmark = [
    pytest.mark.skipif(not ismcts_gate.available(), reason="the compiled ISMCTS loop is not built"),
    pytest.mark.slow,
]


@pytest.mark.parametrize("run", list(RUNS))
def test_the_compiled_loop_searches_a_thousand_positions_as_the_python_loop(run: str) -> None:
    iterations = 20 if run.endswith("-auto") else 60
    assert crosscheck(run, range(1000), iterations).positions == 1000
