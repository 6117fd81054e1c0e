"""A tournament's description, from command-line flags or a TOML file, checked before play.

Everything that decides the games and their results (the game and its parameters, the agents,
the format, the number of games, the seed, the time limits) is the tournament's *identity*: it
is stored with the results, and ``--resume`` refuses to continue under a different one. How the
games are run (workers, backend, cluster address) may change between runs.

A TOML file holds the same settings as the flags, with the game parameters in a ``[params]``
table::

    game = "hearts"
    agents = ["random", "heuristic"]
    format = "duplicate"
    deals = 20
    seed = 7

    [params]
    end_score = 50
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from parlour.core import Game, ParlourError, UnknownNameError, load_game, parse_spec

FORMATS: dict[str, str] = {
    "duplicate": "the same deals replayed with every seating, so the cards' luck cancels",
    "head-to-head": "two agents, every seat permutation, a new deal for each game",
    "vs-baseline": "each candidate alone among a field of baseline agents, on the same deals",
    "round-robin": "every pairing (or every table combination) of the agents",
    "battle-royale": "every agent at one table",
}
BACKENDS: dict[str, str] = {
    "local": "worker processes on this machine (the default)",
    "inprocess": "every game in this process, one after another (for debugging)",
    "ray": "tasks on a Ray cluster (a local one unless --address names one)",
}
SEATINGS: dict[str, str] = {
    "auto": "rotations when the seats divide evenly among a table's agents, else permutations "
            "(head-to-head: permutations)",
    "permutations": "every distinct assignment of a table's agents to the seats",
    "rotations": "the table's seating turned round one seat at a time",
    "fixed": "the table's own order only",
}
TABLES: dict[str, str] = {
    "pairs": "round robin: every pair of agents",
    "all": "round robin: every combination of agents that fills a table",
}
EXECUTION = ("workers", "backend", "address", "out", "sandbox", "bot_network", "bot_state",
             "bot_env")
"""Settings that may change when a tournament is resumed: they do not change any result."""

DEFAULT_GAMES = 100


def default_workers() -> int:
    """The CPUs this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not on Linux
        return os.cpu_count() or 1


