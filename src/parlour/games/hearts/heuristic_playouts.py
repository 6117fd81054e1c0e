"""When Hearts' search playouts play the heuristic in compiled code (`_heuristic.pyx`).

`HeartsState.play_compiled("heuristic", stop)` plays whole deals by the compiled heuristic where
the game still names its own `HeartsHeuristic` as ``heuristic``, the state is quiet, its class
keeps every hook the deal kernel stands in for (as `TrickState.play_random` decides) and the
observation the heuristic reads (`observe`, `points_taken`, `Hearts.card_points`), and the
modules are built. Otherwise the agents play move by move (`Playout`). The compiled heuristic
makes exactly the agent's moves from each seat's own observation:
`parlour.crosscheck.hearts_heuristic` checks it decision by decision. `compiled_agent` hands it
to the compiled ISMCTS loop (`parlour.agents.search.ismcts_gate`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from parlour import compiled_switch
from parlour.core import Action
from parlour.core.deprecated import warn_renamed

if TYPE_CHECKING:
    from parlour.games.hearts.rules import HeartsState

HEURISTIC = "parlour.games.hearts.bots:HeartsHeuristic"
"""The agent the compiled agent reproduces, as `Hearts.agents` names it."""
COMPILED = compiled_switch.load("parlour.games.hearts._heuristic")
"""The compiled heuristic, or None on the pure path."""
_MODES: dict[tuple[type, type], int | None] = {}


def __getattr__(name: str) -> Any:
    """The deprecated module constant `KERNEL` (now `COMPILED`)."""
    if name == "KERNEL":
        warn_renamed("parlour.games.hearts.heuristic_playouts.KERNEL", "COMPILED")
        return COMPILED
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


@contextmanager
def python_heuristic() -> Iterator[None]:
    """Inside the block the heuristic plays in Python everywhere, compiled or not (tests and
    benchmarks compare the two): `play_compiled` declines, and search finds no compiled agent."""
    global COMPILED
    compiled, modes = COMPILED, dict(_MODES)
    COMPILED = None
    _MODES.clear()
    try:
        yield
    finally:
        COMPILED = compiled
        _MODES.clear()
        _MODES.update(modes)


def compiled_mode(state: HeartsState) -> int | None:
    """The deal kernel's mode for `state`'s class and game, or None where the compiled
    heuristic may not play it (see the module)."""
    kinds = type(state), type(state.game)
    if kinds not in _MODES:
        _MODES[kinds] = _mode(*kinds)
    return _MODES[kinds]


def _mode(kind: Any, game_class: Any) -> int | None:
    from parlour.games.hearts.rules import HEARTS_HEURISTIC

    if (COMPILED is None or kind.deal_kernel is None
            or game_class.agents.get("heuristic") != HEURISTIC
            or not HEARTS_HEURISTIC.kept_by(kind, game_class)):
        return None
    mode: int = kind.kernel_mode(game_class)
    return mode


def compiled_agent(state: HeartsState, agent: str) -> tuple[Any, bytes] | None:
    """The compiled heuristic for a search loop on `state` (`cards/_card_agent.pxd`): its
    `CardAgent` capsule and the knowledge of `state`'s position (in the card play), or None
    where it may not stand in for the agents."""
    if agent != "heuristic" or compiled_mode(state) is None:
        return None
    assert COMPILED is not None
    return COMPILED.CARD_AGENT, COMPILED.knowledge(state, state.game.jack_of_diamonds)


def play_heuristic(state: HeartsState, stop: int | None) -> bool:
    """Play `state` (quiet) by the compiled heuristic until deal `stop` (None: the end of the
    game); False, with nothing played, where it may not (`compiled_mode`)."""
    mode = compiled_mode(state)
    if mode is None:
        return False
    state.complete_undo_record()
    COMPILED.play_deals(state, stop, state.game.jack_of_diamonds, mode)  # type: ignore[union-attr]
    return True


def compiled_decider(state: HeartsState) -> Callable[[HeartsState], Action] | None:
    """A function giving `HeartsHeuristic`'s move for the seat to act in a state of `state`'s
    kind (its pass or its card), decided by the compiled heuristic from that seat's knowledge;
    None where the compiled heuristic may not stand in (`compiled_mode`). For
    `parlour.rl.VectorEnv`'s lockstep path (`HeartsHeuristic.lockstep_decider`)."""
    if compiled_mode(state) is None:
        return None
    from parlour.games.hearts.actions import PASS, PLAY
    from parlour.games.hearts.rules import PASSING

    assert COMPILED is not None
    deal = COMPILED.HeuristicDeal()
    jack = bool(state.game.jack_of_diamonds)

    def decide(current: HeartsState) -> Action:
        deal.load(current, jack)
        card: int = deal.choice()[0]
        return (PASS if current.phase == PASSING else PLAY)[card]

    return decide
