"""Python-file bots: `file:bots/mine.py` (a module loaded by path, in parlour's process) and
`pyfile:bots/mine.py` (the same file run out of process, in the sandbox).

The module provides either an ``act(observation)`` function or an agent class (a class with an
``act`` method, preferably named ``Agent``), built with whichever of ``game``, ``seat`` and
``rng`` its constructor accepts. A game may adapt other conventions (Territory runs game17
player files unchanged) through the optional hooks ``Game.adapt_module(module, seat, rng[,
option])`` and ``Game.agent_for_file(path, seat, rng, option, time_limit)``. Import errors
are reported as one clear `AgentError`, never a crash of the run.

A ``file:`` bot runs inside parlour and can reach the whole game state through the interpreter:
it is for your own bots. ``pyfile:`` runs the same file in its own process
(`parlour.agents.pyfile_runner`, over the JSON-lines protocol with each observation also sent
as a pickled object), in the sandbox: the way to run a stranger's Python file.
"""

from __future__ import annotations

import contextlib
import importlib.util
import inspect
import logging
import os
import sys
from pathlib import Path
from random import Random
from types import ModuleType
from typing import Any

from parlour.agents.base import Agent, BaseAgent
from parlour.core import Action, AgentError, Game, Observation

log = logging.getLogger("parlour.agents.pyfile")


def load_module(path: str | Path) -> ModuleType:
    """Import a Python file by path under a private module name."""
    path = Path(path)
    if not path.is_file():
        raise AgentError(f"file bot {str(path)!r} does not exist")
    name = f"parlour_bot_{abs(hash(str(path.resolve())))}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise AgentError(f"file bot {str(path)!r} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException as error:  # a bot's import must never take the run down
        sys.modules.pop(name, None)
        if isinstance(error, KeyboardInterrupt):
            raise
        where = ""
        tb = error.__traceback__
        while tb is not None:
            if tb.tb_frame.f_code.co_filename in (str(path), spec.origin):
                where = f" (line {tb.tb_lineno})"
            tb = tb.tb_next
        raise AgentError(
            f"cannot load file bot {str(path)!r}{where}: {type(error).__name__}: {error}"
        ) from None
    return module


class FunctionAgent(BaseAgent):
    """Wraps a module's ``act(observation)`` function (and any hook functions it defines)."""

    def __init__(self, module: ModuleType, name: str) -> None:
        self.module = module
        self.name = name
        for hook in ("on_game_start", "on_event", "on_game_end"):
            if callable(getattr(module, hook, None)):
                setattr(self, hook, getattr(module, hook))

    def act(self, observation: Observation) -> Action:
        return self.module.act(observation)  # type: ignore[no-any-return]


def _agent_class(module: ModuleType) -> type | None:
    preferred = getattr(module, "Agent", None)
    if inspect.isclass(preferred) and callable(getattr(preferred, "act", None)):
        return preferred
    for value in vars(module).values():
        if (inspect.isclass(value) and value.__module__ == module.__name__
                and callable(getattr(value, "act", None))):
            return value
    return None


def _build(cls: type, game: Game[Any], seat: int, rng: Random) -> Any:
    offered = {"game": game, "seat": seat, "rng": rng}
    try:
        parameters = inspect.signature(cls).parameters
    except (TypeError, ValueError):
        return cls()
    if any(p.kind is p.VAR_KEYWORD for p in parameters.values()):
        return cls(**offered)
    return cls(**{k: v for k, v in offered.items() if k in parameters})


def file_agent(text: str, game: Game[Any], seat: int = 0, rng: Random | None = None,
               limits: Any = None) -> Agent:
    """The ``file:`` scheme: ``file:path.py``, optionally ``file:path.py:option`` (a colour)."""
    path, option = text, None
    if ":" in text and not text.endswith(".py"):
        path, _, option = text.rpartition(":")
    rng = rng or Random(0)
    for_file = getattr(game, "agent_for_file", None)
    if for_file is not None:
        enforced = getattr(limits, "enforced", False)
        time_limit = getattr(limits, "move_time", None) if enforced else None
        agent = for_file(path, seat, rng, option, time_limit)
        if agent is not None:
            return agent  # type: ignore[no-any-return]
    module = load_module(path)
    adapt = getattr(game, "adapt_module", None)
    if adapt is not None:
        args = (module, seat, rng) if option is None else (module, seat, rng, option)
        adapted = adapt(*args)
        if adapted is not None:
            return adapted  # type: ignore[no-any-return]
    name = f"file:{path}"
    if callable(getattr(module, "act", None)):
        return FunctionAgent(module, name)
    cls = _agent_class(module)
    if cls is None:
        raise AgentError(
            f"file bot {path!r} has neither an act(observation) function nor an agent class"
        )
    try:
        agent = _build(cls, game, seat, rng)
    except Exception as error:
        raise AgentError(
            f"cannot build {cls.__name__} from file bot {path!r}: {type(error).__name__}: {error}"
        ) from None
    if not getattr(agent, "name", None) or agent.name == "agent":
        with contextlib.suppress(AttributeError):
            agent.name = name
    return agent  # type: ignore[no-any-return]


def pyfile_agent(text: str, game: Game[Any], seat: int = 0, rng: Random | None = None,
                 limits: Any = None) -> Agent:
    """The ``pyfile:`` scheme: ``pyfile:path.py`` or ``pyfile:path.py:option``, run out of
    process (in the sandbox, under the match's sandbox policy)."""
    from parlour.agents.external import ExternalAgent

    path, option = text, None
    if ":" in text and not text.endswith(".py"):
        path, _, option = text.rpartition(":")
    if not Path(path).is_file():
        raise AgentError(f"file bot {path!r} does not exist")
    argv = [sys.executable, "-m", "parlour.agents.pyfile_runner", str(Path(path).absolute()),
            *([option] if option else [])]
    seed = (rng or Random(0)).getrandbits(63)
    return ExternalAgent(argv, game=game, seat=seat, limits=limits, name=f"pyfile:{text}",
                         objects=True, python_path=os.pathsep.join(import_folders()),
                         bot_seed=seed)


def import_folders() -> list[str]:
    """The folders parlour imports from (its own source and its libraries), which the runner
    needs too: every folder on ``sys.path`` but the working directory and the home folder."""
    skip = {os.getcwd(), str(Path.home()), "/"}
    folders = [str(Path(__file__).resolve().parents[2])]  # the folder holding the package
    for entry in sys.path:
        if entry and os.path.isdir(entry) and os.path.abspath(entry) not in skip:
            folders.append(os.path.abspath(entry))
    return list(dict.fromkeys(folders))
