"""The trick layer's tables: contracts (effective suit, power), seating and teams."""

from __future__ import annotations

import random

import pytest

from parlour.cards import (
    CARDS_52,
    CLUBS,
    DECK_32,
    DECK_52,
    DIAMONDS,
    HEARTS,
    SPADES,
    parse_card,
    parse_cards,
)
from parlour.cards.card import SUIT_MASKS, iter_cards
from parlour.cards.contract import Contract, ContractError, twin, with_twins
from parlour.cards.seating import Seating, SeatingError, Teams
from parlour.cards.tricks import NO_TRUMP, follow_mask, winner_with_trump
from parlour.games.skat import tables as skat

NINE_TO_ACE = sum(0x7E00 << 16 * suit for suit in range(4))
"""The 24 cards of ranks 9 to ace (Euchre's deck, one copy of Doppelkopf's)."""


def _cards(text: str) -> list[int]:
    return [parse_card(word) for word in text.split()]


@pytest.mark.parametrize("trump", [NO_TRUMP, 0, 1, 2, 3])
def test_printed_suits_follow_and_win_as_the_shared_trick_rules(trump: int) -> None:
    contract = Contract.suits(DECK_52, trump)
    rng = random.Random(trump)
    for _ in range(2000):
        trick = rng.sample(CARDS_52, rng.randint(3, 6))
        hand = sum(1 << c for c in rng.sample(CARDS_52, 13))
        assert contract.winner(trick) == winner_with_trump(trick, trump)
        assert contract.legal(hand, trick) == follow_mask(hand, trick[0] >> 4)
    assert contract.legal(0b1100, []) == 0b1100


@pytest.mark.parametrize("order", [CLUBS, DIAMONDS, HEARTS, SPADES, skat.GRAND])
def test_skat_contracts_as_data_win_as_skats_own_tables(order: int) -> None:
    jacks = _cards("J♣ J♠ J♥ J♦")
    trumps = jacks if order == skat.GRAND else jacks + sorted(
        iter_cards(skat.SUIT32[order] & ~skat.JACKS), key=lambda c: -skat.POWER[order][c])
    contract = Contract.ranked(DECK_32, trumps, (14, 10, 13, 12, 9, 8, 7), "skat")
    deck = list(iter_cards(DECK_32))
    rng = random.Random(order)
    for _ in range(2000):
        trick = rng.sample(deck, 3)
        assert contract.winner(trick) == skat.trick_winner(order, tuple(trick))
        assert contract.follow[trick[0]] == skat.FOLLOW[order][trick[0]]
    assert contract.trumps == skat.TRUMPS[order]


def _euchre(trump: int) -> Contract:
    """Euchre: the trump jack (right bower), the same-colour jack (left bower), then A K Q 10 9."""
    right = trump << 4 | 11
    left = (3 - trump) << 4 | 11  # the same colour: clubs and spades, diamonds and hearts
    rest = [trump << 4 | rank for rank in (14, 13, 12, 10, 9)]
    return Contract.ranked(NINE_TO_ACE, [right, left, *rest], (14, 13, 12, 11, 10, 9), "euchre")


def test_the_left_bower_changes_suit_and_outranks_the_trump_ace() -> None:
    hearts = _euchre(2)
    assert hearts.follow[parse_card("J♦")] == hearts.trumps
    assert hearts.winner(_cards("A♥ J♦ K♥ 9♣")) == 1
    assert hearts.winner(_cards("J♦ A♥ J♥ 9♥")) == 2
    # a diamond lead: the left bower is no diamond, so a hand of it and clubs need not follow
    assert hearts.legal(parse_cards("J♦ 9♣"), _cards("A♦")) == parse_cards("J♦ 9♣")
    assert hearts.legal(parse_cards("J♦ 9♣"), _cards("9♥")) == parse_cards("J♦")
    spades = _euchre(3)
    assert spades.winner(_cards("A♠ J♣ 9♦")) == 1


def test_two_copies_of_each_card_fit_one_mask_and_the_first_played_wins() -> None:
    deck = with_twins(NINE_TO_ACE)
    assert deck.bit_count() == 48 and deck < 1 << 64
    queens = _cards("Q♣ Q♠ Q♥ Q♦")
    plain = (14, 10, 13, 11, 9)
    contract = Contract.ranked(deck, queens, plain, "doppelkopf-like", twins=True)
    club_queen = parse_card("Q♣")
    assert contract.power[twin(club_queen)] == contract.power[club_queen]
    assert contract.follow[twin(parse_card("A♥"))] == contract.follow[parse_card("A♥")]
    assert contract.winner([club_queen, twin(club_queen), parse_card("Q♠")]) == 0
    assert contract.winner([twin(club_queen), club_queen, parse_card("Q♠")]) == 0
    later = Contract.ranked(deck, queens, plain, "second wins", twins=True,
                            later_wins=1 << twin(club_queen) | 1 << club_queen)
    assert later.winner([club_queen, twin(club_queen), parse_card("Q♠")]) == 1


