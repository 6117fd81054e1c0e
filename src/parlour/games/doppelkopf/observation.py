"""What one Doppelkopf seat may know."""

from __future__ import annotations

from dataclasses import dataclass

from parlour.core import Observation
from parlour.games.doppelkopf.cards import DokoCard, DokoHand


@dataclass(frozen=True, slots=True, kw_only=True)
class DoppelkopfObservation(Observation):
    """One seat's view of the deal in progress.

    Cards are shown canonically (`cards.canonical`): which copy of a face a seat holds is no
    information. `phase` is ``"vorbehalt"``, ``"armut"``, ``"play"`` or ``"over"``.
    `contract` is the game as this seat knows it (a stille Hochzeit looks ``"normal"`` to all
    but its holder); `declarer` the soloist, Hochzeit holder or poor seat once public.
    `parties` holds ``"re"``, ``"kontra"`` or None per seat: what this seat knows (its own
    cards, Kreuz-Damen played, announcements, and two Re seats known making the others
    Kontra). `announcements` are ``(seat, party, name)`` in order; `levels` each party's
    highest (0 none, 1 Re/Kontra, 2 keine 90 ... 5 schwarz). `tricks` are this deal's finished
    tricks as ``(leader, cards, winner)``. `forced` is the seat that must play its Pflichtsolo
    in this deal (Vorführung), or None. `pile` is the Armut's cards in transit, shown only to
    the seat that laid them down; `armut_given`/`armut_returned` the exchanged cards, shown
    only to the two seats that exchanged them.
    """

    deal: int
    game: int
    games: int
    dealer: int
    phase: str
    hand: DokoHand
    calls: tuple[str | None, ...]
    forced: int | None
    contract: str
    declarer: int | None
    pflicht: bool
    table: str
    parties: tuple[str | None, ...]
    announcements: tuple[tuple[int, str, str], ...]
    levels: tuple[int, int]
    leader: int
    trick: tuple[DokoCard, ...]
    tricks: tuple[tuple[int, tuple[DokoCard, ...], int], ...]
    klaerung: int
    schweinchen: int | None
    armut_taker: int | None
    armut_answers: tuple[bool, ...]
    pile: DokoHand
    pile_size: int
    armut_given: DokoHand
    armut_returned: DokoHand
    armut_trumps: int | None
    solo_played: tuple[bool, ...]
    cards_left: tuple[int, ...]
    scores: tuple[int, ...]

    @property
    def lead_card(self) -> int | None:
        """The card that led the trick in progress, or None when leading."""
        return self.trick[0] if self.trick else None
