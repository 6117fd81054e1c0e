"""A Skull bot: it bluffs with a mixed strategy, bids what its own stack and the table make
likely, and turns the stacks least likely to hide a skull first.

It reads only its `SkullObservation`, like every agent.
"""

from __future__ import annotations

from random import Random
from typing import Any

from parlour.core import Action, Game
from parlour.games.skull.actions import BID, DISCARD, PASS, PLACE, ROSE, SKULL, START
from parlour.games.skull.observation import SkullObservation

ROSE_ODDS = {3: 0.65, 4: 0.6, 5: 0.55, 6: 0.5}
"""The bot's guess that another player's top disc is a rose, by table size: the more players,
the more skulls about."""


def safe_own(stack: tuple[int, ...]) -> int:
    """Roses a challenger turns on their own stack before reaching their skull (all of it if
    no skull is down)."""
    count = 0
    for disc in reversed(stack):
        if disc == SKULL:
            break
        count += 1
    return count


class SkullHeuristic:
    """Mixed-strategy Skull: a skull now and then, honest bids, careful reveals.

    Options (agent spec ``skull.heuristic:skull_rate=0.5,...``): `skull_rate`, the chance
    that the first disc of a round is the skull (a bluff that also traps greedy challengers);
    `place_rate`, the chance of covering a skull on top with a rose before bidding; `risk`,
    the least chance of success the bot accepts as challenger; `jump`, raise straight to its
    limit rather than one at a time.
    """

    name = "skull.heuristic"

    def __init__(self, game: Game[Any] | None = None, seat: int = 0, rng: Random | None = None,
                 skull_rate: float = 0.6, place_rate: float = 0.5, risk: float = 0.25,
                 jump: bool | str = True) -> None:
        self.rng = rng or Random(0)
        self.skull_rate = float(skull_rate)
        self.place_rate = float(place_rate)
        self.risk = float(risk)
        self.jump = jump in (True, "true", "1", "yes", "on")

    def act(self, observation: SkullObservation) -> Action:
        obs = observation
        legal = obs.legal_actions
        phase = obs.phase
        if phase == "place_first":
            return self._place(obs, legal)
        if phase == "turn":
            return self._turn(obs, legal)
        if phase == "bid":
            return self._raise(obs, legal)
        if phase == "reveal":
            return self._reveal(obs, legal)
        if phase == "discard":
            return DISCARD[ROSE] if DISCARD[ROSE] in legal else DISCARD[SKULL]
        if phase == "choose_starter":
            n = obs.num_players
            for step in range(1, n + 1):
                seat = (obs.seat + step) % n
                if START[seat] in legal:
                    return START[seat]
        return legal[self.rng.randrange(len(legal))]

    # --- placing and bidding ------------------------------------------------------------------
    def _place(self, obs: SkullObservation, legal: tuple[Action, ...]) -> Action:
        """The first disc is the skull with chance `skull_rate`, else a rose."""
        if PLACE[SKULL] not in legal:
            return PLACE[ROSE]
        if PLACE[ROSE] not in legal or self.rng.random() < self.skull_rate:
            return PLACE[SKULL]
        return PLACE[ROSE]

    def _limit(self, obs: SkullObservation) -> int:
        """The highest bid the bot would stand behind as challenger.

        With its skull down, only the roses above it are safe. Otherwise it counts on the other
        stacks' top discs being roses with odds that fall with the table size, and takes the
        highest bid whose chance of success stays above its `risk` threshold (a lower one
        when the high bidder is a single success from winning: better to fight for it).
        """
        stack = obs.my_stack
        own = safe_own(stack)
        if own < len(stack):
            return own
        others = [p for p, size in enumerate(obs.stack_sizes) if size and p != obs.seat]
        odds = ROSE_ODDS.get(obs.num_players, 0.5)
        threshold = self.risk
        leader = obs.challenger
        if leader is not None and leader != obs.seat and obs.flowers[leader]:
            threshold *= 0.5
        extra = 0
        chance = 1.0
        while extra < len(others):
            chance *= odds
            if chance < threshold:
                break
            extra += 1
        return own + extra

    def _turn(self, obs: SkullObservation, legal: tuple[Action, ...]) -> Action:
        """Open the bidding at the bot's limit; but with its skull on top and a rose in hand,
        sometimes cover the skull first, so that it can bid on its own roses later."""
        stack = obs.my_stack
        if (stack and stack[-1] == SKULL and PLACE[ROSE] in legal
                and self.rng.random() < self.place_rate):
            return PLACE[ROSE]
        opening = max(1, min(self._limit(obs), obs.total_on_mats))
        return BID[opening]

    def _raise(self, obs: SkullObservation, legal: tuple[Action, ...]) -> Action:
        target = obs.high_bid + 1
        limit = self._limit(obs)
        if target <= limit and BID[target] in legal:
            return BID[min(limit, obs.total_on_mats)] if self.jump else BID[target]
        return PASS

    # --- revealing -------------------------------------------------------------------------------
    def _reveal(self, obs: SkullObservation, legal: tuple[Action, ...]) -> Action:
        """Turn first the stacks of players known to have lost their skull, then of those who
        bid highest (a bidder expects to turn their own stack safely), then untouched stacks."""
        no_skull = {r.challenger for r in obs.rounds if r.lost == SKULL}
        best_bid: dict[int, int] = {}
        for seat, count in obs.bids:
            if count is not None:
                best_bid[seat] = max(best_bid.get(seat, 0), count)

        def order(action: Action) -> tuple[int, int, int, float]:
            seat = action.seat  # type: ignore[attr-defined]
            return (
                -(seat in no_skull),
                -best_bid.get(seat, 0),
                obs.turned[seat],
                self.rng.random(),
            )

        return min(legal, key=order)
