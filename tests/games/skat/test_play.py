"""ISkO 2.3: trumps, following suit (the Jacks are trumps), and who wins a trick."""

from __future__ import annotations

import pytest

from parlour import IllegalActionError
from parlour.cards import CLUBS, DIAMONDS, HEARTS, SPADES, parse_card, parse_cards
from parlour.games.skat import PLAY
from parlour.games.skat.tables import GRAND, NULL, POWER, TRUMPS, trick_winner
from tests.games.skat.helpers import do, new, play_out, win_bidding

# seat 0 holds As Ts and hearts; seat 1 the J♠ with three plain spades; seat 2 no plain spade.
HANDS = [
    "As Ts Kh Qh 9h 8h 7h Ac Tc Kc",
    "Js 8s Ks Qs Jh Ah Th Ad Td Kd",
    "Jc Jd Qc 9c 8c 7c Qd 9d 8d 7d",
]
SKAT = "9s 7s"


def cards(text: str) -> int:
    return parse_cards(text)


def legal(state: object) -> int:
    mask = 0
    for action in state.legal_actions():  # type: ignore[attr-defined]
        mask |= 1 << action.card
    return mask


def declared(contract: str, dealer: int = 2) -> object:
    state = new(HANDS, SKAT, dealer=dealer)
    return do(win_bidding(state, 0), f"declare {contract}")


def test_suit_game_has_eleven_trumps_jacks_first() -> None:
    assert TRUMPS[HEARTS].bit_count() == 11
    order = ["Jc", "Js", "Jh", "Jd", "Ah", "Th", "Kh", "Qh", "9h", "8h", "7h"]
    powers = [POWER[HEARTS][parse_card(c)] for c in order]
    assert powers == sorted(powers, reverse=True)
    assert min(powers) > max(POWER[HEARTS][parse_card(c)] for c in ("As", "Ac", "Ad"))


def test_the_other_suits_have_seven_cards_each_in_a_suit_game() -> None:
    for suit in (CLUBS, DIAMONDS, SPADES):
        plain = sum(1 << (suit << 4 | r) for r in range(7, 15)) & ~TRUMPS[HEARTS]
        assert plain.bit_count() == 7


def test_grand_has_only_the_four_jacks_as_trumps() -> None:
    assert TRUMPS[GRAND] == cards("Jc Js Jh Jd")


def test_suits_rank_a_ten_king_queen_nine_eight_seven() -> None:
    order = ["As", "Ts", "Ks", "Qs", "9s", "8s", "7s"]
    powers = [POWER[GRAND][parse_card(c)] for c in order]
    assert powers == sorted(powers, reverse=True)


def test_null_has_no_trumps_and_ranks_a_k_q_j_ten_down() -> None:
    assert TRUMPS[NULL] == 0
    order = ["Ah", "Kh", "Qh", "Jh", "Th", "9h", "8h", "7h"]
    powers = [POWER[NULL][parse_card(c)] for c in order]
    assert powers == sorted(powers, reverse=True)


def test_a_jack_does_not_follow_its_suit_in_a_suit_game() -> None:
    state = do(declared("hearts hand"), "As")
    assert legal(state) == cards("8s Ks Qs")  # J♠ is a trump, not a spade
    with pytest.raises(IllegalActionError, match="must follow spades"):
        do(state, "Js")


def test_a_player_without_the_led_suit_may_play_any_card() -> None:
    state = do(declared("hearts hand"), "As", "Ks")
    assert legal(state) == state.hands[2]  # seat 2's J♣ and J♦ are no spades


def test_the_highest_trump_wins_the_trick() -> None:
    state = do(declared("hearts hand"), "As", "Ks", "Jd")
    assert state.tricks[-1][2] == 2
    assert state.current_player == 2


def test_the_highest_card_of_the_led_suit_wins_without_trumps() -> None:
    state = do(declared("hearts hand"), "As", "Ks", "7c")
    assert state.tricks[-1][2] == 0


def test_the_ten_beats_the_king() -> None:
    state = do(declared("grand hand"), "Ts", "Ks", "7c")
    assert state.tricks[-1][2] == 0


def test_a_trump_lead_must_be_followed_with_a_trump_jacks_included() -> None:
    # clubs game, dealer 1: seat 2 is forehand and leads the J♦; seat 0 holds clubs (trumps)
    state = new(HANDS, SKAT, dealer=1)
    do(state, "pass", "pass", "18", "declare clubs hand", "Jd")
    assert legal(state) == cards("Ac Tc Kc")
    do(state, "Ac")
    assert legal(state) == cards("Js Jh")


def test_when_a_jack_is_led_in_grand_only_jacks_follow() -> None:
    state = new(HANDS, SKAT, dealer=1)
    do(state, "pass", "pass", "18", "declare grand hand", "Jc")
    assert legal(state) == state.hands[0]  # seat 0 has no Jack: any card
    do(state, "Ac")
    assert legal(state) == cards("Js Jh")


def test_jacks_rank_clubs_spades_hearts_diamonds() -> None:
    state = new(HANDS, SKAT, dealer=1)
    do(state, "pass", "pass", "18", "declare grand hand", "Jd", "Ac", "Js")
    assert state.tricks[-1][2] == 1
    assert trick_winner(GRAND, tuple(parse_card(c) for c in ("Jh", "Jc", "Js"))) == 1


def test_a_jack_is_an_ordinary_suit_card_in_null() -> None:
    state = do(declared("null hand"), "7h")
    assert legal(state) == cards("Jh Ah Th")
    do(state, "Jh", "7c")
    assert state.tricks[-1][2] == 1  # J♥ beats 7♥ in Null, the 7♣ does not count


def test_in_a_suit_game_the_same_lead_excludes_the_jack() -> None:
    state = do(declared("clubs hand"), "7h")
    assert legal(state) == cards("Ah Th")


def test_the_led_suit_decides_following_not_the_cards_suit_symbol() -> None:
    state = do(declared("diamonds hand"), "As")
    assert legal(state) == cards("8s Ks Qs")
    do(state, "8s")
    # seat 2 holds J♦ and J♣ and diamonds (trumps) but no spade: anything goes
    assert legal(state) == state.hands[2]


def test_playing_a_card_not_held_is_illegal() -> None:
    state = declared("grand hand")
    with pytest.raises(IllegalActionError, match="does not hold"):
        state.apply(PLAY[parse_card("Jc")])


def test_forehand_leads_the_first_trick() -> None:
    state = declared("grand hand")
    assert state.current_player == state.seats[0] == 0


def test_the_winner_of_a_trick_leads_the_next() -> None:
    state = do(declared("hearts hand"), "As", "Ks", "Jd")
    assert state.leader == 2 and state.trick == ()


def test_ten_tricks_end_the_deal() -> None:
    state = play_out(declared("grand hand", dealer=2))  # type: ignore[arg-type]
    assert len(state.results) == 1
    assert state.deal == 1
