"""Which engine path is active: the compiled kernels (Cython) or pure Python.

The Python rule classes are the reference and the fallback. Where a game has a compiled
kernel (`parlour.games.skat._kernel`, `parlour.games.territory._kernel`), it is used when it
was built (``pip install -e .`` builds it with the machine's C compiler) and the environment
variable ``PARLOUR_PURE`` is not set to a true value. Both paths give the same games, records
and results for the same seed.

>>> engine_path() in ("compiled", "pure")
True
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

PURE_ENV = "PARLOUR_PURE"
"""Set to 1 (or true, yes, on) to force the pure-Python path."""

KERNELS = (
    "parlour.cards._kernel",
    "parlour.games.hearts._kernel",
    "parlour.games.hearts._step",
    "parlour.games.skat._kernel",
    "parlour.games.spades._kernel",
    "parlour.games.spades._step",
    "parlour.games.hearts._heuristic",
    "parlour.games.territory._kernel",
    "parlour.agents.search._ismcts",
    "parlour.games.spades._heuristic",
    "parlour.games.skat._heuristic",
    "parlour.games.hearts._rows",
    "parlour.games.spades._rows",
    "parlour.rl._lockstep",
)
"""Every compiled kernel, by module name."""

_loaded: dict[str, ModuleType | None] = {}


def forced_pure() -> bool:
    """True if ``PARLOUR_PURE`` asks for the pure-Python path."""
    return os.environ.get(PURE_ENV, "").strip().lower() in ("1", "true", "yes", "on")


def kernel(name: str) -> ModuleType | None:
    """The compiled kernel module `name`, or None on the pure path (forced, or not built).

    Decided once per process: a game module asks at import time.
    """
    if name not in _loaded:
        module: ModuleType | None = None
        if not forced_pure():
            try:
                module = importlib.import_module(name)
            except ImportError:
                module = None
        _loaded[name] = module
    return _loaded[name]


def built() -> tuple[str, ...]:
    """The kernels that are built and importable (whatever ``PARLOUR_PURE`` says)."""
    found = []
    for name in KERNELS:
        try:
            importlib.import_module(name)
        except ImportError:
            continue
        found.append(name)
    return tuple(found)


def compiled() -> bool:
    """True if this process uses the compiled kernels."""
    return all(kernel(name) is not None for name in KERNELS)


def engine_path() -> str:
    """``compiled`` or ``pure``: the path this process's games run on."""
    return "compiled" if compiled() else "pure"


def engine_description() -> str:
    """One line for people: the active path and why (``parlour bench``, ``parlour --version``)."""
    if compiled():
        games = ", ".join(dict.fromkeys(name.split(".")[-2] for name in KERNELS))
        return f"engine: compiled (Cython kernels for {games})"
    if forced_pure():
        return f"engine: pure Python ({PURE_ENV} is set)"
    missing = [name for name in KERNELS if kernel(name) is None]
    return (f"engine: pure Python (not built: {', '.join(missing)}; "
            "reinstall with a C compiler: pip install -e .)")


def main() -> None:
    """Print the active path; warn once if the kernels are not built (``make`` runs this)."""
    line = engine_description()
    if not compiled() and not forced_pure():
        print(f"warning: parlour runs on pure Python, slower: {line.split('(', 1)[1][:-1]}")
    else:
        print(f"parlour {line}")


if __name__ == "__main__":
    main()
