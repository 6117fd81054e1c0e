"""The worker process that runs one game17 player file for a time-limited agent.

Started as ``python -m parlour.games.territory.worker FD PATH`` with one end of a socket pair
as file descriptor FD; it imports the file, answers ``ready`` with the file's kind (None for a
file that is no game17 player file, which it then leaves), then serves ``start`` (make the
mover) and ``move`` requests until ``stop`` or the end of the connection.
"""

from __future__ import annotations

import sys
from multiprocessing.connection import Connection

from parlour.games.territory.compat import moves_to_action
from parlour.games.territory.players import (
    PlayerProgram,
    forfeit_for,
    load_player_module,
    player_kind,
    seeded_globals,
)


def serve(conn: Connection, path: str) -> None:
    """Load the player file, then answer requests on `conn`."""
    try:
        module = load_player_module(path)
    except Exception as error:
        conn.send(("error", str(error)))
        return
    kind = player_kind(module)
    conn.send(("ready", kind))  # None: not a game17 player file
    if kind is None:
        return
    program = PlayerProgram(module, kind)
    while True:
        try:
            request = conn.recv()
        except (EOFError, OSError):
            return
        if request[0] == "stop":
            return
        try:
            if request[0] == "start":
                program.start(*request[1:])
                conn.send(("started",))
            else:
                seed, size, *args = request[1:]
                with seeded_globals(seed, restore=False):
                    raw = program.move(*args)
                conn.send(("action", moves_to_action(raw, size)))
        except Exception as error:
            conn.send(("failed", forfeit_for(error)))


def main(argv: list[str]) -> None:
    """Entry point: ``worker FD PATH``."""
    fd, path = int(argv[1]), argv[2]
    conn = Connection(fd)
    try:
        serve(conn, path)
    finally:
        conn.close()


if __name__ == "__main__":
    main(sys.argv)
