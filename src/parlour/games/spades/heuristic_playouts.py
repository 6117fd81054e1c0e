"""Where Spades' search plays its heuristic in compiled code, and a switch to play it in Python.

`SpadesState.play_compiled("heuristic", stop)` (the playouts) and `SpadesState.compiled_policy`
(the compiled ISMCTS loop's rollouts, modelled opponents and expansions,
`parlour.agents.search.ismcts_gate`) use `_heuristic.pyx` where the game still names its own
`SpadesHeuristic` as ``heuristic``, the state's class overrides no hook the kernels stand in
for, and the kernels are built. `python_heuristic` makes both decline, so tests and benchmarks
can compare the compiled heuristic with the Python agents.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from parlour import compiled_switch

MODULE = "parlour.games.spades._heuristic"
"""The compiled heuristic's module (`compiled_switch.load` gives None on the pure path)."""


@contextmanager
def python_heuristic() -> Iterator[None]:
    """Inside the block the heuristic plays in Python everywhere, kernel or not:
    `play_compiled` declines, and search finds no compiled policy."""
    kernel = compiled_switch.load(MODULE)
    if kernel is None:
        yield
        return
    was = bool(kernel.enabled())
    kernel.enable(False)
    try:
        yield
    finally:
        kernel.enable(was)
