"""Territory: the rules (`Territory`) and a game in progress (`TerritoryState`).

An N x N torus with one owner per square and 4 pieces on each. Owners 0..players-1 are the
seats; every other owner is a zombie, played inside the engine from the seed's zombie stream.
Owners take turns in a fixed shuffled order; each turn's moves resolve together (majority
takes a square, a tie is a seeded fair coin). See docs/rules/territory.md.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from random import Random
from typing import Any, ClassVar

import numpy as np

from parlour import compiled_switch
from parlour.bindings import Binding
from parlour.core import (
    Action,
    Game,
    Observation,
    Param,
    ParameterError,
    State,
    derive_seed,
)
from parlour.games.territory.actions import DIRECTIONS, STAY, Forfeit, Turn, parse_turn
from parlour.games.territory.board import (
    DIRECTION_INDEX,
    as_board,
    neighbour_table,
    shuffled_order,
    starting_board,
    turn_error,
)
from parlour.games.territory.events import (
    BoardSetUp,
    RoundStarted,
    TerritoryGameOver,
    TurnForfeited,
    TurnPlayed,
)
from parlour.games.territory.observation import TerritoryObservation

log = logging.getLogger("parlour.territory")

_ZOMBIES = compiled_switch.load("parlour.games.territory._zombies")
"""The compiled zombie turns (`_zombies.pyx`), or None on the pure-Python path."""
QUARTERS = np.full(4, 0.25)
COIN_BITS = 63


def _frozen(array: np.ndarray) -> np.ndarray:
    copy = array.copy()
    copy.flags.writeable = False
    return copy


def _rows(array: np.ndarray) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(row) for row in array.tolist())


class TerritoryState(State["Territory"]):
    """A whole game of Territory: the board, the turn order, and where in it the game stands.

    Zombies' turns run inside `apply` (and `new_state`) until a seat is to act or the game is
    over; they are not in `history` (the seed and the seats' turns determine them) but each
    emits a `TurnPlayed` event.
    """

    __slots__ = (  # noqa: RUF023 (grouped by meaning)
        "owners", "numbers", "_own", "_num", "squares", "pieces", "order", "position", "round",
        "current", "over", "end_reason", "forfeits", "zombie_rng", "start", "total",
    )

    def __init__(self, game: Territory, seed: int, owners: np.ndarray, numbers: np.ndarray,
                 order: tuple[int, ...]) -> None:
        super().__init__(game, seed)
        area = game.size * game.size
        owners = np.ascontiguousarray(owners, dtype=np.int64)  # the flat views below share it
        numbers = np.ascontiguousarray(numbers, dtype=np.int64)
        self.owners = owners
        self.numbers = numbers
        self._own = owners.reshape(-1)
        self._num = numbers.reshape(-1)
        self.squares: list[int] = np.bincount(self._own, minlength=area).tolist()
        self.pieces: list[int] = np.bincount(self._own, weights=self._num,
                                             minlength=area).astype(np.int64).tolist()
        self.order = order
        self.position = -1
        self.round = 0
        self.current: int | None = None
        self.over = False
        self.end_reason = ""
        self.forfeits: tuple[tuple[int, int, str], ...] = ()
        self.zombie_rng = np.random.Generator(np.random.PCG64(derive_seed(seed, "zombies")))
        self.start = (_frozen(owners), _frozen(numbers), order)
        self.total = int(self._num.sum())

    # --- snapshots ------------------------------------------------------------------------
    def _snapshot(self) -> Any:
        return (
            self.owners.copy(), self.numbers.copy(), tuple(self.squares), tuple(self.pieces),
            self.position, self.round, self.current, self.over, self.end_reason, self.forfeits,
            self.zombie_rng.bit_generator.state,
        )

    def _restore(self, s: Any) -> None:
        np.copyto(self.owners, s[0])
        np.copyto(self.numbers, s[1])
        self.squares = list(s[2])
        self.pieces = list(s[3])
        (self.position, self.round, self.current, self.over, self.end_reason,
         self.forfeits) = s[4:10]
        self.zombie_rng.bit_generator.state = s[10]

    def _copy_into(self, other: Any) -> None:
        other.owners = self.owners.copy()
        other.numbers = self.numbers.copy()
        other._own = other.owners.reshape(-1)
        other._num = other.numbers.reshape(-1)
        other.order = self.order
        other.start = self.start
        other.total = self.total
        other.squares = list(self.squares)
        other.pieces = list(self.pieces)
        other.position = self.position
        other.round = self.round
        other.current = self.current
        other.over = self.over
        other.end_reason = self.end_reason
        other.forfeits = self.forfeits
        other.zombie_rng = np.random.Generator(np.random.PCG64(0))
        other.zombie_rng.bit_generator.state = self.zombie_rng.bit_generator.state

    # --- reading the state -----------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return self.current

    @property
    def is_terminal(self) -> bool:
        return self.over

    @property
    def owner(self) -> int | None:
        """The owner whose turn it is (the current seat's owner), or None once over."""
        return self.current

    @property
    def rounds_left(self) -> int:
        """Rounds still possible after the current one (game17's ``rounds_left``)."""
        return self.game.rounds - self.round - 1

    def legal_actions(self) -> Sequence[Action]:
        """A menu of turns, not every turn: any `Turn` or `Forfeit` may be played.

        The menu is ``stay`` and, for every non-empty square of the owner to move and each
        direction, moving all its pieces and (where it holds more than one) moving one.
        """
        if self.over:
            return ()
        return menu(self.current, self.owners, self.numbers)  # type: ignore[arg-type]

    def is_legal(self, action: Action) -> bool:
        """Every `Turn` and `Forfeit` is legal while a seat is to act; invalid turns forfeit."""
        return not self.over and type(action) in (Turn, Forfeit)

    def why_illegal(self, action: Action) -> str | None:
        if self.over:
            return "the game is over"
        if type(action) not in (Turn, Forfeit):
            return f"{type(action).__name__} is not a Territory action (a Turn or a Forfeit)"
        return None

    def turn_error(self, turn: Turn) -> str | None:
        """Why `turn` would be forfeited now, or None if it is valid."""
        if self.over:
            return "the game is over"
        return turn_error(turn, self.current, self.owners, self.numbers)  # type: ignore[arg-type]

    def winning_owners(self) -> tuple[int, ...]:
        """Every owner (zombies included) holding the most squares."""
        top = max(self.squares)
        return tuple(o for o, n in enumerate(self.squares) if n == top)

    def scores(self) -> tuple[int, ...]:
        """Squares owned by each seat (empty squares included)."""
        squares = self.squares
        return tuple(squares[s] for s in range(self.game.players))

    def returns(self) -> tuple[float, ...]:
        """1.0 for each seat among the owners with the most squares, 0.0 for the others."""
        winners = set(self.winning_owners())
        return tuple(1.0 if s in winners else 0.0 for s in range(self.game.players))

    def tiebreak(self) -> tuple[float, ...]:
        """For search: half each seat's share of the board, so of two wins (or two losses) the
        one with more squares is better; never as much as the win itself."""
        squares, total = self.squares, self.game.size ** 2
        return tuple(0.5 * squares[s] / total for s in range(self.game.players))

    def winners(self) -> tuple[int, ...]:
        """The seats among the owners with the most squares (empty when only zombies win)."""
        return tuple(o for o in self.winning_owners() if o < self.game.players)

    def observe(self, seat: int) -> TerritoryObservation:
        return TerritoryObservation(
            seat=seat,
            current_player=self.current,
            legal_actions=tuple(self.legal_actions()) if seat == self.current else (),
            owner=seat,
            owners=_frozen(self.owners),
            numbers=_frozen(self.numbers),
            round=self.round,
            num_rounds=self.game.rounds,
            turn_order=self.order,
            position=self.position,
            num_players=self.game.players,
            forfeits=self.forfeits,
        )

    # --- changing the state ----------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        owner = self.current
        assert owner is not None
        if type(action) is Forfeit:
            self._forfeit(owner, action.reason or "the player gave up the turn")
        else:
            assert isinstance(action, Turn)
            reason = turn_error(action, owner, self.owners, self.numbers)
            if reason is not None:
                self._forfeit(owner, reason)
            else:
                self._player_turn(owner, action)
        self.advance()

    def _forfeit(self, owner: int, reason: str) -> None:
        self.forfeits += ((self.round, owner, reason),)
        log.debug("round %d: owner %d forfeits: %s", self.round + 1, owner, reason)
        if not self.quiet:
            seat = owner if owner < self.game.players else None
            self.events.append(TurnForfeited(round=self.round, owner=owner, seat=seat,
                                             reason=reason))

    def _player_turn(self, owner: int, turn: Turn) -> None:
        size = self.game.size
        moves = turn.moves
        src = np.fromiter((m.row * size + m.col for m in moves), np.int64, len(moves))
        ways = np.fromiter((DIRECTION_INDEX[m.direction] for m in moves), np.int64, len(moves))
        amount = np.fromiter((m.number for m in moves), np.int64, len(moves))
        np.subtract.at(self._num, src, amount)
        taken, targets = self._land(owner, neighbour_table(size)[src, ways], amount)
        if not self.quiet:
            self._emit_turn(owner, moves, src, targets, taken)

    def _zombie_turn(self, owner: int) -> None:
        """Move every piece of zombie `owner` one step, each direction with probability 1/4."""
        num = self._num
        src = ((self._own == owner) & (num > 0)).nonzero()[0]
        table = neighbour_table(self.game.size)
        if src.size == 1:  # the common case: one multinomial draw, no reshaping
            square = int(src[0])
            drawn = self.zombie_rng.multinomial(int(num[square]), QUARTERS)
            num[square] = 0
            taken, targets = self._land(owner, table[square], drawn)
        elif src.size:
            drawn = self.zombie_rng.multinomial(num[src], QUARTERS)
            num[src] = 0
            taken, targets = self._land(owner, table[src].reshape(-1), drawn.reshape(-1))
        else:
            drawn = targets = np.zeros((0, 4), dtype=np.int64)
            taken = []
        if not self.quiet:
            size = self.game.size
            drawn = drawn.reshape(-1, 4)
            which, ways = drawn.nonzero()
            froms = src[which]
            moves = tuple(zip((froms // size).tolist(), (froms % size).tolist(),
                              [DIRECTIONS[w] for w in ways.tolist()],
                              drawn[which, ways].tolist(), strict=True))
            self._emit_turn(owner, moves, src, targets.reshape(-1), taken)

    def _land(self, owner: int, dest: np.ndarray,
              amount: np.ndarray) -> tuple[list[int], np.ndarray]:
        """Resolve the pieces arriving at `dest` after the outgoing ones left.

        At each destination more incoming pieces than those standing there take the square,
        fewer leave it with its owner, and a tie is a fair coin from the seed (per round and
        owner, never from an agent). All the pieces then belong to the square's owner.
        Returns the flat indices of the squares taken, and of every destination.
        """
        own = self._own
        num = self._num
        incoming = np.bincount(dest, amount, own.shape[0])
        targets = incoming.nonzero()[0]
        arriving = incoming[targets].astype(np.int64)
        before = num[targets]
        holders = own[targets]
        num[targets] = before + arriving
        contested = (holders != owner).nonzero()[0]
        taken: list[int] = []
        if not contested.size:
            return taken, targets
        pieces = self.pieces
        squares = self.squares
        total = self.total
        coins = ties = 0
        for target, came, stood, holder in zip(
            targets[contested].tolist(), arriving[contested].tolist(),
            before[contested].tolist(), holders[contested].tolist(), strict=True,
        ):
            if came == stood:
                if ties % COIN_BITS == 0:
                    coins = derive_seed(self.seed, "coin", self.round, owner, ties // COIN_BITS)
                wins = coins >> (ties % COIN_BITS) & 1
                ties += 1
            else:
                wins = came > stood
            if wins:
                own[target] = owner
                squares[holder] -= 1
                squares[owner] += 1
                pieces[holder] -= stood
                pieces[owner] += stood
                taken.append(target)
            else:
                pieces[holder] += came
                pieces[owner] -= came
                if pieces[holder] == total:
                    self._end("all pieces belong to one owner")
        if taken and pieces[owner] == total:
            self._end("all pieces belong to one owner")
        return taken, targets

    def _emit_turn(self, owner: int, moves: tuple[tuple[int, int, str, int], ...],
                   src: np.ndarray, targets: np.ndarray, taken: list[int]) -> None:
        size = self.game.size
        touched = sorted({*src.tolist(), *targets.tolist()})
        changes = tuple(zip([t // size for t in touched], [t % size for t in touched],
                            self._own[touched].tolist(), self._num[touched].tolist(),
                            strict=True))
        seat = owner if owner < self.game.players else None
        self.events.append(TurnPlayed(
            round=self.round, owner=owner, seat=seat, moves=moves,
            taken=tuple(divmod(t, size) for t in taken), changes=changes,
        ))

    def _end(self, reason: str) -> None:
        if not self.over:
            self.over = True
            self.current = None
            self.end_reason = reason

    def advance(self) -> None:
        """Run zombies' turns until a seat is to act or the game is over.

        They run in the compiled module `_zombies` where it is built (the same turns and events).
        """
        if _ZOMBIES is not None and ZOMBIE_TURNS.applies(type(self)):
            _ZOMBIES.advance(self, self.quiet)
            return
        order = self.order
        length = len(order)
        squares = self.squares
        players = self.game.players
        rounds = self.game.rounds
        quiet = self.quiet
        position = self.position + 1
        while not self.over:
            if position >= length:
                self.round += 1
                position = 0
                if self.round >= rounds:
                    self.round = rounds - 1
                    self._end(f"{rounds} rounds were played")
                    break
                if not quiet:
                    self.events.append(RoundStarted(round=self.round))
            owner = order[position]
            if squares[owner] == 0:
                position += 1
                continue
            self.position = position
            if owner < players:
                self.current = owner
                return
            self._zombie_turn(owner)
            position += 1
        self.current = None
        self._game_over()

    def _game_over(self) -> None:
        if self.quiet:
            return
        winning = self.winning_owners()
        self.events.append(TerritoryGameOver(
            scores=self.scores(), returns=self.returns(), winners=self.winners(),
            rounds_played=self.round + 1, winning_owners=winning,
            top=self.squares[winning[0]], reason=self.end_reason,
        ))

    def check_invariants(self) -> None:
        """Assert the conservation laws; the conformance suite calls this after every move."""
        area = self.game.size ** 2
        own, num = self._own, self._num
        assert num.min() >= 0, "a square holds a negative number of pieces"
        assert int(num.sum()) == self.total, "pieces were created or lost"
        assert own.min() >= 0 and own.max() < area, "an owner number is out of range"
        assert np.bincount(own, minlength=area).tolist() == self.squares, "square counts drifted"
        held = np.bincount(own, weights=num, minlength=area).astype(np.int64).tolist()
        assert held == self.pieces, "piece counts per owner drifted"
        assert sum(1 for p in self.pieces if p) >= 1
        if self.over:
            assert self.current is None
            assert (sum(1 for p in self.pieces if p) == 1
                    or self.end_reason.endswith("rounds were played"))
        else:
            assert self.current is not None and self.current < self.game.players
            assert self.order[self.position] == self.current
            assert self.squares[self.current] > 0, "an owner without squares is to move"
            assert 0 <= self.round < self.game.rounds
            assert sum(1 for p in self.pieces if p) > 1, "one owner holds every piece"


ZOMBIE_TURNS = Binding(
    "parlour.games.territory._zombies", TerritoryState,
    stands_in=("_zombie_turn", "_land", "_end", "advance", "_emit_turn", "_game_over"),
    reads=("winning_owners",))
"""The zombies' turns in C (`_zombies.pyx`): a subclass changing one of these plays them in
Python."""


def menu(owner: int, owners: np.ndarray, numbers: np.ndarray) -> tuple[Turn, ...]:
    """``stay``, then for each non-empty square of `owner` and direction: all pieces, and one."""
    rows, cols = np.nonzero((owners == owner) & (numbers > 0))
    turns = [STAY]
    for row, col, count in zip(rows.tolist(), cols.tolist(), numbers[rows, cols].tolist(),
                               strict=True):
        for d in DIRECTIONS:
            turns.append(Turn(((row, col, d, count),)))
            if count > 1:
                turns.append(Turn(((row, col, d, 1),)))
    return tuple(turns)


class Territory(Game[TerritoryState]):
    """Territory (game17): owners on a torus capture squares by majority; most squares wins."""

    id = "territory"
    name = "Territory"
    description = ("Many owners on a torus capture squares by majority; players among "
                   "zombies; most squares wins.")
    aliases = ("game17",)
    agents: ClassVar[Mapping[str, str]] = {
        "heuristic": "parlour.games.territory.heuristic:TerritoryHeuristic",
        "zombie": "parlour.games.territory.bots:ZombieAgent",
        "t800": "parlour.games.territory.bots:T800Agent",
    }
    encoding_class = "parlour.games.territory.encoding:TerritoryEncoding"
    perfect_information = True
    non_seat_owners = True
    """Zombies own squares too, so a zombie may win and leave `winners()` empty."""
    parameters = (
        Param("size", int, 14, "Edge length N of the N x N torus; there are N*N owners.",
              min=2, max=200),
        Param("rounds", int, 50, "The game ends after this many rounds (R).", min=1,
              max=10_000),
        Param("players", int, 1, "Seats: owners 0..players-1; every other owner is a zombie.",
              min=0, max=200 * 200),
    )

    size: int
    rounds: int
    players: int

    def _check_params(self) -> None:
        if self.players > self.size * self.size:
            raise ParameterError(
                f"parameter 'players' of game 'territory' is {self.players}, but a "
                f"{self.size}x{self.size} board has only {self.size * self.size} owners"
            )

    @property
    def num_players(self) -> int:
        return self.players

    def return_bounds(self, one_deal: bool = False) -> tuple[float, float]:
        """1 for each seat among the owners with the most squares, else 0."""
        return 0.0, 1.0

    # --- the contract ---------------------------------------------------------------------
    def new_state(
        self,
        seed: int | None = None,
        owners: Any = None,
        numbers: Any = None,
        order: Sequence[int] | None = None,
        quiet: bool = False,
        **setup: Any,
    ) -> TerritoryState:
        """A new game; zombies move until the first seat is to act.

        `owners`, `numbers` (N x N) and `order` (every owner on the board once) fix the start
        instead of the seeded one. `quiet=True` emits no events (for benchmarks and search).
        """
        if setup:
            raise ParameterError(f"unknown setup argument(s) for territory: {', '.join(setup)}")
        seed = self._seed(seed)
        board_owners, board_numbers = starting_board(seed, self.size)
        try:
            if owners is not None:
                board_owners = as_board(owners, self.size, "owners")
            if numbers is not None:
                board_numbers = as_board(numbers, self.size, "numbers")
        except ValueError as error:
            raise ParameterError(f"territory setup: {error}") from None
        self._check_board(board_owners, board_numbers)
        if order is None:
            turn_order = shuffled_order(seed, board_owners)
        else:
            turn_order = tuple(int(o) for o in order)
            present = set(board_owners.ravel().tolist())
            if sorted(turn_order) != sorted(present):
                raise ParameterError(
                    "territory setup: 'order' must list every owner on the board exactly once"
                )
        state = TerritoryState(self, seed, board_owners, board_numbers, turn_order)
        state.quiet = quiet
        if not quiet:
            state.events.append(BoardSetUp(
                size=self.size, players=self.players, owners=_rows(board_owners),
                numbers=_rows(board_numbers), order=turn_order,
            ))
        if sum(1 for p in state.pieces if p) <= 1:
            state._end("all pieces belong to one owner")
            state._game_over()
            return state
        if not quiet:
            state.events.append(RoundStarted(round=0))
        state.advance()
        return state

    def _check_board(self, owners: np.ndarray, numbers: np.ndarray) -> None:
        area = self.size * self.size
        if owners.min() < 0 or owners.max() >= area:
            raise ParameterError(f"territory setup: owner numbers must be in 0..{area - 1}")
        if numbers.min() < 0:
            raise ParameterError("territory setup: a square holds a negative number of pieces")
        if numbers.sum() == 0:
            raise ParameterError("territory setup: the board holds no pieces")

    def setup_for_record(self, state: TerritoryState) -> dict[str, Any]:
        owners, numbers, order = state.start
        default_owners, default_numbers = starting_board(state.seed, self.size)
        if (np.array_equal(owners, default_owners) and np.array_equal(numbers, default_numbers)
                and order == shuffled_order(state.seed, owners)):
            return {}
        return {"owners": owners.tolist(), "numbers": numbers.tolist(), "order": list(order)}

    def parse_action(self, text: str, state: TerritoryState | Observation | None = None) -> Action:
        """Read ``3,4 n 2; 3,4 e 1``, ``stay`` or ``forfeit: reason`` (see the module notes)."""
        numbers = getattr(state, "numbers", None)
        return parse_turn(text, numbers)

    def sample_state(self, observation: Observation, rng: Random) -> TerritoryState:
        """The very board observed (nothing is hidden); zombies' future dice from `rng`."""
        if not isinstance(observation, TerritoryObservation):
            raise TypeError("territory.sample_state needs a TerritoryObservation")
        obs = observation
        state = TerritoryState(self, rng.getrandbits(63), np.array(obs.owners),
                               np.array(obs.numbers), obs.turn_order)
        state.round = obs.round
        state.position = obs.position
        state.current = obs.current_player
        state.forfeits = obs.forfeits
        if obs.current_player is None:
            state.over = True
            state.end_reason = ("all pieces belong to one owner"
                                if sum(1 for p in state.pieces if p) == 1
                                else f"{self.rounds} rounds were played")
        return state

    # --- helpers for agents and adapters ------------------------------------------------------
    def adapt_module(self, module: Any, seat: int, rng: Random, color: str | None = None) -> Any:
        """An agent running a game17 player module (``make_moves`` or ``get_mover``), or None."""
        from parlour.games.territory.players import module_agent

        return module_agent(module, self, seat, rng, color)

    def replay_work(self, moves: int) -> float:
        """A move's work grows faster than the board (the zombies move too): about the square
        of the number of squares over the default board's 196 (size 200: 41,649 units)."""
        return moves * max(1.0, (self.size * self.size / 196) ** 2)

    def overtime_action(self, reason: str) -> Action:
        """A late answer forfeits the turn, as in game17 (for a `Match` with a move time):
        built-in agents, programs and player files all meet the same rule."""
        return Forfeit(f"too slow: {' '.join(reason.split())}")

    def agent_for_file(self, path: str, seat: int, rng: Random, option: str | None,
                       time_limit: float | None) -> Any:
        """A game17 player file's agent: in a worker process with a move time, else in this
        process, each file with its own imports; a file that fails to load forfeits every
        turn. None for a missing file or another kind (the generic loader takes them)."""
        from parlour.games.territory.players import agent_for_player_file

        return agent_for_player_file(path, self, seat, rng, option, time_limit)
