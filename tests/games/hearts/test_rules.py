"""Every rule of docs/rules/hearts.md as a named test, on fixed deals and scripted play."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.cards import CARDS_52, DECK_52, HEARTS, SUIT_MASKS, deal_masks, format_cards
from parlour.core import (
    CHANCE,
    DealStarted,
    GameOver,
    IllegalActionError,
    NotationError,
    ParameterError,
    make_rng,
)
from parlour.games.hearts import (
    PASS,
    PLAY,
    CardPlayed,
    CardsPassed,
    Deal,
    HandDealt,
    HeartsDealScored,
    HeartsObservation,
    HeartsState,
    PassChosen,
    TrickWon,
)
from parlour.games.hearts.rules import POINT_CARDS
from tests.games.hearts.helpers import (
    ALL_POINTS,
    HEART_LEADER,
    MIXED,
    SPLIT,
    SPLIT_TRICKS,
    SUITS,
    VOID,
    card,
    cards,
    check_deal,
    finish_deal,
    pass_cards,
    play,
    start,
)


def legal_cards(state: HeartsState) -> int:
    mask = 0
    for action in state.legal_actions():
        mask |= 1 << action.card  # type: ignore[attr-defined]
    return mask


def scored(state: HeartsState) -> list[HeartsDealScored]:
    return [e for e in state.events if isinstance(e, HeartsDealScored)]


def illegal_reason(state: HeartsState, text: str) -> str:
    """Apply the play (``"Q♠"``) or pass (``"pass Q♠"``) in `text`, which must be illegal, and
    return the reason the error gives (checked against `why_illegal` and the seat to act)."""
    action = PASS[card(text[5:])] if text.startswith("pass ") else PLAY[card(text)]
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    assert caught.value.reason == state.why_illegal(action)
    assert caught.value.player == state.current_player
    return caught.value.reason


# --- the deal ------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 7, 2024])
def test_each_player_is_dealt_13_cards(seed: int) -> None:
    state = parlour.load_game("hearts").new_state(seed=seed)
    assert [h.bit_count() for h in state.hands] == [13] * 4
    union = 0
    for hand in state.hands:
        assert not union & hand
        union |= hand
    assert union == DECK_52
    dealt = [e for e in state.events if isinstance(e, HandDealt)]
    assert [(e.seat, e.cards) for e in dealt] == list(enumerate(state.hands))


def test_fixed_hands_must_be_four_hands_of_13_distinct_cards() -> None:
    game = parlour.load_game("hearts")
    with pytest.raises(ParameterError, match="needs 4 hands"):
        game.new_state(seed=1, hands=MIXED[:3])
    short = [*MIXED[:3], "Q8♣ KT95♦ AKQJ♥ JT♠"]
    with pytest.raises(ParameterError, match="has 12 cards"):
        game.new_state(seed=1, hands=short)
    repeated = [*MIXED[:3], "Q8♣ KT95♦ AKQJ♥ JT2♠"]
    with pytest.raises(ParameterError, match="repeats a card"):
        game.new_state(seed=1, hands=repeated)
    with pytest.raises(ParameterError, match="unknown setup"):
        game.new_state(seed=1, deck="x")


def test_fixed_hands_accept_masks_and_notation_alike() -> None:
    game = parlour.load_game("hearts")
    by_text = game.new_state(seed=3, hands=MIXED)
    by_mask = game.new_state(seed=3, hands=check_deal(MIXED))
    assert by_text.hands == by_mask.hands == check_deal(MIXED)


# --- passing -------------------------------------------------------------------------------------
def test_pass_direction_cycles_left_right_across_none() -> None:
    game = parlour.load_game("hearts", end_score=10_000)
    assert [game.pass_offset(d) for d in range(8)] == [1, 3, 2, 0, 1, 3, 2, 0]
    state = game.new_state(seed=5)
    seen = []
    for deal in range(5):
        assert state.deal == deal
        seen.append(state.observe(0).pass_direction)
        start_events = len(state.events)
        finish_deal(state)
        passed = [e for e in state.events[start_events:] if isinstance(e, CardsPassed)]
        receivers = [e.receiver for e in passed]
        offset = {"left": 1, "right": 3, "across": 2, "none": 0}[seen[-1]]
        if offset:
            assert [e.giver for e in passed] == [0, 1, 2, 3]
            assert receivers == [(g + offset) % 4 for g in range(4)]
        else:
            assert passed == []
    assert seen == ["left", "right", "across", "none", "left"]


def test_each_player_passes_three_cards_to_the_seat_in_the_direction() -> None:
    state = start(MIXED)  # deal 1: left, so seat 0 gives to seat 1
    before = list(state.hands)
    pass_cards(state, "K♣ Q♠ 2♥", "A♣ K♠ 7♥", "A♦ A♠ T♥", "A♥ K♥ Q♥")
    given = [cards("K♣ Q♠ 2♥"), cards("A♣ K♠ 7♥"), cards("A♦ A♠ T♥"), cards("A♥ K♥ Q♥")]
    for seat in range(4):
        giver = (seat - 1) % 4
        assert state.hands[seat] == (before[seat] & ~given[seat]) | given[giver]
        assert state.received[seat] == given[giver]
        assert state.hands[seat].bit_count() == 13


def test_passed_cards_arrive_only_after_all_three_are_chosen() -> None:
    state = start(MIXED)
    original = list(state.hands)
    # seat 0 chooses; nobody receives anything, and seat 1 keeps choosing from its own hand
    pass_cards(state, "K♣ Q♠ 2♥")
    assert state.current_player == 1
    assert state.hands == original
    assert state.observe(1).hand == original[1]
    assert state.observe(1).received == 0
    assert {a.card for a in state.legal_actions()} == {  # type: ignore[attr-defined]
        c for c in CARDS_52 if original[1] >> c & 1
    }
    # seats 1 and 2 choose; still nothing has moved
    pass_cards(state, "A♣ K♠ 7♥", "A♦ A♠ T♥")
    state.apply(PASS[card("A♥")])
    state.apply(PASS[card("K♥")])
    assert state.hands == original
    assert all(r == 0 for r in state.received)
    assert state.observe(3).passed == cards("A♥ K♥")
    # the last card of the last seat completes the exchange
    state.apply(PASS[card("Q♥")])
    assert state.observe(1).received == cards("K♣ Q♠ 2♥")
    assert state.observe(0).received == cards("A♥ K♥ Q♥")


def test_a_card_cannot_be_chosen_twice_or_without_holding_it() -> None:
    state = start(MIXED)
    state.apply(PASS[card("K♣")])
    assert PASS[card("K♣")] not in state.legal_actions()
    assert "already chosen to pass" in illegal_reason(state, "pass K♣")
    assert "does not hold A♣" in illegal_reason(state, "pass A♣")
    assert len(state.legal_actions()) == 12


def test_holder_of_two_of_clubs_leads_first_trick() -> None:
    state = start(MIXED)
    assert state.hands[0] >> card("2♣") & 1
    pass_cards(state, "2♣ K♣ Q♠", "A♣ K♠ 7♥", "A♦ A♠ T♥", "A♥ K♥ Q♥")
    # seat 0 passed the 2♣ left, so seat 1 holds it now and leads it
    assert state.current_player == 1
    assert state.leader == 1
    assert list(state.legal_actions()) == [PLAY[card("2♣")]]
    assert "2♣ must lead" in illegal_reason(state, "K♣")


def test_no_pass_hand_starts_play_immediately() -> None:
    state = start(MIXED, passing="none")
    assert state.observe(0).phase == "play"
    assert state.observe(0).pass_direction == "none"
    assert state.current_player == 0
    assert list(state.legal_actions()) == [PLAY[card("2♣")]]
    assert not any(isinstance(e, PassChosen) for e in state.events)
    # in the default cycle, the fourth hand has no passing either
    game = parlour.load_game("hearts", end_score=10_000)
    cycled = game.new_state(seed=11)
    for _ in range(3):
        finish_deal(cycled)
    assert cycled.deal == 3
    assert cycled.observe(0).phase == "play"
    assert cycled.hands == game.deal_hands(11, 3)
    assert cycled.hands[cycled.current_player] >> card("2♣") & 1  # type: ignore[index]


def test_passing_parameter_sets_the_cycle() -> None:
    across = parlour.load_game("hearts", passing="across")
    assert [across.pass_offset(d) for d in range(3)] == [2, 2, 2]
    custom = parlour.load_game("hearts", passing="right, none")
    assert [custom.pass_offset(d) for d in range(4)] == [3, 0, 3, 0]
    assert custom.passing == "right,none"
    state = start(MIXED, passing="across")
    pass_cards(state, "K♣ Q♠ 2♥", "A♣ K♠ 7♥", "A♦ A♠ T♥", "A♥ K♥ Q♥")
    assert state.received[2] == cards("K♣ Q♠ 2♥")
    assert state.received[0] == cards("A♦ A♠ T♥")


@pytest.mark.parametrize("bad", ["up", "left,sideways", "", "left,,right"])
def test_bad_pass_direction_raises_parameter_error(bad: str) -> None:
    with pytest.raises(ParameterError, match="passing") as caught:
        parlour.load_game("hearts", passing=bad)
    assert "left, right, across, none" in str(caught.value)


# --- play ----------------------------------------------------------------------------------------
def test_must_follow_suit_if_able() -> None:
    state = start(MIXED, passing="none")
    play(state, "2♣")
    assert legal_cards(state) == cards("AT63♣")
    reason = illegal_reason(state, "3♦")
    assert "must follow suit" in reason
    assert "AT63♣" in reason
    play(state, "T♣")
    assert legal_cards(state) == cards("J74♣")


def test_a_player_void_in_the_led_suit_may_play_any_other_card() -> None:
    state = start(VOID, passing="none")
    play(state, "2♣ 3♣ 4♣")
    # seat 3 has no clubs; on the first trick it may play anything but points
    assert legal_cards(state) == cards("KT9652♦ JT9♠")
    play(state, "2♦")
    # later, a void seat may play hearts too
    play(state, "7♣")  # seat 2 won with the 4♣ and leads
    assert legal_cards(state) == cards("KT965♦ AKQJ♥ JT9♠")


def test_no_heart_or_queen_of_spades_on_first_trick_unless_nothing_else() -> None:
    state = start(VOID, passing="none")
    play(state, "2♣ 3♣ 4♣")
    assert not legal_cards(state) & cards("AKQJ♥")
    reason = illegal_reason(state, "A♥")
    assert "first trick" in reason
    queen = start(SUITS, passing="none")
    play(queen, "2♣ 2♦ 2♥")
    assert legal_cards(queen) == cards("AKJT98765432♠")
    assert "first trick" in illegal_reason(queen, "Q♠")


def test_point_card_allowed_on_first_trick_when_hand_is_all_points() -> None:
    state = start(ALL_POINTS, passing="none")
    play(state, "2♣ 2♦")
    # seat 2 holds only the Q♠ and hearts: every card is legal, the queen included
    assert legal_cards(state) == cards("Q♠ KQJT98765432♥")
    play(state, "Q♠")
    # seat 3 holds spades as well as the A♥, so the heart is still barred
    assert legal_cards(state) == cards("AKJT98765432♠")
    suits = start(SUITS, passing="none")
    play(suits, "2♣ 2♦")
    assert legal_cards(suits) == SUIT_MASKS[HEARTS]


def test_highest_card_of_led_suit_wins_and_winner_leads() -> None:
    state = start(VOID, passing="none")
    play(state, "2♣ A♣ 4♣ K♦")
    won = [e for e in state.events if isinstance(e, TrickWon)]
    assert [(w.winner, w.leader, w.cards) for w in won] == [
        (1, 0, tuple(card(c) for c in ("2♣", "A♣", "4♣", "K♦")))
    ]
    assert state.current_player == 1
    assert state.leader == 1
    # a higher card of another suit never wins: the T♦ loses to the 7♣
    play(state, "3♣ 7♣ T♦ 5♣")
    assert [e for e in state.events if isinstance(e, TrickWon)][-1].winner == 2
    assert state.current_player == 2
    assert state.taken[2] == cards("3♣ 7♣ T♦ 5♣")


def test_hearts_cannot_be_led_until_broken() -> None:
    state = start(VOID, passing="none")
    play(state, "2♣ 3♣ 4♣ 2♦")  # seat 2 wins and leads; no heart has been played
    assert not state.observe(2).hearts_broken
    assert legal_cards(state) == cards("J7♣ AQ84♦ A87♠")
    assert "hearts are not broken" in illegal_reason(state, "T♥")
    play(state, "7♣ A♥ 5♣ 6♣")  # seat 3, void in clubs, plays a heart: hearts are broken
    assert state.observe(0).hearts_broken
    assert state.current_player == 2
    assert legal_cards(state) == cards("J♣ AQ84♦ T98♥ A87♠")
    play(state, "8♥")


def test_hearts_may_be_led_when_leader_holds_only_hearts() -> None:
    state = start(HEART_LEADER, passing="none")
    play(state, "2♣ 2♦ A♣ 2♠")
    assert state.current_player == 2
    assert not state.broken
    assert legal_cards(state) == cards("KQJT98765432♥")
    play(state, "2♥")


@pytest.mark.parametrize("variant", [False, True])
def test_queen_breaks_hearts_variant(variant: bool) -> None:
    state = start(VOID, passing="none", queen_breaks_hearts=variant)
    play(state, "2♣ 3♣ 4♣ 2♦", "7♠ 9♠ Q♠ K♠")  # seat 1 takes the queen and leads
    assert state.current_player == 1
    assert state.observe(1).hearts_broken is variant
    hearts = cards("765♥")
    assert bool(legal_cards(state) & hearts) is variant
    assert legal_cards(state) & ~hearts == cards("AT6♣ J73♦ 65♠")


# --- scoring -------------------------------------------------------------------------------------
def test_heart_and_queen_points() -> None:
    game = parlour.load_game("hearts")
    assert game.card_points(cards("AKQJT98765432♥")) == 13
    assert game.card_points(cards("Q♠")) == 13
    assert game.card_points(cards("Q♠ 2♥ J♦ A♠ K♣")) == 14
    state = start(SPLIT, passing="none", end_score=10_000)
    play(state, *SPLIT_TRICKS)
    won = [e for e in state.events if isinstance(e, TrickWon)]
    assert [(w.winner, w.points) for w in won] == [(3, 1), (0, 14)]
    assert state.observe(2).points_taken == (14, 0, 0, 1)
    finish_deal(state)
    assert state.results == ((25, 0, 0, 1),)
    assert state.scores() == (25, 0, 0, 1)
    (event,) = scored(state)
    assert event.points == (25, 0, 0, 1)
    assert event.moon_shooter is None
    assert sum(event.points) == 26


def test_jack_of_diamonds_variant_scores_minus_ten() -> None:
    game = parlour.load_game("hearts", jack_of_diamonds=True)
    assert game.card_points(cards("J♦")) == -10
    assert game.card_points(cards("J♦ Q♠ 3♥")) == 4
    assert parlour.load_game("hearts").card_points(cards("J♦")) == 0
    state = start(SPLIT, passing="none", end_score=10_000, jack_of_diamonds=True)
    play(state, *SPLIT_TRICKS)
    finish_deal(state)
    assert state.results == ((15, 0, 0, 1),)  # seat 0 took the J♦ in a later trick


def test_shooting_the_moon_adds_26_to_opponents() -> None:
    state = start(SUITS, passing="none", end_score=10_000)
    finish_deal(state)
    won = [e for e in state.events if isinstance(e, TrickWon)]
    assert [e.winner for e in won] == [0] * 13  # seat 0 won every trick
    assert state.results == ((0, 26, 26, 26),)
    (event,) = scored(state)
    assert event.moon_shooter == 0
    assert "shot the moon" in event.describe()


def test_moon_needs_every_heart_and_the_queen() -> None:
    # seat 0 takes 25 points but not the heart of trick 1: no moon
    state = start(SPLIT, passing="none", end_score=10_000)
    play(state, *SPLIT_TRICKS)
    finish_deal(state)
    assert scored(state)[0].moon_shooter is None


def test_moon_subtract_variant() -> None:
    state = start(SUITS, passing="none", end_score=10_000, moon="subtract")
    finish_deal(state)
    assert state.results == ((-26, 0, 0, 0),)
    assert scored(state)[0].moon_shooter == 0
    with pytest.raises(ParameterError, match="must be one of"):
        parlour.load_game("hearts", moon="double")


# --- the end of the game -------------------------------------------------------------------------
def test_game_ends_after_the_hand_reaching_end_score() -> None:
    state = start(SPLIT, passing="none", end_score=20)
    play(state, *SPLIT_TRICKS)
    # seat 0 passes 20 points in the middle of the hand: the hand is still played out
    while len(state.tricks) < 12:
        state.apply(state.legal_actions()[0])
        assert not state.is_terminal
    assert state.observe(0).points_taken[0] >= 20
    finish_deal(state)
    assert state.is_terminal
    assert state.current_player is None
    assert state.legal_actions() == ()
    assert state.scores() == (25, 0, 0, 1)
    assert isinstance(state.events[-1], GameOver)


@pytest.mark.parametrize(("end_score", "over"), [(24, True), (25, True), (26, False)])
def test_end_score_parameter(end_score: int, over: bool) -> None:
    state = start(SPLIT, passing="none", end_score=end_score)
    play(state, *SPLIT_TRICKS)
    finish_deal(state)
    assert state.is_terminal is over
    if not over:
        assert state.deal == 1
        assert state.hands == state.game.deal_hands(state.seed, 1)


def test_default_game_ends_at_100() -> None:
    game = parlour.load_game("hearts")
    assert game.end_score == 100
    assert not game.is_game_over((99, 0, 50, 26))
    assert game.is_game_over((100, 0, 50, 26))
    state = game.new_state(seed=9)
    while not state.is_terminal:
        totals = state.scores()
        assert max(totals) < 100
        finish_deal(state)
    assert max(state.scores()) >= 100


def test_lowest_total_wins_and_ties_share_the_win() -> None:
    tie = start(SPLIT, passing="none", end_score=25)
    play(tie, *SPLIT_TRICKS)
    finish_deal(tie)
    assert tie.scores() == (25, 0, 0, 1)
    assert tie.winners() == (1, 2)
    assert tie.returns() == (-25.0, 0.0, 0.0, -1.0)
    over = tie.events[-1]
    assert isinstance(over, GameOver)
    assert over.winners == (1, 2)
    assert "winners: seat 1, seat 2" in over.describe()
    moon = start(SUITS, passing="none", end_score=26)
    finish_deal(moon)
    assert moon.is_terminal
    assert moon.winners() == (0,)


# --- illegal actions say why ---------------------------------------------------------------------
def test_illegal_play_during_passing_says_players_are_passing() -> None:
    state = start(MIXED)
    assert "passing cards now" in illegal_reason(state, "2♣")


def test_illegal_pass_during_play_says_passing_is_over() -> None:
    state = start(MIXED, passing="none")
    assert "passing is over" in illegal_reason(state, "pass 2♣")


def test_illegal_card_not_held_says_so() -> None:
    state = start(MIXED, passing="none")
    play(state, "2♣")
    assert "seat 1 does not hold K♣" in illegal_reason(state, "K♣")


def test_illegal_action_error_names_action_player_and_reason() -> None:
    state = start(MIXED, passing="none")
    play(state, "2♣")
    with pytest.raises(IllegalActionError) as caught:
        state.apply(PLAY[card("3♦")])
    message = str(caught.value)
    assert "'3♦'" in message
    assert "seat 1" in message
    assert "must follow suit" in message
    assert "\n" not in message
    assert caught.value.action == PLAY[card("3♦")]


def test_no_action_is_legal_once_the_game_is_over() -> None:
    state = start(SUITS, passing="none", end_score=1)
    finish_deal(state)
    assert state.is_terminal
    with pytest.raises(IllegalActionError, match="game is over") as caught:
        state.apply(PLAY[card("2♣")])
    assert caught.value.player is None


# --- undo and seeding ----------------------------------------------------------------------------
def _view(state: HeartsState) -> tuple[object, ...]:
    return (state._snapshot(), list(state.history), list(state.events),
            [state.observe(s) for s in range(4)], tuple(state.legal_actions()))


def test_undo_across_a_deal_boundary_restores_exactly() -> None:
    state = start(SPLIT, passing="none,right", end_score=10_000, seed=42)
    play(state, *SPLIT_TRICKS)
    while len(state.tricks) < 12 or len(state.trick) < 3:
        state.apply(state.legal_actions()[0])
    before = _view(state)
    last = state.legal_actions()[0]
    state.apply(last)  # the 52nd card: the deal is scored and the next one dealt
    assert state.deal == 1
    assert state.phase == 0  # passing right
    assert state.hands == state.game.deal_hands(42, 1)
    assert state.history[-1].player == CHANCE
    assert isinstance(state.history[-1].action, Deal)
    assert any(isinstance(e, DealStarted) and e.deal == 1 for e in state.events)
    after = _view(state)
    state.undo()
    assert _view(state) == before
    state.apply(last)
    assert _view(state) == after
    while state.can_undo:
        state.undo()
    assert _view(state) == _view(start(SPLIT, passing="none,right", end_score=10_000, seed=42))


def test_seeded_deals_depend_only_on_seed_and_deal_number() -> None:
    game = parlour.load_game("hearts", end_score=10_000)
    for seed in (0, 1, 99):
        for deal in range(3):
            expected = deal_masks(CARDS_52, make_rng(seed, "deal", deal), (13,) * 4)
            assert game.deal_hands(seed, deal) == expected
    assert game.deal_hands(1, 0) != game.deal_hands(2, 0)
    assert game.deal_hands(1, 0) != game.deal_hands(1, 1)
    assert parlour.load_game("hearts", moon="subtract").deal_hands(5, 2) == game.deal_hands(5, 2)
    # how the first deal is played, and whether it was fixed, never changes the next deal
    low = game.new_state(seed=8)
    assert low.hands == game.deal_hands(8, 0)
    high = game.new_state(seed=8)
    fixed = game.new_state(seed=8, hands=MIXED)
    finish_deal(low)
    while high.deal == 0:
        high.apply(high.legal_actions()[-1])
    finish_deal(fixed)
    assert low.moves() != high.moves()
    assert low.hands == high.hands == fixed.hands == game.deal_hands(8, 1)


def test_same_seed_same_game() -> None:
    game = parlour.load_game("hearts", end_score=40)
    a, b = game.new_state(seed=123), game.new_state(seed=123)
    rng_a, rng_b = Random(4), Random(4)
    while not a.is_terminal:
        a.apply(a.legal_actions()[rng_a.randrange(len(a.legal_actions()))])
        b.apply(b.legal_actions()[rng_b.randrange(len(b.legal_actions()))])
    assert a.history == b.history
    assert a.scores() == b.scores()


# --- observations --------------------------------------------------------------------------------
def _swap(hands: list[str], a: int, b: int, card_a: str, card_b: str) -> list[str]:
    """`hands` with `card_a` (held by seat a) and `card_b` (held by b) exchanged."""
    masks = check_deal(hands)
    masks[a] = masks[a] & ~cards(card_a) | cards(card_b)
    masks[b] = masks[b] & ~cards(card_b) | cards(card_a)
    return [format_cards(m) for m in masks]


def test_observation_hides_other_hands() -> None:
    other = _swap(MIXED, 1, 2, "K♠", "A♠")  # seat 0 cannot tell these deals apart
    a, b = start(MIXED), start(other)
    assert a.observe(0) == b.observe(0)
    assert a.observe(1) != b.observe(1)
    obs = a.observe(0)
    assert isinstance(obs, HeartsObservation)
    assert obs.hand == cards(MIXED[0])
    assert obs.legal_actions  # seat 0 is to pass
    assert a.observe(1).legal_actions == ()  # only the seat to act gets legal actions
    # after the exchange and some play, still equal for seat 0 (seats 1 and 2 pass alike)
    for state in (a, b):
        pass_cards(state, "K♣ Q♠ 2♥", "A♣ 7♥ 6♥", "A♦ T♥ 9♥", "A♥ K♥ Q♥")
        play(state, "2♣ K♣ 4♣ 8♣")
    assert a.observe(0) == b.observe(0)
    assert a.observe(3) == b.observe(3)


def test_observation_hides_other_players_passed_cards() -> None:
    a, b = start(MIXED), start(MIXED)
    pass_cards(a, "K♣ Q♠ 2♥", "A♣ K♠ 7♥", "A♦ A♠ T♥")
    pass_cards(b, "K♣ Q♠ 2♥", "A♣ K♠ 7♥", "A♦ 8♠ 9♥")
    assert a.observe(0) == b.observe(0)
    assert a.observe(1) == b.observe(1)
    assert a.observe(2) != b.observe(2)
    assert a.observe(2).passed == cards("A♦ A♠ T♥")
    # during the choosing too: seat 1's view does not change while seat 0 chooses
    c = start(MIXED)
    view = c.observe(1)
    c.apply(PASS[card("K♣")])
    c.apply(PASS[card("Q♠")])
    assert c.observe(1) == view
    assert c.observe(0).passed == cards("K♣ Q♠")


def test_observation_shows_own_passed_and_received_cards() -> None:
    state = start(MIXED)
    pass_cards(state, "K♣ Q♠ 2♥", "A♣ K♠ 7♥", "A♦ A♠ T♥", "A♥ K♥ Q♥")
    obs = state.observe(0)
    assert obs.phase == "play"
    assert obs.passed == cards("K♣ Q♠ 2♥")
    assert obs.received == cards("A♥ K♥ Q♥")
    assert obs.hand == cards("952♣ 62♦ AKQ43♥ 432♠")
    assert state.observe(1).received == cards("K♣ Q♠ 2♥")
    assert state.observe(1).passed == cards("A♣ K♠ 7♥")


# --- events --------------------------------------------------------------------------------------
def test_events_carry_the_right_visibility() -> None:
    state = start(MIXED, end_score=1)
    opening = list(state.events)
    assert isinstance(opening[0], DealStarted)
    assert opening[0].visible_to is None
    dealt = opening[1:]
    assert [type(e) for e in dealt] == [HandDealt] * 4
    for seat, event in enumerate(dealt):
        assert isinstance(event, HandDealt)
        assert event.visible_to == frozenset({seat})
        assert event.cards == cards(MIXED[seat])
        assert event.visible(seat)
        assert not event.visible((seat + 1) % 4)
    mark = len(state.events)
    pass_cards(state, "K♣ Q♠ 2♥", "A♣ K♠ 7♥", "A♦ A♠ T♥", "A♥ K♥ Q♥")
    chosen = [e for e in state.events[mark:] if isinstance(e, PassChosen)]
    assert len(chosen) == 12
    assert all(e.visible_to == frozenset({e.seat}) for e in chosen)
    exchanged = [e for e in state.events[mark:] if isinstance(e, CardsPassed)]
    assert [(e.giver, e.receiver, e.direction) for e in exchanged] == [
        (0, 1, "left"), (1, 2, "left"), (2, 3, "left"), (3, 0, "left")
    ]
    assert all(e.visible_to == frozenset({e.giver, e.receiver}) for e in exchanged)
    assert exchanged[0].cards == cards("K♣ Q♠ 2♥")
    mark = len(state.events)
    finish_deal(state)
    rest = state.events[mark:]
    played = [e for e in rest if isinstance(e, CardPlayed)]
    tricks = [e for e in rest if isinstance(e, TrickWon)]
    assert len(played) == 52
    assert len(tricks) == 13
    assert all(e.visible_to is None for e in [*played, *tricks])
    assert [t.trick for t in tricks] == list(range(13))
    assert sum(t.points for t in tricks) == 26
    deal_scored = [e for e in rest if isinstance(e, HeartsDealScored)]
    assert len(deal_scored) == 1
    assert deal_scored[0].visible_to is None
    assert deal_scored[0].totals == state.scores()
    assert isinstance(rest[-1], GameOver)
    assert rest[-1].visible_to is None
    assert rest[-1].winners == state.winners()
    for event in state.events:
        assert event.describe()


def test_quiet_states_emit_no_events() -> None:
    state = start(MIXED, passing="none")
    quiet = state.clone(quiet=True)
    count = len(quiet.events)
    finish_deal(quiet)
    assert len(quiet.events) == count
    finish_deal(state)
    assert state.scores() == quiet.scores()


# --- reading actions -----------------------------------------------------------------------------
def test_parse_action_reads_unicode_ascii_and_pass() -> None:
    state = start(MIXED)
    game = state.game
    assert game.parse_action("pass Q♠", state) == PASS[card("Q♠")]
    assert game.parse_action("PASS qs", state) == PASS[card("Q♠")]
    assert game.parse_action("Q♠", state) == PASS[card("Q♠")]  # the phase says it is a pass
    playing = start(MIXED, passing="none")
    assert game.parse_action("2♣", playing) == PLAY[card("2♣")]
    assert game.parse_action("qs", playing) == PLAY[card("Q♠")]
    assert game.parse_action(" 10h ", playing) == PLAY[card("T♥")]
    assert game.parse_action("pass Q♠", playing) == PASS[card("Q♠")]
    assert game.parse_action("Q♠") == PLAY[card("Q♠")]  # without a state: a play


def test_every_action_prints_and_parses_back() -> None:
    game = parlour.load_game("hearts")
    passing = start(MIXED)
    playing = start(MIXED, passing="none")
    for action_id in range(game.num_distinct_actions):
        action = game.action_from_id(action_id)
        assert action.id == action_id
        context = passing if str(action).startswith("pass") else playing
        assert game.parse_action(str(action), context) == action


def test_parse_action_infers_a_bare_rank_from_the_suit_to_follow() -> None:
    state = start(MIXED, passing="none")
    play(state, "2♣")
    # seat 1 holds A♣ and no other ace: 'a' is the A♣; '6' is the 6♣ (also a 6♠)
    assert state.game.parse_action("a", state) == PLAY[card("A♣")]
    assert state.game.parse_action("6", state) == PLAY[card("6♣")]
    # a bare rank read from an observation works the same way
    assert state.game.parse_action("6", state.observe(1)) == PLAY[card("6♣")]
    # not held in the led suit but held once: the J♦ (illegal, but it is what was meant)
    assert state.game.parse_action("J", state) == PLAY[card("J♦")]


def test_parse_action_infers_a_rank_held_only_once() -> None:
    state = start(MIXED, passing="none")
    play(state, "2♣ A♣ 4♣ 8♣")  # seat 1 leads
    assert state.game.parse_action("k", state) == PLAY[card("K♠")]
    assert state.game.parse_action("j", state) == PLAY[card("J♦")]


def test_parse_action_rejects_an_ambiguous_bare_rank() -> None:
    state = start(MIXED, passing="none")
    play(state, "2♣ A♣ 4♣ 8♣")  # seat 1 leads, holding 6♣ 6♥ 6♠
    with pytest.raises(NotationError, match="ambiguous") as caught:
        state.game.parse_action("6", state)
    message = str(caught.value)
    assert "6♣" in message
    assert "6♠" in message
    assert "'6'" in message
    with pytest.raises(NotationError, match="you hold no Q"):
        state.game.parse_action("Q", state)


@pytest.mark.parametrize("text", ["pass", "pass ", "X♠", "AK♠", "", "play Q♠"])
def test_parse_action_rejects_bad_text_and_quotes_it(text: str) -> None:
    state = start(MIXED)
    with pytest.raises(NotationError) as caught:
        state.game.parse_action(text, state)
    assert repr(text) in str(caught.value)
    assert "\n" not in str(caught.value)


# --- sampling hidden hands -----------------------------------------------------------------------
def _check_sample(state: HeartsState, seat: int, sample: HeartsState) -> None:
    assert sample.observe(seat) == state.observe(seat)
    for p in range(4):
        assert sample.hands[p].bit_count() == state.hands[p].bit_count()
    sample.check_invariants()


def test_sample_state_respects_a_shown_void() -> None:
    state = start(VOID, passing="none")
    play(state, "2♣ 3♣ 4♣ 2♦")  # seat 3 shows out of clubs
    obs = state.observe(0)
    rng = Random(1)
    clubs_held_by = set()
    for _ in range(200):
        sample = state.game.sample_state(obs, rng)
        _check_sample(state, 0, sample)
        assert not sample.hands[3] & SUIT_MASKS[0]
        clubs_held_by.update(p for p in (1, 2) if sample.hands[p] & SUIT_MASKS[0])
    assert clubs_held_by == {1, 2}  # the unseen clubs really are shared out at random


def test_sample_state_gives_my_passed_cards_to_their_receiver() -> None:
    state = start(MIXED)
    pass_cards(state, "K♣ Q♠ 2♥", "A♣ K♠ 7♥", "A♦ A♠ T♥", "A♥ K♥ Q♥")
    rng = Random(2)
    obs = state.observe(0)
    for _ in range(200):
        sample = state.game.sample_state(obs, rng)
        _check_sample(state, 0, sample)
        assert sample.hands[1] & cards("K♣ Q♠ 2♥") == cards("K♣ Q♠ 2♥")
    # the sampled state agrees on both exchanges seat 0 took part in
    assert sample.observe(1).received == cards("K♣ Q♠ 2♥")
    assert sample.observe(3).passed == cards("A♥ K♥ Q♥")
    play(state, "2♣ K♣")  # seat 1 plays one of the passed cards
    obs = state.observe(0)
    for _ in range(200):
        sample = state.game.sample_state(obs, rng)
        _check_sample(state, 0, sample)
        assert sample.hands[1] & cards("Q♠ 2♥") == cards("Q♠ 2♥")


def test_sample_state_knows_a_first_trick_point_card_means_only_points_are_left() -> None:
    state = start(SUITS, passing="none")
    play(state, "2♣ 2♦ 2♥ 2♠")
    obs = state.observe(0)
    rng = Random(3)
    for _ in range(50):
        sample = state.game.sample_state(obs, rng)
        _check_sample(state, 0, sample)
        assert sample.hands[2]
        assert not sample.hands[2] & ~POINT_CARDS


def test_sample_state_during_passing_keeps_my_choices() -> None:
    state = start(MIXED)
    pass_cards(state, "K♣ Q♠ 2♥")
    state.apply(PASS[card("A♣")])
    rng = Random(4)
    for seat in range(4):
        obs = state.observe(seat)
        for _ in range(20):
            sample = state.game.sample_state(obs, rng)
            _check_sample(state, seat, sample)
            assert sample.current_player == 1


# --- properties ----------------------------------------------------------------------------------
def _play_one_deal(state: HeartsState, rng: Random) -> HeartsDealScored:
    while state.deal == 0 and not state.is_terminal:
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return scored(state)[0]


def _points_from_tricks(state: HeartsState) -> list[int]:
    points = [0, 0, 0, 0]
    for event in state.events:
        if isinstance(event, TrickWon) and event.trick < 13:
            points[event.winner] += event.points
    return points


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), moves=st.integers(0, 2**32),
       moon=st.sampled_from(["add", "subtract"]))
def test_random_deals_give_26_points(seed: int, moves: int, moon: str) -> None:
    state = parlour.load_game("hearts", end_score=10_000, moon=moon).new_state(seed=seed)
    event = _play_one_deal(state, Random(moves))
    taken = _points_from_tricks(state)
    assert sum(taken) == 26
    if event.moon_shooter is None:
        assert list(event.points) == taken
    else:
        assert taken[event.moon_shooter] == 26
        assert sum(event.points) == (78 if moon == "add" else -26)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_a_moon_adds_78_points_in_all(seed: int) -> None:
    # seat 0 holds all the clubs and wins every trick, whatever the others discard
    state = start(SUITS, passing="none", end_score=10_000, seed=seed)
    event = _play_one_deal(state, Random(seed))
    assert event.moon_shooter == 0
    assert sum(event.points) == 78


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 64), seat=st.integers(0, 3))
def test_samples_respect_every_shown_void(seed: int, steps: int, seat: int) -> None:
    state = parlour.load_game("hearts", end_score=10_000).new_state(seed=seed)
    rng = Random(seed)
    for _ in range(steps):
        if state.deal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    obs = state.observe(seat)
    voids = [0, 0, 0, 0]
    for leader, trick in (*obs.tricks, (obs.leader, obs.trick)):
        for i, played in enumerate(trick):
            if played >> 4 != trick[0] >> 4:
                voids[(leader + i) % 4] |= SUIT_MASKS[trick[0] >> 4]
    for _ in range(5):
        sample = state.game.sample_state(obs, rng)
        _check_sample(state, seat, sample)
        for p in range(4):
            if p != seat:
                assert not sample.hands[p] & voids[p]
