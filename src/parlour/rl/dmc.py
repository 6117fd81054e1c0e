"""Deep Monte-Carlo training (as in DouZero): a Q network regressed on observed returns.

Each learner decision's target is the reward its seat got for the deal (or the game) it was
made in, so no bootstrapping, no critic and no importance weights: the method that proved
stable on the first try for these games (docs/learning.md). Games run in rounds: a round
starts `num_envs` fresh games (`VectorEnv`), plays `steps_per_round` learner decisions in
each, and learns from every finished deal; a round's unfinished deals are dropped. Rounds are
seeded by number, so a run resumed from a checkpoint (written after a round) goes on exactly
as if it had never stopped.

Needs PyTorch (the ``train`` extra); playing the result needs only numpy (`Policy`).
"""

from __future__ import annotations

import json
import math
import os
import statistics
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from random import Random
from typing import Any

import numpy as np

from parlour.agents.learned import LearnedAgent, Policy
from parlour.agents.specs import make_agent
from parlour.core import Game, ParlourError, derive_seed, load_game, make_rng
from parlour.rl.seated_game import AgentSource
from parlour.rl.vector import VectorEnv

try:
    import torch
except ImportError:  # pragma: no cover - depends on the environment
    torch = None  # type: ignore[assignment]

INSTALL_HINT = "training needs PyTorch: pip install 'parlour[train]'"

SHORT_GAMES: dict[str, str] = {
    "hearts": "hearts:end_score=1",
    "spades": "spades:target=1,mercy=true",
    "skat": "skat:deals=1",
    "skat.ramsch": "skat.ramsch:deals=1",
    "skull": "skull:players=3",
    "territory": "territory:size=6,rounds=8,players=3",
}
"""The one-deal games the evaluation plays (and the strength tests use)."""

REWARD_SCALES: dict[str, float] = {"hearts": 26.0, "spades": 100.0, "skat": 60.0,
                                   "skat.ramsch": 60.0}
"""Rewards are divided by these so that targets are about -1..1 (others: 1)."""


