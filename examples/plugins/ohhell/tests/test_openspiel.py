"""Oh Hell through parlour's OpenSpiel bridge: a plug-in is an OpenSpiel game with no extra
code (skipped where OpenSpiel is not installed)."""

import pytest

pyspiel = pytest.importorskip("pyspiel")

from parlour_ohhell.rules import OhHell  # noqa: E402

from parlour.openspiel import ParlourGame  # noqa: E402


@pytest.mark.parametrize("params", [{"cards": 3}, {"players": 5, "cards": 2}])
def test_oh_hell_passes_openspiels_random_simulation_test(params: dict[str, int]) -> None:
    pyspiel.random_sim_test(ParlourGame(OhHell(**params)), num_sims=2, serialize=False,
                            verbose=False)


def test_openspiels_ismcts_plays_oh_hell_at_a_parlour_table() -> None:
    from parlour import Match

    record = Match(OhHell(cards=2), ["openspiel:ismcts:simulations=10", "heuristic",
                                     "random", "openspiel:mcts:simulations=10"], seed=5).run()
    assert record.faults == []
