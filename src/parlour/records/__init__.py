"""Records: a versioned JSON document of one game, that re-simulates to prove itself.

A record holds the game id, variant and parameters, the seed and any fixed setup, the seats'
agent specs, every move with its player and decision time, the faults, the result and, for a
timed match, its time limits. `Record.verify()` replays the moves from the seed and raises
`RecordError` on any mismatch, including a move that took longer than the record's own limits
allow without the timeout that brings. A record's seats are names, never run: replaying or
serving a record builds no agent from them.
Files ending in ``.gz`` are gzip-compressed.
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from parlour.core import (
    Game,
    GameOver,
    ParlourError,
    RecordError,
    State,
    load_game,
)
from parlour.records.reading import (
    MAX_BYTES,
    MAX_MOVE_SECONDS,
    MAX_MOVES,
    MAX_WORK,
    Fields,
    RecordTooLarge,
    parse_json,
)

MAX_SEAT_NAME = 1000
"""The longest seat name (an agent spec) a record may hold."""
FORMAT = "parlour.record"
VERSION = 1
FIELDS = ("format", "game", "variant", "params", "seed", "seats", "moves", "result", "setup",
          "faults", "forfeited", "version", "limits")
"""Every field of a record document; any other is refused."""


@dataclass(frozen=True)
class RecordedMove:
    """One decision: the seat, the action in the game's notation, and the seconds it took."""

    player: int
    action: str
    time: float = 0.0


@dataclass(frozen=True)
class Fault:
    """A seat's agent misbehaved: `kind` (exception, illegal, invalid, hook, ...) and why."""

    seat: int
    move: int
    kind: str
    message: str


@dataclass(frozen=True)
class TimeLimits:
    """The time policy a match was played under: seconds per move, each seat's time bank, and
    the seats that were not timed (people, self-timed player files)."""

    move_time: float
    time_bank: float = 0.0
    untimed: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"move_time": self.move_time, "time_bank": self.time_bank,
                "untimed": list(self.untimed)}


TIME_SLACK = 1e-4
"""Seconds of rounding a record's move times may carry against its limits."""


@dataclass(frozen=True)
class GameResult:
    """How a game ended (or stood when it stopped)."""

    scores: tuple[int, ...]
    returns: tuple[float, ...]
    winners: tuple[int, ...]
    complete: bool

    @classmethod
    def of(cls, state: State[Any]) -> GameResult:
        done = state.is_terminal
        return cls(tuple(state.scores()), tuple(state.returns()),
                   tuple(state.winners()) if done else (), done)


