"""Move-for-move cross-check of the compiled card play against the Python rules.

`crosscheck(game, seeds)` plays random deals with the Python engine and, beside it, with the
kernel's `TrickPlay`, comparing at every card: the legal cards, the next player, each trick's
winner, the cards taken, and at the end of the deal the settled state (scores, tricks, hands).
The CI test runs it on 1,000 deals and `benchmarks/skat_crosscheck.py` on 100,000.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any

from parlour.games.skat.actions import PASS, PLAY
from parlour.games.skat.rules import OVER, PLAY_PHASE, Skat, SkatState


@dataclass
class CrossCheck:
    """What a cross-check covered."""

    deals: int = 0
    cards: int = 0
    tricks: int = 0


class Mismatch(AssertionError):
    """The kernel and the Python rules disagree (the message says where)."""


def _to_play(state: SkatState, rng: Random, all_pass: bool) -> bool:
    """Random bidding and declaring up to the card play; False if the deal never got there.

    With `all_pass` everyone passes, which starts a Ramsch where the rules have one.
    """
    while state.phase != PLAY_PHASE:
        if state.phase == OVER:
            return False
        legal = state.legal_actions()
        if all_pass and PASS in legal:
            state.apply(PASS)
        else:
            state.apply(legal[int(rng.random() * len(legal))])
    return True


def crosscheck(game: Skat, seeds: range, kernel: Any) -> CrossCheck:
    """Cross-check `kernel` (the compiled module) on one deal per seed; raise `Mismatch`.

    Deals are played as one-deal series of `game`'s rules (so the tricks stay readable after
    the last card); the random bidding passes deals that are thrown in.
    """

    one_deal = type(game)(**{**game.params, "deals": 1})
    done = CrossCheck()
    for seed in seeds:
        rng = Random(seed)
        state = one_deal.new_state(seed=seed)
        state.quiet = True
        if not _to_play(state, rng, all_pass=seed % 4 == 0):
            continue
        play = kernel.TrickPlay()
        play.load(state)
        before = state.clone(quiet=True)
        where = f"{game.spec} seed {seed}"
        while state.phase == PLAY_PHASE:
            legal = state.legal_mask()
            if play.legal_mask() != legal or play.current != state.current:
                raise Mismatch(f"{where}, card {done.cards}: kernel legal {play.legal_mask():#x} "
                               f"seat {play.current}, rules {legal:#x} seat {state.current}")
            cards = [c for c in range(64) if legal >> c & 1]
            card = cards[int(rng.random() * len(cards))]
            tricks = len(state.tricks)
            state.apply(PLAY[card])
            winner = play.play(card)
            done.cards += 1
            if len(state.tricks) > tricks:
                done.tricks += 1
                if winner != state.tricks[-1][2]:
                    raise Mismatch(f"{where}: trick {tricks + 1} won by seat {winner} in the "
                                   f"kernel, by seat {state.tricks[-1][2]} by the rules")
            elif winner != -1:
                raise Mismatch(f"{where}: the kernel ended a trick the rules did not")
            if bool(play.done) != (state.phase == OVER):
                raise Mismatch(f"{where}: the card play ended in one engine only")
            for seat in range(one_deal.num_players):
                if play.taken_by(seat) != state.taken[seat]:
                    raise Mismatch(f"{where}: seat {seat} took different cards")
        play.store(before)
        if before._snapshot() != state._snapshot() or before.history != state.history:
            raise Mismatch(f"{where}: the settled deal differs (scores {before.totals} in the "
                           f"kernel, {state.totals} by the rules)")
        done.deals += 1
    return done
