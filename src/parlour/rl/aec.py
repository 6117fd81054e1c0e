"""A PettingZoo AEC environment for any parlour game, in PettingZoo's classic conventions.

Agents are ``seat_0``, ``seat_1``, ...; each observation is a dict with ``observation`` (the
game's float32 encoding, within its declared bounds) and ``action_mask`` (int8, 1 for legal
action ids; every id once the agent is done, so a masked softmax never meets an empty mask).
Rewards are `returns()` at the end, or with ``per_deal_rewards=True`` each seat's change of
standing at the end of every deal; ``scale_rewards=True`` divides them by the game's
`reward_scale` into [-1, 1]. ``max_steps`` truncates the game after that many steps (every
agent's). `state()` is the privileged full state for centralised critics (`state_space`).
``render_mode="ansi"`` renders the console view of the seat to act. An illegal action id
raises `ParlourError`; nothing is substituted.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from parlour.core import Game, ParlourError, derive_seed
from parlour.rl.deprecated import DeprecatedAECNames
from parlour.rl.seated_game import SeatedGame
from parlour.rl.spaces import (
    action_space,
    as_game,
    legal_action,
    observation_space,
    render_text,
    require,
    seat_arrays,
    state_space,
    state_tensor,
    terminal_mask,
)

AECEnv = require("pettingzoo").AECEnv


class ParlourAEC(AECEnv, DeprecatedAECNames):  # type: ignore[misc,valid-type]
    """One game of `game` (a Game or a spec) at a time, every seat an agent."""

    metadata: dict[str, Any]

    def __init__(self, game: Game[Any] | str, render_mode: str | None = None,
                 per_deal_rewards: bool = False, scale_rewards: bool = False,
                 max_steps: int | None = None) -> None:
        super().__init__()
        self.game = as_game(game)
        if max_steps is not None and max_steps < 1:
            raise ParlourError(f"max_steps must be at least 1 (or None), not {max_steps}")
        self.max_steps = max_steps
        self.steps = 0
        self.scale = (self.game.encoding.reward_scale(per_deal_rewards)
                      if scale_rewards else 1.0)
        if render_mode not in (None, "ansi"):
            raise ParlourError(f"render_mode {render_mode!r}: parlour environments render "
                               "'ansi' (text) only")
        self.render_mode = render_mode
        self.per_deal_rewards = per_deal_rewards
        self.metadata = {"render_modes": ["ansi"], "name": f"parlour_{self.game.id}_v0",
                         "is_parallelizable": False}
        self.possible_agents = [f"seat_{i}" for i in range(self.game.num_players)]
        self.observation_spaces = {a: observation_space(self.game) for a in self.possible_agents}
        self.action_spaces = {a: action_space(self.game) for a in self.possible_agents}
        self.state_space = state_space(self.game)
        self.encoding = self.game.encoding
        self._seed = derive_seed(0, "aec")
        self._games = 0
        self.seated_game: SeatedGame | None = None

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; `seed` fixes the deal (the next games follow from it)."""
        if seed is not None:
            self._seed, self._games = int(seed), 0
        game_seed = derive_seed(self._seed, "game", self._games)
        self._games += 1
        self.seated_game = SeatedGame(self.game, game_seed, [None] * self.game.num_players,
                                      per_deal=self.per_deal_rewards, scale=self.scale)
        self.steps = 0
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    @property
    def state_now(self) -> Any:
        """The game in progress (a parlour `State`, hidden information included)."""
        assert self.seated_game is not None
        return self.seated_game.state

    def _select(self) -> None:
        player = self.state_now.current_player
        if player is not None:
            self.agent_selection = self.possible_agents[player]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        observation, mask = seat_arrays(self.game, self.state_now, seat)
        if self.terminations.get(agent, False) or self.truncations.get(agent, False):
            mask = terminal_mask(self.encoding.num_actions)
        return {"observation": observation, "action_mask": mask}

    def state(self) -> np.ndarray:
        """Every seat's observation tensor, seat 0 first (`state_space`): the privileged full
        state for a centralised critic, never for a policy that plays."""
        return state_tensor(self.game, self.state_now)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seated = self.seated_game
        assert seated is not None
        seat = self.possible_agents.index(agent)
        try:
            action_id = int(action)
        except (TypeError, ValueError):
            raise ParlourError(f"{agent}: action {action!r} is not an integer id") from None
        chosen = legal_action(self.game, seated.state, seat, action_id)
        if chosen is None:
            mask = seat_arrays(self.game, seated.state, seat)[1]
            raise ParlourError(f"{agent}: action id {action_id} is illegal here; legal ids: "
                               f"{np.flatnonzero(mask).tolist()}")
        self._cumulative_rewards[agent] = 0.0
        seated.apply(chosen, checked=True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if seated.paid:
            for a, reward in zip(self.possible_agents, seated.take_rewards(), strict=True):
                self.rewards[a] = float(reward)
        self.steps += 1
        if seated.state.is_terminal:
            self.terminations = dict.fromkeys(self.agents, True)
        elif self.max_steps is not None and self.steps >= self.max_steps:
            self.truncations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        state = self.state_now
        seat = state.current_player
        if seat is None:
            return f"game over: returns {list(state.returns())}\n"
        return render_text(self.game, state.observe(seat))

    def close(self) -> None:
        pass


def aec_env(game: Game[Any] | str, **options: Any) -> ParlourAEC:
    """`ParlourAEC` of `game` (PettingZoo's usual ``env()`` constructor)."""
    return ParlourAEC(game, **options)
