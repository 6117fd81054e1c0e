"""The batched paths of `parlour.rl`: compiled rows and lockstep stepping give exactly what the
pure-Python references give, and `VectorEnv`'s lockstep path plays the very games its
agent-by-agent path plays."""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np
import pytest

import parlour
from parlour import compiled_switch
from parlour.agents import RandomAgent
from parlour.games.encoding import Encoding
from parlour.rl import VectorEnv, lockstep

COMPILED_ROWS = ["hearts", "hearts:jack_of_diamonds=true,queen_breaks_hearts=true,end_score=30",
                 "hearts:passing=none,right,moon=subtract", "spades",
                 "spades:blind_nil=true,target=200,bag_limit=3,opening_lead=two_of_clubs"]
"""The games whose rows are written in C (`games/*/_rows.pyx`), under several rule sets."""
compiled_only = pytest.mark.skipif(compiled_switch.load("parlour.games.hearts._rows") is None
                                   or compiled_switch.load("parlour.games.spades._rows") is None,
                                   reason="the compiled modules are not built (or PARLOUR_PURE)")


class ViewingRandom(RandomAgent):
    """Random play through `act` (so `VectorEnv` steps its games agent by agent)."""

    def act(self, observation: Any) -> Any:
        return super().act(observation)


@compiled_only
@pytest.mark.parametrize("spec", COMPILED_ROWS)
def test_compiled_rows_equal_the_python_twin_for_every_seat(spec: str) -> None:
    game = parlour.load_game(spec)
    encoding = game.encoding
    rng = Random(3)
    states = [game.new_state(seed=k) for k in range(8)]
    shape = (len(states), *encoding.shape)
    actions = encoding.num_actions
    compared = 0
    for step in range(700):
        for offset in range(4):  # the seat to act and the three others, who see no legal ids
            seats = np.array([((s.current_player or 0) + offset) % 4 for s in states])
            rows, masks = np.full(shape, 7.0, np.float32), np.ones((len(states), actions), bool)
            twin_rows, twin_masks = np.zeros(shape, np.float32), np.zeros_like(masks)
            encoding.fill_rows(states, seats, rows, masks)
            Encoding.fill_rows(encoding, states, seats, twin_rows, twin_masks)
            assert np.array_equal(rows, twin_rows), (spec, step, offset)
            assert np.array_equal(masks, twin_masks), (spec, step, offset)
            compared += len(states)
        for k, state in enumerate(states):
            if state.is_terminal:
                states[k] = game.new_state(seed=1000 + step + k)
            else:
                legal = state.legal_actions()
                state.apply_unchecked_no_undo(legal[rng.randrange(len(legal))])
    assert compared == 700 * 4 * 8


@compiled_only
@pytest.mark.parametrize("spec", ["hearts", "spades"])
def test_the_crosscheck_harness_drives_the_rows_and_the_batch_step(spec: str) -> None:
    from parlour.crosscheck import learner_rows

    assert learner_rows.rows(spec, range(3), 60) == 3 * 60 * 4
    assert learner_rows.lockstep(spec, range(4), 30) > 0


@compiled_only
def test_compiled_rows_fill_only_the_chosen_games_and_refuse_wrong_shapes() -> None:
    game = parlour.load_game("hearts")
    states = [game.new_state(seed=k) for k in range(3)]
    rows = np.full((3, *game.observation_shape), 5.0, np.float32)
    masks = np.zeros((3, 104), bool)
    game.encoding.fill_rows(states, np.zeros(3, np.int64), rows, masks,
                            which=np.array([True, False, True]))
    assert (rows[1] == 5.0).all() and not masks[1].any()
    assert rows[0].max() == 1.0 and masks[0].sum() == 13
    from parlour.games.hearts import _rows  # type: ignore[attr-defined]

    with pytest.raises(ValueError, match="617 floats"):
        _rows.fill(states[0], 0, np.zeros(600, np.float32), np.zeros(104, np.uint8), 100.0, False)


@pytest.mark.skipif(lockstep.compiled() is None, reason="the compiled modules are not built")
@pytest.mark.parametrize("spec", ["hearts", "skull:players=3", "spades"])
def test_compiled_lockstep_plays_what_the_python_twin_plays(spec: str) -> None:
    game = parlour.load_game(spec)
    ids = [game.action_from_id(i) for i in range(game.encoding.num_actions)]
    players = game.num_players
    histories = []
    for step in (lockstep.compiled(), lockstep.advance):
        states = [game.new_state(seed=k) for k in range(6)]
        randoms = [[None] + [Random(k * 10 + s) for s in range(1, players)] for k in range(6)]
        choose = Random(1)
        seats = np.zeros(6, np.int64)
        moves = np.zeros(6, np.int64)
        for _ in range(40):
            live = [s for s in states if not s.is_terminal and s.current_player == 0]
            if not live:
                break
            rows = [k for k, s in enumerate(states) if s in live]
            picks = np.array([live[j].legal_actions()[choose.randrange(
                len(live[j].legal_actions()))].id for j in range(len(live))], np.int64)
            step(live, ids, picks, [randoms[k] for k in rows], seats, moves)
        histories.append([list(s.history) for s in states])
    assert histories[0] == histories[1]


