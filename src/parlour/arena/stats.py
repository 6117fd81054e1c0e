"""Tournament statistics: means with confidence intervals, paired comparisons, ratings.

The unit of independence is the *deal*: the games that share a seed (in duplicate, a deal
replayed in every seating; in other formats, every table of a round in one seating). An
agent's value on a deal is its mean return over every seat it held in those games, so the
cards' luck cancels where the format replays them. From these values:

- each agent's mean return (and score) with a 95% Student-t confidence interval over deals;
- win rate: the share of its seats that were among the winners (a shared win counts for each);
- pairwise comparisons: for two agents, the difference of their values on each deal both
  played, with a 95% interval and a paired two-sided t-test; the verdict uses Holm's
  correction over all pairs (family-wise error 5%);
- a pairwise win-rate matrix: the share of the games two agents met in where the first
  did better (mean return over its seats; a tie counts half);
- OpenSkill ratings (Plackett-Luce), games taken in schedule order, each agent at a table one
  team scored by its mean return, so the ratings do not depend on which game finished first;
- per agent: decisions, mean and maximum seconds per decision, faults by kind.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from parlour.arena.store import Agent, GameRow

log = logging.getLogger("parlour.arena")

CONFIDENCE = 0.95
ALPHA = 0.05


# --- Student's t -----------------------------------------------------------------------------
def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 500):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-15:
            break
    return h


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def t_two_sided(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with `df` degrees of freedom."""
    return incomplete_beta(df / 2.0, 0.5, df / (df + t * t))


def t_quantile(q: float, df: float) -> float:
    """The `q` quantile (q > 0.5) of Student's t with `df` degrees of freedom."""
    target = 2.0 * (1.0 - q)
    low, high = 0.0, 1.0
    while t_two_sided(high, df) > target:
        low, high = high, high * 2.0
    for _ in range(200):
        middle = (low + high) / 2.0
        if t_two_sided(middle, df) > target:
            low = middle
        else:
            high = middle
    return (low + high) / 2.0


# --- intervals and tests ------------------------------------------------------------------------
@dataclass(frozen=True)
class Interval:
    """A mean with its confidence interval (None when there are fewer than two values)."""

    mean: float
    low: float | None
    high: float | None
    n: int


def mean_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> Interval:
    """The mean of `values` and its Student-t confidence interval."""
    n = len(values)
    if n == 0:
        return Interval(math.nan, None, None, 0)
    mean = math.fsum(values) / n
    if n < 2:
        return Interval(mean, None, None, n)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(0.5 + confidence / 2.0, n - 1) * sd / math.sqrt(n)
    return Interval(mean, mean - half, mean + half, n)


def paired_test(differences: Sequence[float]) -> tuple[Interval, float | None]:
    """The mean difference with its interval, and the two-sided p-value of a paired t-test
    (None below two pairs)."""
    interval = mean_interval(differences)
    n = len(differences)
    if n < 2:
        return interval, None
    sd = math.sqrt(math.fsum((d - interval.mean) ** 2 for d in differences) / (n - 1))
    if sd == 0.0:
        return interval, 1.0 if interval.mean == 0.0 else 0.0
    return interval, t_two_sided(interval.mean / (sd / math.sqrt(n)), n - 1)


def holm(pvalues: Sequence[float | None]) -> list[float | None]:
    """Holm-Bonferroni adjusted p-values (None stays None and does not count)."""
    present = sorted((p, i) for i, p in enumerate(pvalues) if p is not None)
    adjusted: list[float | None] = [None] * len(pvalues)
    running = 0.0
    for rank, (p, i) in enumerate(present):
        running = max(running, min(1.0, (len(present) - rank) * p))
        adjusted[i] = running
    return adjusted


# --- ratings ---------------------------------------------------------------------------------
def openskill_ratings(tables: Sequence[dict[int, float]]) -> dict[int, tuple[float, float]]:
    """OpenSkill (Plackett-Luce) ratings, mu and sigma, from games in order; each game maps
    the agents at its table to their results (higher is better)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[int, Any] = {}
    for table in tables:
        rate_table(model, ratings, table)
    return {a: (r.mu, r.sigma) for a, r in ratings.items()}


def rate_table(model: Any, ratings: dict[int, Any], table: dict[int, float]) -> None:
    """Update `ratings` (agent -> OpenSkill rating) with one game's `table` of results."""
    if len(table) < 2:
        return
    agents = sorted(table)
    teams = [[ratings.get(a) or model.rating(name=str(a))] for a in agents]
    rated = model.rate(teams, scores=[table[a] for a in agents])
    for a, (rating,) in zip(agents, rated, strict=True):
        ratings[a] = rating


