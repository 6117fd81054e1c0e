"""Move-for-move cross-checks of the compiled deal and step against the Python rules.

`crosscheck(game, seeds, kernel)` plays one random deal per seed with the Python engine and,
beside it, with the kernel's `TrickPlay`, comparing at every move the player to move and the
legal actions (by id, in the rules' order: bids, answers, the skat, every pair to bury, the
declarations, the cards), at every card the legal cards, each trick's winner and the cards
taken, and at the end of the deal the settled state: the result (in C where the game keeps
`Skat.score_deal`), totals, tiebreaks, the history, and the next deal started undealt.
The CI test runs it on 1,000 deals per variant and `benchmarks/skat_crosscheck.py` on 100,000.

`step_crosscheck` does the same for the compiled step of the `Match` path (`legal_actions`,
`apply`, `apply_without_undo`): every field, history entry, event and undo record after every
move, illegal actions refused alike, undo; `benchmarks/skat_step_crosscheck.py` runs it on
100,000 deals.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from random import Random
from typing import Any, ClassVar

from parlour.core import Action, IllegalActionError, State
from parlour.games.skat.actions import BY_ID, PASS, Play
from parlour.games.skat.rules import (
    BIDDING,
    OVER,
    PLAY_PHASE,
    PYTHON_STEP,
    Deal,
    Skat,
    SkatState,
    _DealToCome,
    bind_kernel,
    kernel_mode,
)
from parlour.games.skat.scoring import DealResult

ALL_PASSED = 2
"""What `TrickPlay.apply_index` returns for the third pass, which the rules' hook makes."""


@dataclass
class CrossCheck:
    """What a cross-check covered."""

    deals: int = 0
    moves: int = 0
    cards: int = 0
    tricks: int = 0
    games: int = 0
    """Deals played as an ISkO game (not thrown in, no Ramsch)."""
    settled_in_c: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    """Settled games by outcome (``won``, ``lost``, ``overbid``, ``Schneider``, ...)."""


class Mismatch(AssertionError):
    """The kernel and the Python rules disagree (the message says where)."""


_RECORDING: dict[type, type] = {}


def _recording(kind: type[SkatState]) -> type[SkatState]:
    """A subclass of `kind` that keeps each deal's tricks and cards taken (`finished`), which
    the next deal clears: the reference engine of a cross-check plays with it."""
    recording = _RECORDING.get(kind)
    if recording is None:
        class Recording(kind):  # type: ignore[valid-type,misc]
            __slots__ = ()
            finished: ClassVar[list[tuple[Any, Any]]] = []

            def finish_deal(self, result: Any) -> None:
                self.finished.append((self.tricks, self.taken))
                super().finish_deal(result)

        recording = _RECORDING[kind] = Recording
    return recording


def crosscheck(game: Skat, seeds: range, kernel: Any) -> CrossCheck:
    """Cross-check `kernel` (the compiled module) on one deal per seed; raise `Mismatch`.

    Each seed plays the first deal of a two-deal series of `game`'s rules from its first
    decision, so that the next deal is started too. Moves are uniformly random, except that
    the bidding of three seeds in four is modest (`_modest_call`) and every fourth seed all
    pass, which starts a Ramsch where the rules have one.
    """
    series = type(game)(**{**game.params, "deals": 2})
    done = CrossCheck()
    bind_kernel(kernel)  # the pure path checks the kernel too, where it is built
    for seed in seeds:
        rng = Random(seed)
        state = series.new_state(seed=seed)
        state.quiet = True
        mirror = state.clone(quiet=True)  # the kernel plays on this copy
        mode = kernel_mode(type(state), type(series), kernel)
        state.__class__ = _recording(type(state))
        play = kernel.TrickPlay()
        play.load(mirror)
        where = f"{game.spec} seed {seed}"
        pending = True  # the kernel holds moves not yet stored into `mirror`
        while state.deal == 0 and state.phase != OVER:
            _same_choices(play, state, where, done)
            legal = state.legal_actions()
            if state.phase == BIDDING and seed % 4 != 1:
                index = _modest_call(legal, rng, all_pass=seed % 4 == 0)
            else:
                index = int(rng.random() * len(legal))
            action = legal[index]
            tricks = len(state.tricks)
            state.apply(action)
            done.moves += 1
            if type(action) is not Play:
                if play.apply_index(index) == ALL_PASSED:  # the game's hook decides
                    play.store(mirror, mode)
                    mirror.apply_without_undo(PASS)
                    pending = mirror.phase == PLAY_PHASE and mirror.deal == 0
                    if pending:  # a Ramsch: the kernel plays its cards
                        play.load(mirror)
                continue
            winner = play.play(action.card)
            done.cards += 1
            _same_trick(play, state, tricks, winner, where, done)
        if pending:
            play.store(mirror, mode)
        if mirror._undealt != state._undealt:
            raise Mismatch(f"{where}: the next deal is undealt in one engine only")
        result = state.results[0]
        if result.declarer is not None:
            done.games += 1
            done.settled_in_c += bool(mode & kernel.SETTLE)
            done.outcomes.update(_outcomes(result))
        if mirror._snapshot() != state._snapshot() or mirror.history != state.history:
            raise Mismatch(f"{where}: the settled deal differs (scores {mirror.totals} in the "
                           f"kernel, {state.totals} by the rules)")
        if type(mirror) is not series.state_class:
            raise Mismatch(f"{where}: the kernel's state is a {type(mirror)} once dealt")
        done.deals += 1
    return done


