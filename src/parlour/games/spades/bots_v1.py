"""A Spades bot that plays sensibly: it bids its hand's trick-taking strength, plays to make the
partnership's contract, protects a partner's Nil, plays its own Nil safely, and ducks to avoid
bags once the contract is made.

It reads only its `SpadesObservation`, like every agent.
"""

from __future__ import annotations

from random import Random
from typing import Any

from parlour.cards import ACE, JACK, KING, QUEEN, SPADES, SUIT_MASKS, iter_cards, rank_of, suit_of
from parlour.core import Action, Game
from parlour.games.spades.actions import BID, BLIND_NIL, LOOK, PLAY
from parlour.games.spades.observation import SpadesObservation
from parlour.games.spades.rules import trick_winner

SPADES_MASK = SUIT_MASKS[SPADES]
SIDE_SUITS = (0, 1, 2)
NIL_CEILING = 0.9
"""Estimated tricks at or below which the bot considers bidding Nil."""
BLIND_NIL_DEFICIT = 200
"""How far behind the bot must be before it gambles on Blind Nil."""


def estimate_tricks(hand: int) -> float:
    """Expected tricks from a hand: honours, long spades and short side suits to ruff."""
    spades = hand & SPADES_MASK
    n_spades = spades.bit_count()
    ranks = {rank_of(c) for c in iter_cards(spades)}
    tricks = 0.0
    if ACE in ranks:
        tricks += 1
    if KING in ranks:
        tricks += 1 if n_spades >= 2 or ACE in ranks else 0.4
    if QUEEN in ranks:
        tricks += 1 if n_spades >= 3 else 0.4
    if JACK in ranks and n_spades >= 4:
        tricks += 0.5
    tricks += max(0, n_spades - 4)  # long trumps win late tricks
    spare = max(0, n_spades - 2)  # spades free to ruff with
    for suit in SIDE_SUITS:
        cards = hand & SUIT_MASKS[suit]
        length = cards.bit_count()
        held = {rank_of(c) for c in iter_cards(cards)}
        if ACE in held:
            tricks += 1 if length <= 5 else 0.6
        if KING in held and length >= 2:
            tricks += (0.9 if ACE in held else 0.7) if length <= 5 else 0.3
        if QUEEN in held and 3 <= length <= 4 and (ACE in held or KING in held):
            tricks += 0.4
        if spare and length <= 1:
            ruffs = min(spare, 2 - length)
            tricks += 0.6 * ruffs
            spare -= ruffs
    return tricks


def nil_safe(hand: int) -> bool:
    """True if the hand looks able to lose every trick: no high spades, few spades, low cards."""
    spades = hand & SPADES_MASK
    if spades.bit_count() > 3:
        return False
    if any(rank_of(c) >= QUEEN for c in iter_cards(spades)):
        return False
    for suit in SIDE_SUITS:
        cards = list(iter_cards(hand & SUIT_MASKS[suit]))
        high = [c for c in cards if rank_of(c) >= KING]
        low = [c for c in cards if rank_of(c) <= 7]
        if high and len(low) < 2:
            return False
    return estimate_tricks(hand) <= NIL_CEILING


class SpadesHeuristic:
    """Rule-of-thumb Spades: bid honest strength, make the contract, cover Nil, duck bags."""

    name = "spades.heuristic"

    def __init__(self, game: Game[Any] | None = None, seat: int = 0,
                 rng: Random | None = None) -> None:
        self.game = game
        self.rng = rng or Random(0)

    def act(self, observation: SpadesObservation) -> Action:
        if observation.phase == "blind":
            return self._blind(observation)
        if observation.phase == "bid":
            return self._bid(observation)
        legal = 0
        for action in observation.legal_actions:
            legal |= 1 << action.card  # type: ignore[attr-defined]
        return PLAY[_Play(observation, legal).choose()]

    # --- bidding ----------------------------------------------------------------------------
    def _blind(self, obs: SpadesObservation) -> Action:
        team = obs.team
        deficit = obs.scores[1 - team] - obs.scores[team]
        partner_blind = obs.blind[obs.partner]
        return BLIND_NIL if deficit >= BLIND_NIL_DEFICIT and not partner_blind else LOOK

    def _bid(self, obs: SpadesObservation) -> Action:
        hand = int(obs.hand)
        allowed = {a.tricks for a in obs.legal_actions}  # type: ignore[attr-defined]
        partner_bid = obs.bids[obs.partner]
        if 0 in allowed and partner_bid != 0 and nil_safe(hand):
            return BID[0]
        estimate = estimate_tricks(hand)
        if partner_bid == 0:
            estimate += 0.5  # carry the partnership while partner goes Nil
        bid = max(1, min(13, int(estimate + 0.8)))
        return BID[bid if bid in allowed else min(allowed, key=lambda b: abs(b - bid))]


