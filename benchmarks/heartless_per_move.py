"""Cost per decision of a `heartless:` script: one process per move.

Times `HeartlessAgent.run` (start the script with its arguments, wait, read, reap) for a shell
script that echoes a card, a trivial Python script, and tests/agents/heartless_bot.py, against
a bare `subprocess.run` of the same Python doing nothing. Run:
`.venv/bin/python benchmarks/heartless_per_move.py`.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

import parlour
from parlour.agents.heartless import HeartlessAgent, heartless_args

ROOT = Path(__file__).resolve().parents[1]


def per_call(agent: HeartlessAgent, observation: object, calls: int) -> float:
    agent.run(observation, 10.0)  # warm the caches
    start = time.perf_counter()
    for _ in range(calls):
        agent.run(observation, 10.0)
    return (time.perf_counter() - start) / calls


def main(calls: int = 200) -> None:
    game = parlour.load_game("hearts")
    state = game.new_state(seed=1)
    observation = state.observe(0)
    with tempfile.TemporaryDirectory() as folder:
        shell = Path(folder) / "echo.sh"
        shell.write_text("#!/bin/sh\necho 2c\n")
        shell.chmod(0o755)
        trivial = Path(folder) / "trivial.py"
        trivial.write_text("print('2c')\n")
        rows = [
            ("sh script (echo)", [str(shell)]),
            ("python -S trivial script", [sys.executable, "-S", str(trivial)]),
            ("python trivial script", [sys.executable, str(trivial)]),
            ("heartless_bot.py", [sys.executable, str(ROOT / "tests/agents/heartless_bot.py")]),
        ]
        print(f"{'':<24} {'adapter':>9} {'bare run':>9}  (ms per decision)")
        for label, argv in rows:
            agent = HeartlessAgent(argv, game=game)
            adapter = per_call(agent, observation, calls)
            bare = bare_run([*argv, *heartless_args(observation, game)], calls)
            print(f"{label:<24} {1e3 * adapter:9.2f} {1e3 * bare:9.2f}")


def bare_run(argv: list[str], calls: int) -> float:
    """`subprocess.run` of the same command line, without limits, session or time limit."""
    start = time.perf_counter()
    for _ in range(calls):
        subprocess.run(argv, check=True, capture_output=True)
    return (time.perf_counter() - start) / calls


if __name__ == "__main__":
    main()
