"""The deal, the Vorbehalte and the card play of docs/rules/doppelkopf.md, one test a rule."""

from __future__ import annotations

import pytest

from parlour.core import IllegalActionError
from parlour.games.doppelkopf.cards import CARDS_40, CARDS_48, FACES, parse_face
from parlour.games.doppelkopf.tables import (
    BUBEN,
    CARD_POINTS,
    DAMEN,
    FLEISCHLOS,
    HERZ,
    KREUZ,
    NORMAL,
    TRUMPS,
    trick_winner,
    trump_order,
)
from tests.games.doppelkopf.helpers import (
    ALL_GESUND,
    HOCHZEIT_DEAL,
    NORMAL_DEAL,
    deal,
    doko,
    legal,
    play,
    plays,
)


def faces(text: str) -> list[int]:
    return [parse_face(word) for word in text.split()]


def order(table: int, count: int) -> str:
    from parlour.games.doppelkopf.cards import format_card

    return " ".join(format_card(c) for c in trump_order(table)[:count])


def test_the_pack_is_two_copies_of_24_faces_worth_240():
    assert len(CARDS_48) == 48 and len(set(CARDS_48)) == 48 and max(CARDS_48) < 64
    assert sum(CARD_POINTS[c] for c in CARDS_48) == 240
    assert len(CARDS_40) == 40 and sum(CARD_POINTS[c] for c in CARDS_40) == 240


def test_each_seat_gets_12_cards_and_forehand_calls_first():
    state = doko().new_state(seed=5, dealer=3)
    assert [h.bit_count() for h in state.hands] == [12] * 4
    assert state.current_player == 0
    assert legal(state) >= {"gesund", "damensolo", "karosolo"}


def test_without_nines_each_seat_gets_10_cards():
    state = doko(with_nines=False).new_state(seed=5)
    assert [h.bit_count() for h in state.hands] == [10] * 4
    assert not any(state.hands[p] & sum(1 << c for c in CARDS_48 if c not in CARDS_40)
                   for p in range(4))


def test_normal_game_trumps_from_the_dulle_down():
    assert TRUMPS[NORMAL].bit_count() == 26
    assert order(NORMAL, 13) == "10♥ Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♦ 10♦ K♦ 9♦"


def test_plain_suits_of_the_normal_game():
    assert order(NORMAL, 24)[len(order(NORMAL, 13)):].split() == \
        ["A♣", "10♣", "K♣", "9♣", "A♠", "10♠", "K♠", "9♠", "A♥", "K♥", "9♥"]


def test_farbsolo_trumps_the_chosen_suit_and_karo_turns_plain():
    assert order(KREUZ, 13) == "10♥ Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♣ 10♣ K♣ 9♣"
    assert TRUMPS[KREUZ].bit_count() == 26
    assert not TRUMPS[KREUZ] >> parse_face("A♦") & 1


def test_herzsolo_keeps_the_dulle_on_top_and_herz_last():
    assert order(HERZ, 12) == "10♥ Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ J♦ A♥ K♥ 9♥"
    assert TRUMPS[HERZ].bit_count() == 24


def test_damensolo_only_damen_are_trumps_and_the_dulle_is_plain():
    assert order(DAMEN, 4) == "Q♣ Q♠ Q♥ Q♦"
    assert TRUMPS[DAMEN].bit_count() == 8
    assert order(DAMEN, 19).split()[14:] == ["A♥", "10♥", "K♥", "J♥", "9♥"]


def test_bubensolo_only_buben_are_trumps():
    assert order(BUBEN, 4) == "J♣ J♠ J♥ J♦"
    assert TRUMPS[BUBEN].bit_count() == 8


def test_fleischloser_has_no_trumps():
    assert TRUMPS[FLEISCHLOS] == 0
    assert trick_winner(FLEISCHLOS, tuple(faces("K♦ A♣ A♦ Q♦"))) == 2


def test_a_trump_lead_must_be_answered_with_a_trump():
    state = play(deal(), *ALL_GESUND, "A♦")
    assert plays(state) == {"Q♣", "10♥", "Q♥", "J♠", "K♦", "9♦"}


def test_a_plain_suit_is_followed_by_its_plain_cards_only():
    state = play(deal(), *ALL_GESUND, "A♥")  # Q♥ and 10♥ are trumps, not Herz
    assert plays(state) == {"K♥", "9♥"}
    with pytest.raises(IllegalActionError, match="must follow"):
        play(state, "Q♥")


def test_without_the_suit_led_any_card_may_be_played():
    state = play(deal(), *ALL_GESUND, "A♣", "A♣", "K♣")  # seat 3 holds 9♣; seat 2 played K♣
    assert plays(state) == {"9♣"}
    play(state, "9♣", "K♣", "10♣", "9♣")  # seat 3 has no ♣ left
    assert plays(state) == {"Q♦", "J♠", "J♥", "J♦", "10♦", "K♦", "9♦", "10♠", "K♠", "9♥"}


def test_the_first_of_two_equal_cards_wins():
    state = play(deal(), *ALL_GESUND, "A♣", "A♣", "K♣", "9♣")
    assert state.tricks[-1][2] == 0 and state.current_player == 0


def test_the_first_dulle_beats_the_second():
    state = play(deal(), *ALL_GESUND, "10♥", "10♥", "Q♦", "J♦")
    assert state.tricks[-1][2] == 0


