"""Dealing unknown cards under constraints, for `Game.sample_state` in trick-taking games."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, TypeVar

from parlour.cards.card import cards_of
from parlour.core.errors import ParlourError


def deal_constrained(
    unknown: int, sizes: Sequence[int], allowed: Sequence[int], rng: Random, tries: int = 64
) -> list[int]:
    """Split the `unknown` cards into hands of `sizes`, hand i drawn only from `allowed[i]`.

    Random greedy dealing (most constrained card first) almost always succeeds at once; if it
    keeps failing, an exhaustive search finds a deal whenever one exists. Raises `ParlourError`
    when the constraints admit none (the observation was inconsistent).
    """
    cards = cards_of(unknown)
    if sum(sizes) != len(cards):
        raise ParlourError(f"cannot deal {len(cards)} unknown cards into hands of {list(sizes)}")
    if all(not unknown & ~mask for mask, size in zip(allowed, sizes, strict=True) if size):
        return _shuffle_and_cut(cards, sizes, rng)  # no constraint binds: a plain deal
    eligible = _eligible_seats(unknown, allowed)
    for _ in range(tries):
        hands = _greedy(cards, sizes, eligible, rng)
        if hands is not None:
            return hands
    hands = _exhaustive(cards, sizes, allowed, rng)
    if hands is None:
        raise ParlourError("no deal of the unknown cards is consistent with the observation")
    return hands


def deal_hidden(hands: Sequence[int | None], sizes: Sequence[int], deck: int, played: int,
                allowed: Sequence[int], rng: Random, fixed: Sequence[int] | None = None,
                ) -> list[int]:
    """Complete the hands a seat cannot see, for `sample_state` in a trick-taking game.

    `hands[p]` is a known hand, or None for one to deal; `sizes[p]` how many cards seat p holds;
    `played` the cards out of play (tricks, the trick in progress, a turned-up card); `allowed[p]`
    the cards seat p may hold (from `tricks.voids_shown`); `fixed[p]` cards known to be in seat
    p's hand (passed cards, a card it must lead). The cards of `deck` that are neither known nor
    played are dealt with `deal_constrained`, seats in order.
    """
    fixed = fixed or [0] * len(hands)
    seen = played
    for p, hand in enumerate(hands):
        seen |= fixed[p] if hand is None else hand
    seats = [p for p, hand in enumerate(hands) if hand is None]
    dealt = deal_constrained(
        deck & ~seen, [sizes[p] - fixed[p].bit_count() for p in seats],
        [allowed[p] & ~fixed[p] for p in seats], rng,
    )
    full = [0 if hand is None else hand for hand in hands]
    for p, mask in zip(seats, dealt, strict=True):
        full[p] = mask | fixed[p]
    return full


@dataclass(frozen=True, slots=True)
class HiddenDeal:
    """What a seat's observation fixes about the hands it cannot see: the arguments of
    `deal_hidden` (see there), the same for every world sampled from that observation, so a
    search works them out once and deals many worlds from them."""

    hands: tuple[int | None, ...]
    sizes: tuple[int, ...]
    deck: int
    played: int
    allowed: tuple[int, ...]
    fixed: tuple[int, ...]

    def deal(self, rng: Random) -> list[int]:
        """Every seat's hand, the hidden ones dealt from `rng` (`deal_hidden`)."""
        return deal_hidden(self.hands, self.sizes, self.deck, self.played, self.allowed, rng,
                           self.fixed)


F = TypeVar("F", bound=Callable[..., Any])

HIDDEN_DEAL_SAMPLERS: set[Callable[..., Any]] = set()
"""`Game.sample_state` methods that, in the card play, draw from the generator exactly what
``game.hidden_deal(observation).deal(rng)`` draws and then one ``rng.getrandbits(63)`` (the
sampled world's seed), and nothing else: a compiled search reproduces them draw for draw
(`parlour.agents.search.ismcts_gate`). A subclass overriding `sample_state` is not listed,
so its search stays on the Python loop."""


def deals_hidden(method: F) -> F:
    """Mark a `sample_state` as one of the `HIDDEN_DEAL_SAMPLERS`."""
    HIDDEN_DEAL_SAMPLERS.add(method)
    return method


def _shuffle_and_cut(cards: list[int], sizes: Sequence[int], rng: Random) -> list[int]:
    rng.shuffle(cards)
    hands = []
    start = 0
    for size in sizes:
        mask = 0
        for card in cards[start:start + size]:
            mask |= 1 << card
        hands.append(mask)
        start += size
    return hands


def _eligible_seats(unknown: int, allowed: Sequence[int]) -> dict[int, list[int]]:
    """Each unknown card's seats (in seat order), one list per group of cards that fit the same
    seats: a loop over the few groups rather than over the cards."""
    eligible: dict[int, list[int]] = {}
    left = unknown
    while left:
        card = (left & -left).bit_length() - 1
        seats = []
        group = left
        for seat, mask in enumerate(allowed):
            if mask >> card & 1:
                seats.append(seat)
                group &= mask
            else:
                group &= ~mask
        eligible.update(dict.fromkeys(cards_of(group), seats))
        left &= ~group
    return eligible


def _eligible(card: int, allowed: Sequence[int]) -> list[int]:
    return [i for i, mask in enumerate(allowed) if mask >> card & 1]


def _greedy(
    cards: list[int], sizes: Sequence[int], eligible: dict[int, list[int]], rng: Random
) -> list[int] | None:
    room = list(sizes)
    hands = [0] * len(sizes)
    order = list(cards)
    rng.shuffle(order)
    counts = {card: len(seats) for card, seats in eligible.items()}
    order.sort(key=counts.__getitem__)
    randrange = rng.randrange
    for card in order:
        options = [i for i in eligible[card] if room[i] > 0]
        if not options:
            return None
        seat = options[randrange(len(options))]
        hands[seat] |= 1 << card
        room[seat] -= 1
    return hands


def _exhaustive(
    cards: list[int], sizes: Sequence[int], allowed: Sequence[int], rng: Random
) -> list[int] | None:
    order = sorted(cards, key=lambda c: len(_eligible(c, allowed)))
    room = list(sizes)
    hands = [0] * len(sizes)

    def place(index: int) -> bool:
        if index == len(order):
            return True
        card = order[index]
        seats = [i for i in _eligible(card, allowed) if room[i] > 0]
        rng.shuffle(seats)
        for seat in seats:
            room[seat] -= 1
            hands[seat] |= 1 << card
            if place(index + 1):
                return True
            room[seat] += 1
            hands[seat] ^= 1 << card
        return False

    return hands if place(0) else None