# --- the summary -------------------------------------------------------------------------------
@dataclass
class AgentStats:
    """One agent's line of the ranking."""

    agent: int
    name: str
    spec: str
    role: str
    games: int = 0
    seats: int = 0
    value: Interval = Interval(math.nan, None, None, 0)
    """Mean return per deal, with its 95% interval."""
    score: Interval = Interval(math.nan, None, None, 0)
    wins: int = 0
    win_rate: float | None = None
    rating: float | None = None
    rating_sigma: float | None = None
    moves: int = 0
    mean_move_time: float | None = None
    max_move_time: float | None = None
    faults: dict[str, int] = field(default_factory=dict)
    rank: int = 0
    values: list[float] = field(default_factory=list, repr=False)
    """The agent's value on each deal (for plots)."""

    @property
    def ordinal(self) -> float | None:
        """A conservative rating: mu - 3 sigma."""
        if self.rating is None or self.rating_sigma is None:
            return None
        return self.rating - 3.0 * self.rating_sigma


@dataclass(frozen=True)
class Comparison:
    """Agent `a` against agent `b` over the deals both played."""

    a: str
    b: str
    deals: int
    difference: Interval
    """a's value minus b's, per deal."""
    p: float | None
    p_holm: float | None
    verdict: str
    paired_over: str
    """``deal`` when deals were replayed (several games each), else ``game``."""
    games: int
    """Games at which both sat."""
    a_win_rate: float | None
    """Share of those games where a did better (ties count half)."""


@dataclass
class TournamentStats:
    """Everything a report shows."""

    settings: dict[str, Any]
    scheduled: int
    played: int
    agents: list[AgentStats]
    """Best first."""
    comparisons: list[Comparison]
    win_matrix: list[list[float | None]]
    """Row agent's win rate against column agent, in the ranking's order."""
    errors: int
    seconds: float

    @property
    def complete(self) -> bool:
        return self.played == self.scheduled

    def to_dict(self) -> dict[str, Any]:
        """The JSON summary."""
        agents = []
        for a in self.agents:
            line = asdict(a)
            line.pop("values")
            line["ordinal"] = a.ordinal
            agents.append(line)
        return {
            "format": "parlour.tournament.summary", "version": 1, "settings": self.settings,
            "games": {"scheduled": self.scheduled, "played": self.played},
            "agents": _finite(agents), "comparisons": _finite([asdict(c) for c in
                                                               self.comparisons]),
            "win_matrix": {"order": [a.name for a in self.agents], "rows": self.win_matrix},
            "errors": self.errors, "seconds": self.seconds,
        }