class _Play:
    """One card-play decision; reads the observation once and picks a legal card."""

    def __init__(self, obs: SpadesObservation, legal: int) -> None:
        self.obs = obs
        self.legal = legal
        self.hand = int(obs.hand)
        seat, partner = obs.seat, obs.partner
        played = 0
        for _, cards in obs.tricks:
            for c in cards:
                played |= 1 << c
        for c in obs.trick:
            played |= 1 << c
        self.unseen = ~played & ~self.hand
        bids = obs.bids
        won = obs.tricks_won
        self.my_nil = bids[seat] == 0 and won[seat] == 0
        self.partner_nil = bids[partner] == 0 and won[partner] == 0
        contract = sum(b for b in (bids[seat], bids[partner]) if b)
        self.need = contract - won[seat] - won[partner]
        opponents = ((seat + 1) % 4, (seat + 3) % 4)
        self.opponent_nil = [p for p in opponents if bids[p] == 0 and won[p] == 0]

    # --- helpers ------------------------------------------------------------------------------
    def cards(self, mask: int | None = None) -> list[int]:
        return list(iter_cards(self.legal if mask is None else mask))

    def is_boss(self, card: int) -> bool:
        """No unseen card of the suit ranks above `card`."""
        suit_mask = SUIT_MASKS[card >> 4]
        above = suit_mask & ~((2 << card) - 1)
        return not (self.unseen & above)

    def winning(self) -> tuple[int, int]:
        """(seat, card) currently winning the trick in progress."""
        trick = self.obs.trick
        index = trick_winner(trick)
        return (self.obs.leader + index) % 4, trick[index]

    @staticmethod
    def beats(card: int, best: int) -> bool:
        """True if `card` would take the trick from `best` (a spade or of the suit led)."""
        if card >> 4 == best >> 4:
            return card > best
        return card >> 4 == SPADES

    # --- the decision ---------------------------------------------------------------------------
    def choose(self) -> int:
        cards = self.cards()
        if len(cards) == 1:
            return cards[0]
        if not self.obs.trick:
            return self.lead(cards)
        return self.follow(cards)

    def lead(self, cards: list[int]) -> int:
        side = [c for c in cards if suit_of(c) != SPADES]
        if self.my_nil:
            # lead the lowest card, preferably from a side suit where it is not the boss
            pool = [c for c in side if not self.is_boss(c)] or side or cards
            return min(pool, key=rank_of)
        if self.partner_nil:
            bosses = [c for c in cards if self.is_boss(c)]
            return max(bosses or side or cards, key=rank_of)
        if self.need > 0:
            bosses = [c for c in side if self.is_boss(c)]
            if bosses:
                return max(bosses, key=rank_of)
            spades = [c for c in cards if suit_of(c) == SPADES]
            if spades and self.is_boss(max(spades)) and len(spades) >= 3:
                return max(spades)  # draw the opponents' trumps
            if side:
                hand = self.hand
                spare_spades = (hand & SPADES_MASK).bit_count() >= 2
                def short_first(c: int) -> tuple[int, int]:
                    length = (hand & SUIT_MASKS[suit_of(c)]).bit_count()
                    return (length if spare_spades else -length, rank_of(c))
                return min(side, key=short_first)
            return min(cards)
        # contract made: lead low, never a boss if avoidable, to give tricks away
        pool = [c for c in side if not self.is_boss(c)] or side or cards
        return min(pool, key=rank_of)

    def follow(self, cards: list[int]) -> int:
        obs = self.obs
        lead = suit_of(obs.trick[0])
        winner_seat, best = self.winning()
        last = len(obs.trick) == 3
        partner_winning = winner_seat == obs.partner
        beaters = [c for c in cards if self.beats(c, best)]
        losers = [c for c in cards if c not in beaters]
        following = suit_of(cards[0]) == lead
        partner_to_play = not last and len(obs.trick) == 1  # partner sits two seats on

        if self.my_nil:
            if losers:
                # duck as high as possible; off-suit, shed the most dangerous card
                if following:
                    return max(losers)
                side = [c for c in losers if suit_of(c) != SPADES]
                return max(side or losers, key=rank_of)
            return max(beaters) if last else min(beaters)
        if self.partner_nil:
            if partner_winning and beaters:
                return min(beaters)  # take partner off the hook
            if partner_to_play and beaters:
                return max(beaters)  # win high so partner can play under
        if self.need > 0 or self.partner_nil:
            if partner_winning and (last or self.is_boss(best)):
                return self.cheapest(losers or cards, following)
            if beaters:
                if last:
                    return min(beaters, key=self.cost)
                if following:
                    bosses = [c for c in beaters if self.is_boss(c)]
                    if bosses:
                        return min(bosses)
                    if len(obs.trick) == 1 and not partner_winning:
                        return self.cheapest(losers or cards, following)  # second hand low
                    return max(beaters)
                return min(beaters, key=self.cost)  # ruff as cheaply as possible
            return self.cheapest(cards, following)
        # contract made: avoid bags by ducking
        if losers:
            if following:
                return max(losers)
            side = [c for c in losers if suit_of(c) != SPADES]
            return max(side or losers, key=rank_of)
        return max(beaters) if last else min(beaters, key=self.cost)

    @staticmethod
    def cost(card: int) -> tuple[int, int]:
        """Spending order: side cards before spades, low before high."""
        return (suit_of(card) == SPADES, rank_of(card))

    def cheapest(self, cards: list[int], following: bool) -> int:
        if following:
            return min(cards)
        side = [c for c in cards if suit_of(c) != SPADES]
        return min(side or cards, key=rank_of)
