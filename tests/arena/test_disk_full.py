"""A tournament on a disk that fills up, for real (issue 23, part 4).

The tournament runs with its output on a small tmpfs (bubblewrap mounts one of 3 MB, most of
it taken by a filler file): it stops with one line saying that `--resume` continues once
space is freed; the filler is removed, `--resume` finishes, and the results are exactly those
of an uninterrupted run. Before the fix the full disk was called a damaged store, whose advice
was to run the whole tournament again.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.arena.helpers import results

BWRAP = shutil.which("bwrap")
ARGS = ["tournament", "hearts", "-p", "end_score=30", "--agents", "random,heuristic", "--seed",
        "5", "--deals", "100", "--workers", "2", "--no-progress", "--no-plots"]
SCRIPT = """
set -u
head -c 2500000 /dev/zero > "$SMALL/filler"
"$PYTHON" -m parlour {args} --out "$SMALL/t" > "$OUT/first.txt" 2>&1
echo $? > "$OUT/first.code"
rm "$SMALL/filler"
"$PYTHON" -m parlour tournament --resume --out "$SMALL/t" --no-progress --no-plots \\
    > "$OUT/second.txt" 2>&1
echo $? > "$OUT/second.code"
cp -r "$SMALL/t" "$OUT/t"
"""


def bwrap_works() -> bool:
    if BWRAP is None:
        return False
    probe = subprocess.run([BWRAP, "--dev-bind", "/", "/", "--tmpfs", "/mnt", "true"],
                           capture_output=True, timeout=30)
    return probe.returncode == 0


@pytest.mark.skipif(not bwrap_works(), reason="needs bubblewrap (Debian's bubblewrap package) "
                                              "able to mount a tmpfs")
def test_a_tournament_on_a_full_disk_stops_cleanly_and_resume_finishes(tmp_path: Path) -> None:
    whole = tmp_path / "whole"
    done = subprocess.run([sys.executable, "-m", "parlour", *ARGS, "--out", str(whole)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    small = tmp_path / "small"
    small.mkdir()
    assert BWRAP is not None
    script = SCRIPT.format(args=" ".join(ARGS))
    subprocess.run([BWRAP, "--dev-bind", "/", "/", "--size", "3000000", "--tmpfs", str(small),
                    "--setenv", "SMALL", str(small), "--setenv", "OUT", str(tmp_path),
                    "--setenv", "PYTHON", sys.executable, "sh", "-c", script],
                   check=True, timeout=600)
    first = " ".join((tmp_path / "first.txt").read_text().split())
    assert (tmp_path / "first.code").read_text().strip() == "2", first
    assert "no space left on the disk" in first and "every game stored so far is kept" in first
    assert "parlour tournament --resume --out" in first and "Traceback" not in first
    assert "damaged" not in first
    second = (tmp_path / "second.txt").read_text()
    assert (tmp_path / "second.code").read_text().strip() == "0", second
    assert results(tmp_path / "t") == results(whole)
