"""The checks the conformance suite runs on any game, usable on their own in a game's tests.

Each function takes a `State` (or a `Game`) and raises `AssertionError` with a message naming the
broken promise. They need no test framework.
"""

from __future__ import annotations

from random import Random
from typing import Any, ClassVar

from parlour.core import DealScored, Game, GameOver, State


class Scaled:
    """A test class whose number of games played per check is multiplied by `scale`."""

    scale: ClassVar[float] = 1.0

    def scaled(self, count: int) -> int:
        return max(1, int(count * self.scale))


MAX_MOVES = 100_000
"""A random playout longer than this is a game that does not end (see `random_playout`)."""


def check_state(state: State[Any], check_parse: bool = False) -> None:
    """The promises every position keeps: `current_player` is None exactly when the game is
    over, legal actions exist exactly when it is not, the player is a seat, and the game's own
    `check_invariants()` (found by name, if the State defines it) passes. With `check_parse`,
    every legal action is `is_legal`, has no `why_illegal`, and its text parses back to itself."""
    terminal = state.is_terminal
    legal = state.legal_actions()
    assert (state.current_player is None) == terminal, "current_player is None iff terminal"
    assert bool(legal) != terminal, "legal actions exist iff the game is not over"
    if not terminal:
        player = state.current_player
        assert player is not None and 0 <= player < state.game.num_players, (
            f"current_player {player} is no seat"
        )
    check = getattr(state, "check_invariants", None)
    if check is not None:
        check()
    if check_parse:
        for action in legal:
            assert state.is_legal(action), f"legal action {action} is not is_legal"
            assert state.why_illegal(action) is None, f"legal action {action} has a why_illegal"
            text = str(action)
            assert state.game.parse_action(text, state) == action, f"{text!r} does not parse back"


def random_playout(state: State[Any], rng: Random, check: bool = True,
                   check_parse: bool = False) -> State[Any]:
    """Play uniformly random legal actions to the end (checking each position with `check`);
    fails if the game has not ended after `MAX_MOVES` moves."""
    for _ in range(MAX_MOVES):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        if check:
            check_state(state, check_parse)
    assert state.is_terminal, f"the game did not end within {MAX_MOVES} random moves"
    return state


def check_final(state: State[Any]) -> None:
    """The promises of a finished game: the `DealScored` events' points add up to their running
    `totals` and the last totals equal `scores()`; exactly one `GameOver` event, whose scores and
    winners equal `scores()` and `winners()`; one return per seat; at least one winner (unless
    the game sets `non_seat_owners`), and every winner a seat; `placings()` gives each seat a
    place as ties share them (1, 1, 3), the winners exactly the seats placed first."""
    num_players = state.game.num_players
    scored = [e for e in state.events if isinstance(e, DealScored)]
    if scored:
        totals = [0] * num_players
        for event in scored:
            for seat, points in enumerate(event.points):
                totals[seat] += points
            assert tuple(totals) == tuple(event.totals), (
                f"deal {event.deal}: running totals {list(event.totals)} disagree with the "
                f"points so far {totals}"
            )
        assert tuple(totals) == tuple(state.scores()), "scores() disagree with the deal events"
    over = [e for e in state.events if isinstance(e, GameOver)]
    assert len(over) == 1, f"expected exactly one GameOver event, got {len(over)}"
    assert tuple(over[0].scores) == tuple(state.scores()), "GameOver scores are not scores()"
    assert tuple(over[0].winners) == tuple(state.winners()), "GameOver winners are not winners()"
    assert len(state.returns()) == num_players, "returns() needs one value per seat"
    if not getattr(state.game, "non_seat_owners", False):
        assert state.winners(), "somebody wins"
    assert all(0 <= w < num_players for w in state.winners()), "a winner is no seat"
    places = tuple(state.placings())
    assert len(places) == num_players, "placings() needs one place per seat"
    assert all(place == 1 + sum(p < place for p in places) for place in places), (
        f"placings() {list(places)} are not places: tied seats share one, the next skips")
    if state.winners():
        first = tuple(seat for seat, place in enumerate(places) if place == 1)
        assert first == tuple(sorted(state.winners())), (
            f"placings() {list(places)} put first {list(first)}, not the winners "
            f"{list(state.winners())}")


def public_snapshot(state: State[Any]) -> tuple[Any, ...]:
    """Everything visible through the public API, to compare a state before and after."""
    seats = range(state.game.num_players)
    return (
        [state.observe(s) for s in seats],
        tuple(state.scores()),
        tuple(state.legal_actions()),
        state.current_player,
        list(state.history),
        len(state.events),
    )


def is_perfect_information(game: Game[Any]) -> bool:
    """True for games that set ``perfect_information = True`` (nothing hidden to sample)."""
    return bool(getattr(game, "perfect_information", False))
