"""game17's ways of ranking Territory players, on parlour's Match and Record machinery.

- `one_game`: every player on one board (the other owners are zombies), one game;
- `versus_zombies`: each player alone among zombies, `games` games each (the same seeds for
  every player): win counts and the maximum over games of the per-game mean time per move;
- `battle_royale`: every player on one board, `games` games, ranked by wins;
- `round_robin`: `games` games (game17: one) per pair of players, everyone else zombies;
- `rank`: a battle royale, then a round robin inside each group tied on wins.

Each writes to its output directory every game's record (``records/NNNN.json.gz``), the error
log (``errors.log``: every fault and every forfeited turn, appended as each game ends) and the
summary (``summary.json``, ``summary.txt``). A game's seed is ``derive_seed(seed, phase, ...)``
and its agents are seeded as a `Match` seeds them, so a record's seed and seats replay it.

Time limit: with `move_time`, every agent is built with the process limits of
``FaultPolicy(move_time=...)``, so a game17 player file runs in a worker process and a move
over the limit (wall clock) is cut off and forfeited, as in game17. The match itself runs
without a move time: its own check would turn that late forfeit into a fault and a random
fallback move. Built-in agents run in this process untimed.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from itertools import combinations
from pathlib import Path
from typing import Any, cast

from parlour.agents import make_agent
from parlour.core import ParlourError, derive_seed, make_rng
from parlour.games.territory import Territory, TerritoryState, TurnForfeited
from parlour.match import FaultPolicy, Match

log = logging.getLogger("parlour.arena.territory")

MODES = {
    "one": "one game",
    "zombies": "each player alone among zombies",
    "royale": "battle royale",
    "roundrobin": "round robin",
    "rank": "rank (battle royale, ties broken by a round robin)",
}


# --- scheduling (pure) -----------------------------------------------------------------------
@dataclass(frozen=True)
class Planned:
    """A scheduled game: its phase, the players seated (seat s is player ``players[s]``)."""

    phase: str
    players: tuple[int, ...]
    seed: int


def one_game_plan(players: int, seed: int) -> list[Planned]:
    """Every player on one board, one game."""
    return [Planned("one", tuple(range(players)), derive_seed(seed, "one", 0))]


def zombies_plan(players: int, games: int, seed: int) -> list[Planned]:
    """Each player alone among zombies; game i has the same seed for every player."""
    return [Planned("zombies", (p,), derive_seed(seed, "zombies", i))
            for p in range(players) for i in range(games)]


def royale_plan(players: int, games: int, seed: int) -> list[Planned]:
    """Every player on one board, `games` games."""
    every = tuple(range(players))
    return [Planned("royale", every, derive_seed(seed, "royale", i)) for i in range(games)]


def round_robin_plan(group: Sequence[int], games: int, seed: int,
                     phase: str = "roundrobin") -> list[Planned]:
    """`games` games for each pair of players in `group`, everyone else zombies."""
    return [Planned(phase, (a, b), derive_seed(seed, phase, a, b, k))
            for a, b in combinations(sorted(group), 2) for k in range(games)]


# --- results (pure) --------------------------------------------------------------------------
@dataclass(frozen=True)
class GameOutcome:
    """One game played: who sat where, the squares held, the winners, times and errors."""

    number: int
    phase: str
    seed: int
    players: tuple[int, ...]
    record: str
    """The record's path, relative to the output directory."""
    scores: tuple[int, ...]
    """Squares held at the end, per seat."""
    winners: tuple[int, ...]
    """The players (not seats) among the winning owners."""
    zombie_won: bool
    rounds: int
    mean_times: tuple[float | None, ...]
    """Mean seconds per move, per seat (None for a seat that never moved)."""
    forfeits: tuple[int, ...]
    faults: tuple[int, ...]


