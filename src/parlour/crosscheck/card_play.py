"""Card-for-card cross-check of the compiled card play (`cards/_trick_play.pyx`'s `TrickPlay`).

`crosscheck(game, seeds)` plays each seed's first deal to its card play with random passes or
bids, loads it into a `TrickPlay`, and plays the same random cards on both: before every card
the legal cards and the player to move, after it the hands, the break, each trick's winner and
the cards (Hearts) or tricks (Spades) taken; at the deal's end the kernel must be done after 13
tricks. The CI test runs 1,000 deals per game, `benchmarks/trick_crosscheck.py` 100,000.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from dataclasses import dataclass
from random import Random
from typing import Any

from parlour import compiled_switch
from parlour.core import Game
from parlour.crosscheck.harness import Probe

MODULE = "parlour.cards._trick_play"


@dataclass
class CardCheck:
    """What a card-play cross-check covered."""

    deals: int = 0
    cards: int = 0
    tricks: int = 0


def crosscheck(game: Game[Any], seeds: Iterable[int]) -> CardCheck:
    """Cross-check the card play of one deal per seed of `game` (Hearts or Spades rules);
    raises `Divergence` at a difference, `LookupError` if the module is not built. The pure
    path (``PARLOUR_PURE``) checks the compiled module too, where it is built."""
    compiled_switch.check_current(MODULE)
    try:
        trick_play = importlib.import_module(MODULE)
    except ImportError:
        raise LookupError(f"{MODULE} is not built") from None
    probe = Probe(MODULE)
    done = CardCheck()
    play = trick_play.TrickPlay()
    for seed in seeds:
        probe.start(game.spec, seed)
        rng = Random(seed)
        state: Any = game.new_state(seed=seed)
        state.quiet = True
        while not state.in_card_play():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        play.load(state, *state.kernel_rules()[:3])
        deal = state.deal
        while True:
            probe.same("legal cards", play.legal_mask(), state.legal_mask())
            probe.same("player to move", play.current, state.current)
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            winner = play.play(action.card)
            state.apply(action)
            probe.moved(action)
            done.cards += 1
            done.tricks += winner >= 0
            if state.deal != deal or state.is_terminal:  # the last trick: settled
                probe.check(bool(play.done) and play.ntricks == 13,
                            "the kernel's deal is not over after 13 tricks")
                probe.same("last trick's winner", play.last_winner >= 0, True)
                break
            probe.same("hands", [play.hand(seat) for seat in range(4)], state.hands)
            probe.same("broken", bool(play.broken), bool(state.broken))
            if winner >= 0:
                probe.same("trick winner", winner, state.leader)
                probe.same("player to lead", winner, state.current)
            if game.id == "hearts":
                probe.same("cards taken", [play.taken_by(s) for s in range(4)], state.taken)
            else:
                probe.same("tricks won", tuple(play.won_by(s) for s in range(4)), state.won)
        done.deals += 1
    return done
