"""Starting an untrusted bot's process in a sandbox: bubblewrap, a cgroup and rlimits.

`launch` starts every out-of-process bot (``exec:``, ``heartless:``, ``pyfile:``). With the
sandbox (``bwrap``, Debian's ``bubblewrap``) the bot gets:

- its own PID, mount, IPC, UTS and network namespaces, no capabilities, a new session, and it
  is PID 1 of its namespace: when it ends (or is killed, or parlour dies: ``--die-with-parent``)
  the Linux kernel kills every process it started, so none outlives the game;
- a filesystem of its own: the system's directories (``/usr`` and the merged ``/bin``, ``/lib``
  ...) and a short list of ``/etc`` files read-only, its program's installation and its own
  folder read-only, fresh size-capped tmpfs at ``/tmp`` and ``$HOME``, and nothing else: no
  other file of the user's home, no store, record, output folder or log (paths parlour names as
  hidden are left out even when they lie inside the bot's folder; `parlour.agents.sandbox_view`
  builds it);
- a reduced environment (`ENVIRONMENT`, plus variables the user names);
- no network unless allowed; a cgroup for the memory and process count of its whole tree where
  one can be made (`parlour.agents.cgroups`), and rlimits (memory, CPU, file size) on every
  process.

The limits are applied before the bot's command runs: bwrap waits on a pipe (``--block-fd``)
until parlour has moved it into its cgroup and set its rlimits. bwrap's own options go through
a memory file (``--args``) and bwrap gets no environment of parlour's, so nothing in the sandbox
shows parlour's command line or environment.

Without bwrap (``--sandbox off``, or ``auto`` where it cannot run) the bot starts as before: its
own session, rlimits, and the reaper (`parlour.agents.reaper`) for the processes it leaves.
"""

from __future__ import annotations

import contextlib
import functools
import json
import logging
import os
import select
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from parlour.agents.cgroups import TreeCgroup
from parlour.agents.limits import limit_process, pre_exec
from parlour.agents.reaper import BotProcesses
from parlour.agents.sandbox_view import (
    ENVIRONMENT,
    HOME,
    NAMESPACES,
    PATH,
    STATE,
    SandboxLimits,
    bwrap_args,
    plan,
    state_folder,
    system_args,
)
from parlour.core import AgentError

__all__ = ["ENVIRONMENT", "HOME", "MODES", "STATE", "Launched", "SandboxLimits", "launch",
           "plan", "problem", "use_sandbox"]

log = logging.getLogger("parlour.agents.sandbox")

MODES = ("auto", "on", "off")
START_SECONDS = 10.0


@functools.cache
def problem() -> str | None:
    """Why the sandbox cannot run on this machine, or None when it can (checked once)."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return "bubblewrap (bwrap) is not installed (Debian: apt-get install bubblewrap)"
    true = shutil.which("true") or "/bin/true"
    argv = [bwrap, *NAMESPACES, *system_args(), "--proc", "/proc", "--dev", "/dev",
            "--remount-ro", "/", "--", true]
    try:
        done = subprocess.run(argv, capture_output=True, timeout=START_SECONDS, env={},
                              stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired) as error:
        return f"bwrap cannot start: {error}"
    if done.returncode != 0:
        last = done.stderr.decode(errors="replace").strip().splitlines()
        return f"bwrap cannot make namespaces here: {last[-1] if last else done.returncode}"
    return None


_warned: set[str] = set()


def use_sandbox(mode: str, name: str) -> bool:
    """Whether to sandbox bot `name` under policy `mode`: ``on`` refuses to go without it;
    ``auto`` says once why it goes without."""
    if mode not in MODES:
        raise AgentError(f"sandbox policy {mode!r} is not one of {', '.join(MODES)}")
    if mode == "off":
        return False
    why = problem()
    if why is None:
        return True
    if mode == "on":
        raise AgentError(f"cannot start {name!r} without the sandbox (--sandbox on): {why}")
    if why not in _warned:
        _warned.add(why)
        log.warning("bots run without the sandbox: %s (--sandbox on refuses, --sandbox off "
                    "silences this)", why)
    return False


# --- starting -------------------------------------------------------------------------------
@dataclass
class Launched:
    """A started bot process and what must be undone at its end."""

    process: subprocess.Popen[bytes]
    cgroup: TreeCgroup | None = None
    sandboxed: bool = False
    bot: int = 0
    """The bot's own process (in the sandbox: its PID 1, as this namespace numbers it)."""

    def output_closed(self) -> bool:
        """True once the bot's own process has closed (or replaced) its stdout while it still
        runs. In the sandbox, bwrap keeps a copy of the pipe, so the closing is not an end of
        file and is seen here instead."""
        stdout = self.process.stdout
        if not self.bot or stdout is None or stdout.closed:
            return False
        try:
            pipe = f"pipe:[{os.fstat(stdout.fileno()).st_ino}]"
            return os.readlink(f"/proc/{self.bot}/fd/1") != pipe
        except FileNotFoundError:  # no fd 1: closed, if the process is still there
            return os.path.exists(f"/proc/{self.bot}/stat")
        except OSError:
            return False

    def end(self, processes: BotProcesses) -> None:
        """Kill the bot and everything it started; remove its cgroup."""
        processes.end()
        if self.cgroup is not None:
            self.cgroup.close()


