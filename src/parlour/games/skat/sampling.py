"""`Skat.sample_state`: a full deal consistent with one seat's observation, then replayed.

The unseen cards are dealt under every constraint the seat knows (hand sizes, its own skat
knowledge, an ouvert hand, voids shown in play with Jacks as trumps in suit games and Grand);
the deal is then replayed from its public moves, so the sampled state is exactly what those
moves make of it, in ISkO and in any extension alike.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from parlour.cards import iter_cards
from parlour.cards.sampling import deal_constrained
from parlour.core import ParlourError
from parlour.games.skat.actions import BURY, DECLARE, PICKUP, PLAY
from parlour.games.skat.observation import SkatObservation, all_tricks
from parlour.games.skat.tables import DECK, FOLLOW

if TYPE_CHECKING:
    from parlour.games.skat.rules import Skat, SkatState


def sample(game: Skat, obs: SkatObservation, rng: Random) -> SkatState:
    """A state that gives `obs.seat` exactly `obs`, with the hidden cards drawn from `rng`."""
    n = game.num_players
    seat, declarer, contract, phase = obs.seat, obs.declarer, obs.contract, obs.phase
    nxt = _next_seats(obs.seats, n)
    order = contract.order if contract is not None else 0
    played = dict.fromkeys(obs.seats, 0)
    allowed = dict.fromkeys(obs.seats, DECK)
    for leader, cards in all_tricks(obs):
        p = leader
        for i, card in enumerate(cards):
            played[p] |= 1 << card
            if i and not FOLLOW[order][cards[0]] >> card & 1:
                allowed[p] &= ~FOLLOW[order][cards[0]]
            p = nxt[p]
    picked_up = declarer is not None and (
        phase in ("bury", "declare") or (contract is not None and not contract.hand)
    )
    skat_known = int(obs.skat) if phase != "bury" else 0
    if phase == "bury" and seat != declarer:
        skat_known = 0
    known = dict.fromkeys(obs.seats, 0)
    if seat in known:
        known[seat] = int(obs.hand)
    if obs.declarer_hand is not None and declarer is not None:
        known[declarer] = int(obs.declarer_hand)
    all_played = 0
    for mask in played.values():
        all_played |= mask
    unknown = DECK & ~all_played & ~skat_known
    for mask in known.values():
        unknown &= ~mask
    targets = [p for p in obs.seats if p != seat and not (p == declarer and known[p])]
    sizes = [_hand_size(p, played[p], phase, declarer) for p in targets]
    limits = [allowed[p] for p in targets]
    skat_size = 0 if phase == "bury" or skat_known else 2
    if skat_size:
        sizes.append(skat_size)
        limits.append(DECK)
    dealt = deal_constrained(unknown, sizes, limits, rng) if sizes else []
    hands = dict(known)
    for p, mask in zip(targets, dealt, strict=False):
        hands[p] = mask
    skat_now = dealt[-1] if skat_size else skat_known
    if phase == "bury":
        assert declarer is not None
        twelve = hands[declarer]
        dealt_skat = int(obs.skat) if seat == declarer else _two_of(twelve, rng)
        hands[declarer] = twelve & ~dealt_skat
    else:
        dealt_skat = skat_now
    initial = [0] * n
    for p in obs.seats:
        initial[p] = hands[p] | played[p]
    return _replay(game, obs, initial, dealt_skat, skat_now, picked_up, rng)


def _next_seats(seats: tuple[int, int, int], n: int) -> list[int]:
    nxt = list(range(n))
    fh, mh, rh = seats
    nxt[fh], nxt[mh], nxt[rh] = mh, rh, fh
    return nxt


def _hand_size(p: int, played: int, phase: str, declarer: int | None) -> int:
    return 10 - played.bit_count() + (2 if phase == "bury" and p == declarer else 0)


def _two_of(mask: int, rng: Random) -> int:
    a, b = rng.sample(sorted(iter_cards(mask)), 2)
    return 1 << a | 1 << b


def _replay(game: Skat, obs: SkatObservation, hands: list[int], dealt_skat: int, skat: int,
            picked_up: bool, rng: Random) -> SkatState:
    from parlour.games.skat.rules import SKAT

    n = game.num_players
    over = obs.phase == "over"
    world = game.state_class(game, rng.getrandbits(63), (obs.dealer - obs.deal) % n)
    world.quiet = True
    world.deal = obs.deal
    results = obs.deal_results[:-1] if over else obs.deal_results
    world.results = results
    world.totals = tuple(sum(r.points[p] for r in results) for p in range(n))
    world.start_deal(obs.dealer, hands, dealt_skat)
    try:
        for _, call in obs.bidding:
            world.apply(call)
        if obs.declarer is not None and world.phase == SKAT:
            if picked_up:
                world.apply(PICKUP)
                if obs.phase != "bury":
                    world.apply(BURY[skat])
            if obs.contract is not None:
                world.apply(DECLARE[obs.contract])
        for _, cards in all_tricks(obs):
            for card in cards:
                world.apply(PLAY[card])
    except ParlourError as error:  # the observation contradicts the rules
        raise ParlourError(f"cannot sample a state for {obs.seat}'s observation: {error}") from None
    world.quiet = False
    world.events.clear()
    world._undo_stack.clear()
    return world


__all__ = ["sample"]
