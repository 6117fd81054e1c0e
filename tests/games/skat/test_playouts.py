"""Many random series in every variant, with invariants, undo and sampling checked throughout.

Calls are biased towards passing, so thrown-in deals, forehand at 18 and Ramsch all occur.
"""

from __future__ import annotations

from random import Random

import pytest

import parlour
from parlour.games.skat import PASS, SkatState


def biased_move(state: SkatState, rng: Random) -> None:
    legal = state.legal_actions()
    if PASS in legal and rng.random() < 0.6:
        state.apply(PASS)
    else:
        state.apply(legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("spec", ["skat", "skat:players=4", "skat:scoring=seeger-fabian",
                                  "skat.ramsch", "skat.ramsch:players=4,ties=last-trick",
                                  "skat.ramsch:jungfrau=false,durchmarsch=false"])
def test_random_series_keep_every_invariant(spec: str) -> None:
    game = parlour.load_game(spec)
    rng = Random(spec)
    kinds: set[str] = set()
    for seed in range(40):
        state = game.new_state(seed=seed)
        moves = 0
        while not state.is_terminal:
            biased_move(state, rng)
            state.check_invariants()
            moves += 1
            if moves % 11 == 0:
                seat = rng.randrange(game.num_players)
                obs = state.observe(seat)
                assert game.sample_state(obs, rng).observe(seat) == obs
        totals = [sum(r.points[p] for r in state.results) for p in range(game.num_players)]
        assert tuple(totals) == state.scores()
        kinds |= {r.contract.kind if r.contract else "thrown in" for r in state.results}
        while state.can_undo:
            state.undo()
        assert state.deal == 0 and not state.results
    if "ramsch" in spec:
        assert "ramsch" in kinds and "thrown in" not in kinds
    else:
        assert "thrown in" in kinds
