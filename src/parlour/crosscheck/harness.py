"""The one harness every cross-check of compiled code against the Python rules runs on.

A cross-check (a *mirror*: `parlour.crosscheck.MIRRORS`) plays seeded games twice, once through
a compiled module and once through the Python code it stands in for, and compares them through
a `Probe`, which knows where the check is (game, seed, move, the last action) and which
compiled source holds the other copy of the rules. The first difference raises `Divergence`,
one line naming all of it and the field that differs, down to the element::

    hearts seed 17, move 52 (after Q♠): state field totals[1]: 20 in
    src/parlour/games/hearts/_deals.pyx, 19 in the Python rules

`drive_moves` is the move driver of the step mirrors (a `Match`'s `legal_actions`, `apply` and
`apply_unchecked_no_undo` in C against the Python methods): one game moved through both paths,
decision by decision, the same random mix of checked moves, moves without undo, undos and
illegal actions on both, compared after each. `drive` runs a check over many seeds in parts and
adds up what each part covered, for the benchmark scripts (``benchmarks/*crosscheck*.py``) and
the tests alike.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, NoReturn, TypeVar

from parlour.compiled_modules import PACKAGE_DIR, module_named
from parlour.core.deprecated import warn_renamed
from parlour.core.errors import IllegalActionError

C = TypeVar("C")


class Divergence(AssertionError):
    """A compiled module and the Python rules differ (one line: where, what, which file)."""


def compiled_file(module: str) -> str:
    """The source of compiled module `module` as a path from the project root."""
    source = module_named(module).source()
    try:
        return str(source.relative_to(PACKAGE_DIR.parent.parent))
    except ValueError:
        return str(source)


def kernel_file(module: str) -> str:
    """Deprecated name of `compiled_file`."""
    warn_renamed("parlour.crosscheck.harness.kernel_file", "compiled_file")
    return compiled_file(module)


def first_difference(compiled: Any, python: Any, path: str = "") -> tuple[str, Any, Any] | None:
    """The first place where `compiled` and `python` differ, as (path, one value, the other),
    descending into tuples and lists of the same type (``[2][1]``) and dicts (``['key']``);
    None if they are equal."""
    if compiled == python:
        return None
    if type(compiled) is type(python) and isinstance(compiled, (tuple, list)):
        for index, (a, b) in enumerate(zip(compiled, python, strict=False)):
            found = first_difference(a, b, f"{path}[{index}]")
            if found is not None:
                return found
        return f"{path} (length)", len(compiled), len(python)
    if isinstance(compiled, dict) and isinstance(python, dict):
        for key in [*compiled, *(key for key in python if key not in compiled)]:
            if compiled.get(key) != python.get(key):
                return first_difference(compiled.get(key), python.get(key), f"{path}[{key!r}]")
    return path, compiled, python


MECHANISM = frozenset(("events", "history", "quiet", "_undo_stack", "_legal", "_coming",
                       "game", "seed"))
"""State slots that are not rules' fields: compared on their own where a check wants them."""


def state_fields(state: Any) -> dict[str, Any]:
    """Every slot of `state` that is set, by name, read through the slot descriptors (so an
    undealt state's unset fields stay unset rather than being dealt), without `MECHANISM`."""
    fields: dict[str, Any] = {}
    for kind in type(state).__mro__:
        for name in getattr(kind, "__slots__", ()):
            descriptor = kind.__dict__.get(name)
            if name in fields or name in MECHANISM or not hasattr(descriptor, "__get__"):
                continue
            try:
                fields[name] = descriptor.__get__(state, type(state))  # type: ignore[union-attr]
            except AttributeError:
                continue
    return fields


