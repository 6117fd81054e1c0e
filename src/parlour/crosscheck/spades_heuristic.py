"""Move-for-move cross-check of the compiled Spades heuristic against the Python agent.

`crosscheck(seeds)` draws one position per seed and plays it out with both, comparing every
decision. The position: one of five rule sets (`RULE_SETS`: standard, Blind Nil offered, the
2♣ lead, no Nil, the mercy rule to 300), a random standing (scores and bags, so Blind Nil is
offered and games end), then a random number of moves of the first hand (none to the last
card) by seats that are each, per seed, uniformly random or the heuristic: random bids make
Nils, and Nils make the heuristic's rarer rules fire. From there, for one or two hands (or to
the end of the game):

- the Python reference: `SpadesHeuristic.act` on `state.observe(seat)` for every seat, the
  action applied without undo (as `Playout.play_compiled` does);
- the kernel stepped decision by decision (`_heuristic.HeuristicDeal`): at every decision the
  phase, the player to move, the legal cards or the number of bids and Blind Nil choices, the
  action chosen and the name of the rule behind it (`SpadesHeuristic.last_rule`); at the end of
  each hand it settles its copy (in C on even seeds, by the state's `_score_deal` on odd ones)
  and the whole state and history must equal the reference's;
- `SpadesState.play_compiled("heuristic", stop)` on a third copy: the same state and history.

The CI test (`tests/games/spades/test_heuristic_compiled.py`) runs 1,000 seeds,
`benchmarks/spades_heuristic_crosscheck.py` 100,000.
"""

from __future__ import annotations

import importlib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from random import Random
from typing import Any

import parlour
from parlour.crosscheck.harness import Probe
from parlour.games.spades.bots import SpadesHeuristic

RULE_SETS = ("spades", "spades:blind_nil=true", "spades:opening_lead=two_of_clubs",
             "spades:nil=false", "spades:mercy=true,target=300")
"""The rule sets the positions are drawn from, in turn by seed."""

PLAYING = 2


@dataclass
class CrossCheck:
    """What a cross-check covered."""

    positions: int = 0
    hands: int = 0
    """Hands (deals) played to their end by both and compared."""
    decisions: int = 0
    bids: int = 0
    blind_choices: int = 0
    cards: int = 0
    nil_bids: int = 0
    """Nil and Blind Nil bids in the hands compared (the heuristic's or the random prefix's)."""
    blind_nils: int = 0
    settled_in_c: int = 0
    games_over: int = 0
    rules: Counter[str] = field(default_factory=Counter)
    """How often each rule of the heuristic decided (`SpadesHeuristic.last_rule`)."""


def position(seed: int) -> Any:
    """The quiet position of `seed` (see the module), and how many hands to play from it
    (None: to the end of the game)."""
    rng = Random(seed)
    game = parlour.load_game(RULE_SETS[seed % len(RULE_SETS)])
    limit = game.bag_limit  # type: ignore[attr-defined]
    target = game.target  # type: ignore[attr-defined]
    state = game.new_state(seed=seed, scores=[rng.randrange(-300, target, 10),
                                              rng.randrange(-300, target, 10)],
                           bags=[rng.randrange(limit), rng.randrange(limit)])
    state.quiet = True
    seats = [SpadesHeuristic(game, seat) if rng.random() < 0.5 else None for seat in range(4)]
    for _ in range(rng.randrange(58)):
        if state.deal or state.is_terminal:
            break
        agent = seats[state.current]
        if agent is None:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        else:
            state.apply(agent.act(state.observe(state.current)))
    hands = rng.choice((1, 1, 1, 2, None))
    return state, hands


def crosscheck(seeds: Iterable[int]) -> CrossCheck:
    """Cross-check the position of every seed (see the module); raises `Divergence`."""
    # the compiled kernel: built, or ImportError
    heuristic = importlib.import_module("parlour.games.spades._heuristic")

    done = CrossCheck()
    probe = Probe("parlour.games.spades._heuristic")
    for seed in seeds:
        start, hands = position(seed)
        game = start.game
        probe.start(game.spec, seed)
        agents = [SpadesHeuristic(game, seat) for seat in range(4)]
        python = start.clone(quiet=True)
        stepped = start.clone(quiet=True)
        whole = start.clone(quiet=True)
        stop = None if hands is None else start.deal + hands
        probe.check(whole.play_compiled("heuristic", stop) is True, "play_compiled refused")
        kernel = heuristic.HeuristicDeal()
        mode = type(stepped).kernel_mode(type(game)) if seed % 2 == 0 else 0
        while not python.is_terminal and (stop is None or python.deal < stop):
            kernel.load(stepped)
            number = python.deal
            contract: tuple[tuple[int, ...], tuple[bool, ...]] = ((), ())
            while python.deal == number and not python.is_terminal:
                seat = python.current
                probe.same("player to move", kernel.current, seat)
                probe.same("phase", kernel.phase, python.phase)
                observation = python.observe(seat)
                legal = observation.legal_actions
                if python.phase == PLAYING:
                    contract = python.bids, python.blind
                    probe.same("legal cards", kernel.legal_mask(), python.legal_mask())
                    done.cards += 1
                else:
                    probe.same("number of choices", kernel.legal_count(), len(legal))
                    if python.phase == PLAYING - 1:
                        done.bids += 1
                    else:
                        done.blind_choices += 1
                action = agents[seat].act(observation)
                rule = agents[seat].last_rule
                chosen, named = kernel.choose()
                probe.same(f"seat {seat}'s choice", chosen, action)
                probe.same(f"seat {seat}'s rule", named, rule)
                probe.check(action in legal, f"{action} is not legal")
                done.rules[rule] += 1
                done.decisions += 1
                kernel.step()
                python.apply_unchecked_no_undo(action)
                probe.moved(action)
            probe.check(bool(kernel.done), "the kernel's hand is not over")
            done.nil_bids += contract[0].count(0)
            done.blind_nils += sum(contract[1])
            kernel.settle(stepped, mode)
            done.settled_in_c += bool(mode)
            done.hands += 1
            probe.after = f"settling the hand {'in C' if mode else 'by _score_deal'}"
            probe.same_state(stepped, python)
        done.games_over += python.is_terminal
        probe.after = "play_compiled"
        probe.same_state(whole, python)
        done.positions += 1
    return done

