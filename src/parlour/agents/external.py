"""External bots: a persistent child process speaking JSON lines (`exec:./mybot --flag`).

The protocol is in docs/protocol.md. parlour writes one JSON object per line to the child's
stdin: ``hello``, ``act`` (observation and legal actions), ``event`` and ``goodbye``. The child
answers each ``act`` with one line: the action in the game's notation, either bare or as
``{"action": "Q♠"}``.

Nothing the child does can stop a match. Reads and writes run on their own threads, so a
child that never reads its input or floods its output cannot block parlour. Each answer is
awaited only for the move's time. Lines are capped in length. The child runs in its own
sandbox (`parlour.agents.sandbox`) or, without one, in its own session with CPU-time and memory
limits; when it is done, it and every process it started are killed. A bot that closes its
output is ended at once (it can never answer again). Once it has crashed, every later
decision fails at once. Its stderr, read in bounded chunks, goes to the log (logger
``parlour.agents.external``) and is kept for the error log.
"""

from __future__ import annotations

import base64
import contextlib
import json
import logging
import os
import pickle
import queue
import select
import shlex
import signal
import subprocess
import threading
import time
from collections import deque
from dataclasses import dataclass
from typing import IO, Any

from parlour.agents.base import AgentCrashed, AgentGarbage, AgentTimeout, BaseAgent
from parlour.agents.reaper import HAS_PROC, BotProcesses
from parlour.agents.sandbox import Launched, launch
from parlour.core import Action, AgentError, Event, Game, Observation, ParlourError

log = logging.getLogger("parlour.agents.external")

PROTOCOL_VERSION = 1
STDERR_LINE = 4096
"""Longest stderr line kept in memory; the rest of a longer line is cut off."""
OUTPUT_CHECK = 0.2
"""Seconds between checks, while an answer is awaited, that the bot still has its stdout."""
EXIT_GRACE = 0.2
"""Seconds a bot that closed its stdout is given to exit before it is taken as hung."""
_EOF = object()


@dataclass(frozen=True)
class ProcessLimits:
    """Limits for an external bot's process."""

    move_time: float = 5.0
    """Seconds to answer one decision when no match policy gives a budget."""
    start_time: float = 10.0
    """Extra seconds allowed for the first answer (interpreters and JITs start slowly)."""
    cpu_seconds: int = 600
    """CPU-time limit of the whole process (RLIMIT_CPU)."""
    memory_mb: int = 1024
    """Address-space limit of the process in MiB (RLIMIT_AS); 0 for none."""
    max_line_bytes: int = 1 << 16
    """Longest answer line accepted; longer output is a fault."""
    max_stray_lines: int = 1000
    """Unrequested output lines tolerated per decision before the bot counts as flooding."""
    stderr_lines: int = 200
    """Lines of stderr kept (and logged) per bot; the rest are counted."""
    enforced: bool = False
    """True when the match set `move_time` itself (so in-process adapters isolate too)."""
    file_mb: int = 256
    """Largest file a bot process may write, in MiB (RLIMIT_FSIZE); 0 for none."""
    tmp_mb: int = 64
    """Size of each of the sandbox's private tmpfs (``/tmp`` and ``$HOME``), in MiB."""
    max_processes: int = 256
    """Most processes and threads of a bot's whole tree at once (a cgroup's ``pids.max``,
    which counts threads: a JVM or a BLAS library starts dozens); 0 for none."""
    sandbox: str = "auto"
    """``auto`` (the sandbox where it works), ``on`` (refuse to start without it), ``off``."""
    network: bool = False
    """True to let sandboxed bots use the network (``--bot-network``)."""
    state_dir: str | None = None
    """A folder where each bot keeps files between games (``--bot-state``); None: nothing is
    kept, every game starts from empty folders."""
    hidden: tuple[str, ...] = ()
    """Paths left out of a sandbox even inside a bot's folder (output folders, stores)."""
    pass_env: tuple[str, ...] = ()
    """Names of environment variables passed to sandboxed bots (``--bot-env``)."""


