"""The engine path: one place that says which path is active, PARLOUR_PURE, the build fallback."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from parlour import compiled_switch
from parlour.compiled_modules import MODULES, declarations

ROOT = Path(__file__).resolve().parents[2]


def _run(code: str, **env: str) -> str:
    environ = {k: v for k, v in os.environ.items() if k != compiled_switch.PURE_ENV} | env
    done = subprocess.run([sys.executable, "-c", code], env=environ, capture_output=True,
                          text=True, check=True)
    return done.stdout.strip()


def test_parlour_pure_forces_the_pure_path_in_a_new_process() -> None:
    code = ("from parlour import compiled_switch; from parlour.games.skat import rules; "
            "print(compiled_switch.engine_path(), rules._DEALS_AND_STEP is None)")
    assert _run(code, PARLOUR_PURE="1") == "pure True"
    assert _run(code, PARLOUR_PURE="0").split()[0] in ("compiled", "pure")


def test_a_missing_compiled_module_falls_back_and_names_it() -> None:
    code = ("import sys; sys.modules['parlour.games.skat._deals_and_step'] = None; "
            "from parlour import compiled_switch; import parlour; "
            "state = parlour.load_game('skat').new_state(seed=1); "
            "print(compiled_switch.engine_path()); print(compiled_switch.engine_description())")
    path, description = _run(code).splitlines()
    assert path == "pure"
    assert "not built: parlour.games.skat._deals_and_step" in description


def test_the_engine_module_warns_once_when_not_built() -> None:
    code = ("import sys; sys.modules['parlour.games.skat._deals_and_step'] = None; "
            "from parlour import compiled_switch; compiled_switch.main()")
    out = _run(code)
    assert out.count("warning:") == 1 and "pure Python" in out


@pytest.mark.slow
def test_a_build_without_a_compiler_succeeds_with_one_warning(tmp_path: Path) -> None:
    pytest.importorskip("Cython")
    sources = {module.source(ROOT / "src") for module in MODULES}
    sources |= {pxd for pyx in set(sources) for pxd in declarations(pyx, ROOT / "src")}
    # the packages too, so that Cython finds the .pxd a module cimports
    sources |= {folder / "__init__.py" for source in sources for folder in source.parents
                if (folder / "__init__.py").exists()}
    for path in {ROOT / "setup.py", ROOT / "src/parlour/compiled_modules.py", *sources}:
        name = path.relative_to(ROOT)
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, tmp_path / name)
    done = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_ext", "--build-lib", "out"], cwd=tmp_path,
        env=os.environ | {"CC": "false"}, capture_output=True, text=True,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr.count("warning: parlour's compiled modules were not built") == 1
    assert not list(tmp_path.rglob("*.so"))
