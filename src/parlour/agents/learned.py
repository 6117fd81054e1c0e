"""Learned agents: a trained Q network played with numpy alone (no torch at play time).

A policy file (``.npz``) holds the layers as plain arrays (``w0``, ``b0``, ``w1``, ...: the
hidden layers use ReLU, the last gives one value per action id) and a JSON ``meta`` string
naming the game and the observation shape. The agent encodes its observation
(`Game.encode`), runs the layers, and plays the legal action of highest value.

An *advised* policy (its meta names an ``advisor``, an agent spec such as ``heuristic``) also
sees which action that agent would play: the one-hot of the advisor's action id follows the
encoding in the input, and ``advisor_bonus`` (one number, or one per action id) is added
to that action's value, so a network
that has learned nothing plays exactly as its advisor and training teaches it where to deviate.
The advisor must decide from the observation alone (the Hearts heuristic does).

A *move scorer* (meta ``"scores": "moves"``, from ``parlour train --method distil``) takes one
move's features (`Game.move_features`) and gives it one value: the agent asks its advisor for
its move and candidates (`advise(observation)` where it has one, else `act` and
`candidates`), and plays the best-scoring candidate only if it scores more than the
policy's ``margin`` above the advisor's move.

``learned`` plays the weights shipped with the game (``parlour/games/<pkg>/learned/<id>.npz``);
``learned:PATH`` plays a file of your own.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from random import Random
from typing import Any

import numpy as np

from parlour.agents.base import BaseAgent
from parlour.core import Action, AgentError, Game, Observation

FORMAT = "parlour.policy"
MAX_POLICY_BYTES = 64_000_000
"""A policy file may unpack to at most this many bytes (the shipped ones are about 1 MB)."""


class Policy:
    """A multilayer perceptron as numpy arrays: ``values(x)`` gives one value per action id."""

    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]], meta: dict[str, Any]) -> None:
        self.layers = [(np.ascontiguousarray(w, dtype=np.float32),
                        np.ascontiguousarray(b, dtype=np.float32)) for w, b in layers]
        self.meta = meta
        self.advisor: str = str(meta.get("advisor") or "")
        """The agent spec whose choice the network sees (empty: none)."""
        bonus = meta.get("advisor_bonus", 0.0)
        self.advisor_bonus: float | np.ndarray = (
            np.asarray(bonus, dtype=np.float32) if isinstance(bonus, list) else float(bonus))
        """Added to the advised action's value: one number, or one per action id."""
        self.scores_moves = meta.get("scores") == "moves"
        """A move scorer (`parlour.rl.distil`): one value per move from its features."""
        self.margin = float(meta.get("margin", 0.0))
        """A move scorer keeps the advisor's move unless another scores this much higher."""

    @property
    def input_size(self) -> int:
        return int(self.layers[0][0].shape[0])

    @property
    def num_actions(self) -> int:
        return int(self.layers[-1][0].shape[1])

    def values(self, x: np.ndarray) -> np.ndarray:
        """Action values for a flat input (or a batch of them, one per row); an advised
        policy's input ends with the advisor's one-hot, whose action gets `advisor_bonus`."""
        advice = x[..., -self.num_actions:] if self.advisor and not self.scores_moves else None
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            x = x @ w + b
            if i < last:
                np.maximum(x, 0.0, out=x)
        if advice is not None:
            x += self.advisor_bonus * advice
        return x

    def save(self, path: str | Path) -> None:
        arrays: dict[str, Any] = {"meta": np.array(json.dumps({"format": FORMAT, **self.meta}))}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"], arrays[f"b{i}"] = w, b
        with open(path, "wb") as file:
            np.savez_compressed(file, **arrays)

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        """Read a policy file; a file that is not one raises `AgentError` naming it."""
        name = str(path)
        try:
            with np.load(path, allow_pickle=False) as data:
                unpacked = sum(info.file_size for info in data.zip.infolist())
                if unpacked > MAX_POLICY_BYTES:
                    raise AgentError(f"policy file {name!r} unpacks to {unpacked:,} bytes; "
                                     f"the limit is {MAX_POLICY_BYTES:,}")
                meta = json.loads(str(data["meta"]))
                count = sum(1 for key in data.files if key.startswith("w"))
                layers = [(data[f"w{i}"], data[f"b{i}"]) for i in range(count)]
        except (OSError, ValueError, KeyError, AttributeError, json.JSONDecodeError) as error:
            raise AgentError(f"cannot read policy file {name!r}: {error}") from None
        if not isinstance(meta, dict) or meta.get("format") != FORMAT or not layers:
            raise AgentError(f"{name!r} is not a parlour policy file")
        width = layers[0][0].shape[0] if layers[0][0].ndim == 2 else -1
        for i, (w, b) in enumerate(layers):
            if w.ndim != 2 or b.ndim != 1 or w.shape[0] != width or b.shape[0] != w.shape[1]:
                raise AgentError(f"policy file {name!r}: layer {i} has weights {w.shape} and "
                                 f"biases {b.shape}, which do not chain")
            width = w.shape[1]
        return cls(layers, meta)


