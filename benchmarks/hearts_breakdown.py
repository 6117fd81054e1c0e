"""Where a Hearts decision's time goes: the hot path's parts, timed in one run.

Run: `.venv/bin/python benchmarks/hearts_breakdown.py`. Figures are microseconds per call.
"""

from __future__ import annotations

import timeit
from random import Random

import parlour
from parlour.core import make_rng
from parlour.games.hearts import CardPlayed, HeartsState

N = 100_000


def playing_state() -> HeartsState:
    game = parlour.load_game("hearts")
    state: HeartsState = game.new_state(seed=3)
    while state.observe(0).phase == "pass":
        state.apply(state.legal_actions()[0])
    return state


def per_call(statement: str, **names: object) -> float:
    return 1e6 * timeit.timeit(statement, number=N, globals=names) / N


def main() -> None:
    state = playing_state()
    action = state.legal_actions()[0]
    game = state.game
    rng = Random(0)
    rows = [
        ("legal_actions (mask + cached tuples)",
         per_call("s._legal = -1; s.legal_actions()", s=state)),
        ("is_legal (the check in apply)", per_call("s.is_legal(a)", s=state, a=action)),
        ("snapshot for undo", per_call("s._snapshot()", s=state)),
        ("apply + undo", per_call("s.apply(a); s.undo()", s=state, a=action)),
        ("apply_unchecked + undo", per_call("s.apply_unchecked(a); s.undo()", s=state, a=action)),
        ("one frozen event (CardPlayed)", per_call("E(seat=1, card=3)", E=CardPlayed)),
        ("random choice (randrange)", per_call("r.randrange(13)", r=rng)),
        ("seeded deal stream (make_rng)", per_call("m(5, 'deal', 3)", m=make_rng)),
        ("deal four hands", per_call("g.deal_hands(5, 3)", g=game)),
    ]
    width = max(len(name) for name, _ in rows)
    for name, micros in rows:
        print(f"{name:<{width}}  {micros:6.2f} µs")


if __name__ == "__main__":
    main()
