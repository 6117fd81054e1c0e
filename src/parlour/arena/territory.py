"""game17's ways of ranking Territory players, as configurations of the general formats.

- `one_game`: every player on one board (the other owners are zombies), one game: a battle
  royale of one round;
- `versus_zombies`: each player alone among zombies, `games` games each, on the same boards:
  vs-baseline with no baseline (the zombies are the field): win counts and the maximum over
  games of the per-game mean time per move;
- `battle_royale`: every player on one board, `games` games, ranked by wins;
- `round_robin`: `games` games (game17: one) per pair of players, everyone else zombies: a
  round robin of pairs, each pair on boards of its own;
- `rank`: a battle royale, then a round robin inside each group tied on wins.

Seats follow the order the players are named in (game17's ``fixed`` seating). Each run is a
tournament of `parlour.arena` in its output directory (the store ``tournament.sqlite``, every
game's record ``records/NNNN.json.gz``, the error log ``errors.log`` when there is one: every
fault and every forfeited turn), plus game17's summaries (``summary.json``, ``summary.txt``). A
game's seed is ``derive_seed(seed, mode, round)``; in a round robin (and a tiebreak) each pair
has its own, ``derive_seed(seed, mode, a, b, round)`` with the players' indices: seats are
fixed (the first named of a pair is owner 0), so one board shared by every pair would hand the
same start to the first-named player of every pair, and the ranking would depend on the order
of the names. Agents are seeded as a `Match` seeds them, so a record's seed and seats replay
it. ``parlour report DIR`` shows a run with the general statistics.

Time limit: with `move_time` every player meets the same rule, game17's: a late turn is
forfeited (logged, not counted as a fault). A game17 player file runs in a worker process and
a move over the limit (wall clock) is cut off; a built-in agent runs in this process and its
late answer is discarded (`Territory.overtime_action`); an ``exec:`` program is cut off.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, cast

from parlour.arena.config import TournamentConfig
from parlour.arena.formats import Scheduled, schedule, tables_for
from parlour.arena.rows import ErrorItem
from parlour.arena.rows import GameOutcome as PlayedGame
from parlour.arena.runner import ERRORS, Tournament, write_error_log
from parlour.arena.store import GameRow
from parlour.core import ParlourError, State, derive_seed
from parlour.games.territory import Territory, TerritoryState, TurnForfeited
from parlour.records import Record

log = logging.getLogger("parlour.arena.territory")

MODES = {
    "one": "one game",
    "zombies": "each player alone among zombies",
    "royale": "battle royale",
    "roundrobin": "round robin",
    "rank": "rank (battle royale, ties broken by a round robin)",
}


# --- scheduling: the general formats, in game17's seat order -------------------------------------
def _spec(size: int, rounds: int, players: int) -> str:
    return Territory(size=size, rounds=rounds, players=players).spec


def one_game_plan(players: int, seed: int, *, size: int = 14,
                  rounds: int = 50) -> list[Scheduled]:
    """Every player on one board, one game (a battle royale of one round)."""
    return schedule(tables_for("battle-royale", players, players), seats=players,
                    seating="fixed", rounds=1, seed=seed, stage="one",
                    game=_spec(size, rounds, players), shared=False)


def zombies_plan(players: int, games: int, seed: int, *, size: int = 14,
                 rounds: int = 50) -> list[Scheduled]:
    """Each player alone among zombies (vs-baseline with no baseline); round r is the same
    board for every player."""
    return schedule(tables_for("vs-baseline", players, 1), seats=1, seating="fixed",
                    rounds=games, seed=seed, stage="zombies", game=_spec(size, rounds, 1),
                    shared=False)


def royale_plan(players: int, games: int, seed: int, *, size: int = 14,
                rounds: int = 50) -> list[Scheduled]:
    """Every player on one board, `games` games."""
    return schedule(tables_for("battle-royale", players, players), seats=players,
                    seating="fixed", rounds=games, seed=seed, stage="royale",
                    game=_spec(size, rounds, players), shared=False)


def round_robin_plan(group: Sequence[int], games: int, seed: int, phase: str = "roundrobin",
                     *, size: int = 14, rounds: int = 50, start: int = 0) -> list[Scheduled]:
    """`games` games for each pair of players in `group`, everyone else zombies."""
    members = sorted(group)
    pairs = [(members[a], members[b])
             for a, b in tables_for("round-robin", len(members), 2, tables="pairs")]
    spec = _spec(size, rounds, 2)
    plan: list[Scheduled] = []
    for r in range(games):
        for table, pair in enumerate(pairs):
            plan.append(Scheduled(start + len(plan), phase, r, table, 0, pair,
                                  derive_seed(seed, phase, *pair, r), spec))
    return plan


def analyse(state: State[Any], record: Record) -> tuple[list[ErrorItem], dict[str, Any]]:
    """The arena's hook for Territory: forfeited turns are the seat's errors; whether a zombie
    won, and the rounds played, are kept with the result."""
    territory = cast(TerritoryState, state)
    errors = [ErrorItem(e.seat, "forfeit", f"round {e.round + 1}", e.reason)
              for e in territory.events if isinstance(e, TurnForfeited) and e.seat is not None]
    players = territory.game.players
    return errors, {"zombie_won": any(o >= players for o in territory.winning_owners()),
                    "rounds": territory.round + 1}


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
        lines += ["", f"{len(self.errors)} error(s), listed in errors.log" if self.errors
                  else "no errors (so no errors.log)"]
        return "\n".join(lines) + "\n"


# --- playing -------------------------------------------------------------------------------
GameCallback = Callable[[int, int], None]
"""Called after each game with the games played and the games scheduled so far."""


class _Counter:
    """The arena's progress hook, as a callback of (played, scheduled)."""

    def __init__(self, on_game: GameCallback | None) -> None:
        self.on_game = on_game
        self.total = 0
        self.done = 0

    def start(self, total: int, done: int) -> None:
        self.total, self.done = total, done

    def advance(self, outcome: PlayedGame) -> None:
        self.done += 1
        if self.on_game is not None:
            self.on_game(self.done, self.total)


