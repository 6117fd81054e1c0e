"""`deck.seeded_deal`: the deal of ``random.Random(seed)``, in C where the compiled modules are
built (CPython's Mersenne Twister reproduced in `cards/_twister.pxd`), on either path."""

from __future__ import annotations

from random import Random

import pytest

from parlour.cards.deck import CARDS_32, CARDS_52, deal_by_keys, deal_masks, seeded_deal

SEEDS = [0, 1, 2**31 - 1, 2**32, 2**32 + 1, 2**62 + 99, 2**63 - 1, 2**64 - 1,
         *range(3, 200, 7)]


@pytest.mark.parametrize("keyed", [False, True])
def test_a_seeded_deal_is_the_deal_of_random_random(keyed: bool) -> None:
    deal = deal_by_keys if keyed else deal_masks
    for seed in SEEDS:
        for cards, sizes in ((CARDS_52, (13, 13, 13, 13)), (CARDS_32, (10, 10, 10))):
            assert seeded_deal(cards, seed, sizes, keyed) == deal(cards, Random(seed), sizes), seed


def test_seeds_out_of_the_compiled_range_deal_in_python() -> None:
    for seed in (-5, 2**64, 2**70 + 3):
        assert seeded_deal(CARDS_52, seed, (13,) * 4) == deal_masks(CARDS_52, Random(seed),
                                                                     (13,) * 4)
