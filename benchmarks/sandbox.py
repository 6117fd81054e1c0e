"""The sandbox's cost: bot start-up and time per decision, with and without it, in one run.

For an `exec:` bot (a trivial Python child answering each `act` with the first legal action):
the start-up (from starting the process to its first answer) and the round trip per decision
afterwards. For a `heartless:` script (a process per decision): the time per decision. Each
round measures both settings, in alternating order; the figures are medians over the rounds,
and "off spread" is the range (max - min) of the rounds without the sandbox: the noise.

Run: `.venv/bin/python benchmarks/sandbox.py [--rounds 9] [--decisions 400]`.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import parlour
from parlour.agents import cgroups, sandbox
from parlour.agents.external import ExternalAgent, ProcessLimits
from parlour.agents.heartless import HeartlessAgent
from parlour.games.hearts import HeartsObservation

CHILD = """\
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "act":
        sys.stdout.write('{"id": %d, "action": %s}\\n' % (m["id"], json.dumps(m["legal"][0])))
        sys.stdout.flush()
"""
HEARTLESS = Path(__file__).parents[1] / "tests" / "agents" / "heartless_bot.py"
MODES = ("off", "on")


def exec_round(script: Path, mode: str, decisions: int) -> tuple[float, float]:
    """Seconds to the first answer, and seconds per decision after it."""
    game = parlour.load_game("hearts")
    state = game.new_state(seed=1)
    observation = state.observe(state.current_player)
    start = time.perf_counter()
    agent = ExternalAgent([sys.executable, str(script)],
                          limits=ProcessLimits(sandbox=mode, move_time=30.0))
    agent.on_game_start(game, state.current_player)
    agent.act(observation)
    startup = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(decisions):
        agent.act(observation)
    per_decision = (time.perf_counter() - start) / decisions
    agent.close()
    return startup, per_decision


def heartless_round(mode: str, decisions: int) -> float:
    """Seconds per decision of a heartless script (one process each)."""
    game = parlour.load_game("hearts")
    state = game.new_state(seed=1)
    while state.observe(state.current_player).phase == "pass":  # type: ignore[attr-defined]
        state.apply(state.legal_actions()[0])
    seat = state.current_player
    observation = state.observe(seat)
    assert isinstance(observation, HeartsObservation)
    agent = HeartlessAgent(f"{sys.executable} {HEARTLESS}", game,
                           limits=ProcessLimits(sandbox=mode, move_time=30.0))
    agent.on_game_start(game, seat)
    start = time.perf_counter()
    for _ in range(decisions):
        agent.act(observation)
    return (time.perf_counter() - start) / decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--decisions", type=int, default=400)
    parser.add_argument("--heartless", type=int, default=20,
                        help="heartless decisions per round")
    options = parser.parse_args()
    why = sandbox.problem()
    if why is not None:
        sys.exit(f"the sandbox cannot run here: {why}")
    startup: dict[str, list[float]] = {m: [] for m in MODES}
    decision: dict[str, list[float]] = {m: [] for m in MODES}
    heartless: dict[str, list[float]] = {m: [] for m in MODES}
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "child.py"
        script.write_text(CHILD)
        for round_ in range(options.rounds):
            for mode in MODES if round_ % 2 == 0 else MODES[::-1]:
                first, per = exec_round(script, mode, options.decisions)
                startup[mode].append(first)
                decision[mode].append(per)
                heartless[mode].append(heartless_round(mode, options.heartless))
    print(f"sandbox: bwrap, tree limits: {cgroups.available() or 'rlimits only'}; "
          f"{options.rounds} rounds, medians")
    print(f"{'':24}{'off':>11}{'on':>11}{'on - off':>12}{'off spread':>13}")
    rows = (("exec: start-up", startup, 1e3, "ms"),
            ("exec: per decision", decision, 1e6, "µs"),
            ("heartless: per decision", heartless, 1e3, "ms"))
    for label, values, scale, unit in rows:
        off, on = (statistics.median(values[m]) * scale for m in MODES)
        spread = (max(values["off"]) - min(values["off"])) * scale
        print(f"{label:24}{off:8.2f} {unit}{on:8.2f} {unit}{on - off:+9.2f} {unit}"
              f"{spread:10.2f} {unit}")


if __name__ == "__main__":
    main()
