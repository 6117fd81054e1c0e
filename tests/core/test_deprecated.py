"""The old public names still work, each with a DeprecationWarning naming the new one."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path
from random import Random

import pytest

import parlour
from parlour import compiled_switch


def test_apply_without_undo_warns_and_applies() -> None:
    state = parlour.load_game("hearts").new_state(seed=1)
    action = state.legal_actions()[0]
    with pytest.warns(DeprecationWarning, match="apply_unchecked_no_undo"):
        state.apply_without_undo(action)
    assert state.history[-1].action == action


def test_play_policy_warns_and_plays() -> None:
    state = parlour.load_game("hearts").new_state(seed=2).clone(quiet=True)
    state.play_random(0, Random(2).random)  # through the passing, to the card play
    twin = state.clone()
    expected = twin.play_compiled("heuristic", None)
    with pytest.warns(DeprecationWarning, match="play_compiled"):
        played = state.play_policy("heuristic", None)
    assert played == expected
    assert state.history == twin.history


def test_the_engine_module_warns_and_is_the_switch() -> None:
    sys.modules.pop("parlour.engine", None)
    with pytest.warns(DeprecationWarning, match="parlour.compiled_switch"):
        engine = importlib.import_module("parlour.engine")
    assert engine.kernel is compiled_switch.load
    assert engine.KERNELS == compiled_switch.MODULE_NAMES
    assert engine.StaleBuild is compiled_switch.StaleBuild


def test_python_m_parlour_engine_still_reports_the_path() -> None:
    done = subprocess.run([sys.executable, "-W", "ignore::DeprecationWarning", "-m",
                           "parlour.engine"], capture_output=True, text=True, check=False,
                          timeout=60)
    assert done.returncode == 0 and "engine:" in done.stdout


def test_rl_table_is_the_seated_game() -> None:
    import parlour.rl
    from parlour.rl.seated_game import SeatedGame

    with pytest.warns(DeprecationWarning, match="SeatedGame"):
        old = parlour.rl.Table
    assert old is SeatedGame
    with pytest.raises(AttributeError, match="no attribute 'Tabel'"):
        _ = parlour.rl.Tabel


def test_fault_policy_is_the_fault_rules() -> None:
    import parlour.match
    from parlour.match import FaultRules

    with pytest.warns(DeprecationWarning, match=r"parlour\.match\.FaultRules"):
        old = parlour.match.FaultPolicy
    assert old is FaultRules
    with pytest.raises(AttributeError, match="no attribute 'FaultPolicie'"):
        _ = parlour.match.FaultPolicie


def test_match_policy_keyword_warns_and_sets_the_fault_rules() -> None:
    from parlour.match import FaultRules, Match

    rules = FaultRules(strike_limit=1)
    game = parlour.load_game("hearts")
    with pytest.warns(DeprecationWarning, match=r"Match\(fault_rules=\.\.\.\)"):
        match = Match(game, ["random"] * 4, seed=1, policy=rules)
    assert match.fault_rules is rules
    with pytest.warns(DeprecationWarning, match=r"Match\.fault_rules"):
        assert match.policy is rules
    with pytest.raises(parlour.ParlourError, match=r"both fault_rules= and .* policy="):
        Match(game, ["random"] * 4, seed=1, fault_rules=rules, policy=rules)


def test_league_settings_policy_warns_and_is_the_fault_rules() -> None:
    from parlour.ladder.league import LeagueSettings

    settings = LeagueSettings()
    with pytest.warns(DeprecationWarning, match=r"LeagueSettings\.fault_rules\(\)"):
        assert settings.policy() == settings.fault_rules()


def test_ismcts_opponents_policy_is_rollout_with_a_warning() -> None:
    from parlour.agents import make_agent

    game = parlour.load_game("hearts")
    with pytest.warns(DeprecationWarning, match=r"ismcts:opponents='policy' is deprecated"):
        agent = make_agent("ismcts:opponents=policy,iterations=5", game, 0, Random(0))
    assert agent.opponents == "rollout"  # type: ignore[attr-defined]


def test_a_game_declaring_search_opponents_policy_gets_rollout_with_a_warning() -> None:
    from parlour.agents.search.ismcts import ISMCTSAgent
    from parlour.agents.search.playout import Playout
    from parlour.games.hearts.rules import Hearts

    class OldHearts(Hearts):
        search_opponents = "policy"  # a plug-in written before the rename

    game = OldHearts()
    agent = ISMCTSAgent(game, 0, Random(0), iterations=5)
    playout = Playout(game, "heuristic", 1, "score", Random(0), "ismcts")
    with pytest.warns(DeprecationWarning, match=r"OldHearts\.search_opponents='policy'"):
        assert agent.modelled_opponents(game, playout) == "rollout"


def test_tournament_policy_warns_and_is_the_fault_rules(tmp_path: Path) -> None:
    from parlour.arena import Tournament, TournamentConfig

    config = TournamentConfig(game="hearts", agents=("random", "heuristic"), deals=1,
                              backend="inprocess", out=str(tmp_path / "out"))
    with Tournament(config) as tournament, pytest.warns(DeprecationWarning,
                                                        match=r"Tournament\.fault_rules"):
        assert tournament.policy is tournament.fault_rules


def test_layout_view_is_layout_block() -> None:
    import numpy as np

    from parlour.games.encoding import Layout

    layout = Layout(("hand", 4), ("played", 2, 3))
    flat = np.arange(10, dtype=np.float32)
    with pytest.warns(DeprecationWarning, match=r"Layout\.block"):
        old = layout.view(flat, "played")
    assert np.array_equal(old, layout.block(flat, "played"))
    old[0, 0] = -1.0  # still the flat array's own block
    assert flat[4] == -1.0


def test_vector_env_tables_and_views_are_its_seated_games_and_observations() -> None:
    pytest.importorskip("numpy")
    from parlour.rl import VectorEnv

    env = VectorEnv(parlour.load_game("hearts"), 2, seed=3)
    env.reset()
    with pytest.warns(DeprecationWarning, match=r"VectorEnv\.seated_games"):
        assert env.tables is env.seated_games
    with pytest.warns(DeprecationWarning, match=r"VectorEnv\.learner_observations"):
        assert env.views is env.learner_observations
    observation = env.learner_observations[0]
    assert observation.seat == env.seats[0]
    assert observation == env.seated_games[0].state.observe(int(env.seats[0]))


def test_the_gym_env_table_is_its_seated_game() -> None:
    pytest.importorskip("gymnasium")
    from parlour.rl.gym_env import ParlourGym

    env = ParlourGym("hearts", opponents="random")
    env.reset(seed=1)
    with pytest.warns(DeprecationWarning, match=r"ParlourGym\.seated_game"):
        assert env.table is env.seated_game


def test_testing_snapshot_view_is_public_snapshot() -> None:
    import parlour.testing
    from parlour.testing import public_snapshot

    with pytest.warns(DeprecationWarning, match=r"parlour\.testing\.public_snapshot"):
        old = parlour.testing.snapshot_view
    assert old is public_snapshot
    state = parlour.load_game("skull").new_state(seed=1)
    assert public_snapshot(state) == public_snapshot(state.clone())


def test_binding_kernel_warns_and_loads_the_module() -> None:
    from parlour.cards.trickstate import CARD_PLAY

    with pytest.warns(DeprecationWarning, match=r"Binding\.load\(\)"):
        loaded = CARD_PLAY.kernel()
    assert loaded is CARD_PLAY.load()
    assert loaded is compiled_switch.load(CARD_PLAY.module)


def test_mirror_kernels_and_probe_kernel_warn_and_name_the_modules() -> None:
    from parlour.crosscheck import MIRRORS, Probe

    mirror = MIRRORS[0]
    with pytest.warns(DeprecationWarning, match=r"Mirror\.modules"):
        assert mirror.kernels == mirror.modules == ("parlour.cards._trick_play",)
    probe = Probe("parlour.cards._trick_play")
    with pytest.warns(DeprecationWarning, match=r"Probe\.module"):
        assert probe.kernel == "parlour.cards._trick_play"


def test_kernel_file_warns_and_is_the_compiled_file() -> None:
    from parlour.crosscheck import harness

    with pytest.warns(DeprecationWarning, match="compiled_file"):
        path = harness.kernel_file("parlour.cards._trick_play")
    assert path == harness.compiled_file("parlour.cards._trick_play")
    assert path.endswith("cards/_trick_play.pyx")


def test_hearts_heuristic_playouts_kernel_warns_and_is_compiled() -> None:
    from parlour.games.hearts import heuristic_playouts

    with pytest.warns(DeprecationWarning, match="COMPILED"):
        assert heuristic_playouts.KERNEL is heuristic_playouts.COMPILED
    with pytest.raises(AttributeError, match="KERNELS"):
        heuristic_playouts.KERNELS  # noqa: B018
