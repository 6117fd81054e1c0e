"""The shipped learned bots earn their seat: each beats its game's heuristic on duplicate deals
with seats rotated (one-sided p < 0.01 and a least mean gain), and does not lose to random play
either (a bot that beat only the heuristic would have learned to exploit it).

The statistic is the one of the ISMCTS strength tests (tests/agents/test_search.py): the bot
sits in every seat of the same seeded one-deal games in turn, and each deal gives one sample,
its return minus the mean of the other seats', averaged over the seats.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

import parlour
from parlour.agents.learned import shipped_policy_path
from tests.agents.test_search import CONFIDENCE_99, assert_better, table_gains


@dataclass(frozen=True)
class Shipped:
    game: str
    params: dict[str, Any] = field(default_factory=dict)
    deals: int = 40
    margin: float = 0.0
    """The least mean gain per deal against the heuristic, in the game's returns."""


SKULL = Shipped("skull", {"players": 3}, deals=40, margin=0.2)
"""Three players, a win is 1: the gain per deal is 1 - 0 for a win and 0 - 1/2 for a loss."""
HEARTS = Shipped("hearts", {"end_score": 1}, deals=300, margin=0.5)
"""One deal; the gain is in penalty points. The bot is the heuristic corrected by a learned
move scorer (docs/learning.md), so its edge per deal is small and needs many deals to show;
they are cheap (about 15 s for 300)."""
SHIPPED = [SKULL, HEARTS]
BEATS_THE_HEURISTIC = [SKULL, HEARTS]


def load(trial: Shipped) -> Any:
    return parlour.load_game(trial.game, **trial.params)


@pytest.mark.parametrize("trial", SHIPPED, ids=[t.game for t in SHIPPED])
def test_weights_ship_within_five_megabytes(trial: Shipped) -> None:
    path = shipped_policy_path(load(trial))
    assert path.is_file() and path.stat().st_size <= 5_000_000


@pytest.mark.slow
@pytest.mark.parametrize("trial", BEATS_THE_HEURISTIC, ids=[t.game for t in BEATS_THE_HEURISTIC])
def test_learned_beats_the_heuristic(trial: Shipped) -> None:
    assert_better(table_gains(load(trial), "learned", "heuristic", trial.deals, 7000),
                  trial.margin, CONFIDENCE_99)


@pytest.mark.slow
@pytest.mark.parametrize("trial", SHIPPED, ids=[t.game for t in SHIPPED])
def test_learned_beats_random_play(trial: Shipped) -> None:
    assert_better(table_gains(load(trial), "learned", "random", trial.deals, 8000),
                  trial.margin, CONFIDENCE_99)