def _modest_call(legal: Sequence[Action], rng: Random, all_pass: bool) -> int:
    """A pass (always, if `all_pass`) or the lowest bid or a hold, even odds: uniformly
    random bidding overbids nine games in ten, which would leave settling barely checked."""
    if all_pass or rng.random() < 0.5:
        return legal.index(PASS)
    return 0


def _outcomes(result: DealResult) -> list[str]:
    assert result.contract is not None
    flags = ("Schneider", result.schneider), ("Schwarz", result.schwarz), \
        ("Null", result.contract.is_null), ("Hand", result.contract.hand)
    verdict = "overbid" if result.overbid else "won" if result.won else "lost"
    return [verdict, *(name for name, on in flags if on)]


def _same_choices(play: Any, state: SkatState, where: str, done: CrossCheck) -> None:
    if state.phase == PLAY_PHASE and play.legal_mask() != state.legal_mask():
        raise Mismatch(f"{where}, card {done.cards}: kernel legal {play.legal_mask():#x} "
                       f"seat {play.current}, rules {state.legal_mask():#x} seat {state.current}")
    if play.current != state.current or play.phase != state.phase:
        raise Mismatch(f"{where}, move {done.moves}: the kernel has seat {play.current} to "
                       f"move in phase {play.phase}, the rules seat {state.current} in "
                       f"{state.phase}")
    ids = [action.id for action in state.legal_actions()]
    if play.legal_ids() != ids:
        raise Mismatch(f"{where}, move {done.moves}: the kernel's legal actions differ")


def _same_trick(play: Any, state: SkatState, before: int, winner: int, where: str,
                done: CrossCheck) -> None:
    over = state.deal != 0 or state.phase == OVER
    if bool(play.done) != over:
        raise Mismatch(f"{where}: the card play ended in one engine only")
    tricks, taken = state.finished[-1] if over else (state.tricks, state.taken)  # type: ignore[attr-defined]
    if len(tricks) > before:
        done.tricks += 1
        if winner != tricks[-1][2]:
            raise Mismatch(f"{where}: trick {before + 1} won by seat {winner} in the "
                           f"kernel, by seat {tricks[-1][2]} by the rules")
    elif winner != -1:
        raise Mismatch(f"{where}: the kernel ended a trick the rules did not")
    for seat in range(state.game.num_players):
        if play.taken_by(seat) != taken[seat]:
            raise Mismatch(f"{where}: seat {seat} took different cards")


