"""The shared trick-taking layer: follow suit, trick winners with and without trump, voids shown
in play, dealing, hidden hands, and the interned action tables."""

from __future__ import annotations

from itertools import permutations
from random import Random

import pytest

from parlour.cards import CARDS_52, DECK_52, SUIT_MASKS, parse_card_list, parse_cards
from parlour.cards.actions import CardActionTable
from parlour.cards.deck import deal_by_keys, deal_masks
from parlour.cards.events import CardPlayed, card_played
from parlour.cards.sampling import deal_hidden
from parlour.cards.tricks import (
    NO_TRUMP,
    cards_in_trick,
    follow_mask,
    lead_mask,
    voids_shown,
    winner_no_trump,
    winner_with_trump,
)

HEARTS_MASK = SUIT_MASKS[2]
SPADES_MASK = SUIT_MASKS[3]


def test_a_player_must_follow_suit_when_able() -> None:
    hand = parse_cards("AK♠ 2♥ 3♣")
    assert follow_mask(hand, 3) == parse_cards("AK♠")


def test_a_void_player_may_play_anything_and_need_not_trump() -> None:
    hand = parse_cards("AK♠ 3♣")
    assert follow_mask(hand, 2) == hand


def test_held_back_cards_lead_only_when_nothing_else_is_held() -> None:
    assert lead_mask(parse_cards("AK♥ 3♣"), HEARTS_MASK) == parse_cards("3♣")
    assert lead_mask(parse_cards("AK♥"), HEARTS_MASK) == parse_cards("AK♥")


def test_without_trump_the_highest_card_of_the_suit_led_wins() -> None:
    trick = parse_card_list("5♦ A♠ K♦ 2♦")
    assert winner_no_trump(trick) == 2
    assert winner_with_trump(trick, NO_TRUMP) == 2


@pytest.mark.parametrize("trump", [0, 1, 2, 3])
def test_the_highest_trump_wins_whatever_the_trump_suit(trump: int) -> None:
    rng = Random(trump)
    for _ in range(300):
        trick = rng.sample(CARDS_52, rng.randrange(2, 7))
        trumps = [c for c in trick if c >> 4 == trump]
        led = [c for c in trick if c >> 4 == trick[0] >> 4]
        expected = max(trumps) if trumps else max(led)
        assert trick[winner_with_trump(trick, trump)] == expected


def test_the_seat_of_a_card_in_the_trick_counts_from_the_leader() -> None:
    assert [cards_in_trick(3, 2, seat, 5) for seat in range(5)] == [0, 0, 0, 1, 1]


def test_play_shows_voids_and_a_held_back_lead_before_the_break() -> None:
    tricks = [
        (0, tuple(parse_card_list("A♣ 2♥ 3♣ 4♣"))),  # seat 1 shows no clubs; hearts break
        (1, tuple(parse_card_list("5♠ 6♠"))),  # seat 1 leads a spade: fine, hearts only held back
    ]
    played_by, allowed = voids_shown(tricks, 4, DECK_52, held_back=HEARTS_MASK,
                                     breaks=HEARTS_MASK)
    assert allowed[1] == DECK_52 & ~SUIT_MASKS[0]
    assert allowed[0] == allowed[2] == allowed[3] == DECK_52
    assert played_by[1] == parse_cards("2♥ 5♠")
    unbroken = [(2, tuple(parse_card_list("7♥ 8♥")))]
    _, allowed = voids_shown(unbroken, 4, DECK_52, held_back=HEARTS_MASK, breaks=HEARTS_MASK)
    assert allowed[2] == HEARTS_MASK  # led a heart unbroken: held nothing else


def test_deal_by_keys_cuts_a_permutation_and_leaves_the_rest() -> None:
    hands = deal_by_keys(CARDS_52, Random(4), (5, 5, 5, 1))
    assert [h.bit_count() for h in hands] == [5, 5, 5, 1]
    union = 0
    for hand in hands:
        assert not union & hand
        union |= hand
    assert deal_by_keys(CARDS_52, Random(4), (5, 5, 5, 1)) == hands


def test_deal_by_keys_deals_every_card_to_every_seat_alike() -> None:
    counts = [0] * 4
    ace = 1 << CARDS_52[-1]
    for seed in range(2000):
        for seat, hand in enumerate(deal_by_keys(CARDS_52, Random(seed), (13,) * 4)):
            counts[seat] += bool(hand & ace)
    assert all(420 < c < 580 for c in counts), counts


def test_deal_hidden_respects_known_hands_fixed_cards_and_voids() -> None:
    rng = Random(1)
    known = parse_cards("AKQJ♠")
    played = parse_cards("2♣ 3♣ 4♣ 5♣")
    allowed = [DECK_52, DECK_52 & ~SUIT_MASKS[3], DECK_52, DECK_52]
    fixed = [0, 0, parse_cards("T♠"), 0]
    for _ in range(50):
        hands = deal_hidden([known, None, None, None], [4, 4, 4, 4],
                            parse_cards("AKQJT98765♠ AK98765432♣"), played, allowed,
                            rng, fixed)
        assert hands[0] == known
        assert not hands[1] & SPADES_MASK
        assert hands[2] & parse_cards("T♠")
        assert [h.bit_count() for h in hands] == [4, 4, 4, 4]


def test_card_played_events_are_interned_values() -> None:
    event = card_played(4, CARDS_52[7])
    assert event is card_played(4, CARDS_52[7])
    assert event == CardPlayed(seat=4, card=CARDS_52[7])
    assert event.to_json()["type"] == "CardPlayed"


def test_the_action_table_gives_the_actions_of_a_mask_in_suit_then_rank_order() -> None:
    table = CardActionTable({card: f"play {card}" for card in CARDS_52})
    mask = parse_cards("A♠ 2♣ K♦ 3♣")
    expected = tuple(f"play {c}" for c in sorted(parse_card_list("2♣ 3♣ K♦ A♠")))
    assert table(mask) == expected
    assert table(mask) is not None and table.suit(0, mask & 0x7FFC) == expected[:2]
    assert table(0) == ()
    assert table.suits[3][mask >> 48 & 0x7FFC] == expected[3:]  # the cache, read directly


class _Subclassed(Random):
    pass


@pytest.mark.parametrize("kind", [Random, _Subclassed])
def test_deal_masks_deals_exactly_what_random_shuffle_deals(kind: type[Random]) -> None:
    for seed in range(200):
        cards = list(CARDS_52)
        kind(seed).shuffle(cards)
        expected = [sum(1 << c for c in cards[i:i + 13]) for i in range(0, 52, 13)]
        assert deal_masks(CARDS_52, kind(seed), (13, 13, 13, 13)) == expected


def test_every_order_of_a_trick_finds_the_same_winning_card() -> None:
    cards = parse_card_list("5♦ A♠ K♦ 2♠")
    for order in permutations(cards):
        if order[0] >> 4 == 1:
            assert order[winner_with_trump(order, 3)] == parse_card_list("A♠")[0]
