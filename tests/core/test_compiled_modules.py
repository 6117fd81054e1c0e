"""The one manifest of compiled modules, everything derived from it, and the staleness guard."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

import pytest

from parlour import compiled_modules, compiled_switch
from parlour.compiled_modules import MODULES, CompiledModule, declarations, stale_sources

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src"


def _sources() -> set[Path]:
    """Every source the compiled modules are built from: ``.pyx`` and the ``.pxd`` they read."""
    found: set[Path] = set()
    for module in MODULES:
        found |= {module.source(SRC), *declarations(module.source(SRC), SRC)}
    return found


def test_every_pyx_in_the_tree_is_in_the_manifest_and_back() -> None:
    in_tree = set((SRC / "parlour").rglob("*.pyx"))
    assert {module.source(SRC) for module in MODULES} == in_tree


def test_every_pxd_in_the_tree_is_read_by_some_module() -> None:
    assert set((SRC / "parlour").rglob("*.pxd")) <= _sources()


def test_the_engine_loads_exactly_the_manifest() -> None:
    assert tuple(module.name for module in MODULES) == compiled_switch.MODULE_NAMES


def test_setup_py_builds_exactly_the_manifest() -> None:
    text = (ROOT / "setup.py").read_text(encoding="utf-8")
    assert "_manifest().MODULES" in text
    assert ".pyx" not in text.replace("`.pyx`", "")  # no module named by hand


def test_package_data_ships_every_source() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["parlour"]
    shipped = {path for pattern in patterns for path in (SRC / "parlour").glob(pattern)}
    assert _sources() <= shipped, sorted(map(str, _sources() - shipped))


def test_gitignore_covers_every_build_product() -> None:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    products = []
    for module in MODULES:
        source = module.source(SRC).relative_to(ROOT)
        products += [source.with_suffix(".c"), source.with_suffix(".html"),
                     source.with_suffix(".cpython-311-x86_64-linux-gnu.so"),
                     source.with_suffix(".cp312-win_amd64.pyd")]
    done = subprocess.run(["git", "check-ignore", "--no-index", *map(str, products)], cwd=ROOT,
                          capture_output=True, text=True, check=False)
    assert set(done.stdout.split()) == set(map(str, products))


def test_clean_deletes_every_build_product_and_no_source(tmp_path: Path) -> None:
    made = []
    for module in MODULES:
        source = module.source(tmp_path)
        source.parent.mkdir(parents=True, exist_ok=True)
        source.write_text("# source\n", encoding="utf-8")
        for suffix in (".c", ".cpython-311-x86_64-linux-gnu.so", ".cpython-312-darwin.so"):
            made.append(source.with_suffix(suffix))
            made[-1].write_text("", encoding="utf-8")
    assert sorted(compiled_modules.clean(tmp_path)) == sorted(made)
    assert not any(path.exists() for path in made)
    assert all(module.source(tmp_path).exists() for module in MODULES)


def test_clean_deletes_the_builds_of_a_modules_former_names(tmp_path: Path) -> None:
    """A developer's tree still holds `_kernel` builds from before the modules were renamed."""
    renamed = [module for module in MODULES if module.former]
    assert {module.name.rsplit(".", 1)[1] for module in renamed} == {
        "_trick_play", "_deals", "_deals_and_step", "_zombies"}
    made = []
    for module in renamed:
        module.source(tmp_path).parent.mkdir(parents=True, exist_ok=True)
        for old in module.former_sources(tmp_path):
            old.write_text("# the old source, still in an unclean tree\n", encoding="utf-8")
            made += [old.with_suffix(".c"), old.with_suffix(".cpython-311-x86_64-linux-gnu.so")]
            for path in made[-2:]:
                path.write_text("", encoding="utf-8")
    assert sorted(compiled_modules.clean(tmp_path)) == sorted(made)
    assert all(old.exists() for module in renamed for old in module.former_sources(tmp_path))


def test_a_build_left_under_a_former_name_is_harmless(tmp_path: Path) -> None:
    """The attack itself: a copy of parlour holding an old, stale `cards/_kernel` build (as a
    tree that was not cleaned does) still imports every game on the compiled path, loads no
    `_kernel` module and refuses nothing."""
    if not compiled_switch.compiled():
        pytest.skip("the compiled modules are not built")
    shutil.copytree(SRC / "parlour", tmp_path / "src" / "parlour",
                    ignore=shutil.ignore_patterns("*.c", "__pycache__", "learned"))
    module = compiled_modules.module_named("parlour.cards._trick_play")
    built = next(module.source(tmp_path / "src").parent.glob("_trick_play.*.so"))
    old = built.with_name(built.name.replace("_trick_play", module.former[0]))
    shutil.copy(built, old)
    past = time.time() - 10_000
    os.utime(old, (past, past))
    env = {k: v for k, v in os.environ.items() if k != compiled_switch.PURE_ENV}
    code = ("import sys, parlour; assert parlour.__file__.startswith(sys.argv[1]); "
            "from parlour import compiled_switch; import parlour.agents.search.ismcts_gate; "
            "from parlour.games import hearts, spades, skat, territory; "
            "print(compiled_switch.engine_path(), "
            "sorted(name for name in sys.modules if name.endswith('._kernel')))")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], cwd=tmp_path,
                          env=env | {"PYTHONPATH": str(tmp_path / "src")}, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "compiled []"


