"""Run a Python-file bot out of process: ``python -m parlour.agents.pyfile_runner FILE [OPTION]``.

This is the bot side of the ``pyfile:`` scheme (`parlour.agents.pyfile.pyfile_agent`). It
speaks the JSON-lines protocol of docs/protocol.md on stdin/stdout, loads FILE as ``file:``
would (an ``act(observation)`` function or an agent class, the game's own adapters), and hands
it the observation, event and result objects that parlour sends pickled beside the JSON. The
file therefore sees what a ``file:`` bot sees, but runs in its own process, in the sandbox:
it cannot reach the game state, parlour's memory or anything else of the match.

parlour itself unpickles nothing from this process: it reads the answers as action text. A bot
that raises answers a text naming the exception, which the match takes as a ``garbage`` fault
(a fallback move, a strike) and the game goes on.
"""

from __future__ import annotations

import base64
import json
import pickle
import sys
import traceback
from random import Random
from typing import Any

from parlour.agents.pyfile import file_agent
from parlour.core import load_game


def _object(message: dict[str, Any]) -> Any:
    return pickle.loads(base64.b64decode(message["object"]))


def _answer(request: int, action: str) -> None:
    sys.stdout.write(json.dumps({"id": request, "action": action}, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def _hook(agent: Any, name: str, *args: Any) -> None:
    method = getattr(agent, name, None)
    if callable(method):
        method(*args)


def main(argv: list[str]) -> int:
    """Serve the protocol for the file bot named by `argv` until the goodbye."""
    if not argv:
        print("usage: python -m parlour.agents.pyfile_runner FILE [OPTION]", file=sys.stderr)
        return 2
    text = argv[0] if len(argv) == 1 else f"{argv[0]}:{argv[1]}"
    agent: Any = None
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            game = load_game(message["variant"])
            seat = int(message["seat"])
            agent = file_agent(text, game, seat, Random(message.get("seed", 0)))
            _hook(agent, "on_game_start", game, seat)
        elif kind == "event" and agent is not None:
            _hook(agent, "on_event", _object(message))
        elif kind == "act" and agent is not None:
            try:
                action = str(agent.act(_object(message)))
            except Exception as error:
                traceback.print_exc()
                action = f"<the bot raised {type(error).__name__}: {error}>"[:300]
            _answer(int(message["id"]), action)
        elif kind == "goodbye":
            if agent is not None:
                _hook(agent, "on_game_end", _object(message))
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
