"""Where Spades' search plays its heuristic in compiled code, and a switch to play it in Python.

`SpadesState.play_compiled("heuristic", stop)` (the playouts) and `SpadesState.compiled_agent`
(the compiled ISMCTS loop's rollouts, modelled opponents and expansions,
`parlour.agents.search.ismcts_gate`) use `_heuristic.pyx` where the game still names its own
`SpadesHeuristic` as ``heuristic``, the state's class overrides no hook the kernels stand in
for, and the compiled modules are built. `python_heuristic` makes both decline, so tests and
benchmarks can compare the compiled heuristic with the Python agents.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from parlour import compiled_switch
from parlour.core import Action, State

MODULE = "parlour.games.spades._heuristic"
"""The compiled heuristic's module (`compiled_switch.load` gives None on the pure path)."""


@contextmanager
def python_heuristic() -> Iterator[None]:
    """Inside the block the heuristic plays in Python everywhere, compiled or not:
    `play_compiled` declines, and search finds no compiled agent."""
    compiled_heuristic = compiled_switch.load(MODULE)
    if compiled_heuristic is None:
        yield
        return
    was = bool(compiled_heuristic.enabled())
    compiled_heuristic.enable(False)
    try:
        yield
    finally:
        compiled_heuristic.enable(was)


def compiled_decider(state: State[Any]) -> Callable[[State[Any]], Action] | None:
    """A function giving `SpadesHeuristic`'s move for the seat to act in a state of `state`'s
    kind (its Blind Nil choice, bid or card), decided by the compiled heuristic from that
    seat's knowledge; None where the compiled heuristic may not stand in (as for
    `SpadesState.compiled_agent`). For `parlour.rl.VectorEnv`'s lockstep path
    (`SpadesHeuristic.lockstep_decider`)."""
    compiled_heuristic = compiled_switch.load(MODULE)
    if (compiled_heuristic is None
            or compiled_heuristic.compiled_agent(state, "heuristic") is None):
        return None
    deal = compiled_heuristic.HeuristicDeal()

    def decide(current: State[Any]) -> Action:
        deal.load(current)
        action: Action = deal.choose()[0]
        return action

    return decide
