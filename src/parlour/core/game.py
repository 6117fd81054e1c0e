"""The game contract: `Game` (the rules), `State` (one game in progress), and their values.

A `Game` is immutable: it holds parameters and no game in progress. A `State` is mutable and
holds everything, hidden information included; only `State.observe` hands out what one seat may
know. Every `apply` takes a small snapshot first, so `undo` is exact and cheap, and emits
`Event`s that say who may see them.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from random import Random
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, NamedTuple, Protocol, TypeVar

from parlour.core.actions import Action as Action
from parlour.core.actions import IdAction as IdAction
from parlour.core.deprecated import DeprecatedStateNames
from parlour.core.errors import IllegalActionError, NotationError, ParlourError
from parlour.core.events import DealScored as DealScored
from parlour.core.events import DealStarted as DealStarted
from parlour.core.events import Event as Event
from parlour.core.events import GameOver as GameOver
from parlour.core.events import GameStopped as GameStopped
from parlour.core.events import by_seat as by_seat
from parlour.core.events import slot_builder as slot_builder
from parlour.core.json_data import jsonable as jsonable
from parlour.core.json_data import jsonable_fields as jsonable_fields
from parlour.core.params import Param, validate_params
from parlour.core.seeding import fresh_seed
from parlour.core.undo import FullUndo, ShortUndo, UndoRecord

if TYPE_CHECKING:  # numpy is a game-layer dependency; core only names its types
    import numpy as np

log = logging.getLogger("parlour")

CHANCE = -1
"""The player number that `State.history` gives to chance moves such as deals."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Observation:
    """What one seat may know. Games subclass it with their own fields.

    `legal_actions` is filled only when it is this seat's turn. Two states that differ only in
    what the seat cannot see give equal observations.
    """

    seat: int
    current_player: int | None
    legal_actions: tuple[Action, ...] = field(default=(), compare=True)

    def to_json(self) -> dict[str, Any]:
        """The observation as JSON-ready data, cards and actions in the game's notation."""
        return jsonable_fields(self)

class Move(NamedTuple):
    """One entry of `State.history`: who acted (`CHANCE` for deals) and what they did."""

    player: int
    action: Action


_new_move = _new_full = tuple.__new__


def places_by(keys: Sequence[Any]) -> tuple[int, ...]:
    """Places from per-seat keys, higher is better: 1 plus the number of seats with a higher
    key, so tied seats share a place (1, 1, 3)."""
    return tuple(1 + sum(other > key for other in keys) for key in keys)


def _refuse_taken_slots(cls: type) -> None:
    """Refuse a state class whose `__slots__` name an attribute a base class already has (a
    slot named ``history`` would hide the one `State` keeps the moves in): a clear error now
    rather than an unrelated `AttributeError` at the first move."""
    slots = cls.__dict__.get("__slots__", ())
    for name in (slots,) if isinstance(slots, str) else slots:
        owner = next((base for base in cls.__mro__[1:] if name in vars(base)), None)
        if owner is not None:
            raise TypeError(f"{cls.__name__}.__slots__ names {name!r}, which "
                            f"{owner.__name__} already has; choose another name")


@dataclass(frozen=True, slots=True)
class InformationState:
    """What one seat recalls (perfect recall): its observation now, and every move since the
    deal in progress began as the seat saw it: ``(seat, action)``, the action None where it
    was hidden from this seat (another seat's pass in Hearts, a disc placed in Skull).
    Built by `State.information_state`; `Game.encode_information_state` reads only this."""

    observation: Observation
    moves: tuple[tuple[int, Action | None], ...]

    def key(self) -> str:
        """The canonical text of this information state: equal exactly when the seat cannot
        tell two histories apart (for tables keyed by information state, such as CFR's)."""
        seen = ";".join(f"{seat}:{'?' if action is None else action}"
                        for seat, action in self.moves)
        return f"{seen}|{jsonable_fields(self.observation)}"