@dataclass
class TrainConfig:
    """Everything that determines a run; stored in the checkpoint."""

    game: str
    seed: int = 0
    steps: int = 200_000
    """Learner decisions to train on (rounded up to whole rounds)."""
    num_envs: int = 64
    steps_per_round: int = 64
    hidden: tuple[int, ...] = (256, 256)
    lr: float = 3e-4
    batch: int = 512
    epsilon: tuple[float, float] = (0.1, 0.02)
    epsilon_steps: int = 200_000
    """Exploration: from the first value of `epsilon` down to the second over this many
    decisions (fixed, so a longer run starts exactly like a shorter one)."""
    snapshots: int = 8
    """How many earlier snapshots the ``past`` seats draw from (the most recent)."""
    pool: dict[str, float] = field(default_factory=lambda: {
        "heuristic": 0.5, "random": 0.1, "self": 0.2, "past": 0.2})
    """Who fills the other seats, by weight: agent specs, ``self`` (the learner, whose
    decisions are learned from too) and ``past`` (a frozen earlier snapshot)."""
    per_deal: bool = True
    to_go: bool = False
    """Learn from the reward still to come at each decision: the deal's reward minus what
    the seat had gained in it already (`Encoding.deal_progress`; Hearts: points taken)."""
    reward_scale: float = 0.0
    """0 picks the game's default from REWARD_SCALES."""
    eval_every: int = 10
    """Evaluate (and snapshot for the pool) every this many rounds."""
    eval_deals: int = 40
    eval_game: str = ""
    """The game the evaluation plays; empty picks the one-deal form (SHORT_GAMES)."""
    advisor: str = ""
    """An agent spec (``heuristic``) whose choice the network sees as an input, its action
    getting a learned bonus that starts at `advisor_bonus`: the bot starts as that agent and
    learns where to deviate. Empty: no advisor."""
    advisor_bonus: float = 0.5
    """With rollout targets a fixed margin: a learned advantage must exceed it to overrule."""
    play_margin: dict[str, float] = field(default_factory=dict)
    """Extra bonus for the advised action in the policy file (and the evaluations), by action
    ids (``"0-51"``: ids 0 to 51): a deviation there must clear a larger margin. Training and
    the pool's snapshots do not use it, so it never changes what is learned."""
    targets: str = "returns"
    """What a decision learns from: ``returns``, the reward its seat got (Deep Monte-Carlo);
    or ``rollouts`` (needs an advisor): every legal action is tried from the true state and
    the deal played out by the advisor in every seat, and the network regresses each
    action's result relative to the advisor's own choice (rollout agent improvement)."""
    replay: int = 16_384
    """Rollout targets: how many of the latest decisions are kept to learn from again."""
    reuse: int = 8
    """Rollout targets: gradient steps (on batches drawn from the kept decisions) per
    `batch` new decisions."""

    def __post_init__(self) -> None:
        self.hidden = tuple(int(h) for h in self.hidden)
        self.epsilon = (float(self.epsilon[0]), float(self.epsilon[1]))
        for name in ("steps", "num_envs", "steps_per_round", "batch", "eval_every",
                     "eval_deals"):
            if int(getattr(self, name)) < 1:
                raise ParlourError(f"training setting {name} must be at least 1, "
                                   f"not {getattr(self, name)}")
        if self.targets not in ("returns", "rollouts"):
            raise ParlourError(f"training targets must be returns or rollouts, not "
                               f"{self.targets!r}")
        if self.targets == "rollouts" and not self.advisor:
            raise ParlourError("rollout targets need an advisor (--advisor heuristic): it "
                               "plays the rollouts")
        if self.replay < self.batch or self.reuse < 1:
            raise ParlourError(f"replay ({self.replay}) must hold a batch ({self.batch}) and "
                               f"reuse ({self.reuse}) be at least 1")
        self.play_margin = {str(k): float(v) for k, v in self.play_margin.items()}
        for ids in self.play_margin:
            id_range(ids)
        if not self.pool or min(self.pool.values()) < 0 or sum(self.pool.values()) <= 0:
            raise ParlourError(f"the opponent pool needs positive weights, not {self.pool}")

    @property
    def rounds(self) -> int:
        return math.ceil(self.steps / (self.num_envs * self.steps_per_round))

    @property
    def scale(self) -> float:
        base = load_game(self.game).id
        return self.reward_scale or REWARD_SCALES.get(base, 1.0)

    @property
    def evaluation_game(self) -> str:
        return self.eval_game or SHORT_GAMES.get(load_game(self.game).id, self.game)


def id_range(text: str) -> range:
    """``"0-51"`` (inclusive) or ``"7"`` as a range of action ids."""
    low, dash, high = text.partition("-")
    try:
        first, last = int(low), int(high if dash else low)
    except ValueError:
        raise ParlourError(f"action ids {text!r}: expected a range like 0-51 or one id"
                           ) from None
    if first < 0 or last < first:
        raise ParlourError(f"action ids {text!r}: expected a range like 0-51 or one id")
    return range(first, last + 1)


def parse_margins(text: str) -> dict[str, float]:
    """``0-51=0.3,52-103=0`` as a dict of id ranges to margins."""
    margins: dict[str, float] = {}
    for part in filter(None, (p.strip() for p in text.split(","))):
        ids, _, value = part.partition("=")
        try:
            margins[ids.strip()] = float(value)
        except ValueError:
            raise ParlourError(f"--play-margin entry {part!r}: expected IDS=NUMBER, like "
                               "0-51=0.3") from None
        id_range(ids.strip())
    return margins


def parse_pool(text: str) -> dict[str, float]:
    """``heuristic=0.5,random=0.1,self=0.2,past=0.2`` as a dict (weights need not sum to 1)."""
    pool: dict[str, float] = {}
    for part in text.split(","):
        name, eq, weight = part.strip().partition("=")
        try:
            pool[name.strip()] = float(weight) if eq else 1.0
        except ValueError:
            raise ParlourError(f"--pool entry {part.strip()!r}: the weight must be a number"
                               ) from None
    return pool


def require_torch() -> Any:
    if torch is None:
        raise ParlourError(INSTALL_HINT)
    return torch


