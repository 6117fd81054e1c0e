"""A contract's card tables: which cards follow which, and which card beats which, as data.

A trick-taking game states its rules of following and winning as a `Contract`: for every card
id (0..63) the mask of cards of its *effective* suit (what follows it when it is led) and its
*power*, plus the mask of trumps. The contract changes with the deal's bidding (Skat's Grand
makes the Jacks one trump suit; Schafkopf's Wenz the Unters; Euchre's bowers join the trump
suit); the tables are what the trick layer, and its compiled play, read:

- **follow**: a card led fixes the effective suit; a seat holding a card of it must play one,
  else may play any card (no obligation to trump; a game with one restricts `legal_mask`).
- **win**: the trick goes to the highest-power trump played, else to the highest-power card of
  the effective suit led. Equal powers (two copies of a card) go to the first played, except
  the cards in `later_wins`, which beat an equal card played before them.

>>> from parlour.cards import parse_cards, parse_card
>>> grand = Contract.ranked(parse_cards("AT KQ987♣ AT KQ987♦ AT KQ987♥ AT KQ987♠ J♣ J♠ J♥ J♦"),
...                         trumps=[parse_card(c) for c in ("J♣", "J♠", "J♥", "J♦")],
...                         plain=(14, 10, 13, 12, 9, 8, 7), name="grand")
>>> grand.winner([parse_card("A♦"), parse_card("T♦"), parse_card("J♦")])
2
>>> format_cards(grand.legal(parse_cards("J♥ 7♦ A♣"), [parse_card("J♣")]))
'J♥'

Card ids are opaque to the tables: a deck with two copies of each card (Doppelkopf's 48 cards,
ranks 9 to A) keeps the second copy of a card in the unused low ranks of its suit's 16 bits
(`twin`), so that every hand, trick and deck is still one 64-bit mask.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from parlour.cards.card import SUIT_MASKS, iter_cards
from parlour.cards.notation import format_cards
from parlour.cards.seating import Seating
from parlour.core.errors import ParlourError

CARD_IDS = 64
"""Every card id is below this: one bit of a 64-bit mask."""
TRUMP_POWER = 1 << 10
"""Added to a trump's power by the constructors: every trump beats every plain card."""
TWIN_OFFSET = 7
"""The second copy of a card of rank 9..14 is that card minus this (ranks 2..7 of its suit)."""


class ContractError(ParlourError, ValueError):
    """Contract tables that contradict themselves (named by contract and card)."""


def twin(card: int) -> int:
    """The id of the second copy of `card` (rank 9 to ace) in a deck with two of each card."""
    if not 9 <= card & 15 <= 14:
        raise ContractError(f"card {card} has no twin: only ranks 9 to ace have a second copy")
    return card - TWIN_OFFSET


def with_twins(mask: int) -> int:
    """`mask` (cards of ranks 9 to ace) and the second copy of each of its cards."""
    return mask | _twins_of(mask)


FIRST_COPIES = sum(0b111111 << (suit * 16 + 9) for suit in range(4))
"""The cards of ranks 9 to ace of every suit: the first copies in a deck of two (`twin`)."""
SECOND_COPIES = FIRST_COPIES >> TWIN_OFFSET
"""Their second copies (ranks 2 to 7 of every suit's 16 bits)."""


def one_per_card(mask: int) -> int:
    """The first copy of each card of which `mask` holds a copy: the cards a seat may name,
    once each, in a deck of two copies (`ContractTrickState.twin_copies`)."""
    return (mask & FIRST_COPIES) | (mask & SECOND_COPIES) << TWIN_OFFSET


def held_copy(hand: int, card: int) -> int:
    """The copy of `card` (a first copy) that `hand` plays: the first if held, else the
    second."""
    return card if hand >> card & 1 else card - TWIN_OFFSET


def _twins_of(mask: int) -> int:
    twins = 0
    for card in iter_cards(mask):
        twins |= 1 << twin(card)
    return twins


