"""What a sandboxed bot sees: its filesystem, its environment, and bubblewrap's options for them.

`plan` resolves a bot's command as it runs outside (the program on PATH, through pyenv's shims;
arguments naming files as absolute paths) and lists the folders it needs read-only: the
program's installation (a virtual environment and the Python it was made from, or the parent of
its ``bin`` folder) and the bot's own folder. `bwrap_args` turns a plan into bubblewrap's
options: the system's directories and a short list of /etc read-only, fresh size-capped tmpfs
at /tmp and $HOME, the plan's folders (leaving out hidden paths such as a tournament's output
even inside them), the state folder if the bot keeps one, a read-only root, and the reduced
environment. `parlour.agents.sandbox` starts the bot with them.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from parlour.core import AgentError

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
PYENV_SECONDS = 10.0
"""How long pyenv may take to say which interpreter a shim runs."""
NAMESPACES = ("--unshare-all", "--as-pid-1", "--die-with-parent", "--new-session",
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


def system_args() -> list[str]:
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
                              cwd=cwd, timeout=PYENV_SECONDS,
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
    args = [*NAMESPACES, *system_args()]
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