# --- the Match path's compiled step --------------------------------------------------------
@dataclass
class StepCheck:
    """What a cross-check of the compiled step covered."""

    deals: int = 0
    moves: int = 0
    illegal: int = 0
    """Illegal actions tried (each refused by both with the same error, nothing changed)."""
    undone: int = 0
    quiet: int = 0
    """Deals played quiet (the others with events)."""
    last_seed: int = -1
    trusted: int = 0
    """Moves made by `apply_without_undo`."""


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
    """A history entry with any deal to come by its key; an undo record by the history and
    events it goes back to (the compiled step keeps short ones for cards, `undo_play`, where
    the rules keep snapshots: `undo` is compared by its effect), an event as itself."""
    if name == "history":
        return entry.player, _deal_key(entry.action)
    if name == "_undo_stack":
        return entry[1], entry[2]
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
    `apply_without_undo` where the kernel is built, or the functions in `step`) against the
    Python methods (`rules.PYTHON_STEP`) on series of `game` from seed `first_seed` on, until
    `deals` deals are over; raise `Mismatch`.

    Both play the same moves from the same new state, with events (`events` True) or quiet
    (False), or every other series each way (None):
    random legal moves (the bidding of every other seed modest, see `_modest_call`), now and
    then an illegal action (both must refuse it alike and change nothing), an `undo` (both
    must restore the same), or `apply_without_undo`. After every move every field, the
    history, the events and the undo records must be equal.
    """
    compiled = step or {"legal_actions": SkatState.legal_actions, "apply": SkatState.apply,
                        "apply_without_undo": SkatState.apply_without_undo}
    done = StepCheck()
    seed = first_seed - 1
    while done.deals < deals:
        seed += 1
        rng = Random(seed)
        a, b = game.new_state(seed=seed), game.new_state(seed=seed)
        a.quiet = b.quiet = not events if events is not None else seed % 2 == 1
        where = f"{game.spec} seed {seed}"
        _same(a, b, where, "new state", full=True)
        while not a.is_terminal:
            legal = compiled["legal_actions"](a)
            if tuple(legal) != tuple(PYTHON_STEP["legal_actions"](b)):
                raise Mismatch(f"{where}, move {done.moves}: the legal actions differ")
            if a._legal != b._legal or type(a) is not type(b):
                raise Mismatch(f"{where}, move {done.moves}: the legal mask cached differs")
            roll = rng.random()
            if roll < 0.05:
                _refuse_alike(a, b, _illegal(legal, rng), compiled, where)
                done.illegal += 1
                continue
            if a.phase == BIDDING and seed % 2 == 0:
                action = legal[_modest_call(legal, rng, all_pass=seed % 8 == 0)]
            else:
                action = legal[int(rng.random() * len(legal))]
            how = "apply_without_undo" if roll > 0.85 else "apply"
            deal = a.deal
            compiled[how](a, action)
            PYTHON_STEP[how](b, action)
            done.moves += 1
            done.trusted += how == "apply_without_undo"
            _same(a, b, where, (how, action), full=a.deal != deal or a.is_terminal)
            if roll < 0.12 and a.can_undo:
                a.undo()
                b.undo()
                done.undone += 1
                _same(a, b, where, ("undo of", action))
        done.deals += len(a.results)
        done.quiet += len(a.results) if a.quiet else 0
        done.last_seed = seed
    return done


def _illegal(legal: Sequence[Action], rng: Random) -> Action:
    """An action not among `legal` (most often another phase's, or an unplayable card)."""
    while True:
        action = BY_ID[rng.randrange(len(BY_ID))]
        if action not in legal:
            return action


def _refuse_alike(a: SkatState, b: SkatState, action: Action, compiled: Any,
                  where: str) -> None:
    errors = []
    for state, apply in ((a, compiled["apply"]), (b, PYTHON_STEP["apply"])):
        try:
            apply(state, action)
        except IllegalActionError as error:
            errors.append(str(error))
        else:
            raise Mismatch(f"{where}: {action} was not refused")
    if errors[0] != errors[1]:
        raise Mismatch(f"{where}: refused differently: {errors[0]!r} and {errors[1]!r}")
    _same(a, b, where, ("refusing", action))


def _same(a: SkatState, b: SkatState, where: str, after: str | tuple[str, Action],
          full: bool = False) -> None:
    fields_a, fields_b = _fields(a, full), _fields(b, full)
    if fields_a != fields_b:
        differ = sorted(k for k in fields_a if fields_a[k] != fields_b[k])
        what = after if isinstance(after, str) else f"{after[0]} {after[1]}"
        raise Mismatch(f"{where}, after {what}: the compiled step and the rules differ in "
                       f"{', '.join(differ)}")
