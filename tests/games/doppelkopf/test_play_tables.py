"""The layer contracts of Doppelkopf's trump tables follow and win exactly as the game's own."""

from __future__ import annotations

from random import Random

import pytest

from parlour.games.doppelkopf.cards import CARDS_48, DECK_40, DECK_48
from parlour.games.doppelkopf.play_tables import dullen_applies, layer_contract
from parlour.games.doppelkopf.tables import TABLE_NAMES, follow_mask, trick_winner


@pytest.mark.parametrize("deck", [DECK_48, DECK_40], ids=["48", "40"])
@pytest.mark.parametrize("table", range(len(TABLE_NAMES)), ids=TABLE_NAMES)
def test_layer_contract_matches_the_game_tables(table: int, deck: int) -> None:
    rng = Random(table * 2 + (deck == DECK_40))
    cards = [c for c in CARDS_48 if deck >> c & 1]
    for dullen in (False, True):
        contract = layer_contract(table, deck, dullen)
        for _ in range(400):
            drawn = rng.sample(cards, 4 + 6)
            trick, hand = tuple(drawn[:4]), sum(1 << c for c in drawn[4:])
            assert contract.winner(trick) == trick_winner(table, trick, dullen)
            assert contract.legal(hand, [trick[0]]) == follow_mask(table, hand, trick[0])
        assert not any(contract.follow[c] for c in range(64) if not deck >> c & 1)
        assert contract.trumps & ~deck == 0


def test_dullen_rule_switches_off_on_the_last_trick_only_when_asked() -> None:
    assert dullen_applies("always", True) and dullen_applies("always", False)
    assert not dullen_applies("never", False)
    assert dullen_applies("except_last_trick", False)
    assert not dullen_applies("except_last_trick", True)
