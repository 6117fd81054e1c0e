"""The Spades heuristic (`heuristic`): counted tricks for bids, named rules of thumb for play.

Bidding counts sure and likely tricks (`count_tricks`) and bids Nil with a hand that can duck
every trick (`nil_hand`). In play, each decision reads the observation once into a `Reading`
(every card seen, voids inferred from play, each partnership's contract and tricks still
needed, the Nils still alive) and asks the rules of `LEAD_RULES` or `FOLLOW_RULES` in order;
the first that chooses a card decides. Every rule has a test position in
tests/games/spades/test_heuristic_rules.py. The first version stays as `heuristic-v1`
(bots_v1.py). It reads only its `SpadesObservation`, like every agent.
"""

from __future__ import annotations

from collections.abc import Callable
from random import Random
from typing import Any

from parlour.cards import ACE, DECK_52, KING, QUEEN, SPADES, SUIT_MASKS, cards_of
from parlour.core import Action, Game, State
from parlour.games.spades import heuristic_playouts
from parlour.games.spades.actions import BID, BLIND_NIL, LOOK, PLAY
from parlour.games.spades.observation import SpadesObservation
from parlour.games.spades.rules import trick_winner

SPADES_MASK = SUIT_MASKS[SPADES]
SIDE_SUITS = (0, 1, 2)
BLIND_NIL_DEFICIT = 200
"""How far behind the bot must be before it gambles on Blind Nil."""
BID_SHADE = 0.5
"""Taken off the counted tricks before rounding: a set costs more than a bag."""
NIL_LIMIT = 1.0
"""The most tricks (`count_tricks`) a hand may hold to bid Nil."""


def _rank_bit(suit: int, rank: int) -> int:
    return 1 << (suit << 4 | rank)


def above(card: int) -> int:
    """The cards of `card`'s suit ranking above it."""
    return SUIT_MASKS[card >> 4] & ~((2 << card) - 1)


def top(mask: int) -> int:
    return mask.bit_length() - 1


