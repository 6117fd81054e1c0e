"""The house rules as parameters: Armut, Schweinchen, the second Dulle, the Hochzeit's
partner rule."""

from __future__ import annotations

import pytest

from parlour.core import IllegalActionError
from parlour.games.doppelkopf.events import SchweinchenShown
from parlour.games.doppelkopf.tables import SCHWEINE
from tests.games.doppelkopf.helpers import (
    ALL_GESUND,
    HOCHZEIT_DEAL,
    NORMAL_DEAL,
    deal,
    legal,
    play,
)

ARMUT_DEAL = [
    "9♦ 9♦ J♦ A♣ A♣ 10♣ K♣ A♠ 10♠ K♠ A♥ K♥",
    "10♥ Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ A♦ 10♦ K♦ 10♣",
    "10♥ Q♣ Q♠ Q♥ Q♦ J♣ J♠ K♣ 9♣ 9♣ A♠ 10♠",
    "J♥ J♦ A♦ 10♦ K♦ K♠ 9♠ 9♠ A♥ K♥ 9♥ 9♥",
]
"""Seat 0 holds three trumps."""

SCHWEIN_DEAL = [
    "Q♣ 10♥ Q♠ J♣ A♦ A♦ 10♦ A♣ 10♣ K♣ A♠ 9♠",
    NORMAL_DEAL[1],
    "Q♠ Q♥ Q♦ J♣ J♥ A♥ 9♣ K♣ A♠ 10♠ A♥ K♥",
    NORMAL_DEAL[3],
]
"""Seat 0 holds both Karo-Asse."""


def test_armut_is_off_by_default():
    with pytest.raises(IllegalActionError, match="armut=false"):
        play(deal(ARMUT_DEAL), "armut")


def test_armut_only_with_at_most_three_trumps():
    state = play(deal(ARMUT_DEAL, armut=True), "armut")
    assert "armut" not in legal(state)  # seat 1 holds 11 trumps


def test_armut_hands_over_every_trump_first():
    state = play(deal(ARMUT_DEAL, armut=True), "armut", "gesund", "gesund", "gesund")
    assert legal(state) == {"give 9♦", "give J♦"}
    play(state, "give 9♦", "give J♦")
    assert legal(state) == {"give 9♦"}


def test_armut_taker_and_poor_are_re_and_trumps_returned_are_told():
    state = play(deal(ARMUT_DEAL, armut=True), "armut", "gesund", "gesund", "gesund",
                 "give 9♦", "give J♦", "give 9♦", "accept")
    assert state.current_player == 1 and state.hands[1].bit_count() == 15
    play(state, "return 10♣", "return K♦", "return A♦")
    assert state.kind == "armut" and state.re == (0, 1) and state.armut_trumps == 2
    assert state.hands[0].bit_count() == 12 and state.current_player == 0
    assert state.observe(3).parties == ("re", "re", "kontra", "kontra")
    assert state.observe(0).armut_given.bit_count() == 3
    assert state.observe(3).armut_given == 0  # only the two who exchanged see the cards


def test_armut_nobody_takes_it_the_same_dealer_deals_again():
    state = play(deal(ARMUT_DEAL, armut=True), "armut", "gesund", "gesund", "gesund",
                 "give 9♦", "give J♦", "give 9♦", "decline", "decline", "decline")
    assert state.deal == 1 and state.game_no == 0 and state.dealer == 3
    assert state.phase == 0  # the Vorbehalt calls of the new deal


def test_schweinchen_is_off_by_default():
    state = play(deal(SCHWEIN_DEAL), *ALL_GESUND, "A♦", "10♥", "Q♦", "J♦")
    assert state.tricks[-1][2] == 1  # the Dulle beats the Karo-Ass


def test_schweinchen_both_karo_asse_top_the_dulle():
    state = play(deal(SCHWEIN_DEAL, schweinchen=True), *ALL_GESUND)
    assert state.table == SCHWEINE and state.observe(1).schweinchen is None
    play(state, "A♦")
    assert any(isinstance(e, SchweinchenShown) for e in state.events)
    assert state.observe(1).schweinchen == 0
    play(state, "10♥", "Q♦", "J♦")
    assert state.tricks[-1][2] == 0


def test_second_dulle_beats_the_first_as_a_house_rule():
    state = play(deal(second_dulle="always"), *ALL_GESUND, "10♥", "10♥", "Q♦", "J♦")
    assert state.tricks[-1][2] == 1