class _Run:
    """A Territory ranking: a tournament in `out`, read back as game17's outcomes."""

    def __init__(self, mode: str, specs: Sequence[str], *, games: int, seed: int, size: int,
                 rounds: int, move_time: float | None, out: str | Path,
                 on_game: GameCallback | None, seated: int, fmt: str) -> None:
        specs = [s.strip() for s in specs]
        if not specs or not all(specs):
            raise ParlourError(f"territory {mode}: name at least one player (agent specs)")
        if games < 1:
            raise ParlourError(f"territory {mode}: the number of games must be at least 1, "
                               f"not {games}")
        if move_time is not None and move_time <= 0:
            raise ParlourError(f"territory {mode}: the move time must be positive, "
                               f"not {move_time}")
        config = TournamentConfig(
            game="territory", params={"size": size, "rounds": rounds, "players": seated},
            agents=tuple(specs), format=fmt, seating="fixed", deals=games, seed=seed,
            move_time=move_time, out=str(out), backend="inprocess", workers=1, stage=mode)
        self.tournament = Tournament(config)
        self.progress = _Counter(on_game)
        self.ranking = Ranking(mode, list(specs), self.tournament.names, seed, games, size,
                               rounds, move_time, Path(out))

    def play_all(self, plans: Sequence[Scheduled]) -> None:
        """Play scheduled games and read every game played so far back."""
        self.tournament.play(plans, self.progress)
        rows = [row for row in self.tournament.rows() if row.played]
        r = self.ranking
        r.outcomes = [_outcome(row) for row in rows]
        r.errors = [ErrorEntry(row.game.index + 1, row.game.stage, e.seat,
                               r.names[row.game.seats[e.seat]], e.kind, e.at, e.message)
                    for row in rows for e in row.errors]

    @property
    def next_index(self) -> int:
        return len(self.tournament.store.schedule())

    def finish(self, standings: Sequence[Standing],
               key: Callable[[Standing], tuple[int, ...]] = lambda s: (s.wins,)) -> Ranking:
        """Rank `standings`, write errors.log, summary.json and summary.txt; close the store."""
        r = self.ranking
        try:
            write_error_log(r.out / ERRORS, self.tournament.rows(), r.names)
        finally:
            self.tournament.close()
        r.standings = ranked(standings, key)
        (r.out / "summary.json").write_text(json.dumps(r.to_dict(), indent=1) + "\n",
                                            encoding="utf-8")
        (r.out / "summary.txt").write_text(r.text(), encoding="utf-8")
        for outcome in r.outcomes:
            log.info("game %d (%s) won by %s", outcome.number, outcome.phase,
                     [r.names[p] for p in outcome.winners] or "a zombie")
        return r


def _outcome(row: GameRow) -> GameOutcome:
    g = row.game
    extra = row.extra or {}
    seats = range(len(g.seats))
    return GameOutcome(
        number=g.index + 1, phase=g.stage, seed=g.seed, players=g.seats,
        record=row.record or "", scores=tuple(int(s.score) for s in row.seats),
        winners=tuple(g.seats[w] for w in row.winners),
        zombie_won=bool(extra.get("zombie_won")), rounds=int(extra.get("rounds", 0)),
        mean_times=tuple(s.time_total / s.moves if s.moves else None for s in row.seats),
        forfeits=tuple(sum(1 for e in row.errors if e.seat == s and e.kind == "forfeit")
                       for s in seats),
        faults=tuple(sum(1 for e in row.errors if e.seat == s and e.kind != "forfeit")
                     for s in seats),
    )