def build_network(inputs: int, hidden: tuple[int, ...], outputs: int,
                  advisor_bonus: float | None = None) -> Any:
    """A ReLU perceptron with one value per action id; with `advisor_bonus`, an `Advised`
    one whose inputs end with the advisor's one-hot."""
    torch_ = require_torch()
    layers: list[Any] = []
    width = inputs
    for size in hidden:
        layers += [torch_.nn.Linear(width, size), torch_.nn.ReLU()]
        width = size
    layers.append(torch_.nn.Linear(width, outputs))
    network = torch_.nn.Sequential(*layers)
    if advisor_bonus is None:
        return network
    return _advised_class()(network, outputs, advisor_bonus)


def _advised_class() -> Any:
    """`Advised`, defined once torch is there (torch is optional)."""
    global Advised
    if Advised is None:

        class _Advised(torch.nn.Module):
            """Values = the perceptron's + a learned bonus on the advisor's action (the last
            `outputs` inputs are its one-hot), so an untrained network plays as the advisor."""

            def __init__(self, mlp: Any, outputs: int, bonus: float) -> None:
                super().__init__()
                self.mlp = mlp
                self.outputs = outputs
                self.bonus = torch.nn.Parameter(torch.tensor(float(bonus)))

            def forward(self, x: Any) -> Any:
                return self.mlp(x) + self.bonus * x[:, -self.outputs:]

        Advised = _Advised
    return Advised


Advised: Any = None


def export_policy(network: Any, meta: dict[str, Any]) -> Policy:
    """The network's layers as numpy arrays (weights transposed to inputs x outputs); an
    advised network's bonus goes to the meta as ``advisor_bonus``."""
    mlp = getattr(network, "mlp", network)
    linear = [m for m in mlp if isinstance(m, torch.nn.Linear)]
    layers = [(m.weight.detach().numpy().T.copy(), m.bias.detach().numpy().copy())
              for m in linear]
    if hasattr(network, "bonus"):
        meta = {**meta, "advisor_bonus": float(network.bonus.detach())}
    return Policy(layers, meta)


def duplicate_gains(game: Game[Any], make: Callable[[Game[Any], int], Any],
                    baseline: str, deals: int, first_seed: int) -> list[float]:
    """Per deal: the agent's return minus the mean of the `baseline` seats', averaged over
    the agent sitting in every seat of the same seeded deal (duplicate, seats rotated)."""
    from parlour.match import Match

    gains = []
    n = game.num_players
    for seed in range(first_seed, first_seed + deals):
        total = 0.0
        for seat in range(n):
            seats: list[Any] = [baseline] * n
            seats[seat] = make(game, seat)
            result = Match(game, seats, seed=seed).run().result.returns
            total += result[seat] - (sum(result) - result[seat]) / (n - 1)
        gains.append(total / n)
    return gains


def summary(gains: list[float]) -> tuple[float, float]:
    """Mean and standard error."""
    mean = statistics.fmean(gains)
    error = statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
    return mean, error


