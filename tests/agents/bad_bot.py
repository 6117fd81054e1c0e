"""A bot that misbehaves in the way named by its argument, for the fault-rules tests.

It plays legally (the first legal action) until its third decision, then misbehaves.
"""

import json
import os
import sys
import time

MODE = sys.argv[1]


def answer(message: dict) -> None:
    print(json.dumps({"id": message["id"], "action": message["legal"][0]}), flush=True)


def misbehave(message: dict) -> None:
    if MODE == "raises":
        raise RuntimeError("the bot has a bug")
    if MODE == "illegal":
        prefix = "pass " if message["legal"][0].startswith("pass") else ""
        cards = [rank + suit for suit in "♣♦♥♠" for rank in "23456789TJQKA"]
        print(next(prefix + c for c in cards if prefix + c not in message["legal"]), flush=True)
    elif MODE == "garbage":
        print("<<< not an action at all >>>", flush=True)
    elif MODE == "bad-json":
        print('{"action": ', flush=True)
    elif MODE == "sleeps":
        time.sleep(2.0)
        answer(message)
    elif MODE == "loops":
        while True:
            pass
    elif MODE == "crashes":
        sys.exit(3)
    elif MODE == "floods":
        while True:
            sys.stdout.write("x" * 100_000)
    elif MODE == "flood-lines":
        for _ in range(5000):
            print("noise", flush=True)
        answer(message)
    elif MODE == "memory":
        hoard = []
        while True:
            hoard.append(bytearray(50 << 20))
    elif MODE == "closes-stdout":
        os.close(1)  # alive, but it can never answer again
        time.sleep(60)
    elif MODE == "deep":
        print('{"action": ' + "[" * 30_000 + "]" * 30_000 + "}", flush=True)
    elif MODE == "stderr":
        for i in range(500):
            print(f"debug line {i}", file=sys.stderr)
        answer(message)
    else:
        raise SystemExit(f"unknown mode {MODE}")


def main() -> None:
    decisions = 0
    if MODE == "deaf":
        time.sleep(60)  # never reads its input
        return
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] != "act":
            continue
        decisions += 1
        if decisions < 3:
            answer(message)
        else:
            misbehave(message)


main()
