"""A Hearts bot that plays sensibly: it passes danger, ducks, dumps the Q♠ and blocks moon shots.

It reads only its `HeartsObservation`, like every agent.
"""

from __future__ import annotations

from random import Random

from parlour.cards import ACE, HEARTS, KING, SPADES, SUIT_MASKS, iter_cards, rank_of, suit_of
from parlour.core import Action, Game
from parlour.games.hearts.actions import PASS, PLAY
from parlour.games.hearts.observation import HeartsObservation
from parlour.games.hearts.rules import POINT_CARDS, QS_BIT, QUEEN_OF_SPADES

ACE_OF_SPADES = SPADES << 4 | ACE
KING_OF_SPADES = SPADES << 4 | KING
HIGH_SPADES = 1 << ACE_OF_SPADES | 1 << KING_OF_SPADES
MOON_WATCH = 10
"""Points one opponent must hold alone before the bot starts blocking a moon shot."""


def _cards(mask: int) -> list[int]:
    return list(iter_cards(mask))


def _points(cards: tuple[int, ...] | list[int]) -> int:
    return sum(1 for c in cards if suit_of(c) == HEARTS) + (13 if QUEEN_OF_SPADES in cards else 0)


class HeartsHeuristic:
    """Rule-of-thumb Hearts: pass danger, duck under the winner, dump the queen when void."""

    def __init__(self, game: Game | None = None, seat: int = 0, rng: Random | None = None) -> None:
        self.rng = rng or Random(0)

    def act(self, observation: HeartsObservation) -> Action:
        legal = 0
        for action in observation.legal_actions:
            legal |= 1 << action.card  # type: ignore[attr-defined]
        if observation.phase == "pass":
            return PASS[self._pass(observation, legal)]
        return PLAY[self._play(observation, legal)]

    # --- passing ----------------------------------------------------------------------------
    def _pass(self, obs: HeartsObservation, legal: int) -> int:
        hand = int(obs.hand) & ~int(obs.passed)
        spades = (hand & SUIT_MASKS[SPADES]).bit_count()

        def danger(card: int) -> float:
            suit, rank = suit_of(card), rank_of(card)
            length = (hand & SUIT_MASKS[suit]).bit_count()
            if card == QUEEN_OF_SPADES:
                return 100 if spades < 5 else 5
            if card in (ACE_OF_SPADES, KING_OF_SPADES):
                return 90 if spades < 5 else 8
            if suit == HEARTS:
                return 20 + 4 * rank if rank >= 10 else rank
            if suit == SPADES:
                return rank  # low spades protect against the queen
            return 2 * rank + (25 if length <= 2 else 0)

        return max(_cards(legal), key=danger)

    # --- playing ----------------------------------------------------------------------------
    def _play(self, obs: HeartsObservation, legal: int) -> int:
        cards = _cards(legal)
        if len(cards) == 1:
            return cards[0]
        played = 0
        for _, trick in obs.tricks:
            for c in trick:
                played |= 1 << c
        queen_out = not (played & QS_BIT)
        shooter = self._moon_threat(obs)
        if not obs.trick:
            return self._lead(obs, cards, queen_out, shooter)
        lead_suit = suit_of(obs.trick[0])
        if any(suit_of(c) == lead_suit for c in cards):
            return self._follow(obs, cards, lead_suit, shooter)
        return self._discard(obs, cards, queen_out, shooter)

    def _moon_threat(self, obs: HeartsObservation) -> int | None:
        """The opponent who has taken every point so far this deal, if that is a lot."""
        takers = [p for p, pts in enumerate(obs.points_taken) if pts > 0]
        if len(takers) == 1 and takers[0] != obs.seat and obs.points_taken[takers[0]] >= MOON_WATCH:
            return takers[0]
        return None

    def _winner(self, obs: HeartsObservation) -> tuple[int, int]:
        """(seat, card) currently winning the trick in progress."""
        lead = suit_of(obs.trick[0])
        best = max(c for c in obs.trick if suit_of(c) == lead)
        return (obs.leader + obs.trick.index(best)) % 4, best

    def _lead(self, obs: HeartsObservation, cards: list[int], queen_out: bool,
              shooter: int | None) -> int:
        hand = int(obs.hand)
        if shooter is not None:
            hearts = [c for c in cards if suit_of(c) == HEARTS]
            if hearts:
                return max(hearts)  # take a heart ourselves to stop the moon
        holds_high_spade = bool(hand & (HIGH_SPADES | QS_BIT))
        if queen_out and not holds_high_spade:
            spades = [c for c in cards if suit_of(c) == SPADES]
            if spades:
                return min(spades)  # flush the queen out
        safe = [c for c in cards if not (1 << c) & (POINT_CARDS | HIGH_SPADES)]
        pool = safe or cards
        # lead low from the shortest suit, to void it
        return min(pool, key=lambda c: (rank_of(c), (hand & SUIT_MASKS[suit_of(c)]).bit_count()))

    def _follow(self, obs: HeartsObservation, cards: list[int], lead_suit: int,
                shooter: int | None) -> int:
        in_suit = [c for c in cards if suit_of(c) == lead_suit]
        winner_seat, winning = self._winner(obs)
        last = len(obs.trick) == 3
        points_now = _points(obs.trick)
        if shooter is not None and winner_seat == shooter and points_now > 0:
            beaters = [c for c in in_suit if c > winning and c != QUEEN_OF_SPADES]
            if beaters:
                return min(beaters)  # take the points away from the shooter
        if lead_suit == SPADES and QUEEN_OF_SPADES in in_suit and winning > QUEEN_OF_SPADES:
            return QUEEN_OF_SPADES  # someone played A♠ or K♠: drop the queen on them
        under = [c for c in in_suit if c < winning]
        if last and points_now == 0:
            safe = [c for c in in_suit if c != QUEEN_OF_SPADES]
            if safe:
                return max(safe)  # a free trick: shed the highest card
        if under:
            return max(under)  # duck as high as possible
        non_queen = [c for c in in_suit if c != QUEEN_OF_SPADES]
        if last:
            return max(non_queen or in_suit)
        return max(non_queen) if non_queen else min(in_suit)

    def _discard(self, obs: HeartsObservation, cards: list[int], queen_out: bool,
                 shooter: int | None) -> int:
        winner_seat, _ = self._winner(obs)
        feeding_shooter = shooter is not None and winner_seat == shooter
        if feeding_shooter:
            clean = [c for c in cards if not (1 << c) & POINT_CARDS]
            if clean:
                return max(clean, key=rank_of)
        if QUEEN_OF_SPADES in cards:
            return QUEEN_OF_SPADES
        if queen_out:
            high_spades = [c for c in cards if (1 << c) & HIGH_SPADES]
            if high_spades:
                return max(high_spades)
        hearts = [c for c in cards if suit_of(c) == HEARTS]
        if hearts:
            return max(hearts)
        hand = int(obs.hand)
        return max(cards, key=lambda c: (rank_of(c), -(hand & SUIT_MASKS[suit_of(c)]).bit_count()))
