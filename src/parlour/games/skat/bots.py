"""A Skat bot that plays sensibly: it bids its hand's worth, buries well, declares what the hand
supports, and plays by role (declarer, defender, Null, Ramsch) with card counting and voids.

It reads only its `SkatObservation`, like every agent.
"""

from __future__ import annotations

from itertools import combinations
from random import Random
from typing import Any

from parlour.cards import iter_cards
from parlour.core import Action, Game
from parlour.games.skat.actions import (
    BURY,
    DECLARE,
    HOLD,
    PASS,
    PICKUP,
    PLAY,
    Bid,
    Contract,
    Declare,
)
from parlour.games.skat.observation import SkatObservation, all_tricks
from parlour.games.skat.strength import best_option, bid_limit
from parlour.games.skat.tables import (
    ACES,
    CARD_POINTS,
    DECK,
    FOLLOW,
    NULL,
    POWER,
    SUIT32,
    TRUMPS,
    card_points,
)


def _cards(mask: int) -> list[int]:
    return list(iter_cards(mask))


def _winner(order: int, trick: tuple[int, ...]) -> int:
    """Index of the card winning `trick` so far."""
    eligible = FOLLOW[order][trick[0]] | TRUMPS[order]
    power = POWER[order]
    best = 0
    for i in range(1, len(trick)):
        if eligible >> trick[i] & 1 and power[trick[i]] > power[trick[best]]:
            best = i
    return best


def _beats(order: int, lead: int, card: int, best: int) -> bool:
    """True if `card` beats `best` in a trick led by `lead`."""
    eligible = FOLLOW[order][lead] | TRUMPS[order]
    return bool(eligible >> card & 1) and POWER[order][card] > POWER[order][best]


class _Reading:
    """What the bot works out from an observation during play."""

    def __init__(self, obs: SkatObservation) -> None:
        self.obs = obs
        self.seat = obs.seat
        self.order = obs.order if obs.order is not None else NULL
        self.hand = int(obs.hand)
        self.declarer = obs.declarer
        played = 0
        voids = dict.fromkeys(obs.seats, 0)
        nxt = {obs.seats[i]: obs.seats[(i + 1) % 3] for i in range(3)}
        for leader, cards in all_tricks(obs):
            p = leader
            for i, card in enumerate(cards):
                played |= 1 << card
                if i and not FOLLOW[self.order][cards[0]] >> card & 1:
                    voids[p] |= FOLLOW[self.order][cards[0]]
                p = nxt[p]
        self.played = played
        self.voids = voids
        self.next = nxt
        open_hand = int(obs.declarer_hand) if obs.declarer_hand is not None else 0
        self.open_hand = open_hand if self.declarer != self.seat else 0
        self.outstanding = DECK & ~played & ~self.hand & ~int(obs.skat) & ~self.open_hand
        self.unseen = self.outstanding | self.open_hand
        self.trick = obs.trick
        self.position = len(obs.trick)
        self.trumps = TRUMPS[self.order]

    def seat_after(self, k: int) -> int:
        """The seat that plays `k` cards after the leader of the current trick."""
        seat = self.obs.leader
        for _ in range(k):
            seat = self.next[seat]
        return seat

    def is_top(self, card: int) -> bool:
        """True if `card` beats every unseen card of its class (trumps, or its plain suit)."""
        rivals = self.unseen & FOLLOW[self.order][card]
        power = POWER[self.order]
        return all(power[r] < power[card] for r in iter_cards(rivals))


