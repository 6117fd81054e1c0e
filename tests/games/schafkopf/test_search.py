"""PIMC and ISMCTS play Schafkopf through `sample_state`, with and without the heuristic."""

from __future__ import annotations

import pytest

import parlour


@pytest.mark.parametrize("spec", ["pimc:worlds=3", "ismcts:iterations=20",
                                  "ismcts:iterations=20,rollout=random,moves=legal"])
def test_search_plays_a_whole_deal_without_a_fault(spec: str) -> None:
    game = parlour.load_game("schafkopf", deals=1, all_pass="ramsch")
    for seed in range(2):
        record = parlour.Match(game, [spec, "heuristic", "random", "heuristic"], seed=seed).run()
        assert record.result.complete and not record.faults
        record.verify()
