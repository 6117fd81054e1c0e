"""Tournaments on top of `parlour.match`: formats, the results store, statistics, backends.

- `config`: a tournament's settings, from flags or a TOML file;
- `formats`: the schedules (duplicate, head-to-head, vs-baseline, round robin, battle royale);
- `worker`: one game, played wherever a backend runs it;
- `backends`: in-process, local worker processes, Ray;
- `store`: the SQLite results store, written as each game ends (``--resume`` continues it);
- `runner`: a tournament in its output directory;
- `stats`: means with intervals, paired comparisons, OpenSkill ratings, times, faults;
- `report`: the ranking table, the progress bar, plots (rich and matplotlib);
- `territory`: game17's Territory rankings as configurations of these formats.

See docs/tournaments.md.
"""

from parlour.arena.config import FORMATS, TournamentConfig, load_config
from parlour.arena.formats import Scheduled, plan
from parlour.arena.runner import Tournament, run_tournament, stored_config
from parlour.arena.stats import TournamentStats, summarise

__all__ = [
    "FORMATS",
    "Scheduled",
    "Tournament",
    "TournamentConfig",
    "TournamentStats",
    "load_config",
    "plan",
    "run_tournament",
    "stored_config",
    "summarise",
]
