"""Skat (and Skat with Ramsch) as a fixed-size float32 vector.

Cards and seats are placed by position in the deal (forehand, middlehand, rearhand), so the
same table reads alike from every seat. The layout is listed in docs/rules/skat.md (section
"Tensor encoding"); action ids are the game's own.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from parlour.cards import CARDS_32
from parlour.core import Game, Observation
from parlour.games.encoding import Encoding, Layout, add_cards, card_index
from parlour.games.skat.actions import Bid, Hold, Pass
from parlour.games.skat.observation import SkatObservation
from parlour.games.skat.tables import BID_VALUES, CARD_POINTS, TRUMPS

INDEX = card_index(CARDS_32)
PHASES = ("bidding", "skat", "bury", "declare", "play", "over")
KINDS = ("clubs", "diamonds", "hearts", "spades", "grand", "null")
MAX_BID = float(max(BID_VALUES))

LAYOUT = Layout(
    ("position", 4),
    ("hand", 32),
    ("played", 3, 32),
    ("trick", 3, 32),
    ("skat", 32),
    ("declarer_hand", 32),
    ("void", 3, 5),
    ("declarer", 4),
    ("contract", 7),
    ("announced", 4),
    ("bid", 1),
    ("bidding", 3, 3),
    ("phase", 6),
    ("leader", 3),
    ("to_move", 3),
    ("card_points", 3),
    ("tricks_done", 1),
)
(POSITION, HAND, PLAYED, TRICK, SKAT, OPEN, VOID, DECLARER, CONTRACT, ANNOUNCED, BID, BIDDING,
 PHASE, LEADER, TO_MOVE, POINTS, DONE) = (offset for _, offset, _ in LAYOUT.rows())


class SkatEncoding(Encoding):
    """The information state of one Skat seat, the same size at three and four seats."""

    bounded = True
    block_bounds: ClassVar[dict[str, tuple[float, float]]] = {
        "scores": (-np.inf, np.inf),  # the series' running totals, in hundreds
    }

    def reward_scale(self, per_deal: bool) -> float:
        """A deal moves a seat by at most 578 points: a lost grand ouvert with four jacks
        (value 264) costs twice its value, and Seeger-Fabian scoring another 50. A series
        adds that up over its deals (one round, a deal per seat, when `deals` is 0). Ramsch
        penalties (120 card points, doubled per Jungfrau) stay within it."""
        deals = getattr(self.game, "deals", 0) or getattr(self.game, "players", 3)
        return 578.0 if per_deal else 578.0 * deals

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        self.players = game.num_players
        self.layout = Layout(*((name, *dims) for name, _, dims in LAYOUT.rows()),
                             ("scores", 4))
        self.scores_at = self.layout["scores"]
        self.shape = (self.layout.size,)

    def fill(self, observation: Observation, out: np.ndarray) -> None:
        obs = observation
        assert isinstance(obs, SkatObservation)
        seats = obs.seats
        place = {seat: i for i, seat in enumerate(seats)}
        ones: list[int] = [POSITION + place.get(obs.seat, 3)]
        add_cards(ones, obs.hand, HAND, INDEX)
        add_cards(ones, obs.skat, SKAT, INDEX)
        if obs.declarer_hand is not None:
            add_cards(ones, obs.declarer_hand, OPEN, INDEX)
        contract = obs.contract
        trumps = TRUMPS[contract.order] if contract is not None else 0
        for leader, cards in (*((t[0], t[1]) for t in obs.tricks), (obs.leader, obs.trick)):
            if not cards:
                continue
            first = place[leader]
            lead = cards[0]
            lead_class = 4 if trumps >> lead & 1 else lead >> 4
            for i, card in enumerate(cards):
                pos = (first + i) % 3
                ones.append(PLAYED + 32 * pos + INDEX[card])
                card_class = 4 if trumps >> card & 1 else card >> 4
                if card_class != lead_class:
                    ones.append(VOID + 5 * pos + lead_class)
        if obs.trick:
            first = place[obs.leader]
            for i, card in enumerate(obs.trick):
                ones.append(TRICK + 32 * ((first + i) % 3) + INDEX[card])
        for _, cards, winner in obs.tricks:
            out[POINTS + place[winner]] += sum(CARD_POINTS[c] for c in cards) / 120.0
        ones.append(DECLARER + (3 if obs.declarer is None else place[obs.declarer]))
        if contract is not None:
            ones.append(CONTRACT + (KINDS.index(contract.kind) if contract.kind in KINDS else 6))
            for i, flag in enumerate((contract.hand, contract.schneider, contract.schwarz,
                                      contract.ouvert)):
                if flag:
                    ones.append(ANNOUNCED + i)
        for seat, action in obs.bidding:
            if seat not in place:
                continue
            pos = place[seat]
            if type(action) is Bid:
                out[BIDDING + 3 * pos] = action.value / MAX_BID
            elif type(action) is Hold:
                ones.append(BIDDING + 3 * pos + 1)
            elif type(action) is Pass:
                ones.append(BIDDING + 3 * pos + 2)
        ones.append(PHASE + PHASES.index(obs.phase))
        if obs.leader in place:
            ones.append(LEADER + place[obs.leader])
        if obs.current_player in place:
            ones.append(TO_MOVE + place[obs.current_player])
        out[ones] = 1.0
        out[BID] = obs.bid / MAX_BID
        out[DONE] = len(obs.tricks) / 10.0
        me, players = obs.seat, self.players
        for seat, score in enumerate(obs.scores):
            out[self.scores_at + (seat - me) % players] = score / 100.0
