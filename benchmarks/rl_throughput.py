"""Hearts decisions per second with the learner's tensor and mask, every environment in one run.

Each row plays Hearts with every decision's chooser given the acting seat's float32 tensor and
legal mask (OpenSpiel: its observation dict, which holds every seat's information-state
tensor), choosing uniformly among the legal ids with numpy:

- OpenSpiel's `rl_environment` (Python over pyspiel's C++ Hearts), and pyspiel driven
  directly building only the acting seat's tensor and mask (the like-for-like peer of
  parlour's environments; OpenSpiel's Hearts tensor is its 5,088-value information state,
  parlour's the 617-value observation);
- parlour's PettingZoo AEC environment (one decision per `step`), as it is and as it was
  before the compiled rows (the baseline of the 10x goal, rebuilt here as a subclass);
- parlour's Gymnasium environment (one learner seat, three `random` seats: only the
  learner's decisions are counted; the row also gives all moves);
- `VectorEnv`, self-play (every seat a learner) and one learner with three `random` seats,
  a batch of 256 games stepped in lockstep with the rows written in C;
- `VectorEnv`, one learner with three ``heuristic`` seats: in lockstep (the compiled
  heuristic decides each seat's move in C) and agent by agent (the same heuristic asked
  through `act` on each seat's observation, as any agent is), the same games;
- `ProcessVectorEnv`, self-play, one worker and two.

CPU time is the process's (with `ProcessVectorEnv`: the parent's and its workers', read when
they exit), so a row is its cost per core whatever the machine's load; wall time is printed
for the process rows too (it shows the scaling only on an idle machine). Rounds are
interleaved and the median is printed.

The batched rows choose with noise drawn every 16 steps (so the chooser costs little next to
the environment); the AEC rows draw per decision, as a loop over one environment does.
``--instructions`` counts the instructions per decision of the AEC environment and of the
self-play `VectorEnv` under ``valgrind --tool=callgrind`` (a run that only sets up is
subtracted; hash seed fixed, cyclic garbage collector off), which no load changes.

``--scaling`` counts the instructions of `ProcessVectorEnv`'s parent and of each worker per
decision with one worker and two: the workers step in parallel and the parent waits for
them, so the critical path of a decision is the parent's count plus a worker's over the
number of workers, a load-independent measure of the scaling.

Run: OPENBLAS_NUM_THREADS=1 python benchmarks/rl_throughput.py [--decisions 200000]
[--rounds 3] [--instructions] [--scaling]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import time
import warnings
from collections.abc import Callable
from random import Random
from typing import Any

import numpy as np

import parlour
from parlour.rl import ProcessVectorEnv, VectorEnv
from parlour.rl.seated_game import build_agent

BATCH = 256


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def openspiel(decisions: int) -> tuple[float, float] | None:
    try:
        from open_spiel.python import rl_environment
    except ImportError:
        return None
    env = rl_environment.Environment("hearts")
    rng = np.random.default_rng(0)
    done, cpu = 0, time.process_time()
    step = env.reset()
    while done < decisions:
        if step.last():
            step = env.reset()
        player = step.observations["current_player"]
        np.asarray(step.observations["info_state"][player], dtype=np.float32)
        legal = step.observations["legal_actions"][player]
        step = env.step([legal[rng.integers(len(legal))]])
        done += 1
    return done / (time.process_time() - cpu), 0.0


def pyspiel_acting(decisions: int) -> tuple[float, float] | None:
    """OpenSpiel's Hearts driven directly: only the acting seat's information-state tensor
    and a legal mask per decision (what parlour's environments build), chance sampled."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("hearts")
    actions = game.num_distinct_actions()
    rng = np.random.default_rng(0)
    done, cpu = 0, time.process_time()
    state = game.new_initial_state()
    while done < decisions:
        if state.is_terminal():
            state = game.new_initial_state()
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
            continue
        player = state.current_player()
        np.asarray(state.information_state_tensor(player), dtype=np.float32)
        legal = state.legal_actions(player)
        mask = np.zeros(actions, dtype=np.int8)
        mask[legal] = 1
        state.apply_action(legal[rng.integers(len(legal))])
        done += 1
    return done / (time.process_time() - cpu), 0.0


def python_aec() -> Any:
    """The AEC environment as it was before the compiled rows: each observation, mask and
    legality check through `observe`, the Python encoder and `action_mask` (the baseline
    of the 10x goal, measured in the same run)."""
    from parlour.rl.aec import ParlourAEC
    from parlour.rl.spaces import terminal_mask

    class PythonAEC(ParlourAEC):
        def observe(self, agent: str) -> dict[str, np.ndarray]:
            view = self.state_now.observe(self.possible_agents.index(agent))
            mask = self.encoding.action_mask(view).astype(np.int8)
            if self.terminations.get(agent, False) or self.truncations.get(agent, False):
                mask = terminal_mask(self.encoding.num_actions)
            return {"observation": self.encoding.encode(view), "action_mask": mask}

        def step(self, action: Any) -> None:
            agent = self.agent_selection
            if not (self.terminations[agent] or self.truncations[agent]):
                view = self.state_now.observe(self.possible_agents.index(agent))
                self.encoding.action_mask(view)  # the legality check it made
            super().step(action)

    return PythonAEC("hearts")


def aec(decisions: int, before: bool = False) -> tuple[float, float]:
    from parlour.rl.aec import aec_env

    env = python_aec() if before else aec_env("hearts")
    rng = np.random.default_rng(0)
    done, cpu = 0, time.process_time()
    env.reset(seed=0)
    while done < decisions:
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.reset()
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
        done += 1
    return done / (time.process_time() - cpu), 0.0


def gym(decisions: int) -> tuple[float, float]:
    from parlour.rl.gym_env import gym_env

    env = gym_env("hearts", "random", seat=0)
    rng = np.random.default_rng(0)
    observation, _ = env.reset(seed=0)
    moves_before = 0
    done, moves, cpu = 0, 0, time.process_time()
    while done < decisions:
        legal = np.flatnonzero(observation["action_mask"])
        observation, _, terminated, _, _ = env.step(int(legal[rng.integers(len(legal))]))
        done += 1
        if terminated:
            moves += len(env.seated_game.state.history) - moves_before  # type: ignore[union-attr]
            observation, _ = env.reset()
            moves_before = len(env.seated_game.state.history)  # type: ignore[union-attr]
    moves += len(env.seated_game.state.history) - moves_before  # type: ignore[union-attr]
    seconds = time.process_time() - cpu
    return done / seconds, moves / seconds


class Chooser:
    """A random legal id per row, cheaply: noise drawn every 16 steps, times the mask, argmax
    (the batched rows' chooser must not be what is measured)."""

    def __init__(self, shape: tuple[int, ...]) -> None:
        self.rng = np.random.default_rng(0)
        self.shape = shape
        self.calls = 0
        self.noise = self.rng.random(shape, dtype=np.float32) + 0.01

    def __call__(self, masks: np.ndarray) -> np.ndarray:
        self.calls += 1
        if self.calls % 16 == 0:
            self.noise = self.rng.random(self.shape, dtype=np.float32) + 0.01
        return (self.noise * masks).argmax(axis=1)


class ActingHeuristic:
    """Hearts' heuristic asked through `act` only, so `VectorEnv` steps its games agent by
    agent (the path of any agent without a compiled decider)."""

    def __init__(self, game: Any, seat: int, rng: Random) -> None:
        self.inner = build_agent("heuristic", game, seat, rng)

    def act(self, observation: Any) -> Any:
        return self.inner.act(observation)


def vector(seating: list[Any]) -> Callable[[int], tuple[float, float]]:
    def run(decisions: int) -> tuple[float, float]:
        env = VectorEnv(parlour.load_game("hearts"), BATCH, seating, seed=0)
        _, masks, _ = env.reset()
        choose = Chooser(masks.shape)
        done, cpu = 0, time.process_time()
        moves = env.moves
        while done < decisions:
            _, masks, *_ = env.step(choose(masks))
            done += BATCH
        seconds = time.process_time() - cpu
        return done / seconds, (env.moves - moves) / seconds
    return run


def processes(workers: int) -> Callable[[int], tuple[float, float]]:
    def run(decisions: int) -> tuple[float, float]:
        children_before = children_cpu()
        env = ProcessVectorEnv("hearts", BATCH * workers, [None] * 4, workers=workers)
        _, masks, _ = env.reset()
        choose = Chooser(masks.shape)
        cpu, wall = time.process_time(), time.perf_counter()
        done = 0
        while done < decisions:
            _, masks, *_ = env.step(choose(masks))
            done += env.num_envs
        wall = time.perf_counter() - wall
        parent = time.process_time() - cpu
        env.close()  # the workers exit: their CPU time is counted now
        workers_cpu = children_cpu() - children_before  # with their start-up: a lower bound
        return done / (parent + workers_cpu), done / wall
    return run


ROWS: dict[str, Callable[[int], tuple[float, float] | None]] = {
    "OpenSpiel rl_environment": openspiel,
    "OpenSpiel pyspiel, acting seat's tensor only": pyspiel_acting,
    "parlour PettingZoo AEC, Python rows (before)": lambda n: aec(n, before=True),
    "parlour PettingZoo AEC": aec,
    "parlour Gymnasium env, 3 random seats": gym,
    f"VectorEnv({BATCH}), self-play": vector([None] * 4),
    f"VectorEnv({BATCH}), 3 random seats": vector([None, "random", "random", "random"]),
    f"VectorEnv({BATCH}), 3 heuristic seats, by agent": vector([None, *[ActingHeuristic] * 3]),
    f"VectorEnv({BATCH}), 3 heuristic seats": vector([None, "heuristic", "heuristic",
                                                      "heuristic"]),
    f"ProcessVectorEnv, 1 worker x {BATCH}, self-play": processes(1),
    f"ProcessVectorEnv, 2 workers x {BATCH}, self-play": processes(2),
}


CHILD = r'''
import gc, sys
gc.disable()
import numpy as np
import parlour
kind, n = sys.argv[1], int(sys.argv[2])
rng = np.random.default_rng(0)
if kind == "aec":
    from parlour.rl.aec import aec_env
    env = aec_env("hearts")
    env.reset(seed=0)
    done = 0
    while done < n:
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.reset()
            continue
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(legal[rng.integers(len(legal))]))
        done += 1
else:
    from parlour.rl import VectorEnv
    seating = [None] * 4 if kind == "vector" else [None, "random", "random", "random"]
    env = VectorEnv(parlour.load_game("hearts"), 256, seating, seed=0)
    _, masks, _ = env.reset()
    noise = rng.random(masks.shape, dtype=np.float32) + 0.01
    done = 0
    while done < n:
        if done % 4096 == 0:
            noise = rng.random(masks.shape, dtype=np.float32) + 0.01
        _, masks, *_ = env.step((noise * masks).argmax(1))
        done += 256
print(done)
'''


def instructions(kind: str, n: int) -> tuple[int, int]:
    """(instructions, decisions) of one child run under callgrind."""
    env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         "-c", CHILD, kind, str(n)], env=env, capture_output=True, text=True, check=True)
    refs = re.search(r"refs:\s*([\d,]+)", result.stderr)
    assert refs, result.stderr[-500:]
    return int(refs.group(1).replace(",", "")), int(result.stdout.split()[-1])