class ExternalAgent(BaseAgent):
    """An agent in another process, any language, speaking JSON lines on stdin/stdout."""

    def __init__(self, command: str | list[str], game: Game[Any] | None = None, seat: int = 0,
                 limits: ProcessLimits | None = None, cwd: str | None = None,
                 name: str | None = None, objects: bool = False, python_path: str | None = None,
                 bot_seed: int | None = None) -> None:
        """`objects` adds each message's Python object, pickled (for `parlour.agents.
        pyfile_runner`); `python_path` is a folder to import from (bound read-only in the
        sandbox); `bot_seed` is sent in the hello as ``seed``, for the bot's own generator."""
        self.objects = objects
        self.python_path = python_path
        self.bot_seed = bot_seed
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise AgentError("exec: needs a command, like 'exec:./mybot --flag'")
        self.name = name or f"exec:{shlex.join(self.argv)}"
        self.limits = limits or ProcessLimits()
        self.cwd = cwd
        self.game = game
        self.seat = seat
        self.stderr_tail: deque[str] = deque(maxlen=self.limits.stderr_lines)
        self._stderr_count = 0
        self._answers: queue.Queue[Any] = queue.Queue()
        self._outbox: queue.Queue[bytes | None] = queue.Queue()
        self._process: subprocess.Popen[bytes] | None = None
        self._stderr_thread: threading.Thread | None = None
        self._readers: list[tuple[threading.Thread, IO[bytes]]] = []
        self._requests = 0
        self._closed = False
        self._dead: str | None = None
        """Why the process ended, once it has crashed: later decisions fail at once."""
        self._processes = BotProcesses()
        self._launched: Launched | None = None
        self._start()

    # --- the agent protocol -----------------------------------------------------------------
    def on_game_start(self, game: Game[Any], seat: int) -> None:
        self.game, self.seat = game, seat
        self._start()
        hello = {"type": "hello", "protocol": PROTOCOL_VERSION, "game": game.id,
                 "variant": game.variant, "params": dict(game.params), "seat": seat,
                 "num_players": game.num_players}
        if self.bot_seed is not None:
            hello["seed"] = self.bot_seed
        self._send(hello)

    def on_event(self, event: Event) -> None:
        self._send({"type": "event", "event": event.to_json()}, event)

    def on_game_end(self, result: Any) -> None:
        self._send({"type": "goodbye", "result": {
            "scores": list(result.scores), "returns": list(result.returns),
            "winners": list(result.winners), "complete": result.complete}}, result)
        self.close()

    def act(self, observation: Observation) -> Action:
        return self.act_within(observation, self.limits.move_time)

    def act_within(self, observation: Observation, seconds: float) -> Action:
        """Ask for a decision and wait at most `seconds` for the answer (plus start-up time)."""
        if self._dead is not None:
            raise AgentCrashed(self._dead)
        if self._process is None:
            self._start()
        self._drain_stray()
        self._requests += 1
        request = self._requests
        legal = [str(a) for a in observation.legal_actions]
        seen = observation.to_json()
        seen.pop("legal_actions", None)  # sent once, as "legal"
        self._send({"type": "act", "id": request, "observation": seen,
                    "legal": legal, "time": round(seconds, 3)}, observation)
        wait = seconds + (self.limits.start_time if request == 1 else 0.0)
        deadline = time.monotonic() + wait
        while True:
            remaining = deadline - time.monotonic()
            try:
                line = self._answers.get(timeout=min(max(0.0, remaining), OUTPUT_CHECK))
            except queue.Empty:
                if self._output_closed():
                    line = _EOF
                elif remaining <= OUTPUT_CHECK:
                    raise AgentTimeout(f"no answer within {wait:.3g}s") from None
                else:
                    continue
            if line is _EOF:
                self._answers.put(_EOF)  # stays at the end of the queue
                self._dead = self._exit_reason()
                raise AgentCrashed(self._dead)
            if isinstance(line, AgentGarbage):
                raise line
            answer, answer_id = _read_answer(line)
            if answer_id is not None and answer_id != request:
                continue  # a late answer to an earlier request
            return self._parse(answer, observation)

    # --- the process ------------------------------------------------------------------------
    def _start(self) -> None:
        if self._process is not None:
            return
        self._launched = launch(self.argv, self.limits, self._processes, self.name,
                                cwd=self.cwd, python_path=self.python_path)
        process = self._process = self._launched.process
        assert process.stdin and process.stdout and process.stderr
        for target, stream in ((self._read_stdout, process.stdout),
                               (self._read_stderr, process.stderr),
                               (self._write_stdin, process.stdin)):
            thread = threading.Thread(target=target, args=(stream,), daemon=True,
                                      name=f"{self.name}:{target.__name__}")
            thread.start()
            self._readers.append((thread, stream))
            if target == self._read_stderr:
                self._stderr_thread = thread

    def _send(self, message: dict[str, Any], item: Any = None) -> None:
        if self._closed or self._process is None:
            return
        if self.objects and item is not None:
            message["object"] = base64.b64encode(pickle.dumps(item)).decode("ascii")
        line = json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n"
        self._outbox.put(line.encode())

    def _write_stdin(self, stream: IO[bytes]) -> None:
        try:
            while (data := self._outbox.get()) is not None:
                stream.write(data)
                stream.flush()
        except (BrokenPipeError, OSError, ValueError):
            pass  # the child is gone; reading its stdout reports that
        finally:
            with contextlib.suppress(OSError):
                stream.close()

    def _read_stdout(self, stream: IO[bytes]) -> None:
        cap = self.limits.max_line_bytes
        buffer = b""
        overflowing = False
        try:
            while chunk := os.read(stream.fileno(), 1 << 16):
                buffer += chunk
                while b"\n" in buffer:
                    line, _, buffer = buffer.partition(b"\n")
                    if overflowing:
                        overflowing = False
                        continue
                    if len(line) > cap:
                        self._answers.put(AgentGarbage(f"answer line longer than {cap} bytes"))
                        continue
                    self._answers.put(line.decode("utf-8", errors="replace").strip())
                if len(buffer) > cap and not overflowing:
                    self._answers.put(AgentGarbage(f"answer line longer than {cap} bytes"))
                    overflowing = True
                if overflowing:
                    buffer = b""
        except OSError:
            pass
        self._answers.put(_EOF)

    def _read_stderr(self, stream: IO[bytes]) -> None:
        """Read stderr in bounded chunks: a line longer than `STDERR_LINE` bytes is cut there,
        so a bot writing without newlines never grows parlour's memory."""
        pending = b""
        try:
            while chunk := os.read(stream.fileno(), 1 << 16):
                pending += chunk
                *lines, pending = pending.split(b"\n")
                if len(pending) > STDERR_LINE:
                    lines.append(pending[:STDERR_LINE])
                    pending = b""
                for raw in lines:
                    self._stderr_line(raw)
        except (OSError, ValueError):
            pass
        if pending:
            self._stderr_line(pending)

    def _stderr_line(self, raw: bytes) -> None:
        self._stderr_count += 1
        if self._stderr_count <= self.limits.stderr_lines:
            text = raw.decode("utf-8", errors="replace").rstrip()[:1000]
            self.stderr_tail.append(text)
            log.warning("seat %d (%s) stderr: %s", self.seat, self.name, text)

    def _drain_stray(self) -> None:
        stray = 0
        while True:
            try:
                line = self._answers.get_nowait()
            except queue.Empty:
                break
            if line is _EOF or isinstance(line, AgentGarbage):
                self._answers.put(line)
                break
            stray += 1
        if stray:
            log.info("seat %d (%s): %d unrequested output line(s) ignored",
                     self.seat, self.name, stray)
        if stray > self.limits.max_stray_lines:
            raise AgentGarbage(f"flooded its output with {stray} unrequested lines")

    def _exit_reason(self) -> str:
        process = self._process
        code = _exit_status(process, EXIT_GRACE) if process is not None else None
        if code is None:  # alive without an output: it can never answer again
            self._end_process()
        if self._stderr_thread is not None:
            self._stderr_thread.join(timeout=1.0)  # the last words of a crash are on stderr
        if code is None:
            reason = "closed its output while still running (it was ended)"
        elif code < 0 or (code > 128 and self._launched is not None
                          and self._launched.sandboxed):  # bwrap passes a signal on as 128+n
            reason = f"killed by signal {_signal_name(abs(code) if code < 0 else code - 128)}"
        else:
            reason = f"exited with status {code}"
        last = self.stderr_tail[-1] if self.stderr_tail else ""
        return f"the process {reason}" + (f"; last stderr: {last}" if last else "")

    def _parse(self, answer: str, observation: Observation) -> Action:
        if self.game is None:
            raise AgentError("external agent used before on_game_start")
        try:
            return self.game.parse_action(answer, observation)
        except ParlourError as error:
            shown = answer if len(answer) <= 80 else answer[:77] + "..."
            raise AgentGarbage(f"answer {shown!r} is not an action: {error}") from None

    def close(self) -> None:
        """End the child: close its input, give it a moment to exit, then kill it and every
        process it started."""
        if self._closed:
            return
        self._closed = True
        self._outbox.put(None)
        process = self._process
        if process is None:
            return
        _await_exit(process, 0.5)
        self._end_process()
        process.wait(timeout=5.0)
        for thread, stream in self._readers:  # the pipes, once their threads are done
            thread.join(timeout=1.0)
            if not thread.is_alive():
                with contextlib.suppress(OSError):
                    stream.close()
        if self._stderr_count > self.limits.stderr_lines:
            log.warning("seat %d (%s): %d more stderr line(s) not shown", self.seat, self.name,
                        self._stderr_count - self.limits.stderr_lines)

    def _output_closed(self) -> bool:
        launched = self._launched
        return launched is not None and launched.output_closed()

    def _end_process(self) -> None:
        """Kill the bot and every process it started (its sandbox, its cgroup)."""
        launched = self._launched
        if launched is not None:
            launched.end(self._processes)

    def __del__(self) -> None:
        if not getattr(self, "_closed", True):
            self.close()


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return str(number)


