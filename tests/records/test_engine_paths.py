"""The compiled and the pure-Python path give the same games: records equal byte for byte.

Each path runs in its own process (``PARLOUR_PURE`` is read once per process). The matches
include search bots with random playouts, which run in the Skat kernel on the compiled path,
and ISMCTS on Hearts and Spades, whose iterations run in the compiled search loop there (with
random rollouts and with each game's compiled heuristic, the default), and PIMC and ISMCTS on
Spades and Skat with heuristic rollouts, which run in the compiled heuristic.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from parlour import compiled_switch

PLAY = """
import json, sys
from parlour import compiled_switch
from parlour.match import Match
import parlour
matches = json.loads(sys.argv[1])
out = {"path": compiled_switch.engine_path(), "records": []}
for spec, seats, seed in matches:
    record = Match(parlour.load_game(spec), seats, seed=seed).run()
    data = record.to_dict()
    data["moves"] = [[player, action] for player, action, _ in data["moves"]]  # no times
    out["records"].append(json.dumps(data, ensure_ascii=False, sort_keys=True))
print(json.dumps(out))
"""

MATCHES = [
    ("skat", ["pimc:worlds=3,rollout=random", "random", "ismcts:iterations=40,rollout=random"],
     11),
    ("skat.ramsch:deals=2", ["random", "pimc:worlds=2,rollout=random,horizon=game", "random"],
     12),
    ("skat:players=4,deals=4", ["random", "random", "pimc:worlds=2,rollout=random", "random"],
     13),
    # the default rollout (Skat's heuristic): compiled playouts on the compiled path, over the
    # next deal's bidding and declaring with horizon=game
    ("skat:deals=2", ["pimc:worlds=2", "heuristic", "ismcts:iterations=30"], 17),
    ("skat.ramsch:deals=2", ["random", "random", "pimc:worlds=2,horizon=game"], 18),
    ("hearts:end_score=20", ["random", "heuristic", "random", "random"], 14),
    # ISMCTS with random rollouts: the compiled search loop on the compiled path
    ("hearts:end_score=8", ["ismcts:iterations=30,rollout=random", "random",
                            "ismcts:iterations=20,rollout=random,root=ucb", "random"], 15),
    ("spades:max_hands=1", ["random", "ismcts:iterations=20,rollout=random", "random",
                            "random"], 16),
    # the default rollout (the heuristic): in C on the compiled path (`HeartsState.play_compiled`)
    ("hearts:end_score=4", ["pimc:worlds=2", "random", "ismcts:iterations=16", "heuristic"], 17),
    # the default rollout (the heuristic): in C through `SpadesState.play_compiled`, and the
    # default ismcts's card play on the compiled search loop (`SpadesState.compiled_agent`)
    ("spades:max_hands=1", ["pimc:worlds=2", "heuristic", "ismcts:iterations=20", "random"], 17),
]


def _play(pure: bool) -> dict[str, object]:
    env = {key: value for key, value in os.environ.items() if key != compiled_switch.PURE_ENV}
    if pure:
        env[compiled_switch.PURE_ENV] = "1"
    done = subprocess.run([sys.executable, "-c", PLAY, json.dumps(MATCHES)], env=env,
                          capture_output=True, text=True, check=True)
    result: dict[str, object] = json.loads(done.stdout)
    return result


def test_seeded_matches_give_byte_identical_records_on_both_paths() -> None:
    compiled, pure = _play(pure=False), _play(pure=True)
    assert pure["path"] == "pure"
    if compiled["path"] != "compiled":
        if os.environ.get("CI"):
            pytest.fail("the compiled modules are not built: CI must test the compiled path")
        pytest.skip("the compiled modules are not built")
    assert len(compiled["records"]) == len(MATCHES)  # type: ignore[arg-type]
    for spec, one, other in zip(MATCHES, compiled["records"], pure["records"],  # type: ignore[call-overload]
                                strict=True):
        assert one.encode() == other.encode(), f"{spec[0]}: the records differ"
