"""Announcements (Ansagen and Absagen) and their deadlines, docs/rules/doppelkopf.md rule 9."""

from __future__ import annotations

import pytest

from parlour.core import IllegalActionError
from tests.games.doppelkopf.helpers import ALL_GESUND, HOCHZEIT_DEAL, deal, legal, play

TRICK_1 = ("A♣", "A♣", "K♣", "9♣")  # seat 0 wins and leads again
TRICK_2 = ("A♠", "K♠", "A♠", "10♠")  # seat 0 again


def test_re_only_by_a_re_player_kontra_only_by_kontra():
    state = play(deal(), *ALL_GESUND)
    assert "re" in legal(state) and "kontra" not in legal(state)
    play(state, "A♣", "A♣")
    assert "kontra" in legal(state) and "re" not in legal(state)  # seat 2 is Kontra
    with pytest.raises(IllegalActionError, match="not Re"):
        play(state, "re")


def test_re_until_the_second_card_is_played():
    state = play(deal(), *ALL_GESUND, *TRICK_1)
    assert "re" in legal(state)  # 11 cards
    play(state, *TRICK_2)
    assert "re" not in legal(state) and "keine 90" in legal(state)  # 10 cards
    with pytest.raises(IllegalActionError, match="too late for re"):
        play(state, "re")


def test_each_absage_has_its_deadline():
    state = play(deal(), *ALL_GESUND, *TRICK_1, *TRICK_2)
    assert {"keine 90", "keine 60", "keine 30", "schwarz"} <= legal(state)  # 10 cards
    play(state, "K♣", "10♣", "9♣", "J♦", "Q♦")  # seat 3 won trick 3 and leads
    assert state.current_player == 0 and state.hands[0].bit_count() == 9
    assert "keine 90" not in legal(state)
    assert {"keine 60", "keine 30", "schwarz"} <= legal(state)


def test_an_absage_includes_the_ansage():
    state = play(deal(), *ALL_GESUND, "keine 60")
    assert state.levels == (3, 0) and state.announcements == ((0, "re", "keine 60"),)
    assert "re" not in legal(state) and "keine 90" not in legal(state)
    assert "keine 30" in legal(state)


def test_an_announcement_cannot_be_repeated():
    state = play(deal(), *ALL_GESUND, "re")
    assert "re" not in legal(state)
    play(state, "A♣")
    assert "re" not in legal(state)  # seat 1, the partner: Re is made for the party


def test_kontra_may_answer_re_one_card_later():
    state = play(deal(), *ALL_GESUND, "re", *TRICK_1)
    play(state, "A♠", "K♠")  # seat 2 to play with 11 cards: normal deadline
    assert "kontra" in legal(state)
    play(state, "A♠", "10♠", "K♣", "10♣")  # seat 2 again after trick 2 won by seat 0
    assert state.current_player == 2 and state.hands[2].bit_count() == 10
    assert "kontra" in legal(state)  # answering Re: one card fewer


def test_without_an_opponents_announcement_kontra_keeps_the_plain_deadline():
    state = play(deal(), *ALL_GESUND, *TRICK_1, "A♠", "K♠", "A♠", "10♠", "K♣", "10♣")
    assert state.current_player == 2 and "kontra" not in legal(state)


def test_an_announcement_shows_the_party():
    state = play(deal(), *ALL_GESUND, "A♣", "A♣", "kontra")
    assert state.observe(0).parties[2] == "kontra"
    assert state.observe(3).parties[2] == "kontra"


def test_no_announcement_in_a_hochzeit_before_the_klaerungsstich():
    state = play(deal(HOCHZEIT_DEAL), "hochzeit", "gesund", "gesund", "gesund")
    assert "re" not in legal(state)
    with pytest.raises(IllegalActionError, match="Klärungsstich"):
        play(state, "re")


def test_hochzeit_deadlines_drop_by_the_klaerungsstich():
    state = play(deal(HOCHZEIT_DEAL), "hochzeit", "gesund", "gesund", "gesund",
                 "A♣", "A♣", "K♣", "9♣", "A♠", "K♠", "A♠", "10♠", "K♣", "10♣", "9♣", "J♦")
    assert state.klaerung == 3 and state.current_player == 3  # 9 cards, Re: 11 - 3 = 8
    assert "re" in legal(state) and "schwarz" in legal(state)


def test_without_nines_deadlines_are_two_cards_lower():
    from parlour.games.doppelkopf.actions import Play
    from tests.games.doppelkopf.helpers import doko

    state = doko(with_nines=False).new_state(seed=2, dealer=3)
    play(state, *ALL_GESUND)

    def one_trick() -> None:
        for _ in range(4):
            state.apply(next(a for a in state.legal_actions() if isinstance(a, Play)))

    one_trick()
    assert state.hands[state.current_player].bit_count() == 9
    assert {"re", "kontra"} & legal(state)
    one_trick()
    assert state.hands[state.current_player].bit_count() == 8
    assert not {"re", "kontra"} & legal(state)
