"""Starting an untrusted bot's process in a sandbox: bubblewrap, a cgroup and rlimits.

`launch` starts every out-of-process bot (``exec:``, ``heartless:``, ``pyfile:``). With the
sandbox (``bwrap``, Debian's ``bubblewrap``) the bot gets:

- its own PID, mount, IPC, UTS and network namespaces, no capabilities, a new session, and it
  is PID 1 of its namespace: when it ends (or is killed, or parlour dies: ``--die-with-parent``)
  the kernel kills every process it started, so none outlives the game;
- a filesystem of its own: the system's directories (``/usr`` and the merged ``/bin``, ``/lib``
  ...) and a short list of ``/etc`` files read-only, its program's installation and its own
  folder read-only, fresh size-capped tmpfs at ``/tmp`` and ``$HOME``, and nothing else: no
  other file of the user's home, no store, record, output folder or log (paths parlour names as
  hidden are left out even when they lie inside the bot's folder);
- a reduced environment (`ENVIRONMENT`, plus variables the user names);
- no network unless allowed; a cgroup for the memory and process count of its whole tree where
  one can be made (`parlour.agents.cgroups`), and rlimits (memory, CPU, file size) on every
  process.

The limits are applied before the bot's command runs: bwrap waits on a pipe (``--block-fd``)
until parlour has moved it into its cgroup and set its rlimits. bwrap's own options go through
a pipe (``--args``), so nothing in the sandbox shows parlour's command line or environment.

Without bwrap (``--sandbox off``, or ``auto`` where it cannot run) the bot starts as before: its
own session, rlimits, and the reaper (`parlour.agents.reaper`) for the processes it leaves.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import logging
import os
import re
import select
import shutil
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Protocol

from parlour.agents.cgroups import TreeCgroup
from parlour.agents.limits import limit_process, pre_exec
from parlour.agents.reaper import BotProcesses
from parlour.core import AgentError

log = logging.getLogger("parlour.agents.sandbox")

MODES = ("auto", "on", "off")
HOME = "/home/bot"
STATE = "/state"
PATH = "/usr/local/bin:/usr/bin:/bin"
ENVIRONMENT = {"PATH": PATH, "HOME": HOME, "TMPDIR": "/tmp", "LANG": "C.UTF-8", "USER": "bot",
               "LOGNAME": "bot", "PARLOUR_SANDBOX": "1"}
"""The whole environment of a sandboxed bot (plus ``PARLOUR_STATE`` when it keeps state, and
the variables the user passes by name)."""
SYSTEM = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")
"""System directories bound read-only (a symbolic link, as on merged-/usr systems, is
recreated)."""
ETC = ("alternatives", "ld.so.cache", "ld.so.conf", "ld.so.conf.d", "localtime", "passwd",
       "group", "nsswitch.conf", "mime.types", "os-release", "ssl", "ca-certificates",
       "python3", "python3.11", "python3.12", "python3.13")
"""The files of /etc a bot sees (read-only); with network also resolv.conf, hosts, gai.conf."""
NETWORK_ETC = ("resolv.conf", "hosts", "gai.conf")
MAX_ENTRIES = 2000
"""Most entries of a bot's folder bound one by one (when a hidden path lies inside it)."""
START_SECONDS = 10.0
_NAMESPACES = ("--unshare-all", "--as-pid-1", "--die-with-parent", "--new-session",
               "--cap-drop", "ALL", "--hostname", "parlour-bot")


class SandboxLimits(Protocol):
    """What `launch` needs from `ProcessLimits`."""

    @property
    def cpu_seconds(self) -> int: ...
    @property
    def memory_mb(self) -> int: ...
    @property
    def file_mb(self) -> int: ...
    @property
    def tmp_mb(self) -> int: ...
    @property
    def max_processes(self) -> int: ...
    @property
    def sandbox(self) -> str: ...
    @property
    def network(self) -> bool: ...
    @property
    def state_dir(self) -> str | None: ...
    @property
    def hidden(self) -> tuple[str, ...]: ...
    @property
    def pass_env(self) -> tuple[str, ...]: ...