@dataclass
class Probe:
    """Where a cross-check is (`spec`, `seed`, `move`, `after`) and its comparisons; each
    raises `Divergence` at the first difference, naming the compiled file of `module`."""

    module: str
    """The compiled module (a name in `parlour.compiled_modules`) under check."""
    spec: str = ""
    seed: int = -1
    move: int = 0
    after: str = ""

    @property
    def kernel(self) -> str:
        """Deprecated name of `module`."""
        warn_renamed("Probe.kernel", "Probe.module")
        return self.module

    def start(self, spec: str, seed: int) -> None:
        """A new game: `spec`, `seed`, no move yet."""
        self.spec, self.seed, self.move, self.after = spec, seed, 0, ""

    def moved(self, action: object) -> None:
        """One more move, `action`."""
        self.move += 1
        self.after = str(action)

    def where(self) -> str:
        """The position, for people: ``hearts seed 17, move 52 (after Q♠)``."""
        after = f" (after {self.after})" if self.after else ""
        return f"{self.spec} seed {self.seed}, move {self.move}{after}"

    def fail(self, what: str, compiled: Any = None, python: Any = None) -> NoReturn:
        """Raise the `Divergence` of `what` (with the two values, if given)."""
        masks = any(_is_mask(value) for value in (compiled, python))
        values = "" if compiled is None and python is None else (
            f": {_shown(compiled, masks)} in {compiled_file(self.module)}, "
            f"{_shown(python, masks)} in the Python rules")
        if not values:
            what = f"{what} ({compiled_file(self.module)} against the Python rules)"
        raise Divergence(f"{self.where()}: {what}{values}")

    def check(self, ok: bool, what: str) -> None:
        """Fail with `what` unless `ok` (a promise with no two values to show)."""
        if not ok:
            self.fail(what)

    def same(self, what: str, compiled: Any, python: Any) -> None:
        """`compiled` (from the compiled module) equals `python`, else fail naming the first
        element that differs."""
        found = first_difference(compiled, python)
        if found is not None:
            path, a, b = found
            self.fail(f"{what}{path}", a, b)

    def same_state(self, compiled: Any, python: Any, history: bool = True,
                   kind: bool = True) -> None:
        """The two states have equal snapshots (and `history`) and, after that (reading a
        snapshot deals an undealt state), the same class (if `kind`): else fail naming the
        first field (slot) that differs, or the snapshot's element."""
        if compiled._snapshot() != python._snapshot():
            mine, theirs = state_fields(compiled), state_fields(python)
            for name in [*mine, *(name for name in theirs if name not in mine)]:
                if mine.get(name) != theirs.get(name):
                    self.same(f"state field {name}", mine.get(name), theirs.get(name))
            self.same("state snapshot", compiled._snapshot(), python._snapshot())
        if history:
            self.same("history", compiled.history, python.history)
        if kind:
            self.same("state class", type(compiled).__name__, type(python).__name__)


def _is_mask(value: Any) -> bool:
    """True for an int too large to be a count or a seat: a card mask."""
    return isinstance(value, int) and not isinstance(value, bool) and value > 1 << 16


def _shown(value: Any, masks: bool) -> str:
    """A value for a one-line message: ints in hex among `masks`, long values cut."""
    text = f"{value:#x}" if masks and isinstance(value, int) and not isinstance(value, bool) \
        else str(value)
    return text if len(text) <= 160 else text[:157] + "..."


@dataclass(frozen=True)
class StepPath:
    """One path's step: the three functions a `Match` moves a state with, each taking the
    state first (a class's methods, or the Python methods a compiled step stands in for)."""

    legal_actions: Callable[[Any], Sequence[Any]]
    apply: Callable[[Any, Any], object]
    apply_unchecked_no_undo: Callable[[Any, Any], object]


@dataclass(frozen=True)
class MoveMix:
    """The shares of a driver's decisions, drawn from one roll each: an undo (where one is
    possible), an action tried (refused alike where illegal), a legal move without undo; the
    rest are checked `apply` calls."""

    undo: float = 0.05
    trial: float = 0.07
    without_undo: float = 0.13


@dataclass
class MoveCounts:
    """What `drive_moves` did, added up over its calls."""

    applied: int = 0
    """Checked `apply` calls compared."""
    without_undo: int = 0
    undone: int = 0
    illegal: int = 0
    """Illegal actions refused alike."""


def _legal_actions(state: Any) -> Sequence[Any]:
    return state.legal_actions()  # type: ignore[no-any-return]


def _apply(state: Any, action: Any) -> object:
    return state.apply(action)


def _apply_unchecked_no_undo(state: Any, action: Any) -> object:
    return state.apply_unchecked_no_undo(action)