class TensorEncoding(Protocol):
    """A game's encoding for learning (see `Game.encoding`): fixed-size float32
    observations, integer action ids, and legal-action masks, all read from an Observation."""

    shape: tuple[int, ...]
    num_actions: int

    def fill(self, observation: Observation, out: np.ndarray) -> None:
        """Write `observation` into the zeroed float32 array `out` of `shape`."""

    def encode(self, observation: Observation) -> np.ndarray:
        """The observation as a new float32 array of `shape` (`fill` into zeros)."""

    def legal_ids(self, observation: Observation) -> list[int]:
        """The ids of the observation's legal actions (empty when it is not the seat's turn)."""

    def action_mask(self, observation: Observation) -> np.ndarray:
        """A bool array of `num_actions`: True for the ids of the legal actions."""

    def action_id(self, action: Action, observation: Observation) -> int:
        """The id of `action` (one of the observation's legal actions)."""

    def action(self, action_id: int, observation: Observation) -> Action:
        """The action with id `action_id`, as the observation's seat would play it."""

    def reward_scale(self, per_deal: bool) -> float:
        """What divides the returns (of a deal, or of the game) into [-1, 1]."""

    def deal_progress(self, observation: Observation) -> float:
        """What the seat has gained in the deal in progress, relative to the others."""


_ENCODINGS: dict[Any, TensorEncoding] = {}


G = TypeVar("G", bound="Game[Any]")
S = TypeVar("S", bound="State[Any]")

SHORT_APPLY_HOOKS = ("apply_unchecked", "is_legal", "legal_actions", "legal_mask",
                     "current_player", "_apply", "_snapshot", "_restore")
"""The methods a game's short way through `apply` (`State.short_apply`) stands in for."""


