"""Schafkopf's golden records: seeded matches stored once (tests/golden/schafkopf.json.gz) and
re-simulated byte for byte, with the digest of `golden.digest` (events, observations, legal
actions, sampled worlds). Regenerate only to add cases:
``PYTHONPATH=src python -m tests.golden.test_golden_schafkopf``.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from parlour.records import Record
from tests.golden.golden import case_name, digest, play

DATA = Path(__file__).with_name("schafkopf.json.gz")
R4 = ["random"] * 4
H4 = ["heuristic"] * 4
MIX = ["heuristic", "random", "heuristic", "random"]
CASES: list[dict[str, Any]] = [
    *({"game": "schafkopf", "params": {}, "seats": R4, "seed": s} for s in range(4)),
    *({"game": "schafkopf", "params": {}, "seats": H4, "seed": s} for s in range(3)),
    {"game": "schafkopf", "params": {"all_pass": "ramsch", "deals": 8}, "seats": MIX, "seed": 5},
    {"game": "schafkopf", "params": {"kontra": False, "tariff_rufspiel": 20}, "seats": MIX,
     "seed": 6},
    {"game": "schafkopf", "params": {"deals": 1}, "seats": H4, "seed": 7,
     "setup": {"hands": ["EO GO HO SO EU GU HU SU", "EA E10 EK E9 E8 E7 GA G10",
                         "GK G9 G8 G7 HA H10 HK H9", "H8 H7 SA S10 SK S9 S8 S7"]}},
]


def _load() -> list[dict[str, Any]]:
    return json.loads(gzip.decompress(DATA.read_bytes()))  # type: ignore[no-any-return]


STORED = _load() if DATA.exists() else []


def test_the_golden_file_covers_every_case() -> None:
    assert [s["name"] for s in STORED] == [case_name(c) for c in CASES]


@pytest.mark.parametrize("stored", STORED, ids=[s["name"] for s in STORED])
def test_schafkopf_reproduces_its_golden_record(stored: dict[str, Any]) -> None:
    record = Record.from_json(stored["record"])
    assert record.to_json() == stored["record"]
    record.verify()
    assert digest(record) == stored["digest"]


@pytest.mark.parametrize("stored", STORED, ids=[s["name"] for s in STORED])
def test_schafkopf_matches_replay_to_the_same_record_text(stored: dict[str, Any]) -> None:
    assert play(stored["case"]).to_json() == stored["record"]


def main() -> None:
    stored = []
    for case in CASES:
        record = play(case)
        stored.append({"name": case_name(case), "case": case, "record": record.to_json(),
                       "digest": digest(record)})
        print(f"{case_name(case)}: {len(record.moves)} moves")
    DATA.write_bytes(gzip.compress(json.dumps(stored, ensure_ascii=False).encode(), mtime=0))


if __name__ == "__main__":
    main()
