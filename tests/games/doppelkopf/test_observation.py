"""What each seat may know: hidden parties, copies, and `sample_state` under that knowledge."""

from __future__ import annotations

from random import Random

from parlour.games.doppelkopf.cards import parse_face, twin
from parlour.games.doppelkopf.rules import KREUZ_DAMEN
from parlour.games.doppelkopf.tables import SUIT_CARDS
from tests.games.doppelkopf.helpers import ALL_GESUND, HOCHZEIT_DEAL, deal, play

KD = parse_face("Q♣")


def test_parties_are_hidden_until_shown():
    state = play(deal(), *ALL_GESUND)
    assert state.observe(2).parties == (None, None, "kontra", None)
    assert state.observe(0).parties == ("re", None, None, None)


def test_a_kreuz_dame_played_shows_re_to_everyone():
    state = play(deal(), *ALL_GESUND, "Q♣")
    assert state.observe(3).parties == ("re", None, None, "kontra")


def test_two_re_players_known_show_every_party():
    state = play(deal(), *ALL_GESUND, "Q♣")
    assert state.observe(1).parties == ("re", "re", "kontra", "kontra")


def test_a_stille_hochzeit_looks_like_a_normal_game_to_the_others():
    state = play(deal(HOCHZEIT_DEAL), *ALL_GESUND, "Q♣")
    assert state.observe(2).contract == "normal"
    assert state.observe(2).parties == ("re", None, "kontra", None)
    assert state.observe(0).parties == ("re", "kontra", "kontra", "kontra")


def test_the_copy_a_seat_holds_is_no_information():
    a = deal()
    b = deal()
    kd0, kd1 = KD, twin(KD)
    b.hands[0] ^= 1 << kd0 | 1 << kd1  # seat 0 holds the other copy
    b.hands[1] ^= 1 << kd0 | 1 << kd1
    for seat in range(4):
        assert a.observe(seat) == b.observe(seat)


def sampled(state, seat, n=30):
    rng = Random(3)
    obs = state.observe(seat)
    for _ in range(n):
        world = state.game.sample_state(obs, rng)
        assert world.observe(seat) == obs
        yield world


def test_sample_state_keeps_the_kreuz_damen_from_a_known_kontra_player():
    state = play(deal(), *ALL_GESUND, "A♣", "A♣", "kontra", "K♣", "9♣")
    for world in sampled(state, 3):
        assert not world.hands[2] & KREUZ_DAMEN
        assert world.hands[3] == state.hands[3]


def test_sample_state_gives_a_known_re_player_a_kreuz_dame():
    state = play(deal(), *ALL_GESUND, "re")
    for world in sampled(state, 2):
        assert world.hands[0] & KREUZ_DAMEN


def test_sample_state_gives_the_hochzeit_holder_both_kreuz_damen():
    state = play(deal(HOCHZEIT_DEAL), "hochzeit", "gesund", "gesund", "gesund")
    for world in sampled(state, 3):
        assert world.hands[0] & KREUZ_DAMEN == KREUZ_DAMEN


def test_sample_state_respects_voids():
    state = play(deal(), *ALL_GESUND, "A♣", "A♣", "K♣", "9♣", "K♣", "10♣", "9♣", "Q♦")
    for world in sampled(state, 0):
        assert not world.hands[3] & SUIT_CARDS[0][0]  # seat 3 showed no ♣


def test_sample_state_varies_the_hidden_cards():
    state = play(deal(), *ALL_GESUND)
    worlds = {tuple(w.hands) for w in sampled(state, 0)}
    assert len(worlds) > 1