class SkatHeuristic:
    """Rule-of-thumb Skat for every phase and role."""

    def __init__(self, game: Game[Any] | None = None, seat: int = 0,
                 rng: Random | None = None) -> None:
        self.rng = rng or Random(0)

    def act(self, observation: SkatObservation) -> Action:
        obs = observation
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        phase = obs.phase
        if phase == "bidding":
            return self._bid(obs)
        if phase == "skat":
            return self._skat(obs)
        if phase == "bury":
            return self._bury(obs)
        if phase == "declare":
            return self._declare(obs)
        return PLAY[self._play(obs)]

    def candidates(self, observation: SkatObservation) -> tuple[Action, ...]:
        """The moves a search agent weighs (``moves=auto``): every legal card in the play, and
        this bot's own choice alone in bidding, taking the skat, burying and declaring, where
        searching every option with a few hundred iterations measured worse than these rules
        of thumb (docs/search.md)."""
        if observation.phase == "play":
            return observation.legal_actions
        return (self.act(observation),)

    # --- bidding and declaring ----------------------------------------------------------------
    def _bid(self, obs: SkatObservation) -> Action:
        limit = bid_limit(int(obs.hand))
        legal = obs.legal_actions
        if HOLD in legal:
            return HOLD if obs.bid <= limit else PASS
        bids = [a for a in legal if isinstance(a, Bid) and a.value <= limit]
        return min(bids, key=lambda a: a.value) if bids else PASS

    def _skat(self, obs: SkatObservation) -> Action:
        cards = int(obs.hand)
        option = best_option(cards, obs.bid, hand=True)
        if option.margin >= 0 and option.value >= obs.bid and option.contract in DECLARE:
            return DECLARE[option.contract]
        return PICKUP

    def _bury(self, obs: SkatObservation) -> Action:
        twelve = int(obs.hand)
        best_key: tuple[float, int] | None = None
        best_pair = 0
        for a, b in combinations(iter_cards(twelve), 2):
            pair = 1 << a | 1 << b
            rest = twelve & ~pair
            option = best_option(rest, obs.bid, all_cards=twelve)
            kept_points = option.margin + (0.0 if option.contract.is_null
                                           else 0.04 * card_points(pair))
            key = (kept_points if option.value >= obs.bid else kept_points - 10, -pair.bit_length())
            if best_key is None or key > best_key:
                best_key, best_pair = key, pair
        return BURY[best_pair]

    def _declare(self, obs: SkatObservation) -> Action:
        cards = int(obs.hand)
        option = best_option(cards, obs.bid, all_cards=cards | int(obs.skat))
        contract = option.contract
        if contract not in DECLARE or contract.hand:
            contract = Contract(contract.kind, ouvert=contract.ouvert and contract.is_null)
        action = DECLARE.get(contract)
        legal = obs.legal_actions
        if action is None or action not in legal:
            return next(a for a in legal if isinstance(a, Declare))
        return action

    # --- playing --------------------------------------------------------------------------------
    def _play(self, obs: SkatObservation) -> int:
        legal = 0
        for action in obs.legal_actions:
            legal |= 1 << action.card  # type: ignore[attr-defined]
        reading = _Reading(obs)
        contract = obs.contract
        if (contract is not None and contract.kind == "ramsch") or obs.declarer is None:
            return self._ramsch(reading, legal)
        if contract is not None and contract.is_null:
            if obs.declarer == obs.seat:
                return self._null_declarer(reading, legal)
            return self._null_defender(reading, legal)
        if obs.declarer == obs.seat:
            return self._declarer(reading, legal)
        return self._defender(reading, legal)

    @staticmethod
    def _cheapest(reading: _Reading, cards: int) -> int:
        """The card of `cards` worth least (points first, then strength)."""
        return min(iter_cards(cards), key=lambda c: (CARD_POINTS[c], POWER[reading.order][c]))

    @staticmethod
    def _richest(reading: _Reading, cards: int) -> int:
        """The card of `cards` worth most, keeping trumps if possible."""
        plain = cards & ~reading.trumps or cards
        return max(iter_cards(plain), key=lambda c: (CARD_POINTS[c], -POWER[reading.order][c]))

    def _winners(self, reading: _Reading, legal: int) -> int:
        """The legal cards that would win the trick as it stands."""
        trick = reading.trick
        best = trick[_winner(reading.order, trick)]
        return sum(1 << c for c in iter_cards(legal) if _beats(reading.order, trick[0], c, best))

    def _cheapest_winner(self, reading: _Reading, winners: int) -> int:
        order = reading.order
        return min(iter_cards(winners), key=lambda c: CARD_POINTS[c] + POWER[order][c] / 20)

    # declarer in a suit game or Grand
    def _declarer(self, reading: _Reading, legal: int) -> int:
        order, trumps = reading.order, reading.trumps
        if not reading.trick:
            mine = legal & trumps
            theirs = reading.outstanding & trumps
            if mine and theirs:
                top = max(iter_cards(mine), key=lambda c: POWER[order][c])
                if reading.is_top(top):
                    return top
                if mine.bit_count() > theirs.bit_count():
                    return min(iter_cards(mine), key=lambda c: POWER[order][c])
            side = legal & ~trumps
            for card in sorted(iter_cards(side), key=lambda c: -CARD_POINTS[c]):
                if reading.is_top(card) and not self._ruffable(reading, card):
                    return card
            if side:
                return self._short_low(reading, side)
            return min(iter_cards(legal), key=lambda c: POWER[order][c])
        winners = self._winners(reading, legal)
        points = sum(CARD_POINTS[c] for c in reading.trick)
        if winners:
            if reading.position == 2:
                return self._cheapest_winner(reading, winners)
            sure = [c for c in iter_cards(winners) if reading.is_top(c)]
            if sure and (points or len(sure) > 1):
                return min(sure, key=lambda c: POWER[order][c])
            follows = legal & ~trumps & FOLLOW[order][reading.trick[0]]
            if points >= 10 and winners & trumps and not follows:
                return self._cheapest_winner(reading, winners & trumps)
        return self._cheapest(reading, legal)

    def _ruffable(self, reading: _Reading, card: int) -> bool:
        """True if an opponent is known void in `card`'s suit and may hold trumps."""
        cls = FOLLOW[reading.order][card]
        return any(reading.voids[p] & cls for p in reading.obs.seats if p != reading.seat)

    def _short_low(self, reading: _Reading, side: int) -> int:
        """A low card from the shortest side suit (to make a void)."""
        def key(c: int) -> tuple[int, int, int]:
            length = (reading.hand & SUIT32[c >> 4] & ~reading.trumps).bit_count()
            return (CARD_POINTS[c] >= 10, length, POWER[reading.order][c])
        return min(iter_cards(side), key=key)

    # defender in a suit game or Grand
    def _defender(self, reading: _Reading, legal: int) -> int:
        order, trumps = reading.order, reading.trumps
        declarer = reading.declarer
        if not reading.trick:
            side = legal & ~trumps
            for card in iter_cards(side & ACES):
                if not reading.voids[declarer] & FOLLOW[order][card]:  # type: ignore[index]
                    return card
            safe = [c for c in iter_cards(side)
                    if not reading.voids[declarer] & FOLLOW[order][c]  # type: ignore[index]
                    and CARD_POINTS[c] < 10]
            if safe:
                return min(safe, key=lambda c: ((reading.hand & FOLLOW[order][c]).bit_count(),
                                                POWER[order][c]))
            return self._cheapest(reading, legal)
        trick = reading.trick
        lead_winner = reading.seat_after(_winner(order, trick))
        partner_wins = lead_winner != declarer
        points = sum(CARD_POINTS[c] for c in trick)
        winners = self._winners(reading, legal)
        if partner_wins:
            best = trick[_winner(order, trick)]
            led_plain = not trumps >> trick[0] & 1
            can_ruff = (led_plain
                        and reading.voids[declarer] & FOLLOW[order][trick[0]])  # type: ignore[index]
            if reading.position == 2 or (reading.is_top(best) and not can_ruff):
                return self._richest(reading, legal)
            return self._cheapest(reading, legal)
        if winners and (reading.position == 2 or points >= 10):
            if reading.position == 2:
                return self._cheapest_winner(reading, winners)
            sure = [c for c in iter_cards(winners) if reading.is_top(c)]
            if sure:
                return min(sure, key=lambda c: POWER[order][c])
        return self._cheapest(reading, legal)

    # Null
    def _null_declarer(self, reading: _Reading, legal: int) -> int:
        power = POWER[NULL]
        if not reading.trick:
            def danger(c: int) -> tuple[int, int]:
                cls = SUIT32[c >> 4]
                below = (reading.outstanding & cls & ((1 << c) - 1)).bit_count()
                above = (reading.outstanding & cls & ~((1 << (c + 1)) - 1)).bit_count()
                return (0 if above else 1, below - above)
            return min(iter_cards(legal), key=danger)
        trick = reading.trick
        best = trick[_winner(NULL, trick)]
        under = [c for c in iter_cards(legal) if not _beats(NULL, trick[0], c, best)]
        if under:
            return max(under, key=lambda c: power[c])
        return min(iter_cards(legal), key=lambda c: power[c])

    def _null_defender(self, reading: _Reading, legal: int) -> int:
        power = POWER[NULL]
        declarer = reading.declarer
        trick = reading.trick
        if not trick:
            known = reading.open_hand
            if known:
                for card in sorted(iter_cards(legal), key=lambda c: power[c]):
                    theirs = known & SUIT32[card >> 4]
                    if theirs and all(power[t] > power[card] for t in iter_cards(theirs)):
                        return card
            fresh = [c for c in iter_cards(legal)
                     if not reading.voids[declarer] & SUIT32[c >> 4]]  # type: ignore[index]
            return min(fresh or _cards(legal), key=lambda c: power[c])
        best_index = _winner(NULL, trick)
        if reading.seat_after(best_index) == declarer:
            bar = trick[best_index]
            under = [c for c in iter_cards(legal) if not _beats(NULL, trick[0], c, bar)]
            if under:
                return max(under, key=lambda c: power[c]) if legal & FOLLOW[NULL][trick[0]] \
                    else max(_cards(legal), key=lambda c: power[c])
        if not legal & FOLLOW[NULL][trick[0]]:
            return max(iter_cards(legal), key=lambda c: power[c])
        return min(iter_cards(legal), key=lambda c: power[c])

    # Ramsch (or any deal without a declarer): take as few points as possible
    def _ramsch(self, reading: _Reading, legal: int) -> int:
        order = reading.order
        power = POWER[order]
        trick = reading.trick
        if not trick:
            return min(iter_cards(legal), key=lambda c: (power[c] >= 100, CARD_POINTS[c] >= 10,
                                                           power[c]))
        best = trick[_winner(order, trick)]
        under = [c for c in iter_cards(legal) if not _beats(order, trick[0], c, best)]
        if under:
            return max(under, key=lambda c: (CARD_POINTS[c], power[c]))
        if reading.position == 2:
            return max(iter_cards(legal), key=lambda c: (power[c], -CARD_POINTS[c]))
        return min(iter_cards(legal), key=lambda c: (CARD_POINTS[c], power[c]))


__all__ = ["SkatHeuristic"]
