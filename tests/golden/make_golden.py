"""Write tests/golden/records.json.gz from `golden.CASES` with the current rules.

Run only to add cases (the stored digests are the reference the rules are held to):
``PYTHONPATH=src python -m tests.golden.make_golden``.
"""

from __future__ import annotations

import gzip
import json

from tests.golden.golden import CASES, DATA, case_name, digest, play


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
