"""The moves the Hearts heuristic proposes to search agents (``moves=auto``): its own pass, and
one card of each set of equivalent cards in the play."""

from __future__ import annotations

from parlour.cards import CardSet, iter_cards, parse_cards
from parlour.games.hearts import PASS, PLAY, HeartsObservation
from parlour.games.hearts.bots import HeartsHeuristic, distinct_plays
from tests.games.hearts.helpers import card
from tests.games.hearts.test_heuristic_rules import position, trick

PLAYED = (trick(0, "2♣ 3♣ 4♣ 5♣"), trick(1, "9♦ T♦ J♦ 2♦"))


def names(cards: list[int]) -> list[str]:
    return [str(PLAY[c]) for c in cards]


def legal_mask(obs: HeartsObservation) -> int:
    return sum(1 << a.card for a in obs.legal_actions)  # type: ignore[attr-defined]


def test_touching_cards_and_cards_around_played_ones_are_one_move() -> None:
    # 6♣ 7♣ touch; 8♣ is out, so 9♣ is another move; 9♦ T♦ J♦ were played: 8♦ Q♦ K♦ are one
    obs = position("6♣ 7♣ 9♣ 8♦ Q♦ K♦ J♠ Q♠ K♠ 4♥ 5♥", leader=0, tricks=PLAYED)
    assert names(distinct_plays(obs, legal_mask(obs))) == [
        "6♣", "9♣", "8♦", "J♠", "Q♠", "K♠", "4♥"]


def test_the_queen_of_spades_is_never_merged_with_its_neighbours() -> None:
    obs = position("J♠ Q♠ K♠ A♠", leader=0, tricks=PLAYED)
    assert names(distinct_plays(obs, legal_mask(obs))) == ["J♠", "Q♠", "K♠"]


def test_a_card_in_the_trick_in_progress_keeps_its_neighbours_apart() -> None:
    # the T♥ on the table beats the 9♥ and loses to the J♥
    obs = position("9♥ J♥ 2♠", trick="T♥", leader=3, tricks=PLAYED)
    assert names(distinct_plays(obs, legal_mask(obs))) == ["9♥", "J♥"]


def test_the_chosen_card_stands_for_its_set() -> None:
    obs = position("6♣ 7♣ 9♣ 8♦ Q♦ K♦", leader=0, tricks=PLAYED)
    assert names(distinct_plays(obs, legal_mask(obs), chosen=card("K♦"))) == [
        "6♣", "9♣", "K♦"]


def test_candidates_are_the_heuristics_choice_and_the_other_distinct_moves() -> None:
    obs = position("6♣ 7♣ 9♣ 8♦ Q♦ K♦ J♠ Q♠ K♠ 4♥ 5♥", leader=0, tricks=PLAYED)
    bot = HeartsHeuristic()
    chosen = bot.act(obs)
    proposed = bot.candidates(obs)
    assert chosen in proposed
    assert len(proposed) == 7
    assert set(proposed) <= set(obs.legal_actions)


def test_in_the_pass_the_heuristic_proposes_its_own_card_alone() -> None:
    hand = parse_cards("2♣ 3♣ 9♦ Q♠ A♥ K♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ T♥")
    obs = HeartsObservation(
        seat=0, current_player=0, legal_actions=tuple(PASS[c] for c in iter_cards(hand)),
        deal=0, phase="pass", pass_direction="left", hand=CardSet(hand), passed=CardSet(0),
        received=CardSet(0), leader=0, trick=(), tricks=(), hearts_broken=False,
        points_taken=(0, 0, 0, 0), scores=(0, 0, 0, 0), deal_results=(),
    )
    bot = HeartsHeuristic()
    assert bot.candidates(obs) == (bot.act(obs),)


def test_advice_is_the_move_and_the_candidates_at_every_decision_of_seeded_games() -> None:
    import parlour

    game = parlour.load_game("hearts")
    bot, other = HeartsHeuristic(), HeartsHeuristic()
    decisions = 0
    for seed in range(3):
        state = game.new_state(seed=seed)
        while not state.is_terminal and state.deal_number < 2:
            obs = state.observe(state.current_player)  # type: ignore[arg-type]
            move, candidates = bot.advise(obs)  # type: ignore[arg-type]
            assert move == other.act(obs)  # type: ignore[arg-type]
            assert bot.last_rule == other.last_rule
            assert candidates == other.candidates(obs)  # type: ignore[arg-type]
            state.apply(move)
            decisions += 1
    assert decisions > 300