def _finite(value: Any) -> Any:
    """NaN as None, for JSON."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value


def summarise(rows: Sequence[GameRow], agents: Sequence[Agent],
              settings: dict[str, Any] | None = None) -> TournamentStats:
    """The statistics of the played games among `rows` (the schedule, in order)."""
    lines = {a.index: AgentStats(a.index, a.name, a.spec, a.role) for a in agents}
    # per deal (seed): agent -> [sum of returns, sum of scores, seats]
    deals: dict[int, dict[int, list[float]]] = {}
    deal_games: dict[int, int] = {}
    tables: list[dict[int, float]] = []
    times: dict[int, float] = dict.fromkeys(lines, 0.0)
    errors = 0
    seconds = 0.0
    played = [row for row in rows if row.played]
    for row in played:
        seconds += row.seconds
        seed = row.game.seed
        deal = deals.setdefault(seed, {})
        deal_games[seed] = deal_games.get(seed, 0) + 1
        table: dict[int, list[float]] = {}
        for s in row.seats:
            line = lines[s.agent]
            line.seats += 1
            line.wins += s.win
            line.moves += s.moves
            times[s.agent] += s.time_total
            if s.moves and (line.max_move_time is None or s.time_max > line.max_move_time):
                line.max_move_time = s.time_max
            acc = deal.setdefault(s.agent, [0.0, 0.0, 0.0])
            acc[0] += s.value
            acc[1] += s.score
            acc[2] += 1
            table.setdefault(s.agent, []).append(s.value)
        for agent in table:
            lines[agent].games += 1
        tables.append({a: math.fsum(v) / len(v) for a, v in table.items()})
        for e in row.errors:
            agent = row.game.seats[e.seat]
            lines[agent].faults[e.kind] = lines[agent].faults.get(e.kind, 0) + 1
            errors += 1
    per_deal: dict[int, dict[int, float]] = {
        seed: {a: acc[0] / acc[2] for a, acc in deal.items()} for seed, deal in deals.items()}
    for index, line in lines.items():
        values = [d[index] for d in per_deal.values() if index in d]
        scores = [deal[index][1] / deal[index][2] for deal in deals.values() if index in deal]
        line.values = values
        line.value = mean_interval(values)
        line.score = mean_interval(scores)
        line.win_rate = line.wins / line.seats if line.seats else None
        line.mean_move_time = times[index] / line.moves if line.moves else None
        line.faults = dict(sorted(line.faults.items()))
    try:
        ratings = openskill_ratings(tables)
    except ImportError:
        log.warning("ratings need the openskill package: pip install openskill")
        ratings = {}
    for index, (mu, sigma) in ratings.items():
        lines[index].rating, lines[index].rating_sigma = mu, sigma
    ranked = _rank(list(lines.values()))
    comparisons = _compare(ranked, per_deal, deal_games, tables)
    order = [a.agent for a in ranked]
    matrix = [[None if a == b else _win_rate(tables, a, b)[1] for b in order] for a in order]
    return TournamentStats(dict(settings or {}), len(rows), len(played), ranked, comparisons,
                           matrix, errors, seconds)


def _rank(lines: list[AgentStats]) -> list[AgentStats]:
    """Best mean return first; equal means share a rank; agents without games come last."""
    def key(line: AgentStats) -> float:
        return -math.inf if math.isnan(line.value.mean) else line.value.mean

    order = sorted(lines, key=lambda line: (-key(line), line.agent))
    for line in order:
        line.rank = 1 + sum(1 for other in order if key(other) > key(line))
    return order


def _win_rate(tables: Sequence[dict[int, float]], a: int, b: int) -> tuple[int, float | None]:
    met = [t for t in tables if a in t and b in t]
    if not met:
        return 0, None
    won = sum(1.0 if t[a] > t[b] else 0.5 if t[a] == t[b] else 0.0 for t in met)
    return len(met), won / len(met)


def _compare(ranked: Sequence[AgentStats], per_deal: dict[int, dict[int, float]],
             deal_games: dict[int, int], tables: Sequence[dict[int, float]]) -> list[Comparison]:
    pending = []
    for i, a in enumerate(ranked):
        for b in ranked[i + 1:]:
            shared = [seed for seed, d in per_deal.items() if a.agent in d and b.agent in d]
            if not shared:
                continue
            differences = [per_deal[s][a.agent] - per_deal[s][b.agent] for s in shared]
            interval, p = paired_test(differences)
            over = "deal" if any(deal_games[s] > 1 for s in shared) else "game"
            games, rate = _win_rate(tables, a.agent, b.agent)
            pending.append((a, b, len(shared), interval, p, over, games, rate))
    adjusted = holm([item[4] for item in pending])
    comparisons = []
    for (a, b, n, interval, p, over, games, rate), p_holm in zip(pending, adjusted,
                                                                strict=True):
        if p_holm is None:
            verdict = "too few deals to tell"
        elif p_holm < ALPHA:
            verdict = f"{a.name if interval.mean > 0 else b.name} better"
        else:
            verdict = "not significant"
        comparisons.append(Comparison(a.name, b.name, n, interval, p, p_holm, verdict, over,
                                      games, rate))
    return comparisons


__all__ = [
    "ALPHA", "CONFIDENCE", "AgentStats", "Comparison", "Interval", "TournamentStats", "holm",
    "incomplete_beta", "mean_interval", "openskill_ratings", "paired_test", "rate_table",
    "summarise",
    "t_quantile", "t_two_sided",
]
