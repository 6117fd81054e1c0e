"""Cross-check of the learner's batch rows and the batch step against their Python twins.

`rows(spec, seeds, steps)` plays seeded games of Hearts or Spades with random moves and, at
every position, fills the tensor and legal mask of every seat through the compiled rows
(`games/hearts/_rows.pyx`, `games/spades/_rows.pyx`) and through `Encoding.fill_rows`, the
pure-Python twin: the arrays must be equal element for element. `lockstep(spec, seeds, moves)`
steps batches of games through the compiled `rl/_lockstep.pyx` and through
`parlour.rl.lockstep.advance`: the games' histories must be equal. `tests/rl/test_batch.py`
runs both.
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

import numpy as np

from parlour.core import load_game
from parlour.crosscheck.harness import Probe
from parlour.games.encoding import Encoding

ROWS = {"hearts": "parlour.games.hearts._rows", "spades": "parlour.games.spades._rows"}
LOCKSTEP = "parlour.rl._lockstep"


def rows(spec: str, seeds: Sequence[int], steps: int) -> int:
    """Compare the rows of every seat over `steps` moves of one game per seed; returns the
    rows compared. Raises `Divergence` naming the game, seed, move, seat and element."""
    game = load_game(spec)
    probe = Probe(ROWS[game.id])
    encoding = game.encoding
    seats_count = game.num_players
    compared = 0
    for seed in seeds:
        probe.start(game.spec, seed)
        state = game.new_state(seed=seed)
        rng = Random(seed)
        for _ in range(steps):
            if state.is_terminal:
                break
            for seat in range(seats_count):
                mine = _filled(encoding, state, seat, compiled=True)
                twin = _filled(encoding, state, seat, compiled=False)
                for what, a, b in (("tensor", mine[0], twin[0]), ("mask", mine[1], twin[1])):
                    if not np.array_equal(a, b):
                        at = int(np.flatnonzero(a != b)[0])
                        probe.fail(f"seat {seat}'s {what}[{at}]", a[at].item(), b[at].item())
                compared += 1
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            state.apply_unchecked_no_undo(action)
            probe.moved(action)
    return compared


def _filled(encoding: Any, state: Any, seat: int, compiled: bool) -> tuple[Any, Any]:
    row = np.zeros((1, *encoding.shape), np.float32)
    mask = np.zeros((1, encoding.num_actions), bool)
    fill = encoding.fill_rows if compiled else Encoding.fill_rows.__get__(encoding)
    fill([state], np.array([seat], np.int64), row, mask)
    return row[0].ravel(), mask[0]


def lockstep(spec: str, seeds: Sequence[int], moves: int) -> int:
    """Step one batch of games (a game per seed, seat 0 the learner, the others random)
    `moves` times through each path; returns the moves compared."""
    from parlour.rl import lockstep as twin

    compiled = twin.compiled()
    if compiled is None:
        raise RuntimeError(f"{LOCKSTEP} is not built")
    game = load_game(spec)
    probe = Probe(LOCKSTEP)
    ids = [game.action_from_id(i) for i in range(game.encoding.num_actions)]
    histories = []
    for step in (compiled, twin.advance):
        states = [game.new_state(seed=seed) for seed in seeds]
        randoms = [[None] + [Random(seed * 10 + s) for s in range(1, game.num_players)]
                   for seed in seeds]
        choose = Random(1)
        for _ in range(moves):
            rows_ = [k for k, s in enumerate(states)
                     if not s.is_terminal and s.current_player == 0]
            if not rows_:
                break
            picks = np.array([_pick(states[k], choose) for k in rows_], np.int64)
            step([states[k] for k in rows_], ids, picks, [randoms[k] for k in rows_],
                 np.zeros(len(rows_), np.int64), np.zeros(len(rows_), np.int64))
        histories.append([list(s.history) for s in states])
    for seed, mine, theirs in zip(seeds, *histories, strict=True):
        probe.start(game.spec, seed)
        probe.same("history", mine, theirs)
    return sum(len(h) for h in histories[0])


def _pick(state: Any, choose: Random) -> int:
    legal = state.legal_actions()
    return int(legal[choose.randrange(len(legal))].id)


def heuristic_seats(spec: str, seeds: Sequence[int], moves: int) -> int:
    """Play one game per seed for `moves` moves (seat 0 random, the others the game's
    ``heuristic``) and at every heuristic decision compare the move of the agent's
    `lockstep_decider` (the compiled heuristic) with its `act` on the seat's observation;
    returns the decisions compared. Raises `Divergence` at the first difference."""
    from parlour.rl.seated_game import build_agent

    game = load_game(spec)
    probe = Probe(f"parlour.games.{game.id}._heuristic")
    compared = 0
    for seed in seeds:
        probe.start(game.spec, seed)
        state = game.new_state(seed=seed)
        agents = [build_agent("heuristic", game, seat, Random(seat))
                  for seat in range(game.num_players)]
        deciders = [agent.lockstep_decider(state) for agent in agents]  # type: ignore[attr-defined]
        rng = Random(seed)
        for _ in range(moves):
            if state.is_terminal:
                break
            seat = state.current_player
            if seat == 0:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            else:
                action = deciders[seat](state)
                probe.same(f"seat {seat}'s move", action, agents[seat].act(state.observe(seat)))
                compared += 1
            state.apply_unchecked_no_undo(action)
            probe.moved(action)
    return compared
