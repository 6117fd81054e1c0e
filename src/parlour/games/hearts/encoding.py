"""Hearts as a fixed-size float32 vector, seats counted from the observing seat.

The layout is listed in docs/rules/hearts.md (section "Tensor encoding"); action ids are the
game's own (plays 0-51, passes 52-103).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from types import ModuleType
from typing import Any, ClassVar

import numpy as np

from parlour.cards import CARDS_52
from parlour.core import Game, Observation, State
from parlour.games.encoding import Encoding, Layout, add_cards, add_trick_history, card_index
from parlour.games.hearts.observation import HeartsObservation

PLAYERS = 4
INDEX = card_index(CARDS_52)
DIRECTIONS = ("left", "right", "across", "none")
PHASES = ("pass", "play", "over")

LAYOUT = Layout(
    ("hand", 52),
    ("played", PLAYERS, 52),
    ("trick", PLAYERS, 52),
    ("passed", 52),
    ("received", 52),
    ("void", PLAYERS, 4),
    ("points_taken", PLAYERS),
    ("scores", PLAYERS),
    ("pass_direction", 4),
    ("phase", 3),
    ("hearts_broken", 1),
    ("lead_suit", 4),
    ("leader", PLAYERS),
    ("tricks_done", 1),
    ("to_move", PLAYERS),
)


HAND, PLAYED, TRICK = LAYOUT["hand"], LAYOUT["played"], LAYOUT["trick"]
PASSED, RECEIVED, VOID = LAYOUT["passed"], LAYOUT["received"], LAYOUT["void"]
POINTS, SCORES = LAYOUT["points_taken"], LAYOUT["scores"]
DIRECTION, PHASE, BROKEN = LAYOUT["pass_direction"], LAYOUT["phase"], LAYOUT["hearts_broken"]
LEAD, LEADER, DONE, TO_MOVE = LAYOUT["lead_suit"], LAYOUT["leader"], LAYOUT["tricks_done"], \
    LAYOUT["to_move"]


@cache
def _rows_module() -> ModuleType | None:
    """The compiled `fill_rows` (`_rows.pyx`), bound to this layout; None on the pure path."""
    from parlour import compiled_switch
    from parlour.games.hearts.events import DIRECTION_NAMES
    from parlour.games.hearts.rules import HEARTS_MASK, JD_BIT, QS_BIT

    compiled_rows = compiled_switch.load("parlour.games.hearts._rows")
    if compiled_rows is not None:
        compiled_rows.bind(
            {name: offset for name, offset, _ in LAYOUT.rows()}, INDEX,
            {offset: DIRECTIONS.index(name) for offset, name in DIRECTION_NAMES.items()},
            HEARTS_MASK, QS_BIT, JD_BIT, LAYOUT.size)
    return compiled_rows


class HeartsEncoding(Encoding):
    """The information state of one Hearts seat."""

    layout = LAYOUT
    shape = (LAYOUT.size,)
    bounded = True
    block_bounds: ClassVar[dict[str, tuple[float, float]]] = {
        "points_taken": (-10 / 26, 1.0),  # the J-diamonds variant takes 10 points off
        "scores": (-np.inf, np.inf),  # totals pass end_score, and fall below 0 by variants
    }

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        self.end_score = float(getattr(game, "end_score", 100))

    def fill(self, observation: Observation, out: np.ndarray) -> None:
        obs = observation
        assert isinstance(obs, HeartsObservation)
        me = obs.seat
        ones: list[int] = []
        add_cards(ones, obs.hand, HAND, INDEX)
        add_cards(ones, obs.passed, PASSED, INDEX)
        add_cards(ones, obs.received, RECEIVED, INDEX)
        add_trick_history(ones, obs.tricks, obs.leader, obs.trick, me, PLAYERS, INDEX,
                          (PLAYED, VOID, TRICK))
        ones.append(DIRECTION + DIRECTIONS.index(obs.pass_direction))
        ones.append(PHASE + PHASES.index(obs.phase))
        ones.append(LEADER + (obs.leader - me) % PLAYERS)
        if obs.trick:
            ones.append(LEAD + (obs.trick[0] >> 4))
        if obs.current_player is not None:
            ones.append(TO_MOVE + (obs.current_player - me) % PLAYERS)
        out[ones] = 1.0
        for seat in range(PLAYERS):
            rel = (seat - me) % PLAYERS
            out[POINTS + rel] = obs.points_taken[seat] / 26.0
            out[SCORES + rel] = obs.scores[seat] / self.end_score
        out[BROKEN] = float(obs.hearts_broken)
        out[DONE] = len(obs.tricks) / 13.0

    def reward_scale(self, per_deal: bool) -> float:
        """A deal moves a seat by at most the 26 points of a moon (36 with the J♦'s 10); a
        game's total ends below `end_score` + 26 (the deal that passes `end_score` adds at
        most 26). Totals below -(`end_score` + 26), which only ``moon=subtract`` or the J♦
        make possible in very long games, fall outside [-1, 1]."""
        jack = 10 if getattr(self.game, "jack_of_diamonds", False) else 0
        return float(26 + jack) if per_deal else self.end_score + 26 + jack

    def fill_rows(self, states: Sequence[State[Any]], seats: np.ndarray, rows: np.ndarray,
                  masks: np.ndarray, which: np.ndarray | None = None) -> None:
        """`Encoding.fill_rows` in C (`_rows.pyx`) where its compiled module is built and the states
        are Hearts states whose observation and encoding are Hearts' own."""
        from parlour.games.hearts.rules import Hearts, HeartsState

        compiled_rows = _rows_module()
        if (compiled_rows is None or not isinstance(self.game, Hearts)
                or type(self).fill is not HeartsEncoding.fill
                or any(type(s).observe is not HeartsState.observe for s in states)
                or rows.dtype != np.float32 or masks.dtype != np.bool_):
            super().fill_rows(states, seats, rows, masks, which)
            return
        compiled_rows.fill_rows(
            states if isinstance(states, list) else list(states),
            np.ascontiguousarray(seats, dtype=np.int64), rows, masks.view(np.uint8),
            self.end_score, bool(self.game.jack_of_diamonds),
            None if which is None else np.ascontiguousarray(which).view(np.uint8))

    def deal_progress(self, observation: Observation) -> float:
        """Minus the penalty points taken this deal, relative to the others' mean."""
        assert isinstance(observation, HeartsObservation)
        taken = observation.points_taken
        mine = taken[observation.seat]
        return -(mine - (sum(taken) - mine) / (PLAYERS - 1))
