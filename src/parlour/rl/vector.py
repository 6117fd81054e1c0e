"""Many games stepped in one call, with batched numpy arrays: what trainers use.

Each game seats agents (specs or factories) and learners (None); one call applies an action
id for the learner to act in every game, lets the agents play on, and returns the next
learner decision of every game as one float32 batch and one bool mask batch. A finished game
is replaced by a new one at once (its final rewards are in that step's arrays).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any

import numpy as np

from parlour.core import Game, Observation, ParlourError, derive_seed, make_rng
from parlour.rl.table import AgentSource, Table, build_agent

Seating = Sequence[AgentSource | None] | Callable[[Random], Sequence[AgentSource | None]]
"""Who sits where: per seat an agent source, or None for a learner; or a function that draws
that list for every new game from the generator it is given (a pool of opponents)."""


class VectorEnv:
    """`num_envs` games of `game` in lockstep; learners' decisions come back batched.

    `reset()` and `step(actions)` return ``(observations, masks, seats)``-style arrays; see
    `step`. Seeds: game k of the run (counted in the order games start) is dealt from
    ``derive_seed(seed, "game", k)`` and its agents get generators derived from it, so a run
    is reproducible.
    """

    def __init__(self, game: Game[Any], num_envs: int, seating: Seating | None = None,
                 *, seed: int = 0, per_deal: bool = False, relative: bool = False) -> None:
        if num_envs < 1:
            raise ParlourError(f"num_envs must be at least 1, not {num_envs}")
        self.game = game
        self.num_envs = num_envs
        self.seating: Seating = seating if seating is not None else [None] * game.num_players
        self.seed = seed
        self.per_deal = per_deal
        self.relative = relative
        self.encoding = game.encoding
        self.players = game.num_players
        self.observations = np.zeros((num_envs, *self.encoding.shape), dtype=np.float32)
        self.masks = np.zeros((num_envs, self.encoding.num_actions), dtype=np.bool_)
        self.seats = np.zeros(num_envs, dtype=np.int64)
        self.tables: list[Table] = []
        self.views: list[Observation] = []
        self.games_started = 0
        self.moves = 0
        """Moves played in every game so far, agents' and learners' (chance deals too)."""

    def _new_table(self) -> Table:
        number = self.games_started
        self.games_started += 1
        game_seed = derive_seed(self.seed, "game", number)
        seating = self.seating
        if callable(seating):
            seating = seating(make_rng(game_seed, "seating"))
        if len(seating) != self.players:
            raise ParlourError(f"seating lists {len(seating)} seats; {self.game.id} has "
                               f"{self.players}")
        if all(source is not None for source in seating):
            raise ParlourError("seating has no learner seat (None)")
        agents = [None if source is None
                  else build_agent(source, self.game, seat, make_rng(game_seed, "agent", seat))
                  for seat, source in enumerate(seating)]
        table = Table(self.game, game_seed, agents, self.per_deal, self.relative)
        table.advance()
        self.moves += len(table.state.history)
        return table

    def _show(self, index: int) -> None:
        """Encode the decision waiting in game `index` into row `index` of the batches."""
        state = self.tables[index].state
        seat = state.current_player
        assert seat is not None
        view = state.observe(seat)
        self.views[index] = view
        self.seats[index] = seat
        row = self.observations[index]
        row.fill(0.0)
        self.encoding.fill(view, row)  # type: ignore[attr-defined]
        mask = self.masks[index]
        mask.fill(False)
        mask[self.encoding.legal_ids(view)] = True  # type: ignore[attr-defined]

    def reset(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Start `num_envs` games: ``(observations, masks, seats)`` of their first decisions."""
        self.games_started = 0
        self.tables = []
        self.views = []
        for index in range(self.num_envs):
            table = self._new_table()
            while table.state.is_terminal:  # a game the agents finished alone
                table = self._new_table()
            self.tables.append(table)
            self.views.append(None)  # type: ignore[arg-type]
            self._show(index)
        return self.observations, self.masks, self.seats

    def step(self, actions: Sequence[int] | np.ndarray) -> tuple[
            np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Play action id ``actions[i]`` in game i, then let the agents play on.

        Returns ``(observations, masks, seats, rewards, paid, done)``: the next decision of
        every game (a new game where one ended), the seat to act in it, the rewards per seat
        paid since the last step (shape ``(num_envs, players)``), whether any were paid (a
        deal or the game ended) and whether the game ended. The arrays are reused by the next
        call; copy what you keep. An illegal id raises `ParlourError` naming the game, the
        seat and the id; nothing is substituted.
        """
        ids = np.asarray(actions, dtype=np.int64).reshape(-1)
        if ids.shape[0] != self.num_envs:
            raise ParlourError(f"step needs {self.num_envs} action ids, got {ids.shape[0]}")
        masks = self.masks
        bad = ~masks[np.arange(self.num_envs), np.clip(ids, 0, masks.shape[1] - 1)]
        bad |= (ids < 0) | (ids >= masks.shape[1])
        if bad.any():
            index = int(np.flatnonzero(bad)[0])
            raise ParlourError(f"action id {int(ids[index])} is illegal for seat "
                               f"{int(self.seats[index])} in game {index} of the batch; legal "
                               f"ids: {np.flatnonzero(masks[index]).tolist()}")
        rewards = np.zeros((self.num_envs, self.players), dtype=np.float32)
        paid = np.zeros(self.num_envs, dtype=np.bool_)
        done = np.zeros(self.num_envs, dtype=np.bool_)
        encoding = self.encoding
        for index, table in enumerate(self.tables):
            before = len(table.state.history)
            table.apply(encoding.action(int(ids[index]), self.views[index]), checked=True)
            table.advance()
            self.moves += len(table.state.history) - before
            if table.paid:
                paid[index] = True
                rewards[index] = table.take_rewards()
            if table.state.is_terminal:
                done[index] = True
                table = self._new_table()
                while table.state.is_terminal:
                    table = self._new_table()
                self.tables[index] = table
            self._show(index)
        return self.observations, self.masks, self.seats, rewards, paid, done
