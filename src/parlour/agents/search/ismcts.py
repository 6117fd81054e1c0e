"""Information Set Monte Carlo Tree Search (single observer, with determinisation).

One tree per decision (or, with ``reuse=true``, the previous decision's tree re-rooted at the
node of the new observation, when the last search reached it), seen from the searching seat.
Each iteration samples a world consistent with the seat's observation, descends the tree in
that world, adds one edge, plays out to the horizon and backs every seat's value up the path
it took.

- A node's edges are keyed by action and hold the acting seat's statistics: visits, total
  value, and availability (how often the action was legal when the node was visited). UCB uses
  the availability in place of the parent's visits, as the worlds change which actions exist.
- A node's children are keyed by what the searching seat observes after a move. A move it sees
  (a card played, its own choice, a revealed chance outcome) leads to its own child; moves it
  cannot see (another seat's hidden pass, a hidden chance draw) all lead to the same child, so
  the tree never knows more than the seat would. This makes hidden, simultaneous-in-effect moves
  and chance work for any game and any number of seats, from the contract alone.
- Values are each seat's playout result (`Playout`), min-max normalised per seat over what the
  search has seen, so one exploration constant `c` suits every game's score scale.
- With ``opponents=rollout`` the other seats do not choose in the tree: they play the rollout
  agent in each sampled world, acting on their own observation of it, and the tree holds only
  the searching seat's decisions (for games where a move depends on what only its seat holds).
  The default, ``auto``, does this where the game's `Game.search_opponents` says so and the
  rollouts play an agent (Hearts and Skull), and is ``tree`` otherwise. ``opponents=rollout``
  is the deprecated spelling of ``rollout``.
- The moves weighed at a node are the legal actions, or the rollout agent's candidates
  (``moves=auto``, `Playout.moves`) where it proposes some.
- At the root (``root=halving``, the default) the aim is to find the best move, not to balance
  exploration: sequential halving spends the budget in rounds, each root candidate is tried in
  the same sampled worlds as the others (common random numbers: the luck of the world cancels
  out of the comparison), and the worse half is dropped after each round. ``root=ucb`` selects
  at the root by UCB like at every other node and plays the most visited action.

In the card play of Hearts and Spades with random rollouts or their compiled heuristics (the
default), the iterations run in compiled code (`ismcts_gate`, `_ismcts.pyx`): the same search,
draw for draw, so the same decisions.
"""

from __future__ import annotations

import math
import sys
import time
import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from parlour.agents.search import options as opt
from parlour.agents.search.base import COMMON_OPTIONS, SearchAgent
from parlour.agents.search.ismcts_gate import compiled_search
from parlour.agents.search.playout import Playout
from parlour.core import Action, Game, Observation, State

_INF = math.inf

DEPRECATED_ROLLOUT = "policy"
"""The old spelling of ``opponents=rollout`` (and of ``Game.search_opponents = "rollout"``)."""


def _current_spelling(value: str, where: str, module: str | None = None) -> str:
    """`value` of the opponents option or of `Game.search_opponents`, with the deprecated
    spelling of ``rollout`` replaced, warning (naming `where` it was set; attributed to
    `module`, the game's own, where given)."""
    if value != DEPRECATED_ROLLOUT:
        return value
    message = (f"{where}={value!r} is deprecated: use 'rollout' (the other seats play the "
               "rollout agent)")
    if module is None:
        warnings.warn(message, DeprecationWarning, stacklevel=3)
    else:
        source = getattr(sys.modules.get(module), "__file__", None) or module
        warnings.warn_explicit(message, DeprecationWarning, source, 0, module=module)
    return "rollout"


class _Node:
    """One information set of the searching seat along a line of play."""

    __slots__ = ("children", "edges")

    def __init__(self) -> None:
        self.edges: dict[Action, list[float]] = {}
        """action -> [visits, availability, total value for the seat that acts here]"""
        self.children: dict[Any, _Node] = {}
        """what the searching seat observes after a move -> the node it leads to"""


@dataclass(frozen=True)
class SearchReport:
    """What the last search did: iterations, time, and the root's visits and mean values."""

    iterations: int
    seconds: float
    visits: dict[Action, int]
    values: dict[Action, float]

    @property
    def per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