class Trainer:
    """A Deep Monte-Carlo run writing to `out`: checkpoint.pt, policy.npz, log.jsonl,
    curve.png."""

    def __init__(self, config: TrainConfig, out: str | Path) -> None:
        torch_ = require_torch()
        torch_.set_num_threads(1)
        self.config = config
        self.out = Path(out)
        self.game = load_game(config.game)
        self.encoding = self.game.encoding
        self.features = int(np.prod(self.encoding.shape))
        self.inputs = self.features
        self.advisor: Any = None
        if config.advisor:
            self.inputs += self.encoding.num_actions
            self.advisor = make_agent(config.advisor, self.game, 0,
                                      make_rng(config.seed, "advisor"))
        torch_.manual_seed(derive_seed(config.seed, "torch"))
        self.network = build_network(self.inputs, config.hidden, self.encoding.num_actions,
                                     config.advisor_bonus if config.advisor else None)
        if config.targets == "rollouts":
            self.network.bonus.requires_grad_(False)
        self.optimizer = torch_.optim.Adam(self.network.parameters(), lr=config.lr)
        self.round = 0
        self.decisions = 0
        self.moves = 0
        self.updates = 0
        self.seconds = 0.0
        self.log: list[dict[str, Any]] = []
        self.snapshots: list[Policy] = []
        self.buffer_x: list[np.ndarray] = []
        self.buffer_a: list[int] = []
        self.buffer_g: list[float] = []
        self.buffer_t: list[np.ndarray] = []
        """Rollout targets: per decision, one value per action id (NaN where not legal)."""
        self.fresh = 0
        """Rollout decisions collected since the last gradient steps."""

    # --- checkpoints --------------------------------------------------------------------
    @property
    def checkpoint_path(self) -> Path:
        return self.out / "checkpoint.pt"

    def save_checkpoint(self) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        data = {
            "config": asdict(self.config), "round": self.round, "decisions": self.decisions,
            "moves": self.moves, "updates": self.updates, "seconds": self.seconds,
            "log": self.log, "network": self.network.state_dict(),
            "optimizer": self.optimizer.state_dict(),
            "snapshots": [[(w, b) for w, b in p.layers] for p in self.snapshots],
            "snapshot_meta": [p.meta for p in self.snapshots],
            "buffer": (np.array(self.buffer_x, dtype=np.float32).reshape(-1, self.inputs),
                       list(self.buffer_a), list(self.buffer_g)),
            "buffer_targets": np.array(self.buffer_t, dtype=np.float32).reshape(
                -1, self.encoding.num_actions),
            "fresh": self.fresh,
        }
        temporary = self.checkpoint_path.with_suffix(".tmp")
        torch.save(data, temporary)
        os.replace(temporary, self.checkpoint_path)

    @classmethod
    def resume(cls, out: str | Path, steps: int | None = None,
               play_margin: dict[str, float] | None = None) -> Trainer:
        """The run checkpointed in `out`, ready to go on (to `steps` if given; with
        `play_margin` replaced if given, which changes the policy file, not the training)."""
        path = Path(out) / "checkpoint.pt"
        if not path.is_file():
            raise ParlourError(f"nothing to resume: no checkpoint at {str(path)!r}")
        data = require_torch().load(path, weights_only=False)
        settings = data["config"]
        if steps is not None:
            settings["steps"] = steps
        if play_margin is not None:
            settings["play_margin"] = play_margin
        trainer = cls(TrainConfig(**settings), out)
        trainer.network.load_state_dict(data["network"])
        trainer.optimizer.load_state_dict(data["optimizer"])
        for key in ("round", "decisions", "moves", "updates", "seconds", "log"):
            setattr(trainer, key, data[key])
        metas = data.get("snapshot_meta") or [trainer.meta()] * len(data["snapshots"])
        trainer.snapshots = [Policy(layers, meta)
                             for layers, meta in zip(data["snapshots"], metas, strict=True)]
        x, a, g = data["buffer"]
        trainer.buffer_x, trainer.buffer_a, trainer.buffer_g = list(x), list(a), list(g)
        trainer.buffer_t = list(data.get("buffer_targets", []))
        trainer.fresh = data.get("fresh", 0)
        return trainer

    def meta(self) -> dict[str, Any]:
        config = self.config
        return {"game": self.game.spec, "shape": list(self.encoding.shape),
                "num_actions": self.encoding.num_actions, "algorithm": "deep monte-carlo",
                "seed": config.seed, "decisions": self.decisions, "hidden": list(config.hidden),
                "pool": config.pool, "advisor": config.advisor, "targets": config.targets}

    def title(self) -> str:
        """What the learning curve shows: the method and the game."""
        config = self.config
        if config.targets == "rollouts":
            return f"{config.game}: rollout targets, advised by {config.advisor}"
        advised = f", advised by {config.advisor}" if config.advisor else ""
        return f"{config.game}: Deep Monte-Carlo{advised}"

    def policy(self) -> Policy:
        """The policy file's contents: the network, with `play_margin` on the bonus."""
        policy = self.training_policy()
        if not self.config.play_margin:
            return policy
        bonus = np.full(self.encoding.num_actions, policy.advisor_bonus, dtype=np.float32)
        for ids, margin in self.config.play_margin.items():
            span = id_range(ids)
            bonus[span.start:span.stop] += margin
        return Policy(policy.layers, {**policy.meta, "advisor_bonus": bonus.tolist(),
                                      "play_margin": self.config.play_margin})

    def training_policy(self) -> Policy:
        """The network as it plays in training (the pool's snapshots)."""
        return export_policy(self.network, self.meta())

    # --- playing --------------------------------------------------------------------------
    def seating(self, rng: Random) -> list[AgentSource | None]:
        """One learner seat, the others drawn from the pool."""
        players = self.game.num_players
        names = list(self.config.pool)
        weights = list(self.config.pool.values())
        seats: list[AgentSource | None] = []
        for _ in range(players):
            name = rng.choices(names, weights)[0]
            if name == "self":
                seats.append(None)
            elif name == "past":
                if self.snapshots:
                    snapshot = self.snapshots[rng.randrange(len(self.snapshots))]
                    seats.append(_snapshot_factory(snapshot))
                else:
                    seats.append("heuristic")
            else:
                seats.append(name)
        seats[rng.randrange(players)] = None
        return seats

    def epsilon(self) -> float:
        start, end = self.config.epsilon
        progress = min(1.0, self.decisions / max(1, self.config.epsilon_steps))
        return start + (end - start) * progress

    def play_round(self) -> None:
        """One round: fresh games, `steps_per_round` learner decisions in each, learning from
        every deal that finishes."""
        config = self.config
        seed = derive_seed(config.seed, "round", self.round)
        env = VectorEnv(self.game, config.num_envs, self.seating, seed=seed,
                        per_deal=config.per_deal, relative=True)
        explore = np.random.default_rng(derive_seed(seed, "explore"))
        observations, masks, seats = env.reset()
        inputs = self.network_inputs(observations, env)
        pending: list[dict[int, list[tuple[np.ndarray, int, float]]]] = [
            {} for _ in range(config.num_envs)]
        scale = config.scale
        for _ in range(config.steps_per_round):
            actions = self.choose(inputs, masks, explore)
            if config.targets == "rollouts":
                for index in range(config.num_envs):
                    if masks[index].sum() > 1:
                        self.buffer_x.append(inputs[index].copy())
                        self.buffer_t.append(self.rollout_targets(env, index))
                        self.fresh += 1
            for index in range(config.num_envs):
                if config.targets == "rollouts":
                    break
                trail = pending[index].setdefault(int(seats[index]), [])
                already = (self.encoding.deal_progress(env.learner_observations[index])
                           / scale if config.to_go else 0.0)
                trail.append((inputs[index].copy(), int(actions[index]), already))
            observations, masks, seats, rewards, paid, _ = env.step(actions)
            inputs = self.network_inputs(observations, env)
            self.decisions += config.num_envs
            for index in np.flatnonzero(paid).tolist():
                for seat, trail in pending[index].items():
                    target = float(rewards[index, seat]) / scale
                    for x, a, already in trail:
                        self.buffer_x.append(x)
                        self.buffer_a.append(a)
                        self.buffer_g.append(target - already)
                pending[index] = {}
            self.learn()
        self.moves += env.moves
        self.round += 1

    def network_inputs(self, observations: np.ndarray, env: VectorEnv) -> np.ndarray:
        """The batch the network reads: the encodings, then (advised) the advisor's one-hot."""
        flat = observations.reshape(len(observations), -1)
        if self.advisor is None:
            return flat
        inputs = np.zeros((len(flat), self.inputs), dtype=np.float32)
        inputs[:, :self.features] = flat
        encoding = self.encoding
        for index, observation in enumerate(env.learner_observations):
            choice = encoding.action_id(self.advisor.act(observation), observation)
            inputs[index, self.features + choice] = 1.0
        return inputs

    def rollout_targets(self, env: VectorEnv, index: int) -> np.ndarray:
        """Per legal action id of game `index`'s decision: the seat's result over the rest of
        the deal (its own minus the others' mean, over the scale) when it plays that action
        and the advisor plays every seat after, minus the same for the advisor's choice.
        NaN for the other ids. Played from the true state: the network sees only the
        observation, so it learns the expectation over the worlds that observation allows."""
        state = env.seated_games[index].state
        observation = env.learner_observations[index]
        seat = state.current_player
        assert seat is not None
        encoding = self.encoding
        targets = np.full(encoding.num_actions, np.nan, dtype=np.float32)
        for action in observation.legal_actions:
            playout = state.clone(quiet=True)
            playout.apply_unchecked_no_undo(action)
            targets[encoding.action_id(action, observation)] = self.play_out(playout, seat)
        advice = encoding.action_id(self.advisor.act(observation), observation)
        targets -= targets[advice]
        return targets

    def play_out(self, state: Any, seat: int) -> float:
        """Play `state` to the end of its deal with the advisor in every seat: `seat`'s
        change of standing relative to the others, over the scale."""
        deal = state.deal_number
        before = state.running_returns()
        advisor = self.advisor
        while not state.is_terminal and state.deal_number == deal:
            legal = state.legal_actions()
            state.apply_unchecked_no_undo(legal[0] if len(legal) == 1
                                     else advisor.act(state.observe(state.current_player)))
        gained = [b - a for a, b in zip(before, state.running_returns(), strict=True)]
        mine = gained[seat]
        return float(mine - (sum(gained) - mine) / (len(gained) - 1)) / self.config.scale

    def choose(self, inputs: np.ndarray, masks: np.ndarray,
               explore: np.random.Generator) -> np.ndarray:
        """Epsilon-greedy over the legal ids, with one batched forward pass."""
        with torch.no_grad():
            values = self.network(torch.from_numpy(inputs)).numpy()
        values = np.where(masks, values, -np.inf)
        actions = values.argmax(axis=1)
        wander = explore.random(len(actions)) < self.epsilon()
        for index in np.flatnonzero(wander).tolist():
            legal = np.flatnonzero(masks[index])
            actions[index] = legal[explore.integers(len(legal))]
        chosen: np.ndarray = actions
        return chosen

    def learn(self) -> None:
        """One gradient step on every full batch of collected decisions."""
        config = self.config
        batch = config.batch
        while self.buffer_t and self.fresh >= batch:
            self.fresh -= batch
            excess = len(self.buffer_t) - config.replay
            if excess > 0:
                del self.buffer_x[:excess], self.buffer_t[:excess]
            draw = np.random.default_rng(derive_seed(config.seed, "replay", self.updates))
            for _ in range(config.reuse):
                picks = draw.integers(len(self.buffer_t), size=batch)
                self.rollout_step(np.stack([self.buffer_x[i] for i in picks]),
                                  np.stack([self.buffer_t[i] for i in picks]))
        while len(self.buffer_a) >= batch:
            x = torch.from_numpy(np.stack(self.buffer_x[:batch]))
            a = torch.tensor(self.buffer_a[:batch], dtype=torch.int64)
            g = torch.tensor(self.buffer_g[:batch], dtype=torch.float32)
            del self.buffer_x[:batch], self.buffer_a[:batch], self.buffer_g[:batch]
            q = self.network(x).gather(1, a.unsqueeze(1)).squeeze(1)
            loss = torch.nn.functional.mse_loss(q, g)
            self.optimizer.zero_grad()
            loss.backward()  # type: ignore[no-untyped-call]
            torch.nn.utils.clip_grad_norm_(self.network.parameters(), 40.0)
            self.optimizer.step()
            self.updates += 1

    def rollout_step(self, inputs: np.ndarray, targets: np.ndarray) -> None:
        """One gradient step: the squared error of every legal action's advantage over the
        advisor's choice (NaN targets: not legal). The perceptron's value of an action minus
        its value of the advisor's is the advantage; the advisor's bonus stays as set, a
        margin a deviation must clear."""
        t = torch.from_numpy(targets)
        legal = ~torch.isnan(t)
        x = torch.from_numpy(inputs)
        values = self.network.mlp(x)
        advice = x[:, -self.encoding.num_actions:]
        q = values - (values * advice).sum(dim=1, keepdim=True)
        loss = ((q - torch.nan_to_num(t)) ** 2 * legal).sum() / legal.sum()
        self.optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(self.network.parameters(), 40.0)
        self.optimizer.step()
        self.updates += 1

    # --- evaluating -----------------------------------------------------------------------
    def evaluate(self) -> dict[str, Any]:
        """Duplicate deals against `heuristic` and `random` (seats rotated), fixed seeds."""
        policy = self.policy()
        game = load_game(self.config.evaluation_game)

        def make(game: Game[Any], seat: int) -> LearnedAgent:
            return LearnedAgent(game, policy, seat)

        row: dict[str, Any] = {"round": self.round, "decisions": self.decisions,
                               "seconds": round(self.seconds, 1)}
        for baseline in ("heuristic", "random"):
            if baseline == "heuristic" and "heuristic" not in game.agents:
                continue
            mean, error = summary(duplicate_gains(game, make, baseline,
                                                  self.config.eval_deals, 900_000))
            row[baseline] = round(mean, 4)
            row[baseline + "_se"] = round(error, 4)
        return row

    def run(self, progress: Callable[[Trainer, dict[str, Any] | None], None] | None = None,
            stop_after: int | None = None) -> Policy:
        """Train to the configured number of rounds (or `stop_after` more), checkpointing
        after every evaluation and at the end; returns the final policy, also in policy.npz."""
        self.out.mkdir(parents=True, exist_ok=True)
        (self.out / "config.json").write_text(json.dumps(asdict(self.config), indent=1) + "\n")
        target = self.config.rounds
        if stop_after is not None:
            target = min(target, self.round + stop_after)
        while self.round < target:
            started = time.perf_counter()
            self.play_round()
            self.seconds += time.perf_counter() - started
            row = None
            if self.round % self.config.eval_every == 0 or self.round == self.config.rounds:
                row = self.evaluate()
                log_evaluation(self.out, self.log, row)
                self.snapshots = [*self.snapshots, self.training_policy()
                                  ][-self.config.snapshots:]
                self.save_checkpoint()
                self.policy().save(self.out / "policy.npz")
                plot_curve(self.log, self.out / "curve.png", self.title())
            if progress is not None:
                progress(self, row)
        self.save_checkpoint()
        policy = self.policy()
        policy.save(self.out / "policy.npz")
        return policy


