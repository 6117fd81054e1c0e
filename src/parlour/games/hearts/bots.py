"""The Hearts heuristic (`heuristic`): card counting and named rules of thumb.

Each decision reads the observation once into a `Knowledge` (every card seen, voids inferred
from play, the cards this seat passed) and asks a short list of named rules, in order; the
first that chooses a card decides. The rules per situation are in `PASS_RULES`, `LEAD_RULES`,
`FOLLOW_RULES` and `DISCARD_RULES`; each one is a small function with a test position in
tests/games/hearts/test_heuristic_rules.py. The first version stays as `heuristic-v1`
(bots_v1.py). It reads only its `HeartsObservation`, like every agent.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from parlour.cards import ACE, CLUBS, DIAMONDS, HEARTS, SPADES, SUIT_MASKS, cards_of
from parlour.core import Action, Game, State
from parlour.games.hearts import heuristic_playouts
from parlour.games.hearts.actions import PASS, PLAY
from parlour.games.hearts.knowledge import (
    HEARTS_MASK,
    HIGH_SPADES,
    POINT_CARDS,
    QS_BIT,
    QUEEN_OF_SPADES,
    SPADES_MASK,
    Knowledge,
    above,
    below,
    bottom,
    top,
)
from parlour.games.hearts.observation import HeartsObservation

Rule = Callable[[Knowledge], int | None]
"""A rule of thumb: the card it chooses in this position, or None to leave it to the next."""

SPADE_GUARDS = 4
"""Spades besides the Q♠ (or the A♠/K♠) that make keeping it safe when passing."""


def _suit_length(hand: int, card: int) -> int:
    return (hand & SUIT_MASKS[card >> 4]).bit_count()


# --- passing ---------------------------------------------------------------------------------
def moon_hand(hand: int) -> bool:
    """A hand to shoot the moon with: seven or more hearts headed by A K Q, the Q♠ guarded by
    the A♠ or K♠ (or no Q♠ at all), and at most one side suit without its ace."""
    hearts = hand & HEARTS_MASK
    if hearts.bit_count() < 7 or (hearts >> (HEARTS << 4 | 12)) != 0b111:
        return False
    if hand & QS_BIT and not hand & HIGH_SPADES:
        return False
    weak = sum(1 for suit in (CLUBS, DIAMONDS, SPADES)
               if hand & SUIT_MASKS[suit] and not hand >> (suit << 4 | ACE) & 1)
    return weak <= 1


def pass_plan(hand: int) -> list[int]:
    """The three cards to pass from `hand`, in the order they are passed."""
    plan: list[int] = []
    for rule in PASS_RULES:
        for card in rule(hand, plan):
            if len(plan) < 3 and card not in plan:
                plan.append(card)
        if len(plan) == 3:
            break
    return plan


def pass_for_the_moon(hand: int, plan: list[int]) -> list[int]:
    """With a moon hand, pass the lowest cards: side cards below the king, then low hearts."""
    if not moon_hand(hand):
        return []
    side = [c for c in cards_of(hand & ~HEARTS_MASK) if c & 15 < 13]
    hearts = cards_of(hand & HEARTS_MASK)
    return (sorted(side, key=lambda c: c & 15) + hearts)[:3]


def pass_the_unguarded_queen(hand: int, plan: list[int]) -> list[int]:
    """Pass the Q♠ without enough low spades to hide behind, and the A♠/K♠ with it."""
    spades = (hand & SPADES_MASK).bit_count()
    if hand & QS_BIT and spades <= SPADE_GUARDS:
        return [QUEEN_OF_SPADES, *sorted(cards_of(hand & HIGH_SPADES), reverse=True)]
    return []


def pass_the_unguarded_high_spades(hand: int, plan: list[int]) -> list[int]:
    """Pass the A♠ and K♠ with few low spades: they would catch the Q♠."""
    if hand & QS_BIT:
        return []
    low = (hand & SPADES_MASK & ~HIGH_SPADES).bit_count()
    if low < SPADE_GUARDS - 1:
        return sorted(cards_of(hand & HIGH_SPADES), reverse=True)
    return []


def pass_to_void_a_suit(hand: int, plan: list[int]) -> list[int]:
    """Empty the shortest club or diamond suit that fits in the passes left, highest first."""
    room = 3 - len(plan)
    best: list[int] = []
    for suit in (CLUBS, DIAMONDS):
        cards = [c for c in cards_of(hand & SUIT_MASKS[suit]) if c not in plan]
        if not cards or len(cards) > room:
            continue
        if not best or (len(cards), -max(cards)) < (len(best), -max(best)):
            best = cards
    return sorted(best, reverse=True)


def pass_danger(hand: int, card: int) -> float:
    """How much a card costs to keep: high hearts, high cards of short suits; never low spades."""
    rank = card & 15
    suit = card >> 4
    if suit == HEARTS:
        return 2 * rank - 10
    if suit == SPADES:
        if (1 << card) & (QS_BIT | HIGH_SPADES):
            return rank - 20  # kept on purpose with many guards
        return rank - 14
    length = _suit_length(hand, card)
    return rank + 2 * max(0, 4 - length)


def pass_the_most_dangerous(hand: int, plan: list[int]) -> list[int]:
    """The rest: the most dangerous cards to keep (`pass_danger`)."""
    return sorted(cards_of(hand), key=lambda c: -pass_danger(hand, c))


PASS_RULES: tuple[Callable[[int, list[int]], list[int]], ...] = (
    pass_for_the_moon,
    pass_the_unguarded_queen,
    pass_the_unguarded_high_spades,
    pass_to_void_a_suit,
    pass_the_most_dangerous,
)


# --- leading ---------------------------------------------------------------------------------
def lead_for_the_moon(k: Knowledge) -> int | None:
    """Shooting: lead the top card, hearts first (they draw the hearts still out)."""
    if not k.can_shoot():
        return None
    hearts = k.legal & HEARTS_MASK
    if hearts:
        return top(hearts)
    bosses = [c for c in cards_of(k.legal) if k.is_boss(c)]
    return max(bosses, key=lambda c: c & 15) if bosses else None


def lead_to_stop_the_moon(k: Knowledge) -> int | None:
    """An opponent is shooting: lead a heart that wins, to take one point off them."""
    if k.moon_threat() is None:
        return None
    hearts = k.legal & HEARTS_MASK
    if hearts and k.is_boss(top(hearts)):
        return top(hearts)
    return None


def flush_the_queen(k: Knowledge) -> int | None:
    """The Q♠ is out and this seat holds no spade above the J: lead low spades to drive it out."""
    if not k.queen_out or k.hand & (QS_BIT | HIGH_SPADES):
        return None
    spades = k.legal & SPADES_MASK
    if not spades or (k.unseen & SPADES_MASK).bit_count() < 2:
        return None
    return bottom(spades)


def lead_risk(k: Knowledge, card: int) -> float:
    """Roughly the points this lead may cost: the chance it wins times what may fall on it."""
    suit = card >> 4
    out = k.unseen_in(suit)
    if not out:
        chance = 1.0  # nobody can follow: it wins, and takes what is thrown on it
    else:
        higher = (out & above(card)).bit_count()
        lower = (out & below(card)).bit_count()
        chance = 0.0 if higher == 0 and lower == 0 else (
            1.0 if higher == 0 else lower / (lower + higher) * 0.8)
    if chance == 0.0:
        return 0.0
    danger = 1.0
    if suit == HEARTS:
        danger += 3.0
    queen_at_risk = k.queen_out and (suit == SPADES or k.holds_void_seat(suit))
    if queen_at_risk:
        danger += 13.0
    elif k.holds_void_seat(suit) and k.unseen & HEARTS_MASK:
        danger += 2.0
    return chance * danger


def lead_safely(k: Knowledge) -> int | None:
    """Lead the card least likely to cost points; among equals, from the shortest suit, low."""
    candidates = [c for c in cards_of(k.legal)
                  if c != QUEEN_OF_SPADES and not ((1 << c) & HIGH_SPADES and k.queen_out)]
    if not candidates:
        return None
    hand = k.hand
    return min(candidates, key=lambda c: (round(lead_risk(k, c), 2), _suit_length(hand, c),
                                          c & 15))


LEAD_RULES: tuple[Rule, ...] = (lead_for_the_moon, lead_to_stop_the_moon, flush_the_queen,
                                lead_safely)


# --- following suit --------------------------------------------------------------------------
def follow_for_the_moon(k: Knowledge) -> int | None:
    """Shooting: win the trick with the top card."""
    if not k.can_shoot():
        return None
    best = top(k.legal)
    return best if best > k.winning else None


def take_points_from_the_shooter(k: Knowledge) -> int | None:
    """The would-be shooter is winning a trick with points: beat them as cheaply as possible."""
    shooter = k.moon_threat()
    if shooter is None or k.winner != shooter or not k.trick_points:
        return None
    beaters = k.legal & above(k.winning) & ~QS_BIT
    return bottom(beaters) if beaters else None


def drop_the_queen_under_a_higher_spade(k: Knowledge) -> int | None:
    """The A♠ or K♠ is winning a spade trick: give it the Q♠."""
    if k.legal & QS_BIT and k.winning > QUEEN_OF_SPADES:
        return QUEEN_OF_SPADES
    return None


def win_a_clean_last_trick(k: Knowledge) -> int | None:
    """Last to play to a trick without points: take it with the highest card, to shed it."""
    if not k.last_to_play or k.trick_points:
        return None
    safe = k.legal & ~QS_BIT
    if safe and top(safe) > k.winning:
        return top(safe)
    return None


def duck_as_high_as_possible(k: Knowledge) -> int | None:
    """Play the highest card that still loses to the winning card."""
    under = k.legal & below(k.winning) & ~QS_BIT
    return top(under) if under else None


def win_as_safely_as_possible(k: Knowledge) -> int | None:
    """Every card wins for now. Last, or with nothing to fear from the seats still to play,
    take it with the highest card; else play the lowest, hoping to be overtaken."""
    safe = k.legal & ~QS_BIT or k.legal
    if k.last_to_play:
        return top(safe)
    later = k.later_seats()
    suit = k.lead_suit
    feared = k.trick_points > 0 or (
        (k.queen_out and (suit == SPADES or k.holds_void_seat(suit, later)))
        or (k.holds_void_seat(suit, later) and k.unseen & HEARTS_MASK))
    return bottom(safe) if feared else top(safe)


FOLLOW_RULES: tuple[Rule, ...] = (follow_for_the_moon, take_points_from_the_shooter,
                                  drop_the_queen_under_a_higher_spade, win_a_clean_last_trick,
                                  duck_as_high_as_possible, win_as_safely_as_possible)


# --- discarding (void in the suit led) --------------------------------------------------------
def discard_for_the_moon(k: Knowledge) -> int | None:
    """Shooting: keep the points and the winners, throw the lowest side card."""
    if not k.can_shoot() or k.trick_points:
        return None
    side = k.legal & ~POINT_CARDS
    return min(cards_of(side), key=lambda c: c & 15) if side else None


def keep_points_from_the_shooter(k: Knowledge) -> int | None:
    """The would-be shooter is winning: give them no points, throw the worst other card."""
    shooter = k.moon_threat()
    if shooter is None or k.winner != shooter:
        return None
    clean = cards_of(k.legal & ~POINT_CARDS)
    return max(clean, key=lambda c: (discard_danger(k, c), c & 15)) if clean else None


def dump_the_queen(k: Knowledge) -> int | None:
    """Give the Q♠ to whoever wins this trick."""
    return QUEEN_OF_SPADES if k.legal & QS_BIT else None


def dump_high_spades(k: Knowledge) -> int | None:
    """The Q♠ is still out: shed the A♠ or K♠ that would catch it."""
    high = k.legal & HIGH_SPADES
    if k.queen_out and high:
        return top(high)
    return None


def discard_danger(k: Knowledge, card: int) -> float:
    """How much a card costs to keep when it can be thrown away now."""
    rank = card & 15
    suit = card >> 4
    if suit == HEARTS:
        # a heart that can never win is harmless; the rest go, high first
        return rank + 6 if k.unseen & HEARTS_MASK & below(card) else rank - 4
    if suit == SPADES and card < QUEEN_OF_SPADES and (k.queen_out or k.hand & QS_BIT):
        return rank - 12  # a guard against the Q♠
    length = _suit_length(k.hand, card)
    if not k.unseen & below(card):
        return rank - 8  # cannot win a trick of its suit
    return rank + (3 if length <= 2 else 0)


def dump_the_most_dangerous(k: Knowledge) -> int | None:
    """Throw the card most likely to win a costly trick later (`discard_danger`)."""
    return max(cards_of(k.legal), key=lambda c: (discard_danger(k, c), c & 15))


DISCARD_RULES: tuple[Rule, ...] = (discard_for_the_moon, keep_points_from_the_shooter,
                                   dump_the_queen, dump_high_spades, dump_the_most_dangerous)


def choose_play(k: Knowledge) -> tuple[int, str]:
    """The card to play and the name of the rule that chose it."""
    if k.legal & (k.legal - 1) == 0:
        return top(k.legal), "forced"
    if not k.trick:
        rules = LEAD_RULES
    elif k.hand & SUIT_MASKS[k.lead_suit]:
        rules = FOLLOW_RULES
    else:
        rules = DISCARD_RULES
    for rule in rules:
        card = rule(k)
        if card is not None and k.legal >> card & 1:
            return card, rule.__name__
    return top(k.legal), "highest"


def distinct_plays(observation: HeartsObservation, legal: int, chosen: int = -1) -> list[int]:
    """The legal cards that make different moves: one of each set of equivalent cards, the
    lowest, or `chosen` where it is in the set.

    Two cards of a suit are the same move when every card between them is in this hand or was
    played in a finished trick (a card in the trick in progress still counts: it may be beaten
    by one and not the other), and neither is the Q♠, the one card worth other points.
    """
    gone = 0
    for _, cards in observation.tricks:
        for played in cards:
            gone |= 1 << played
    plays: list[int] = []
    for suit in (CLUBS, DIAMONDS, SPADES, HEARTS):
        run = False
        for card in range(suit << 4 | 2, suit << 4 | (ACE + 1)):
            if card == QUEEN_OF_SPADES:
                if legal & QS_BIT:
                    plays.append(card)
                run = False
            elif legal >> card & 1:
                if not run:
                    plays.append(card)
                elif card == chosen:
                    plays[-1] = card
                run = True
            elif not gone >> card & 1:
                run = False
    return plays


class HeartsHeuristic:
    """Rule-of-thumb Hearts with card counting: see the module docstring and docs/agents.md.

    `last_rule` names the rule behind the latest decision.
    """

    def __init__(self, game: Game | None = None, seat: int = 0, rng: Random | None = None) -> None:
        self.rng = rng or Random(0)
        self.last_rule = ""

    def act(self, observation: HeartsObservation) -> Action:
        legal = 0
        for action in observation.legal_actions:
            legal |= 1 << action.card  # type: ignore[attr-defined]
        if observation.phase == "pass":
            hand = int(observation.hand)
            passed = int(observation.passed)
            for card in pass_plan(hand):
                if legal >> card & 1 and not passed >> card & 1:
                    self.last_rule = "pass_plan"
                    return PASS[card]
            self.last_rule = "pass_plan"
            return PASS[top(legal)]
        card, self.last_rule = choose_play(Knowledge.read(observation, legal))
        return PLAY[card]

    def lockstep_decider(self, state: State[Any]) -> Callable[[State[Any]], Action]:
        """What `parlour.rl.VectorEnv` calls for this seat's moves in states like `state`:
        the compiled heuristic where it may stand in for `act`
        (`heuristic_playouts.compiled_decider`), else `act` on the seat's observation. Both give
        `act`'s moves (`last_rule` is kept by `act` alone)."""
        decide = (heuristic_playouts.compiled_decider(state)  # type: ignore[arg-type]
                  if type(self).act is HeartsHeuristic.act else None)
        if decide is not None:
            return decide  # type: ignore[return-value]
        return self._act_on_observation

    def _act_on_observation(self, state: State[Any]) -> Action:
        seat = state.current_player
        assert seat is not None
        observation: Any = state.observe(seat)
        return self.act(observation)

    def candidates(self, observation: HeartsObservation) -> tuple[Action, ...]:
        """The moves a search agent weighs (``moves=auto``): this bot's own pass, and in the
        play one card of each set of equivalent ones (`distinct_plays`), this bot's own
        choice for its set."""
        return self.advise(observation)[1]

    def advise(self, observation: HeartsObservation) -> tuple[Action, tuple[Action, ...]]:
        """``(act(observation), candidates(observation))`` from one reading of the cards: what
        an advised learned agent asks for at each decision."""
        if observation.phase == "pass":
            move = self.act(observation)
            return move, (move,)
        legal = 0
        for action in observation.legal_actions:
            legal |= 1 << action.card  # type: ignore[attr-defined]
        if legal & (legal - 1) == 0:
            self.last_rule = "forced"
            return PLAY[top(legal)], tuple(observation.legal_actions)
        chosen, self.last_rule = choose_play(Knowledge.read(observation, legal))
        return PLAY[chosen], tuple(PLAY[card] for card in distinct_plays(observation, legal,
                                                                          chosen))
