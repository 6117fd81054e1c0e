"""Doppelkopf as a fixed-size float32 vector, seats counted from the observing seat.

Cards are counted per face (24 faces, 0 or 1 or 2 copies, scaled by 1/2), so the copies a seat
holds never show. The layout is listed in docs/rules/doppelkopf.md ("Tensor encoding");
action ids are the game's own (0-89).
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np

from parlour.core import Game, Observation
from parlour.games.doppelkopf.actions import CALLS, SOLOS
from parlour.games.doppelkopf.cards import face_counts, face_of
from parlour.games.doppelkopf.observation import DoppelkopfObservation
from parlour.games.doppelkopf.tables import CARD_POINTS, SUIT, TABLE_NAMES
from parlour.games.encoding import Encoding, Layout

PLAYERS = 4
CONTRACTS = ("normal", "stille hochzeit", "hochzeit", "armut", *SOLOS)
PHASES = ("vorbehalt", "armut", "play", "over")

LAYOUT = Layout(
    ("hand", 24),
    ("played", PLAYERS, 24),
    ("trick", PLAYERS, 24),
    ("void", PLAYERS, 5),
    ("calls", PLAYERS, len(CALLS) + 1),
    ("contract", len(CONTRACTS)),
    ("declarer", PLAYERS),
    ("pflicht", 1),
    ("forced", PLAYERS),
    ("parties", PLAYERS, 3),
    ("levels", 2, 6),
    ("announced", PLAYERS, 5),
    ("phase", len(PHASES)),
    ("leader", PLAYERS),
    ("dealer", PLAYERS),
    ("to_move", PLAYERS),
    ("klaerung", 4),
    ("schweinchen", PLAYERS),
    ("armut_taker", PLAYERS),
    ("armut_cards", 3, 24),
    ("armut_trumps", 4),
    ("points_taken", PLAYERS),
    ("solo_played", PLAYERS),
    ("scores", PLAYERS),
    ("progress", 2),
)
B = {name: LAYOUT[name] for name, _, _ in LAYOUT.rows()}


class DoppelkopfEncoding(Encoding):
    """The information state of one Doppelkopf seat."""

    layout = LAYOUT
    shape = (LAYOUT.size,)
    bounded = True
    block_bounds: ClassVar[dict[str, tuple[float, float]]] = {
        "scores": (-np.inf, np.inf),  # the running totals, in hundreds
    }

    def __init__(self, game: Game[Any]) -> None:
        super().__init__(game)
        self.tricks = 12 if getattr(game, "with_nines", True) else 10

    def reward_scale(self, per_deal: bool) -> float:
        """A deal moves a seat by at most a soloist's three times the game value; the value
        is at most 14 (won, four Absage steps, Re and Kontra announced, four steps against
        the other side's Absagen, gegen die Alten) and 3 + one a trick in special points
        (two Füchse, a Karlchen, a Doppelkopf in every trick). A game adds that up over its
        `deals`."""
        game: Any = self.game
        tricks = 12 if game.with_nines else 10
        deal = float(3 * (14 + 3 + tricks))
        return deal if per_deal else deal * max(1, game.deals)

    def fill(self, observation: Observation, out: np.ndarray) -> None:
        obs = observation
        assert isinstance(obs, DoppelkopfObservation)
        me = obs.seat
        out[B["hand"]:B["hand"] + 24] = np.array(face_counts(obs.hand), dtype=np.float32) / 2
        table = TABLE_NAMES.index(obs.table)
        suits = SUIT[table]
        taken = [0] * PLAYERS
        for leader, cards, winner in (*obs.tricks, (obs.leader, obs.trick, None)):
            led = suits[cards[0]] if cards else 0
            for i, card in enumerate(cards):
                rel = (leader + i - me) % PLAYERS
                out[B["played"] + 24 * rel + face_of(card)] += 0.5
                if winner is None:
                    out[B["trick"] + 24 * rel + face_of(card)] = 1.0
                if suits[card] != led:
                    out[B["void"] + 5 * rel + led] = 1.0
            if winner is not None:
                taken[(winner - me) % PLAYERS] += sum(CARD_POINTS[c] for c in cards)
        ones: list[int] = []
        for seat in range(PLAYERS):
            rel = (seat - me) % PLAYERS
            call = obs.calls[seat]
            ones.append(B["calls"] + (len(CALLS) + 1) * rel
                        + (0 if call is None else CALLS.index(call) + 1))
            party = obs.parties[seat]
            ones.append(B["parties"] + 3 * rel + (0 if party is None else
                                                  1 if party == "re" else 2))
            if obs.solo_played[seat]:
                ones.append(B["solo_played"] + rel)
            out[B["points_taken"] + rel] = taken[rel] / 240.0
            out[B["scores"] + rel] = obs.scores[seat] / 100.0
        ones.append(B["contract"] + CONTRACTS.index(obs.contract))
        for who, key in ((obs.declarer, "declarer"), (obs.forced, "forced"),
                          (obs.current_player, "to_move"), (obs.schweinchen, "schweinchen"),
                          (obs.armut_taker, "armut_taker"), (obs.leader, "leader"),
                          (obs.dealer, "dealer")):
            if who is not None:
                ones.append(B[key] + (who - me) % PLAYERS)
        if obs.pflicht:
            ones.append(B["pflicht"])
        for side, level in enumerate(obs.levels):
            ones.append(B["levels"] + 6 * side + level)
        levels = {"re": 1, "kontra": 1, "keine 90": 2, "keine 60": 3, "keine 30": 4,
                  "schwarz": 5}
        for by, _, name in obs.announcements:
            ones.append(B["announced"] + 5 * ((by - me) % PLAYERS) + levels[name] - 1)
        ones.append(B["phase"] + PHASES.index(obs.phase))
        ones.append(B["klaerung"] + obs.klaerung)
        if obs.armut_trumps is not None:
            ones.append(B["armut_trumps"] + obs.armut_trumps)
        out[ones] = 1.0
        for i, shown in enumerate((obs.pile, obs.armut_given, obs.armut_returned)):
            base = B["armut_cards"] + 24 * i
            out[base:base + 24] = np.array(face_counts(shown), dtype=np.float32) / 2
        out[B["progress"]] = len(obs.tricks) / self.tricks
        out[B["progress"] + 1] = obs.game / max(1, obs.games)