def test_re_are_the_holders_of_the_kreuz_damen():
    state = play(deal(), *ALL_GESUND)
    assert state.kind == "normal" and state.re == (0, 1)


def test_the_deal_passes_to_the_left():
    state = doko(deals=2).new_state(seed=3, dealer=3)
    while state.deal == 0:
        state.apply(state.legal_actions()[0])
    assert state.dealer == 0 and state.current_player == 1


def test_hochzeit_needs_both_kreuz_damen():
    state = deal()
    with pytest.raises(IllegalActionError, match="does not hold both Kreuz-Damen"):
        play(state, "hochzeit")
    assert "hochzeit" in legal(deal(HOCHZEIT_DEAL))


def test_hochzeit_partner_is_the_first_foreign_trick_winner():
    state = play(deal(HOCHZEIT_DEAL), "hochzeit", "gesund", "gesund", "gesund",
                 "A♣", "A♣", "K♣", "9♣",  # seat 0 wins trick 1 (first A♣)
                 "A♠", "K♠", "A♠", "10♠")  # seat 0 again
    assert state.klaerung == 0 and state.re == (0,)
    play(state, "K♣", "10♣", "9♣", "J♦")  # seat 3 trumps: the Klärungsstich
    assert state.klaerung == 3 and state.re == (0, 3)


def test_hochzeit_holder_winning_three_tricks_plays_alone():
    state = play(deal(HOCHZEIT_DEAL), "hochzeit", "gesund", "gesund", "gesund",
                 "A♣", "A♣", "K♣", "9♣", "A♠", "K♠", "A♠", "10♠",
                 "10♥", "10♥", "Q♦", "J♦")
    assert state.klaerung == 3 and state.re == (0,) and state.is_solo


def test_stille_hochzeit_is_a_solo_that_looks_normal():
    state = play(deal(HOCHZEIT_DEAL), *ALL_GESUND)
    assert state.kind == "stille hochzeit" and state.re == (0,) and state.is_solo
    assert state.observe(1).contract == "normal"
    assert state.observe(0).contract == "stille hochzeit"
    assert state.current_player == 0  # forehand leads


def test_a_solo_outranks_a_hochzeit():
    state = play(deal(HOCHZEIT_DEAL), "hochzeit", "gesund", "damensolo", "gesund")
    assert state.kind == "damensolo" and state.re == (2,)


def test_lustsolo_forehand_leads():
    state = play(deal(), "gesund", "gesund", "bubensolo", "gesund")
    assert state.kind == "bubensolo" and not state.pflicht and state.current_player == 0


def test_of_two_solos_the_first_from_forehand_plays():
    state = play(deal(), "gesund", "kreuzsolo", "damensolo", "gesund")
    assert state.kind == "kreuzsolo" and state.declarer == 1


def test_pflichtsolo_soloist_leads_and_the_dealer_deals_again():
    game = doko(deals=8, tournament=True)
    state = game.new_state(seed=1, hands=NORMAL_DEAL, dealer=3)
    play(state, "gesund", "gesund", "damensolo", "gesund")
    assert state.pflicht and state.current_player == 2
    while state.deal == 0:
        state.apply(state.legal_actions()[0])
    assert state.dealer == 3 and state.game_no == 0 and state.solo_played[2]


def test_a_second_solo_is_a_lustsolo():
    game = doko(deals=8, tournament=True)
    state = game.new_state(seed=1, hands=NORMAL_DEAL, dealer=3)
    state.solo_played = (False, False, True, False)
    play(state, "gesund", "gesund", "damensolo", "gesund")
    assert not state.pflicht and state.current_player == 0


def test_a_pflichtsolo_outranks_a_lustsolo():
    game = doko(deals=8, tournament=True)
    state = game.new_state(seed=1, hands=NORMAL_DEAL, dealer=3)
    state.solo_played = (True, False, False, False)
    play(state, "bubensolo", "gesund", "damensolo", "gesund")
    assert state.declarer == 2 and state.pflicht


def test_vorfuehrung_forces_the_owing_player_to_a_solo():
    state = doko(deals=4, tournament=True).new_state(seed=1, dealer=3)
    assert state.forced == 0 and state.current_player == 0
    assert "gesund" not in legal(state)
    play(state, "fleischloser")
    assert state.kind == "fleischloser" and state.current_player == 0
    while state.deal == 0:
        state.apply(state.legal_actions()[0])
    assert state.game_no == 1 and state.dealer == 0  # a Vorführung passes the deal on


def test_the_round_ends_after_the_counted_games():
    state = doko(deals=2).new_state(seed=4)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    assert state.game_no == 2 and sum(state.scores()) == 0


def test_tournament_needs_four_games():
    from parlour.core import ParameterError

    with pytest.raises(ParameterError, match="at least 4"):
        doko(deals=2, tournament=True)


def test_faces_are_24():
    assert len(FACES) == 24


def test_each_contract_is_data_in_the_trick_layers_form():
    from parlour.games.doppelkopf.tables import TABLE_NAMES, contract_tables

    for table in range(len(TABLE_NAMES)):
        follow, power, trumps = contract_tables(table)
        for card in CARDS_48:
            assert follow[card] >> card & 1
            assert all(follow[other] == follow[card] for other in CARDS_48
                       if follow[card] >> other & 1)
        lowest_trump = min((power[c] for c in CARDS_48 if trumps >> c & 1), default=99)
        assert all(power[c] < lowest_trump for c in CARDS_48 if not trumps >> c & 1)
