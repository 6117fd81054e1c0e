"""The leaderboard: ratings with intervals, results against the anchors, faults and time.

Ratings are OpenSkill (Plackett-Luce) beliefs updated once per finished duplicate match, in
match order, from each version's total return over the match's seatings (the same deals in
every seat, so the cards' luck cancels). They are computed afresh from the stored games, so
they never drift from the records, and shown relative to the ``random`` anchor (its mean is
0) with a 95% interval (mu ± 1.96 sigma).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from parlour.arena.stats import Interval, mean_interval, openskill_ratings
from parlour.ladder.store import GameRow, MatchRow, Version

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
            "seconds_per_decision": _round(self.time_per_decision, 4),
            "against": {name: {"mean": _round(i.mean), "low": _round(i.low),
                               "high": _round(i.high), "deals": i.n}
                        for name, i in sorted(self.against.items())},
        }


def _round(value: float | None, digits: int = 2) -> float | None:
    return None if value is None or not math.isfinite(value) else round(value, digits)


def standings(versions: Sequence[Version], matches: Sequence[MatchRow],
              games: Sequence[GameRow]) -> list[Standing]:
    """Every version's standing, best first (by the low end of its interval)."""
    by_id = {v.version: Standing(v) for v in versions}
    by_match: dict[int, list[GameRow]] = defaultdict(list)
    for row in games:
        by_match[row.match].append(row)
        for version in set(row.seats):
            if version in by_id:
                by_id[version].games += 1
        for seat, version in enumerate(row.seats):
            line = by_id.get(version)
            if line is None:
                continue
            line.decisions += row.moves[seat]
            line.seconds += row.time_total[seat]
        for seat, kind, _message in row.faults:
            line = by_id.get(row.seats[seat])
            if line is not None:
                line.faults += 1
                line.fault_kinds[kind] = line.fault_kinds.get(kind, 0) + 1
    tables: list[dict[int, float]] = []
    margins: dict[tuple[int, int], list[float]] = defaultdict(list)
    for match in matches:
        rows = by_match.get(match.match, [])
        if match.finished is None or len(rows) != len(match.seatings):
            continue
        totals = match_totals(rows)
        tables.append(totals)
        deals = _seats_per_version(rows)
        for version in totals:
            if version in by_id:
                by_id[version].matches += 1
            for other in totals:
                if other != version:
                    margins[(version, other)].append(
                        totals[version] / deals[version] - totals[other] / deals[other])
    for version, (mu, sigma) in openskill_ratings(tables).items():
        if version in by_id:
            by_id[version].mu, by_id[version].sigma = mu, sigma
    anchors = {v.version: v.name for v in versions if v.anchor}
    for (version, other), values in margins.items():
        if other in anchors and version in by_id:
            by_id[version].against[anchors[other]] = mean_interval(values)
    ranked = sorted(by_id.values(), key=lambda s: (-s.low, -s.mu, s.version.version))
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
