"""Shared helpers for the Skull tests: games with a fixed first player, moves by notation."""

from __future__ import annotations

from typing import Any

import parlour
from parlour.games.skull import ROSE, SKULL, Skull, SkullState


def skull(players: int = 3, **params: Any) -> Skull:
    game = parlour.load_game("skull", players=players, first_player=params.pop("first_player", 0),
                             **params)
    assert isinstance(game, Skull)
    return game


def new(players: int = 3, seed: int = 1, **params: Any) -> SkullState:
    return skull(players, **params).new_state(seed=seed)


def play(state: SkullState, *moves: str) -> SkullState:
    """Apply moves written in notation, each for the seat to act."""
    for move in moves:
        state.apply(state.game.parse_action(move, state))
    return state


def fail_until_out(state: SkullState, loser: int) -> SkullState:
    """Play rounds in which only `loser` challenges, and fails, until it is out of the game.

    The loser puts its skull on top when it has one and bids 1 (its own skull stops it), else
    it bids everything on the table and runs into someone else's skull. Everyone else plays
    roses and keeps their skulls; when `loser` chooses, it gives up roses first.
    """
    while state.discs(loser) and not state.is_terminal:
        p = state.current_player
        assert p is not None
        phase = state.observe(p).phase
        legal = [str(a) for a in state.legal_actions()]
        if phase == "place_first":
            if p == loser:
                move = "place skull" if "place skull" in legal else "place rose"
            else:
                move = "place skull" if state.skulls[loser] == 0 and "place skull" in legal \
                    else ("place rose" if "place rose" in legal else "place skull")
        elif phase == "turn":
            if p == loser:
                own_top = state.stacks[loser][-1]
                move = "bid 1" if own_top == SKULL else f"bid {state.total_on_mats()}"
            else:
                move = "place rose" if "place rose" in legal else "bid 1"
        elif phase == "bid":
            if p == loser:
                own_top = state.stacks[loser][-1]
                move = f"bid {state.high_bid + 1}" if own_top == SKULL \
                    else f"bid {state.total_on_mats()}"
            else:
                move = "pass"
        elif phase == "reveal":
            move = legal[0]
        elif phase == "discard":
            move = "discard rose" if state.roses[p] else "discard skull"
        else:
            move = legal[0]
        play(state, move)
    return state


__all__ = ["ROSE", "SKULL", "fail_until_out", "new", "play", "skull"]
