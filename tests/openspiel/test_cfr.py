"""OpenSpiel's equilibrium methods on parlour's rules: CFR's NashConv falls as it trains."""

from __future__ import annotations

from itertools import pairwise

import pytest

pytest.importorskip("pyspiel")

from open_spiel.python import policy as spiel_policy
from open_spiel.python.algorithms import cfr, exploitability

from parlour.openspiel import load


def test_cfr_nash_conv_falls_as_it_trains_on_a_small_territory() -> None:
    game = load("territory:size=2,rounds=1,players=2", seeds=4)
    uniform = exploitability.nash_conv(game, spiel_policy.UniformRandomPolicy(game))
    solver = cfr.CFRSolver(game)
    values = []
    for _ in range(6):
        solver.evaluate_and_update_policy()
        values.append(exploitability.nash_conv(game, solver.average_policy()))
    assert values[0] <= uniform + 1e-9
    assert all(later < earlier for earlier, later in pairwise(values))
    assert values[-1] < uniform / 3  # 0.725 at random; about 0.17 after six iterations
