"""Move-for-move cross-check of the Hearts and Spades deal kernels against the Python rules.

`crosscheck(game, seeds)` plays one random deal per seed from its first decision with the
Python engine (events on, so it deals the next deal at once) and, beside it, with the game's
deal kernel (`HeartsDeal`, `SpadesDeal`), comparing at every decision the phase, the player
to move and the legal choices (the cards a seat may pass, the number of bids or Blind Nil
choices, the legal cards), and each trick's winner; at the end it lets the kernel settle its
copy (in C where the game keeps the scoring hooks, by the state's `_score_deal` on every other
seed) and compares the whole state and history: the hands played, the tricks, the totals and
results, and the next deal, which the kernel leaves undealt until read. Each seed starts from
a random standing (totals, and bags in Spades), so games end and Blind Nil is offered too.
The CI test runs it on 1,000 deals per game and `benchmarks/trick_crosscheck.py` on 100,000;
a difference raises `Divergence` naming the seed, the move, the field and the compiled file.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from random import Random
from typing import Any

from parlour.core import Game
from parlour.crosscheck.harness import Probe


@dataclass
class CrossCheck:
    """What a cross-check covered."""

    deals: int = 0
    choices: int = 0
    """Passes, bids and Blind Nil choices compared."""
    cards: int = 0
    tricks: int = 0
    settled_in_c: int = 0
    games_over: int = 0
    undealt: int = 0
    """Next deals the kernel left undealt (dealt when the comparison read them)."""


def _start(game: Game[Any], seed: int, rng: Random) -> Any:
    """The first decision of a deal from a random standing, with events (eager deals)."""
    if game.id == "spades":
        limit = game.bag_limit  # type: ignore[attr-defined]
        return game.new_state(seed=seed, scores=[rng.randrange(-300, 520, 10),
                                                  rng.randrange(-300, 520, 10)],
                              bags=[rng.randrange(limit), rng.randrange(limit)])
    state = game.new_state(seed=seed)
    state.totals = tuple(rng.randrange(0, game.end_score) for _ in range(4))  # type: ignore[attr-defined]
    return state


def crosscheck(game: Game[Any], seeds: Iterable[int]) -> CrossCheck:
    """Cross-check one deal per seed (see the module); raises `Divergence` at a difference."""
    done = CrossCheck()
    probe = Probe(f"parlour.games.{game.id}._deals")
    for seed in seeds:
        probe.start(game.spec, seed)
        rng = Random(seed)
        python = _start(game, seed, rng)
        compiled = python.clone(quiet=True)
        kind = type(compiled)
        kernel = kind.deal_kernel
        deal = kernel.HeartsDeal() if game.id == "hearts" else kernel.SpadesDeal()
        deal.load(compiled)
        number = python.deal
        while python.deal == number and not python.is_terminal:
            legal = python.legal_actions()
            probe.same("player to move", deal.current, python.current)
            probe.same("phase", deal.phase, python.phase)
            index = rng.randrange(len(legal))
            if python.in_card_play():
                probe.same("legal cards", deal.legal_mask(), python.legal_mask())
                winner = deal.play(legal[index].card)
                done.cards += 1
            else:
                if game.id == "hearts":
                    cards = sum(1 << action.card for action in legal)
                    probe.same("cards to pass", deal.legal_passes(), cards)
                    deal.pass_card_index(index)
                else:
                    probe.same("number of bids", deal.legal_count(), len(legal))
                    deal.choice_index(index)
                winner = -1
                done.choices += 1
            python.apply(legal[index])
            probe.moved(legal[index])
            if winner >= 0:
                done.tricks += 1
                if python.deal == number and not python.is_terminal:
                    probe.same("trick winner", winner, python.leader)
                    probe.same("player to lead", winner, python.current)
        probe.check(bool(deal.done), "the kernel's deal is not over")
        mode = kind.kernel_mode(type(game)) if seed % 2 == 0 else 0
        deal.settle(compiled, mode)
        probe.after = f"settling {'in C' if mode else 'by _score_deal'}"
        done.settled_in_c += bool(mode)
        done.games_over += python.is_terminal
        done.undealt += compiled.undealt
        probe.same_state(compiled, python)
        probe.check(not compiled.undealt, "still undealt after reading the cards")
        done.deals += 1
    return done
