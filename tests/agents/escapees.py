"""Processes a bot leaves behind, for the tests that prove none outlives the match.

`spawn(pidfile)` starts two processes that sleep for ten minutes and appends their numbers to
`pidfile`: a child that stays in the bot's process group, and a grandchild that calls
``setsid`` (a daemon's double fork: its parent exits at once, so it is re-parented). Both
exist when `spawn` returns.
"""

import subprocess
import sys

SLEEPER = "import time; time.sleep(600)"
DAEMON = """
import os, sys, time
read, write = os.pipe()
if os.fork() == 0:
    os.setsid()
    quiet = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(quiet, fd)  # let go of the pipes of the process that started it
    os.write(write, str(os.getpid()).encode())
    os.close(write)
    time.sleep(600)
    os._exit(0)
os.close(write)
print(os.read(read, 64).decode(), flush=True)
"""


def spawn(pidfile: str) -> None:
    """Start the two processes, once per `pidfile` (a heartless script runs many times)."""
    try:
        open(pidfile, "x").close()
    except FileExistsError:
        return
    child = subprocess.Popen([sys.executable, "-c", SLEEPER])
    daemon = subprocess.run([sys.executable, "-c", DAEMON], capture_output=True, text=True,
                            check=True)
    with open(pidfile, "a") as file:
        file.write(f"{child.pid}\n{int(daemon.stdout)}\n")
