"""A heartless-style script that misbehaves in the way named by its first argument.

It misbehaves on every call (except "orphan" and "escape", which answer well but leave
processes behind), so every decision is a fault and the seat forfeits at the strike limit.
"""

import subprocess
import sys
import time


def misbehave(mode: str, args: list[str]) -> None:
    from heartless_bot import main, read_cards, text  # beside this script

    if mode == "garbage":
        print("<<< not a card >>>")
    elif mode == "silent":
        pass
    elif mode == "crash":
        print("the script has a bug", file=sys.stderr)
        sys.exit(3)
    elif mode == "sleep":
        time.sleep(30)
    elif mode == "memory":
        hoard = []
        while True:
            hoard.append(bytearray(1 << 24))
    elif mode == "flood":
        sys.stdout.write("A" * (1 << 22))
    elif mode == "illegal":
        values = dict(arg[2:].split("=", 1) for arg in args)
        held = set(read_cards(values["hand"]))
        others = [(r, s) for s in "cdsh" for r in range(2, 15) if (r, s) not in held]
        print("".join(text(c) for c in others[:3 if values["round"] == "0" else 1]))
    elif mode == "two":
        values = dict(arg[2:].split("=", 1) for arg in args)
        print("".join(text(c) for c in read_cards(values["hand"])[:2]))
    elif mode == "escape":
        # starts processes that try to outlive it (escapees.py), then answers well
        from escapees import spawn

        spawn(args[0])
        print(main(args[1:]), flush=True)
    elif mode == "orphan":
        # leaves a child holding stdout open, then answers: the adapter must not wait for it
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
        print(main(args), flush=True)
    else:
        raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    misbehave(sys.argv[1], sys.argv[2:])
