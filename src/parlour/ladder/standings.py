"""The leaderboard: ratings with intervals, results against the anchors, faults and time.

Ratings are OpenSkill (Plackett-Luce) beliefs updated once per finished duplicate match, in
match order, from each version's total return over the match's seatings (the same deals in
every seat, so the cards' luck cancels). A `Leaderboard` is read from the stored games once
and then kept up to date game by game, so it always equals a replay of the store, and is shown
relative to the ``random`` anchor (its mean is 0) with a 95% interval (mu ± 1.96 sigma).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.arena.stats import Interval, mean_interval, rate_table
from parlour.ladder.store import GameRow, Version

Z95 = 1.959964
REFERENCE = "random"
"""The anchor whose rating is the zero of the scale."""
PRIOR = (25.0, 25 / 3)
"""OpenSkill's belief about a version that has not played."""


@dataclass
class Standing:
    """One version's line of the leaderboard."""

    version: Version
    mu: float = PRIOR[0]
    sigma: float = PRIOR[1]
    matches: int = 0
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    faults: int = 0
    fault_kinds: dict[str, int] = field(default_factory=dict)
    against: dict[str, Interval] = field(default_factory=dict)
    """Mean return per deal above each anchor met at the same table, with its 95% interval."""
    rank: int = 0

    @property
    def low(self) -> float:
        return self.mu - Z95 * self.sigma

    @property
    def high(self) -> float:
        return self.mu + Z95 * self.sigma

    @property
    def time_per_decision(self) -> float | None:
        return self.seconds / self.decisions if self.decisions else None

    @property
    def fault_rate(self) -> float | None:
        """Faults per decision."""
        return self.faults / self.decisions if self.decisions else None

    def to_dict(self, shift: float = 0.0) -> dict[str, Any]:
        """The line as JSON values, ratings shifted by `shift`."""
        v = self.version
        return {
            "rank": self.rank, "bot": v.name, "version": v.number, "id": v.version,
            "label": v.label, "anchor": v.anchor, "owner": v.owner, "status": v.status,
            "rating": _round(self.mu - shift), "low": _round(self.low - shift),
            "high": _round(self.high - shift), "sigma": _round(self.sigma),
            "matches": self.matches, "games": self.games, "decisions": self.decisions,
            "faults": self.faults, "fault_rate": _round(self.fault_rate, 4),
            "seconds_per_decision": _round(self.time_per_decision, 7),
            "against": {name: {"mean": _round(i.mean), "low": _round(i.low),
                               "high": _round(i.high), "deals": i.n}
                        for name, i in sorted(self.against.items())},
        }


def _round(value: float | None, digits: int = 2) -> float | None:
    return None if value is None or not math.isfinite(value) else round(value, digits)


@dataclass
class Tally:
    """What a version has done so far: the counts behind its line."""

    matches: int = 0
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    faults: int = 0
    fault_kinds: dict[str, int] = field(default_factory=dict)


class Leaderboard:
    """Standings kept up to date one game at a time, in the order the games were stored.

    A match is rated when its last seating arrives; matches must arrive in the order they
    were played (the ladder plays one at a time), which is the order `standings` replays.
    """

    def __init__(self) -> None:
        from openskill.models import PlackettLuce

        self.model = PlackettLuce()
        self.ratings: dict[int, Any] = {}
        self.tallies: dict[int, Tally] = defaultdict(Tally)
        self.margins: dict[tuple[int, int], list[float]] = defaultdict(list)
        self.open: dict[int, list[GameRow]] = defaultdict(list)

    def add(self, row: GameRow, seatings: int) -> None:
        """Count one stored game of a match of `seatings` games."""
        for version in set(row.seats):
            self.tallies[version].games += 1
        for seat, version in enumerate(row.seats):
            tally = self.tallies[version]
            tally.decisions += row.moves[seat]
            tally.seconds += row.time_total[seat]
        for seat, kind, _message in row.faults:
            tally = self.tallies[row.seats[seat]]
            tally.faults += 1
            tally.fault_kinds[kind] = tally.fault_kinds.get(kind, 0) + 1
        rows = self.open[row.match]
        rows.append(row)
        if len(rows) == seatings:
            self._rate(self.open.pop(row.match))

    def _rate(self, rows: Sequence[GameRow]) -> None:
        totals = match_totals(rows)
        rate_table(self.model, self.ratings, totals)
        deals = _seats_per_version(rows)
        for version in totals:
            self.tallies[version].matches += 1
            for other in totals:
                if other != version:
                    self.margins[(version, other)].append(
                        totals[version] / deals[version] - totals[other] / deals[other])

    def lines(self, versions: Sequence[Version]) -> list[Standing]:
        """Every version's standing, best first (by the low end of its interval)."""
        anchors = {v.version: v.name for v in versions if v.anchor}
        lines = []
        for version in versions:
            tally = self.tallies.get(version.version, Tally())
            rating = self.ratings.get(version.version)
            line = Standing(version, matches=tally.matches, games=tally.games,
                            decisions=tally.decisions, seconds=tally.seconds,
                            faults=tally.faults, fault_kinds=dict(tally.fault_kinds))
            if rating is not None:
                line.mu, line.sigma = rating.mu, rating.sigma
            for other, name in anchors.items():
                values = self.margins.get((version.version, other))
                if values:
                    line.against[name] = mean_interval(values)
            lines.append(line)
        ranked = sorted(lines, key=lambda s: (-s.low, -s.mu, s.version.version))
        for rank, line in enumerate(ranked, start=1):
            line.rank = rank
        return ranked


def match_totals(rows: Sequence[GameRow]) -> dict[int, float]:
    """Each version's total return over a match's seatings."""
    totals: dict[int, float] = defaultdict(float)
    for row in rows:
        for version, value in zip(row.seats, row.returns, strict=True):
            totals[version] += value
    return dict(totals)


def _seats_per_version(rows: Sequence[GameRow]) -> dict[int, int]:
    counts: dict[int, int] = defaultdict(int)
    for row in rows:
        for version in row.seats:
            counts[version] += 1
    return counts


def reference_shift(lines: Sequence[Standing]) -> float:
    """The mean rating of the ``random`` anchor, the zero of the shown scale (0 without it)."""
    for line in lines:
        if line.version.anchor and line.version.name == REFERENCE and line.matches:
            return line.mu
    return 0.0
