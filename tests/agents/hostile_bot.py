"""A hostile bot for the sandbox tests: it plays legally, and tries one attack of issue 23.

    hostile_bot.py MODE [ARG ...]

It reports what it found as one stderr line, ``report {json}``, which the tests read from the
agent's stderr tail; the attacks:

- ``spy PATH...``: ancestors' command lines, other processes (and their memory), parlour's
  environment (``PARLOUR_TEST_SECRET``), the files and folders named by PATH (a store, records,
  the user's home), writing into its own folder;
- ``spy-strict PATH...``: the same, and exits with status 7 if any of it was open;
- ``escape MARKER``: a daemon (double fork, ``setsid``, an empty environment, so it carries no
  mark of the bot) that sleeps with MARKER on its command line; it answers once the daemon
  runs;
- ``hop MARKER``: the same, but the daemon keeps forking and leaving (``setsid``, ``fork``,
  exit: a new process number every 10 ms, for a minute);
- ``memory-tree MB``: four children each holding MB MiB at once; reports how many held it;
- ``stderr-flood MB``: MB MiB on stderr without a newline before the first answer;
- ``big-file MB``: a file of MB MiB in /tmp; reports how many bytes were written;
- ``socket PORT``: connects to 127.0.0.1:PORT; reports whether it could;
- ``keeps-files``: reports whether files of an earlier game are in /tmp, $HOME or
  $PARLOUR_STATE, then writes them;
- ``fork-bomb``: starts processes until it cannot; reports how many ran at once.
"""

import json
import os
import socket
import sys
import time

MODE = sys.argv[1]
ARGS = sys.argv[2:]


def report(**found: object) -> None:
    print("report " + json.dumps(found), file=sys.stderr, flush=True)


def ancestors() -> list[str]:
    """The command lines of every ancestor this process can read."""
    seen = []
    pid = os.getppid()
    while pid > 0:
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as file:
                seen.append(file.read().replace(b"\0", b" ").decode(errors="replace"))
            with open(f"/proc/{pid}/stat") as file:
                pid = int(file.read().rpartition(")")[2].split()[1])
        except OSError:
            break
    return seen


def foreign() -> dict[str, int]:
    """Processes that are neither this one nor its children, and how many of them had memory
    this one could read."""
    mine = {os.getpid()}
    others = readable = 0
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) in mine:
            continue
        try:
            with open(f"/proc/{name}/stat") as file:
                if int(file.read().rpartition(")")[2].split()[1]) == os.getpid():
                    continue
        except OSError:
            continue
        others += 1
        try:
            with open(f"/proc/{name}/maps") as maps:
                start = int(maps.readline().split("-")[0], 16)
            with open(f"/proc/{name}/mem", "rb") as mem:
                mem.seek(start)
                if mem.read(16):
                    readable += 1
        except (OSError, ValueError):
            pass
    return {"processes": others, "memory_read": readable}


def secret_seen() -> bool:
    if "PARLOUR_TEST_SECRET" in os.environ:
        return True
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/environ", "rb") as file:
                    if b"PARLOUR_TEST_SECRET" in file.read():
                        return True
            except OSError:
                pass
    return False


def opened(paths: list[str]) -> list[str]:
    found = []
    for path in paths:
        try:
            if os.path.isdir(path):
                os.listdir(path)
            else:
                with open(path, "rb") as file:
                    file.read(16)
            found.append(path)
        except OSError:
            pass
    return found


def spy() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        with open(os.path.join(here, "planted.txt"), "w") as file:
            file.write("a bot was here")
        wrote_own = True
    except OSError:
        wrote_own = False
    home = os.environ.get("SPY_HOME_LISTING", "")
    listing = sorted(os.listdir(home)) if home and os.path.isdir(home) else []
    report(ancestors=ancestors(), foreign=foreign(), secret=secret_seen(),
           opened=opened(ARGS), wrote_own_folder=wrote_own, home=listing,
           environment=sorted(os.environ), uid=os.getuid())


def spy_strict() -> None:
    """`spy`, then a crash (exit status 7) if any channel was open: for runs whose stderr the
    test cannot read (a tournament), the fault it leaves in the store tells."""
    found = opened(ARGS) or ancestors() or foreign()["processes"] or secret_seen()
    if found:
        print(f"found {found}", file=sys.stderr, flush=True)
        sys.exit(7)


DAEMON = "import time; time.sleep(600)"
HOPPER = """
import os, time
end = time.monotonic() + 60  # a bound, so a failed test leaves nothing for long
while time.monotonic() < end:
    if os.fork():
        os._exit(0)  # the parent leaves: the process number keeps changing
    os.setsid()
    time.sleep(0.01)
"""


def escape() -> None:
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            devnull = os.open(os.devnull, os.O_RDWR)
            for fd in (0, 1, 2):
                os.dup2(devnull, fd)
            code = HOPPER if MODE == "hop" else DAEMON
            os.execve(sys.executable, [sys.executable, "-c", code, ARGS[0]], {})
        os._exit(0)
    os.wait()
    time.sleep(0.2)  # the daemon has exec'd by now
    report(escaped=True)


def memory_tree() -> None:
    size = int(ARGS[0]) << 20
    pipes = []
    for _ in range(4):
        read, write = os.pipe()
        if os.fork() == 0:
            os.close(read)
            try:
                hoard = bytearray(size)
                for i in range(0, size, 4096):
                    hoard[i] = 1
                os.write(write, b"1")
                time.sleep(5)
            except MemoryError:
                pass
            os._exit(0)
        os.close(write)
        pipes.append(read)
    held = sum(1 for fd in pipes if os.read(fd, 1) == b"1")
    report(held=held)


def stderr_flood() -> None:
    block = b"x" * (1 << 20)
    for _ in range(int(ARGS[0])):
        os.write(2, block)
    os.write(2, b"\n")


def big_file() -> None:
    written = 0
    block = b"x" * (1 << 20)
    try:
        with open("/tmp/big", "wb", buffering=0) as file:
            for _ in range(int(ARGS[0])):
                written += file.write(block)
    except OSError:
        pass
    os.unlink("/tmp/big")
    report(written=written)


def connect() -> None:
    try:
        with socket.create_connection(("127.0.0.1", int(ARGS[0])), timeout=2):
            reached = True
    except OSError:
        reached = False
    report(reached=reached)


def keeps_files() -> None:
    places = [os.environ.get("TMPDIR", "/tmp"), os.path.expanduser("~")]
    if "PARLOUR_STATE" in os.environ:
        places.append(os.environ["PARLOUR_STATE"])
    kept = [p for p in places if os.path.exists(os.path.join(p, "memory.txt"))]
    for place in places:
        try:
            with open(os.path.join(place, "memory.txt"), "w") as file:
                file.write("the first seating's deal")
        except OSError:
            pass
    report(kept=kept)


def fork_bomb() -> None:
    children = []
    try:
        for _ in range(200):
            pid = os.fork()
            if pid == 0:
                time.sleep(5)
                os._exit(0)
            children.append(pid)
    except OSError:
        pass
    report(processes=len(children) + 1)


ATTACKS = {"spy": spy, "spy-strict": spy_strict, "escape": escape, "hop": escape,
           "memory-tree": memory_tree, "stderr-flood": stderr_flood, "big-file": big_file,
           "socket": connect, "keeps-files": keeps_files, "fork-bomb": fork_bomb}


def main() -> None:
    attacked = False
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "act":
            if not attacked:
                attacked = True
                ATTACKS[MODE]()
            print(json.dumps({"id": message["id"], "action": message["legal"][0]}), flush=True)


main()
