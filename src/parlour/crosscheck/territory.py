"""Turn-for-turn cross-check of Territory's compiled zombie turns (`games/territory/_zombies.pyx`).

`crosscheck(game, seeds)` plays each seed's game three ways: quiet and with events on the
compiled path (the kernel builds the events too), and with events in Python (`PythonTurns`, a
subclass the kernel leaves alone). After every seat's turn the boards, pieces, round, the player
to move, the ending and the zombies' generator state must be equal, and the events of the two
loud games; at the end the scores and winners. `tests/games/territory/test_zombies.py` runs it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from parlour.crosscheck.harness import Probe
from parlour.games.territory import rules
from parlour.games.territory.rules import TerritoryState

MODULE = "parlour.games.territory._zombies"


class PythonTurns(TerritoryState):
    """The reference: overriding a zombie method keeps the turns in Python."""

    __slots__ = ()

    def _zombie_turn(self, owner: int) -> None:
        super()._zombie_turn(owner)


@dataclass
class TerritoryCheck:
    """What a Territory cross-check covered."""

    games: int = 0
    turns: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    """Games by how they ended (``all`` squares taken, or the round limit)."""


def fields(state: TerritoryState) -> dict[str, Any]:
    """What the zombie turns change, by name."""
    return {"owners": state.owners.tobytes(), "numbers": state.numbers.tobytes(),
            "squares": tuple(state.squares), "pieces": tuple(state.pieces),
            "position": state.position, "round": state.round, "current": state.current,
            "over": state.over, "end_reason": state.end_reason, "forfeits": state.forfeits,
            "zombie stream": str(state.zombie_rng.bit_generator.state)}


def python_state(game: Any, seed: int, **setup: Any) -> TerritoryState:
    """`game`'s state of `seed` (and `setup`) with every zombie turn in Python, the first ones
    included."""
    zombies, rules._ZOMBIES = rules._ZOMBIES, None  # the zombies before the first seat's turn
    try:
        state: TerritoryState = game.new_state(seed=seed, quiet=False, **setup)
    finally:
        rules._ZOMBIES = zombies
    state.__class__ = PythonTurns
    return state


def crosscheck(game: Any, seeds: Iterable[int]) -> TerritoryCheck:
    """Cross-check one game per seed (see the module); raises `Divergence`."""
    probe = Probe(MODULE)
    done = TerritoryCheck()
    for seed in seeds:
        probe.start(game.spec, seed)
        quiet = game.new_state(seed=seed, quiet=True)
        loud = game.new_state(seed=seed, quiet=False)  # events built in the kernel
        python = python_state(game, seed)
        while True:
            probe.same("quiet state ", fields(quiet), fields(python))
            probe.same("state ", fields(loud), fields(python))
            probe.same("events", loud.events, python.events)
            if quiet.is_terminal:
                break
            legal = quiet.legal_actions()
            action = legal[(seed + python.round) % len(legal)]
            for state in (quiet, loud, python):
                state.apply(action)
            probe.moved(action)
            done.turns += 1
        probe.same("scores", quiet.scores(), python.scores())
        probe.same("winners", quiet.winners(), python.winners())
        done.endings[quiet.end_reason.split()[0]] += 1
        done.games += 1
    return done
