"""What Doppelkopf's console and web views show alike, from an observation alone: the
headline, the contract names, the hand in trump order, points taken, announcements.

Pure functions of the game's own data: the faces (`parlour.console.views.doppelkopf`,
`parlour.web.views.doppelkopf`) import them, the rules never do.
"""

from __future__ import annotations

from parlour.games.doppelkopf.cards import iter_cards, twin
from parlour.games.doppelkopf.observation import DoppelkopfObservation
from parlour.games.doppelkopf.tables import CARD_POINTS, TABLE_NAMES, trump_order

CONTRACT_NAMES = {
    "normal": "normal game", "stille hochzeit": "stille Hochzeit", "hochzeit": "Hochzeit",
    "armut": "Armut", "karosolo": "Trumpfsolo (Karo)", "kreuzsolo": "Kreuz-Solo",
    "piksolo": "Pik-Solo", "herzsolo": "Herz-Solo", "damensolo": "Damensolo",
    "bubensolo": "Bubensolo", "fleischloser": "Fleischloser",
}
HINTS = (
    "Cards: Q♣, ♣Q, qc, KrD, Kreuz-Dame or EO; ten as 10, T or 0 (H10 is the Dulle).",
    "Calls: gesund, hochzeit, armut, damensolo, bubensolo, fleischloser, kreuzsolo, ...;",
    "announce before your card: re, kontra, keine 90, keine 60, keine 30, schwarz.",
)


def table_of(obs: DoppelkopfObservation) -> int:
    """The index of the trump table the observation's seat knows is in play."""
    return TABLE_NAMES.index(obs.table)


def sorted_cards(mask: int, table: int) -> list[int]:
    """The cards of `mask`, trumps first from the highest, then ♣ ♠ ♥ ♦ high to low; the two
    copies of a face side by side."""
    place = {c: i for i, c in enumerate(trump_order(table))}
    return sorted(iter_cards(mask), key=lambda c: (place[c if c in place else twin(c)], c))


def headline(obs: DoppelkopfObservation) -> str:
    """``Deal 3 (game 2 of 24) · Damensolo by seat 1 · trick 4 of 12``."""
    contract = CONTRACT_NAMES.get(obs.contract, obs.contract)
    if obs.phase == "over":
        return f"Deal {obs.deal + 1} · {contract} · the round of {obs.games} game(s) is over"
    if obs.phase == "vorbehalt":
        contract = "Vorbehalte" + (f" (seat {obs.forced} must play a solo)"
                                   if obs.forced is not None else "")
    elif obs.declarer is not None and obs.contract not in ("normal", "stille hochzeit"):
        contract += f" by seat {obs.declarer}" + (" (Pflichtsolo)" if obs.pflicht else "")
    size = len(obs.tricks) + obs.cards_left[obs.seat] + (
        1 if (obs.seat - obs.leader) % 4 < len(obs.trick) else 0)
    trick = f" · trick {min(len(obs.tricks) + 1, size)} of {size}" if obs.phase == "play" \
        else ""
    return f"Deal {obs.deal + 1} (game {obs.game + 1} of {obs.games}) · {contract}{trick}"


def taken_points(obs: DoppelkopfObservation) -> list[int]:
    points = [0] * 4
    for _, cards, winner in obs.tricks:
        points[winner] += sum(CARD_POINTS[c] for c in cards)
    return points


def announced_by(obs: DoppelkopfObservation, seat: int) -> str:
    return ", ".join(name for who, _, name in obs.announcements if who == seat)
