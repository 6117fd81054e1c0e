"""One game in progress where some seats are agents and the others wait for the caller.

The environments build on it: `advance` lets the agents play until a waiting seat is to act
(or the game is over), and every change of deal hands out each seat's reward for that deal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any

from parlour.agents import Agent, BaseAgent, make_agent
from parlour.agents.random_agent import RandomAgent
from parlour.core import Action, AgentError, Game, IllegalActionError, State, make_rng

AgentSource = str | Callable[[Game[Any], int, Random], Agent]
"""An agent spec (``heuristic``, ``ismcts:iterations=100``, ``file:bot.py``), or a factory
called as ``factory(game, seat, rng)``."""


def build_agent(source: AgentSource, game: Game[Any], seat: int, rng: Random) -> Agent:
    """The agent `source` names, for `seat`."""
    if isinstance(source, str):
        return make_agent(source, game, seat, rng)
    return source(game, seat, rng)


def _listens(agent: Agent) -> bool:
    hook = getattr(type(agent), "on_event", None)
    return hook is not None and hook is not BaseAgent.on_event


class SeatedGame:
    """A game whose seats are agents, or None for seats the caller plays (the learners).

    Rewards: with `per_deal`, each seat's change of `running_returns()` over every deal (so
    they add up to the final standing); otherwise `returns()` once, at the end. `relative`
    makes each reward the seat's own minus the mean of the others'. Every reward is divided
    by `scale` (1.0: the game's own units; see `Encoding.reward_scale`).
    """

    __slots__ = ("agents", "cursor", "deal", "finished", "game", "listeners", "listening",
                 "paid", "per_deal", "relative", "rewards", "scale", "standing", "state")

    def __init__(self, game: Game[Any], seed: int, agents: Sequence[Agent | None],
                 per_deal: bool = False, relative: bool = False, scale: float = 1.0) -> None:
        self.game = game
        self.scale = scale
        self.agents = list(agents)
        self.per_deal = per_deal
        self.relative = relative
        self.listeners: list[Any] = [a if a is not None and _listens(a) else None
                                     for a in self.agents]
        self.state: State[Any] = game.new_state(seed=seed)
        self.listening = any(self.listeners)
        self.state.quiet = not self.listening
        self.cursor = len(self.state.events)
        self.deal = self.state.deal_number
        self.standing = self._standing()
        self.rewards = [0.0] * game.num_players
        self.paid = False
        """True once rewards were paid (a deal or the game ended) since `take_rewards`."""
        self.finished = False
        """True once the game's last rewards were paid."""
        for seat, agent in enumerate(self.agents):
            start = getattr(agent, "on_game_start", None)
            if start is not None:
                start(game, seat)

    def _standing(self) -> list[float]:
        if self.per_deal:
            return list(self.state.running_returns())
        return [0.0] * self.game.num_players

    def apply(self, action: Action, checked: bool = False) -> None:
        """Play `action` for the seat to act; an illegal one raises (unless `checked` says
        the caller has checked it already)."""
        state = self.state
        if not checked and not state.is_legal(action):
            reason = state.why_illegal(action) or "it is not among the legal actions"
            raise IllegalActionError(action, state.current_player, reason)
        state.apply_unchecked_no_undo(action)  # an environment never takes a move back
        if self.listening:
            self._forward_events()
        if state.is_terminal or (self.per_deal and state.deal_number != self.deal):
            self._pay()

    def advance(self) -> None:
        """Let the agents play until a caller's seat is to act or the game is over."""
        state, agents = self.state, self.agents
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            agent = agents[seat]
            if agent is None:
                return
            if type(agent) is RandomAgent:  # the same draw as its `act`, without the view
                legal = state.legal_actions()
                self.apply(legal[agent.rng.randrange(len(legal))], checked=True)
                continue
            action = agent.act(state.observe(seat))
            if not state.is_legal(action):
                reason = state.why_illegal(action)
                raise AgentError(f"agent in seat {seat} played {action}, which is illegal: "
                                 f"{reason}")
            self.apply(action, checked=True)

    def settle(self) -> None:
        """Pay what moves played on `state` directly (not through `apply`: the lockstep path
        of `VectorEnv`) earned since the last payment: a finished deal's rewards, the game's
        at its end; each once."""
        state = self.state
        if state.is_terminal:
            if not self.finished:
                self._pay()
        elif self.per_deal and state.deal_number != self.deal:
            self._pay()

    def take_rewards(self) -> list[float]:
        """The rewards paid since the last call, per seat (then reset to 0)."""
        rewards = self.rewards
        self.rewards = [0.0] * len(rewards)
        self.paid = False
        return rewards

    def _pay(self) -> None:
        state = self.state
        if self.per_deal:
            now = list(state.running_returns())
            gained = [a - b for a, b in zip(now, self.standing, strict=True)]
            self.standing = now
            self.deal = state.deal_number
        else:
            gained = list(state.returns())
        if self.relative and len(gained) > 1:
            total, others = sum(gained), len(gained) - 1
            gained = [g - (total - g) / others for g in gained]
        if self.scale != 1.0:
            gained = [g / self.scale for g in gained]
        self.rewards = [r + g for r, g in zip(self.rewards, gained, strict=True)]
        self.paid = True
        self.finished = state.is_terminal

    def _forward_events(self) -> None:
        events = self.state.events
        new, self.cursor = events[self.cursor:], len(events)
        for seat, agent in enumerate(self.listeners):
            if agent is not None:
                for event in new:
                    if event.visible(seat):
                        agent.on_event(event)


def episode_rng(seed: int, episode: int) -> Random:
    """The generator that seats and seeds episode `episode` of a run seeded `seed`."""
    return make_rng(seed, "table", episode)