@dataclass(frozen=True)
class ErrorEntry:
    """A fault of a seat's agent or a forfeited turn, with its reason, game and seat."""

    game: int
    phase: str
    seat: int
    player: str
    kind: str
    """``forfeit`` for a forfeited turn, else the fault's kind (timeout, exception, ...)."""
    at: str
    reason: str

    def line(self) -> str:
        what = "forfeited turn" if self.kind == "forfeit" else f"fault ({self.kind})"
        return (f"game {self.game:04d} {self.phase} seat {self.seat} ({self.player}) {self.at}: "
                f"{what}: {self.reason}")


@dataclass
class Standing:
    """One player's line. `games`, `wins` and `squares` count the ranking phase; forfeits,
    faults and the maximum per-game mean move time count every game of the run."""

    player: int
    name: str
    games: int = 0
    wins: int = 0
    squares: int = 0
    forfeits: int = 0
    faults: int = 0
    max_mean_time: float | None = None
    tiebreak_wins: int | None = None
    """Rank only: wins in the round robin of the player's tied group (None: not tied)."""
    rank: int = 0

    @property
    def mean_squares(self) -> float:
        return self.squares / self.games if self.games else 0.0


def tally(outcomes: Iterable[GameOutcome], names: Sequence[str],
          phases: Sequence[str]) -> list[Standing]:
    """Standings of every player from `outcomes` (wins and squares from `phases` only)."""
    table = [Standing(p, name) for p, name in enumerate(names)]
    for outcome in outcomes:
        counted = outcome.phase in phases
        for seat, p in enumerate(outcome.players):
            line = table[p]
            line.forfeits += outcome.forfeits[seat]
            line.faults += outcome.faults[seat]
            mean = outcome.mean_times[seat]
            if mean is not None and (line.max_mean_time is None or mean > line.max_mean_time):
                line.max_mean_time = mean
            if counted:
                line.games += 1
                line.squares += outcome.scores[seat]
                line.wins += p in outcome.winners
    return table


def ranked(standings: Sequence[Standing],
           key: Callable[[Standing], tuple[int, ...]]) -> list[Standing]:
    """Sort by `key` (higher is better); equal keys share a rank (1, 1, 3, ...)."""
    order = sorted(standings, key=lambda s: (tuple(-k for k in key(s)), s.player))
    for s in order:
        s.rank = 1 + sum(1 for other in order if key(other) > key(s))
    return order


def tied_groups(standings: Sequence[Standing]) -> list[list[int]]:
    """Groups of two or more players with equal wins, best first."""
    by_wins: dict[int, list[int]] = {}
    for s in standings:
        by_wins.setdefault(s.wins, []).append(s.player)
    return [sorted(group) for wins, group in sorted(by_wins.items(), reverse=True)
            if len(group) > 1]


def _wins(s: Standing) -> tuple[int, ...]:
    return (s.wins,)