class State(DeprecatedStateNames, Generic[G]):
    """One game in progress. Subclasses define `__slots__`, `_snapshot`, `_restore`, `_apply`.

    `apply` checks legality and raises `IllegalActionError` with a reason; `apply_unchecked` is
    the named fast path for trusted search code. `undo` restores the snapshot taken before the
    last `apply`, so it is exact. `clone` gives an independent copy.
    """

    __slots__ = ("_undo_stack", "events", "game", "history", "quiet", "seed")

    short_apply: ClassVar[bool] = False
    """True where a game's own `apply` may take a short way for its common moves (Hearts,
    Spades and Skat set it after their class): a bit test against the cached legal mask, then
    the undo record, the history entry and the move, without `State.apply`'s calls. A
    subclass that overrides a method it stands in for (`short_apply_hooks`) gets False, so its
    `apply` goes through `State.apply` and the override."""

    short_apply_hooks: ClassVar[tuple[str, ...]] = SHORT_APPLY_HOOKS
    """The methods whose override turns `short_apply` off (a game may add its own)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _refuse_taken_slots(cls)
        if any(name in cls.__dict__ for name in cls.short_apply_hooks):
            cls.short_apply = False

    def __init__(self, game: G, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.history: list[Move] = []
        self.events: list[Event] = []
        self.quiet = False
        """When True, `apply` emits no events: the fast mode for search playouts."""
        self._undo_stack: list[UndoRecord] = []
        """One `FullUndo` or `ShortUndo` per undoable move."""

    # --- what subclasses implement -------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat to act, or None once the game is over."""
        raise NotImplementedError

    @property
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player is None

    def legal_actions(self) -> Sequence[Action]:
        """The actions the current player may take; empty once the game is over."""
        raise NotImplementedError

    def is_legal(self, action: Action) -> bool:
        """True if `action` is legal now. Override with a faster test where one exists."""
        return action in self.legal_actions()

    def why_illegal(self, action: Action) -> str | None:
        """The reason `action` is illegal now, or None if it is legal.

        Games override this with a reason a person understands; it must agree with
        `legal_actions` (the conformance suite checks that it does).
        """
        if self.is_terminal:
            return "the game is over"
        return None if self.is_legal(action) else "it is not among the legal actions"

    def scores(self) -> tuple[int, ...]:
        """Running scores per seat, in the game's own units."""
        raise NotImplementedError

    def returns(self) -> tuple[float, ...]:
        """Final per-seat results for learning and ranking (higher is better)."""
        raise NotImplementedError

    def winners(self) -> tuple[int, ...]:
        """The winning seats once the game is over (ties share the win)."""
        raise NotImplementedError

    def placings(self) -> tuple[int, ...]:
        """Each seat's place once the game is over, 1 the best; tied seats share a place
        (1, 1, 3). The default ranks by `returns()`. A game that eliminates players overrides
        it to rank those out by when they went out (Skull: the later, the better), which
        returns of 1 for the winner and 0 for the rest cannot say; the standings use it."""
        return places_by(self.returns())

    # --- optional hooks for search (defaults work for every game) --------------------------
    @property
    def deal_number(self) -> int:
        """The deal (hand, round) in progress, counting from 0.

        Search stops playouts when it changes, to score one deal instead of a whole game of
        many deals. The default reads the state's int `deal` attribute where it has one (the
        card games keep one), else 0: the whole game counts as one deal.
        """
        deal = getattr(self, "deal", 0)
        return deal if type(deal) is int else 0

    def running_returns(self) -> tuple[float, ...]:
        """Each seat's standing so far, higher is better, meaningful before the game ends.

        Search scores playouts cut at a deal boundary with it. The default is `returns()`,
        right where returns track running scores (Hearts: minus the totals). Games whose
        returns are only final (a win or a loss) override it, e.g. with their running scores.
        """
        return self.returns()

    def tiebreak(self) -> tuple[float, ...] | None:
        """Small per-seat values search adds to a playout's value, or None (the default).

        They tell apart outcomes the returns score alike, so that search prefers the better
        of two wins: Skat adds the card points taken, Territory the squares held. Keep them
        below the least difference the returns can make, or search will trade real points for
        them.
        """
        return None

    def play_random(self, stop: int | None, random: Callable[[], float]) -> None:
        """Play uniformly random moves until deal `stop` (None: the end of the game).

        Each move is ``legal[int(random() * len(legal))]`` of `legal_actions`, applied without
        undo: the random playouts of search. Games with a compiled kernel override this with
        one that makes the very same moves (`parlour.compiled_switch`).
        """
        legal_actions = self.legal_actions
        apply = self.apply_unchecked_no_undo
        if stop is None:
            while not self.is_terminal:
                legal = legal_actions()
                apply(legal[int(random() * len(legal))])
        else:
            while not self.is_terminal and self.deal_number < stop:
                legal = legal_actions()
                apply(legal[int(random() * len(legal))])

    def play_compiled(self, agent: str, stop: int | None) -> bool:
        """Play the game's agent named `agent` (a key of `Game.agents`, e.g. ``"heuristic"``) for
        every seat until deal `stop` (None: the end of the game), in compiled code; False, with
        nothing played, where the game has no kernel for it here.

        Search playouts with a rollout agent call this first and play the agents move by move only
        when it returns False. A game that overrides it must make the very moves the agents
        would make from each seat's observation (cross-checked against them).
        """
        return False

    def observe(self, seat: int) -> Observation:
        """What `seat` may know now."""
        raise NotImplementedError

    def _snapshot(self) -> Any:
        """Everything `_apply` may change, as a value that later changes cannot reach."""
        raise NotImplementedError

    def _restore(self, snapshot: Any) -> None:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Carry out a legal action (and any chance step that follows it)."""
        raise NotImplementedError

    def _copy_into(self, other: Any) -> None:
        """Copy game fields into `other` for `clone`; the default restores a snapshot."""
        other._restore(self._snapshot())

    # --- the contract ---------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Apply `action` for the current player, or raise `IllegalActionError`."""
        if not self.is_legal(action):
            reason = self.why_illegal(action) or "it is not among the legal actions"
            raise IllegalActionError(action, self.current_player, reason)
        history = self.history  # `apply_unchecked`, inline: one call fewer a move
        self._undo_stack.append(_new_full(FullUndo, (self._snapshot(), len(history),
                                                     len(self.events))))
        player = self.current_player
        history.append(_new_move(Move, (CHANCE if player is None else player, action)))
        self._apply(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply a known-legal action without checking it (the fast path for search)."""
        history = self.history
        self._undo_stack.append(_new_full(FullUndo, (self._snapshot(), len(history),
                                                     len(self.events))))
        player = self.current_player
        history.append(_new_move(Move, (CHANCE if player is None else player, action)))
        self._apply(action)

    def apply_unchecked_no_undo(self, action: Action) -> None:
        """Apply a known-legal action for good: no check and no undo record.

        The fastest path, for throwaway copies in search playouts. An `undo` afterwards goes
        back to before the last `apply`, taking every later `apply_unchecked_no_undo` with it.
        """
        stack = self._undo_stack
        if stack and isinstance(stack[-1], ShortUndo):
            self.complete_undo_record()
        player = self.current_player
        self.history.append(_new_move(Move, (CHANCE if player is None else player, action)))
        self._apply(action)

    def undo(self) -> None:
        """Take back the last `apply`, with any deal it triggered. Exact."""
        if not self._undo_stack:
            raise ParlourError("nothing to undo: the state is at its start")
        record = self._undo_stack.pop()
        if isinstance(record, ShortUndo):  # the fields the move changed, and how to put them back
            fields, history_length, events_length, restore = record
            restore(self, fields)
        else:
            snapshot, history_length, events_length = record
            self._restore(snapshot)
        del self.history[history_length:]
        del self.events[events_length:]

    def complete_undo_record(self) -> None:
        """Make the last undo record a full snapshot, before moves that keep none.

        A game's short way through `apply` may record only the fields a move changes, as a
        `ShortUndo` ``(fields, history length, events length, restore)`` with
        ``restore(state, fields)``; such a record is right only while that move is the last.
        `apply_unchecked_no_undo` (and a compiled `play_random`) call this first, so an `undo`
        still goes back past them: the move is taken back, the snapshot taken, and the move
        made again (events kept as made).
        """
        stack = self._undo_stack
        if not stack or not isinstance(stack[-1], ShortUndo):
            return
        fields, history_length, events_length, restore = stack[-1]
        action = self.history[history_length].action
        made = self.events[events_length:]
        restore(self, fields)
        full = self._snapshot()
        self._apply(action)
        self.events[events_length:] = made
        stack[-1] = FullUndo(full, history_length, events_length)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo_stack)

    def clone(self: S, quiet: bool | None = None) -> S:
        """An independent copy: nothing done to either changes the other.

        `quiet=True` gives a copy that emits no events, for fast search playouts.
        """
        other = object.__new__(type(self))
        other.game = self.game
        other.seed = self.seed
        other.history = list(self.history)
        other.events = list(self.events)
        other.quiet = self.quiet if quiet is None else quiet
        other._undo_stack = list(self._undo_stack)
        self._copy_into(other)
        return other

    def record_chance(self, action: Action) -> None:
        """Append a chance move (a deal) to the history so undo and replay see it."""
        self.history.append(_new_move(Move, (CHANCE, action)))

    def emit(self, event: Event) -> None:
        """Log `event` (games test `self.quiet` first on hot paths to skip building it)."""
        if not self.quiet:
            self.events.append(event)

    def moves(self) -> list[Move]:
        """The players' moves so far, without chance moves."""
        return [m for m in self.history if m.player != CHANCE]

    def deal_start(self) -> int:
        """The index in `history` where the deal in progress began: just after its last
        chance move (the deal in the card games), 0 where there was none. Games whose
        chance falls inside a deal override it."""
        history = self.history
        for index in range(len(history) - 1, -1, -1):
            if history[index].player == CHANCE:
                return index + 1
        return 0

    def information_state(self, seat: int) -> InformationState:
        """`seat`'s perfect recall of the deal in progress (see `InformationState`): its own
        moves, the others' where `Game.action_is_public` says everyone sees them."""
        public = self.game.action_is_public
        moves = tuple((m.player, m.action if m.player == seat or public(m.action) else None)
                      for m in self.history[self.deal_start():] if m.player != CHANCE)
        return InformationState(self.observe(seat), moves)

    def __repr__(self) -> str:
        name = type(self).__name__
        return f"<{name} of {self.game.spec} seed={self.seed} moves={len(self.history)}>"


class Game(Generic[S]):
    """A rule set: immutable parameters, no game in progress.

    Subclasses set `id`, `description` and `parameters`, implement `new_state` and
    `parse_action`, and may override the public hooks their states call. Parameters become
    attributes: ``Hearts(end_score=50).end_score``.
    """

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    aliases: ClassVar[tuple[str, ...]] = ()
    parameters: ClassVar[tuple[Param, ...]] = ()
    agents: ClassVar[Mapping[str, str]] = {}
    """Game-specific agents by name, as ``"module:attribute"`` (``{"heuristic": ...}``)."""

    num_distinct_actions: ClassVar[int] = 0

    encoding_class: ClassVar[str] = ""
    """The game's `TensorEncoding` class as ``"module:attribute"``, imported on first use."""

    move_feature_count: ClassVar[int] = 0
    """The length of a `move_features` row; 0 where the game has none."""

    search_opponents: ClassVar[str] = "tree"
    """How ISMCTS models the other seats unless told (``ismcts:opponents=auto``): ``"tree"``
    (their own tree statistics) or ``"rollout"`` (they play the game's rollout agent on their
    own view of each sampled world; measured stronger in Hearts and Skull, docs/search.md)."""

    console_view: ClassVar[str] = ""
    """The game's console `SeatView` as ``"module:Class"`` (empty: entry point, then built-in
    views, then the generic view; see docs/views.md). A string, so rules never import a face."""
    web_view: ClassVar[str] = ""
    """The game's web `TableView` as ``"module:Class"``, found like `console_view`."""
    console_renderer: ClassVar[str] = ""
    """The game's console `EventRenderer` (``parlour play`` without a person) as
    ``"module:Class"``, found like `console_view`."""

    def __init__(self, **params: Any) -> None:
        values = validate_params(self.parameters, params, self.id)
        object.__setattr__(self, "params", MappingProxyType(values))
        for key, value in values.items():
            object.__setattr__(self, key, value)
        self._check_params()

    params: Mapping[str, Any]

    def _check_params(self) -> None:
        """Check parameters against each other; raise `ParameterError` if they clash."""

    def __setattr__(self, key: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; make a new game instead")

    def __delattr__(self, key: str) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable; make a new game instead")

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.params == self.params

    def __hash__(self) -> int:
        return hash((type(self), tuple(sorted(self.params.items()))))

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in self.changed_params().items())
        return f"{type(self).__name__}({args})"

    def changed_params(self) -> dict[str, Any]:
        """The parameters that differ from their defaults."""
        params = self.params
        return {p.name: params[p.name] for p in self.parameters if params[p.name] != p.default}

    @property
    def spec(self) -> str:
        """The id with every non-default parameter, e.g. ``hearts:end_score=50``; loads back."""
        changed = self.changed_params()
        if not changed:
            return self.id
        return self.id + ":" + ",".join(f"{k}={_spec_text(v)}" for k, v in changed.items())

    @property
    def variant(self) -> str:
        """The variant string that records store (same as `spec`)."""
        return self.spec

    @property
    def num_players(self) -> int:
        raise NotImplementedError

    def new_state(self, seed: int | None = None, **setup: Any) -> S:
        """A new game from `seed` (a fresh one if None); games accept fixed deals in `setup`."""
        raise NotImplementedError

    def setup_for_record(self, state: S) -> dict[str, Any]:
        """The `setup` arguments needed to recreate `state`'s start (fixed hands), as JSON."""
        return {}

    def replay_work(self, moves: int) -> float:
        """The work of re-simulating `moves` moves of this game, in units of one move of an
        ordinary game; records are refused above a cap of work, not only of moves. A game
        whose moves cost more with its parameters (a large board) says so here."""
        return float(moves)

    def parse_action(self, text: str, state: S) -> Action:
        """Read an action in the game's notation, in the context of `state`."""
        raise NotImplementedError

    def action_from_id(self, action_id: int) -> Action:
        """The action with integer id `action_id` (games with a finite action space)."""
        raise NotImplementedError(f"{self.id} has no integer action ids")

    @property
    def encoding(self) -> TensorEncoding:
        """This game's tensor encoding (numpy; imported lazily and built once per rule set)."""
        encoding = _ENCODINGS.get(self)
        if encoding is None:
            if not self.encoding_class:
                raise ParlourError(f"game {self.id!r} has no tensor encoding")
            module_name, _, attribute = self.encoding_class.partition(":")
            encoding = getattr(importlib.import_module(module_name), attribute)(self)
            _ENCODINGS[self] = encoding
        return encoding

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of `encode`'s arrays: the same for every observation of this rule set."""
        return self.encoding.shape

    def encode(self, observation: Observation) -> np.ndarray:
        """`observation` as a fixed-size float32 array (the layout is in the game's rules doc)."""
        return self.encoding.encode(observation)

    def action_mask(self, observation: Observation) -> np.ndarray:
        """A numpy bool array over the action ids, True where the action is legal."""
        return self.encoding.action_mask(observation)

    recall_moves: ClassVar[int] = 64
    """The moves of a deal an information-state tensor holds (the last ones where a deal is
    longer; the observation part still holds what the seat knows of the rest)."""

    def action_is_public(self, action: Action) -> bool:
        """True where every seat sees `action` when it is made (a card played, a bid); False
        (the default, which never leaks) where only its seat does (a pass in Hearts)."""
        return bool(getattr(self, "perfect_information", False))

    @property
    def information_state_shape(self) -> tuple[int, ...]:
        """The shape of `encode_information_state`'s arrays (the layout: games/encoding.py)."""
        from parlour.games.encoding import information_state_layout

        return (information_state_layout(self).size,)

    def encode_information_state(self, info: InformationState) -> np.ndarray:
        """`info` (a seat's perfect recall, `State.information_state`) as a float32 array:
        the observation's encoding, then one row per move of the deal (`recall_moves` rows):
        who moved, counted from the seat, and the move's id, or a hidden-move flag."""
        from parlour.games.encoding import encode_information_state

        return encode_information_state(self, info)

    def move_features(self, observation: Observation, moves: Sequence[Action],
                      advice: Action) -> np.ndarray:
        """One float32 row of `move_feature_count` per move of `moves` (legal actions of
        `observation`; `advice` is the advisor's), for learned move scorers
        (`parlour.rl.distil`). Games without them raise `ParlourError`."""
        raise ParlourError(f"{self.id} has no move features for learned move scorers")

    def return_bounds(self, one_deal: bool = False) -> tuple[float, float] | None:
        """The least and greatest value any seat's `returns()` can take (with `one_deal`:
        its `running_returns()` after the first deal), or None where the game does not say.
        Research bridges (OpenSpiel's utility range) read it."""
        return None

    def return_sum(self, one_deal: bool = False) -> float | None:
        """The sum of the seats' `returns()` where it is the same in every outcome (0 for
        zero-sum games), else None; `one_deal` as in `return_bounds`."""
        return None

    def sample_state(self, observation: Observation, rng: Random) -> S:
        """A full state consistent with everything `observation`'s seat knows."""
        raise NotImplementedError(f"{self.id} cannot sample states yet")

    @staticmethod
    def _seed(seed: int | None) -> int:
        return fresh_seed() if seed is None else int(seed)


def parse_error(text: str, expected: str, context: str = "") -> NotationError:
    """A `NotationError` that quotes `text` and says what was expected."""
    where = f" ({context})" if context else ""
    return NotationError(f"cannot read {text!r}{where}: expected {expected}")


def _spec_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)