def _await_exit(process: subprocess.Popen[bytes], seconds: float) -> None:
    """Wait up to `seconds` for `process` to exit, without reaping it where that is possible
    (its number must stay its own until its descendants are found)."""
    if process.returncode is not None:
        return
    if HAS_PROC:
        try:
            pidfd = os.pidfd_open(process.pid)
        except (AttributeError, OSError):
            pass
        else:
            try:
                select.select([pidfd], [], [], seconds)
            finally:
                os.close(pidfd)
            return
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(timeout=seconds)


def _exit_status(process: subprocess.Popen[bytes], seconds: float) -> int | None:
    """`process`'s exit status (negative: the signal) once it has exited, waiting up to
    `seconds`; None if it is still running. Not reaped where that is possible."""
    if process.returncode is not None:
        return process.returncode
    _await_exit(process, seconds)
    if HAS_PROC:
        try:
            info = os.waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
        except ChildProcessError:
            return process.poll()
        if info is None:
            return None
        return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status
    return process.poll()


def _read_answer(line: str) -> tuple[str, int | None]:
    """The action text of an answer line and its request id, if it gave one."""
    if line.startswith(("{", '"')):
        try:
            data = json.loads(line)
        except json.JSONDecodeError:
            raise AgentGarbage(f"answer {line[:80]!r} is not valid JSON") from None
        except RecursionError:
            raise AgentGarbage(f"answer {line[:40]!r}... is nested too deeply") from None
        if isinstance(data, str):
            return data, None
        if isinstance(data, dict) and isinstance(data.get("action"), str):
            answer_id = data.get("id")
            return data["action"], answer_id if isinstance(answer_id, int) else None
        raise AgentGarbage(f"answer {line[:80]!r} has no \"action\" text")
    return line, None


def exec_agent(command: str, game: Game[Any] | None = None, seat: int = 0,
               rng: Any = None, limits: ProcessLimits | None = None) -> ExternalAgent:
    """The ``exec:`` scheme: run `command` as a JSON-lines bot."""
    return ExternalAgent(command, game=game, seat=seat, limits=limits)
