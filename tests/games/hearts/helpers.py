"""Fixed deals and scripted play for the Hearts tests.

The deals are written in the card notation, one hand per seat, and each is checked to be an
exact partition of the deck. `play` applies cards through `game.parse_action`, so the scripts
read like what a console player types.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import parlour
from parlour.agents import Agent
from parlour.cards import DECK_52, CardSet, iter_cards, parse_card, parse_cards
from parlour.cards.tricks import legal_follow
from parlour.games.hearts import PASS, PLAY, HeartsObservation, HeartsState
from parlour.games.hearts.knowledge import HEARTS_MASK

# Every seat holds one whole suit: seat 0 wins every trick and shoots the moon.
SUITS = ["AKQJT98765432♣", "AKQJT98765432♦", "AKQJT98765432♥", "AKQJT98765432♠"]

# Seat 3 wins trick 1 with the A♣ (1 point), leads the Q♠, and seat 0 takes it with the A♠;
# seat 0 then wins every other trick. With `finish_deal` the points are (25, 0, 0, 1), and
# seat 1 sheds the J♦ on a trick seat 0 wins.
SPLIT = ["KQJT98765432♣ A♠", "AKQJT98765432♦", "AKQJT98765432♥", "A♣ KQJT98765432♠"]
SPLIT_TRICKS = ["2♣ 2♦ 2♥ A♣", "Q♠ A♠ 3♦ 3♥"]

# A mixed deal where every seat holds every suit; seat 0 holds the 2♣ and the Q♠.
MIXED = ["K952♣ 62♦ 432♥ Q432♠", "AT63♣ J73♦ 765♥ K65♠",
         "J74♣ AQ84♦ T98♥ A87♠", "Q8♣ KT95♦ AKQJ♥ JT9♠"]

# Like MIXED, but seat 3 holds no clubs and seat 0 no diamonds.
VOID = ["KQ9852♣ 432♥ Q432♠", "AT63♣ J73♦ 765♥ K65♠",
        "J74♣ AQ84♦ T98♥ A87♠", "KT9652♦ AKQJ♥ JT9♠"]

# Seat 2 wins trick 1 with the A♣ and then holds nothing but hearts, which are not broken.
HEART_LEADER = ["KQJT98765432♣ A♥", "AKQJT98765432♦", "A♣ KQJT98765432♥", "AKQJT98765432♠"]

# Seat 2 holds only point cards (the Q♠ and twelve hearts); seat 3 holds the A♥ and spades.
ALL_POINTS = ["AKQJT98765432♣", "AKQJT98765432♦", "Q♠ KQJT98765432♥", "A♥ AKJT98765432♠"]


def check_deal(hands: list[str]) -> list[int]:
    """The hands as masks, after checking that they split the deck 13 apiece."""
    masks = [parse_cards(h) for h in hands]
    assert all(m.bit_count() == 13 for m in masks), hands
    union = 0
    for mask in masks:
        assert not union & mask, hands
        union |= mask
    assert union == DECK_52
    return masks


def start(hands: list[str], seed: int = 1, **params: Any) -> HeartsState:
    """A new game of Hearts with `params` whose first deal is `hands`."""
    check_deal(hands)
    game = parlour.load_game("hearts", **params)
    state = game.new_state(seed=seed, hands=hands)
    assert isinstance(state, HeartsState)
    return state


def play(state: HeartsState, *tricks: str) -> None:
    """Play the cards written in `tricks` (space-separated), in order, through parse_action."""
    for text in tricks:
        for card in text.split():
            state.apply(state.game.parse_action(card, state))


def pass_cards(state: HeartsState, *choices: str) -> None:
    """Each of `choices` is one seat's three cards to pass, applied in seat order."""
    for text in choices:
        for card in text.split():
            state.apply(state.game.parse_action(f"pass {card}", state))


def finish_deal(state: HeartsState) -> None:
    """Play the first legal action (lowest card, clubs first) until the deal ends."""
    deal = state.deal
    while not state.is_terminal and state.deal == deal:
        state.apply(state.legal_actions()[0])


def card(text: str) -> int:
    return parse_card(text)


def cards(text: str) -> int:
    return parse_cards(text)


FIRST_TRICK = (0, tuple(parse_card(c) for c in ("2♣", "3♣", "4♣", "5♣")))
"""A finished first trick led by seat 0 (everyone followed), so later tricks are not trick 1."""


def play_observation(
    hand: str,
    trick: str | Sequence[str] = "",
    *,
    leader: int = 1,
    seat: int = 0,
    taken: tuple[int, ...] = (0, 0, 0, 0),
    tricks: tuple[tuple[int, tuple[int, ...]], ...] = (FIRST_TRICK,),
    broken: bool = True,
    passed: str = "",
) -> HeartsObservation:
    """`seat`'s view in the play phase, built by hand as a bot sees it: to play from `hand` to
    `trick` (cards in notation, as one string or a list) led by `leader`."""
    mask = parse_cards(hand)
    texts = trick.split() if isinstance(trick, str) else trick
    played = tuple(parse_card(c) for c in texts)
    if played:
        legal = legal_follow(mask, played[0] >> 4)
    else:
        legal = mask if broken else (mask & ~HEARTS_MASK or mask)
    assert (leader + len(played)) % 4 == seat, "not this seat's turn in the trick"
    return HeartsObservation(
        seat=seat, current_player=seat, legal_actions=tuple(PLAY[c] for c in iter_cards(legal)),
        deal=0, phase="play", pass_direction="left", hand=CardSet(mask),
        passed=CardSet(parse_cards(passed) if passed else 0), received=CardSet(0),
        leader=leader, trick=played, tricks=tricks, hearts_broken=broken, points_taken=taken,
        scores=(0, 0, 0, 0), deal_results=(),
    )


def passed_by(bot: Agent, hand: str) -> CardSet:
    """The three cards `bot` passes (left) from `hand`, asked one at a time as the game does."""
    mask = parse_cards(hand)
    passed = 0
    for _ in range(3):
        legal = tuple(PASS[c] for c in iter_cards(mask & ~passed))
        obs = HeartsObservation(
            seat=0, current_player=0, legal_actions=legal, deal=0, phase="pass",
            pass_direction="left", hand=CardSet(mask), passed=CardSet(passed),
            received=CardSet(0), leader=0, trick=(), tricks=(), hearts_broken=False,
            points_taken=(0, 0, 0, 0), scores=(0, 0, 0, 0), deal_results=(),
        )
        action = bot.act(obs)
        assert action in legal, f"{action} is not a legal pass"
        passed |= 1 << action.card  # type: ignore[attr-defined]
    return CardSet(passed)
