"""The ladder: a standing league per game where people submit bots and watch them climb.

`Ladder` (in `parlour.ladder.league`) keeps a league in a folder: upload tokens, submitted
bot versions (any language, over the JSON-lines protocol), their qualification, and duplicate
matches played for ever at the lineups `parlour.ladder.scheduler` finds most informative, with
OpenSkill ratings anchored by built-in bots (`parlour.ladder.standings`). See docs/ladder.md.
"""

from parlour.ladder.league import Ladder, LadderError, LeagueSettings
from parlour.ladder.standings import Standing
from parlour.ladder.store import LadderStoreError, Version
from parlour.ladder.uploads import UploadError, UploadLimits

__all__ = ["Ladder", "LadderError", "LadderStoreError", "LeagueSettings", "Standing",
           "UploadError", "UploadLimits", "Version"]
