"""The README's command lines run as written (issue 28, point 1).

Each line of the README's command-line block is run in order, in a fresh folder that holds
the repository's `examples/`, with `parlour` as ``python -m parlour``: what one line writes
(``game.json``, ``runs/h``) the next one reads. The person at the Skat table types ``exit``;
the web server is asked for its home page and stopped with Ctrl-C. The slow lines (the
benchmark, the tournament and its report, training) run in the slow pass.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SLOW = ("parlour bench", "parlour tournament", "parlour report", "parlour train")


def readme_lines() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## The command line", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    return [line for line in block.splitlines() if line.strip()]


def words(line: str) -> list[str]:
    """The line's arguments after `parlour`, its comment dropped."""
    parts = shlex.split(line, comments=True)
    assert parts[0] == "parlour", line
    return parts[1:]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    return tmp_path


def environment() -> dict[str, str]:
    return {**os.environ, "COLUMNS": "80", "PYTHONUNBUFFERED": "1"}


def run_line(line: str, folder: Path) -> str:
    """Run one README line; return its output. It must exit 0 without a traceback."""
    args = [sys.executable, "-m", "parlour", *words(line)]
    if "human" in line:
        return _sit_down_and_leave(args, folder)
    if "serve" in words(line):  # `parlour serve`, and any other server the README starts
        return _serve(args, folder)
    done = subprocess.run(args, cwd=folder, capture_output=True, text=True, timeout=900,
                          env=environment(), stdin=subprocess.DEVNULL)
    output = done.stdout + done.stderr
    assert done.returncode == 0, f"{line}\n{output}"
    assert "Traceback" not in output, f"{line}\n{output}"
    return output


def _sit_down_and_leave(args: list[str], folder: Path) -> str:
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(args[0], args[1:], cwd=str(folder), env=environment(),
                          encoding="utf-8", timeout=120, dimensions=(40, 80))
    child.expect(r"> ")
    child.sendline("exit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    return str(child.before)


def _serve(args: list[str], folder: Path) -> str:
    """Start the server; fetch the page its first line names if it listens, else the port was
    busy and it must say so. Ctrl-C stops it."""
    server = subprocess.Popen(args, cwd=folder, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True, env=environment())
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        if "cannot listen on" in first:  # another server has the port: said, status 2
            server.wait(timeout=60)
            assert server.returncode == 2
            return first
        address = re.search(r"http://[^\s]+/", first)
        assert address, first
        page = ""
        for _ in range(120):
            try:
                with urllib.request.urlopen(address.group(0), timeout=5) as answer:
                    page = answer.read().decode()
                break
            except OSError:
                time.sleep(0.5)
        assert "<html" in page.lower()
        return first + page
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(timeout=60)


def test_the_readme_block_is_found_and_every_line_runs_parlour() -> None:
    lines = readme_lines()
    assert len(lines) >= 12 and all(line.startswith("parlour ") for line in lines)
    assert any("game.json" in line and "render" in line for line in lines)


def test_the_quick_readme_lines_run_as_written(folder: Path) -> None:
    outputs = {}
    for line in readme_lines():
        if not line.startswith(SLOW):
            outputs[line] = run_line(line, folder)
    assert (folder / "game.json").is_file()
    render = next(line for line in outputs if line.startswith("parlour render"))
    picture = folder / next(w for w in words(render) if w.endswith(".png"))
    assert picture.read_bytes()[:4] == b"\x89PNG"
    territory = next(line for line in outputs if "territory" in line)
    assert re.search(r"place .* squares", outputs[territory], re.DOTALL)


@pytest.mark.slow
def test_the_slow_readme_lines_run_as_written(folder: Path) -> None:
    for line in readme_lines():
        if line.startswith(SLOW):
            run_line(line, folder)
    assert (folder / "runs" / "h" / "summary.json").is_file()
    assert (folder / "runs" / "sk" / "policy.npz").is_file()