# --- the report ------------------------------------------------------------------------------
@dataclass
class Ranking:
    """A finished run: its settings, the standings (best first), every game and every error."""

    mode: str
    specs: list[str]
    names: list[str]
    seed: int
    games: int
    size: int
    rounds: int
    move_time: float | None
    out: Path
    standings: list[Standing] = field(default_factory=list)
    outcomes: list[GameOutcome] = field(default_factory=list)
    errors: list[ErrorEntry] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        """The summary.json document."""
        return {
            "format": "parlour.territory.ranking", "mode": self.mode, "seed": self.seed,
            "games": self.games, "size": self.size, "rounds": self.rounds,
            "move_time": self.move_time, "players": self.specs,
            "standings": [{**asdict(s), "name": s.name, "mean_squares": s.mean_squares}
                          for s in self.standings],
            "played": [asdict(o) for o in self.outcomes],
            "errors": len(self.errors),
        }

    def text(self) -> str:
        """The summary.txt document: settings, the ranking table, and every game in a line."""
        limit = "none" if self.move_time is None else f"{self.move_time:g} s"
        width = max(6, *(len(name) for name in self.names))
        lines = [
            f"Territory rankings: {MODES[self.mode]}",
            f"seed {self.seed}, {self.games} game(s), {self.size} x {self.size} board, "
            f"{self.rounds} rounds, move time {limit}",
            "",
            f"{'rank':>4}  {'player':<{width}} {'games':>5} {'wins':>5} {'win %':>6} "
            f"{'squares':>8} {'tiebreak':>8} {'forfeits':>8} {'faults':>6} {'s/move':>9}",
        ]
        for s in self.standings:
            share = 100 * s.wins / s.games if s.games else 0.0
            tiebreak = "" if s.tiebreak_wins is None else str(s.tiebreak_wins)
            speed = "" if s.max_mean_time is None else f"{s.max_mean_time:.5f}"
            lines.append(f"{s.rank:>4}  {s.name:<{width}} {s.games:>5} {s.wins:>5} {share:>6.1f} "
                         f"{s.mean_squares:>8.1f} {tiebreak:>8} {s.forfeits:>8} {s.faults:>6} "
                         f"{speed:>9}")
        lines += ["", "squares: mean per game; s/move: the maximum over games of the mean "
                  "seconds per move", "", "games:"]
        for o in self.outcomes:
            seated = ", ".join(self.names[p] for p in o.players)
            won = [self.names[p] for p in o.winners] + (["a zombie"] if o.zombie_won else [])
            lines.append(f"  {o.number:04d} {o.phase} seed {o.seed}: {seated}; squares "
                         f"{list(o.scores)}; won by {', '.join(won)}")
        lines += ["", f"{len(self.errors)} error(s), listed in errors.log"]
        return "\n".join(lines) + "\n"


# --- playing ---------------------------------------------------------------------------------
GameCallback = Callable[[GameOutcome, int], None]
"""Called after each game with its outcome and the number of games scheduled so far."""


def _names(specs: Sequence[str]) -> list[str]:
    """The specs, with ``#2``, ``#3`` ... on repeats so every player has its own name."""
    seen: dict[str, int] = {}
    names = []
    for spec in specs:
        seen[spec] = seen.get(spec, 0) + 1
        names.append(spec if seen[spec] == 1 else f"{spec}#{seen[spec]}")
    return names