SCALING_CHILD = r'''
import gc, sys
gc.disable()
import numpy as np
from parlour.rl import ProcessVectorEnv
n, workers = int(sys.argv[1]), int(sys.argv[2])
with ProcessVectorEnv("hearts", 256 * workers, [None] * 4, workers=workers,
                      context="fork") as env:
    _, masks, _ = env.reset()
    noise = np.random.default_rng(0).random(masks.shape, dtype=np.float32) + 0.01
    done = 0
    while done < n:
        _, masks, *_ = env.step((noise * masks).argmax(1))
        done += env.num_envs
'''


def process_instructions(n: int, workers: int) -> tuple[int, list[int]]:
    """Instructions of the parent and of each worker (forked, so callgrind follows them) of
    a `ProcessVectorEnv` run of `n` decisions."""
    env = dict(os.environ, PYTHONHASHSEED="0", OPENBLAS_NUM_THREADS="1")
    result = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
         "-c", SCALING_CHILD, str(n), str(workers)], env=env, capture_output=True, text=True,
        check=True)
    parent = int(re.search(r"==(\d+)== Command", result.stderr).group(1))  # type: ignore[union-attr]
    counts = {int(pid): int(refs.replace(",", "")) for pid, refs in
              re.findall(r"==(\d+)== I\s+refs:\s*([\d,]+)", result.stderr)}
    return counts.pop(parent), sorted(counts.values())


