"""A submitted bot version as an agent: ``ladder:/path/to/version`` in a seat.

A version's folder holds the author's files and ``bot.json`` (written by the ladder, never by
the author): the command, the bot's name and version. The scheme starts that command in the
folder as an `ExternalAgent` speaking the JSON-lines protocol (docs/protocol.md), so a worker
process or a Ray node needs nothing but the folder to seat the bot.
"""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from random import Random
from typing import Any

from parlour.agents.external import ExternalAgent, ProcessLimits
from parlour.core import AgentError, Game

MANIFEST = "bot.json"
SCHEME = "ladder"
MAX_MANIFEST = 1 << 16


def read_manifest(folder: str | Path) -> dict[str, Any]:
    """The ``bot.json`` of a version's folder, checked; an `AgentError` names what is wrong."""
    path = Path(folder) / MANIFEST
    try:
        text = path.read_bytes()[:MAX_MANIFEST + 1]
        if len(text) > MAX_MANIFEST:
            raise ValueError("too large")
        manifest = json.loads(text)
        if not isinstance(manifest, dict) or not isinstance(manifest.get("command"), str):
            raise ValueError("no command")
        shlex.split(manifest["command"])
    except (OSError, ValueError) as error:
        raise AgentError(f"the ladder bot in {folder} cannot be read ({path.name}: "
                         f"{error})") from None
    return manifest


def write_manifest(folder: Path, manifest: dict[str, Any]) -> None:
    """Write ``bot.json`` into a version's folder."""
    (folder / MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")


def ladder_agent(text: str, game: Game[Any] | None = None, seat: int = 0,
                 rng: Random | None = None, limits: ProcessLimits | None = None) -> ExternalAgent:
    """The ``ladder:`` scheme: the version in folder `text`, run by its command."""
    manifest = read_manifest(text)
    label = f"{manifest.get('name', 'bot')} v{manifest.get('number', '?')}"
    return ExternalAgent(manifest["command"], game=game, seat=seat, limits=limits, cwd=text,
                         name=f"{SCHEME}:{label}")
