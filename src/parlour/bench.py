"""Random-playout throughput of a game engine, as `parlour bench GAME` reports it."""

from __future__ import annotations

import time
from dataclasses import dataclass
from random import Random
from typing import Any

from parlour.core import CHANCE, Game


@dataclass(frozen=True)
class BenchResult:
    """Throughput of uniformly random playouts on one core."""

    game: str
    quiet: bool
    games: int
    deals: int
    decisions: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds

    @property
    def us_per_decision(self) -> float:
        return 1e6 * self.seconds / max(1, self.decisions)


def bench(game: Game[Any], seconds: float = 3.0, quiet: bool = False, seed: int = 0,
          max_games: int | None = None, playouts: bool = False) -> BenchResult:
    """Play whole random games for about `seconds` and count games, deals and decisions.

    A deal is a chance move of the history (for card games, one shuffle and deal). With
    `quiet` the states emit no events: the fast path search playouts use. With `playouts`
    each new game plays its first deal with one `State.play_random` call, as search plays
    out to its default horizon (quiet, unchecked, in compiled code where the game has a
    kernel), and counts that one deal.
    """
    rng = Random(seed)
    games = deals = decisions = started = 0
    start = time.perf_counter()
    elapsed = 0.0
    while elapsed < seconds and (max_games is None or games < max_games):
        state = game.new_state(seed=seed + started)
        started += 1
        if playouts:
            state.quiet = True
            state.play_random(1, rng.random)
            decisions += sum(1 for move in state.history if move.player != CHANCE)
            deals += 1
            games += state.is_terminal
            elapsed = time.perf_counter() - start
            continue
        state.quiet = quiet
        randrange = rng.randrange
        moves = 0
        while not state.is_terminal:
            legal = state.legal_actions()
            state.apply(legal[randrange(len(legal))])
            moves += 1
            if not moves % 4096 and time.perf_counter() - start >= seconds:
                break  # a game random play may never finish (Spades without mercy)
        decisions += moves
        deals += sum(1 for move in state.history if move.player == CHANCE)
        games += state.is_terminal
        elapsed = time.perf_counter() - start
    return BenchResult(game.spec, quiet, games, deals, decisions, elapsed)

