"""The heuristic's calls, announcements and play, each rule at a position made for it."""

from __future__ import annotations

from random import Random

from parlour.games.doppelkopf.bots import DoppelkopfHeuristic
from parlour.games.doppelkopf.cards import DECK_48, format_hand, iter_cards, parse_hand
from tests.games.doppelkopf.helpers import ALL_GESUND, HOCHZEIT_DEAL, deal, doko, play

STRONG = "10♥ 10♥ Q♠ Q♠ Q♥ Q♥ J♣ J♣ A♦ A♦ 10♦ K♦"


def with_hand(first: str) -> list[str]:
    """Seat 0 holds `first`; the rest of the pack is dealt in order to seats 1-3."""
    mask = parse_hand(first)
    rest = list(iter_cards(DECK_48 & ~mask))
    return [first, *(format_hand(sum(1 << c for c in rest[i * 12:(i + 1) * 12]))
                     for i in range(3))]


def decide(state, seat=None):
    seat = state.current_player if seat is None else seat
    bot = DoppelkopfHeuristic(state.game, seat, Random(0))
    return str(bot.act(state.observe(seat))), bot.last_rule


def test_a_strong_trump_hand_calls_the_best_solo():
    assert decide(deal(with_hand(STRONG))) == ("karosolo", "strong_solo")


def test_a_plain_hand_says_gesund():
    assert decide(deal()) == ("gesund", "gesund")


def test_both_kreuz_damen_in_a_modest_hand_call_a_hochzeit():
    assert decide(deal(HOCHZEIT_DEAL)) == ("hochzeit", "hochzeit")


def test_a_vorfuehrung_plays_the_strongest_solo():
    state = doko(deals=4, tournament=True).new_state(seed=1, hands=with_hand(STRONG), dealer=3)
    assert decide(state) == ("karosolo", "forced_solo")


def test_re_is_announced_with_enough_high_trumps():
    state = play(deal(), *ALL_GESUND)
    assert decide(state) == ("re", "announce_party")


def test_a_weak_hand_announces_nothing():
    state = play(deal(), *ALL_GESUND, "re", "A♣")
    action, rule = decide(state)
    assert action not in ("re", "kontra") and rule != "announce_party"


def test_a_fresh_ace_is_led():
    state = play(deal(), *ALL_GESUND, "re")
    assert decide(state) == ("A♣", "lead_fresh_ace")


def test_the_last_seat_wins_a_trick_with_points_cheaply():
    state = play(deal(), *ALL_GESUND, "re", "A♣", "A♣", "K♣", "9♣",  # seat 3 void in ♣
                 "K♣", "10♣", "9♣")
    action, rule = decide(state)
    assert rule == "win_cheaply" and action == "9♦"


def test_points_are_smeared_onto_a_partners_sure_trick():
    state = play(deal(), *ALL_GESUND, "re", "Q♣")  # seat 0 shows Re; seat 1 knows its partner
    action, rule = decide(state)
    assert rule == "smear_onto_partner" and action == "K♦"
