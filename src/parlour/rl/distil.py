"""Search distilled into a move scorer: one step of expert iteration over an advisor.

The advisor (the game's heuristic) plays every seat of seeded games; at each of its decisions
with more than one candidate move, a search teacher (``pimc:worlds=16``: each candidate tried in
the same sampled worlds, the deal played out by the heuristic) values every candidate, and the
target of a candidate is its value minus the value of the advisor's own choice. A small
network scores one move at a time from the move's features (`Game.move_features`), the same
weights for every card, and learns those differences. Played (`parlour.agents.learned`), it
keeps the advisor's move unless another candidate scores more than a margin above it: the
heuristic, corrected where the search found it wrong.

The teacher's labels are the cost (tens of milliseconds each); they are computed in worker
processes, one game per task, each seeded by its number, so the data and the weights do not
depend on the number of workers. The run goes in rounds of `games_per_round` games: label them,
take gradient steps on everything labelled so far, and every `eval_every` rounds evaluate,
checkpoint and write the policy, so a killed run resumes exactly.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from random import Random
from typing import Any

import numpy as np

from parlour.agents.learned import LearnedAgent, Policy
from parlour.agents.specs import make_agent
from parlour.core import Game, ParlourError, derive_seed, load_game, make_rng
from parlour.rl.dmc import REWARD_SCALES, SHORT_GAMES, duplicate_gains, require_torch, summary

ALGORITHM = "search distillation"


@dataclass
class DistilConfig:
    """Everything that determines a distillation run; stored in the checkpoint."""

    game: str
    seed: int = 0
    games: int = 64
    """Games whose decisions are labelled (rounded up to whole rounds)."""
    deals: int = 3
    """Deals labelled per game (the first ones: in Hearts, passing left, right and across)."""
    teacher: str = "pimc:worlds=16"
    """The search agent whose values are the targets (it needs ``evaluate``)."""
    advisor: str = "heuristic"
    """The agent that plays the games, proposes the candidates and whose move is kept unless
    another scores higher by `margin`."""
    workers: int = 1
    games_per_round: int = 8
    hidden: tuple[int, ...] = (64, 64)
    lr: float = 1e-3
    batch: int = 256
    """Decisions per gradient step."""
    reuse: int = 8
    """Each round takes gradient steps worth this many passes over its new decisions (drawn
    from everything labelled so far)."""
    margin: float = 0.01
    """How far (in rewards over the game's scale) a move must score above the advisor's."""
    eval_every: int = 5
    eval_deals: int = 200

    def __post_init__(self) -> None:
        self.hidden = tuple(int(h) for h in self.hidden)
        for name in ("games", "deals", "workers", "games_per_round", "batch", "reuse",
                     "eval_every", "eval_deals"):
            if int(getattr(self, name)) < 1:
                raise ParlourError(f"training setting {name} must be at least 1, "
                                   f"not {getattr(self, name)}")
        if self.margin < 0:
            raise ParlourError(f"the margin must not be negative, not {self.margin}")

    @property
    def rounds(self) -> int:
        return math.ceil(self.games / self.games_per_round)

    @property
    def scale(self) -> float:
        return REWARD_SCALES.get(load_game(self.game).id, 1.0)


@dataclass
class Labels:
    """Labelled decisions: each a block of candidate rows, the advisor's row in it, targets."""

    features: np.ndarray
    """(rows, features) float32: one row per candidate move."""
    targets: np.ndarray
    """(rows,) float32: the candidate's value minus the advisor's, over the scale."""
    starts: np.ndarray
    """(decisions + 1,) int64: decision k's rows are starts[k]:starts[k + 1]."""
    advice: np.ndarray
    """(decisions,) int64: the row of the advisor's move (absolute)."""

    @classmethod
    def empty(cls, width: int) -> Labels:
        return cls(np.zeros((0, width), np.float32), np.zeros(0, np.float32),
                   np.zeros(1, np.int64), np.zeros(0, np.int64))

    def __len__(self) -> int:
        return len(self.advice)

    def extend(self, other: Labels) -> Labels:
        offset = len(self.targets)
        return Labels(np.concatenate([self.features, other.features]),
                      np.concatenate([self.targets, other.targets]),
                      np.concatenate([self.starts, other.starts[1:] + offset]),
                      np.concatenate([self.advice, other.advice + offset]))


def label_game(config: DistilConfig, number: int) -> Labels:
    """The teacher's labels for game `number` of the run (the advisor in every seat)."""
    game = load_game(config.game)
    features = _features_of(game)
    seed = derive_seed(config.seed, "game", number)
    state = game.new_state(seed=seed)
    players = game.num_players
    advisors = [make_agent(config.advisor, game, s, make_rng(seed, "advisor", s))
                for s in range(players)]
    teacher = make_agent(config.teacher, game, 0, make_rng(seed, "teacher"))
    if not callable(getattr(teacher, "evaluate", None)):
        raise ParlourError(f"teacher {config.teacher!r} cannot value moves: use a search agent "
                           "with an evaluate method, such as pimc:worlds=16")
    rows: list[np.ndarray] = []
    targets: list[np.ndarray] = []
    starts, advice = [0], []
    scale = config.scale
    last = state.deal_number + config.deals
    while not state.is_terminal and state.deal_number < last:
        seat = state.current_player
        assert seat is not None
        observation = state.observe(seat)
        legal = observation.legal_actions
        move = legal[0] if len(legal) == 1 else advisors[seat].act(observation)
        candidates = teacher.candidates(observation) if len(legal) > 1 else legal  # type: ignore[attr-defined]
        if len(candidates) > 1 and move in candidates:
            teacher.seat = seat  # type: ignore[attr-defined]
            totals = teacher.evaluate(observation)  # type: ignore[attr-defined]
            count = max(1, getattr(teacher, "worlds_searched", 1))
            base = totals[candidates.index(move)]
            rows.append(features(observation, candidates, move))
            targets.append(np.array([(t - base) / count / scale for t in totals], np.float32))
            advice.append(starts[-1] + candidates.index(move))
            starts.append(starts[-1] + len(candidates))
        state.apply(move)
    width = _width(game)
    if not rows:
        return Labels.empty(width)
    return Labels(np.concatenate(rows), np.concatenate(targets), np.array(starts, np.int64),
                  np.array(advice, np.int64))


def _features_of(game: Game[Any]) -> Callable[..., np.ndarray]:
    if not game.move_feature_count:
        raise ParlourError(f"{game.id} has no move features (Game.move_features), which "
                           "search distillation scores moves by")
    return game.move_features


def _width(game: Game[Any]) -> int:
    return game.move_feature_count


def _label_task(args: tuple[dict[str, Any], int]) -> Labels:
    settings, number = args
    return label_game(DistilConfig(**settings), number)


class Distiller:
    """A distillation run writing to `out`: checkpoint.pt, policy.npz, log.jsonl, curve.png."""

    def __init__(self, config: DistilConfig, out: str | Path) -> None:
        torch = require_torch()
        torch.set_num_threads(1)
        self.config = config
        self.out = Path(out)
        self.game = load_game(config.game)
        _features_of(self.game)
        make_agent(config.teacher, self.game, 0, Random(0))  # a bad spec fails here, not later
        self.width = _width(self.game)
        torch.manual_seed(derive_seed(config.seed, "torch"))
        layers: list[Any] = []
        width = self.width
        for size in config.hidden:
            layers += [torch.nn.Linear(width, size), torch.nn.ReLU()]
            width = size
        layers.append(torch.nn.Linear(width, 1))
        self.network = torch.nn.Sequential(*layers)
        self.optimizer = torch.optim.Adam(self.network.parameters(), lr=config.lr)
        self.labels = Labels.empty(self.width)
        self.round = 0
        self.updates = 0
        self.seconds = 0.0
        self.log: list[dict[str, Any]] = []

    # --- checkpoints ----------------------------------------------------------------------
    @property
    def checkpoint_path(self) -> Path:
        return self.out / "checkpoint.pt"

    @property
    def decisions(self) -> int:
        return len(self.labels)

    def save_checkpoint(self) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        data = {"kind": ALGORITHM, "config": asdict(self.config), "round": self.round,
                "updates": self.updates, "seconds": self.seconds, "log": self.log,
                "network": self.network.state_dict(), "optimizer": self.optimizer.state_dict(),
                "labels": asdict(self.labels)}
        temporary = self.checkpoint_path.with_suffix(".tmp")
        require_torch().save(data, temporary)
        os.replace(temporary, self.checkpoint_path)

    @classmethod
    def resume(cls, out: str | Path, games: int | None = None) -> Distiller:
        """The run checkpointed in `out`, ready to go on (to `games` games if given)."""
        path = Path(out) / "checkpoint.pt"
        if not path.is_file():
            raise ParlourError(f"nothing to resume: no checkpoint at {str(path)!r}")
        data = require_torch().load(path, weights_only=False)
        if data.get("kind") != ALGORITHM:
            raise ParlourError(f"{str(path)!r} is not a search-distillation checkpoint")
        settings = data["config"]
        if games is not None:
            settings["games"] = games
        run = cls(DistilConfig(**settings), out)
        run.network.load_state_dict(data["network"])
        run.optimizer.load_state_dict(data["optimizer"])
        run.labels = Labels(**data["labels"])
        for key in ("round", "updates", "seconds", "log"):
            setattr(run, key, data[key])
        return run

    # --- the policy -------------------------------------------------------------------------
    def policy(self) -> Policy:
        """The scorer as a policy file: its layers, the advisor and the margin."""
        import torch

        linear = [m for m in self.network if isinstance(m, torch.nn.Linear)]
        layers = [(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy())
                  for m in linear]
        config = self.config
        return Policy(layers, {
            "game": self.game.spec, "algorithm": ALGORITHM, "scores": "moves",
            "features": self.width, "advisor": config.advisor, "margin": config.margin,
            "teacher": config.teacher, "seed": config.seed, "decisions": self.decisions,
            "hidden": list(config.hidden)})

    # --- one round --------------------------------------------------------------------------
    def label_round(self, pool: Any) -> Labels:
        """Label this round's games (in `pool` when there is one), in game order."""
        config = self.config
        first = self.round * config.games_per_round
        tasks = [(asdict(config), n) for n in range(first, first + config.games_per_round)]
        results = pool.map(_label_task, tasks) if pool is not None else map(_label_task, tasks)
        labels = Labels.empty(self.width)
        for part in results:
            labels = labels.extend(part)
        return labels

    def learn(self, fresh: int) -> None:
        """Gradient steps worth `reuse` passes over `fresh` decisions, drawn from all."""
        import torch

        config = self.config
        labels = self.labels
        if not len(labels):
            return
        steps = math.ceil(fresh * config.reuse / config.batch)
        draw = np.random.default_rng(derive_seed(config.seed, "batches", self.round))
        features = torch.from_numpy(labels.features)
        targets = torch.from_numpy(labels.targets)
        for _ in range(steps):
            picks = draw.integers(len(labels), size=min(config.batch, len(labels)))
            loss = self._loss(features, targets, picks)
            self.optimizer.zero_grad()
            loss.backward()
            self.optimizer.step()
            self.updates += 1

    def _loss(self, features: Any, targets: Any, picks: np.ndarray) -> Any:
        """Squared error of every candidate's score minus its advisor's against the target."""
        import torch

        labels = self.labels
        starts, ends = labels.starts[picks], labels.starts[picks + 1]
        sizes = ends - starts
        rows = np.concatenate([np.arange(s, e) for s, e in zip(starts, ends, strict=True)])
        first = np.cumsum(sizes) - sizes  # where each decision's rows begin in `rows`
        own_rows = np.repeat(first + labels.advice[picks] - starts, sizes)
        scores = self.network(features[rows]).squeeze(-1)
        own = scores[torch.from_numpy(own_rows)]
        return ((scores - own - targets[rows]) ** 2).mean()

    def evaluate(self) -> dict[str, Any]:
        """Duplicate one-deal games against `heuristic` and `random`, seats rotated."""
        policy = self.policy()
        game = load_game(SHORT_GAMES.get(self.game.id, self.config.game))
        row: dict[str, Any] = {"round": self.round, "decisions": self.decisions,
                               "seconds": round(self.seconds, 1)}
        for baseline in ("heuristic", "random"):
            gains = duplicate_gains(game, lambda g, s: LearnedAgent(g, policy, s), baseline,
                                    self.config.eval_deals, 900_000)
            mean, error = summary(gains)
            row[baseline], row[baseline + "_se"] = round(mean, 4), round(error, 4)
        return row

    def run(self, progress: Callable[[Distiller, dict[str, Any] | None], None] | None = None,
            stop_after: int | None = None) -> Policy:
        """Run to the configured number of rounds (or `stop_after` more); returns the policy,
        also written to policy.npz."""
        from parlour.rl.dmc import log_evaluation, plot_curve

        self.out.mkdir(parents=True, exist_ok=True)
        (self.out / "config.json").write_text(json.dumps(asdict(self.config), indent=1) + "\n")
        target = self.config.rounds
        if stop_after is not None:
            target = min(target, self.round + stop_after)
        pool = None
        if self.config.workers > 1:
            import multiprocessing

            pool = multiprocessing.get_context("spawn").Pool(self.config.workers)
        try:
            while self.round < target:
                started = time.perf_counter()
                fresh = self.label_round(pool)
                self.labels = self.labels.extend(fresh)
                self.learn(len(fresh))
                self.round += 1
                self.seconds += time.perf_counter() - started
                row = None
                if self.round % self.config.eval_every == 0 or self.round == self.config.rounds:
                    row = self.evaluate()
                    log_evaluation(self.out, self.log, row)
                    self.save_checkpoint()
                    self.policy().save(self.out / "policy.npz")
                    plot_curve(self.log, self.out / "curve.png",
                               f"{self.config.game}: {self.config.teacher} distilled, "
                               f"advised by {self.config.advisor}",
                               xlabel="decisions labelled by the teacher")
                if progress is not None:
                    progress(self, row)
        finally:
            if pool is not None:
                pool.close()
                pool.join()
        self.save_checkpoint()
        policy = self.policy()
        policy.save(self.out / "policy.npz")
        return policy