def _run(spec: str, seating: list[Any], steps: int, **options: Any) -> list[np.ndarray]:
    game = parlour.load_game(spec)
    env = VectorEnv(game, 6, seating, seed=4, **options)
    observations, masks, seats = env.reset()
    out = [observations.copy(), masks.copy(), seats.copy()]
    choose = np.random.default_rng(0)
    for _ in range(steps):
        actions = (choose.random(masks.shape) * masks).argmax(axis=1)
        observations, masks, seats, rewards, paid, done = env.step(actions)
        assert masks.any(axis=1).all(), "every game shows a legal id"
        out += [observations.copy(), masks.copy(), seats.copy(), rewards, paid, done,
                env.truncated.copy()]
    out.append(np.array([env.moves, env.games_started]))
    out.append(np.array([r is not None for r in env.randoms]))
    return out


@pytest.mark.parametrize("spec", ["hearts:end_score=26", "skull:players=3", "spades:target=100"])
def test_vector_env_lockstep_path_plays_the_agent_paths_games(spec: str) -> None:
    players = parlour.load_game(spec).num_players

    def viewing(game: Any, seat: int, rng: Random) -> Any:
        return ViewingRandom(game, seat, rng)

    fast = _run(spec, [None, *["random"] * (players - 1)], 150, per_deal=True, relative=True)
    slow = _run(spec, [None, *[viewing] * (players - 1)], 150, per_deal=True, relative=True)
    assert fast.pop().all() and not slow.pop().any(), "one run in lockstep, one agent by agent"
    assert len(fast) == len(slow)
    for a, b in zip(fast, slow, strict=True):
        assert np.array_equal(a, b)
    paid = np.array(fast[7:-1:7])
    assert paid.sum() > 0, "rewards were paid"


def test_vector_env_truncates_at_max_steps_and_starts_a_new_game() -> None:
    game = parlour.load_game("spades")
    env = VectorEnv(game, 3, [None] * 4, seed=2, max_steps=20)
    _, masks, _ = env.reset()
    for step in range(1, 41):
        _, masks, _, _, paid, done = env.step(masks.argmax(axis=1))
        assert (done == (step % 20 == 0)).all()
        assert (env.truncated == done).all() and not paid[done].any()
    assert env.games_started == 3 + 2 * 3
    with pytest.raises(parlour.ParlourError, match="max_steps must be at least 1"):
        VectorEnv(game, 1, [None] * 4, max_steps=0)


def test_process_vector_env_equals_one_vector_env_per_worker() -> None:
    from parlour.core import derive_seed
    from parlour.rl.processes import ProcessVectorEnv

    seating: list[Any] = [None, "random", None, "random"]
    with ProcessVectorEnv("hearts:end_score=26", 6, seating, workers=2, seed=3,
                          per_deal=True) as env:
        game = env.game
        shards = [VectorEnv(game, 3, seating, seed=derive_seed(3, "worker", w), per_deal=True)
                  for w in range(2)]
        observations, masks, _ = env.reset()
        firsts = [shard.reset() for shard in shards]
        assert np.array_equal(observations, np.concatenate([f[0] for f in firsts]))
        choose = np.random.default_rng(5)
        for _ in range(200):
            actions = (choose.random(masks.shape) * masks).argmax(axis=1)
            out = env.step(actions)
            parts = [shard.step(actions[3 * w:3 * w + 3]) for w, shard in enumerate(shards)]
            for whole, a, b in zip(out, *parts, strict=True):
                assert np.array_equal(whole, np.concatenate([a, b]))
            masks = out[1]
        assert env.moves == sum(s.moves for s in shards) > 0
        assert env.games_started == sum(s.games_started for s in shards) > 6
        illegal = int(np.flatnonzero(~masks[4])[0])
        actions = masks.argmax(axis=1)
        actions[4] = illegal
        with pytest.raises(parlour.ParlourError, match=f"action id {illegal} is illegal for "
                                                       "seat .* in game 4 of the batch"):
            env.step(actions)
    assert masks.any(axis=1).all(), "arrays kept after close still read the last step"
    with pytest.raises(parlour.ParlourError, match="closed"):
        env.reset()


def test_process_vector_env_reports_a_workers_error_and_refuses_bad_sizes() -> None:
    from parlour.rl.processes import ProcessVectorEnv

    with (ProcessVectorEnv("skull:players=3", 2, ["random"] * 3, workers=2) as env,
          pytest.raises(parlour.ParlourError, match="no learner seat")):
        env.reset()
    with pytest.raises(parlour.ParlourError, match="workers must be between 1 and num_envs"):
        ProcessVectorEnv("hearts", 2, workers=3)


