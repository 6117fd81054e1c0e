"""A JSON-lines bot that starts processes which try to outlive it (see escapees.py), plays
the first legal move, and exits by itself as soon as it reads the goodbye."""

import json
import sys

from escapees import spawn  # beside this script

spawn(sys.argv[1])
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "act":
        print(message["legal"][0], flush=True)
    elif message["type"] == "goodbye":
        sys.exit(0)