def launch(argv: list[str], limits: SandboxLimits, processes: BotProcesses, name: str,
           stdin: int | IO[bytes] | None = subprocess.PIPE, cwd: str | None = None,
           python_path: str | None = None) -> Launched:
    """Start `argv` (a bot named `name`) with pipes for stdout and stderr, in the sandbox when
    the policy says so; an `AgentError` with one line if it cannot start. `python_path` holds
    the folders the bot imports from (``PYTHONPATH``; read-only in the sandbox)."""
    extra = {"PYTHONPATH": python_path} if python_path else {}
    if not use_sandbox(limits.sandbox, name):
        try:
            process = subprocess.Popen(
                argv, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd,
                start_new_session=True, preexec_fn=pre_exec(limits),
                env={**processes.environment(), **extra},
            )
        except OSError as error:
            raise AgentError(f"cannot start {name!r}: {error.strerror or error}") from None
        processes.started(process)
        limit_process(process.pid, limits)
        return Launched(process, bot=process.pid)
    try:
        out = plan(argv, cwd)
    except AgentError as error:
        raise AgentError(f"cannot start {name!r} in the sandbox: {error}") from None
    if python_path:
        for folder in python_path.split(os.pathsep):
            out.bind(Path(folder))
        out.environment.update(extra)
    options = bwrap_args(out, limits, state_folder(limits, name))
    return _start_bwrap(out.argv, options, limits, processes, name, stdin)


def _start_bwrap(argv: list[str], options: list[str], limits: SandboxLimits,
                 processes: BotProcesses, name: str,
                 stdin: int | IO[bytes] | None) -> Launched:
    args_fd = os.memfd_create("bwrap-args")
    info_read, info_write = os.pipe()
    block_read, block_write = os.pipe()
    os.write(args_fd, b"".join(a.encode() + b"\0" for a in options))
    os.lseek(args_fd, 0, os.SEEK_SET)
    bwrap = shutil.which("bwrap") or "bwrap"
    command = [bwrap, "--args", str(args_fd), "--info-fd", str(info_write),
               "--block-fd", str(block_read), "--", *argv]
    cgroup = TreeCgroup.create(limits.memory_mb, limits.max_processes)
    try:
        try:
            process = subprocess.Popen(
                command, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd="/",
                start_new_session=True, env={"PATH": PATH},
                pass_fds=(args_fd, info_write, block_read),
            )
        except OSError as error:
            raise AgentError(f"cannot start {name!r}: {error.strerror or error}") from None
        finally:
            for fd in (args_fd, info_write, block_read):
                os.close(fd)
        processes.started(process)
        launched = Launched(process, cgroup, sandboxed=True)
        try:
            child = _child_pid(info_read)
        except AgentError:
            launched.end(processes)
            raise
        if child is None:
            launched.end(processes)
            raise AgentError(f"cannot start {name!r} in the sandbox: {_last_error(process)}")
        launched.bot = child
        limit_process(child, limits)
        if cgroup is not None and not cgroup.add(child):
            log.warning("%s: could not move the bot into its cgroup", name)
        os.write(block_write, b"go")
        return launched
    except BaseException:
        if cgroup is not None:
            cgroup.close()
        raise
    finally:
        os.close(info_read)
        os.close(block_write)


def _child_pid(fd: int) -> int | None:
    """The sandbox's first process (as this namespace numbers it), from bwrap's info; None if
    bwrap ended first."""
    data = b""
    deadline = time.monotonic() + START_SECONDS
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0 or not select.select([fd], [], [], remaining)[0]:
            raise AgentError("bwrap did not start within "
                             f"{START_SECONDS:g}s (is the machine overloaded?)")
        chunk = os.read(fd, 4096)
        if not chunk:
            return None
        data += chunk
        with contextlib.suppress(ValueError):
            info: Any = json.loads(data)
            return int(info["child-pid"])


def _last_error(process: subprocess.Popen[bytes]) -> str:
    """bwrap's last line of stderr once it has ended (why it could not start)."""
    assert process.stderr is not None
    try:
        process.wait(timeout=START_SECONDS)
        text = process.stderr.read(1 << 16).decode(errors="replace")
    except (subprocess.TimeoutExpired, OSError, ValueError):
        return "bwrap failed"
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1].removeprefix("bwrap: ") if lines else f"bwrap exited with {process.returncode}"
