"""Records: a versioned JSON document of one game, that re-simulates to prove itself.

A record holds the game id, variant and parameters, the seed and any fixed setup, the seats'
agent specs, every move with its player and decision time, the faults, and the result.
`Record.verify()` replays the moves from the seed and raises `RecordError` on any mismatch.
Files ending in ``.gz`` are gzip-compressed.
"""

from __future__ import annotations

import gzip
import json
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

FORMAT = "parlour.record"
VERSION = 1


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

    # --- building and reading ------------------------------------------------------------------
    @classmethod
    def from_state(cls, state: State[Any], seats: list[str], times: list[float] | None = None,
                   faults: list[Fault] | None = None, forfeited: list[int] | None = None) -> Record:
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
            faults=list(faults or []), forfeited=list(forfeited or []),
        )

    def load_game(self) -> Game[Any]:
        """The game this record was played under."""
        try:
            return load_game(self.game, **self.params)
        except ParlourError as error:
            raise RecordError(f"record names a game it cannot load: {error}") from None

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["moves"] = [[m.player, m.action, m.time] for m in self.moves]
        return {"format": FORMAT, **data}

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any, source: str = "record") -> Record:
        """Read a record, rejecting damage with a message that names what is wrong."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError(f"{source} is not a parlour record (no 'format': {FORMAT!r})")
        version = data.get("version")
        if version != VERSION:
            raise RecordError(
                f"{source} has record version {version!r}; this parlour reads {VERSION}"
            )
        try:
            result = data["result"]
            return cls(
                game=str(data["game"]), variant=str(data["variant"]), params=dict(data["params"]),
                seed=int(data["seed"]), seats=[str(s) for s in data["seats"]],
                moves=[RecordedMove(int(p), str(a), float(t)) for p, a, t in data["moves"]],
                result=GameResult(tuple(result["scores"]), tuple(result["returns"]),
                                  tuple(result["winners"]), bool(result["complete"])),
                setup=dict(data.get("setup", {})),
                faults=[Fault(**f) for f in data.get("faults", [])],
                forfeited=[int(s) for s in data.get("forfeited", [])],
                version=version,
            )
        except (KeyError, TypeError, ValueError) as error:
            raise RecordError(f"{source} is damaged: bad or missing field ({error})") from None

    @classmethod
    def from_json(cls, text: str, source: str = "record") -> Record:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise RecordError(f"{source} is not valid JSON: {error}") from None
        return cls.from_dict(data, source)

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
        the first move that does not fit.
        """
        game = self.load_game()
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
        """Re-simulate and check the stored result; returns the final state or raises."""
        state = self.final_state()
        actual = GameResult.of(state)
        if actual != self.result:
            raise RecordError(
                f"record does not verify: stored result {_show(self.result)} but the moves give "
                f"{_show(actual)}"
            )
        return state

    def events(self) -> list[Any]:
        """Every event of the game, regenerated by re-simulation."""
        return list(self.final_state().events)


def _show(result: GameResult) -> str:
    end = "final" if result.complete else "unfinished"
    return f"{end} scores {list(result.scores)}"


def load(path: str | Path) -> Record:
    """Read a record file (``.json`` or ``.json.gz``), rejecting damage with a clear error."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise RecordError(f"cannot read record {str(path)!r}: {error.strerror}") from None
    try:
        text = gzip.decompress(raw).decode() if raw[:2] == b"\x1f\x8b" else raw.decode()
    except (OSError, UnicodeDecodeError, EOFError) as error:
        raise RecordError(f"record {str(path)!r} is damaged: {error}") from None
    return Record.from_json(text, source=f"record {str(path)!r}")


__all__ = ["FORMAT", "VERSION", "Fault", "GameOver", "GameResult", "Record", "RecordedMove", "load"]
