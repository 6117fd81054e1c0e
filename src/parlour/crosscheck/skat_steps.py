"""Move-for-move cross-check of Skat's compiled `Match` step against the Python methods.

`step_crosscheck` plays whole series with the compiled `legal_actions`, `apply` and
`apply_unchecked_no_undo` (`games/skat/_deals_and_step.pyx`) beside the Python methods they
stand in for (`rules.PYTHON_STEP`): every field, history entry, event and undo record after
every move, illegal actions refused alike, undo. `benchmarks/skat_step_crosscheck.py` runs it
on 100,000 deals; a difference raises `Divergence` naming the seed, the move, the field and
the file.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from random import Random
from typing import Any

from parlour.core import Action, State
from parlour.core.undo import UndoRecord
from parlour.crosscheck.harness import OWN_STEP, MoveCounts, MoveMix, Probe, StepPath, drive_moves
from parlour.crosscheck.skat_deals import MODULE, _modest_call
from parlour.games.skat.actions import BY_ID
from parlour.games.skat.rules import (
    BIDDING,
    PYTHON_STEP,
    Deal,
    Skat,
    SkatState,
    _DealToCome,
)


@dataclass
class StepCheck(MoveCounts):
    """What a cross-check of the compiled step covered: the moves (`illegal`: illegal actions
    tried, each refused by both with the same error, nothing changed) and the deals."""

    deals: int = 0
    quiet: int = 0
    """Deals played quiet (the others with events)."""
    last_seed: int = -1

    @property
    def moves(self) -> int:
        """Moves made, checked or not."""
        return self.applied + self.without_undo

    @property
    def trusted(self) -> int:
        """Moves made by `apply_unchecked_no_undo`."""
        return self.without_undo


MIX = MoveMix(undo=0.07, trial=0.05, without_undo=0.15)
"""Skat's share of undos, illegal actions and moves without undo (a deal is long: more undos)."""


_ABSENT = object()


_SLOTS = [(name, kind.__dict__[name]) for kind in (SkatState, State) for name in kind.__slots__]
_NAMES = [name for name, _ in _SLOTS]
_READ_ALL = attrgetter(*_NAMES)
_LOGS = ("history", "events", "_undo_stack")
_TAILS = {"history": 3, "events": 12, "_undo_stack": 2}
"""How many of the last entries a move may have changed (after `full` checks, all)."""


def _fields(state: SkatState, full: bool) -> dict[str, Any]:
    """Every slot of `state` read through its descriptor (an undealt state's unset fields
    as absent, without dealing them), deals to come by what they are made of; of the
    history, events and undo records their lengths and last entries, or all if `full`."""
    out: dict[str, Any] = {"class": type(state)}
    values: Iterable[tuple[str, Any]]
    if not state._undealt:  # every slot set: read them at once
        values = zip(_NAMES, _READ_ALL(state), strict=True)
    else:
        values = ((name, _read(slot, state)) for name, slot in _SLOTS)
    for name, value in values:
        if name in _LOGS:
            value = (len(value), [_log_key(name, entry)
                                  for entry in (value if full else value[-_TAILS[name]:])])
        elif name == "_coming":
            value = _deal_key(value)
        out[name] = value
    return out


def _read(slot: Any, state: SkatState) -> Any:
    try:
        return slot.__get__(state, SkatState)
    except AttributeError:
        return _ABSENT


def _log_key(name: str, entry: Any) -> Any:
    """A history entry with any deal to come by its key; an undo record by its being a
    `FullUndo` or `ShortUndo` and the history and events it goes back to (the compiled step
    keeps short ones for cards, `undo_play`, where the rules keep snapshots: `undo` is compared
    by its effect), an event as itself."""
    if name == "history":
        return entry.player, _deal_key(entry.action)
    if name == "_undo_stack":
        return isinstance(entry, UndoRecord), entry[1], entry[2]
    return entry


def _is_set(obj: Any, kind: type, name: str) -> bool:
    try:
        kind.__dict__[name].__get__(obj, type(obj))
    except AttributeError:
        return False
    return True


def _deal_key(value: Any) -> Any:
    """A deal to come by its dealer, seed and number, and whether it was read (comparing its
    cards would deal them); anything else as itself."""
    if isinstance(value, _DealToCome):
        return ("to come", value.dealer, value._seed, value._number,
                _is_set(value, Deal, "hands"))
    return value


def step_crosscheck(game: Skat, deals: int, events: bool | None = None, step: Any = None,
                    first_seed: int = 0) -> StepCheck:
    """Cross-check the compiled step (`SkatState.legal_actions`, `apply` and
    `apply_unchecked_no_undo` where its compiled module is built, or the functions in `step`)
    against the
    Python methods (`rules.PYTHON_STEP`) on series of `game` from seed `first_seed` on, until
    `deals` deals are over; raise `Divergence`.

    Both play the same moves from the same new state, with events (`events` True) or quiet
    (False), or every other series each way (None), through `harness.drive_moves`: random
    legal moves (the bidding of every other seed modest, see `_modest_call`), now and then an
    illegal action (both must refuse it alike and change nothing), an `undo` (both must restore
    the same), or `apply_unchecked_no_undo` (`MIX`). After every decision every field, the
    history, the events and the undo records must be equal.
    """
    paths = (StepPath(**step) if step else OWN_STEP, StepPath(**PYTHON_STEP))
    done = StepCheck()
    probe = Probe(MODULE)
    seed = first_seed - 1
    while done.deals < deals:
        seed += 1
        a, b = game.new_state(seed=seed), game.new_state(seed=seed)
        a.quiet = b.quiet = not events if events is not None else seed % 2 == 1
        probe.start(game.spec, seed)
        series = _Series(seed)
        series.compare(a, b, probe)
        drive_moves(a, b, paths, probe, Random(seed), done, going_on=series.going_on,
                    compare=series.compare, trial=_illegal, choose=series.choose,
                    on_legal=_same_before_move, mix=MIX)
        done.deals += len(a.results)
        done.quiet += len(a.results) if a.quiet else 0
        done.last_seed = seed
    return done


class _Series:
    """`drive_moves`'s hooks for one series: to its end, the bidding of an even seed modest,
    the whole logs compared where a deal ended."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.deal = -1

    def going_on(self, state: SkatState) -> bool:
        return not state.is_terminal

    def choose(self, state: SkatState, legal: Sequence[Action], rng: Random) -> Action:
        if state.phase == BIDDING and self.seed % 2 == 0:
            return legal[_modest_call(legal, rng, all_pass=self.seed % 8 == 0)]
        return legal[int(rng.random() * len(legal))]

    def compare(self, a: SkatState, b: SkatState, probe: Probe) -> None:
        _same(a, b, probe, full=a.deal != self.deal or a.is_terminal)
        self.deal = a.deal


def _same_before_move(a: SkatState, b: SkatState, probe: Probe) -> None:
    probe.same("the legal mask cached", a._legal, b._legal)
    probe.same("state class", type(a).__name__, type(b).__name__)


def _illegal(legal: Sequence[Action], rng: Random) -> Action:
    """An action not among `legal` (most often another phase's, or an unplayable card)."""
    while True:
        action = BY_ID[rng.randrange(len(BY_ID))]
        if action not in legal:
            return action


def _same(a: SkatState, b: SkatState, probe: Probe, full: bool = False) -> None:
    probe.same("state", _fields(a, full), _fields(b, full))