class _Run:
    """Plays scheduled games into an output directory and collects their outcomes."""

    def __init__(self, mode: str, specs: Sequence[str], *, games: int, seed: int, size: int,
                 rounds: int, move_time: float | None, out: str | Path,
                 on_game: GameCallback | None, seated: int) -> None:
        specs = [s.strip() for s in specs]
        if not specs or not all(specs):
            raise ParlourError(f"territory {mode}: name at least one player (agent specs)")
        if games < 1:
            raise ParlourError(f"territory {mode}: the number of games must be at least 1, "
                               f"not {games}")
        if move_time is not None and move_time <= 0:
            raise ParlourError(f"territory {mode}: the move time must be positive, "
                               f"not {move_time}")
        Territory(size=size, rounds=rounds, players=seated)  # ParameterError if it cannot seat
        self.policy = FaultPolicy(move_time=move_time)
        self.ranking = Ranking(mode, list(specs), _names(specs), seed, games, size, rounds,
                               move_time, self._empty_dir(Path(out)))
        self.on_game = on_game
        self.scheduled = 0
        for spec in specs:
            self._check(spec)
        (self.ranking.out / "records").mkdir(parents=True)
        (self.ranking.out / "errors.log").write_text("", encoding="utf-8")

    @staticmethod
    def _empty_dir(out: Path) -> Path:
        if out.exists() and (not out.is_dir() or any(out.iterdir())):
            raise ParlourError(f"output directory {str(out)!r} is not empty; the records of two "
                               "runs must not mix: choose another or remove it")
        return out

    def _check(self, spec: str) -> None:
        """Build the agent once, so a bad spec fails before any game is played."""
        r = self.ranking
        game = Territory(size=r.size, rounds=r.rounds, players=1)
        agent = make_agent(spec, game, 0, make_rng(r.seed, "check"),
                           self.policy.process_limits())
        close = getattr(agent, "close", None)
        if close is not None:
            close()

    def play_all(self, plans: Sequence[Planned]) -> None:
        self.scheduled += len(plans)
        for plan in plans:
            outcome = self.play(plan)
            if self.on_game is not None:
                self.on_game(outcome, self.scheduled)

    def play(self, plan: Planned) -> GameOutcome:
        """Play one planned game; save its record and append its errors to errors.log."""
        r = self.ranking
        number = len(r.outcomes) + 1
        specs = [r.specs[p] for p in plan.players]
        game = Territory(size=r.size, rounds=r.rounds, players=len(specs))
        limits = self.policy.process_limits()
        agents: list[Any] = []
        try:
            for seat, spec in enumerate(specs):
                agents.append(make_agent(spec, game, seat, make_rng(plan.seed, "agent", seat),
                                         limits))
            match = Match(game, agents, seed=plan.seed,
                          policy=replace(self.policy, move_time=None))
        except BaseException:
            for agent in agents:
                getattr(agent, "close", lambda: None)()
            raise
        match.specs = specs
        try:
            record = match.run()
        finally:
            match.close()
        path = record.save(r.out / "records" / f"{number:04d}.json.gz")
        state = cast(TerritoryState, match.state)
        names = [r.names[p] for p in plan.players]
        errors = [ErrorEntry(number, plan.phase, e.seat, names[e.seat], "forfeit",
                             f"round {e.round + 1}", e.reason)
                  for e in state.events if isinstance(e, TurnForfeited) and e.seat is not None]
        errors += [ErrorEntry(number, plan.phase, f.seat, names[f.seat], f.kind,
                              f"move {f.move + 1}", f.message) for f in record.faults]
        seats = range(len(specs))
        times: list[list[float]] = [[] for _ in seats]
        for move in record.moves:
            times[move.player].append(move.time)
        owners = state.winning_owners()
        outcome = GameOutcome(
            number=number, phase=plan.phase, seed=plan.seed, players=plan.players,
            record=str(path.relative_to(r.out)), scores=tuple(record.result.scores),
            winners=tuple(plan.players[s] for s in record.result.winners),
            zombie_won=any(o >= len(specs) for o in owners), rounds=state.round + 1,
            mean_times=tuple(sum(t) / len(t) if t else None for t in times),
            forfeits=tuple(sum(1 for e in errors if e.seat == s and e.kind == "forfeit")
                           for s in seats),
            faults=tuple(sum(1 for f in record.faults if f.seat == s) for s in seats),
        )
        r.outcomes.append(outcome)
        r.errors += errors
        if errors:
            with (r.out / "errors.log").open("a", encoding="utf-8") as log_file:
                log_file.writelines(e.line() + "\n" for e in errors)
        log.info("game %d (%s) won by %s", number, plan.phase,
                 [r.names[p] for p in outcome.winners] or "a zombie")
        return outcome

    def finish(self, standings: Sequence[Standing],
               key: Callable[[Standing], tuple[int, ...]] = _wins) -> Ranking:
        """Rank `standings`, write summary.json and summary.txt, and return the ranking."""
        r = self.ranking
        r.standings = ranked(standings, key)
        (r.out / "summary.json").write_text(json.dumps(r.to_dict(), indent=1) + "\n",
                                            encoding="utf-8")
        (r.out / "summary.txt").write_text(r.text(), encoding="utf-8")
        return r


# --- the five formats ------------------------------------------------------------------------
def one_game(specs: Sequence[str], *, out: str | Path, seed: int = 0, size: int = 14,
             rounds: int = 50, move_time: float | None = None,
             on_game: GameCallback | None = None) -> Ranking:
    """One game with every player on the board; ranked by the squares held at the end."""
    run = _Run("one", specs, games=1, seed=seed, size=size, rounds=rounds,
               move_time=move_time, out=out, on_game=on_game, seated=len(specs))
    run.play_all(one_game_plan(len(specs), seed))
    r = run.ranking
    return run.finish(tally(r.outcomes, r.names, ("one",)), key=lambda s: (s.wins, s.squares))