OWN_STEP = StepPath(_legal_actions, _apply, _apply_unchecked_no_undo)
"""Each state's own methods, looked up on its class at each call: the compiled step where one
is installed on the class."""


def random_choice(state: Any, legal: Sequence[Any], rng: Random) -> Any:
    """A legal action drawn uniformly (the drivers' default choice)."""
    return legal[rng.randrange(len(legal))]


def drive_moves(compiled: Any, python: Any, paths: tuple[StepPath, StepPath], probe: Probe,
                rng: Random, counts: MoveCounts, *,
                going_on: Callable[[Any], bool],
                compare: Callable[[Any, Any, Probe], None],
                trial: Callable[[Sequence[Any], Random], Any],
                choose: Callable[[Any, Sequence[Any], Random], Any] = random_choice,
                on_legal: Callable[[Any, Any, Probe], None] | None = None,
                mix: MoveMix = MoveMix()) -> None:
    """Move state `compiled` by `paths[0]` and its equal twin `python` by `paths[1]` while
    `going_on(python)`, raising `Divergence` through `probe` at the first difference.

    At each decision the legal actions must be equal (then `on_legal` may compare more); one
    roll of `rng` picks the move by `mix`: an undo on both, an action from `trial(legal, rng)`
    that both must refuse with the same `IllegalActionError` if it is illegal, or a legal
    action (`choose(python, legal, rng)`) made by `apply_unchecked_no_undo` or `apply` on both.
    Then `compare(compiled, python, probe)` compares the states; `counts` adds up the moves."""
    mine, theirs = paths
    without_below = mix.undo + mix.trial + mix.without_undo
    while going_on(python):
        legal = mine.legal_actions(compiled)
        probe.same("legal actions", tuple(legal), tuple(theirs.legal_actions(python)))
        if on_legal is not None:
            on_legal(compiled, python, probe)
        roll = rng.random()
        if roll < mix.undo and python.can_undo:
            compiled.undo()
            python.undo()
            probe.moved("undo")
            counts.undone += 1
        elif roll < mix.undo + mix.trial:
            action = trial(legal, rng)
            if action not in legal:
                probe.same(f"refusing the illegal {action}", _refusal(mine.apply, compiled, action),
                           _refusal(theirs.apply, python, action))
                counts.illegal += 1
            probe.moved(f"trying {action}")
        else:
            action = choose(python, legal, rng)
            if roll < without_below:
                mine.apply_unchecked_no_undo(compiled, action)
                theirs.apply_unchecked_no_undo(python, action)
                counts.without_undo += 1
                probe.moved(f"{action} without undo")
            else:
                mine.apply(compiled, action)
                theirs.apply(python, action)
                counts.applied += 1
                probe.moved(action)
        compare(compiled, python, probe)


def _refusal(apply: Callable[[Any, Any], object], state: Any, action: Any) -> str:
    """The message of the `IllegalActionError` `apply` raises for `action`, or "accepted"."""
    try:
        apply(state, action)
    except IllegalActionError as error:
        return str(error)
    return "accepted"


def add(total: C, part: C) -> C:
    """`total` with `part`'s counts added (int fields summed, `Counter` fields updated; other
    fields take `part`'s value)."""
    for field in dataclasses.fields(total):  # type: ignore[arg-type]
        mine, theirs = getattr(total, field.name), getattr(part, field.name)
        if isinstance(mine, Counter):
            mine.update(theirs)
        elif isinstance(mine, int) and not isinstance(mine, bool):
            setattr(total, field.name, mine + theirs)
        else:
            setattr(total, field.name, theirs)
    return total


def drive(check: Callable[[range], C], seeds: range, part: int = 10_000,
          progress: Callable[[C], None] | None = None) -> C:
    """Run `check` over `seeds` in parts of `part` seeds, adding up what each part covered
    (the check's coverage record, with `add`); `progress` sees the counts so far after each
    part. Returns the total; a difference raises `Divergence` from the part where it is."""
    total = check(seeds[:part])
    if progress is not None:
        progress(total)
    for first in range(part, len(seeds), part):
        add(total, check(seeds[first:first + part]))
        if progress is not None:
            progress(total)
    return total
