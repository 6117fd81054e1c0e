"""Shared steps of the conformance suite."""

from __future__ import annotations

from random import Random
from typing import Any

from parlour.core import DealScored, Game, GameOver, State

MAX_MOVES = 100_000


def check_state(state: State[Any], check_parse: bool = False) -> None:
    """The invariants every game keeps after every move."""
    terminal = state.is_terminal
    legal = state.legal_actions()
    assert (state.current_player is None) == terminal, "current_player is None iff terminal"
    assert bool(legal) != terminal, "legal actions exist iff the game is not over"
    if not terminal:
        assert 0 <= state.current_player < state.game.num_players  # type: ignore[operator]
    check = getattr(state, "check_invariants", None)
    if check is not None:
        check()
    if check_parse:
        for action in legal:
            assert state.is_legal(action)
            assert state.why_illegal(action) is None
            text = str(action)
            assert state.game.parse_action(text, state) == action, f"{text!r} does not parse back"


def random_playout(state: State[Any], rng: Random, check: bool = True,
                   check_parse: bool = False) -> State[Any]:
    """Play uniformly random legal actions to the end, checking invariants after each."""
    for _ in range(MAX_MOVES):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        if check:
            check_state(state, check_parse)
    assert state.is_terminal, "the game did not end"
    return state


def check_final(state: State[Any]) -> None:
    """At the end: scores agree with the scoring events, and the game-over event is right."""
    scored = [e for e in state.events if isinstance(e, DealScored)]
    if scored:
        totals = [0] * state.game.num_players
        for event in scored:
            for seat, points in enumerate(event.points):
                totals[seat] += points
            assert tuple(totals) == tuple(event.totals), "running totals disagree with points"
        assert tuple(totals) == tuple(state.scores()), "scores disagree with deal events"
    over = [e for e in state.events if isinstance(e, GameOver)]
    assert len(over) == 1, "exactly one GameOver event"
    assert tuple(over[0].scores) == tuple(state.scores())
    assert tuple(over[0].winners) == tuple(state.winners())
    assert len(state.returns()) == state.game.num_players
    if not getattr(state.game, "non_seat_owners", False):
        assert state.winners(), "somebody wins"
    assert all(0 <= w < state.game.num_players for w in state.winners())


def snapshot_view(state: State[Any]) -> tuple[Any, ...]:
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
    return bool(getattr(game, "perfect_information", False))