def test_hochzeit_first_plain_trick_decides():
    state = play(deal(HOCHZEIT_DEAL, hochzeit_partner="first_plain"),
                 "hochzeit", "gesund", "gesund", "gesund", "A♣", "A♣", "K♣", "9♣")
    assert state.klaerung == 1 and state.re == (0,)  # the holder took it: alone


def test_hochzeit_first_trump_trick_decides():
    state = play(deal(HOCHZEIT_DEAL, hochzeit_partner="first_trump"),
                 "hochzeit", "gesund", "gesund", "gesund", "A♣", "A♣", "K♣", "9♣")
    assert state.klaerung == 0
    play(state, "J♣", "Q♥", "Q♠", "J♦")
    assert state.klaerung == 2 and state.re == (0, 2)


def test_solo_types_limit_the_solos():
    state = deal(solo_types="damensolo,bubensolo")
    assert {c for c in legal(state) if c.endswith("solo")} == {"damensolo", "bubensolo"}
    with pytest.raises(IllegalActionError, match="not among this game's solos"):
        play(state, "karosolo")


def last_trick_of_two_dullen(rule: str):
    """A deal cut to its last trick: seat 0 and seat 1 hold a Dulle each."""
    from parlour.games.doppelkopf.cards import CARDS_48, parse_face, twin

    state = play(deal(second_dulle=rule), *ALL_GESUND)
    dulle, rest = parse_face("10♥"), [c for c in CARDS_48 if c not in (
        parse_face("10♥"), twin(parse_face("10♥")), parse_face("Q♦"), parse_face("J♦"))]
    state.tricks = tuple((0, tuple(rest[4 * i:4 * i + 4]), 2) for i in range(11))
    state.hands = [1 << dulle, 1 << twin(dulle), 1 << parse_face("Q♦"), 1 << parse_face("J♦")]
    state.leader = state.current = 0
    state.sync_layer()  # the trick layer's contract of the last trick, for the fields set
    return play(state, "10♥", "10♥", "Q♦", "J♦")


def test_second_dulle_except_in_the_last_trick():
    assert last_trick_of_two_dullen("except_last_trick").tricks[-1][2] == 0
    assert last_trick_of_two_dullen("always").tricks[-1][2] == 1
    assert last_trick_of_two_dullen("never").tricks[-1][2] == 0
    early = play(deal(second_dulle="except_last_trick"), *ALL_GESUND, "10♥", "10♥", "Q♦", "J♦")
    assert early.tricks[-1][2] == 1


ARMUT_AND_HOCHZEIT = [
    ARMUT_DEAL[0],
    "10♥ Q♣ Q♣ Q♠ Q♥ Q♦ J♣ J♠ J♥ A♦ 10♦ K♦",
    "10♥ 10♣ Q♠ Q♥ Q♦ J♣ J♠ K♣ 9♣ 9♣ A♠ 10♠",
    ARMUT_DEAL[3],
]
"""Seat 0 may call an Armut, seat 1 a Hochzeit."""


def test_an_armut_outranks_a_hochzeit():
    state = play(deal(ARMUT_AND_HOCHZEIT, armut=True), "armut", "hochzeit", "gesund", "gesund")
    assert state.kind == "armut" and legal(state) == {"give 9♦", "give J♦"}


def test_a_solo_outranks_an_armut():
    state = play(deal(ARMUT_AND_HOCHZEIT, armut=True), "armut", "hochzeit", "damensolo",
                 "gesund")
    assert state.kind == "damensolo" and state.declarer == 2


def test_lustsolo_soloist_leads_as_a_house_rule():
    state = play(deal(lustsolo_soloist_leads=True), "gesund", "gesund", "bubensolo", "gesund")
    assert not state.pflicht and state.current_player == 2


def test_gegen_die_alten_and_karlchen_can_be_switched_off():
    from parlour.games.doppelkopf.cards import parse_face
    from parlour.games.doppelkopf.scoring import settle

    assert "gegen die Kreuz-Damen" not in settle(100, 5, 7, (0, 0), (), False, False).items
    state = play(deal(karlchen=False), *ALL_GESUND)
    jack = parse_face("J♣")
    state.tricks = ((0, (jack, parse_face("9♦"), parse_face("K♦"), parse_face("9♣")), 0),)
    assert state.special_points() == ()
