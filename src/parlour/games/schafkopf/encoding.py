"""Schafkopf as a fixed-size float32 vector, read from one seat's observation only.

Seats are placed relative to the observer (0 itself, 1 left, 2 across, 3 right), so a table
reads alike from every seat. The layout is listed in docs/rules/schafkopf.md ("Tensor
encoding"); action ids are the game's own (`parlour.games.schafkopf.actions.BY_ID`).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from parlour.cards import CARDS_32
from parlour.core import Game, Observation
from parlour.games.encoding import Encoding, Layout, add_cards, card_index
from parlour.games.schafkopf.observation import SchafkopfObservation
from parlour.games.schafkopf.rules import PHASE_NAMES
from parlour.games.schafkopf.tables import CARD_POINTS, EFFECTIVE_SUIT

INDEX = card_index(CARDS_32)
KINDS = 7
"""Ramsch, Sauspiel, Wenz, Solo, Wenz-Tout, Solo-Tout, Sie."""

LAYOUT = Layout(
    ("hand", 32),
    ("played", 4, 32),
    ("trick", 4, 32),
    ("void", 4, 5),
    ("auction", 4, 4),
    ("holder", 5),
    ("claim", KINDS),
    ("declarer", 5),
    ("contract", KINDS),
    ("suit", 4),
    ("partner", 5),
    ("kontra", 5),
    ("re", 5),
    ("phase", len(PHASE_NAMES)),
    ("dealer", 4),
    ("leader", 4),
    ("to_move", 4),
    ("card_points", 4),
    ("tricks_done", 1),
    ("scores", 4),
)
(HAND, PLAYED, TRICK, VOID, AUCTION, HOLDER, CLAIM, DECLARER, CONTRACT, SUIT, PARTNER, KONTRA,
 RE, PHASE, DEALER, LEADER, TO_MOVE, POINTS, DONE, SCORES) = (o for _, o, _ in LAYOUT.rows())
WORDS = {"spiel": 0, "weiter": 1, "mit": 3}


class SchafkopfEncoding(Encoding):
    """The information state of one Schafkopf seat (see the module and the rules doc)."""

    layout = LAYOUT
    shape = (LAYOUT.size,)
    bounded = True
    block_bounds: ClassVar[dict[str, tuple[float, float]]] = {
        "scores": (-np.inf, np.inf),  # the running totals, in hundreds
    }

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)

    def reward_scale(self, per_deal: bool) -> float:
        """A deal moves a seat by at most what a won Sie pays its declarer: three opponents
        times four times (the solo tariff and eight Laufende), doubled by Kontra and Re; a
        Ramsch pays less (its tariff doubled per Jungfrau, or a Durchmarsch like a Schwarz
        solo). A game adds that up over its `deals`."""
        game: Any = self.game
        doublings = 2 if game.kontra else 0
        sie = 3 * ((4 * (game.tariff_solo + 8 * game.tariff_laufende)) << doublings)
        ramsch = max(12 * game.tariff_ramsch, 3 * (game.tariff_solo + 2 * game.tariff_schneider))
        deal = float(max(sie, ramsch))
        return deal if per_deal else deal * max(1, game.deals)

    def fill(self, observation: Observation, out: np.ndarray) -> None:
        obs = observation
        assert isinstance(obs, SchafkopfObservation)
        me = obs.seat

        def rel(seat: int | None) -> int:
            return 4 if seat is None else (seat - me) % 4

        ones: list[int] = []
        add_cards(ones, obs.hand, HAND, INDEX)
        suit_of = EFFECTIVE_SUIT[obs.order]
        for leader, cards in (*((t[0], t[1]) for t in obs.tricks), (obs.leader, obs.trick)):
            if not cards:
                continue
            lead = suit_of[cards[0]]
            for i, card in enumerate(cards):
                pos = rel((leader + i) % 4)
                ones.append(PLAYED + 32 * pos + INDEX[card])
                if suit_of[card] != lead:
                    ones.append(VOID + 5 * pos + lead)
        for i, card in enumerate(obs.trick):
            ones.append(TRICK + 32 * rel((obs.leader + i) % 4) + INDEX[card])
        for _, cards, winner in obs.tricks:
            out[POINTS + rel(winner)] += sum(CARD_POINTS[c] for c in cards) / 120.0
        first_round = 0
        for seat, word in obs.auction:
            pos = rel(seat)
            if first_round < 4 and word in ("spiel", "weiter"):
                first_round += 1
                ones.append(AUCTION + 4 * pos + WORDS[word])
            elif word.startswith("raise"):
                out[AUCTION + 4 * pos + 2] = max(out[AUCTION + 4 * pos + 2],
                                                 _kind(word.split()[1]) / 6.0)
            elif word == "mit":
                ones.append(AUCTION + 4 * pos + 3)
        ones.append(HOLDER + rel(obs.holder))
        ones.append(CLAIM + obs.claim)
        ones.append(DECLARER + rel(obs.declarer))
        if obs.contract is not None:
            ones.append(CONTRACT + obs.contract.kind)
            if obs.contract.suit >= 0:
                ones.append(SUIT + obs.contract.suit)
        ones.append(PARTNER + rel(obs.partner))
        ones.append(KONTRA + rel(obs.kontra))
        ones.append(RE + rel(obs.re))
        ones.append(PHASE + PHASE_NAMES.index(obs.phase))
        ones.append(DEALER + rel(obs.dealer))
        ones.append(LEADER + rel(obs.leader))
        if obs.current_player is not None:
            ones.append(TO_MOVE + rel(obs.current_player))
        out[ones] = 1.0
        out[DONE] = len(obs.tricks) / 8.0
        for seat, score in enumerate(obs.scores):
            out[SCORES + rel(seat)] = score / 100.0


def _kind(name: str) -> int:
    from parlour.games.schafkopf.actions import KIND_NAMES

    return KIND_NAMES.index(name)