@functools.cache
def problem() -> str | None:
    """Why the sandbox cannot run on this machine, or None when it can (checked once)."""
    bwrap = shutil.which("bwrap")
    if bwrap is None:
        return "bubblewrap (bwrap) is not installed (Debian: apt-get install bubblewrap)"
    true = shutil.which("true") or "/bin/true"
    argv = [bwrap, *_NAMESPACES, *_system_args(), "--proc", "/proc", "--dev", "/dev",
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


# --- the filesystem -------------------------------------------------------------------------
def _system_args() -> list[str]:
    args: list[str] = []
    for path in SYSTEM:
        if os.path.islink(path):
            args += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            args += ["--ro-bind", path, path]
    return args


def _is_system(path: Path) -> bool:
    text = str(path)
    return any(text == d or text.startswith(d + "/") for d in (*SYSTEM, "/etc"))


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


@dataclass
class Plan:
    """What a sandboxed command sees: `argv` to run inside, read-only `binds`, and where it
    starts (`chdir`)."""

    argv: list[str]
    binds: list[str] = field(default_factory=list)
    chdir: str = HOME
    environment: dict[str, str] = field(default_factory=dict)
    """Variables set for this command besides `ENVIRONMENT`."""

    def bind(self, folder: Path) -> None:
        text = str(folder)
        if not _is_system(folder) and text not in self.binds:
            self.binds.append(text)


def _pyenv_target(program: Path, name: str, cwd: str) -> Path | None:
    """The real program behind a pyenv shim (`pyenv which NAME`), or None if `program` is
    not a shim."""
    root = program.parent.parent
    if program.parent.name != "shims" or not (root / "versions").is_dir():
        return None
    return _pyenv_which(root, name, cwd)


@functools.lru_cache(maxsize=64)
def _pyenv_which(root: Path, name: str, cwd: str) -> Path:
    """Ask pyenv (once per folder: its answer depends on ``.python-version`` files there)."""
    pyenv = next((p for p in (root / "bin" / "pyenv", root / "libexec" / "pyenv")
                  if p.is_file()), None)
    if pyenv is None:
        raise AgentError(f"{name!r} is a pyenv shim, but {str(root)!r} has no pyenv to ask")
    try:
        done = subprocess.run([str(pyenv), "which", name], capture_output=True, text=True,
                              cwd=cwd, timeout=START_SECONDS,
                              env={**os.environ, "PYENV_ROOT": str(root)})
    except (OSError, subprocess.TimeoutExpired) as error:
        raise AgentError(f"cannot ask pyenv which {name!r} runs: {error}") from None
    found = done.stdout.strip()
    if done.returncode != 0 or not found:
        last = (done.stderr.strip().splitlines() or ["no answer"])[-1]
        raise AgentError(f"pyenv cannot find {name!r}: {last}")
    return Path(found)


def installation(program: Path) -> list[Path]:
    """The folders a program outside the system directories needs (read-only): its virtual
    environment and the interpreter that one is made from, or its ``bin`` folder's parent
    (the installation prefix), or its own folder."""
    folders: list[Path] = []
    for path in dict.fromkeys((program, Path(os.path.realpath(program)))):
        if _is_system(path):
            continue
        venv = next((p for p in path.parents if (p / "pyvenv.cfg").is_file()), None)
        if venv is not None:
            folders.append(venv)
            home = _venv_home(venv / "pyvenv.cfg")
            if home is not None and not _is_system(home):
                folders.append(home.parent if home.name == "bin" else home)
            continue
        folder = path.parent
        folders.append(folder.parent if folder.name == "bin" else folder)
    return folders


def _venv_home(config: Path) -> Path | None:
    with contextlib.suppress(OSError):
        for line in config.read_text().splitlines():
            key, _, value = line.partition("=")
            if key.strip() == "home" and value.strip():
                return Path(value.strip())
    return None


def _interpreter(script: Path) -> tuple[str, bool] | None:
    """The program named by `script`'s ``#!`` line, and whether it is looked up on PATH
    (``#!/usr/bin/env NAME``); None without one."""
    with contextlib.suppress(OSError):
        with script.open("rb") as file:
            first = file.readline(256)
        parts = first[2:].decode(errors="replace").split() if first.startswith(b"#!") else []
        if len(parts) == 2 and os.path.basename(parts[0]) == "env":
            return parts[1], True
        if parts:
            return parts[0], False
    return None


def plan(argv: list[str], cwd: str | None = None) -> Plan:
    """Resolve `argv` for the sandbox: the program as found on this PATH (through pyenv's
    shims), every argument naming an existing file as an absolute path, and the folders they
    need. A program that cannot be found is one `AgentError`."""
    here = cwd or os.getcwd()
    name = argv[0]
    given = Path(here, name) if "/" in name else None
    if given is not None:
        if not given.exists():
            raise AgentError(f"program {name!r} does not exist")
        program = Path(os.path.abspath(given))
    else:
        found = shutil.which(name)
        if found is None:
            raise AgentError(f"program {name!r} is not on PATH")
        program = Path(found)
    program = _pyenv_target(program, os.path.basename(name), here) or program
    out = Plan([str(program), *argv[1:]])
    for folder in installation(program):
        out.bind(folder)
    shebang = _interpreter(program) if given is not None else None
    if shebang is not None:  # the script's interpreter, found as it is outside
        inner, on_path = shebang
        found = shutil.which(inner) if on_path else inner
        if found and not _is_system(Path(found)):
            real = _pyenv_target(Path(found), os.path.basename(inner), here)
            if real is not None or on_path:
                out.argv = [str(real or found), *out.argv]
            for folder in installation(real or Path(found)):
                out.bind(folder)
    scripts: list[Path] = []
    for i, arg in enumerate(out.argv[1:], start=1):
        if arg.startswith("-") or not arg or len(arg) > 4096:
            continue
        path = Path(here, arg)
        if path.exists() and not _is_system(Path(os.path.abspath(path))):
            out.argv[i] = os.path.abspath(path)
            scripts.append(Path(out.argv[i]))
    homes = {str(Path.home()), "/"}
    for script in scripts:
        folder = script if script.is_dir() else script.parent
        if str(folder) not in homes:
            out.bind(folder)
        elif not script.is_dir():
            out.bind(script)  # never a whole home folder (or /): only the file itself
    first = scripts[0] if scripts else program if given is not None else None
    if first is not None:
        out.chdir = str(first if first.is_dir() else first.parent)
    return out


def _bind_args(folder: str, hidden: list[str]) -> list[str]:
    """Options binding `folder` read-only, leaving out every path in `hidden` inside it."""
    if any(_inside(folder, h) for h in hidden):
        return []
    inner = [h for h in hidden if _inside(h, folder)]
    if not inner or not os.path.isdir(folder):
        return ["--ro-bind", folder, folder]
    args = ["--size", "4096", "--tmpfs", folder]  # read-only once its entries are bound
    with os.scandir(folder) as entries:
        listed = list(entries)
    if len(listed) > MAX_ENTRIES:
        raise AgentError(f"the bot's folder {folder!r} holds parlour's output and "
                         f"{len(listed)} other entries: give the bot a folder of its own")
    for entry in listed:
        if entry.is_symlink():
            args += ["--symlink", os.readlink(entry.path), entry.path]
        else:
            args += _bind_args(entry.path, inner)
    return [*args, "--remount-ro", folder]


def bwrap_args(out: Plan, limits: SandboxLimits, state: str | None) -> list[str]:
    """bubblewrap's options for plan `out` (everything before ``--``)."""
    hidden = [os.path.realpath(h) for h in limits.hidden]
    args = [*_NAMESPACES, *_system_args()]
    names = ETC + (NETWORK_ETC if limits.network else ())
    for name in names:
        args += ["--ro-bind-try", f"/etc/{name}", f"/etc/{name}"]
    if limits.network:
        args.append("--share-net")
    args += ["--proc", "/proc", "--dev", "/dev"]
    size = str(max(1, limits.tmp_mb) << 20)
    args += ["--size", size, "--tmpfs", "/tmp", "--size", size, "--tmpfs", HOME]
    for folder in out.binds:
        args += _bind_args(os.path.realpath(folder) if os.path.islink(folder) else folder,
                           hidden)
    if state is not None:
        args += ["--bind", state, STATE]
    args += ["--remount-ro", "/"]  # the sandbox's root: only /tmp, $HOME (and state) are writable
    args += ["--chdir", out.chdir if os.path.isdir(out.chdir) else HOME, "--clearenv"]
    environment = {**ENVIRONMENT, **out.environment}
    if state is not None:
        environment["PARLOUR_STATE"] = STATE
    for name in limits.pass_env:
        if name in os.environ:
            environment[name] = os.environ[name]
    for key, value in environment.items():
        args += ["--setenv", key, value]
    return args


def state_folder(limits: SandboxLimits, name: str) -> str | None:
    """The folder bot `name` keeps between games (created), or None when it keeps nothing."""
    if limits.state_dir is None:
        return None
    slug = re.sub(r"[^A-Za-z0-9._-]+", "_", name)[:40].strip("_")
    digest = hashlib.sha256(name.encode()).hexdigest()[:10]
    folder = Path(limits.state_dir, f"{slug}-{digest}")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise AgentError(f"cannot make the state folder {str(folder)!r} of {name!r}: "
                         f"{error.strerror or error}") from None
    return str(folder)


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
