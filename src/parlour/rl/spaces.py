"""Gymnasium spaces of a game's encoding, and the lazy import of the ``rl`` extra."""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from parlour.core import Game, ParlourError, load_game
from parlour.games.encoding import Encoding

INSTALL_HINT = "this needs PettingZoo and Gymnasium: pip install 'parlour[rl]'"


def require(module: str) -> Any:
    """Import `module` of the ``rl`` extra, or raise a `ParlourError` with the install hint."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise ParlourError(INSTALL_HINT) from None


def as_game(game: Game[Any] | str) -> Game[Any]:
    return load_game(game) if isinstance(game, str) else game


def observation_space(game: Game[Any]) -> Any:
    """``Dict(observation=Box(float32), action_mask=Box(int8 0/1))``, PettingZoo's classic
    layout; the box's bounds are the encoding's (`Encoding.bounds`)."""
    spaces = require("gymnasium.spaces")
    encoding = game.encoding
    low, high = encoding_bounds(game)
    return spaces.Dict({
        "observation": spaces.Box(low, high, encoding.shape, np.float32),
        "action_mask": spaces.Box(0, 1, (encoding.num_actions,), np.int8),
    })


def encoding_bounds(game: Game[Any]) -> tuple[np.ndarray, np.ndarray]:
    """The encoding's declared bounds, or unbounded for one that declares none (a plug-in
    encoding with only the protocol's methods)."""
    encoding = game.encoding
    bounds = getattr(encoding, "bounds", None)
    if bounds is None:
        return (np.full(encoding.shape, -np.inf, np.float32),
                np.full(encoding.shape, np.inf, np.float32))
    low, high = bounds()
    return low.astype(np.float32), high.astype(np.float32)


def state_space(game: Game[Any]) -> Any:
    """The `Box` of `state_tensor`: every seat's observation bounds, seat 0 first."""
    low, high = encoding_bounds(game)
    players = game.num_players
    return require("gymnasium.spaces").Box(np.stack([low] * players), np.stack([high] * players),
                                           (players, *game.encoding.shape), np.float32)


def state_tensor(game: Game[Any], state: Any) -> np.ndarray:
    """The privileged full state for centralised critics: every seat's observation tensor,
    stacked in seat order (seat 0 first), so it holds every hand and every public fact.
    Never give it to a policy that plays: it shows the other seats' cards."""
    return np.stack([game.encoding.encode(state.observe(seat))
                     for seat in range(game.num_players)])


def seat_arrays(game: Game[Any], state: Any, seat: int) -> tuple[np.ndarray, np.ndarray]:
    """Seat `seat`'s tensor (float32) and legal mask (int8) of `state`, new arrays, through
    the encoding's `fill_rows` (compiled for Hearts and Spades) where it has one."""
    encoding = game.encoding
    if not isinstance(encoding, Encoding):
        observation = state.observe(seat)
        return encoding.encode(observation), encoding.action_mask(observation).astype(np.int8)
    row = np.zeros((1, *encoding.shape), dtype=np.float32)
    mask = np.zeros((1, encoding.num_actions), dtype=np.bool_)
    encoding.fill_rows([state], np.array([seat], dtype=np.int64), row, mask)
    return row[0], mask[0].view(np.int8)


def legal_action(game: Game[Any], state: Any, seat: int, action_id: int) -> Any:
    """The action with id `action_id` if seat `seat` may play it now, else None (without an
    observation where the ids do not depend on it: every card game)."""
    encoding = game.encoding
    if not 0 <= action_id < encoding.num_actions:
        return None
    if isinstance(encoding, Encoding) and type(encoding).action is Encoding.action:
        action = game.action_from_id(action_id)
        return action if state.current_player == seat and state.is_legal(action) else None
    observation = state.observe(seat)
    if not encoding.action_mask(observation)[action_id]:
        return None
    return encoding.action(action_id, observation)


def terminal_mask(num_actions: int) -> np.ndarray:
    """The `action_mask` shown once an episode is over: every id marked, so that a masked
    softmax over it stays finite. The step that follows ignores the action (Gymnasium's
    autoreset; a finished PettingZoo agent steps None)."""
    return np.ones(num_actions, dtype=np.int8)


def gym_id(game_id: str) -> str:
    """The `gymnasium.make` id of a parlour game: ``hearts`` -> ``parlour/Hearts-v0``,
    ``skat.ramsch`` -> ``parlour/SkatRamsch-v0``."""
    name = "".join(part[:1].upper() + part[1:] for part in game_id.replace("-", "_")
                   .replace(".", "_").split("_"))
    return f"parlour/{name}-v0"


def action_space(game: Game[Any]) -> Any:
    return require("gymnasium.spaces").Discrete(game.encoding.num_actions)


def legal_action_space(game: Game[Any]) -> Any:
    """A `Discrete` space whose `sample()` without a mask draws among the legal ids of the
    decision the environment shows now (`legal`, set by the environment)."""
    discrete = require("gymnasium.spaces").Discrete

    class LegalDiscrete(discrete):  # type: ignore[misc,valid-type]
        legal: np.ndarray | None = None

        def sample(self, mask: Any = None, probability: Any = None) -> Any:
            if mask is None and probability is None and self.legal is not None:
                mask = self.legal
            return super().sample(mask=mask, probability=probability)

    return LegalDiscrete(game.encoding.num_actions)


def render_text(game: Game[Any], observation: Any) -> str:
    """What the console view shows `observation`'s seat, as plain text (no colours)."""
    import io

    from rich.console import Console

    from parlour.console.views import view_for

    buffer = io.StringIO()
    console = Console(file=buffer, width=80, color_system=None, force_terminal=False)
    view_for(game, observation.seat, console).show(observation)
    return buffer.getvalue()