class _Tree:
    """One decision's search: the tree, the per-seat value ranges, and one iteration at a time."""

    __slots__ = ("c", "game", "guided", "high", "key", "low", "modelled", "playout", "randrange",
                 "root", "seat")

    def __init__(self, game: Game[Any], playout: Playout, observation: Observation,
                 c: float, randrange: Any, opponents: str = "tree") -> None:
        self.game = game
        self.playout = playout
        self.seat = observation.seat
        self.c = c
        self.randrange = randrange
        self.guided = bool(playout.agents)
        self.modelled = opponents == "rollout"
        """Other seats play the rollout agent in the tree instead of choosing by statistics."""
        n = game.num_players
        self.low = [_INF] * n
        self.high = [-_INF] * n
        self.key = _key_function(observation)
        self.root = _Node()

    def iterate(self, world: State[Any], forced: Action | None = None) -> None:
        """One iteration in `world` (quiet, consumed): select, expand, play out, back up.

        `forced` is the root action to take (the halving root) instead of selecting one.
        """
        playout = self.playout
        seat = self.seat
        key = self.key
        c = self.c
        log, sqrt = math.log, math.sqrt
        low, high = self.low, self.high
        stop = playout.stop_deal(world)
        moves = playout.moves if playout.proposals else type(world).legal_actions
        node = self.root
        path: list[tuple[list[float], int]] = []
        if forced is not None:
            edge = node.edges.get(forced)
            if edge is None:
                edge = node.edges[forced] = [0.0, 0.0, 0.0]
            edge[1] += 1.0
            world.apply_unchecked_no_undo(forced)
            path.append((edge, seat))
            node = _child(node, key(world.observe(seat)))
        modelled = self.modelled
        while not world.is_terminal and (stop is None or world.deal_number < stop):
            player: int = world.current_player  # type: ignore[assignment]
            if modelled and player != seat:
                playout.play_compiled(world)
                node = _child(node, key(world.observe(seat)))
                continue
            legal = moves(world)
            edges = node.edges
            untried = [a for a in legal if a not in edges]
            if untried:
                for a in legal:
                    edge = edges.get(a)
                    if edge is not None:
                        edge[1] += 1.0
                if len(untried) == 1:
                    action = untried[0]
                else:
                    hint = playout.suggest(world) if self.guided else None
                    action = (hint if hint is not None and hint in untried
                              else untried[self.randrange(len(untried))])
                edge = edges[action] = [0.0, 1.0, 0.0]
                world.apply_unchecked_no_undo(action)
                path.append((edge, player))
                break
            lo = low[player]
            span = high[player] - lo
            scale = 1.0 / span if span > 0 else 0.0
            best_score = -_INF
            chosen: list[float] = []
            action = legal[0]
            for a in legal:
                edge = edges[a]
                edge[1] += 1.0
                visits = edge[0]
                score = (edge[2] / visits - lo) * scale + c * sqrt(log(edge[1]) / visits)
                if score > best_score:
                    best_score, action, chosen = score, a, edge
            world.apply_unchecked_no_undo(action)
            path.append((chosen, player))
            node = _child(node, key(world.observe(seat)))
        values = playout.run(world, stop)
        for p, v in enumerate(values):
            if v < low[p]:
                low[p] = v
            if v > high[p]:
                high[p] = v
        for edge, player in path:
            edge[0] += 1.0
            edge[2] += values[player]

    def mean(self, action: Action) -> float:
        edge = self.root.edges.get(action)
        return edge[2] / edge[0] if edge and edge[0] else -_INF


def _child(node: _Node, seen: Any) -> _Node:
    """The child of `node` for `seen`, what the searching seat observes of a move (made on
    first visit)."""
    child = node.children.get(seen)
    if child is None:
        child = node.children[seen] = _Node()
    return child


