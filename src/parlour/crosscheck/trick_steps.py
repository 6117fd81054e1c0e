"""Move-for-move cross-check of the compiled steps of Hearts and Spades against the Python step.

`crosscheck_steps(game, seeds)` plays, per seed, a deal and the start of the next from a random
standing twice: one state moved by the compiled step (`legal_actions`, `apply` and
`apply_unchecked_no_undo` of `games/hearts/_step.pyx`, `games/spades/_step.pyx`), the other by the
Python methods the step stands in for. Every other seed is quiet. At every decision it compares
the legal actions; then it makes the same random choice on both: mostly a checked `apply`,
sometimes `apply_unchecked_no_undo`, an `undo`, or an illegal action (both must raise the same
`IllegalActionError` and change nothing), and compares the whole states: class, fields (the
snapshot), `is_terminal` and `deal_number`, the `_legal` cache, the whole history, events and
undo stack. The CI
test runs it on 1,000 seeds per game, `benchmarks/step_crosscheck.py` on 100,000; a difference
raises `Divergence` naming the seed, the decision, the field and the step's `.pyx` file.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from random import Random
from typing import Any

from parlour import compiled_switch
from parlour.core import Game, IllegalActionError
from parlour.crosscheck.harness import Probe

EXTRA_MOVES = 6
"""Decisions played into the next deal (its cards dealt on first read when quiet)."""


@dataclass
class StepCheck:
    """What a step cross-check covered."""

    deals: int = 0
    applied: int = 0
    """Checked `apply` calls compared (plays, passes and bids)."""
    without_undo: int = 0
    undone: int = 0
    illegal: int = 0
    """Illegal actions refused alike."""
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


def crosscheck_steps(game: Game[Any], seeds: Iterable[int]) -> StepCheck:
    """Cross-check a deal and the start of the next per seed (see the module); raises
    `Divergence` at a difference."""
    py_legal, py_apply, py_without = python_step(game)
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
        first = python.deal
        extra = 0
        while not python.is_terminal and extra < EXTRA_MOVES:
            legal = compiled.legal_actions()
            probe.same("legal actions", tuple(legal), tuple(py_legal(python)))
            roll = rng.random()
            if roll < 0.05 and python.can_undo:
                compiled.undo()
                python.undo()
                probe.moved("undo")
                done.undone += 1
            elif roll < 0.12:
                action = actions[rng.randrange(len(actions))]
                if action not in legal:
                    reasons = []
                    for state, apply in ((compiled, type(compiled).apply), (python, py_apply)):
                        try:
                            apply(state, action)
                        except IllegalActionError as error:
                            reasons.append(str(error))
                        else:
                            reasons.append("accepted")
                    probe.same(f"refusing the illegal {action}", reasons[0], reasons[1])
                    done.illegal += 1
                probe.moved(f"trying {action}")
            else:
                action = legal[rng.randrange(len(legal))]
                if roll < 0.25:
                    compiled.apply_unchecked_no_undo(action)
                    py_without(python, action)
                    done.without_undo += 1
                    probe.moved(f"{action} without undo")
                else:
                    compiled.apply(action)
                    py_apply(python, action)
                    done.applied += 1
                    probe.moved(action)
            _same(compiled, python, probe)
            if python.deal != first:
                extra += 1
        _same(compiled, python, probe)
        done.games_over += python.is_terminal
        done.quiet_games_over += python.is_terminal and quiet
        done.deals += 1
    return done