@dataclass(frozen=True)
class Contract:
    """The follow and win tables of one contract; build one with `suits` or `ranked`."""

    name: str
    deck: int
    """The cards in play, as a mask."""
    follow: tuple[int, ...]
    """For each card id, the cards of its effective suit (itself included); 0 off the deck."""
    power: tuple[int, ...]
    """For each card id, its strength: a higher power beats a lower one it may compete with."""
    trumps: int
    """The trumps, as a mask (one effective suit, or 0)."""
    later_wins: int = 0
    """Cards that beat an equal-power card played before them (else the first played wins)."""
    _eligible: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if len(self.follow) != CARD_IDS or len(self.power) != CARD_IDS:
            raise ContractError(f"contract {self.name!r}: follow and power need {CARD_IDS} "
                                f"entries, one per card id, not {len(self.follow)} and "
                                f"{len(self.power)}")
        for card in iter_cards(self.deck):
            suit = self.follow[card]
            if not suit >> card & 1 or suit & ~self.deck:
                raise ContractError(f"contract {self.name!r}: the effective suit of "
                                    f"{format_cards(1 << card)} must hold it and only cards "
                                    "of the deck")
            for other in iter_cards(suit):
                if self.follow[other] != suit:
                    raise ContractError(f"contract {self.name!r}: {format_cards(1 << card)} "
                                        f"and {format_cards(1 << other)} disagree on their "
                                        "effective suit")
        if self.trumps & ~self.deck or any(self.follow[c] != self.trumps
                                          for c in iter_cards(self.trumps)):
            raise ContractError(f"contract {self.name!r}: the trumps must be one effective "
                                "suit of the deck")
        lowest_trump = min((self.power[c] for c in iter_cards(self.trumps)), default=None)
        if lowest_trump is not None and any(self.power[c] >= lowest_trump
                                            for c in iter_cards(self.deck & ~self.trumps)):
            raise ContractError(f"contract {self.name!r}: every trump must have more power "
                                "than every plain card")
        eligible = tuple(self.follow[c] | self.trumps for c in range(CARD_IDS))
        object.__setattr__(self, "_eligible", eligible)

    # --- building -----------------------------------------------------------------------------
    @classmethod
    def suits(cls, deck: int, trump: int = -1, name: str = "") -> Contract:
        """The printed suits, higher rank higher power, `trump` (a suit 0..3, -1 for none) over
        the others: Hearts, Spades, Whist, Oh Hell, Bridge."""
        follow = [0] * CARD_IDS
        power = [0] * CARD_IDS
        for card in iter_cards(deck):
            follow[card] = deck & SUIT_MASKS[card >> 4]
            power[card] = (card & 15) + (TRUMP_POWER if card >> 4 == trump else 0)
        trumps = deck & SUIT_MASKS[trump] if trump >= 0 else 0
        return cls(name or ("no trump" if trump < 0 else f"trump {trump}"), deck, tuple(follow),
                   tuple(power), trumps)

    @classmethod
    def ranked(cls, deck: int, trumps: Sequence[int], plain: Sequence[int], name: str,
               later_wins: int = 0, twins: bool = False) -> Contract:
        """`trumps` (card ids, highest first) as one effective suit above the rest; every other
        card follows its printed suit, ranked by `plain` (ranks, highest first). With `twins`,
        the second copy of each card (`twin`) follows and ranks as the first.

        Skat's Grand: trumps the four Jacks, plain A 10 K Q 9 8 7; Euchre with hearts trump:
        J♥ J♦ A♥ K♥ Q♥ 10♥ 9♥, plain A K Q J 10 9."""
        if len(set(trumps)) != len(trumps) or any(not deck >> c & 1 for c in trumps):
            raise ContractError(f"contract {name!r}: trumps must be distinct cards of the deck")
        trump_mask = 0
        for card in trumps:
            trump_mask |= 1 << card
        if twins:
            trump_mask = with_twins(trump_mask)
        follow = [0] * CARD_IDS
        power = [0] * CARD_IDS
        for index, card in enumerate(trumps):
            for copy in (card, twin(card)) if twins else (card,):
                follow[copy] = trump_mask
                power[copy] = TRUMP_POWER + len(trumps) - index
        order = {rank: len(plain) - i for i, rank in enumerate(plain)}
        for card in iter_cards(deck & ~trump_mask):
            second = twins and card & 15 < 9
            rank = (card & 15) + TWIN_OFFSET if second else card & 15
            if rank not in order:
                shown = format_cards(1 << (card + TWIN_OFFSET if second else card))
                raise ContractError(f"contract {name!r}: rank of {'the second ' * second}"
                                    f"{shown} is not in the plain order")
            follow[card] = deck & SUIT_MASKS[card >> 4] & ~trump_mask
            power[card] = order[rank]
        return cls(name, deck, tuple(follow), tuple(power), trump_mask, later_wins)

    # --- reading ------------------------------------------------------------------------------
    def legal(self, hand: int, trick: Sequence[int]) -> int:
        """The cards of `hand` that may be played to `trick` (cards in play order): the
        effective suit led if held, else any card; anything when leading."""
        if not trick:
            return hand
        return hand & self.follow[trick[0]] or hand

    def winner(self, trick: Sequence[int]) -> int:
        """Index into `trick` (play order, complete) of the card that takes it."""
        eligible = self._eligible[trick[0]]
        power = self.power
        later = self.later_wins
        best, best_power = 0, power[trick[0]]
        for i in range(1, len(trick)):
            card = trick[i]
            if eligible >> card & 1:
                value = power[card]
                if value > best_power or (value == best_power and later >> card & 1):
                    best, best_power = i, value
        return best

    def voids_shown(self, tricks: Iterable[tuple[int, Sequence[int]]], seating: Seating,
                    deck: int) -> list[int]:
        """The cards each seat may still hold, by what its play showed: a seat that did not
        follow an effective suit holds none of it. `tricks` are ``(leader, cards)``, the trick
        in progress last."""
        allowed = [deck] * seating.players
        for leader, cards in tricks:
            if not cards:
                continue
            suit = self.follow[cards[0]]
            seat = leader
            for card in cards:
                if not suit >> card & 1:
                    allowed[seat] &= ~suit
                seat = seating.next_seat(seat)
        return allowed
