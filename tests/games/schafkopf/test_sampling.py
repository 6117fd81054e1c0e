"""`sample_state` deals only worlds the seat cannot rule out: the called Sau, voids, Kontra."""

from __future__ import annotations

from random import Random

from parlour.games.schafkopf.notation import parse_schafkopf_card
from tests.games.schafkopf.helpers import HANDS_A, RUFSPIEL_EICHEL, deal, say

EICHEL_SAU = parse_schafkopf_card("EA")


def holders(state: object, seat: int, worlds: int = 60) -> set[int]:
    """The seats that hold the Eichel-Sau in worlds sampled for `seat`."""
    game = state.game  # type: ignore[attr-defined]
    rng = Random(3)
    found = set()
    for _ in range(worlds):
        world = game.sample_state(state.observe(seat), rng)  # type: ignore[attr-defined]
        assert world.observe(seat) == state.observe(seat)  # type: ignore[attr-defined]
        found |= {p for p in range(4) if world.hands[p] >> EICHEL_SAU & 1}
    return found


def test_the_called_sau_is_never_with_the_declarer() -> None:
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    assert holders(state, 2) == {1, 3}  # a defender: either other seat, never seat 0
    assert holders(state, 0) == {1, 2, 3}
    assert holders(state, 1) == {1}  # the partner knows


def test_a_seat_that_gave_kontra_does_not_hold_the_called_sau() -> None:
    state = deal(HANDS_A, "spiel", "weiter", "weiter", "weiter", "sauspiel eichel", "weiter",
                 "weiter", "kontra", "weiter", "weiter")
    assert holders(state, 0) == {1, 2}


def test_a_seat_that_let_the_called_suit_pass_does_not_hold_the_sau() -> None:
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    assert holders(state, 2) == {1, 3}
    say(state, "S7", "G7", "G10", "SA")  # seat 3 wins and leads the called suit
    say(state, "EK", "E8")
    assert state.current == 1 and state.observe(2).partner is None
    assert holders(state, 2) == {1}  # seat 3 led it without the Sau: not the partner


def test_the_declarer_keeps_a_card_of_the_called_suit() -> None:
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    game, rng = state.game, Random(5)
    plain_eichel = sum(1 << parse_schafkopf_card(c) for c in ("E10", "EK", "E9", "E8", "E7"))
    for _ in range(60):
        world = game.sample_state(state.observe(2), rng)
        assert world.hands[0] & plain_eichel


def test_voids_shown_follow_the_contract_ober_and_unter_are_trumps() -> None:
    state = deal(HANDS_A, *RUFSPIEL_EICHEL)
    say(state, "H10", "HK", "H7", "S8")  # seat 3 shows it holds no trump
    trumps = sum(1 << parse_schafkopf_card(c) for c in
                 ("EO", "GO", "HO", "SO", "EU", "GU", "HU", "SU", "HA", "H9", "H8"))
    rng = Random(7)
    for _ in range(60):
        world = state.game.sample_state(state.observe(0), rng)
        assert not world.hands[3] & trumps


def test_a_partner_who_ran_away_kept_three_more_of_the_suit() -> None:
    from tests.games.schafkopf.helpers import HANDS_B

    state = deal(HANDS_B, *RUFSPIEL_EICHEL)
    say(state, "H10", "HO", "H7", "HK", "E9")  # seat 1 runs away from the Eichel-Sau
    eichel = sum(1 << parse_schafkopf_card(c) for c in ("E10", "EK", "E8", "E7"))
    rng = Random(11)
    for _ in range(60):
        world = state.game.sample_state(state.observe(2), rng)
        assert world.hands[1] >> EICHEL_SAU & 1
        assert (world.hands[1] & eichel).bit_count() >= 2
