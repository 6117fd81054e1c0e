"""A tournament's settings kept outside its store, and the check that the store still holds them.

A tournament writes its identity (the settings that decide the results), its agents and its
schedule to ``tournament.json`` (the schedule before the store holds it). The file lets a lost
or damaged store be rebuilt from the records (`parlour.arena.rebuild`), and it is the reference
`check_settings` holds the store to: `parlour report` and `parlour tournament --resume` both
refuse, with the same line, a store whose settings, agents or schedule were edited, rather than
one showing a ranking under settings its games were not played with and the other refusing or
mixing two tournaments. A directory made before the file existed is checked against the
schedule its stored settings plan.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from parlour.arena.config import EXECUTION, TournamentConfig
from parlour.arena.formats import Scheduled, plan
from parlour.arena.store import Agent, Store, StoreError
from parlour.arena.worker import write_file
from parlour.core import ParlourError

SETTINGS = "tournament.json"
MAX_SETTINGS_BYTES = 64_000_000
"""A settings file larger than this is not read (about 60 bytes a scheduled game)."""


@dataclass(frozen=True)
class Saved:
    """What ``tournament.json`` holds."""

    settings: dict[str, Any]
    agents: list[Agent]
    schedule: list[Scheduled]


def write_settings(out: Path, identity: dict[str, Any], agents: Sequence[Agent],
                   schedule: Sequence[Scheduled] = ()) -> None:
    """Write the tournament's settings, agents and schedule to ``tournament.json``."""
    document = {"format": "parlour.tournament", "version": 1, "settings": identity,
                "agents": [[a.index, a.name, a.spec, a.role] for a in agents],
                "schedule": [[g.index, g.stage, g.round, g.table, g.seating, list(g.seats),
                              g.seed, g.game] for g in schedule]}
    write_file(out / SETTINGS, json.dumps(document, default=str).encode())


def read_settings(out: Path) -> Saved | None:
    """What ``tournament.json`` in `out` holds; None if there is no such file; a
    `ParlourError` naming the file if it cannot be read."""
    path = out / SETTINGS
    if not path.is_file():
        return None
    where = f"the settings file {str(path)!r}"
    try:
        if path.stat().st_size > MAX_SETTINGS_BYTES:
            raise ParlourError(f"{where} is larger than {MAX_SETTINGS_BYTES:,} bytes")
        document = json.loads(path.read_bytes())
        settings = document["settings"]
        agents = [Agent(int(i), str(name), str(spec), str(role))
                  for i, name, spec, role in document["agents"]]
        schedule = [Scheduled(int(i), str(stage), int(r), int(table), int(seating),
                              tuple(int(s) for s in seats), int(seed), str(game))
                    for i, stage, r, table, seating, seats, seed, game in document["schedule"]]
    except ParlourError:
        raise
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise ParlourError(f"{where} is damaged ({type(error).__name__}: {error})") from None
    if not isinstance(settings, dict) or not agents:
        raise ParlourError(f"{where} holds no settings or agents")
    return Saved(settings, agents, schedule)


def config_of(settings: dict[str, Any], out: Path, source: str) -> TournamentConfig:
    """The checked config of stored `settings` for the tournament in `out`."""
    known = {k: v for k, v in settings.items() if k not in EXECUTION}
    return TournamentConfig.from_mapping({**known, "out": str(out)}, source=source).checked()


def plan_tournament(config: TournamentConfig) -> list[Scheduled]:
    """The whole schedule `config` describes."""
    return plan(config.format, agents=len(config.agents), baselines=len(config.baselines),
                game=config.game_object(), seed=config.seed, games=config.games,
                deals=config.deals, seating=config.seating, tables=config.tables,
                stage=config.stage)


def check_settings(out: Path, store: Store) -> None:
    """Raise `StoreError` if the settings in `store` were edited: they, its agents or its
    schedule differ from ``tournament.json`` (or, without one, the settings do not describe
    the stored agents and schedule)."""
    stored = store.meta("config")
    if not isinstance(stored, dict):
        raise StoreError(f"the results store {str(store.path)!r} holds no tournament settings")
    edited = (f"the settings in the results store {str(store.path)!r} were edited")
    fix = (f"parlour report --rebuild {str(out)!r} makes the store again from {SETTINGS} and "
           "the records")
    saved = read_settings(out)
    if saved is not None:
        settings = saved.settings
        for key in sorted(set(stored) | set(settings)):
            if key not in EXECUTION and _plain(stored.get(key)) != _plain(settings.get(key)):
                raise StoreError(f"{edited} ({key}: {stored.get(key)!r} in the store, "
                                 f"{settings.get(key)!r} in {SETTINGS}); {fix}")
        if saved.agents != store.agents():
            raise StoreError(f"{edited} (its agents differ from those of {SETTINGS}); {fix}")
        filed = {g.index: g for g in saved.schedule}
        for game in store.schedule():
            if filed.get(game.index) != game:
                raise StoreError(f"{edited} (game {game.index + 1} of its schedule is not the "
                                 f"one {SETTINGS} holds); {fix}")
        return
    try:
        config = config_of(stored, out, f"the results store {str(store.path)!r}")
    except ParlourError as error:
        raise StoreError(f"{edited}: {error}; {fix}") from None
    specs = [*config.agents, *config.baselines]
    if specs != [a.spec for a in store.agents()]:
        raise StoreError(f"{edited} (its agents are not those of its settings); {fix}")
    planned = {g.index: g for g in plan_tournament(config)}
    for theirs in store.schedule():  # a run may have scheduled only part of the plan so far
        mine = planned.get(theirs.index)
        if mine is None:
            raise StoreError(f"{edited}: they do not describe its schedule (they plan "
                             f"{len(planned)} games, it holds game {theirs.index + 1}); {fix}")
        if mine != theirs:
            raise StoreError(f"{edited}: they do not describe its schedule (game "
                             f"{mine.index + 1}: {_show(mine)} planned, {_show(theirs)} "
                             f"stored); {fix}")


def _plain(value: Any) -> Any:
    """A setting as JSON gives it back (tuples as lists)."""
    return json.loads(json.dumps(value, default=str))


def _show(game: Scheduled) -> str:
    return f"{game.game}, seats {list(game.seats)}, seed {game.seed}"


__all__ = ["SETTINGS", "Saved", "check_settings", "config_of", "plan_tournament", "read_settings",
           "write_settings"]
