"""Who wins, the game value and the special points (docs/rules/doppelkopf.md rules 10-13)."""

from __future__ import annotations

from parlour.games.doppelkopf.cards import parse_face, twin
from parlour.games.doppelkopf.scoring import KONTRA, RE, settle
from tests.games.doppelkopf.helpers import ALL_GESUND, HOCHZEIT_DEAL, deal, play


def test_re_needs_121_and_kontra_wins_at_120():
    assert settle(121, 6, 6, (0, 0), (), False).winner == RE
    assert settle(120, 6, 6, (0, 0), (), False).winner == KONTRA


def test_kontra_announced_alone_lets_re_win_with_120():
    assert settle(120, 6, 6, (0, 1), (), False).winner == RE
    assert settle(119, 6, 6, (0, 1), (), False).winner == KONTRA
    assert settle(120, 6, 6, (1, 1), (), False).winner == KONTRA


def test_a_plain_win_under_90_is_worth_2():
    result = settle(151, 7, 5, (0, 0), (), False)
    assert (result.winner, result.value, result.net) == (RE, 2, 2)


def test_kontra_announced_and_won_with_160():
    result = settle(80, 3, 9, (0, 1), (), False)
    assert (result.winner, result.value) == (KONTRA, 5)
    assert "gegen die Kreuz-Damen" in result.items and result.net == -5


def test_a_failed_absage_loses_even_above_120():
    result = settle(130, 8, 4, (3, 0), (), False)
    assert result.winner == KONTRA and result.value == 7
    assert "90 v. keine 60" in result.items


def test_an_absage_met_wins():
    result = settle(185, 9, 3, (2, 0), (), False)
    assert result.winner == RE
    assert result.value == 1 + 2 + 2 + 1  # won, under 90 and 60, Re announced, keine 90


def test_schwarz_means_no_trick_not_zero_points():
    assert settle(240, 12, 0, (5, 0), (), False).winner == RE
    assert settle(240, 11, 1, (5, 0), (), False).winner == KONTRA  # a trick of 0 points
    won = settle(240, 12, 0, (0, 0), (), False)
    assert "schwarz" in won.items and won.value == 5


def test_no_winner_when_both_absagen_fail():
    result = settle(140, 7, 5, (2, 2), (), False)  # Kontra 100: both keine 90 missed
    assert result.winner is None and result.value == 0
    assert result.items == ("re: 120 v. keine 90",) and result.net == 1
    result = settle(140, 7, 5, (2, 2), ((KONTRA, "Doppelkopf"),), False)
    assert result.net == 0


def test_no_gegen_die_kreuz_damen_in_a_solo():
    assert "gegen die Kreuz-Damen" not in settle(100, 5, 7, (0, 0), (), True).items


def test_a_damensolo_with_re_at_185_is_worth_5_times_3():
    result = settle(185, 9, 3, (1, 0), (), True)
    assert result.value == 5 and result.net == 5


def test_special_points_go_to_the_party_that_earned_them():
    result = settle(151, 7, 5, (0, 0), ((KONTRA, "Doppelkopf"), (RE, "Fuchs gefangen")), False)
    assert result.value == 2 and result.net == 2 + 1 - 1


def ended(hands=None, tricks=(), calls=ALL_GESUND):
    """A state after the calls with `tricks` ((leader, cards text, winner), ...) put in."""
    state = play(deal(hands), *calls)
    state.tricks = tuple((leader, cards, winner) for leader, cards, winner in tricks)
    return state


def cards(text: str, second: str = "") -> tuple[int, ...]:
    """Cards of `text`; faces listed in `second` take their second copy."""
    out = []
    for word in text.split():
        card = parse_face(word)
        out.append(twin(card) if word in second.split() else card)
    return tuple(out)


def test_doppelkopf_a_trick_of_40_or_more():
    state = ended(tricks=[(0, cards("A♣ A♣ 10♠ 10♠", "A♣"), 2)])
    assert state.special_points() == ((KONTRA, "Doppelkopf"),)


def test_fuchs_caught_by_the_other_party():
    state = ended(tricks=[(0, cards("A♦ 9♦ Q♦ J♦"), 2)])  # seat 0 (Re) loses its Fuchs
    assert state.special_points() == ((KONTRA, "Fuchs gefangen"),)


def test_a_partners_fuchs_earns_nothing():
    state = ended(tricks=[(0, cards("A♦ Q♣ 9♦ J♦"), 1)])  # seat 1 (Re) takes Re's Fuchs
    assert state.special_points() == ()


def test_a_fuchs_that_wins_its_trick_is_not_caught():
    state = ended(tricks=[(0, cards("A♦ 9♦ K♦ 9♦", "9♦"), 0)])
    assert state.special_points() == ()


def test_karlchen_wins_the_last_trick():
    state = ended(tricks=[(0, cards("A♣ 9♣ 9♣ K♣", "9♣"), 0)] * 11
                  + [(2, cards("J♣ K♦ 9♦ A♣"), 2)])
    assert (KONTRA, "Karlchen") in state.special_points()


def test_karlchen_needs_the_kreuz_bube_to_win():
    state = ended(tricks=[(0, cards("A♣ 9♣ 9♣ K♣", "9♣"), 0)] * 11
                  + [(2, cards("J♣ Q♦ 9♦ A♣"), 3)])
    assert not [p for p in state.special_points() if p[1] == "Karlchen"]


def test_no_special_points_in_a_solo_or_stille_hochzeit():
    solo = ended(tricks=[(0, cards("A♦ 9♦ Q♦ J♦"), 2)],
                 calls=("gesund", "gesund", "damensolo", "gesund"))
    assert solo.special_points() == ()
    silent = ended(HOCHZEIT_DEAL, tricks=[(0, cards("A♦ 9♦ Q♦ J♦"), 2)])
    assert silent.special_points() == ()


def test_a_soloist_scores_three_times():
    state = play(deal(), "gesund", "gesund", "damensolo", "gesund")
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    points = state.scores()
    assert points[2] == -3 * points[0] and points[0] == points[1] == points[3] != 0


def test_a_normal_game_pays_each_side_alike():
    state = play(deal(), *ALL_GESUND)
    while not state.is_terminal:
        state.apply(state.legal_actions()[0])
    points = state.scores()
    assert points[0] == points[1] == -points[2] == -points[3] != 0
