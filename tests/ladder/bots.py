"""Bots for the ladder tests, each a tiny program over the JSON-lines protocol.

`python3 bots.py MODE`: ``first`` plays the first legal action; ``crash`` writes a secret to
stderr and exits at its first decision; ``sloppy`` answers garbage at every fifth decision.
"""

import json
import sys

MODE = sys.argv[1] if len(sys.argv) > 1 else "first"


def main() -> None:
    decisions = 0
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "goodbye":
            break
        if message["type"] != "act":
            continue
        decisions += 1
        if MODE == "crash":
            print("secret-stack-trace-42", file=sys.stderr, flush=True)
            sys.exit(1)
        if MODE == "sloppy" and decisions % 5 == 0:
            print("what?", flush=True)
            continue
        print(json.dumps({"id": message["id"], "action": message["legal"][0]}), flush=True)


if __name__ == "__main__":
    main()
