"""parlour games as OpenSpiel games: OpenSpiel's own API checks, chance, strings, tensors."""

from __future__ import annotations

import json
from random import Random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from parlour.core import ParlourError, list_games, load_game  # noqa: E402
from parlour.openspiel import load, register, register_all  # noqa: E402
from parlour.openspiel.bridge import SEED_DIGITS, ParlourState  # noqa: E402

SMALL = {
    "hearts": "hearts:end_score=30",
    "spades": "spades",
    "skat": "skat:deals=2",
    "skat.ramsch": "skat.ramsch:deals=2",
    "skull": "skull:players=3",
    "territory": "territory:size=4,rounds=3,players=2",
}
"""Parameters that keep a random game short (Spades is cut at its first hand below)."""
ONE_DEAL = {"spades"}


def bridged(game_id: str) -> object:
    return load(SMALL.get(game_id, game_id), one_deal=game_id in ONE_DEAL)


@pytest.mark.parametrize("game_id", [info.id for info in list_games()])
def test_every_game_passes_openspiels_random_simulation_test(game_id: str) -> None:
    # OpenSpiel's own API checks: chance outcomes sum to one, legal actions, clones, strings,
    # tensors, returns within bounds, resample_from_infostate giving equal information states
    pyspiel.random_sim_test(bridged(game_id), num_sims=2, serialize=False, verbose=False)


def test_registered_games_load_by_name_with_their_parameters() -> None:
    names = register_all()
    assert "parlour_hearts" in names and "parlour_skat_ramsch" in names
    game = pyspiel.load_game("parlour_skull", {"players": 5, "seeds": 8})
    assert game.num_players() == 5 and game.get_parameters()["seeds"] == 8
    assert register("skull") == "parlour_skull"  # a second registration is a no-op


def test_chance_nodes_choose_the_seed_and_the_deals_are_parlours_own() -> None:
    game = load("hearts")
    state = game.new_initial_state()
    seed = 0
    for _ in range(SEED_DIGITS):
        assert state.is_chance_node()
        outcomes = state.chance_outcomes()
        assert len(outcomes) == 128 and sum(p for _, p in outcomes) == pytest.approx(1.0)
        state.apply_action(77)
        seed = seed * 128 + 77
    assert state.current_player() == 0 and state.state is not None
    assert state.state.seed == seed
    assert state.state.history[0] == load_game("hearts").new_state(seed=seed).history[0]


def test_a_small_seed_set_is_one_chance_node() -> None:
    state = load("skull", seeds=6).new_initial_state()
    assert [a for a, _ in state.chance_outcomes()] == list(range(6))
    state.apply_action(4)
    assert not state.is_chance_node() and state.state.seed == 4
    with pytest.raises(ParlourError, match=r"seeds 0\.\.5"):
        state.seed_actions(9)


def test_a_parlour_state_replays_into_the_same_openspiel_state() -> None:
    parlour = load_game("skull")
    real = parlour.new_state(seed=12345)
    rng = Random(2)
    for _ in range(15):
        real.apply(rng.choice(real.legal_actions()))
    spiel = load("skull").state_from_parlour(real)
    assert spiel.state.observe(1) == real.observe(1)
    assert spiel.legal_actions() == sorted(a.id for a in real.legal_actions())


def test_information_states_are_perfect_recall_and_survive_resampling() -> None:
    state = load("hearts").new_initial_state()
    for action in state.seed_actions(99):
        state.apply_action(action)
    rng = Random(1)
    before = state.information_state_string(0)
    for _ in range(20):
        state.apply_action(rng.choice(state.legal_actions()))
    after = state.information_state_string(0)
    # the earlier recall (every event seat 0 saw) is a prefix of the later one
    assert after.startswith(before.rsplit("\n", 1)[0])
    player = state.current_player()
    for seed in range(3):
        world = state.resample(player, Random(seed))
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.legal_actions() == state.legal_actions()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    spiel_world = state.resample_from_infostate(player, sampler)  # OpenSpiel's own entry
    assert spiel_world.information_state_string(player) == state.information_state_string(player)
    # another seat's hand is not in this seat's string
    other = (player + 1) % 4
    hand = json.loads(state.observation_string(other))["hand"]
    assert json.loads(state.observation_string(player))["hand"] != hand


