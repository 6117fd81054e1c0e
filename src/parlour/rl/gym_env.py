"""A Gymnasium environment for one seat of a parlour game; agents play the other seats.

The observation is a dict with ``observation`` (float32 encoding) and ``action_mask`` (int8),
the action an integer id; ``action_space.sample()`` draws a legal one.
Opponents are agent specs (``heuristic``, ``ismcts:iterations=100``,
``file:bot.py``) or factories: one for every other seat, or a list with one per other seat.
The learner's seat is fixed (``seat=``) or drawn per episode. Rewards are the seat's return at
the end, or with ``per_deal_rewards=True`` its change of standing after every deal;
``scale_rewards=True`` divides them by the game's `reward_scale` into [-1, 1]. ``max_steps``
truncates an episode after that many of the learner's steps.

Gymnasium's conventions: importing this module registers ``parlour/<Game>-v0`` for every
registered game (`gym_id`), so ``gymnasium.make("parlour/Hearts-v0", end_score=1,
opponents="random")`` builds one (game parameters and environment options mixed; or
``gymnasium.make("parlour.rl.gym_env:parlour/Hearts-v0")`` without importing first). The
observation box declares the encoding's bounds. The observation that ends an episode marks
every action id in its mask: under the vector environments' autoreset the next step's action
is ignored, and an all-zero mask would turn a masked softmax into NaN.

An illegal action id is never replaced by a legal one. With ``illegal_action="terminate"``
(the default, as PettingZoo's classic games and Gymnasium's `check_env` expect: it steps an
action sampled in another state) the episode ends at once with ``illegal_reward`` and
``info["illegal_action"]`` naming the id and why; with ``"raise"`` it raises `ParlourError`.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np

from parlour.core import Game, ParlourError, game_class, list_games, load_game, make_rng
from parlour.rl.deprecated import DeprecatedGymNames
from parlour.rl.seated_game import AgentSource, SeatedGame, build_agent
from parlour.rl.spaces import (
    as_game,
    gym_id,
    legal_action,
    legal_action_space,
    observation_space,
    render_text,
    require,
    seat_arrays,
    terminal_mask,
)

GymEnv = require("gymnasium").Env


class ParlourGym(GymEnv, DeprecatedGymNames):  # type: ignore[misc,valid-type]
    """One seat of `game` (a Game or a spec) against `opponents`."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"]}

    def __init__(self, game: Game[Any] | str, opponents: AgentSource | Sequence[AgentSource]
                 = "heuristic", seat: int | None = None, per_deal_rewards: bool = False,
                 render_mode: str | None = None, illegal_action: str = "terminate",
                 illegal_reward: float = -1.0, scale_rewards: bool = False,
                 max_steps: int | None = None) -> None:
        self.game = as_game(game)
        if max_steps is not None and max_steps < 1:
            raise ParlourError(f"max_steps must be at least 1 (or None), not {max_steps}")
        self.max_steps = max_steps
        self.steps = 0
        self.scale = (self.game.encoding.reward_scale(per_deal_rewards)
                      if scale_rewards else 1.0)
        players = self.game.num_players
        if isinstance(opponents, str) or callable(opponents):
            others: list[AgentSource] = [opponents] * (players - 1)
        else:
            others = list(opponents)
        if len(others) != players - 1:
            raise ParlourError(f"{self.game.id} has {players} seats: give one opponent for "
                               f"all the others or {players - 1}, not {len(others)}")
        if seat is not None and not 0 <= seat < players:
            raise ParlourError(f"seat {seat} is not a seat of {self.game.id} (0..{players - 1})")
        if render_mode not in (None, "ansi"):
            raise ParlourError(f"render_mode {render_mode!r}: only 'ansi' is supported")
        if illegal_action not in ("terminate", "raise"):
            raise ParlourError(f"illegal_action {illegal_action!r}: use 'terminate' or 'raise'")
        self.illegal_action = illegal_action
        self.illegal_reward = float(illegal_reward)
        self.ended = False
        self.opponents = others
        self.fixed_seat = seat
        self.per_deal_rewards = per_deal_rewards
        self.render_mode = render_mode
        self.encoding = self.game.encoding
        self.observation_space = observation_space(self.game)
        self.action_space = legal_action_space(self.game)
        self.seated_game: SeatedGame | None = None
        self.seat = 0

    def _observation(self, over: bool = False) -> dict[str, np.ndarray]:
        """The seat's observation and mask; `over`: the episode ends here, so every id is
        marked."""
        assert self.seated_game is not None
        observation, mask = seat_arrays(self.game, self.seated_game.state, self.seat)
        if over:
            mask = terminal_mask(self.encoding.num_actions)
        self.action_space.legal = None if over else mask
        return {"observation": observation, "action_mask": mask}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        while True:
            game_seed = int(self.np_random.integers(2**62))
            players = self.game.num_players
            self.seat = (self.fixed_seat if self.fixed_seat is not None
                         else int(self.np_random.integers(players)))
            sources = list(self.opponents)
            agents: list[Any] = []
            for s in range(players):
                if s == self.seat:
                    agents.append(None)
                else:
                    agents.append(build_agent(sources.pop(0), self.game, s,
                                              make_rng(game_seed, "agent", s)))
            self.seated_game = SeatedGame(self.game, game_seed, agents,
                                          per_deal=self.per_deal_rewards, scale=self.scale)
            self.seated_game.advance()
            if not self.seated_game.state.is_terminal:  # the others may end a game alone: again
                break
        self.ended = False
        self.steps = 0
        return self._observation(), {"seat": self.seat, "game_seed": game_seed}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool,
                                         dict[str, Any]]:
        seated = self.seated_game
        if seated is None:
            raise ParlourError("call reset() before step()")
        if seated.state.is_terminal or self.ended:
            raise ParlourError("the episode is over: call reset() for a new one")
        try:
            action_id = int(action)
        except (TypeError, ValueError):
            raise ParlourError(f"action {action!r} is not an integer id") from None
        chosen = legal_action(self.game, seated.state, self.seat, action_id)
        if chosen is None:
            mask = seat_arrays(self.game, seated.state, self.seat)[1]
            reason = (f"action id {action_id} is illegal for seat {self.seat} here; legal ids: "
                      f"{np.flatnonzero(mask).tolist()}")
            if self.illegal_action == "raise":
                raise ParlourError(reason)
            self.ended = True
            return (self._observation(over=True), self.illegal_reward, True, False,
                    {"seat": self.seat, "illegal_action": action_id, "reason": reason})
        seated.apply(chosen, checked=True)
        seated.advance()
        reward = float(seated.take_rewards()[self.seat]) if seated.paid else 0.0
        terminated = seated.state.is_terminal
        self.steps += 1
        truncated = not terminated and self.max_steps is not None and self.steps >= self.max_steps
        info: dict[str, Any] = {"seat": self.seat}
        if terminated:
            info["returns"] = list(seated.state.returns())
        self.ended = terminated or truncated
        return self._observation(over=self.ended), reward, terminated, truncated, info

    def render(self) -> str | None:
        if self.render_mode is None or self.seated_game is None:
            return None
        return render_text(self.game, self.seated_game.state.observe(self.seat))


