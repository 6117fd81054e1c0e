"""Which engine path is active: the compiled modules (Cython) or pure Python.

The Python rule classes are the reference and the fallback. Where a game has a compiled
module (`parlour.games.skat._deals_and_step`, `parlour.games.territory._zombies`), it is used
when it was built (``pip install -e .`` builds it with the machine's C compiler) and the environment
variable ``PARLOUR_PURE`` is not set to a true value. Both paths give the same games, records
and results for the same seed.

>>> engine_path() in ("compiled", "pure")
True
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

from parlour.compiled_modules import MODULES, PACKAGE_DIR, REBUILD, module_named, stale_sources
from parlour.core.errors import ParlourError

PURE_ENV = "PARLOUR_PURE"
"""Set to 1 (or true, yes, on) to force the pure-Python path."""

MODULE_NAMES = tuple(module.name for module in MODULES)
"""Every compiled module, by name (`parlour.compiled_modules` lists them)."""


class StaleBuild(ParlourError):
    """A compiled module older than one of its sources: it would run the old code."""


_loaded: dict[str, ModuleType | None] = {}


def forced_pure() -> bool:
    """True if ``PARLOUR_PURE`` asks for the pure-Python path."""
    return os.environ.get(PURE_ENV, "").strip().lower() in ("1", "true", "yes", "on")


def check_current(name: str) -> None:
    """Raise `StaleBuild` if the built module `name` is older than a source it was built from,
    naming the file and the command that rebuilds it; nothing if it is current or not built."""
    try:
        spec = importlib.util.find_spec(name)
    except ImportError:
        return
    if spec is None or spec.origin is None or not spec.origin.endswith((".so", ".pyd")):
        return
    stale = stale_sources(module_named(name), Path(spec.origin))
    if stale:
        raise StaleBuild(f"{_shown(stale[0])} is newer than its build {Path(spec.origin).name}: "
                         f"{_rebuild_hint()}, or set {PURE_ENV}=1 to run without the compiled "
                         "modules")


def _rebuild_hint() -> str:
    """How to rebuild: in place in a source tree (one with setup.py), else reinstall."""
    tree = PACKAGE_DIR.parent
    for folder in (tree, tree.parent):
        if (folder / "setup.py").exists():
            where = "" if folder == Path.cwd() else f" in {folder}"
            return f"rebuild with `{REBUILD}`{where}"
    return "reinstall parlour (pip install --force-reinstall parlour)"


def _shown(path: Path) -> str:
    """`path` relative to the working directory where it lies below it."""
    try:
        return str(path.relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def load(name: str) -> ModuleType | None:
    """The compiled module `name`, or None on the pure path (forced, or not built).

    Decided once per process: a game module asks at import time. A build older than its
    sources is refused (`StaleBuild`), never run.
    """
    if name not in _loaded:
        module: ModuleType | None = None
        if not forced_pure():
            check_current(name)
            try:
                module = importlib.import_module(name)
            except ImportError:
                module = None
        _loaded[name] = module
    return _loaded[name]


def built() -> tuple[str, ...]:
    """The compiled modules that are built and importable (whatever ``PARLOUR_PURE`` says)."""
    found = []
    for name in MODULE_NAMES:
        try:
            importlib.import_module(name)
        except ImportError:
            continue
        found.append(name)
    return tuple(found)


def compiled() -> bool:
    """True if this process uses the compiled modules."""
    return all(load(name) is not None for name in MODULE_NAMES)


def engine_path() -> str:
    """``compiled`` or ``pure``: the path this process's games run on."""
    return "compiled" if compiled() else "pure"


def engine_description() -> str:
    """One line for people: the active path and why (``parlour bench``, ``parlour --version``)."""
    try:
        active = compiled()
    except StaleBuild as error:
        return f"engine: stale build ({error})"
    if active:
        games = ", ".join(dict.fromkeys(name.split(".")[-2] for name in MODULE_NAMES))
        return f"engine: compiled (Cython modules for {games})"
    if forced_pure():
        return f"engine: pure Python ({PURE_ENV} is set)"
    missing = [name for name in MODULE_NAMES if load(name) is None]
    return (f"engine: pure Python (not built: {', '.join(missing)}; "
            "reinstall with a C compiler: pip install -e .)")


def main() -> None:
    """Print the active path; warn once if the modules are not built, exit 1 with one line if
    a build is stale (``make`` runs this)."""
    try:
        active = compiled()
    except StaleBuild as error:
        print(f"error: {error}", file=sys.stderr)
        sys.exit(1)
    line = engine_description()
    if not active and not forced_pure():
        print(f"warning: parlour runs on pure Python, slower: {line.split('(', 1)[1][:-1]}")
    else:
        print(f"parlour {line}")


if __name__ == "__main__":
    # run the imported module's main, so that its errors are the classes the modules raise
    from parlour.compiled_switch import main as run

    run()