def bottom(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


# --- bidding ---------------------------------------------------------------------------------
def count_tricks(hand: int) -> float:
    """Sure and likely tricks: top spades and long trumps, side aces and guarded kings, and
    ruffs from short side suits with the spades not needed for the top tricks."""
    spades = hand & SPADES_MASK
    length = spades.bit_count()
    tricks = 0.0
    high = 0
    for rank, needed in ((ACE, 1), (KING, 2), (QUEEN, 3)):
        if spades & _rank_bit(SPADES, rank):
            covered = length >= needed
            tricks += 1.0 if covered else 0.4
            high += 1
    if spades & _rank_bit(SPADES, 11) and length >= 4:
        tricks += 1.0 if high == 3 else 0.6
        high += 1
    tricks += max(0, length - 3 - (1 if high >= 3 else 0)) * 0.9  # long trumps win late
    spare = max(0, length - high - 1)
    for suit in SIDE_SUITS:
        cards = hand & SUIT_MASKS[suit]
        n = cards.bit_count()
        if cards & _rank_bit(suit, ACE):
            tricks += 1.0 if n <= 4 else 0.7 if n <= 6 else 0.4
        if cards & _rank_bit(suit, KING) and n >= 2:
            tricks += (0.9 if cards & _rank_bit(suit, ACE) else 0.6) if n <= 5 else 0.2
        if cards & _rank_bit(suit, QUEEN) and 3 <= n <= 4:
            honours = (cards & (_rank_bit(suit, ACE) | _rank_bit(suit, KING))).bit_count()
            tricks += (0, 0.3, 0.9)[honours]
        if spare and n <= 1:
            ruffs = min(spare, 2 - n)
            tricks += 0.8 * ruffs
            spare -= ruffs
        elif spare and n == 2:
            tricks += 0.3
            spare -= 1
    return tricks


def nil_hand(hand: int) -> bool:
    """A hand that can duck every trick: at most three spades, none above the J; every side
    ace or king covered by two cards of 7 or lower; few counted tricks."""
    spades = hand & SPADES_MASK
    if spades.bit_count() > 3 or spades & (_rank_bit(SPADES, KING) | _rank_bit(SPADES, ACE)
                                           | _rank_bit(SPADES, QUEEN)):
        return False
    for suit in SIDE_SUITS:
        cards = hand & SUIT_MASKS[suit]
        low = (cards & (_rank_bit(suit, 8) - 1)).bit_count()
        if cards & (_rank_bit(suit, KING) | _rank_bit(suit, ACE)) and low < 2:
            return False
    return count_tricks(hand) <= NIL_LIMIT


def choose_bid(obs: SpadesObservation) -> int:
    """The bid for this hand: Nil when it can duck everything (never both partners), else the
    counted tricks, shaded down, and at least 1."""
    hand = int(obs.hand)
    partner_bid = obs.bids[obs.partner]
    allowed = {a.tricks for a in obs.legal_actions}  # type: ignore[attr-defined]
    if 0 in allowed and partner_bid != 0 and nil_hand(hand):
        return 0
    estimate = count_tricks(hand)
    if partner_bid == 0:
        estimate += 0.5  # carry the partnership while partner goes Nil
    bid = max(1, min(13, round(estimate - BID_SHADE)))
    others = sum(b for b in obs.bids if b)
    bid = max(1, min(bid, 13 - others)) if others < 13 else 1
    return bid if bid in allowed else min(allowed, key=lambda b: abs(b - bid))


# --- play ------------------------------------------------------------------------------------
class Reading:
    """One card-play decision as the heuristic reads it: the cards, the trick, the contracts
    and the Nils."""

    __slots__ = ("bids", "hand", "leader", "legal", "need", "nil_alive", "opp_need", "partner",
                 "seat", "trick", "tricks_left", "unseen", "voids", "winner", "winning")

    def __init__(self, obs: SpadesObservation, legal: int) -> None:
        self.seat = seat = obs.seat
        self.partner = (seat + 2) & 3
        self.hand = int(obs.hand)
        self.legal = legal
        self.trick = obs.trick
        self.leader = obs.leader
        played = 0
        voids = [0, 0, 0, 0]
        for leader, cards in (*obs.tricks, (obs.leader, obs.trick)):
            if not cards:
                continue
            suit = cards[0] >> 4
            player = leader
            for card in cards:
                if card >> 4 != suit:
                    voids[player] |= SUIT_MASKS[suit]
                played |= 1 << card
                player = (player + 1) & 3
        self.voids = voids
        self.unseen = DECK_52 & ~played & ~self.hand
        bids = tuple(b if b is not None else 0 for b in obs.bids)
        won = obs.tricks_won
        self.bids = bids
        self.nil_alive = [bids[p] == 0 and won[p] == 0 for p in range(4)]
        mine = bids[seat] + bids[self.partner]
        self.need = mine - won[seat] - won[self.partner]
        opp = ((seat + 1) & 3, (seat + 3) & 3)
        self.opp_need = bids[opp[0]] + bids[opp[1]] - won[opp[0]] - won[opp[1]]
        self.tricks_left = 13 - len(obs.tricks)
        self.winner = self.winning = -1
        if obs.trick:
            index = trick_winner(obs.trick)
            self.winning = obs.trick[index]
            self.winner = (obs.leader + index) & 3

    def is_boss(self, card: int) -> bool:
        """No unseen card of its suit ranks above it (a spade, or nobody can ruff it)."""
        return not (self.unseen & above(card))

    def sure_winner(self, card: int, seats: list[int]) -> bool:
        """`card` would win against every one of `seats`: the boss of its suit, and (off
        trumps) none of them is known to be void in the suit while spades are out."""
        if not self.is_boss(card):
            return False
        if card >> 4 == SPADES:
            return True
        suit_mask = SUIT_MASKS[card >> 4]
        ruff = self.unseen & SPADES_MASK
        return not (ruff and any(self.voids[p] & suit_mask for p in seats))

    def beats(self, card: int) -> bool:
        """`card` would take the trick from the card now winning."""
        best = self.winning
        if card >> 4 == best >> 4:
            return card > best
        return card >> 4 == SPADES

    def later(self) -> list[int]:
        return [(self.seat + i) & 3 for i in range(1, 4 - len(self.trick))]

    def opponents(self) -> tuple[int, int]:
        return ((self.seat + 1) & 3, (self.seat + 3) & 3)

    @property
    def my_nil(self) -> bool:
        return self.nil_alive[self.seat]

    @property
    def partner_nil(self) -> bool:
        return self.nil_alive[self.partner]

    def opponent_nil(self) -> int | None:
        """An opponent whose Nil is still alive (their partner not also Nil)."""
        for p in self.opponents():
            if self.nil_alive[p]:
                return p
        return None

    def setting(self) -> bool:
        """Our contract is safe and the opponents need so many of the tricks left that taking
        tricks may set them: worth more than the bags it costs."""
        return self.need <= 0 and self.opp_need > 0 and self.opp_need * 2 > self.tricks_left


def cost(card: int) -> tuple[int, int]:
    """Spending order: side cards before spades, low before high."""
    return (card >> 4 == SPADES, card & 15)


def cheapest(t: Reading, mask: int) -> int:
    return min(cards_of(mask), key=cost)


def dearest(t: Reading, mask: int) -> int:
    """The card most worth getting rid of: the highest side card (spades last)."""
    side = mask & ~SPADES_MASK
    return max(cards_of(side or mask), key=lambda c: c & 15)


PlayRule = Callable[[Reading], int | None]


# leading
def nil_leads_low(t: Reading) -> int | None:
    """Bidding Nil: lead the lowest side card that is not the boss of its suit."""
    if not t.my_nil:
        return None
    side = [c for c in cards_of(t.legal & ~SPADES_MASK) if not t.is_boss(c)]
    return min(side or cards_of(t.legal), key=lambda c: c & 15)


def lead_high_for_a_nil_partner(t: Reading) -> int | None:
    """Partner bid Nil: lead sure winners, else the highest card, so partner can duck under."""
    if not t.partner_nil:
        return None
    bosses = [c for c in cards_of(t.legal) if t.is_boss(c)]
    return max(bosses or cards_of(t.legal & ~SPADES_MASK) or cards_of(t.legal),
               key=lambda c: c & 15)


def lead_low_against_a_nil(t: Reading) -> int | None:
    """An opponent's Nil is alive: lead our lowest card of a suit they still hold."""
    target = t.opponent_nil()
    if target is None:
        return None
    pool = [c for c in cards_of(t.legal)
            if t.unseen & SUIT_MASKS[c >> 4] and not t.voids[target] & SUIT_MASKS[c >> 4]]
    if not pool:
        return None
    return min(pool, key=lambda c: (c & 15, c >> 4 == SPADES))


def cash_sure_winners(t: Reading) -> int | None:
    """Short of the contract (or setting the opponents): lead a sure winner, side suits first."""
    if t.need <= 0 and not t.setting():
        return None
    winners = [c for c in cards_of(t.legal) if t.sure_winner(c, list(t.opponents()))]
    if not winners:
        return None
    side = [c for c in winners if c >> 4 != SPADES]
    return max(side, key=lambda c: c & 15) if side else max(winners)


def lead_for_a_ruff(t: Reading) -> int | None:
    """Short of the contract with trumps to spare: lead from the shortest side suit to void it."""
    if t.need <= 0 or (t.hand & SPADES_MASK).bit_count() < 2:
        return None
    side = cards_of(t.legal & ~SPADES_MASK)
    if not side:
        return None
    hand = t.hand
    return min(side, key=lambda c: ((hand & SUIT_MASKS[c >> 4]).bit_count(), c & 15))


def lead_to_lose(t: Reading) -> int | None:
    """Contract made: lead the lowest card that cannot win, to give the trick away."""
    if t.need > 0:
        return None
    losers = [c for c in cards_of(t.legal) if not t.is_boss(c)]
    side = [c for c in losers if c >> 4 != SPADES]
    return min(side or losers or cards_of(t.legal), key=lambda c: c & 15)


def lead_low(t: Reading) -> int | None:
    """Otherwise lead the cheapest card."""
    return cheapest(t, t.legal)


LEAD_RULES: tuple[PlayRule, ...] = (nil_leads_low, lead_high_for_a_nil_partner,
                                    lead_low_against_a_nil, cash_sure_winners, lead_for_a_ruff,
                                    lead_to_lose, lead_low)


# following (or ruffing and discarding)
def nil_ducks(t: Reading) -> int | None:
    """Bidding Nil: play the highest card that loses; forced to win, win with the highest."""
    if not t.my_nil:
        return None
    losers = [c for c in cards_of(t.legal) if not t.beats(c)]
    if losers:
        following = losers[0] >> 4 == t.winning >> 4 or t.trick[0] >> 4 == losers[0] >> 4
        if following and t.hand & SUIT_MASKS[t.trick[0] >> 4]:
            return max(losers)
        return dearest(t, sum(1 << c for c in losers))
    return top(t.legal) if len(t.trick) == 3 else min(cards_of(t.legal))


def cover_a_nil_partner(t: Reading) -> int | None:
    """Partner bid Nil: overtake them when they are winning; play high when they are to play
    after us, so they can duck under."""
    if not t.partner_nil:
        return None
    beaters = [c for c in cards_of(t.legal) if t.beats(c)]
    if t.winner == t.partner and beaters:
        return min(beaters, key=cost)
    if t.partner in t.later() and beaters:
        return max(beaters, key=lambda c: (c >> 4 == t.trick[0] >> 4, c & 15))
    return None


def let_a_nil_win(t: Reading) -> int | None:
    """An opponent's Nil is winning the trick: play under it."""
    target = t.opponent_nil()
    if target is None or t.winner != target:
        return None
    under = [c for c in cards_of(t.legal) if not t.beats(c)]
    return max(under, key=lambda c: c & 15) if under else None


def leave_it_to_partner(t: Reading) -> int | None:
    """Partner's card will win (the boss, nothing left to ruff it): play cheap."""
    if t.winner != t.partner or not t.sure_winner(t.winning, t.later()):
        return None
    losers = sum(1 << c for c in cards_of(t.legal) if not t.beats(c))
    return cheapest(t, losers or t.legal)


def win_the_trick(t: Reading) -> int | None:
    """Short of the contract (or setting the opponents): win as cheaply as is sure; second
    hand plays low without the boss."""
    if t.need <= 0 and not t.setting():
        return None
    beaters = [c for c in cards_of(t.legal) if t.beats(c)]
    if not beaters:
        return None
    if t.winner == t.partner and len(t.trick) == 3:
        return None
    later = t.later()
    if not later:
        return min(beaters, key=cost)
    sure = [c for c in beaters if t.sure_winner(c, later)]
    if sure:
        return min(sure, key=cost)
    if beaters[0] >> 4 != t.trick[0] >> 4:
        return min(beaters, key=cost)  # ruff as cheaply as possible
    if len(t.trick) == 1 and t.partner in later:
        return None  # second hand low: partner plays last
    return max(beaters, key=cost)


def duck_to_avoid_bags(t: Reading) -> int | None:
    """Contract made: play the highest card that loses (shedding high cards safely)."""
    if t.need > 0:
        return None
    losers = [c for c in cards_of(t.legal) if not t.beats(c)]
    if losers:
        following = t.hand & SUIT_MASKS[t.trick[0] >> 4]
        return max(losers) if following else dearest(t, sum(1 << c for c in losers))
    return top(t.legal) if len(t.trick) == 3 else min(cards_of(t.legal), key=cost)


def play_cheap(t: Reading) -> int | None:
    """Otherwise the cheapest card."""
    return cheapest(t, t.legal)


FOLLOW_RULES: tuple[PlayRule, ...] = (nil_ducks, cover_a_nil_partner, let_a_nil_win,
                                      leave_it_to_partner, win_the_trick, duck_to_avoid_bags,
                                      play_cheap)


def choose_card(t: Reading) -> tuple[int, str]:
    """The card to play and the name of the rule that chose it."""
    if t.legal & (t.legal - 1) == 0:
        return top(t.legal), "forced"
    for rule in (FOLLOW_RULES if t.trick else LEAD_RULES):
        card = rule(t)
        if card is not None and t.legal >> card & 1:
            return card, rule.__name__
    return top(t.legal), "highest"


class SpadesHeuristic:
    """Counted bids and rule-of-thumb play (see the module docstring); `last_rule` names the
    rule behind the latest decision."""

    name = "spades.heuristic"

    def __init__(self, game: Game[Any] | None = None, seat: int = 0,
                 rng: Random | None = None) -> None:
        self.game = game
        self.rng = rng or Random(0)
        self.last_rule = ""

    def lockstep_decider(self, state: State[Any]) -> Callable[[State[Any]], Action]:
        """What `parlour.rl.VectorEnv` calls for this seat's moves in states like `state`:
        the compiled heuristic where it may stand in for `act`
        (`heuristic_playouts.compiled_decider`), else `act` on the seat's observation. Both give
        `act`'s moves (`last_rule` is kept by `act` alone)."""
        decide = (heuristic_playouts.compiled_decider(state)
                  if type(self).act is SpadesHeuristic.act else None)
        if decide is not None:
            return decide
        return self._act_on_observation

    def _act_on_observation(self, state: State[Any]) -> Action:
        seat = state.current_player
        assert seat is not None
        observation: Any = state.observe(seat)
        return self.act(observation)

    def act(self, observation: SpadesObservation) -> Action:
        if observation.phase == "blind":
            self.last_rule = "blind_nil_when_far_behind"
            team = observation.team
            deficit = observation.scores[1 - team] - observation.scores[team]
            far_behind = deficit >= BLIND_NIL_DEFICIT and not observation.blind[observation.partner]
            return BLIND_NIL if far_behind else LOOK
        if observation.phase == "bid":
            self.last_rule = "choose_bid"
            return BID[choose_bid(observation)]
        legal = 0
        for action in observation.legal_actions:
            legal |= 1 << action.card  # type: ignore[attr-defined]
        card, self.last_rule = choose_card(Reading(observation, legal))
        return PLAY[card]
