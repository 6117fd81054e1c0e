"""Decision-by-decision cross-check of the compiled Hearts heuristic against the Python agent.

`crosscheck(game, seeds)` plays one deal per seed from a random standing (so games end and
the moon's rules fire) with seats drawn per seed as the heuristic or random players, so the
positions vary beyond what four heuristic seats reach. At every decision of every seat it asks
both the Python `HeartsHeuristic` (from that seat's observation) and the compiled heuristic
(`_heuristic.HeuristicDeal`, from its own knowledge) and compares the legal moves, the chosen
pass or card, the rule that chose it and, in the play, the candidates search weighs
(`distinct_plays`); then the seat's own move (the heuristic's or a random one) goes on. From
the deal's first decision and from one random decision of it, a quiet clone plays on with the
Python agents move by move (`Playout`'s loop) and another with `HeartsState.play_compiled`: the
states after (history, hands, tricks, totals, the next deal) must be equal. On every tenth
seed that playout runs to the end of the game. The CI test runs 1,000 deals and
`benchmarks/hearts_heuristic_crosscheck.py` 100,000.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from random import Random
from typing import Any

from parlour.cards import CARD
from parlour.core import Game, State
from parlour.crosscheck.harness import Probe
from parlour.games.hearts.bots import HeartsHeuristic
from parlour.games.hearts.events import HeartsDealScored
from parlour.games.hearts.heuristic_playouts import COMPILED


@dataclass
class CrossCheck:
    """What a cross-check covered."""

    deals: int = 0
    decisions: int = 0
    """Decisions compared (passes and plays, every seat's)."""
    passes: int = 0
    plays: int = 0
    candidates: int = 0
    """Decisions whose search candidates were compared (two legal cards or more)."""
    playouts: int = 0
    playout_moves: int = 0
    whole_games: int = 0
    """Playouts compared to the end of the game (the others: to the end of the deal)."""
    moons: int = 0
    games_over: int = 0
    rules: Counter[str] = field(default_factory=Counter)
    """How often each rule of the heuristic chose the move (pass rules: per pass plan)."""


def _mask(actions: Any) -> int:
    mask = 0
    for action in actions:
        mask |= 1 << action.card
    return mask


def _agents_play(state: State[Any], stop: int | None, agents: list[HeartsHeuristic]) -> int:
    """`Playout._with_agents` without the compiled heuristic: the moves made."""
    moves = 0
    while not state.is_terminal and (stop is None or state.deal_number < stop):
        seat: int = state.current_player  # type: ignore[assignment]
        observation: Any = state.observe(seat)
        legal = observation.legal_actions
        state.apply_unchecked_no_undo(legal[0] if len(legal) == 1
                                 else agents[seat].act(observation))
        moves += 1
    return moves


def _compare_playouts(state: State[Any], probe: Probe, whole: bool, done: CrossCheck) -> None:
    python = state.clone(quiet=True)
    compiled = state.clone(quiet=True)
    stop = None if whole else state.deal_number + 1
    agents = [HeartsHeuristic() for _ in range(4)]
    done.playout_moves += _agents_play(python, stop, agents)
    probe.check(compiled.play_compiled("heuristic", stop), "play_compiled refused the state")
    probe.after = f"a playout to {'the end' if whole else 'the deal end'}"
    probe.same_state(compiled, python)
    done.playouts += 1
    done.whole_games += whole


def crosscheck(game: Game[Any], seeds: Iterable[int]) -> CrossCheck:
    """Cross-check one deal per seed (see the module); raises `Divergence` at a difference."""
    if COMPILED is None:
        raise LookupError("the compiled heuristic is not built (or PARLOUR_PURE is set)")
    done = CrossCheck()
    probe = Probe("parlour.games.hearts._heuristic")
    jack = bool(game.jack_of_diamonds)  # type: ignore[attr-defined]
    for seed in seeds:
        probe.start(game.spec, seed)
        rng = Random(seed)
        python: Any = game.new_state(seed=seed)
        end: int = game.end_score  # type: ignore[attr-defined]
        python.totals = tuple(rng.randrange(0, end) for _ in range(4))
        heuristic_seats = [rng.random() < 0.6 for _ in range(4)]
        agent = HeartsHeuristic(game)
        kernel = COMPILED.HeuristicDeal()
        kernel.load(python, jack)
        deal = kernel.deal
        number = python.deal
        sample_at = rng.randrange(64)
        decision = 0
        while python.deal == number and not python.is_terminal:
            if decision in (0, sample_at):
                _compare_playouts(python, probe, seed % 10 == 0 and decision == 0, done)
                probe.after = str(python.history[-1].action) if decision else ""
            seat = python.current_player
            observation: Any = python.observe(seat)
            legal = _mask(observation.legal_actions)
            passing = observation.phase == "pass"
            if passing:
                probe.same("cards to pass", deal.legal_passes(), legal)
            else:
                probe.same("legal cards", deal.legal_mask(), legal)
            card, rule = kernel.choice()
            action = agent.act(observation)
            probe.same(f"seat {seat}'s choice", CARD[card], action.card)  # type: ignore[attr-defined]
            probe.same(f"seat {seat}'s rule", rule, agent.last_rule)
            if passing:
                done.passes += 1
                if int(observation.passed) == 0:
                    done.rules.update(kernel.pass_rules(int(observation.hand)))
            else:
                done.plays += 1
                done.rules[rule] += 1
                if legal & (legal - 1):
                    proposed = _mask(agent.candidates(observation))
                    probe.same("search candidates", kernel.candidates(card), proposed)
                    done.candidates += 1
            done.decisions += 1
            if not heuristic_seats[seat]:
                choices = observation.legal_actions
                action = choices[rng.randrange(len(choices))]
            before = len(python.events)
            python.apply(action)
            kernel.step(action.card)  # type: ignore[attr-defined]
            probe.moved(action)
            decision += 1
            for event in python.events[before:]:
                if isinstance(event, HeartsDealScored) and event.moon_shooter is not None:
                    done.moons += 1
        done.games_over += python.is_terminal
        done.deals += 1
    return done
