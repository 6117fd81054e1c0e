"""Gymnasium spaces of a game's encoding, and the lazy import of the ``rl`` extra."""

from __future__ import annotations

import importlib
from typing import Any

import numpy as np

from parlour.core import Game, ParlourError, load_game

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
    layout."""
    spaces = require("gymnasium.spaces")
    encoding = game.encoding
    return spaces.Dict({
        "observation": spaces.Box(-np.inf, np.inf, encoding.shape, np.float32),
        "action_mask": spaces.Box(0, 1, (encoding.num_actions,), np.int8),
    })


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
