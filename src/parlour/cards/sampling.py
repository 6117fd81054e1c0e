"""Dealing unknown cards under constraints, for `Game.sample_state` in trick-taking games."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random

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
    eligible = {card: _eligible(card, allowed) for card in cards}
    for _ in range(tries):
        hands = _greedy(cards, sizes, eligible, rng)
        if hands is not None:
            return hands
    hands = _exhaustive(cards, sizes, allowed, rng)
    if hands is None:
        raise ParlourError("no deal of the unknown cards is consistent with the observation")
    return hands


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


def _eligible(card: int, allowed: Sequence[int]) -> list[int]:
    return [i for i, mask in enumerate(allowed) if mask >> card & 1]


def _greedy(
    cards: list[int], sizes: Sequence[int], eligible: dict[int, list[int]], rng: Random
) -> list[int] | None:
    room = list(sizes)
    hands = [0] * len(sizes)
    order = list(cards)
    rng.shuffle(order)
    order.sort(key=lambda c: len(eligible[c]))
    for card in order:
        options = [i for i in eligible[card] if room[i] > 0]
        if not options:
            return None
        seat = options[rng.randrange(len(options))]
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
