"""Playouts for search: play a state forward to a horizon with a rollout, then score every seat.

The horizon counts deals (`State.deal_number`): a playout that starts in deal d with horizon h
stops once the state reaches deal d + h, or at the end of the game, whichever comes first.
Playouts cut at a deal boundary are scored with `State.running_returns()`; playouts to the end
of the game (horizon None) with `State.returns()`, plus the game's `State.tiebreak()` where it
has one. Values are in the game's own units; the ``rank`` mode turns the returns into
placements in [0, 1] (1 alone in front, 0 alone behind).
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from parlour.agents.base import Agent
from parlour.agents.specs import resolve_factory
from parlour.core import Action, AgentError, Game, Observation, ParlourError, State

RANDOM = "random"
AUTO = "auto"
"""The game's ``heuristic`` agent where it has one, else random playouts."""


class Playout:
    """Plays a (quiet) state to the horizon with `rollout` and returns per-seat values.

    With `proposals`, a rollout agent that has a ``candidates(observation)`` method also names
    the moves search tries (`moves`, `candidates`): for games whose legal actions are a menu
    rather than every move (a Territory turn may be any set of moves).
    """

    def __init__(self, game: Game[Any], rollout: str, horizon: int | None, value: str,
                 rng: Random, spec: str, proposals: bool = False) -> None:
        self.game = game
        self.horizon = horizon
        self.rank = value == "rank"
        self.rng = rng
        if rollout == AUTO:
            rollout = "heuristic" if "heuristic" in game.agents else RANDOM
        self.rollout = rollout
        self.rollout_name = rollout.removeprefix(f"{game.id}.")
        """The rollout as a key of `Game.agents` (for `State.play_compiled`)."""
        self.agents: list[Agent] = []
        if rollout != RANDOM:
            self.agents = _rollout_agents(game, rollout, rng, spec)
        self.proposals = proposals and bool(self.agents) and all(
            callable(getattr(a, "candidates", None)) for a in self.agents)
        """True when the rollout's candidates, not the legal actions, are the moves searched."""

    def stop_deal(self, state: State[Any]) -> int | None:
        """The deal number at which playouts from `state` stop (None: the end of the game)."""
        return None if self.horizon is None else state.deal_number + self.horizon

    def run(self, state: State[Any], stop: int | None) -> tuple[float, ...]:
        """Play `state` (changed in place) until deal `stop` or the end; score every seat."""
        if self.agents:
            self._with_agents(state, stop)
        else:
            _random(state, stop, self.rng)
        return self.score(state)

    def score(self, state: State[Any]) -> tuple[float, ...]:
        """Per-seat values of a state at the horizon (or the end of the game)."""
        values = state.returns() if self.horizon is None else state.running_returns()
        if self.rank:
            return placements(values)
        bonus = state.tiebreak()
        if bonus is None:
            return values
        return tuple(v + b for v, b in zip(values, bonus, strict=True))

    def moves(self, state: State[Any]) -> Sequence[Action]:
        """The moves search tries in `state`: the legal actions, or the rollout's candidates."""
        if not self.proposals:
            return state.legal_actions()
        player: int = state.current_player  # type: ignore[assignment]
        return self.candidates(state.observe(player))

    def candidates(self, observation: Observation) -> Sequence[Action]:
        """The moves search tries at the decision of `observation`."""
        if not self.proposals:
            return observation.legal_actions
        proposed = self.agents[observation.seat].candidates(observation)  # type: ignore[attr-defined]
        return tuple(dict.fromkeys(proposed)) or observation.legal_actions

    def suggest(self, state: State[Any]) -> Any:
        """The rollout agent's action in `state` (None for random playouts)."""
        if not self.agents:
            return None
        player: int = state.current_player  # type: ignore[assignment]
        return self.agents[player].act(state.observe(player))

    def play_compiled(self, state: State[Any]) -> None:
        """Make the rollout's move in `state`: the rollout agent's, or a random legal one.

        A forced move needs no rollout: it is played as it is.
        """
        if not self.agents:
            legal = state.legal_actions()
            state.apply_unchecked_no_undo(legal[int(self.rng.random() * len(legal))]
                                     if len(legal) > 1 else legal[0])
            return
        player: int = state.current_player  # type: ignore[assignment]
        observation = state.observe(player)
        legal = observation.legal_actions
        if len(legal) == 1:
            state.apply_unchecked_no_undo(legal[0])
            return
        action = self.agents[player].act(observation)
        if isinstance(action, str):
            action = self.game.parse_action(action, state)
        if action in legal:
            state.apply_unchecked_no_undo(action)
        else:
            state.apply(action)  # refused with the game's reason

    def _with_agents(self, state: State[Any], stop: int | None) -> None:
        if state.play_compiled(self.rollout_name, stop):  # the game's compiled rollout
            return
        play = self.play_compiled
        while not state.is_terminal and (stop is None or state.deal_number < stop):
            play(state)


def _random(state: State[Any], stop: int | None, rng: Random) -> None:
    # int(random() * n) is uniform enough for playouts and much cheaper than randrange; a
    # game's compiled kernel, where it has one, makes the same moves (State.play_random)
    state.play_random(stop, rng.random)


def placements(values: tuple[float, ...]) -> tuple[float, ...]:
    """Each seat's placement in [0, 1]: the share of other seats it beats, ties counting half."""
    n = len(values)
    if n < 2:
        return tuple(0.5 for _ in values)
    # a seat ties with itself, which the 0.5 taken off cancels
    return tuple(
        (sum(1.0 if v > w else 0.5 if v == w else 0.0 for w in values) - 0.5) / (n - 1)
        for v in values
    )


def _rollout_agents(game: Game[Any], rollout: str, rng: Random, spec: str) -> list[Agent]:
    """One agent per seat for a rollout agent named by the game (``heuristic``)."""
    own = [*game.agents, *(f"{game.id}.{n}" for n in game.agents)]
    if rollout not in own:
        choices = ", ".join([AUTO, RANDOM, *own])
        raise AgentError(
            f"bad value {rollout!r} for option 'rollout' in agent spec {spec!r}: expected one of: "
            f"{choices}"
        )
    try:
        factory = resolve_factory(rollout, game)
        return [factory(game=game, seat=seat, rng=Random(rng.getrandbits(63)))
                for seat in range(game.num_players)]
    except (ParlourError, TypeError, ImportError, AttributeError) as error:
        raise AgentError(
            f"cannot build rollout agent {rollout!r} for agent spec {spec!r}: {error}"
        ) from None
