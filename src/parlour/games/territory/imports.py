"""Each player file's own import world, kept apart from every other file's.

A game17 player file imports as a script does: its folder comes first on the import path, so
``import helpers`` finds the ``helpers.py`` beside it, and ``game17`` is the package game17
players were written against. `PlayerImports` sets that up around the file's import and each
call into it, then puts everything back:

- ``game17`` (and ``game17.zombie``, ``game17.game17``) is the installed game17 package if
  there is one (looked for in site-packages only), else parlour's stand-ins
  (`compat.standin_game17`). Nothing else can shadow it: not a ``game17.py`` beside the file
  (game17's own ``T800.py`` sits next to one), not a folder named ``game17`` in the working
  directory;
- the modules imported from the file's folder are the file's own: they are taken out of
  ``sys.modules`` afterwards and put back for its next call, so two files with a
  ``helpers.py`` each get their own, whatever the order of the seats. Modules from anywhere
  else (the standard library, numpy) are shared as usual.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.machinery
import importlib.util
import site
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

from parlour.games.territory.compat import GAME17_MODULES, standin_game17


class PlayerImports:
    """The import world of the player files in one folder (see the module's docstring)."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = str(Path(folder).resolve())
        self.modules: dict[str, ModuleType] = {}
        """The modules this file imported from its folder, by name."""

    @contextlib.contextmanager
    def active(self) -> Iterator[None]:
        """Import and run the file inside: its folder first on the path, its own modules and
        game17 in ``sys.modules``; everything is put back afterwards."""
        saved_path = list(sys.path)
        own = {**game17_modules(), **self.modules}
        saved = {name: sys.modules.get(name) for name in own}
        before = set(sys.modules)
        sys.path.insert(0, self.folder)
        sys.modules.update(own)
        try:
            yield
        finally:
            sys.path[:] = saved_path
            for name in set(sys.modules) - before:
                if name not in own and _inside(sys.modules[name], self.folder):
                    self.modules[name] = sys.modules.pop(name)
            for name, module in saved.items():
                if name in self.modules and name in sys.modules:
                    self.modules[name] = sys.modules[name]  # reloaded or replaced by the file
                if module is None:
                    sys.modules.pop(name, None)
                else:
                    sys.modules[name] = module


def _inside(module: ModuleType, folder: str) -> bool:
    """True if `module` was loaded from a file in `folder` (or below it)."""
    origin = getattr(module, "__file__", None)
    if not origin:
        return False
    try:
        return Path(origin).resolve().is_relative_to(folder)
    except (OSError, ValueError):
        return False


@functools.cache
def game17_modules() -> dict[str, ModuleType]:
    """``game17`` and its helper modules: the installed package if any, else the stand-ins."""
    installed = _installed_game17()
    if installed is None:
        return standin_game17()
    modules = {"game17": installed}
    for name in GAME17_MODULES[1:]:
        with contextlib.suppress(ImportError):
            modules[name] = importlib.import_module(name)
    return modules


def _installed_game17() -> ModuleType | None:
    """The game17 package from site-packages (never from the working directory), or None."""
    if "game17" in sys.modules and _is_installed_copy(sys.modules["game17"]):
        return sys.modules["game17"]
    folders = [*site.getsitepackages(), site.getusersitepackages()]
    spec = importlib.machinery.PathFinder.find_spec("game17", folders)
    if spec is None or spec.loader is None or spec.submodule_search_locations is None:
        return None
    module = importlib.util.module_from_spec(spec)
    saved = sys.modules.get("game17")
    sys.modules["game17"] = module
    try:
        spec.loader.exec_module(module)
    except Exception:
        if saved is None:
            sys.modules.pop("game17", None)
        else:
            sys.modules["game17"] = saved
        return None
    return module


def _is_installed_copy(module: ModuleType) -> bool:
    origin = getattr(module, "__file__", None) or ""
    return "site-packages" in origin or "dist-packages" in origin
