"""The engine path: one place that says which path is active, PARLOUR_PURE, the build fallback."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from parlour import engine

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str, **env: str) -> str:
    environ = {k: v for k, v in os.environ.items() if k != engine.PURE_ENV} | env
    done = subprocess.run([sys.executable, "-c", code], env=environ, capture_output=True,
                          text=True, check=True)
    return done.stdout.strip()


def test_parlour_pure_forces_the_pure_path_in_a_new_process() -> None:
    code = ("from parlour import engine; from parlour.games.skat import rules; "
            "print(engine.engine_path(), rules._KERNEL is None)")
    assert _run(code, PARLOUR_PURE="1") == "pure True"
    assert _run(code, PARLOUR_PURE="0").split()[0] in ("compiled", "pure")


def test_a_missing_kernel_falls_back_and_names_it() -> None:
    code = ("import sys; sys.modules['parlour.games.skat._kernel'] = None; "
            "from parlour import engine; import parlour; "
            "state = parlour.load_game('skat').new_state(seed=1); "
            "print(engine.engine_path()); print(engine.engine_description())")
    path, description = _run(code).splitlines()
    assert path == "pure"
    assert "not built: parlour.games.skat._kernel" in description


def test_the_engine_module_warns_once_when_not_built() -> None:
    code = ("import sys; sys.modules['parlour.games.skat._kernel'] = None; "
            "from parlour import engine; engine.main()")
    out = _run(code)
    assert out.count("warning:") == 1 and "pure Python" in out


@pytest.mark.slow
def test_a_build_without_a_compiler_succeeds_with_one_warning(tmp_path: Path) -> None:
    pytest.importorskip("Cython")
    for name in ("setup.py", "src/parlour/cards/_kernel.pyx", "src/parlour/cards/_kernel.pxd",
                 "src/parlour/cards/_step.pxd", "src/parlour/cards/_twister.pxd",
                 "src/parlour/games/hearts/_kernel.pyx", "src/parlour/games/spades/_kernel.pyx",
                 "src/parlour/games/hearts/_step.pyx", "src/parlour/games/spades/_step.pyx",
                 "src/parlour/games/skat/_kernel.pyx", "src/parlour/games/skat/_kernel.pxd",
                 "src/parlour/games/territory/_kernel.pyx",
                 "src/parlour/agents/search/_ismcts.pyx",
                 "src/parlour/games/hearts/_heuristic.pyx",
                 "src/parlour/games/hearts/_heuristic.pxd", "src/parlour/cards/_policy.pxd",
                 "src/parlour/games/spades/_heuristic.pyx",
                 "src/parlour/games/spades/_heuristic.pxd",
                 "src/parlour/games/skat/_heuristic.pyx",
                 "src/parlour/cards/_rows.pxd", "src/parlour/games/hearts/_rows.pyx",
                 "src/parlour/games/spades/_rows.pyx", "src/parlour/rl/_lockstep.pyx",
                 # the packages, so that Cython finds the .pxd a kernel cimports
                 "src/parlour/__init__.py", "src/parlour/cards/__init__.py",
                 "src/parlour/games/__init__.py", "src/parlour/games/hearts/__init__.py",
                 "src/parlour/games/spades/__init__.py", "src/parlour/games/skat/__init__.py",
                 "src/parlour/agents/__init__.py", "src/parlour/agents/search/__init__.py",
                 "src/parlour/rl/__init__.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--build-lib", "out"], cwd=tmp_path,
        env=os.environ | {"CC": "false"}, capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("warning: parlour's compiled kernels were not built") == 1
    assert not list(tmp_path.rglob("*.so"))
