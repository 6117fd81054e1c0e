#!/usr/bin/env python3
"""A parlour bot in plain Python: random legal moves over the JSON-lines protocol.

Run it from parlour with `exec:python3 examples/bots/random_bot.py`. It needs no parlour
import: it reads one JSON object per line on stdin and answers each "act" with one line.
"""

import json
import random
import sys


def main() -> None:
    rng = random.Random(0)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            rng.seed(message["seat"])
            print(f"playing {message['game']} as seat {message['seat']}", file=sys.stderr)
        elif message["type"] == "act":
            choice = rng.choice(message["legal"])
            print(json.dumps({"id": message["id"], "action": choice}), flush=True)
        elif message["type"] == "goodbye":
            break


if __name__ == "__main__":
    main()
