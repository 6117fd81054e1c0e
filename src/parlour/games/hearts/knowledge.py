"""What one Hearts seat can work out from its observation: card counting for the heuristic.

`Knowledge.read(observation)` goes over the deal's tricks once and keeps, as card masks: the
seat's hand and legal cards, every card played, the cards still unseen (held by the other
seats), each seat's known voids (from not following suit, or from leading a heart before hearts
were broken) and the cards the seat knows another holds (the ones it passed, until played). It
also works out the trick in progress (who is winning, with what, the points in it) and the moon:
an opponent who has taken every point so far and a lot of them, or this seat holding enough
control to take every point that is left.
"""

from __future__ import annotations

from dataclasses import dataclass

from parlour.cards import ACE, DECK_52, HEARTS, KING, QUEEN, SPADES, SUIT_MASKS, make_card
from parlour.games.hearts.observation import HeartsObservation

QUEEN_OF_SPADES = make_card(QUEEN, SPADES)
QS_BIT = 1 << QUEEN_OF_SPADES
HIGH_SPADES = 1 << make_card(ACE, SPADES) | 1 << make_card(KING, SPADES)
"""The A♠ and K♠: the cards that catch the Q♠."""
HEARTS_MASK = SUIT_MASKS[HEARTS]
SPADES_MASK = SUIT_MASKS[SPADES]
POINT_CARDS = HEARTS_MASK | QS_BIT
ALL_SUITS = DECK_52
MOON_THREAT_POINTS = 16
"""Points (all of them so far) an opponent must hold before the seat plays to stop a moon."""
MOON_THREAT_HEARTS = 6
"""Or hearts taken, without the Q♠."""
PASS_DIRECTIONS = {"left": 1, "across": 2, "right": 3, "none": 0}


def above(card: int) -> int:
    """The cards of `card`'s suit that rank above it."""
    return SUIT_MASKS[card >> 4] & ~((2 << card) - 1)


def below(card: int) -> int:
    """The cards of `card`'s suit that rank below it."""
    return SUIT_MASKS[card >> 4] & ((1 << card) - 1)


def top(mask: int) -> int:
    """The highest card of a non-empty mask (within a suit: the highest rank)."""
    return mask.bit_length() - 1


def bottom(mask: int) -> int:
    """The lowest card of a non-empty mask."""
    return (mask & -mask).bit_length() - 1


@dataclass(slots=True)
class Knowledge:
    """Everything the heuristic counts, read once per decision (see the module docstring)."""

    seat: int
    hand: int
    legal: int
    played: int
    unseen: int
    voids: list[int]
    """Per seat, the union of the suit masks it is known to be void in."""
    known: list[int]
    """Per seat, unplayed cards this seat knows it holds (the cards it was passed)."""
    trick: tuple[int, ...]
    leader: int
    taken: tuple[int, ...]
    hearts_broken: bool
    first_trick: bool
    winner: int = -1
    """The seat winning the trick in progress (-1 when leading)."""
    winning: int = -1
    """The card winning the trick in progress (-1 when leading)."""
    trick_points: int = 0

    @classmethod
    def read(cls, obs: HeartsObservation, legal: int) -> Knowledge:
        hand = int(obs.hand)
        voids = [0, 0, 0, 0]
        played = 0
        broken = False
        for leader, cards in (*obs.tricks, (obs.leader, obs.trick)):
            if not cards:
                continue
            lead_suit = cards[0] >> 4
            if lead_suit == HEARTS and not broken:
                voids[leader] |= ALL_SUITS & ~HEARTS_MASK  # led a heart unbroken: only hearts
            player = leader
            for card in cards:
                if card >> 4 != lead_suit:
                    voids[player] |= SUIT_MASKS[lead_suit]
                if card >> 4 == HEARTS:
                    broken = True
                played |= 1 << card
                player = (player + 1) & 3
        known = [0, 0, 0, 0]
        direction = PASS_DIRECTIONS.get(obs.pass_direction, 0)
        if direction and obs.phase != "pass":
            known[(obs.seat + direction) & 3] = int(obs.passed) & ~played
        knowledge = cls(
            seat=obs.seat, hand=hand, legal=legal, played=played,
            unseen=ALL_SUITS & ~played & ~hand, voids=voids, known=known, trick=obs.trick,
            leader=obs.leader, taken=obs.points_taken, hearts_broken=obs.hearts_broken,
            first_trick=not obs.tricks,
        )
        trick = obs.trick
        if trick:
            lead_suit = trick[0] >> 4
            best = max(c for c in trick if c >> 4 == lead_suit)
            knowledge.winning = best
            knowledge.winner = (obs.leader + trick.index(best)) & 3
            mask = 0
            for card in trick:
                mask |= 1 << card
            knowledge.trick_points = (mask & HEARTS_MASK).bit_count() + (13 if mask & QS_BIT else 0)
        return knowledge

    # --- the cards ----------------------------------------------------------------------------
    @property
    def queen_out(self) -> bool:
        """The Q♠ is in another seat's hand."""
        return bool(self.unseen & QS_BIT)

    @property
    def lead_suit(self) -> int:
        return self.trick[0] >> 4 if self.trick else -1

    @property
    def last_to_play(self) -> bool:
        return len(self.trick) == 3

    def later_seats(self) -> list[int]:
        """The seats still to play to the trick in progress after this one."""
        return [(self.seat + i) & 3 for i in range(1, 4 - len(self.trick))]

    def unseen_in(self, suit: int) -> int:
        return self.unseen & SUIT_MASKS[suit]

    def is_boss(self, card: int) -> bool:
        """No unseen card of the suit ranks above `card`."""
        return not (self.unseen & above(card))

    def holds_void_seat(self, suit: int, seats: list[int] | None = None) -> bool:
        """Some other seat (of `seats`) is known to be void in `suit`."""
        others = seats if seats is not None else [p for p in range(4) if p != self.seat]
        return any(self.voids[p] & SUIT_MASKS[suit] for p in others)

    # --- the moon -----------------------------------------------------------------------------
    def moon_threat(self) -> int | None:
        """The opponent who has taken every point so far, if that is a lot and points are left."""
        takers = [p for p, pts in enumerate(self.taken) if pts > 0]
        if len(takers) != 1 or takers[0] == self.seat:
            return None
        shooter = takers[0]
        points = self.taken[shooter]
        queen_taken = not (self.unseen & QS_BIT) and not (self.hand & QS_BIT) \
            and points >= 13
        hearts = points - 13 if queen_taken else points
        if not ((self.unseen | self.hand) & POINT_CARDS):
            return None
        if points >= MOON_THREAT_POINTS or hearts >= MOON_THREAT_HEARTS:
            return shooter
        return None

    def can_shoot(self) -> bool:
        """This seat can take every point: nobody else has one, the Q♠ is (safely) this seat's,
        and its top hearts outnumber the hearts still out, so leading them draws every heart."""
        if any(pts for p, pts in enumerate(self.taken) if p != self.seat):
            return False
        if self.unseen & QS_BIT:
            return False
        if self.hand & QS_BIT and self.unseen & HIGH_SPADES:
            return False
        hearts_out = self.unseen & HEARTS_MASK
        mine = self.hand & HEARTS_MASK
        if not hearts_out:
            return bool(self.taken[self.seat] or mine)
        bosses = (mine & ~((1 << (top(hearts_out) + 1)) - 1)).bit_count()
        return bosses >= hearts_out.bit_count() and self.taken[self.seat] > 0