def test_observation_tensors_are_the_games_own_encoding() -> None:
    state = load("skull").new_initial_state()
    for action in state.seed_actions(5):
        state.apply_action(action)
    game = load_game("skull")
    for seat in range(4):
        np.testing.assert_array_equal(
            np.asarray(state.observation_tensor(seat), dtype=np.float32),
            game.encode(state.state.observe(seat)).ravel())


def test_one_deal_ends_with_the_first_deal_scored_by_running_returns() -> None:
    state = load("hearts", one_deal=True).new_initial_state()
    for action in state.seed_actions(3):
        state.apply_action(action)
    rng = Random(0)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.state.deal_number == 1
    assert state.returns() == list(state.state.running_returns())
    assert sum(state.returns()) in (-26.0, -78.0)  # 26 points taken, or a shot moon


def test_games_without_action_ids_number_the_legal_moves() -> None:
    state = load("territory:size=4,rounds=2,players=2").new_initial_state()
    for action in state.seed_actions(8):
        state.apply_action(action)
    legal = state.state.legal_actions()
    assert state.legal_actions() == list(range(len(legal)))
    assert state.action_to_string(state.current_player(), 1) == str(legal[1])
    tight = load("territory:size=4,rounds=2,players=2", max_actions=2).new_initial_state()
    for action in tight.seed_actions(8):
        tight.apply_action(action)
    with pytest.raises(ParlourError, match="max_actions=2"):
        tight.legal_actions()


def test_an_illegal_action_is_refused_with_the_seat_and_the_game() -> None:
    state = load("skull").new_initial_state()
    for action in state.seed_actions(5):
        state.apply_action(action)
    illegal = next(a for a in range(41) if a not in state.legal_actions())
    with pytest.raises(Exception, match="not legal for seat"):
        state.apply_action(illegal)


def test_mcts_and_ismcts_bots_run_on_every_game() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    for game_id in [info.id for info in list_games()]:
        game = load(SMALL.get(game_id, game_id), one_deal=True, imperfect=True)
        state: ParlourState = game.new_initial_state()
        for action in state.seed_actions(21):
            state.apply_action(action)
        rng = np.random.RandomState(0)
        evaluator = mcts.RandomRolloutEvaluator(random_state=rng)
        bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=rng,
                               allow_inconsistent_action_sets=True)
        assert bot.step(state) in state.legal_actions()
        plain = mcts.MCTSBot(game, 2.0, 10, evaluator, solve=False, random_state=rng)
        assert plain.step(state) in state.legal_actions()


def test_without_openspiel_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from parlour.openspiel._pyspiel import import_pyspiel

    monkeypatch.setitem(sys.modules, "pyspiel", None)  # an import of it now fails
    with pytest.raises(ParlourError, match=r"pip install 'parlour\[openspiel\]'"):
        import_pyspiel()


def test_a_bad_bridge_parameter_is_a_clear_error() -> None:
    with pytest.raises(ParlourError, match=r"'seeds'.*>= 0"):
        load("skull", seeds=-1)
    with pytest.raises(ParlourError, match="unknown parameter 'sides'"):
        load("skull", sides=3)


def test_openspiels_observation_objects_read_the_parlour_tensors_and_strings() -> None:
    from open_spiel.python.observation import make_observation

    game = load("hearts")
    state = game.new_initial_state()
    for action in state.seed_actions(31):
        state.apply_action(action)
    rng = Random(4)
    for _ in range(17):
        state.apply_action(rng.choice(state.legal_actions()))
    parlour = load_game("hearts")
    recall = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    plain = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    for seat in range(4):
        recall.set_from(state, seat)
        info = state.state.information_state(seat)
        np.testing.assert_array_equal(recall.tensor, parlour.encode_information_state(info))
        assert recall.string_from(state, seat) == state.information_state_string(seat)
        plain.set_from(state, seat)
        np.testing.assert_array_equal(plain.tensor, parlour.encode(info.observation).ravel())
        assert plain.string_from(state, seat) == state.observation_string(seat)
    np.testing.assert_array_equal(state.information_state_tensor(3), recall.tensor)  # the last
