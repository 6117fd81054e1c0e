"""Golden records of Hearts and Spades: the proof that a rebuild of the rules changes nothing.

`CASES` names seeded matches (agents, parameters, fixed setups). `make_golden.py` played them once
and stored each record (decision times zeroed) with a digest of everything the rules produce on
re-simulation: the legal actions and player to act at every step, every event, every seat's
observation now and then, and worlds drawn by `sample_state`. `test_golden.py` re-simulates the
stored moves and re-runs the matches whose agents are part of the engine, comparing byte for byte.
"""

from __future__ import annotations

import gzip
import hashlib
import json
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Any

import parlour
from parlour.records import Record

DATA = Path(__file__).with_name("records.json.gz")

HEARTS_HANDS = [
    "AKQJT98765432♠", "AKQJT98765432♥", "AKQJT98765432♦", "AKQJT98765432♣",
]
SPADES_HANDS = [
    "AKQ♠ AKQ♥ AKQ♦ AKQJ♣", "JT9♠ JT9♥ JT9♦ T987♣", "8765♠ 8765♥ 876♦ 65♣", "432♠ 432♥ 5432♦ 432♣",
]

R4 = ["random"] * 4
H4 = ["heuristic"] * 4
MIX = ["random", "heuristic", "random", "heuristic"]

CASES: list[dict[str, Any]] = [
    *({"game": "hearts", "params": {}, "seats": R4, "seed": s} for s in range(6)),
    *({"game": "hearts", "params": {}, "seats": H4, "seed": s} for s in range(3)),
    {"game": "hearts", "params": {}, "seats": MIX, "seed": 11},
    {"game": "hearts", "params": {"end_score": 40, "passing": "across,none"}, "seats": R4,
     "seed": 3},
    {"game": "hearts", "params": {"queen_breaks_hearts": True, "jack_of_diamonds": True},
     "seats": H4, "seed": 4},
    {"game": "hearts", "params": {"moon": "subtract", "end_score": 60}, "seats": MIX, "seed": 5},
    {"game": "hearts", "params": {"end_score": 30}, "seats": R4, "seed": 6,
     "setup": {"hands": HEARTS_HANDS}},
    {"game": "hearts", "params": {"end_score": 20}, "seats": ["pimc:worlds=3", *R4[1:]],
     "seed": 7},
    *({"game": "spades", "params": {"mercy": True}, "seats": R4, "seed": s} for s in range(6)),
    *({"game": "spades", "params": {}, "seats": H4, "seed": s} for s in range(3)),
    {"game": "spades", "params": {"target": 200, "nil": False}, "seats": MIX, "seed": 8},
    {"game": "spades", "params": {"blind_nil": True, "blind_nil_deficit": 50, "mercy": True},
     "seats": R4, "seed": 9, "setup": {"scores": [0, 120], "bags": [3, 7]}},
    {"game": "spades", "params": {"opening_lead": "two_of_clubs", "bag_limit": 5, "mercy": True,
                                  "mercy_score": -100},
     "seats": MIX, "seed": 10},
    {"game": "spades", "params": {"target": 150}, "seats": H4, "seed": 12,
     "setup": {"hands": SPADES_HANDS}},
    {"game": "spades", "params": {"mercy": True, "target": 100},
     "seats": ["pimc:worlds=3", *R4[1:]], "seed": 13},
]

ENGINE_AGENTS = {"random"}
"""Agents that belong to the engine (not to `bots.py`): matches of these only are re-run."""


def case_name(case: dict[str, Any]) -> str:
    params = ",".join(f"{k}={v}" for k, v in case["params"].items())
    setup = "+setup" if case.get("setup") else ""
    return f"{case['game']}[{params}]{setup}/{'+'.join(case['seats'])}/seed{case['seed']}"


def play(case: dict[str, Any]) -> Record:
    """Run the case's match; the record with decision times zeroed."""
    game = parlour.load_game(case["game"], **case["params"])
    record = parlour.Match(game, case["seats"], seed=case["seed"], setup=case.get("setup")).run()
    return replace(record, moves=[replace(m, time=0.0) for m in record.moves])


def digest(record: Record) -> str:
    """sha256 of everything the rules produce while re-simulating `record`."""
    h = hashlib.sha256()
    h.update(record.to_json().encode())
    rng = Random(0)
    last = 0
    for step, (state, _) in enumerate(record.replay()):
        events = state.events
        for event in events[last:]:
            h.update(json.dumps(event.to_json(), ensure_ascii=False, sort_keys=True).encode())
            h.update(event.describe().encode())
        last = len(events)
        h.update(repr((state.current_player, [str(a) for a in state.legal_actions()],
                       state.scores(), state.returns())).encode())
        if step % 9 == 0:
            for seat in range(state.game.num_players):
                obs = state.observe(seat)
                h.update(json.dumps(obs.to_json(), ensure_ascii=False, sort_keys=True).encode())
        if step % 17 == 0 and not state.is_terminal:
            seat = step % state.game.num_players
            world = state.game.sample_state(state.observe(seat), rng)
            h.update(repr([world.observe(s) for s in range(state.game.num_players)]).encode())
            h.update(repr([str(a) for a in world.legal_actions()]).encode())
    h.update(repr((state.scores(), state.returns(), state.winners())).encode())
    return h.hexdigest()


def load() -> list[dict[str, Any]]:
    """The stored cases: each with its name, record text and digest."""
    return json.loads(gzip.decompress(DATA.read_bytes()))  # type: ignore[no-any-return]
