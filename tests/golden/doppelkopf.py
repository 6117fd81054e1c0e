"""Golden records of Doppelkopf (its own file, beside Hearts' and Spades' `records.json.gz`).

The same method as `golden.py`: seeded matches played once, stored with a digest of everything
the rules produce on re-simulation. Run only to add cases:
``PYTHONPATH=src python -m tests.golden.doppelkopf``.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

from tests.games.doppelkopf.helpers import HOCHZEIT_DEAL, NORMAL_DEAL
from tests.golden.golden import case_name, digest, play

DATA = Path(__file__).with_name("doppelkopf.json.gz")

R4 = ["random"] * 4
H4 = ["heuristic"] * 4
MIX = ["random", "heuristic", "random", "heuristic"]
ONE = {"deals": 1, "tournament": False}

CASES: list[dict[str, Any]] = [
    *({"game": "doppelkopf", "params": ONE, "seats": R4, "seed": s} for s in range(4)),
    *({"game": "doppelkopf", "params": ONE, "seats": H4, "seed": s} for s in range(4)),
    {"game": "doppelkopf", "params": {"deals": 4}, "seats": MIX, "seed": 5},
    {"game": "doppelkopf", "params": {"deals": 2, "tournament": False, "armut": True,
                                      "schweinchen": True, "with_nines": False},
     "seats": H4, "seed": 6},
    {"game": "doppelkopf", "params": ONE, "seats": H4, "seed": 7,
     "setup": {"hands": NORMAL_DEAL, "dealer": 3}},
    {"game": "doppelkopf", "params": ONE, "seats": H4, "seed": 8,
     "setup": {"hands": HOCHZEIT_DEAL, "dealer": 3}},
    {"game": "doppelkopf", "params": {**ONE, "second_dulle": "always"},
     "seats": ["pimc:worlds=2", *R4[1:]], "seed": 9},
]


def load() -> list[dict[str, Any]]:
    return json.loads(gzip.decompress(DATA.read_bytes()))  # type: ignore[no-any-return]


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
