"""`Schafkopf.sample_state`: a world consistent with what one seat knows.

The unseen cards are dealt within every limit the seat can tell: hand sizes, the voids shown
in play (by the contract's suits: Ober and Unter follow trumps), the called Sau (never with the
declarer, a seat that gave Kontra, or one that let its suit pass; with the partner once he is
known), the declarer's card of the called suit, and a Sie raised or matched. The deal is then
replayed from its public moves, so the world is exactly what those moves make of it.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from parlour.cards.sampling import deal_hidden
from parlour.core import ParlourError
from parlour.games.schafkopf.actions import PLAY
from parlour.games.schafkopf.observation import SchafkopfObservation
from parlour.games.schafkopf.tables import (
    DECK,
    EFFECTIVE_SUIT,
    HAND_SIZE,
    HERZ,
    MEMBERS,
    OBERS,
    UNTERS,
)

if TYPE_CHECKING:
    from parlour.games.schafkopf.rules import Schafkopf, SchafkopfState

PLAYERS = 4


def shown(obs: SchafkopfObservation) -> tuple[list[int], list[int]]:
    """(cards each seat played this deal, cards each seat may still hold by the voids shown)."""
    order = obs.order if obs.contract is not None else HERZ
    suit_of = EFFECTIVE_SUIT[order]
    played = [0] * PLAYERS
    allowed = [DECK] * PLAYERS
    for leader, cards in [(t[0], t[1]) for t in obs.tricks] + [(obs.leader, obs.trick)]:
        if not cards:
            continue
        lead = suit_of[cards[0]]
        for i, card in enumerate(cards):
            seat = (leader + i) % PLAYERS
            played[seat] |= 1 << card
            if suit_of[card] != lead:
                allowed[seat] &= ~MEMBERS[order][lead]
    return played, allowed


def _weighted_seat(seats: list[int], weights: list[int], rng: Random) -> int:
    pick = rng.randrange(sum(weights))
    for seat, weight in zip(seats, weights, strict=True):
        if pick < weight:
            return seat
        pick -= weight
    raise AssertionError("weights exhausted")


def sample(game: Schafkopf, obs: SchafkopfObservation, rng: Random) -> SchafkopfState:
    """A full state that `obs`'s seat cannot tell from the real one (see the module)."""
    me = obs.seat
    played_by, allowed = shown(obs)
    played = 0
    for mask in played_by:
        played |= mask
    sizes = [HAND_SIZE - played_by[p].bit_count() for p in range(PLAYERS)]
    fixed = [0] * PLAYERS
    unknown = DECK & ~played & ~int(obs.hand)
    for seat in _sie_claims(obs):
        if seat != me:
            fixed[seat] |= (OBERS | UNTERS) & unknown
    _ran_away(obs, unknown, allowed, fixed, rng)
    known: list[int | None] = [None] * PLAYERS
    known[me] = int(obs.hand)
    hands = None
    for choice in _called_choices(obs, unknown, played_by, sizes, allowed, rng):
        tried = list(fixed)
        limits = list(allowed)
        for seat, card in choice:
            tried[seat] |= 1 << card
            for p in range(PLAYERS):
                if p != seat and card == obs.called_card:
                    limits[p] &= ~(1 << card)
        try:
            hands = deal_hidden(known, sizes, DECK, played, limits, rng, tried)
            break
        except ParlourError:
            continue
    if hands is None:
        raise ParlourError("no deal of the unseen cards fits this Schafkopf observation")
    dealt = [hands[p] | played_by[p] for p in range(PLAYERS)]
    return _replay(game, obs, dealt, rng)