def test_make_clean_runs_the_manifests_clean() -> None:
    if shutil.which("make") is None:
        pytest.skip("no make")
    done = subprocess.run(["make", "-n", "clean"], cwd=ROOT, capture_output=True, text=True,
                          check=True)
    assert "src/parlour/compiled_modules.py clean" in done.stdout


def test_the_manifest_script_refuses_an_unknown_command() -> None:
    done = subprocess.run([sys.executable, str(SRC / "parlour" / "compiled_modules.py"), "build"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert done.stderr.startswith("usage:") and "hint:" in done.stderr


def _tree(root: Path) -> tuple[CompiledModule, Path]:
    """A module whose .pyx cimports a .pxd that cimports another, and its build, all dated."""
    module = CompiledModule("parlour.games.demo._deals", "a test module")
    source = module.source(root)
    (root / "parlour" / "cards").mkdir(parents=True)
    source.parent.mkdir(parents=True)
    source.write_text("from parlour.cards._a cimport f\n", encoding="utf-8")
    (root / "parlour/cards/_a.pxd").write_text("from parlour.cards._b cimport g\n")
    (root / "parlour/cards/_b.pxd").write_text("cdef int g()\n")
    (root / "parlour/cards/_unused.pxd").write_text("cdef int h()\n")
    built = source.with_suffix(".cpython-311-x86_64-linux-gnu.so")
    built.write_text("", encoding="utf-8")
    past = time.time() - 100
    for path in root.rglob("*.p*"):
        os.utime(path, (past, past))
    return module, built


def test_a_current_build_is_not_stale(tmp_path: Path) -> None:
    module, built = _tree(tmp_path)
    os.utime(built)  # built after its sources
    assert stale_sources(module, built, tmp_path) == []


@pytest.mark.parametrize("edited", ["games/demo/_deals.pyx", "cards/_a.pxd", "cards/_b.pxd"])
def test_a_build_older_than_a_source_it_reads_is_stale(tmp_path: Path, edited: str) -> None:
    module, built = _tree(tmp_path)
    os.utime(built)
    os.utime(tmp_path / "parlour" / edited, (time.time() + 10, time.time() + 10))
    assert stale_sources(module, built, tmp_path) == [tmp_path / "parlour" / edited]


def test_a_pxd_the_module_does_not_read_leaves_it_current(tmp_path: Path) -> None:
    module, built = _tree(tmp_path)
    os.utime(built)
    os.utime(tmp_path / "parlour/cards/_unused.pxd", (time.time() + 10, time.time() + 10))
    assert stale_sources(module, built, tmp_path) == []


def test_an_edited_pyx_not_rebuilt_is_refused_in_one_line(tmp_path: Path) -> None:
    """The attack itself: a copy of parlour whose Hearts step source is newer than its build."""
    name = "parlour.games.hearts._step"
    if name not in compiled_switch.built():
        pytest.skip("the compiled modules are not built")
    shutil.copytree(SRC / "parlour", tmp_path / "src" / "parlour",
                    ignore=shutil.ignore_patterns("*.c", "__pycache__", "learned"))
    shutil.copy(ROOT / "setup.py", tmp_path)
    edited = compiled_modules.module_named(name).source(tmp_path / "src")
    later = time.time() + 60
    os.utime(edited, (later, later))
    env = {k: v for k, v in os.environ.items() if k != compiled_switch.PURE_ENV}
    code = ("import parlour, sys; assert parlour.__file__.startswith(sys.argv[1]), "
            "parlour.__file__; from parlour.games.hearts import rules")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], cwd=tmp_path,
                          env=env | {"PYTHONPATH": str(tmp_path / "src")}, capture_output=True,
                          text=True, check=False)
    assert done.returncode != 0
    last = done.stderr.strip().splitlines()[-1]
    assert last == ("parlour.compiled_switch.StaleBuild: src/parlour/games/hearts/_step.pyx is "
                    "newer than its build _step.cpython-311-x86_64-linux-gnu.so: rebuild with "
                    "`python setup.py build_ext --inplace`, or set PARLOUR_PURE=1 to run "
                    "without the compiled modules")
    done = subprocess.run([sys.executable, "-m", "parlour.compiled_switch"], cwd=tmp_path,
                          env=env | {"PYTHONPATH": str(tmp_path / "src")}, capture_output=True,
                          text=True, check=False)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == f"error: {last.split(': ', 1)[1]}\n"
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], cwd=tmp_path,
                          env=env | {"PYTHONPATH": str(tmp_path / "src"),
                                     compiled_switch.PURE_ENV: "1"},
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr  # the pure path needs no build
