"""Move-for-move cross-check of the general trick layer's compiled step against the Python step.

`crosscheck(game, seeds)` plays, per seed, a game on `ContractTrickState` (one whose class names
its `layer_class`) twice from its first decision (`harness.drive_moves`): one state moved by the
compiled step (`legal_actions`, `apply` and `apply_unchecked_no_undo` of
`cards/_layer_step.pyx`), the other by the Python methods it stands in for. Every other seed is
quiet. At every decision it compares the legal actions, then makes the same random choice on
both: mostly a checked `apply`, sometimes `apply_unchecked_no_undo`, an `undo`, or an action of
the game that is illegal there (both must raise the same `IllegalActionError`), and compares the
whole states: class, every field, the `_legal` cache, the history, the events and the undo
stack (a short undo record of the compiled step's by undoing it on copies of both). A
difference raises `Divergence` naming the seed, the move, the field and
`cards/_layer_step.pyx`.

`LAYER_GAMES` lists the registered games built on the layer that the tests and
``benchmarks/layer_step.py`` check this way (a plug-in's own tests check it too).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from parlour.cards.contract_state import LAYER_STEP
from parlour.core import Game
from parlour.core.undo import UndoRecord, is_short
from parlour.crosscheck.harness import (
    OWN_STEP,
    MoveCounts,
    Probe,
    StepPath,
    add,
    drive_moves,
    random_choice,
    state_fields,
)

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
class StepCheck(MoveCounts):
    """What a cross-check of the layer's step covered: the moves (`applied` counts card plays
    and the game's other moves) and the games."""

    games: int = 0
    cards: int = 0
    """Of the moves compared, the card plays (what the compiled step does itself)."""
    games_over: int = 0


def python_step(kind: type) -> tuple[Any, Any, Any]:
    """The Python `legal_actions`, `apply` and `apply_unchecked_no_undo` that the compiled step
    stands in for on state class `kind`; raises `LookupError` where it does not apply."""
    step = LAYER_STEP.load()
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
        probe.same(f"undo stack[{index}]: a named record", isinstance(record, UndoRecord), True)
        if type(record) is type(full):
            probe.same(f"undo stack[{index}]", record, full)
    if mine and is_short(mine[-1]):
        undone, reference = compiled.clone(), python.clone()
        undone.undo()
        reference.undo()
        probe.same_state(undone, reference)
        probe.same("events after an undo", undone.events, reference.events)


class _OneGame:
    """`drive_moves`'s hooks for one game: at most `MAX_MOVES` decisions, the card plays
    counted in `done.cards`."""

    def __init__(self, state: Any, done: StepCheck) -> None:
        self.left = MAX_MOVES
        self.cards = {id(action) for action in type(state).card_actions.values()}
        self.done = done

    def going_on(self, state: Any) -> bool:
        if state.is_terminal or not self.left:
            return False
        self.left -= 1
        return True

    def choose(self, state: Any, legal: Sequence[Any], rng: Random) -> Any:
        action = random_choice(state, legal, rng)
        self.done.cards += id(action) in self.cards
        return action


def crosscheck(game: Game[Any], seeds: Iterable[int]) -> StepCheck:
    """Cross-check one game per seed (see the module); raises `Divergence` at a difference,
    `LookupError` where the compiled step does not apply to `game`'s states."""
    probe = Probe(LAYER_STEP.module)
    actions = [game.action_from_id(i) for i in range(game.num_distinct_actions)]
    done = StepCheck()

    def trial(legal: Sequence[Any], rng: Random) -> Any:
        return actions[rng.randrange(len(actions))]

    for seed in seeds:
        probe.start(game.spec, seed)
        python = game.new_state(seed=seed)
        python.quiet = seed % 2 == 1
        one = _OneGame(python, done)
        drive_moves(python.clone(), python, (OWN_STEP, StepPath(*python_step(type(python)))),
                    probe, Random(seed), done, going_on=one.going_on, compare=_same,
                    trial=trial, choose=one.choose)
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