# --- the five formats ------------------------------------------------------------------------
def one_game(specs: Sequence[str], *, out: str | Path, seed: int = 0, size: int = 14,
             rounds: int = 50, move_time: float | None = None,
             on_game: GameCallback | None = None) -> Ranking:
    """One game with every player on the board; ranked by the squares held at the end."""
    run = _Run("one", specs, games=1, seed=seed, size=size, rounds=rounds, fmt="battle-royale",
               move_time=move_time, out=out, on_game=on_game, seated=len(specs))
    run.play_all(one_game_plan(len(specs), seed, size=size, rounds=rounds))
    r = run.ranking
    return run.finish(tally(r.outcomes, r.names, ("one",)), key=lambda s: (s.wins, s.squares))


def versus_zombies(specs: Sequence[str], *, out: str | Path, games: int = 10, seed: int = 0,
                   size: int = 14, rounds: int = 50, move_time: float | None = None,
                   on_game: GameCallback | None = None) -> Ranking:
    """Each player alone among zombies, `games` games each (the same boards for everyone):
    ranked by wins, with the maximum over games of the per-game mean time per move."""
    run = _Run("zombies", specs, games=games, seed=seed, size=size, rounds=rounds,
               fmt="vs-baseline", move_time=move_time, out=out, on_game=on_game, seated=1)
    run.play_all(zombies_plan(len(specs), games, seed, size=size, rounds=rounds))
    r = run.ranking
    return run.finish(tally(r.outcomes, r.names, ("zombies",)))


def battle_royale(specs: Sequence[str], *, out: str | Path, games: int = 10, seed: int = 0,
                  size: int = 14, rounds: int = 50, move_time: float | None = None,
                  on_game: GameCallback | None = None) -> Ranking:
    """Every player on one board, `games` games; ranked by wins (ties share a rank)."""
    run = _Run("royale", specs, games=games, seed=seed, size=size, rounds=rounds,
               fmt="battle-royale", move_time=move_time, out=out, on_game=on_game,
               seated=len(specs))
    run.play_all(royale_plan(len(specs), games, seed, size=size, rounds=rounds))
    r = run.ranking
    return run.finish(tally(r.outcomes, r.names, ("royale",)))


def round_robin(specs: Sequence[str], *, out: str | Path, games: int = 1, seed: int = 0,
                size: int = 14, rounds: int = 50, move_time: float | None = None,
                on_game: GameCallback | None = None) -> Ranking:
    """`games` games per pair of players (game17: one), everyone else zombies; by wins."""
    if len(specs) < 2:
        raise ParlourError("territory roundrobin: name at least two players")
    run = _Run("roundrobin", specs, games=games, seed=seed, size=size, rounds=rounds,
               fmt="round-robin", move_time=move_time, out=out, on_game=on_game, seated=2)
    run.play_all(round_robin_plan(range(len(specs)), games, seed, size=size, rounds=rounds))
    r = run.ranking
    return run.finish(tally(r.outcomes, r.names, ("roundrobin",)))


def rank(specs: Sequence[str], *, out: str | Path, games: int = 10, seed: int = 0,
         size: int = 14, rounds: int = 50, move_time: float | None = None,
         on_game: GameCallback | None = None) -> Ranking:
    """A battle royale of `games` games, then one game per pair inside each group tied on
    wins (everyone else zombies): the group is ordered by those wins; still tied, they share
    the rank."""
    run = _Run("rank", specs, games=games, seed=seed, size=size, rounds=rounds,
               fmt="battle-royale", move_time=move_time, out=out, on_game=on_game,
               seated=len(specs))
    run.play_all(royale_plan(len(specs), games, seed, size=size, rounds=rounds))
    r = run.ranking
    groups = tied_groups(tally(r.outcomes, r.names, ("royale",)))
    tiebreak: list[Scheduled] = []
    for group in groups:
        tiebreak += round_robin_plan(group, 1, seed, "tiebreak", size=size, rounds=rounds,
                                     start=run.next_index + len(tiebreak))
    run.play_all(tiebreak)
    standings = tally(r.outcomes, r.names, ("royale",))  # now with the tiebreaks' errors, times
    tiebreak_wins = tally(r.outcomes, r.names, ("tiebreak",))
    for group in groups:
        for p in group:
            standings[p].tiebreak_wins = tiebreak_wins[p].wins
    return run.finish(standings, key=lambda s: (s.wins, s.tiebreak_wins or 0))


FORMATS: dict[str, Callable[..., Ranking]] = {
    "one": one_game, "zombies": versus_zombies, "royale": battle_royale,
    "roundrobin": round_robin, "rank": rank,
}

__all__ = [
    "FORMATS", "MODES", "ErrorEntry", "GameOutcome", "Ranking", "Standing", "analyse",
    "battle_royale", "one_game", "one_game_plan", "rank", "ranked", "round_robin",
    "round_robin_plan", "royale_plan", "tally", "tied_groups", "versus_zombies", "zombies_plan",
]
