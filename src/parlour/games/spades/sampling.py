"""`Spades.sample_state`: a full state consistent with one seat's observation."""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from parlour.cards import DECK_52
from parlour.cards.sampling import HiddenDeal
from parlour.cards.tricks import voids_shown
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
    spades were broken held nothing but spades (`parlour.cards.tricks.voids_shown`).
    """
    return voids_shown((*obs.tricks, (obs.leader, obs.trick)), NUM_PLAYERS, DECK_52,
                       held_back=SPADES_MASK, breaks=SPADES_MASK)


def hidden_deal(game: Spades, obs: SpadesObservation) -> HiddenDeal:
    """What `obs` fixes about the hands its seat cannot see: their sizes, the voids shown in
    play and the 2♣ its leader must hold."""
    seat = obs.seat
    played_by, allowed = known_constraints(obs)
    played = 0
    for mask in played_by:
        played |= mask
    fixed = [0] * NUM_PLAYERS
    if (obs.phase == "play" and not obs.tricks and not obs.trick
            and game.opening_lead == "two_of_clubs"):
        fixed[obs.leader] = TWO_CLUBS_BIT  # the leader holds the 2♣ it must lead
    known: list[int | None] = [None] * NUM_PLAYERS
    if obs.hand_seen:
        known[seat] = int(obs.hand)
    sizes = [HAND_SIZE - len(obs.tricks)
             - (1 if (p - obs.leader) % NUM_PLAYERS < len(obs.trick) else 0)
             for p in range(NUM_PLAYERS)]
    return HiddenDeal(tuple(known), tuple(sizes), DECK_52, played, tuple(allowed), tuple(fixed))


def sample_state(game: Spades, obs: SpadesObservation, rng: Random) -> SpadesState:
    """Deal the cards `obs.seat` cannot see consistently with what it saw; copy the rest."""
    hands = hidden_deal(game, obs).deal(rng)

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
