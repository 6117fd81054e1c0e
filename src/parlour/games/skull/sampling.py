"""`Skull.sample_state`: a full state consistent with one seat's observation.

What a seat does not know about another player is (a) whether they still own their skull, when
they lost discs it did not see, and (b) which of their discs lie unturned in their stack. For
(a) every possible moment of losing the skull (or never) is weighed by its chance under random
draws (1/n for a player holding n discs), after discarding the moments that contradict a disc
turned face up; for (b) the unturned discs are a random choice from what the player holds.
"""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import TYPE_CHECKING

from parlour.core import ParlourError
from parlour.games.skull.actions import ROSE, SKULL
from parlour.games.skull.observation import RoundResult, SkullObservation
from parlour.games.skull.rules import PHASE_NAMES, SkullState

if TYPE_CHECKING:
    from parlour.games.skull.rules import Skull

_SEEN, _LOSS = 0, 1


def _timeline(obs: SkullObservation, p: int, discs: int) -> list[tuple[int, int, int, int]]:
    """`p`'s history as the observer knows it, oldest first.

    Entries are ``(_SEEN, discs owned, roses turned, skull turned)`` per round and
    ``(_LOSS, round index, disc or -1 if unknown, discs owned before)`` per lost disc.
    """
    events: list[tuple[int, int, int, int]] = []
    owned = discs
    rounds: list[tuple[int, tuple[tuple[int, int], ...], RoundResult | None]] = [
        (i, r.revealed, r) for i, r in enumerate(obs.rounds)
    ]
    rounds.append((len(obs.rounds), obs.revealed, None))
    for index, revealed, result in rounds:
        roses = sum(1 for s, d in revealed if s == p and d == ROSE)
        skull = int(any(s == p and d == SKULL for s, d in revealed))
        events.append((_SEEN, owned, roses, skull))
        if result is not None and not result.success and result.challenger == p:
            disc = -1 if result.lost is None else result.lost
            events.append((_LOSS, index, disc, owned))
            owned -= 1
    if owned != obs.discs[p]:
        raise ParlourError(f"observation is inconsistent: seat {p} lost {discs - owned} "
                           f"disc(s) but owns {obs.discs[p]}")
    return events


def _weigh(events: list[tuple[int, int, int, int]], lost_at: int | None) -> float:
    """The chance of a history in which the skull is lost at round index `lost_at` (None:
    never), or 0 if a turned disc or a known loss contradicts it."""
    has_skull = True
    weight = 1.0
    for kind, a, b, c in events:
        if kind == _SEEN:
            owned, roses, skull = a, b, c
            if (skull and not has_skull) or roses > owned - has_skull:
                return 0.0
            continue
        index, disc, before = a, b, c
        losing_skull = index == lost_at
        if (disc == SKULL and not losing_skull) or (disc == ROSE and losing_skull):
            return 0.0
        if losing_skull and not has_skull:
            return 0.0
        if disc == -1 and has_skull:
            weight *= 1 / before if losing_skull else 1 - 1 / before
        if not losing_skull and before - has_skull < 1:
            return 0.0  # a rose was lost that the player could not have held
        if losing_skull:
            has_skull = False
    return weight


def _sample_skull_history(obs: SkullObservation, p: int, rng: Random,
                          discs: int) -> tuple[bool, int | None]:
    """(does `p` own its skull now, the round index in which it was lost) drawn at random;
    `p` started with `discs` discs."""
    events = _timeline(obs, p, discs)
    options: list[int | None] = [None] + [e[1] for e in events if e[0] == _LOSS]
    weights = [_weigh(events, option) for option in options]
    if not any(weights):
        raise ParlourError(f"observation is inconsistent: no history of seat {p}'s discs fits")
    lost_at = rng.choices(options, weights)[0]
    return lost_at is None, lost_at


def sample_state(game: Skull, obs: SkullObservation, rng: Random) -> SkullState:
    """Draw what `obs.seat` cannot see consistently with what it saw; copy the rest."""
    n = obs.num_players
    seat = obs.seat
    roses = [0] * n
    skulls = [0] * n
    stacks: list[tuple[int, ...]] = [()] * n
    rounds = list(obs.rounds)
    for p in range(n):
        if p == seat:
            roses[p], skulls[p] = obs.my_roses, obs.my_skulls
            stacks[p] = obs.my_stack
            continue
        has_skull, lost_at = _sample_skull_history(obs, p, rng, game.roses + 1)
        skulls[p] = int(has_skull)
        roses[p] = obs.discs[p] - skulls[p]
        for index, result in enumerate(rounds):
            if result.challenger == p and not result.success and result.lost is None:
                rounds[index] = replace(result, lost=SKULL if index == lost_at else ROSE)
        size = obs.stack_sizes[p]
        if size:
            shown = [d for s, d in obs.revealed if s == p]
            pool = [ROSE] * (roses[p] - shown.count(ROSE))
            if skulls[p] and SKULL not in shown:
                pool.append(SKULL)
            rng.shuffle(pool)
            stacks[p] = tuple(pool[:size - len(shown)]) + tuple(reversed(shown))

    state = SkullState(game, rng.getrandbits(63))
    state.roses = tuple(roses)
    state.skulls = tuple(skulls)
    state.stacks = tuple(stacks)
    state.turned = obs.turned
    state.flowers = obs.flowers
    state.phase = PHASE_NAMES.index(obs.phase)
    state.current = obs.current_player
    state.starter = obs.starter
    state.round = obs.round
    state.bids = obs.bids
    state.high_bid = obs.high_bid
    state.challenger = obs.challenger
    state.passed = obs.passed
    state.revealed = obs.revealed
    state.skull_owner = obs.challenger if obs.phase == "discard" else None
    state.rounds = tuple(rounds)
    state.winner = obs.winner
    return state