def scaling_wall(decisions: int, rounds: int) -> None:
    """`ProcessVectorEnv` self-play with 1 and 2 workers of `BATCH` games each, in interleaved
    rounds: decisions per wall second (medians), and the load average around the run."""
    before = os.getloadavg()
    rates: dict[int, list[float]] = {1: [], 2: []}
    for _ in range(rounds):
        for workers in (1, 2):
            rates[workers].append(processes(workers)(decisions)[1])
    after = os.getloadavg()
    one, two = (statistics.median(rates[w]) for w in (1, 2))
    print(f"ProcessVectorEnv, self-play Hearts, {decisions:,} decisions a run, median of "
          f"{rounds} interleaved rounds (load average {before[0]:.2f} before, "
          f"{after[0]:.2f} after; {os.cpu_count()} CPUs)")
    print(f"  1 worker x {BATCH}:  {one:>11,.0f} decisions per wall s  "
          f"({', '.join(f'{r:,.0f}' for r in rates[1])})")
    print(f"  2 workers x {BATCH}: {two:>11,.0f} decisions per wall s  "
          f"({', '.join(f'{r:,.0f}' for r in rates[2])})")
    print(f"  scaling from one core to two: {two / one:.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decisions", type=int, default=200_000,
                        help="decisions per row and round (the AEC rows a tenth)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--instructions", action="store_true",
                        help="also count instructions per decision under valgrind")
    parser.add_argument("--scaling", action="store_true",
                        help="count the parent's and each worker's instructions per decision "
                             "of ProcessVectorEnv with 1 and 2 workers under valgrind")
    parser.add_argument("--scaling-wall", action="store_true",
                        help="only ProcessVectorEnv with 1 and 2 workers, interleaved, in wall "
                             "time (run it on an idle machine)")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    if args.scaling_wall:
        scaling_wall(args.decisions, args.rounds)
        return
    results: dict[str, list[tuple[float, float]]] = {name: [] for name in ROWS}
    for _ in range(args.rounds):
        for name, run in ROWS.items():
            slow = (not name.startswith(("VectorEnv", "ProcessVectorEnv"))
                    or name.endswith("by agent"))
            result = run(args.decisions // 10 if slow else args.decisions)
            if result is not None:
                results[name].append(result)
    base = statistics.median(r[0] for r in results["parlour PettingZoo AEC, Python rows (before)"])
    print(f"Hearts, decisions per CPU second with the learner's tensor and mask "
          f"(median of {args.rounds} rounds; engine: {parlour.compiled_switch.engine_path()})")
    print(f"{'':48} {'per CPU s':>11} {'x AEC before':>12}  {'other':>11}")
    for name, runs in results.items():
        if not runs:
            print(f"{name:48} {'(not installed)':>11}")
            continue
        rate = statistics.median(r[0] for r in runs)
        other = statistics.median(r[1] for r in runs)
        note = ""
        if name.startswith("ProcessVectorEnv"):
            note = f"  {other:>11,.0f} per wall s"
        elif other:
            note = f"  {other:>11,.0f} moves per CPU s"
        print(f"{name:48} {rate:>11,.0f} {rate / base:>12.1f}{note}")
    if args.instructions:
        print("Instructions per decision (valgrind callgrind, set-up subtracted)")
        for kind, n in (("aec", 4000), ("vector", 51200), ("vector_random", 25600)):
            total, done = instructions(kind, n)
            base_total, _ = instructions(kind, 0)
            print(f"  {kind:14} {(total - base_total) / done:>10,.0f}")
    if args.scaling:
        print("ProcessVectorEnv, instructions per decision (valgrind, start-up subtracted)")
        for workers in (1, 2):
            n = 51_200
            parent, children = process_instructions(n, workers)
            parent_0, children_0 = process_instructions(0, workers)
            per_worker = [(c - c0) / (n / workers)
                          for c, c0 in zip(children, children_0, strict=True)]
            serial = (parent - parent_0) / n
            print(f"  {workers} worker(s): parent {serial:,.0f}, each worker "
                  f"{', '.join(f'{w:,.0f}' for w in per_worker)}; a decision's critical path "
                  f"{serial + sum(per_worker) / workers / workers:,.0f}")


if __name__ == "__main__":
    main()