@dataclass
class Record:
    """One game, as a versioned JSON document that verifies by re-simulation."""

    game: str
    variant: str
    params: dict[str, Any]
    seed: int
    seats: list[str]
    moves: list[RecordedMove]
    result: GameResult
    setup: dict[str, Any] = field(default_factory=dict)
    faults: list[Fault] = field(default_factory=list)
    forfeited: list[int] = field(default_factory=list)
    version: int = VERSION
    limits: TimeLimits | None = None
    """The match's time limits (None: untimed, and written only when there are some)."""
    source: str = field(default="record", compare=False, repr=False)
    """Where the record was read from, for error messages (not part of the document)."""
    max_work: float = field(default=MAX_WORK, compare=False, repr=False)
    """The most re-simulation work (`Game.replay_work`) `replay` takes on."""

    # --- building and reading ------------------------------------------------------------------
    @classmethod
    def from_state(cls, state: State[Any], seats: list[str], times: list[float] | None = None,
                   faults: list[Fault] | None = None, forfeited: list[int] | None = None,
                   limits: TimeLimits | None = None) -> Record:
        """A record of `state`'s game so far."""
        game = state.game
        moves = state.moves()
        times = times or [0.0] * len(moves)
        return cls(
            game=game.id, variant=game.variant, params=dict(game.params), seed=state.seed,
            seats=list(seats),
            moves=[RecordedMove(m.player, str(m.action), round(t, 6))
                   for m, t in zip(moves, times, strict=True)],
            result=GameResult.of(state), setup=game.setup_for_record(state),
            faults=list(faults or []), forfeited=list(forfeited or []), limits=limits,
        )

    def load_game(self) -> Game[Any]:
        """The game this record was played under."""
        try:
            return load_game(self.game, **self.params)
        except ParlourError as error:
            raise RecordError(f"record names a game it cannot load: {error}") from None

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        del data["source"], data["max_work"]
        data["moves"] = [[m.player, m.action, m.time] for m in self.moves]
        if self.limits is None:
            del data["limits"]
        else:
            data["limits"] = self.limits.to_dict()
        return {"format": FORMAT, **data}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any, source: str = "record", max_moves: int = MAX_MOVES) -> Record:
        """Read a record, rejecting damage and wrong types with a message naming the field."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"{source} is not a parlour record (no 'format': {FORMAT!r})")
        version = data.get("version")
        if isinstance(version, bool) or version != VERSION:
            raise RecordError(
                f"{source} has record version {version!r}; this parlour reads {VERSION}"
            )
        unknown = sorted(str(key) for key in data if key not in FIELDS)
        if unknown:
            raise RecordError(f"{source} is damaged: unknown field {unknown[0]!r}")
        f = Fields(source)
        params = f.table(f.get(data, "params"), "'params'")
        for key, value in params.items():
            f.scalar(value, f"parameter {key!r}")
        moves = f.items(f.get(data, "moves"), "'moves'")
        if len(moves) > max_moves:
            raise RecordTooLarge(f"{source} holds {len(moves):,} moves, more than the cap of "
                                 f"{max_moves:,}", "moves")
        result = f.table(f.get(data, "result"), "'result'")
        return cls(
            game=f.text(f.get(data, "game"), "'game'", empty=False),
            variant=f.text(f.get(data, "variant"), "'variant'", empty=False),
            params=params,
            seed=f.whole(f.get(data, "seed"), "'seed'"),
            seats=f.each(f.get(data, "seats"), "'seats'",
                         lambda v, what: f.text(v, what, empty=False)),
            moves=[_move(f, move, index) for index, move in enumerate(moves)],
            result=GameResult(
                tuple(f.each(f.get(result, "scores"), "result 'scores'",
                             lambda v, what: f.number(v, what, -1e300, 1e300))),
                tuple(f.each(f.get(result, "returns"), "result 'returns'",
                             lambda v, what: f.number(v, what, -1e300, 1e300))),
                tuple(f.each(f.get(result, "winners"), "result 'winners'",
                             lambda v, what: f.whole(v, what, 0))),
                f.flag(f.get(result, "complete"), "result 'complete'"),
            ),
            setup=f.table(f.get(data, "setup", {}), "'setup'"),
            faults=f.each(f.get(data, "faults", []), "'faults'",
                          lambda v, what: _fault(f, v, what)),
            forfeited=f.each(f.get(data, "forfeited", []), "'forfeited'",
                             lambda v, what: f.whole(v, what, 0)),
            version=VERSION,
            limits=_limits(f, data["limits"]) if data.get("limits") is not None else None,
            source=source,
        )

    @classmethod
    def from_json(cls, text: str, source: str = "record", max_moves: int = MAX_MOVES) -> Record:
        """Read a record from JSON text, in bounded time and memory."""
        return cls.from_dict(parse_json(text, source, max_moves), source, max_moves)

    def save(self, path: str | Path) -> Path:
        """Write the record as JSON (gzip-compressed if the name ends in ``.gz``)."""
        path = Path(path)
        text = self.to_json()
        if path.suffix == ".gz":
            path.write_bytes(gzip.compress(text.encode()))
        else:
            path.write_text(text + "\n", encoding="utf-8")
        return path

    # --- re-simulation ---------------------------------------------------------------------------
    def replay(self) -> Iterator[tuple[State[Any], RecordedMove | None]]:
        """Re-simulate: yield the state at the start, then after each move with that move.

        The same state object is yielded each time, advanced in place. Raises `RecordError` at
        the first move that does not fit, and `RecordTooLarge` before the first if the moves
        would cost more work than `max_work`.
        """
        game = self.load_game()
        work = game.replay_work(len(self.moves))
        if work > self.max_work:
            raise RecordTooLarge(f"re-simulating {self.source} ({game.spec}, "
                                 f"{len(self.moves):,} moves) is {work:,.0f} units of work, "
                                 f"more than the cap of {self.max_work:,.0f}", "work")
        try:
            state = game.new_state(seed=self.seed, **self.setup)
        except ParlourError as error:
            raise RecordError(f"record's setup does not load: {error}") from None
        yield state, None
        for index, move in enumerate(self.moves):
            if state.current_player != move.player:
                raise RecordError(
                    f"record move {index + 1} ({move.action!r}) is by seat {move.player}, "
                    f"but seat {state.current_player} is to act"
                )
            try:
                state.apply(game.parse_action(move.action, state))
            except ParlourError as error:
                raise RecordError(
                    f"record move {index + 1} ({move.action!r}) fails: {error}"
                ) from None
            yield state, move

    def final_state(self) -> State[Any]:
        """The state after every recorded move."""
        final = None
        for state, _ in self.replay():
            final = state
        assert final is not None
        return final

    def verify(self) -> State[Any]:
        """Re-simulate and check everything the record claims: its game, variant and
        parameters, its seats, faults and forfeits, and its result. Returns the final state,
        or raises `RecordError` naming what differs (claimed and re-simulated)."""
        game = self.load_game()
        self.check_claims(game)
        self.check_times(game)
        state = self.final_state()
        actual = GameResult.of(state)
        differences = _differences(self.result, actual)
        if differences:
            raise RecordError(f"{self.source} does not verify: " + "; ".join(differences))
        return state

    def check_claims(self, game: Game[Any]) -> None:
        """Check what the record says about its game against `game` (loaded from it)."""
        where = self.source
        if game.id != self.game:
            raise RecordError(f"{where} names game {self.game!r}, which is {game.id!r}")
        if game.variant != self.variant:
            raise RecordError(f"{where} claims variant {self.variant!r}, but its game and "
                              f"parameters are {game.variant!r}")
        for key, value in self.params.items():
            loaded = game.params.get(key)
            if type(loaded) is not type(value) or loaded != value:
                raise RecordError(f"{where} claims parameter {key} = {value!r}, but "
                                  f"{game.id} reads it as {loaded!r}")
        for seat, name in enumerate(self.seats):
            if len(name) > MAX_SEAT_NAME or not name.isprintable():
                raise RecordError(f"{where} names seat {seat} {name[:40]!r}..., which is no "
                                  f"agent's name (printable, at most {MAX_SEAT_NAME} "
                                  "characters)")
        seats = game.num_players
        if len(self.seats) != seats:
            raise RecordError(f"{where} lists {len(self.seats)} seat(s), but {game.variant} "
                              f"seats {seats}")
        last = 0
        for n, fault in enumerate(self.faults, start=1):
            if not 0 <= fault.seat < seats or not last <= fault.move <= len(self.moves):
                raise RecordError(f"{where} claims fault {n} by seat {fault.seat} at move "
                                  f"{fault.move + 1}, which is not in this game")
            last = fault.move
            if fault.kind != "hook" and (fault.move == len(self.moves)
                                         or self.moves[fault.move].player != fault.seat):
                raise RecordError(f"{where} claims fault {n} ({fault.kind}) by seat "
                                  f"{fault.seat} at move {fault.move + 1}, which that seat "
                                  "did not make")
        if len(set(self.forfeited)) != len(self.forfeited):
            raise RecordError(f"{where} lists a forfeited seat twice: {self.forfeited}")
        for seat in self.forfeited:
            if not 0 <= seat < seats or not any(f.seat == seat for f in self.faults):
                raise RecordError(f"{where} claims seat {seat} forfeited, but it has no "
                                  "faults")

    def check_times(self, game: Game[Any]) -> None:
        """Check each move's seconds against the record's own limits: a timed seat's move
        that overran its limit and what was left of its time bank must carry the timeout
        fault it brings (or be the game's own consequence of a late answer)."""
        limits = self.limits
        if limits is None:
            return
        timeouts = {(f.seat, f.move) for f in self.faults if f.kind == "timeout"}
        hook = getattr(game, "overtime_action", None)
        late = hook("late") if hook is not None else None
        overtime = None if late is None else str(late).split(":")[0]  # its name, no reason
        banks = [limits.time_bank] * len(self.seats)
        for index, move in enumerate(self.moves):
            seat = move.player
            over = move.time - limits.move_time
            if seat in limits.untimed or seat >= len(banks) or over <= 0:
                continue
            banks[seat] -= over
            if banks[seat] >= -TIME_SLACK:
                continue
            banks[seat] = 0.0
            if (seat, index) not in timeouts and move.action.split(":")[0] != overtime:
                raise RecordError(
                    f"{self.source} claims move {index + 1} by seat {seat} took "
                    f"{move.time:g} s, more than its limit of {limits.move_time:g} s a move and "
                    f"its time bank allow, without the timeout fault that brings")

    def events(self) -> list[Any]:
        """Every event of the game, regenerated by re-simulation."""
        return list(self.final_state().events)


def _move(f: Fields, value: Any, index: int) -> RecordedMove:
    what = f"move {index + 1}"
    if not isinstance(value, list) or len(value) != 3:
        f.fail(what, "[seat, action, seconds]", value)
    player, action, seconds = value
    return RecordedMove(f.whole(player, f"{what}'s seat", 0), f.text(action, f"{what}'s action"),
                        f.number(seconds, f"{what}'s seconds", 0.0, MAX_MOVE_SECONDS))


def _limits(f: Fields, value: Any) -> TimeLimits:
    limits = f.table(value, "'limits'")
    if set(limits) != {"move_time", "time_bank", "untimed"}:
        f.fail("'limits'", "an object of move_time, time_bank and untimed", value)
    return TimeLimits(f.number(limits["move_time"], "limits 'move_time'", 0.0, MAX_MOVE_SECONDS),
                      f.number(limits["time_bank"], "limits 'time_bank'", 0.0,
                               MAX_MOVE_SECONDS),
                      tuple(f.each(limits["untimed"], "limits 'untimed'",
                                   lambda v, what: f.whole(v, what, 0))))


def _fault(f: Fields, value: Any, what: str) -> Fault:
    if not isinstance(value, dict) or set(value) != {"seat", "move", "kind", "message"}:
        f.fail(what, "an object of seat, move, kind and message", value)
    return Fault(f.whole(value["seat"], f"{what} seat", 0),
                 f.whole(value["move"], f"{what} move", 0),
                 f.text(value["kind"], f"{what} kind", empty=False),
                 f.text(value["message"], f"{what} message"))


def _differences(claimed: GameResult, actual: GameResult) -> list[str]:
    """Each field of a result that differs, as 'claimed X but the moves give Y'."""
    shown = []
    for name in ("complete", "scores", "returns", "winners"):
        mine, theirs = getattr(claimed, name), getattr(actual, name)
        if mine != theirs:
            if name == "complete":
                mine, theirs = ("finished" if v else "unfinished" for v in (mine, theirs))
                shown.append(f"it claims the game {mine} but the moves leave it {theirs}")
            else:
                shown.append(f"it claims {name} {list(mine)} but the moves give {list(theirs)}")
    return shown


def load(path: str | Path, max_bytes: int = MAX_BYTES, max_moves: int = MAX_MOVES,
         max_work: float = MAX_WORK) -> Record:
    """Read a record file (``.json`` or ``.json.gz``), rejecting damage with a clear error.

    Files (or their decompressed text) over `max_bytes`, or records of more than `max_moves`
    moves, are refused before they are parsed; one whose re-simulation is more work than
    `max_work` is refused when it is re-simulated.
    """
    path = Path(path)
    source = f"record {str(path)!r}"
    try:
        with path.open("rb") as file:
            raw = file.read(max_bytes + 1)
    except OSError as error:
        raise RecordError(f"cannot read record {str(path)!r}: {error.strerror}") from None
    if len(raw) > max_bytes:
        raise RecordTooLarge(f"{source} is larger than {max_bytes:,} bytes (the cap)", "size")
    try:
        if raw[:2] == b"\x1f\x8b":
            inflate = zlib.decompressobj(wbits=31)
            data = inflate.decompress(raw, max_bytes + 1)
            if len(data) > max_bytes:
                raise RecordTooLarge(f"{source} decompresses to more than {max_bytes:,} "
                                     "bytes (the cap)", "size")
            if not inflate.eof:
                raise RecordError(f"{source} is damaged: the compressed data is cut short")
            raw = data
        text = raw.decode()
    except (zlib.error, UnicodeDecodeError) as error:
        raise RecordError(f"{source} is damaged: {error}") from None
    record = Record.from_json(text, source=source, max_moves=max_moves)
    record.max_work = max_work
    return record


__all__ = ["FORMAT", "MAX_BYTES", "MAX_MOVES", "MAX_WORK", "VERSION", "Fault", "GameOver",
           "GameResult", "Record", "RecordTooLarge", "RecordedMove", "TimeLimits", "load"]