def test_voids_shown_follow_the_effective_suit_and_skip_seats_sitting_out() -> None:
    hearts = _euchre(2)
    seating = Seating(4, sitting_out=0b0100)
    tricks = [(0, _cards("A♦ 9♣ K♦")), (3, _cards("9♥ J♦"))]
    allowed = hearts.voids_shown(tricks, seating, NINE_TO_ACE)
    assert allowed[1] == NINE_TO_ACE & ~hearts.follow[parse_card("A♦")]
    assert allowed[0] == allowed[2] == allowed[3] == NINE_TO_ACE  # J♦ followed the heart lead


def test_contracts_that_contradict_themselves_are_refused_by_name() -> None:
    with pytest.raises(ContractError, match=r"'short'.*64 entries"):
        Contract("short", DECK_52, (0,) * 63, (0,) * 64, 0)
    follow = list(Contract.suits(DECK_52).follow)
    follow[parse_card("A♠")] = SUIT_MASKS[2]
    with pytest.raises(ContractError, match="'mixed': 2♠ and A♠ disagree on their effective"):
        Contract("mixed", DECK_52, tuple(follow), (1,) * 64, 0)
    with pytest.raises(ContractError, match="'lost': the effective suit of A♠ must hold it"):
        Contract("lost", parse_cards("A♠"), tuple(follow), (1,) * 64, 0)
    power = list(Contract.suits(DECK_52, 3).power)
    power[parse_card("A♥")] = 5000
    with pytest.raises(ContractError, match="every trump must have more power"):
        Contract("weak", DECK_52, Contract.suits(DECK_52, 3).follow, tuple(power),
                 DECK_52 & SUIT_MASKS[3])
    with pytest.raises(ContractError, match="trumps must be distinct cards of the deck"):
        Contract.ranked(NINE_TO_ACE, _cards("J♥ J♥"), (14,), "twice")
    with pytest.raises(ContractError, match="rank of the second J♣ is not in the plain order"):
        Contract.ranked(with_twins(NINE_TO_ACE), _cards("Q♣"), (14, 10, 13, 12, 9), "no J",
                        twins=True)
    with pytest.raises(ContractError, match="card 2 has no twin"):
        twin(2)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_seating_goes_clockwise_over_the_seats_that_play(players: int) -> None:
    seating = Seating(players, sitting_out=0b10)
    assert seating.active == tuple(s for s in range(players) if s != 1)
    assert seating.trick_size == players - 1
    assert seating.next_seat(0) == 2 and seating.next_seat(players - 1) == 0
    assert [seating.seat_at(players - 1, i) for i in range(seating.trick_size)] == [
        players - 1, *[s for s in range(players - 1) if s != 1]]
    assert not seating.has_played(1, 0, players - 1)


@pytest.mark.parametrize(("players", "out", "message"), [
    (2, 0, "3 to 6 seats, not 2"), (7, 0, "not 7"), (4, 0b10000, "beyond the 4 seats"),
    (3, 0b011, "at least two seats")])
def test_impossible_tables_are_refused(players: int, out: int, message: str) -> None:
    with pytest.raises(SeatingError, match=message):
        Seating(players, out)


def test_teams_say_what_each_seat_knows() -> None:
    assert Teams.fixed((0, 1, 0, 1)).known_to(3) == (0, 1, 0, 1)
    assert Teams.fixed((0, 1, 0, 1)).partners(1) == (3,)
    hidden = Teams.hidden((1, 0, 0, 1))
    assert hidden.known_to(0) == (1, None, None, None)
    assert hidden.reveal(3).known_to(0) == (1, None, None, 1)
    called = Teams.in_play((0, 1, 1, 1), revealed=0b0001)
    assert called.known_to(2) == (0, None, 1, None)
    assert Teams.alone(3).partners(0) == ()
    with pytest.raises(SeatingError, match="seat 4 is not one of the 4 seats"):
        hidden.reveal(4)
    with pytest.raises(SeatingError, match="fixed, in_play or hidden"):
        Teams((0, 1), "secret")  # type: ignore[arg-type]