def test_vector_env_writes_into_given_arrays_and_refuses_wrong_ones() -> None:
    game = parlour.load_game("hearts")
    out = (np.zeros((2, 617), np.float32), np.zeros((2, 104), bool), np.zeros(2, np.int64))
    env = VectorEnv(game, 2, [None] * 4, out=out)
    observations, masks, seats = env.reset()
    assert observations is out[0] and masks is out[1] and seats is out[2]
    assert out[1].sum() == 26 and out[0].any()
    with pytest.raises(parlour.ParlourError, match="out arrays must be C-contiguous float32"):
        VectorEnv(game, 2, [None] * 4, out=(np.zeros((2, 600), np.float32), *out[1:]))


@pytest.mark.parametrize("spec", ["hearts:end_score=1", "spades:target=100", "skull:players=3"])
def test_aec_and_gym_observations_are_the_encodings_of_the_seats_view(spec: str) -> None:
    from parlour.rl.aec import aec_env
    from parlour.rl.gym_env import gym_env

    env = aec_env(spec)
    env.reset(seed=6)
    game = env.game
    checked = 0
    for agent in env.agent_iter(max_iter=300):
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        view = env.state_now.observe(env.possible_agents.index(agent))
        assert np.array_equal(observation["observation"], game.encode(view))
        assert np.array_equal(observation["action_mask"], game.action_mask(view))
        env.step(int(np.flatnonzero(observation["action_mask"])[-1]))
        checked += 1
    single = gym_env(spec, "random", seat=1)
    observation, _ = single.reset(seed=2)
    view = single.seated_game.state.observe(1)
    assert np.array_equal(observation["observation"], game.encode(view))
    assert checked > 20


class ViewingHeuristic:
    """The game's heuristic asked through `act` only (no `lockstep_decider`), so `VectorEnv`
    steps its games agent by agent."""

    def __init__(self, game: Any, seat: int, rng: Random) -> None:
        from parlour.rl.seated_game import build_agent

        self.inner = build_agent("heuristic", game, seat, rng)

    def act(self, observation: Any) -> Any:
        return self.inner.act(observation)


HEURISTIC_GAMES = ["hearts:end_score=26", "hearts:jack_of_diamonds=true,end_score=26",
                   "spades:target=100", "spades:blind_nil=true,target=100"]


@compiled_only
@pytest.mark.parametrize("spec", HEURISTIC_GAMES)
def test_compiled_heuristic_deciders_make_the_agents_moves(spec: str) -> None:
    from parlour.crosscheck import learner_rows

    assert learner_rows.heuristic_seats(spec, range(4), 300) > 100


@pytest.mark.parametrize("spec", HEURISTIC_GAMES)
def test_vector_env_heuristic_seats_step_in_lockstep_and_play_the_agents_games(
        spec: str) -> None:
    from parlour.games.hearts.heuristic_playouts import python_heuristic as python_hearts
    from parlour.games.spades.heuristic_playouts import python_heuristic as python_spades

    fast = _run(spec, [None, "heuristic", "heuristic", "heuristic"], 150, per_deal=True)
    with python_hearts(), python_spades():
        pure = _run(spec, [None, "heuristic", "heuristic", "heuristic"], 150, per_deal=True)
    slow = _run(spec, [None, ViewingHeuristic, ViewingHeuristic, ViewingHeuristic], 150,
                per_deal=True)
    assert fast.pop().all() and pure.pop().all(), "heuristic seats step in lockstep"
    assert not slow.pop().any(), "an agent without a decider steps game by game"
    for a, b, c in zip(fast, pure, slow, strict=True):
        assert np.array_equal(a, b) and np.array_equal(a, c)
    assert np.array(fast[7:-1:7]).sum() > 0, "rewards were paid"


def test_heuristic_subclass_overriding_act_is_asked_through_act() -> None:
    from parlour.games.hearts.bots import HeartsHeuristic

    class Contrary(HeartsHeuristic):
        def act(self, observation: Any) -> Any:
            return observation.legal_actions[-1]

    game = parlour.load_game("hearts")
    state = game.new_state(seed=3)
    seat = state.current_player
    decide = Contrary(game, seat).lockstep_decider(state)
    assert decide(state) == state.observe(seat).legal_actions[-1]


@compiled_only
@pytest.mark.parametrize("spec", ["hearts", "spades"])
def test_vector_env_heuristic_seats_decide_in_the_compiled_heuristic(spec: str) -> None:
    from parlour.games.hearts.heuristic_playouts import python_heuristic as python_hearts
    from parlour.games.spades.heuristic_playouts import python_heuristic as python_spades

    def deciders() -> list[str]:
        env = VectorEnv(parlour.load_game(spec), 2, [None, "heuristic", "heuristic", None])
        env.reset()
        movers = env.randoms[0]
        assert movers is not None and movers[0] is None and movers[3] is None
        return [getattr(m, "__qualname__", "") for m in movers[1:3]]

    assert deciders() == ["compiled_decider.<locals>.decide"] * 2
    with python_hearts(), python_spades():
        assert all(name.endswith("._act_on_observation") for name in deciders())
