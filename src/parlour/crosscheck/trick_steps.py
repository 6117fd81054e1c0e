"""Move-for-move cross-check of the compiled steps of Hearts and Spades against the Python step.

`crosscheck_steps(game, seeds)` plays, per seed, a deal and the start of the next from a random
standing twice (`harness.drive_moves`): one state moved by the compiled step (`legal_actions`,
`apply` and `apply_unchecked_no_undo` of `games/hearts/_step.pyx`, `games/spades/_step.pyx`), the
other by the Python methods the step stands in for. Every other seed is quiet. At every decision
it compares the legal actions; then it makes the same random choice on both: mostly a checked
`apply`, sometimes `apply_unchecked_no_undo`, an `undo`, or an illegal action (both must raise
the same `IllegalActionError` and change nothing), and compares the whole states: class, fields
(the snapshot), `is_terminal` and `deal_number`, the `_legal` cache, the whole history, events
and undo stack. The CI test runs it on 1,000 seeds per game, `benchmarks/step_crosscheck.py` on
100,000; a difference raises `Divergence` naming the seed, the decision, the field and the
step's `.pyx` file.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from random import Random
from typing import Any

from parlour import compiled_switch
from parlour.core import Game
from parlour.crosscheck.harness import OWN_STEP, MoveCounts, Probe, StepPath, drive_moves

EXTRA_MOVES = 6
"""Decisions played into the next deal (its cards dealt on first read when quiet)."""


@dataclass
class StepCheck(MoveCounts):
    """What a step cross-check covered: the moves (`applied` counts plays, passes and bids)
    and the games."""

    deals: int = 0
    games_over: int = 0
    quiet_games_over: int = 0
    """Games that ended on a quiet seed (settled in C where the game allows)."""


def python_step(game: Game[Any]) -> tuple[Any, Any, Any]:
    """The Python `legal_actions`, `apply` and `apply_unchecked_no_undo` of `game`'s states, which
    the compiled step stands in for; raises `LookupError` on the pure path."""
    step = compiled_switch.load(f"parlour.games.{game.id}._step")
    if step is None:
        raise LookupError(f"{game.id}: no compiled step on this path")
    return step.python_step()  # type: ignore[no-any-return]


def _start(game: Game[Any], seed: int, rng: Random) -> Any:
    """The first decision of a game from a random standing, so that games end too."""
    if game.id == "spades":
        limit = game.bag_limit  # type: ignore[attr-defined]
        return game.new_state(seed=seed, scores=[rng.randrange(-300, 520, 10),
                                                  rng.randrange(-300, 520, 10)],
                              bags=[rng.randrange(limit), rng.randrange(limit)])
    state = game.new_state(seed=seed)
    state.totals = tuple(rng.randrange(0, game.end_score) for _ in range(4))  # type: ignore[attr-defined]
    return state


def _same(compiled: Any, python: Any, probe: Probe) -> None:
    probe.same("state class", type(compiled).__name__, type(python).__name__)
    for name in ("is_terminal", "deal_number"):  # read in C: against the Python property
        prop = getattr(type(python), name)
        probe.same(name, getattr(compiled, name), getattr(prop, "fallback", prop).__get__(python))
    probe.same("history", compiled.history, python.history)
    probe.same("events", compiled.events, python.events)
    probe.same("undo stack", compiled._undo_stack, python._undo_stack)
    probe.same("undo record types", [type(record) for record in compiled._undo_stack],
               [type(record) for record in python._undo_stack])
    if not python.undealt:  # reading an undealt state's fields would deal it
        probe.same("the legal-mask cache", compiled._legal, python._legal)
        probe.same_state(compiled, python, history=False)


class _NextDealMoves:
    """`drive_moves`'s `going_on` for one game: until it is over or `EXTRA_MOVES` decisions
    of the deal after the first were made."""

    def __init__(self, state: Any) -> None:
        self.first = state.deal
        self.started = False
        self.extra = 0

    def __call__(self, state: Any) -> bool:
        if self.started and state.deal != self.first:
            self.extra += 1
        self.started = True
        return not state.is_terminal and self.extra < EXTRA_MOVES


def crosscheck_steps(game: Game[Any], seeds: Iterable[int]) -> StepCheck:
    """Cross-check a deal and the start of the next per seed (see the module); raises
    `Divergence` at a difference."""
    paths = (OWN_STEP, StepPath(*python_step(game)))
    actions = [game.action_from_id(i) for i in range(game.num_distinct_actions)]
    done = StepCheck()
    probe = Probe(f"parlour.games.{game.id}._step")
    for seed in seeds:
        probe.start(game.spec, seed)
        rng = Random(seed)
        python = _start(game, seed, rng)
        quiet = seed % 2 == 1
        python.quiet = quiet
        compiled = python.clone()
        drive_moves(compiled, python, paths, probe, rng, done, going_on=_NextDealMoves(python),
                    compare=_same, trial=lambda legal, rng: actions[rng.randrange(len(actions))])
        _same(compiled, python, probe)
        done.games_over += python.is_terminal
        done.quiet_games_over += python.is_terminal and quiet
        done.deals += 1
    return done
