"""OpenSpiel's search bots at parlour's tables: the agent specs ``openspiel:ismcts`` and
``openspiel:mcts``.

``openspiel:ismcts:simulations=200,uct_c=2`` runs OpenSpiel's information-set MCTS
(`open_spiel.python.algorithms.ismcts`) on the bridged game; each search samples worlds from
the seat's observation with parlour's `Game.sample_state`. ``openspiel:mcts`` runs OpenSpiel's
MCTS on one world sampled from the observation per move (determinised: it never sees the
real hidden cards). Both score playouts at the end of the current deal (``one_deal=true``, as
parlour's own search does) unless told ``one_deal=false``. Options:

- ``simulations`` (200): search iterations a move; ``uct_c`` (2.0): the exploration constant;
- ``seconds`` (0: off): a time per move instead; each move runs as many iterations as the
  agent's measured rate fits in it (OpenSpiel's bots take a count, not a clock);
- ``rollouts`` (1): random playouts an evaluation averages;
- ``one_deal`` (true): end playouts with the deal; ``worlds`` (ISMCTS, 0 = unlimited): the
  number of worlds sampled at the root.
"""

from __future__ import annotations

import time
from random import Random
from typing import Any

import numpy as np

from parlour.core import Action, AgentError, Game, Observation, parse_spec
from parlour.core.params import Param, validate_params
from parlour.openspiel.bridge import ParlourGame, ParlourState

OPTIONS = (
    Param("simulations", int, 200, "Search iterations a move.", min=1),
    Param("seconds", float, 0.0, "Time per move (0: use `simulations`).", min=0.0),
    Param("uct_c", float, 2.0, "The UCT exploration constant.", min=0.0),
    Param("rollouts", int, 1, "Random playouts an evaluation averages.", min=1),
    Param("one_deal", bool, True, "Score playouts at the end of the current deal."),
    Param("worlds", int, 0, "Worlds sampled at the root (ISMCTS; 0: unlimited).", min=0),
)
BOTS = ("ismcts", "mcts")


class OpenSpielAgent:
    """A parlour agent that asks one of OpenSpiel's search bots for each move."""

    def __init__(self, bot: str, game: Game[Any], seat: int, rng: Random,
                 options: dict[str, Any]) -> None:
        self.kind = bot
        self.game = game
        self.seat = seat
        self.rng = rng
        self.bridge = ParlourGame(game, one_deal=options["one_deal"], imperfect=bot == "ismcts")
        self.options = options
        self.numbers = np.random.RandomState(rng.getrandbits(32))
        self.rate = 0.0
        """Iterations a second measured so far (for ``seconds``)."""

    def make_bot(self, simulations: int) -> Any:
        """OpenSpiel's bot of this agent's kind, for `simulations` iterations."""
        from open_spiel.python.algorithms import ismcts, mcts

        options = self.options
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=options["rollouts"],
                                                random_state=self.numbers)
        if self.kind == "mcts":
            return mcts.MCTSBot(self.bridge, options["uct_c"], simulations, evaluator,
                                solve=False, random_state=self.numbers)
        worlds = options["worlds"] or ismcts.UNLIMITED_NUM_WORLD_SAMPLES
        bot = ismcts.ISMCTSBot(self.bridge, evaluator, options["uct_c"], simulations,
                               max_world_samples=worlds, random_state=self.numbers,
                               allow_inconsistent_action_sets=True)
        bot.set_resampler(self._resample)
        return bot

    def simulations(self) -> int:
        """This move's iterations: the fixed count, or what ``seconds`` buys at the rate."""
        seconds = self.options["seconds"]
        if not seconds:
            return int(self.options["simulations"])
        return max(1, round(self.rate * seconds)) if self.rate else 4

    def _resample(self, state: ParlourState, player: int) -> ParlourState:
        return state.resample(player, self.rng)

    def act(self, observation: Observation) -> Action:
        """The bot's move on a world sampled from `observation` (the seat's view only)."""
        world = self.game.sample_state(observation, self.rng)
        state = ParlourState(self.bridge)
        state.adopt(world.clone(quiet=False))
        simulations = self.simulations()
        start = time.perf_counter()
        action = self.make_bot(simulations).step(state)
        elapsed = time.perf_counter() - start
        if elapsed > 0 and len(state.legal_actions()) > 1:
            rate = simulations / elapsed
            self.rate = rate if not self.rate else 0.7 * self.rate + 0.3 * rate
        return state.parlour_action(int(action))


def openspiel_agent(text: str, game: Game[Any], seat: int, rng: Random,
                    limits: Any = None) -> OpenSpielAgent:
    """Build the agent of spec ``openspiel:<bot>[:options]`` (a spec scheme factory)."""
    name, raw = parse_spec(text)
    if name not in BOTS:
        raise AgentError(f"unknown OpenSpiel bot {name!r} in 'openspiel:{text}': "
                         f"expected one of {', '.join(BOTS)}")
    options = validate_params(OPTIONS, raw, f"openspiel:{name}")
    return OpenSpielAgent(name, game, seat, rng, options)
