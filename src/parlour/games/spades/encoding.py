"""Spades as a fixed-size float32 vector, seats counted from the observing seat.

The layout is listed in docs/rules/spades.md (section "Tensor encoding"); action ids are the
game's own (plays 0-51, bids 52-65, blind nil 66, look 67).
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
from parlour.games.spades.observation import SpadesObservation

PLAYERS = 4
INDEX = card_index(CARDS_52)
PHASES = ("blind", "bid", "play", "over")

LAYOUT = Layout(
    ("hand", 52),
    ("hand_seen", 1),
    ("played", PLAYERS, 52),
    ("trick", PLAYERS, 52),
    ("void", PLAYERS, 4),
    ("bids", PLAYERS, 15),
    ("blind", PLAYERS),
    ("looked", PLAYERS),
    ("tricks_won", PLAYERS),
    ("phase", 4),
    ("spades_broken", 1),
    ("lead_suit", 4),
    ("leader", PLAYERS),
    ("dealer", PLAYERS),
    ("to_move", PLAYERS),
    ("scores", 2),
    ("bags", 2),
    ("tricks_done", 1),
)
HAND, SEEN, PLAYED, TRICK, VOID = (LAYOUT[n] for n in ("hand", "hand_seen", "played", "trick",
                                                       "void"))
BIDS, BLIND, LOOKED, WON, PHASE = (LAYOUT[n] for n in ("bids", "blind", "looked", "tricks_won",
                                                       "phase"))
BROKEN, LEAD, LEADER, DEALER, TO_MOVE = (LAYOUT[n] for n in ("spades_broken", "lead_suit",
                                                             "leader", "dealer", "to_move"))
SCORES, BAGS, DONE = LAYOUT["scores"], LAYOUT["bags"], LAYOUT["tricks_done"]


@cache
def _rows_module() -> ModuleType | None:
    """The compiled `fill_rows` (`_rows.pyx`), bound to this layout; None on the pure path."""
    from parlour import compiled_switch
    from parlour.games.spades.rules import NO_BID, PHASE_NAMES, Spades

    compiled_rows = compiled_switch.load("parlour.games.spades._rows")
    if compiled_rows is not None:
        compiled_rows.bind(
            {name: offset for name, offset, _ in LAYOUT.rows()}, INDEX,
            {i: PHASES.index(name) for i, name in enumerate(PHASE_NAMES)}, NO_BID,
            LAYOUT.size, Spades().num_distinct_actions)
    return compiled_rows


class SpadesEncoding(Encoding):
    """The information state of one Spades seat."""

    layout = LAYOUT
    shape = (LAYOUT.size,)
    bounded = True
    block_bounds: ClassVar[dict[str, tuple[float, float]]] = {
        "scores": (-np.inf, np.inf),  # totals over the target; below 0 without mercy
        "bags": (0.0, np.inf),
    }

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        self.target = float(getattr(game, "target", 500))
        self.bag_limit = float(getattr(game, "bag_limit", 10))

    def reward_scale(self, per_deal: bool) -> float:
        """Returns are +1, -1 or 0. Per deal the reward is the change of the partnerships'
        margin: each partnership's score moves by at most 260 (a set bid of 26 tricks), plus
        two nil bonuses (blind where allowed) and the bag penalties 13 tricks can bring."""
        if not per_deal:
            return 1.0
        game = self.game
        nil = max(getattr(game, "nil_bonus", 100),
                  getattr(game, "blind_nil_bonus", 200) if getattr(game, "blind_nil", False)
                  else 0)
        limit = max(1, getattr(game, "bag_limit", 10))
        penalties = (limit - 1 + 13) // limit * getattr(game, "bag_penalty", 100)
        return float(2 * (260 + 13 + 2 * nil + penalties))

    def fill_rows(self, states: Sequence[State[Any]], seats: np.ndarray, rows: np.ndarray,
                  masks: np.ndarray, which: np.ndarray | None = None) -> None:
        """`Encoding.fill_rows` in C (`_rows.pyx`) where its compiled module is built and the states
        are Spades states whose observation and encoding are Spades' own."""
        from parlour.games.spades.rules import Spades, SpadesState

        compiled_rows = _rows_module()
        if (compiled_rows is None or not isinstance(self.game, Spades)
                or type(self).fill is not SpadesEncoding.fill
                or any(type(s).observe is not SpadesState.observe for s in states)
                or rows.dtype != np.float32 or masks.dtype != np.bool_):
            super().fill_rows(states, seats, rows, masks, which)
            return
        compiled_rows.fill_rows(
            states if isinstance(states, list) else list(states),
            np.ascontiguousarray(seats, dtype=np.int64), rows, masks.view(np.uint8),
            self.target, self.bag_limit,
            None if which is None else np.ascontiguousarray(which).view(np.uint8))

    def fill(self, observation: Observation, out: np.ndarray) -> None:
        obs = observation
        assert isinstance(obs, SpadesObservation)
        me = obs.seat
        ones: list[int] = []
        add_cards(ones, obs.hand, HAND, INDEX)
        add_trick_history(ones, obs.tricks, obs.leader, obs.trick, me, PLAYERS, INDEX,
                          (PLAYED, VOID, TRICK))
        for seat in range(PLAYERS):
            rel = (seat - me) % PLAYERS
            bid = obs.bids[seat]
            ones.append(BIDS + 15 * rel + (0 if bid is None else bid + 1))
            if obs.blind[seat]:
                ones.append(BLIND + rel)
            if obs.looked[seat]:
                ones.append(LOOKED + rel)
            out[WON + rel] = obs.tricks_won[seat] / 13.0
        ones.append(PHASE + PHASES.index(obs.phase))
        ones.append(LEADER + (obs.leader - me) % PLAYERS)
        ones.append(DEALER + (obs.dealer - me) % PLAYERS)
        if obs.trick:
            ones.append(LEAD + (obs.trick[0] >> 4))
        if obs.current_player is not None:
            ones.append(TO_MOVE + (obs.current_player - me) % PLAYERS)
        out[ones] = 1.0
        out[SEEN] = float(obs.hand_seen)
        out[BROKEN] = float(obs.spades_broken)
        team = me & 1
        out[SCORES] = obs.scores[team] / self.target
        out[SCORES + 1] = obs.scores[1 - team] / self.target
        out[BAGS] = obs.bags[team] / self.bag_limit
        out[BAGS + 1] = obs.bags[1 - team] / self.bag_limit
        out[DONE] = len(obs.tricks) / 13.0