def _called_choices(obs: SchafkopfObservation, unknown: int, played_by: list[int],
                    sizes: list[int], allowed: list[int],
                    rng: Random) -> list[list[tuple[int, int]]]:
    """Where the unseen called Sau and the declarer's card of its suit may be, as lists of
    ``(seat, card)`` to fix, likeliest first (a seat weighted by its unseen cards)."""
    called, declarer, me = obs.called_card, obs.declarer, obs.seat
    if called is None or declarer is None:
        return [[]]
    holders: list[int | None] = [None]
    if unknown >> called & 1:
        if obs.partner is not None and obs.partner != me:
            holders = [obs.partner]
        else:
            passed = _let_pass(obs, called)
            seats = [p for p in range(PLAYERS) if p not in (me, declarer, obs.kontra, *passed)
                     and allowed[p] >> called & 1 and sizes[p] > 0]
            holders = []
            while seats:
                pick = _weighted_seat(seats, [sizes[p] for p in seats], rng)
                holders.append(pick)
                seats.remove(pick)
    suit_cards = MEMBERS[HERZ][called >> 4] & ~(1 << called)
    cards: list[int | None] = [None]
    if declarer != me and not played_by[declarer] & suit_cards:
        cards = [c for c in range(64) if (unknown & allowed[declarer] & suit_cards) >> c & 1]
        rng.shuffle(cards)
    return [[(h, called) for h in (holder,) if h is not None]
            + [(declarer, c) for c in (card,) if c is not None]
            for holder in holders for card in cards]


def _ran_away(obs: SchafkopfObservation, unknown: int, allowed: list[int], fixed: list[int],
              rng: Random) -> None:
    """If the partner ran away (led the called suit without the Sau), he then held the Sau
    and three more of its suit: keep enough of them in his hand."""
    called, partner = obs.called_card, obs.partner
    if called is None or partner is None or partner == obs.seat:
        return
    suit = MEMBERS[HERZ][called >> 4]
    tricks = [(t[0], t[1]) for t in obs.tricks] + [(obs.leader, obs.trick)]
    start = next((i for i, (_, cards) in enumerate(tricks)
                  if cards and EFFECTIVE_SUIT[HERZ][cards[0]] == called >> 4), None)
    if start is None or tricks[start][0] != partner or called in tricks[start][1]:
        return
    shown = 1  # the Sau, played since or still held
    for leader, played in tricks[start:]:
        for i, card in enumerate(played):
            if (leader + i) % PLAYERS == partner and suit >> card & 1 and card != called:
                shown += 1
    pool = [c for c in range(64) if (unknown & allowed[partner] & suit & ~fixed[partner]
                                     & ~(1 << called)) >> c & 1]
    rng.shuffle(pool)
    for kept in pool[:max(0, 4 - shown)]:
        fixed[partner] |= 1 << kept


def _let_pass(obs: SchafkopfObservation, called: int) -> tuple[int, ...]:
    """The seats that played to the trick in progress when it leads the called suit: the
    Sau would have had to fall (or, leading, its holder ran away and is known)."""
    trick = obs.trick
    if not trick or EFFECTIVE_SUIT[HERZ][trick[0]] != called >> 4:
        return ()
    return tuple((obs.leader + i) % PLAYERS for i in range(len(trick)))


def _sie_claims(obs: SchafkopfObservation) -> list[int]:
    """The seats that raised to Sie or matched a Sie: they hold all Ober and Unter."""
    claims = []
    last = ""
    for seat, word in obs.auction:
        if word == "raise sie" or (word == "mit" and last == "raise sie"):
            claims.append(seat)
        last = word
    return claims


def _replay(game: Schafkopf, obs: SchafkopfObservation, dealt: list[int],
            rng: Random) -> SchafkopfState:
    state = game.state_class(game, rng.getrandbits(63), (obs.dealer - obs.deal) % PLAYERS)
    state.quiet = True
    state.start_deal(obs.deal, obs.dealer, dealt)
    state.totals, state.results = obs.scores, obs.deal_results
    if obs.phase == "over":  # the replay settles the last deal again
        last = obs.deal_results[-1]
        state.results = obs.deal_results[:-1]
        state.totals = tuple(t - g for t, g in zip(obs.scores, last.points, strict=True))
    words = list(obs.auction)
    cards = [c for t in obs.tricks for c in t[1]] + list(obs.trick)
    while words or cards:  # in the order the phases ask for them (Kontra may follow a lead)
        if state.phase_name == "play" or not words:
            state.apply(PLAY[cards.pop(0)])
        else:
            seat, word = words.pop(0)
            assert state.current == seat, "the auction does not replay"
            state.apply(game.parse_action(word, state))
    if obs.phase == "over":  # as published: a Tout lost early leaves hands unseen
        state.results, state.totals = obs.deal_results, obs.scores
    state.quiet = False
    state.history.clear()
    state._undo_stack.clear()
    state.events.clear()
    return state


__all__ = ["sample", "shown"]