def shipped_policy_path(game: Game[Any]) -> Path:
    """Where the weights shipped for `game` live (whether or not they exist): ``learned/`` in
    the folder of the module that defines the game's class. A class defined outside any file
    (a notebook, an example run from a string) ships none: a path that does not exist."""
    module = sys.modules.get(type(game).__module__)
    source = getattr(module, "__file__", None)
    folder = Path(source).parent if source else Path(os.devnull)
    return folder / "learned" / f"{game.id}.npz"


class LearnedAgent(BaseAgent):
    """Plays the legal action with the highest learned value (ties: the lowest id)."""

    name = "learned"

    def __init__(self, game: Game[Any], policy: Policy, seat: int = 0,
                 rng: Random | None = None) -> None:
        self.game = game
        self.policy = policy
        self.encoding = game.encoding
        self.advisor: Any = None
        if policy.advisor:
            from parlour.agents.specs import make_agent

            self.advisor = make_agent(policy.advisor, game, seat, rng or Random(seat))
        if policy.scores_moves:
            self._check_scorer(game, policy)
            return
        size = int(np.prod(self.encoding.shape))
        if policy.advisor:
            size += self.encoding.num_actions
        self.inputs = np.zeros(size, dtype=np.float32)
        if policy.input_size != size or policy.num_actions != self.encoding.num_actions:
            raise AgentError(
                f"policy {policy.meta.get('game', '?')!r} does not fit {game.spec}: it takes "
                f"{policy.input_size} inputs and {policy.num_actions} actions, the game has "
                f"{size} and {self.encoding.num_actions}")

    def _check_scorer(self, game: Game[Any], policy: Policy) -> None:
        name = policy.meta.get("game", "?")
        if self.advisor is None:
            raise AgentError(f"move-scorer policy {name!r} names no advisor to propose moves")
        if policy.input_size != game.move_feature_count or policy.num_actions != 1:
            raise AgentError(
                f"move-scorer policy {name!r} does not fit {game.spec}: it takes "
                f"{policy.input_size} features, the game's moves have "
                f"{game.move_feature_count}")

    def act(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        if self.policy.scores_moves:
            return self._scored_move(observation)
        encoding = self.encoding
        if self.advisor is None:
            values = self.policy.values(encoding.encode(observation).reshape(-1))
        else:
            x = self.inputs
            size = x.shape[0] - encoding.num_actions
            x[:size] = encoding.encode(observation).reshape(-1)
            x[size:] = 0.0
            x[size + encoding.action_id(self.advisor.act(observation), observation)] = 1.0
            values = self.policy.values(x)
        ids = [encoding.action_id(a, observation) for a in legal]
        best = max(range(len(ids)), key=lambda i: (values[ids[i]], -ids[i]))
        return legal[best]


    def _scored_move(self, observation: Observation) -> Action:
        """The advisor's move, unless another of its candidates scores `margin` higher."""
        advisor = self.advisor
        advise = getattr(advisor, "advise", None)
        move: Action
        moves: Sequence[Action]
        if advise is not None:  # the move and the candidates from one reading
            move, moves = advise(observation)
        else:
            move = advisor.act(observation)
            propose = getattr(advisor, "candidates", None)
            moves = propose(observation) if propose is not None else observation.legal_actions
        if len(moves) < 2 or move not in moves:
            return move
        values = self.policy.values(self.game.move_features(observation, moves, move))[:, 0]
        best = int(values.argmax())
        own = values[moves.index(move)]
        return moves[best] if values[best] - own > self.policy.margin else move


def learned_agent(game: Game[Any], seat: int = 0, rng: Random | None = None) -> LearnedAgent:
    """``learned``: the weights shipped with the game."""
    path = shipped_policy_path(game)
    if not path.exists():
        raise AgentError(f"no learned weights ship with {game.id}; train some with "
                         f"'parlour train {game.id}' and play them as learned:PATH")
    return LearnedAgent(game, Policy.load(path), seat, rng)


def learned_file_agent(text: str, game: Game[Any], seat: int = 0, rng: Random | None = None,
                       limits: Any = None) -> LearnedAgent:
    """``learned:PATH``: a policy file of your own (from ``parlour train``)."""
    path = Path(text).expanduser()
    if not path.is_file():
        raise AgentError(f"learned:{text}: no such policy file")
    return LearnedAgent(game, Policy.load(path), seat, rng)