@dataclass(frozen=True)
class TournamentConfig:
    """Everything that describes a tournament; `checked()` validates and normalises it."""

    game: str
    """Game id or alias, optionally with parameters (``hearts:end_score=50``)."""
    agents: tuple[str, ...] = ()
    """Agent specs: the candidates of vs-baseline, every player otherwise."""
    format: str = "duplicate"
    params: dict[str, Any] = field(default_factory=dict)
    """Game parameters, added to those in `game`."""
    baselines: tuple[str, ...] = ()
    """vs-baseline: the field the candidates play against (cycled to fill the table)."""
    tables: str = "pairs"
    seating: str = "auto"
    games: int | None = None
    """At least this many games: rounded up to whole rounds (every table in every seating)."""
    deals: int | None = None
    """Rounds: each plays every table in every seating (in duplicate, on one deal)."""
    seed: int = 0
    move_time: float | None = None
    time_bank: float = 0.0
    strike_limit: int = 3
    out: str = ""
    """Output directory; empty means ``tournament-GAME-SEED``."""
    workers: int | None = None
    backend: str = "local"
    address: str | None = None
    stage: str = ""
    """The label that seeds derive from (default: the format)."""
    sandbox: str = "auto"
    """Sandbox policy for bots run as programs: auto, on or off (docs/agents.md)."""
    bot_network: bool = False
    bot_state: str | None = None
    """A folder where each sandboxed bot keeps files between games; None keeps nothing."""
    bot_env: tuple[str, ...] = ()
    """Environment variables passed on to sandboxed bots, by name."""

    # --- building ------------------------------------------------------------------------------
    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], source: str = "settings",
                     base: TournamentConfig | None = None) -> TournamentConfig:
        """A config from `data` (TOML or flags), over `base`; unknown or mistyped keys fail."""
        known = {f.name for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, value in data.items():
            name = key.replace("-", "_")
            if name not in known:
                raise UnknownNameError("tournament setting", key, sorted(known),
                                       context=f"in {source}")
            values[name] = _convert(name, value, source)
        if base is None:
            if "game" not in values:
                raise ParlourError(f"{source} names no game (game = \"hearts\", say)")
            return cls(**values)
        return replace(base, **values)

    def game_object(self) -> Game[Any]:
        """The game with its parameters (ParlourError if they do not fit)."""
        name, options = parse_spec(self.game)
        return load_game(name, **{**options, **self.params})

    def checked(self) -> TournamentConfig:
        """This config validated and normalised, or a `ParlourError` naming what is wrong."""
        game = self.game_object()
        fmt = self.format.replace("_", "-").lower()
        _choose("format", fmt, FORMATS)
        _choose("backend", self.backend, BACKENDS)
        _choose("seating", self.seating, SEATINGS)
        _choose("tables", self.tables, TABLES)
        agents = tuple(a.strip() for a in self.agents if a.strip())
        baselines = tuple(b.strip() for b in self.baselines if b.strip())
        if not agents:
            raise ParlourError("a tournament needs agents: --agents random,heuristic (or "
                               "agents = [...] in the config file)")
        for spec in (*agents, *baselines):
            if spec.split(":", 1)[0].strip() == "human":
                raise ParlourError(f"agent {spec!r}: a person cannot sit in a tournament; "
                                   "play with 'parlour play' instead")
        if baselines and fmt != "vs-baseline":
            raise ParlourError(f"baselines are for the vs-baseline format, not {fmt!r}")
        if self.games is not None and self.deals is not None:
            raise ParlourError("give either the number of games or of deals, not both")
        for name in ("games", "deals"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise ParlourError(f"the number of {name} must be at least 1, not {value}")
        if self.move_time is not None and self.move_time <= 0:
            raise ParlourError(f"the move time must be positive, not {self.move_time}")
        if self.time_bank < 0:
            raise ParlourError(f"the time bank cannot be negative: {self.time_bank}")
        if self.strike_limit < 1:
            raise ParlourError(f"the strike limit must be at least 1, not {self.strike_limit}")
        if self.sandbox not in ("auto", "on", "off"):
            raise ParlourError(f"the sandbox policy must be auto, on or off, not "
                               f"{self.sandbox!r}")
        workers = default_workers() if self.workers is None else self.workers
        if workers < 1:
            raise ParlourError(f"the number of workers must be at least 1, not {workers}")
        return replace(
            self, game=game.id, params=game.changed_params(),
            agents=agents, baselines=baselines, format=fmt, workers=workers,
            games=self.games if self.games is not None or self.deals is not None
            else DEFAULT_GAMES,
            out=self.out or f"tournament-{game.id}-{self.seed}", stage=self.stage or fmt,
        )

    # --- storing ---------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Every setting, as plain JSON/TOML values."""
        data = asdict(self)
        data["agents"] = list(self.agents)
        data["baselines"] = list(self.baselines)
        return data

    def identity(self) -> dict[str, Any]:
        """The settings that decide the results (not how the games are run)."""
        return {k: v for k, v in self.to_dict().items() if k not in EXECUTION}


def _choose(setting: str, value: str, choices: Mapping[str, str]) -> None:
    if value not in choices:
        raise UnknownNameError(setting, value, choices)


_TYPES: dict[str, tuple[type, ...]] = {
    "game": (str,), "format": (str,), "tables": (str,), "seating": (str,), "out": (str,),
    "backend": (str,), "address": (str,), "stage": (str,), "sandbox": (str,),
    "bot_state": (str,), "bot_network": (bool,),
    "games": (int,), "deals": (int,), "seed": (int,), "strike_limit": (int,), "workers": (int,),
    "move_time": (float, int), "time_bank": (float, int),
}


def _convert(name: str, value: Any, source: str) -> Any:
    """Check one setting's type; lists become tuples, paths strings."""
    if name == "bot_network":
        if not isinstance(value, bool):
            raise ParlourError(f"setting 'bot_network' in {source} must be true or false, "
                               f"got {value!r}")
        return value
    if name in ("agents", "baselines", "bot_env"):
        if isinstance(value, str):
            from parlour.agents import split_seats

            return tuple(split_seats(value))
        if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
            return tuple(value)
        raise ParlourError(f"setting {name!r} in {source} must be a list of agent specs, "
                           f"got {value!r}")
    if name == "params":
        if not isinstance(value, Mapping):
            raise ParlourError(f"setting 'params' in {source} must be a table of game "
                               f"parameters, got {value!r}")
        return dict(value)
    if isinstance(value, Path):
        value = str(value)
    types = _TYPES[name]
    nullable = name in ("games", "deals", "move_time", "workers", "address", "bot_state")
    if value is None and nullable:
        return None
    if isinstance(value, bool) or not isinstance(value, types):
        kind = {str: "text", int: "a whole number", float: "a number"}[types[0]]
        raise ParlourError(f"setting {name!r} in {source} must be {kind}, got {value!r}")
    return float(value) if float in types else value


def load_config(path: str | Path) -> dict[str, Any]:
    """The settings in a TOML file (checked later, with the flags on top)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise ParlourError(f"cannot read config file {str(path)!r}: "
                           f"{error.strerror or error}") from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise ParlourError(f"config file {str(path)!r} is not valid TOML: {error}") from None


__all__ = [
    "BACKENDS", "DEFAULT_GAMES", "EXECUTION", "FORMATS", "SEATINGS", "TABLES",
    "TournamentConfig", "default_workers", "load_config",
]
