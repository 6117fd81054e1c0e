"""When ISMCTS runs its iterations in compiled code (`_ismcts.pyx`), and what that needs.

The compiled loop covers the card play of four-hand trick-taking games: a game whose state
the trick kernel plays (`TrickState.kernel_class`, no hook overridden), whose `sample_state`
deals the hidden hands as `HIDDEN_DEAL_SAMPLERS` promise, and which values a playout stopped at
the end of the deal with `TrickState.settled_returns`; searched with rollouts that stop at the
end of the deal (``horizon=1``), random or by an agent the state class has compiled
(`compiled_agent`: Hearts' and Spades' heuristics, the default ``rollout=auto``), the other
seats in the tree or playing the rollout agent (``opponents=rollout``), the moves weighed the
legal cards or the agent's proposals (``moves=auto``), without tree reuse, and a
`random.Random` generator. Anything else (a root in the passing or bidding, an agent without
a compiled twin, another game, a subclass overriding a rule, the pure path) runs the Python
loop. Both give the same decisions, root statistics and generator state for the same seed:
`tests/agents/test_ismcts_compiled.py` compares them.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from random import Random
from typing import TYPE_CHECKING, Any

from parlour import compiled_switch
from parlour.agents.search.playout import Playout, placements
from parlour.bindings import Binding
from parlour.cards.sampling import HIDDEN_DEAL_SAMPLERS
from parlour.cards.trickstate import CARD_PLAY, TrickState
from parlour.core import Action, Game, Observation

if TYPE_CHECKING:
    from parlour.agents.search.ismcts import ISMCTSAgent, _Tree

MODULE = "parlour.agents.search._ismcts"
_COMPILED = compiled_switch.load(MODULE)
_CARDS = compiled_switch.load("parlour.cards._trick_play")
_EXACT = _COMPILED is not None and _CARDS is not None and bool(_COMPILED.reproduces_random())
"""The compiled loop is built and draws what this Python's `random.Random` draws."""

ISMCTS_SEARCH = Binding(
    MODULE, reads=("settled_returns", "settle_key", "running_returns", "returns", "tiebreak",
                   "_score_deal", "in_card_play", "observe", "is_terminal", "deal_number"),
    requires=(CARD_PLAY,))
"""The compiled ISMCTS loop, for a trick game's state class that keeps these methods of its
`kernel_class` (and defines `settled_returns`); others search in Python."""
_FITS: dict[type, bool] = {}


def available() -> bool:
    """True if the compiled ISMCTS loop is built and usable in this process."""
    return _EXACT


@contextmanager
def python_loop() -> Iterator[None]:
    """Search on the Python loop inside the block, compiled or not (tests and benchmarks compare
    the two loops)."""
    global _EXACT
    saved = _EXACT
    _EXACT = False
    try:
        yield
    finally:
        _EXACT = saved


def _state_fits(kind: type) -> bool:
    fits = _FITS.get(kind)
    if fits is None:
        fits = _FITS[kind] = (
            issubclass(kind, TrickState)
            and kind.settled_returns is not TrickState.settled_returns
            and ISMCTS_SEARCH.kept_by(kind))
    return fits


class CompiledSearch:
    """One decision's search in compiled code, filling the Python `_Tree`'s root."""

    def __init__(self, search: Any, legal: Sequence[Action]) -> None:
        self.search = search
        self.by_card: dict[int, Action] = {a.card: a for a in legal}  # type: ignore[attr-defined]

    def run(self, agent: ISMCTSAgent, tree: _Tree, observation: Observation, start: float
            ) -> tuple[Sequence[Action], int]:
        """Search as `ISMCTSAgent._halving` or `_ucb` would: the finalists (halving; else the
        candidates) and the iterations done. The root's edges and the value ranges go into
        `tree`; the agent's generator is left as the Python loop leaves it."""
        candidates = agent.candidates(observation)
        limit = -1 if agent.count is None else agent.count
        clock = time.perf_counter
        finalists: Sequence[Action]
        if agent.root == "halving":
            rounds = max(1, math.ceil(math.log2(len(candidates))))
            cards, done = self.search.halving(
                agent.rng, [a.card for a in candidates],  # type: ignore[attr-defined]
                rounds, limit, start, agent.time, clock)
            finalists = [self.by_card[card] for card in cards]
        else:
            done = self.search.ucb(agent.rng, limit, agent.deadline(), clock)
            finalists = candidates
        edges = tree.root.edges
        for card, visits, avail, total in self.search.root_edges():
            edges[self.by_card[card]] = [visits, avail, total]
        tree.low, tree.high = self.search.ranges()
        return finalists, done


def compiled_search(agent: ISMCTSAgent, game: Game[Any], playout: Playout,
                    observation: Observation, modelled: bool) -> CompiledSearch | None:
    """The compiled search for this decision, or None where the Python loop must run."""
    if (not _EXACT or agent.reuse or type(agent.rng) is not Random
            or playout.horizon != 1 or game.num_players != 4
            or type(game).sample_state not in HIDDEN_DEAL_SAMPLERS):
        return None
    world = game.sample_state(observation, Random(0))  # any world: only hidden hands vary
    if (not _state_fits(type(world)) or not isinstance(world, TrickState)
            or world.players != 4 or not world.in_card_play()
            or world.current_player != observation.seat
            or set(world.legal_actions()) != set(observation.legal_actions)):
        return None  # (the Python loop raises the sampler's error, if it is one)
    card_agent: tuple[Any, bytes] | None = None
    if playout.agents:  # a rollout agent: only one the state class has compiled
        find = getattr(type(world), "compiled_agent", None)
        card_agent = find(world, playout.rollout_name) if find is not None else None
        if card_agent is None:
            return None
    hidden = game.hidden_deal(observation)  # type: ignore[attr-defined]
    seen = hidden.played
    for p, hand in enumerate(hidden.hands):
        seen |= hidden.fixed[p] if hand is None else hand
    seats = [p for p, hand in enumerate(hidden.hands) if hand is None]
    unknown = hidden.deck & ~seen
    sizes = [hidden.sizes[p] - hidden.fixed[p].bit_count() for p in seats]
    if sum(sizes) != unknown.bit_count():
        return None
    template = _CARDS.TrickPlay()  # type: ignore[union-attr]
    hand_size, first_lead, first_ban, _ = world.kernel_rules()
    template.load(world, hand_size, first_lead, first_ban)
    search = _COMPILED.Search(  # type: ignore[union-attr]
        template, seats, sizes, [hidden.allowed[p] & ~hidden.fixed[p] for p in seats],
        [hidden.fixed[p] for p in seats], unknown, _settle(world, playout.rank),
        world.settle_key(), agent.c, observation.seat, modelled,
        *(card_agent or (None, None)), playout.proposals)
    return CompiledSearch(search, observation.legal_actions)


def _settle(world: TrickState[Any], rank: bool
            ) -> Callable[[tuple[int, ...], tuple[int, ...]], tuple[float, ...]]:
    """A playout's values from the cards and tricks each seat took (`Playout.score`)."""
    settled = world.settled_returns
    if not rank:
        return settled
    return lambda taken, won: placements(settled(taken, won))
