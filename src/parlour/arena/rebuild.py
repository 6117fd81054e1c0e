"""Making a tournament's results store again from its settings file and its records.

Every game's record is written before its result is stored, so the records hold everything the
store does. `rebuild` takes the settings, agents and schedule from ``tournament.json`` (or,
without it, the settings of a store that can still be read and the schedule they plan),
re-simulates each record (`Record.verify`), and stores the result of each one that verifies
and is the scheduled game (seed, seats, variant). A game without such a record stays
unplayed: ``parlour tournament --resume`` plays it. The store that was there is kept beside it
as ``tournament.sqlite.replaced``.

`parlour report --rebuild` calls it; `parlour tournament --resume` calls it when the store is
missing or cannot be read (`restore_store`).
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from parlour.arena.formats import Scheduled
from parlour.arena.runner import ERRORS, lock_directory, record_name, write_error_log
from parlour.arena.settings import SETTINGS, config_of, plan_tournament, read_settings
from parlour.arena.store import FILENAME, Agent, Store, open_existing
from parlour.arena.worker import outcome_of
from parlour.core import ParlourError, load_game
from parlour.records import load

REPLACED = f"{FILENAME}.replaced"


@dataclass
class Rebuilt:
    """What a rebuild did: games restored from their records, games left to play again (with
    why), and where the store it replaced was kept."""

    restored: int = 0
    missing: dict[int, str] = field(default_factory=dict)
    kept: Path | None = None

    def lines(self, resuming: bool = False) -> list[str]:
        """What happened, for a person (the first missing games by name)."""
        text = [f"rebuilt the results store from {self.restored} record(s)"
                + (f"; the store it replaced is kept as {self.kept.name}" if self.kept else "")]
        for index, why in list(self.missing.items())[:10]:
            text.append(f"game {index + 1:04d} has no result: {why}")
        if len(self.missing) > 10:
            text.append(f"... and {len(self.missing) - 10} more game(s) have no result")
        if self.missing and not resuming:
            text.append("parlour tournament --resume plays the games without a result")
        return text


def rebuild(out: Path) -> Rebuilt:
    """Make the store of the tournament in `out` again from its settings and records."""
    out = Path(out)
    if not out.is_dir():
        raise ParlourError(f"{str(out)!r} is not a tournament's directory")
    lock = lock_directory(out)
    try:
        settings, agents, schedule = _settings(out)
        config = config_of(settings, out, f"the settings of {str(out)!r}")
        schedule = schedule or plan_tournament(config)
        done = Rebuilt(kept=_set_aside(out))
        with Store(out / FILENAME) as store:
            store.initialise(config.identity(), agents)
            store.add_schedule(schedule)
            games = {spec: load_game(spec) for spec in {g.game for g in schedule}}
            for scheduled in schedule:
                name = record_name(scheduled.index)
                path = out / name
                if not path.is_file():
                    done.missing[scheduled.index] = f"its record {name} is missing"
                    continue
                try:
                    record = load(path)
                    state = record.verify()
                except ParlourError as error:
                    done.missing[scheduled.index] = str(error)
                    continue
                specs = [agents[a].spec for a in scheduled.seats]
                if (record.seed, record.seats, record.variant) != (scheduled.seed, specs,
                                                                   scheduled.game):
                    done.missing[scheduled.index] = f"its record {name} is of another game"
                    continue
                seconds = sum(move.time for move in record.moves)
                store.add_result(scheduled, outcome_of(scheduled.index, games[scheduled.game],
                                                       state, record, seconds), name)
                done.restored += 1
            write_error_log(out / ERRORS, store.games(), [a.name for a in agents])
        return done
    finally:
        lock.close()


def restore_store(out: Path) -> Rebuilt | None:
    """Rebuild the store of `out` if it is missing or cannot be read and ``tournament.json``
    is there to rebuild it from (as ``--resume`` does); None if it needed nothing."""
    out = Path(out)
    if not (out / SETTINGS).is_file():
        return None
    try:
        open_existing(out).close()
    except ParlourError:
        return rebuild(out)
    return None


def _settings(out: Path) -> tuple[dict[str, Any], list[Agent], list[Scheduled]]:
    """The settings, agents and schedule to rebuild from: ``tournament.json``, else a
    readable store's own settings and agents (and the schedule they plan)."""
    saved = read_settings(out)
    if saved is not None:
        return saved.settings, saved.agents, saved.schedule
    try:
        with open_existing(out) as store:
            settings, agents = store.meta("config"), store.agents()
    except ParlourError as error:
        raise ParlourError(f"cannot rebuild the results store of {str(out)!r}: it has no "
                           f"{SETTINGS} and its store cannot be read ({error})") from None
    return settings, agents, []


def _set_aside(out: Path) -> Path | None:
    """Move the store (and its write-ahead files) out of the way; where it went, if anywhere."""
    store = out / FILENAME
    if not store.exists():
        for suffix in ("-wal", "-shm"):  # a log without its database is of no use
            with contextlib.suppress(FileNotFoundError):
                (out / (FILENAME + suffix)).unlink()
        return None
    for suffix in ("", "-wal", "-shm"):
        source = out / (FILENAME + suffix)
        target = out / (REPLACED + suffix)
        if source.exists():
            os.replace(source, target)
        else:
            with contextlib.suppress(FileNotFoundError):
                target.unlink()
    return out / REPLACED


__all__ = ["REPLACED", "Rebuilt", "rebuild", "restore_store"]