def versus_zombies(specs: Sequence[str], *, out: str | Path, games: int = 10, seed: int = 0,
                   size: int = 14, rounds: int = 50, move_time: float | None = None,
                   on_game: GameCallback | None = None) -> Ranking:
    """Each player alone among zombies, `games` games each (the same boards for everyone):
    ranked by wins, with the maximum over games of the per-game mean time per move."""
    run = _Run("zombies", specs, games=games, seed=seed, size=size, rounds=rounds,
               move_time=move_time, out=out, on_game=on_game, seated=1)
    run.play_all(zombies_plan(len(specs), games, seed))
    r = run.ranking
    return run.finish(tally(r.outcomes, r.names, ("zombies",)))


def battle_royale(specs: Sequence[str], *, out: str | Path, games: int = 10, seed: int = 0,
                  size: int = 14, rounds: int = 50, move_time: float | None = None,
                  on_game: GameCallback | None = None) -> Ranking:
    """Every player on one board, `games` games; ranked by wins (ties share a rank)."""
    run = _Run("royale", specs, games=games, seed=seed, size=size, rounds=rounds,
               move_time=move_time, out=out, on_game=on_game, seated=len(specs))
    run.play_all(royale_plan(len(specs), games, seed))
    r = run.ranking
    return run.finish(tally(r.outcomes, r.names, ("royale",)))


def round_robin(specs: Sequence[str], *, out: str | Path, games: int = 1, seed: int = 0,
                size: int = 14, rounds: int = 50, move_time: float | None = None,
                on_game: GameCallback | None = None) -> Ranking:
    """`games` games per pair of players (game17: one), everyone else zombies; by wins."""
    if len(specs) < 2:
        raise ParlourError("territory roundrobin: name at least two players")
    run = _Run("roundrobin", specs, games=games, seed=seed, size=size, rounds=rounds,
               move_time=move_time, out=out, on_game=on_game, seated=2)
    run.play_all(round_robin_plan(range(len(specs)), games, seed))
    r = run.ranking
    return run.finish(tally(r.outcomes, r.names, ("roundrobin",)))


def rank(specs: Sequence[str], *, out: str | Path, games: int = 10, seed: int = 0,
         size: int = 14, rounds: int = 50, move_time: float | None = None,
         on_game: GameCallback | None = None) -> Ranking:
    """A battle royale of `games` games, then one game per pair inside each group tied on
    wins (everyone else zombies): the group is ordered by those wins; still tied, they share
    the rank."""
    run = _Run("rank", specs, games=games, seed=seed, size=size, rounds=rounds,
               move_time=move_time, out=out, on_game=on_game, seated=len(specs))
    run.play_all(royale_plan(len(specs), games, seed))
    r = run.ranking
    groups = tied_groups(tally(r.outcomes, r.names, ("royale",)))
    run.play_all([p for group in groups for p in round_robin_plan(group, 1, seed, "tiebreak")])
    standings = tally(r.outcomes, r.names, ("royale",))  # now with the tiebreaks' errors, times
    tiebreak = tally(r.outcomes, r.names, ("tiebreak",))
    for group in groups:
        for p in group:
            standings[p].tiebreak_wins = tiebreak[p].wins
    return run.finish(standings, key=lambda s: (s.wins, s.tiebreak_wins or 0))


FORMATS: dict[str, Callable[..., Ranking]] = {
    "one": one_game, "zombies": versus_zombies, "royale": battle_royale,
    "roundrobin": round_robin, "rank": rank,
}

__all__ = [
    "FORMATS", "MODES", "ErrorEntry", "GameOutcome", "Planned", "Ranking", "Standing",
    "battle_royale", "one_game", "one_game_plan", "rank", "ranked", "round_robin",
    "round_robin_plan", "royale_plan", "tally", "tied_groups", "versus_zombies", "zombies_plan",
]