class ISMCTSAgent(SearchAgent):
    """SO-ISMCTS: ``ismcts:iterations=1000,c=0.3,root=halving,seconds=...,rollout=auto``.

    With ``root=halving`` it plays the best final candidate of sequential halving; with
    ``root=ucb`` the root action visited most (ties: higher mean value, then the generator).
    """

    name = "ismcts"
    count_option = "iterations"
    options = (
        opt.Option("iterations", opt.positive_int, 1000, "Iterations per decision."),
        opt.Option("c", opt.non_negative_float, 0.3,
                   "UCB exploration constant, for values normalised to [0, 1]."),
        opt.Option("root", opt.choice("halving", "ucb"), "halving",
                   "How the root spends the budget: sequential halving over common worlds, "
                   "or UCB like every other node."),
        opt.Option("opponents",
                   opt.choice("auto", "tree", "rollout", deprecated=(DEPRECATED_ROLLOUT,)), "auto",
                   "How the other seats move in the tree: by their own statistics ('tree'), "
                   "as the rollout agent plays in each sampled world ('rollout'; 'policy' is "
                   "its deprecated spelling), or as the game suggests when the rollouts play "
                   "an agent ('auto')."),
        opt.Option("reuse", opt.boolean, False,
                   "Keep the tree between decisions: the next search starts from the node of "
                   "the new observation, with its statistics."),
        *COMMON_OPTIONS,
    )

    def configure(self, values: Mapping[str, Any]) -> None:
        self.c: float = values["c"]
        self.root: str = values["root"]
        self.opponents: str = _current_spelling(values["opponents"], "ismcts:opponents")
        self.reuse: bool = values["reuse"]
        self.report: SearchReport | None = None
        self._last: _Tree | None = None
        """The previous decision's tree, kept with ``reuse=true``."""

    def act(self, observation: Observation) -> Action:
        legal = self.candidates(observation) if self.playout else observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        tree, finalists = self._search(observation)
        edges = tree.root.edges
        if self.root == "halving":
            top = max(tree.mean(a) for a in finalists)
            tied = [a for a in finalists if tree.mean(a) == top]
        else:
            best = max(edges[a][0] for a in legal if a in edges)
            tied = [a for a in legal if a in edges and edges[a][0] == best]
            if len(tied) > 1:
                top = max(tree.mean(a) for a in tied)
                tied = [a for a in tied if tree.mean(a) == top]
        return tied[self.rng.randrange(len(tied))] if len(tied) > 1 else tied[0]

    def modelled_opponents(self, game: Game[Any], playout: Playout) -> str:
        """``"tree"`` or ``"rollout"``: the option, or for ``auto`` the game's
        `Game.search_opponents` where the rollouts play an agent (else ``"tree"``)."""
        if self.opponents != "auto":
            return self.opponents
        if not playout.agents:
            return "tree"
        kind = type(game)
        return _current_spelling(kind.search_opponents, f"{kind.__name__}.search_opponents",
                                 kind.__module__)

    def search(self, observation: Observation) -> SearchReport:
        """Search `observation` within the budget and describe what was found."""
        self._search(observation)
        assert self.report is not None
        return self.report

    def _search(self, observation: Observation) -> tuple[_Tree, Sequence[Action]]:
        game, playout = self.ready(observation)
        tree = self._reused(observation) if self.reuse else None
        if tree is None:
            tree = _Tree(game, playout, observation, self.c, self.rng.randrange,
                         self.modelled_opponents(game, playout))
        self._last = tree if self.reuse else None
        compiled = compiled_search(self, game, playout, observation, tree.modelled)
        clock = time.perf_counter
        start = clock()
        finalists: Sequence[Action]
        if compiled is not None:
            finalists, done = compiled.run(self, tree, observation, start)
        elif self.root == "halving":
            finalists, done = self._halving(tree, game, observation, start)
        else:
            finalists, done = self.candidates(observation), self._ucb(tree, game, observation)
        elapsed = clock() - start
        edges = tree.root.edges
        self.report = SearchReport(
            iterations=done,
            seconds=elapsed,
            visits={a: int(e[0]) for a, e in edges.items()},
            values={a: e[2] / e[0] for a, e in edges.items() if e[0]},
        )
        return tree, finalists

    def on_game_start(self, game: Game[Any], seat: int) -> None:
        super().on_game_start(game, seat)
        self._last = None

    def _reused(self, observation: Observation) -> _Tree | None:
        """The last tree re-rooted at the node of `observation`, if the last search reached it
        (within one round of moves: this seat's and every other seat's once)."""
        last = self._last
        if last is None or last.seat != observation.seat or last.playout is not self.playout:
            return None
        node = _find(last.root, last.key(observation), len(last.low) + 1)
        if node is None:
            return None
        last.root = node
        return last

    def _ucb(self, tree: _Tree, game: Game[Any], observation: Observation) -> int:
        limit = self.count
        deadline = self.deadline()
        clock = time.perf_counter
        done = 0
        while limit is None or done < limit:
            tree.iterate(self.sample(game, observation))
            done += 1
            if deadline is not None and clock() >= deadline:
                break
        return done

    def _halving(self, tree: _Tree, game: Game[Any], observation: Observation, start: float
                 ) -> tuple[list[Action], int]:
        """Sequential halving: ceil(log2 k) rounds share the budget (iterations and time);
        in a round every candidate is tried once per sampled world, then the better half
        (by mean value over all rounds) goes on. Every round plays at least one world."""
        candidates = list(self.candidates(observation))
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        limit = self.count
        clock = time.perf_counter
        done = 0
        for r in range(rounds):
            share = None if limit is None else (limit - done) // (rounds - r)
            worlds = None if share is None else max(1, share // len(candidates))
            ends = None if self.time is None else start + self.time * (r + 1) / rounds
            played = 0
            while worlds is None or played < worlds:
                world = self.sample(game, observation)
                for action in candidates:
                    tree.iterate(world.clone(quiet=True), action)
                done += len(candidates)
                played += 1
                if ends is not None and clock() >= ends:
                    break
            if r < rounds - 1:
                candidates.sort(key=tree.mean, reverse=True)
                del candidates[max(1, (len(candidates) + 1) // 2):]
        return candidates, done


def _find(root: _Node, key: Any, depth: int) -> _Node | None:
    """The node keyed `key` among the descendants of `root` at most `depth` moves down."""
    level = [root]
    for _ in range(depth):
        following: list[_Node] = []
        for node in level:
            found = node.children.get(key)
            if found is not None:
                return found
            following.extend(node.children.values())
        level = following
    return None


def _key_function(observation: Observation) -> Any:
    """Observations are frozen dataclasses and normally hashable; fall back to their text."""
    try:
        hash(observation)
    except TypeError:
        return repr
    return _same


def _same(observation: Observation) -> Observation:
    return observation
