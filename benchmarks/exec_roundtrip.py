"""Round-trip time per decision of an `exec:` bot, against an in-process agent.

A trivial Python child answers each `act` with the first legal action. The figure is the time
the match waits per decision (write the request, the child reads, answers, parlour reads), with
the observation's JSON encoding included. Run: `.venv/bin/python benchmarks/exec_roundtrip.py`.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

import parlour
from parlour.agents.external import ExternalAgent

CHILD = """\
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "act":
        sys.stdout.write('{"id": %d, "action": %s}\\n' % (m["id"], json.dumps(m["legal"][0])))
        sys.stdout.flush()
"""


def main(decisions: int = 5000) -> None:
    game = parlour.load_game("hearts")
    state = game.new_state(seed=1)
    with tempfile.TemporaryDirectory() as folder:
        script = Path(folder) / "child.py"
        script.write_text(CHILD)
        agent = ExternalAgent([sys.executable, str(script)])
        agent.on_game_start(game, 0)
        observation = state.observe(0)
        agent.act(observation)  # start-up
        start = time.perf_counter()
        for _ in range(decisions):
            agent.act(observation)
        per_decision = (time.perf_counter() - start) / decisions
        agent.close()
    start = time.perf_counter()
    for _ in range(decisions):
        observation.to_json()
    encode = (time.perf_counter() - start) / decisions
    print(f"exec: round trip per decision   {1e6 * per_decision:8.1f} µs")
    print(f"  of which observation to JSON   {1e6 * encode:8.1f} µs")


if __name__ == "__main__":
    main()