def gym_env(game: Game[Any] | str, opponents: AgentSource | Sequence[AgentSource] = "heuristic",
            **options: Any) -> ParlourGym:
    """`ParlourGym` for `game`."""
    return ParlourGym(game, opponents, **options)


def make_registered(game_id: str, opponents: AgentSource | Sequence[AgentSource] = "heuristic",
                    **options: Any) -> ParlourGym:
    """What ``gymnasium.make("parlour/<Game>-v0", ...)`` calls: the keywords that are
    parameters of the game set them (``end_score=1``), the others go to `ParlourGym`."""
    names = {p.name for p in game_class(game_id).parameters}
    params = {k: options.pop(k) for k in list(options) if k in names}
    allowed = set(inspect.signature(ParlourGym).parameters) - {"game", "opponents"}
    unknown = sorted(set(options) - allowed)
    if unknown:
        raise ParlourError(f"{gym_id(game_id)}: {unknown[0]!r} is neither a parameter of "
                           f"{game_id} ({', '.join(sorted(names)) or 'none'}) nor an option of "
                           f"the environment ({', '.join(sorted(allowed))})")
    return ParlourGym(load_game(game_id, **params), opponents, **options)


def register_games() -> list[str]:
    """Register ``parlour/<Game>-v0`` with Gymnasium for every game registered with parlour
    (plug-ins included) that has a tensor encoding; returns the ids. Runs on import of this
    module; call it again after loading a plug-in later."""
    registry = require("gymnasium.envs.registration")
    ids = []
    for info in list_games():
        env_id = gym_id(info.id)
        if not game_class(info.id).encoding_class:
            continue
        if env_id not in registry.registry:
            registry.register(id=env_id, entry_point=make_registered, kwargs={"game_id": info.id})
        ids.append(env_id)
    return ids


register_games()


