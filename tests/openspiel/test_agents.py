"""OpenSpiel's bots at parlour's tables: the ``openspiel:`` agent specs in matches and a
tournament, with the fault rules like any agent."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

from parlour.arena import TournamentConfig, run_tournament
from parlour.arena.store import open_existing
from parlour.core import AgentError, ParlourError, load_game
from parlour.match import FaultRules, Match
from parlour.records import load


def test_openspiel_bots_play_a_match_and_the_record_verifies() -> None:
    seats = ["openspiel:ismcts:simulations=20", "openspiel:mcts:simulations=20,uct_c=1.5",
             "random", "heuristic"]
    record = Match(load_game("skull"), seats, seed=3).run()
    assert record.faults == []
    record.verify()


def test_openspiel_ismcts_runs_on_a_perfect_information_game() -> None:
    seats = ["openspiel:ismcts:simulations=10", "openspiel:mcts:simulations=10"]
    record = Match(load_game("territory:size=4,rounds=3,players=2"), seats, seed=1).run()
    assert record.faults == [] and {m.player for m in record.moves} == {0, 1}


def test_a_slow_openspiel_bot_is_timed_out_and_replaced_like_any_agent() -> None:
    rules = FaultRules(move_time=0.01, strike_limit=1)
    seats = ["openspiel:ismcts:simulations=300", "random", "random", "random"]
    record = Match(load_game("skull"), seats, seed=2, fault_rules=rules).run()
    assert record.faults and {f.kind for f in record.faults} == {"timeout"}
    assert record.faults[0].seat == 0 and 0 in record.forfeited
    record.verify()


def test_bad_openspiel_specs_are_named_in_the_error() -> None:
    game = load_game("skull")
    with pytest.raises(AgentError, match="unknown OpenSpiel bot 'cfr'"):
        Match(game, ["openspiel:cfr", "random", "random", "random"], seed=1)
    with pytest.raises(ParlourError, match="simulations"):
        Match(game, ["openspiel:mcts:simulations=0", "random", "random", "random"], seed=1)


def test_openspiel_bots_play_in_a_tournament(tmp_path: Path) -> None:
    out = tmp_path / "t"
    config = TournamentConfig(game="hearts", params={"end_score": 20},
                              agents=("openspiel:ismcts:simulations=8", "heuristic"),
                              deals=1, seed=7, backend="inprocess", out=str(out))
    stats = run_tournament(config)
    assert stats.played == stats.scheduled == 2
    with open_existing(out) as store:
        assert {a.spec for a in store.agents()} == {"openspiel:ismcts:simulations=8",
                                                     "heuristic"}
        for row in store.games():
            load(out / row.record).verify()
    assert not (out / "errors.log").exists()  # written only when a bot faults


def test_a_time_per_move_adapts_the_iterations_to_the_measured_rate() -> None:
    from random import Random

    from parlour.openspiel.agents import openspiel_agent

    game = load_game("skull")
    agent = openspiel_agent("ismcts:seconds=0.02", game, 0, Random(1))
    assert agent.simulations() == 4  # a probe until a rate is measured
    state = game.new_state(seed=9)
    while state.current_player != 0 or len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    agent.act(state.observe(0))
    assert agent.rate > 0 and agent.simulations() == max(1, round(agent.rate * 0.02))
