"""Bots for the ladder tests, each a tiny program over the JSON-lines protocol.

`python3 bots.py MODE`: ``first`` plays the first legal action; ``crash`` writes a secret to
stderr and exits at its first decision; ``sloppy`` answers garbage at every fifth decision;
``slow [SECONDS]`` plays the first legal action after SECONDS (0.1) (a game to watch live);
``peek`` plays well only if it can see none of the league's files (the index, the tokens, the
records, the other bots) nor any process but its own, and answers garbage otherwise.
"""

import json
import os
import sys
import time
from pathlib import Path


def peeked() -> list[str]:
    """What this bot could reach that a sandboxed bot must not."""
    found = []
    here = Path.cwd()
    for up in list(here.parents)[:6]:
        for name in ("ladder.sqlite", "tokens.json", "settings.json", "records"):
            if (up / name).exists():
                found.append(str(up / name))
    bot_folders = here.parent.parent  # bots/GAME/: one folder per bot name
    if bot_folders.is_dir():
        found += [str(p) for p in bot_folders.iterdir() if p != here.parent]
    others = [p for p in os.listdir("/proc") if p.isdigit() and int(p) not in (1, os.getpid())]
    if len(others) > 3:
        found.append(f"{len(others)} other processes")
    return found

MODE = sys.argv[1] if len(sys.argv) > 1 else "first"


def main() -> None:
    decisions = 0
    leaks = peeked() if MODE == "peek" else []
    if leaks:
        print("reached: " + ", ".join(leaks), file=sys.stderr, flush=True)
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
        if leaks or (MODE == "sloppy" and decisions % 5 == 0):
            print("what?", flush=True)
            continue
        if MODE == "slow":
            time.sleep(float(sys.argv[2]) if len(sys.argv) > 2 else 0.1)
        print(json.dumps({"id": message["id"], "action": message["legal"][0]}), flush=True)


if __name__ == "__main__":
    main()
