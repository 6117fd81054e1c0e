"""Many games stepped in one call, with batched numpy arrays: what trainers use.

Each game seats agents (specs or factories) and learners (None); one call applies an action
id for the learner to act in every game, lets the agents play on, and returns the next
learner decision of every game as one float32 batch and one bool mask batch. A finished game
is replaced by a new one at once (its final rewards are in that step's arrays), so every mask
row always holds a legal id.

Where every seat of a game is a learner, ``random`` or a heuristic with a compiled decider
(Hearts' and Spades' ``heuristic``), the batch is stepped in one compiled call
(`parlour.rl.lockstep`), the heuristics deciding in C; the rows are written by the
encoding's `fill_rows` (in C for Hearts and Spades). Other seatings step game by game
through their agents. Both paths give the same games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any

import numpy as np

from parlour.core import Action, Game, Observation, ParlourError, derive_seed, make_rng
from parlour.games.encoding import Encoding
from parlour.rl import lockstep
from parlour.rl.deprecated import DeprecatedVectorNames
from parlour.rl.seated_game import AgentSource, SeatedGame, build_agent

Seating = Sequence[AgentSource | None] | Callable[[Random], Sequence[AgentSource | None]]
"""Who sits where: per seat an agent source, or None for a learner; or a function that draws
that list for every new game from the generator it is given (a pool of opponents)."""


class LearnerObservations:
    """The observation of the decision waiting in each game, built when first read."""

    def __init__(self, env: VectorEnv) -> None:
        self.env = env
        self.cache: list[Observation | None] = []

    def clear(self) -> None:
        self.cache = [None] * len(self.env.seated_games)

    def __len__(self) -> int:
        return len(self.env.seated_games)

    def __getitem__(self, index: int) -> Observation:
        observation = self.cache[index]
        if observation is None:
            observation = self.env.seated_games[index].state.observe(int(self.env.seats[index]))
            self.cache[index] = observation
        return observation

    def __iter__(self) -> Any:
        return (self[index] for index in range(len(self)))


class VectorEnv(DeprecatedVectorNames):
    """`num_envs` games of `game` in lockstep; learners' decisions come back batched.

    `reset()` and `step(actions)` return ``(observations, masks, seats)``-style arrays; see
    `step`. Seeds: game k of the run (counted in the order games start) is dealt from
    ``derive_seed(seed, "game", k)`` and its agents get generators derived from it, so a run
    is reproducible.

    `max_steps` truncates a game after that many learner steps in it (Gymnasium's
    `TimeLimit` counts an environment's steps alike): it is replaced like a finished one, with
    no rewards for the deal cut short, and `truncated` (reused by every step, like the other
    arrays) marks it among the `done` games. `scale_rewards` divides the rewards by the
    game's `reward_scale` into [-1, 1] (relative rewards: [-2, 2]). `out` gives the arrays
    the observations, masks and seats are written into (shared memory, say).
    """

    def __init__(self, game: Game[Any], num_envs: int, seating: Seating | None = None,
                 *, seed: int = 0, per_deal: bool = False, relative: bool = False,
                 max_steps: int | None = None, scale_rewards: bool = False,
                 out: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> None:
        if num_envs < 1:
            raise ParlourError(f"num_envs must be at least 1, not {num_envs}")
        if max_steps is not None and max_steps < 1:
            raise ParlourError(f"max_steps must be at least 1 (or None), not {max_steps}")
        self.max_steps = max_steps
        self.scale = (game.encoding.reward_scale(per_deal)
                      if scale_rewards else 1.0)
        self.game = game
        self.num_envs = num_envs
        self.seating: Seating = seating if seating is not None else [None] * game.num_players
        self.seed = seed
        self.per_deal = per_deal
        self.relative = relative
        self.encoding = game.encoding
        self.players = game.num_players
        shapes = ((num_envs, *self.encoding.shape), (num_envs, self.encoding.num_actions),
                  (num_envs,))
        dtypes = (np.float32, np.bool_, np.int64)
        if out is None:
            out = (np.zeros(shapes[0], np.float32), np.zeros(shapes[1], np.bool_),
                   np.zeros(shapes[2], np.int64))
        for array, shape, dtype in zip(out, shapes, dtypes, strict=True):
            if array.shape != shape or array.dtype != dtype or not array.flags.c_contiguous:
                raise ParlourError(f"out arrays must be C-contiguous {np.dtype(dtype).name} of "
                                   f"shapes {shapes}, not {array.dtype.name} {array.shape}")
        self.observations, self.masks, self.seats = out
        self.seated_games: list[SeatedGame] = []
        self.learner_observations = LearnerObservations(self)
        """``learner_observations[i]``: the `Observation` of the decision waiting in game i
        (built on demand; `observations` holds its encoding)."""
        self.truncated = np.zeros(num_envs, dtype=np.bool_)
        self.randoms: list[list[lockstep.Mover] | None] = []
        """Per game: how each seat moves on the lockstep path (`lockstep.mover`: a random
        seat's generator, a heuristic's decider, None for learners) if every other seat can;
        None for a game stepped through its agents."""
        self.decisions = np.zeros(num_envs, dtype=np.int64)
        """Learner steps played in each game so far (what `max_steps` counts)."""
        self.ids: list[Action] | None = None
        if type(self.encoding).action is Encoding.action:  # ids do not depend on the observation
            self.ids = [game.action_from_id(i) for i in range(self.encoding.num_actions)]
        self.games_started = 0
        self.moves = 0
        """Moves played in every game so far, agents' and learners' (chance deals too)."""

    def _new_seated_game(self) -> SeatedGame:
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
        seated = SeatedGame(self.game, game_seed, agents, self.per_deal, self.relative, self.scale)
        seated.advance()
        self.moves += len(seated.state.history)
        return seated

    def _start(self, index: int) -> None:
        """Put a new game (one the agents did not finish alone) in slot `index`."""
        seated = self._new_seated_game()
        while seated.state.is_terminal:
            seated = self._new_seated_game()
        if index == len(self.seated_games):
            self.seated_games.append(seated)
            self.randoms.append(None)
        else:
            self.seated_games[index] = seated
        self.randoms[index] = None
        if self.ids is not None and not seated.listening:
            movers = [lockstep.mover(agent, seated.state) for agent in seated.agents]
            if all(m is not False for m in movers):
                self.randoms[index] = movers  # type: ignore[assignment]
        self.decisions[index] = 0
        seat = seated.state.current_player
        assert seat is not None
        self.seats[index] = seat

    def reset(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Start `num_envs` games: ``(observations, masks, seats)`` of their first decisions."""
        self.games_started = 0
        self.seated_games = []
        self.randoms = []
        for index in range(self.num_envs):
            self._start(index)
        self.truncated[:] = False
        self._show()
        return self.observations, self.masks, self.seats

    def _show(self) -> None:
        """Encode the decision waiting in each game into its row."""
        self.learner_observations.clear()
        encoding = self.encoding
        if isinstance(encoding, Encoding):
            encoding.fill_rows([t.state for t in self.seated_games], self.seats, self.observations,
                               self.masks)
            return
        for index in range(self.num_envs):  # an encoding with only the protocol's methods
            observation = self.learner_observations[index]
            self.observations[index] = encoding.encode(observation)
            self.masks[index] = encoding.action_mask(observation)

    def step(self, actions: Sequence[int] | np.ndarray) -> tuple[
            np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """Play action id ``actions[i]`` in game i, then let the agents play on.

        Returns ``(observations, masks, seats, rewards, paid, done)``: the next decision of
        every game (a new game where one ended), the seat to act in it, the rewards per seat
        paid since the last step (shape ``(num_envs, players)``), whether any were paid (a
        deal or the game ended) and whether the game ended (or was truncated: see
        `truncated`). The arrays are reused by the next call; copy what you keep. An illegal
        id raises `ParlourError` naming the game, the seat and the id; nothing is
        substituted.
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
        self.truncated[:] = False
        fast = [i for i, r in enumerate(self.randoms) if r is not None]
        if fast:
            self._advance_lockstep(fast, ids)
        encoding = self.encoding
        self.decisions += 1
        for index, seated in enumerate(self.seated_games):
            state = seated.state
            if self.randoms[index] is None:
                before = len(state.history)
                action = encoding.action(int(ids[index]), self.learner_observations[index])
                seated.apply(action, checked=True)
                seated.advance()
                self.moves += len(state.history) - before
            else:
                seated.settle()
            if seated.paid:
                paid[index] = True
                rewards[index] = seated.take_rewards()
            if state.is_terminal:
                done[index] = True
            elif self.max_steps is not None and self.decisions[index] >= self.max_steps:
                done[index] = self.truncated[index] = True
            if done[index]:
                self._start(index)
            else:
                self.seats[index] = state.current_player
        self._show()
        return self.observations, self.masks, self.seats, rewards, paid, done

    def _advance_lockstep(self, fast: list[int], ids: np.ndarray) -> None:
        """Step the games in `fast` (every other seat on the lockstep path) in one call."""
        assert self.ids is not None
        states = [self.seated_games[i].state for i in fast]
        randoms = [r for r in self.randoms if r is not None]
        seats = np.empty(len(fast), dtype=np.int64)
        moves = np.empty(len(fast), dtype=np.int64)
        step = lockstep.compiled() or lockstep.advance
        step(states, self.ids, np.ascontiguousarray(ids[fast]), randoms, seats, moves)
        self.moves += int(moves.sum())
