"""Decision-for-decision cross-check of the compiled Skat heuristic against `SkatHeuristic`.

`heuristic_crosscheck(game, seeds, module)` plays one seeded series of two deals per seed with
the Python rules, seats mixed between the heuristic and random play (random seats bid modestly,
not at all on every fourth seed, and declare at random, so that Null, Grand, Hand and ouvert
games and Ramsch come up), and at
every decision compares the compiled heuristic's choice (`_heuristic.decide`) with the Python
agent's (`SkatHeuristic.act` on the seat's observation). From one position of each deal (or
of every n-th, `playouts_every`) it also plays the heuristic to the end of
the deal and to the end of the series both ways, `SkatState.play_compiled` (in C) and the agents
move by move as search playouts do, and compares the states: fields, history, class.
The CI test runs it on 1,000 deals and `benchmarks/skat_heuristic_crosscheck.py` on 100,000;
a difference raises `Divergence` naming the seed, the move, the field and the `.pyx` file.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from random import Random
from typing import Any

from parlour.crosscheck.harness import Probe
from parlour.games.skat.actions import BY_ID, PASS
from parlour.games.skat.bots import SkatHeuristic
from parlour.games.skat.rules import BIDDING, OVER, Skat, SkatState, bind_deals, kernel_mode


@dataclass
class HeuristicCheck:
    """What a cross-check of the compiled heuristic covered."""

    deals: int = 0
    decisions: int = 0
    """Decisions compared (the compiled choice against the agent's)."""
    playouts: int = 0
    """Playouts compared (`play_compiled` against the agents, to the deal's end or the game's)."""
    playout_moves: int = 0
    """Moves made by those playouts (each compared through the history)."""
    contracts: Counter[str] = field(default_factory=Counter)
    """Contracts the deals were played as (``grand``, ``null ouvert``, ``ramsch``, ...)."""
    rules: Counter[str] = field(default_factory=Counter)
    """How often each rule of the heuristic fired in the compiled decisions and playouts."""


def heuristic_crosscheck(game: Skat, seeds: range, module: Any,
                         playouts_every: int = 1) -> HeuristicCheck:
    """Cross-check `kernel` (the compiled `_heuristic` module) on one deal per seed; raise
    `Divergence` at the first difference. Playouts are compared on the seeds divisible by
    `playouts_every` (the Python playouts cost most of a check)."""
    series = type(game)(**{**game.params, "deals": 2})
    bot = SkatHeuristic(series)
    done = HeuristicCheck()
    probe = Probe("parlour.games.skat._heuristic")
    # the pure path checks the compiled modules too, where they are built
    bind_deals(module.deal_kernel)
    module.reset_counts()
    for seed in seeds:
        probe.start(game.spec, seed)
        rng = Random(seed)
        heuristic = [rng.random() < 0.6 for _ in range(series.num_players)]
        state = series.new_state(seed=seed)
        state.quiet = True
        check_at = int(rng.random() * 40)  # drawn always: the same deals whatever the setting
        if seed % playouts_every:
            check_at = -1
        moves = 0
        while state.deal == 0 and state.phase != OVER:
            seat: int = state.current  # type: ignore[assignment]
            legal = state.legal_actions()
            wanted = bot.act(state.observe(seat))
            got = module.decide(state)
            done.decisions += 1
            probe.same(f"seat {seat}'s choice ({state.phase_name})", BY_ID[got], wanted)
            if moves == check_at:
                _same_playouts(state, module, probe, done)
            if heuristic[seat]:
                action = wanted
            elif state.phase == BIDDING:  # modest (few overbids); on every fourth seed no bid
                action = PASS if seed % 4 == 0 or rng.random() < 0.5 else legal[0]
            else:
                action = legal[int(rng.random() * len(legal))]
            state.apply(action)
            probe.moved(action)
            moves += 1
        if moves <= check_at and state.phase != OVER:  # a short deal: check the next one
            _same_playouts(state, module, probe, done)
        done.contracts.update([_contract_name(state)])
        done.deals += 1
    done.rules.update(module.rule_counts())
    return done


def _contract_name(state: SkatState) -> str:
    result = state.results[0]
    if result.contract is None:
        return "thrown in"
    contract = result.contract
    return contract.kind + (" hand" if contract.hand else "") + (
        " ouvert" if contract.ouvert else "")


def python_playout(state: SkatState, stop: int | None) -> None:
    """The heuristic at every seat, move by move, as `Playout` plays it without a kernel."""
    bot = SkatHeuristic(state.game)
    while not state.is_terminal and (stop is None or state.deal < stop):
        seat: int = state.current  # type: ignore[assignment]
        observation = state.observe(seat)
        legal = observation.legal_actions
        state.apply_unchecked_no_undo(legal[0] if len(legal) == 1 else bot.act(observation))


def _same_playouts(state: SkatState, module: Any, probe: Probe, done: HeuristicCheck) -> None:
    mode = kernel_mode(type(state), type(state.game), module.deal_kernel)
    probe.check(mode >= 0, f"the deal kernel does not fit {type(state).__name__}")
    after = probe.after
    for stop in (state.deal + 1, None):
        compiled = state.clone(quiet=True)
        reference = state.clone(quiet=True)
        before = len(reference.history)
        module.play_deals(compiled, stop, mode)
        python_playout(reference, stop)
        done.playouts += 1
        done.playout_moves += len(reference.history) - before
        probe.after = f"{after}, then a playout to {'the end' if stop is None else 'deal end'}"
        probe.same_state(compiled, reference)
    probe.after = after