def log_evaluation(out: Path, log: list[dict[str, Any]], row: dict[str, Any]) -> None:
    """Add an evaluation `row` to a run's `log` and to its log.jsonl."""
    log.append(row)
    with open(out / "log.jsonl", "a", encoding="utf-8") as file:
        file.write(json.dumps(row) + "\n")


def _snapshot_factory(policy: Policy) -> Callable[[Game[Any], int, Random], LearnedAgent]:
    def make(game: Game[Any], seat: int, rng: Random) -> LearnedAgent:
        return LearnedAgent(game, policy, seat, rng)

    return make


def plot_curve(log: list[dict[str, Any]], path: Path, title: str,
               xlabel: str = "learner decisions trained on") -> None:
    """The learning curve: mean gain per deal against each baseline, with 95% intervals, over
    the log's ``decisions`` (named by `xlabel`)."""
    if not log:
        return
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(7, 4), dpi=100)
    for baseline, colour in (("heuristic", "tab:blue"), ("random", "tab:orange")):
        rows = [r for r in log if baseline in r]
        if not rows:
            continue
        x = [r["decisions"] for r in rows]
        y = np.array([r[baseline] for r in rows])
        e = 1.96 * np.array([r[baseline + "_se"] for r in rows])
        axes.plot(x, y, marker="o", color=colour, label=f"vs {baseline}")
        axes.fill_between(x, y - e, y + e, color=colour, alpha=0.2)
    axes.axhline(0.0, color="grey", linewidth=0.8)
    axes.set_xlabel(xlabel)
    axes.set_ylabel("mean gain per deal (duplicate)")
    axes.set_title(title)
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)
