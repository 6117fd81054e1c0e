"""A game17 player that starts a process which would sleep for ten minutes, and writes its
number to the file named by the PARLOUR_TEST_PIDFILE environment variable."""

import os
import subprocess
import sys

child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
with open(os.environ["PARLOUR_TEST_PIDFILE"], "a") as file:
    file.write(f"{child.pid}\n")


def make_moves(owner, rounds_left, owners, numbers):
    return []
