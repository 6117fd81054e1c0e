"""Move-for-move cross-check of the general trick layer's compiled step against the Python step.

`crosscheck(game, seeds)` plays, per seed, a game on `ContractTrickState` (one whose class names
its `layer_class`) twice from its first decision: one state moved by the compiled step
(`legal_actions`, `apply` and `apply_unchecked_no_undo` of `cards/_layer_step.pyx`), the other by
the Python methods it stands in for. Every other seed is quiet. At every decision it compares
the legal actions, then makes the same random choice on both: mostly a checked `apply`,
sometimes `apply_unchecked_no_undo`, an `undo`, or an action of the game that is illegal there
(both must raise the same `IllegalActionError`), and compares the whole states: class, every
field, the `_legal` cache, the history, the events and the undo stack (a short undo record of
the compiled step's by undoing it on copies of both). A difference raises
`Divergence` naming the seed, the move, the field and `cards/_layer_step.pyx`.

`LAYER_GAMES` lists the registered games built on the layer that the tests and
``benchmarks/layer_step.py`` check this way (a plug-in's own tests check it too).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from random import Random
from typing import Any

from parlour.cards.contract_state import LAYER_STEP
from parlour.core import Game, IllegalActionError
from parlour.crosscheck.harness import Probe, add, state_fields

LAYER_GAMES: tuple[str, ...] = (
    "schafkopf", "schafkopf:all_pass=ramsch,kontra_round=after-lead",
    "doppelkopf:deals=1,tournament=false",
    "doppelkopf:deals=2,tournament=false,with_nines=false,armut=true,schweinchen=true,"
    "second_dulle=except_last_trick", "ohhell")
"""Registered games (specs) on `ContractTrickState` to cross-check; those not installed here
(a plug-in) are left to their own tests."""

MAX_MOVES = 400
"""Decisions per seed at most (a game that has not ended by then is compared as it stands)."""


@dataclass
class StepCheck:
    """What a cross-check of the layer's step covered."""

    games: int = 0
    applied: int = 0
    """Checked `apply` calls compared (card plays and the game's other moves)."""
    cards: int = 0
    """Of the moves compared, the card plays (what the compiled step does itself)."""
    without_undo: int = 0
    undone: int = 0
    illegal: int = 0
    """Illegal actions refused alike."""
    games_over: int = 0


def python_step(kind: type) -> tuple[Any, Any, Any]:
    """The Python `legal_actions`, `apply` and `apply_unchecked_no_undo` that the compiled step
    stands in for on state class `kind`; raises `LookupError` where it does not apply."""
    step = LAYER_STEP.kernel()
    if step is None or not LAYER_STEP.applies(kind):
        raise LookupError(f"{kind.__name__}: the layer's compiled step does not apply here")
    try:
        return step.python_step(kind)  # type: ignore[no-any-return]
    except TypeError as error:  # a class that keeps a compiled step of its own
        raise LookupError(str(error)) from None


def _same(compiled: Any, python: Any, probe: Probe) -> None:
    probe.same("history", compiled.history, python.history)
    probe.same("events", compiled.events, python.events)
    _same_undo(compiled, python, probe)
    probe.same("the legal-mask cache", compiled._legal, python._legal)
    probe.same_state(compiled, python, history=False)
    probe.same("state field", state_fields(compiled), state_fields(python))  # beyond snapshots


def _same_undo(compiled: Any, python: Any, probe: Probe) -> None:
    """The undo stacks agree: records of the same moves, equal where both are snapshots; and
    where the compiled step kept a short record (`TrickState.undo_play`), undoing the move on
    copies of both states leaves them equal."""
    mine, theirs = compiled._undo_stack, python._undo_stack
    probe.same("undo stack (length)", len(mine), len(theirs))
    for index, (record, full) in enumerate(zip(mine, theirs, strict=True)):
        probe.same(f"undo stack[{index}]: history and events lengths", record[1:3], full[1:3])
        if len(record) == len(full):
            probe.same(f"undo stack[{index}]", record, full)
    if mine and len(mine[-1]) == 4:
        undone, reference = compiled.clone(), python.clone()
        undone.undo()
        reference.undo()
        probe.same_state(undone, reference)
        probe.same("events after an undo", undone.events, reference.events)


def crosscheck(game: Game[Any], seeds: Iterable[int]) -> StepCheck:
    """Cross-check one game per seed (see the module); raises `Divergence` at a difference,
    `LookupError` where the compiled step does not apply to `game`'s states."""
    probe = Probe(LAYER_STEP.module)
    actions = [game.action_from_id(i) for i in range(game.num_distinct_actions)]
    done = StepCheck()
    for seed in seeds:
        probe.start(game.spec, seed)
        rng = Random(seed)
        python = game.new_state(seed=seed)
        python.quiet = seed % 2 == 1
        py_legal, py_apply, py_without = python_step(type(python))
        cards = type(python).card_actions
        card_actions = {id(action) for action in cards.values()}
        compiled = python.clone()
        for _ in range(MAX_MOVES):
            if python.is_terminal:
                break
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
                    reasons = [_refusal(type(compiled).apply, compiled, action),
                               _refusal(py_apply, python, action)]
                    probe.same(f"refusing the illegal {action}", reasons[0], reasons[1])
                    done.illegal += 1
                probe.moved(f"trying {action}")
            else:
                action = legal[rng.randrange(len(legal))]
                done.cards += id(action) in card_actions
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
        done.games += 1
        done.games_over += python.is_terminal
    return done


def crosscheck_cards(game: Game[Any], cards: int = 1000, seeds: int = 1000) -> StepCheck:
    """`crosscheck` over seeds 0, 1, ... until `cards` card plays were compared (about 1,000
    positions whatever the game's length); raises `LookupError` if `seeds` seeds were not
    enough."""
    done = StepCheck()
    for first in range(0, seeds, 4):
        add(done, crosscheck(game, range(first, first + 4)))
        if done.cards >= cards:
            return done
    raise LookupError(f"{game.spec}: {seeds} games played only {done.cards} cards")


def _refusal(apply: Any, state: Any, action: Any) -> str:
    """The message of the `IllegalActionError` `apply` raises, or "accepted"."""
    try:
        apply(state, action)
    except IllegalActionError as error:
        return str(error)
    return "accepted"
