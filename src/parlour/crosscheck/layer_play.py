"""Playout-for-playout cross-check of the general trick layer's compiled playouts.

`crosscheck(game, seeds)` takes, per seed, a quiet state of `game` (a game on
`ContractTrickState` that names its `layer_class`) after a seed-drawn number of random moves,
and plays it out twice from the same generator: with `play_random` (the card play in
`cards/_layer.pyx`) and with the Python loop (`State.play_random`), to the end of the deal on
even seeds and of the game on odd ones. The states and histories must be equal. The tests run
it on the test game written on the layer, the Oh Hell example, Schafkopf and Doppelkopf.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from random import Random
from typing import Any

from parlour.cards.contract_state import LAYER_PLAY
from parlour.core import Game, State
from parlour.crosscheck.harness import Probe


@dataclass
class LayerCheck:
    """What a cross-check of the layer's playouts covered."""

    playouts: int = 0
    moves: int = 0
    games_over: int = 0


def crosscheck(game: Game[Any], seeds: Iterable[int]) -> LayerCheck:
    """Cross-check one playout per seed (see the module); raises `Divergence`, or
    `LookupError` where the compiled playouts do not apply to `game`'s states."""
    probe = Probe(LAYER_PLAY.module)
    done = LayerCheck()
    for seed in seeds:
        probe.start(game.spec, seed)
        rng = Random(seed)
        state: Any = game.new_state(seed=seed)
        state.quiet = True
        if not LAYER_PLAY.applies(type(state)):
            raise LookupError(f"{game.spec}: the layer's compiled playouts do not apply")
        for _ in range(rng.randrange(30)):
            if state.is_terminal:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            probe.moved(state.history[-1].action)
        stop = state.deal_number + 1 if seed % 2 == 0 else None
        compiled, python = state.clone(quiet=True), state.clone(quiet=True)
        before = len(python.history)
        compiled.play_random(stop, Random(seed).random)
        State.play_random(python, stop, Random(seed).random)
        probe.after = f"a playout to {'the deal end' if stop is not None else 'the end'}"
        probe.same_state(compiled, python)
        done.playouts += 1
        done.moves += len(python.history) - before
        done.games_over += python.is_terminal
    return done
