"""`Spades.sample_state`: a full state consistent with one seat's observation."""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from parlour.cards import DECK_52, SPADES, SUIT_MASKS
from parlour.cards.sampling import deal_constrained
from parlour.games.spades.observation import SpadesObservation
from parlour.games.spades.rules import (
    HAND_SIZE,
    NO_BID,
    NUM_PLAYERS,
    PHASE_NAMES,
    SPADES_MASK,
    TWO_CLUBS_BIT,
    SpadesState,
)

if TYPE_CHECKING:
    from parlour.games.spades.rules import Spades


def known_constraints(obs: SpadesObservation) -> tuple[list[int], list[int]]:
    """(cards each seat played this hand, cards each seat may still hold) from the play so far.

    A seat that did not follow suit holds none of that suit; a seat that led a spade before
    spades were broken held nothing but spades.
    """
    played_by = [0] * NUM_PLAYERS
    allowed = [DECK_52] * NUM_PLAYERS
    broken = False
    for leader, cards in (*obs.tricks, (obs.leader, obs.trick)):
        if not cards:
            continue
        lead_suit = cards[0] >> 4
        for i, card in enumerate(cards):
            player = (leader + i) % NUM_PLAYERS
            played_by[player] |= 1 << card
            if i == 0:
                if lead_suit == SPADES and not broken:
                    allowed[player] &= SPADES_MASK
            elif card >> 4 != lead_suit:
                allowed[player] &= ~SUIT_MASKS[lead_suit]
            if card >> 4 == SPADES:
                broken = True
    return played_by, allowed


def sample_state(game: Spades, obs: SpadesObservation, rng: Random) -> SpadesState:
    """Deal the cards `obs.seat` cannot see consistently with what it saw; copy the rest."""
    seat = obs.seat
    played_by, allowed = known_constraints(obs)
    played = 0
    for mask in played_by:
        played |= mask
    hands = [0] * NUM_PLAYERS
    fixed = [0] * NUM_PLAYERS
    if (obs.phase == "play" and not obs.tricks and not obs.trick
            and game.opening_lead == "two_of_clubs"):
        fixed[obs.leader] = TWO_CLUBS_BIT  # the leader holds the 2♣ it must lead
    unknown_seats = [p for p in range(NUM_PLAYERS) if p != seat or not obs.hand_seen]
    if obs.hand_seen:
        hands[seat] = int(obs.hand)
    unknown = DECK_52 & ~played & ~hands[seat]
    for mask in fixed:
        unknown &= ~mask
    in_trick = [0] * NUM_PLAYERS
    for i in range(len(obs.trick)):
        in_trick[(obs.leader + i) % NUM_PLAYERS] += 1
    sizes = [HAND_SIZE - len(obs.tricks) - in_trick[p] - fixed[p].bit_count()
             for p in unknown_seats]
    dealt = deal_constrained(
        unknown, sizes, [allowed[p] & ~fixed[p] for p in unknown_seats], rng
    )
    for p, mask in zip(unknown_seats, dealt, strict=True):
        hands[p] = mask | fixed[p]

    state = SpadesState(game, rng.getrandbits(63))
    state.deal = obs.deal
    state.dealer = obs.dealer
    state.phase = PHASE_NAMES.index(obs.phase)
    state.hands = hands
    state.bids = tuple(NO_BID if b is None else b for b in obs.bids)
    state.blind = obs.blind
    state.seen = obs.looked
    state.leader = obs.leader
    state.trick = obs.trick
    state.tricks = obs.tricks
    state.won = obs.tricks_won
    state.broken = obs.spades_broken
    state.totals = obs.scores
    state.bags = obs.bags
    state.results = obs.deal_results
    state.current = obs.current_player
    start = (obs.scores[0] - sum(r[0] for r in obs.deal_results),
             obs.scores[1] - sum(r[1] for r in obs.deal_results))
    state.origin = (start, (0, 0))
    return state
