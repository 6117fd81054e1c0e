"""The one list of parlour's compiled modules (Cython), and what is derived from it.

`setup.py` builds `MODULES`, `parlour.compiled_switch` loads and reports them, `make clean`
deletes their build products (``python src/parlour/compiled_modules.py clean``), and tests
check that the package data and ``.gitignore`` cover their sources and products. A module is
named once here, with why it needs special compiler flags; adding one is adding one
`CompiledModule` line.

`stale_sources` is the staleness guard: a built module older than its ``.pyx`` or than any
``.pxd`` it cimports (directly or through another ``.pxd``) is refused by `parlour.compiled_switch`.

This file imports nothing from parlour: `setup.py` loads it by path, before parlour is built.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
"""The ``parlour`` package directory; module sources are found from its parent."""

REBUILD = "python setup.py build_ext --inplace"
"""The command, run in the source tree, that rebuilds every compiled module in place."""


@dataclass(frozen=True)
class CompiledModule:
    """One compiled module: its dotted name, what it is for, and the flags it needs."""

    name: str
    purpose: str
    exact_floats: bool = False
    """Compiled without fused multiply-add (``-ffp-contract=off``): its float sums must equal
    the Python code's, operation for operation."""
    numpy_random: bool = False
    """Links numpy's C random library (``npyrandom``) to draw exactly what numpy draws."""
    former: tuple[str, ...] = ()
    """Earlier names of the module in its package (``_kernel``): never loaded, but their build
    products, left in a developer's tree, are deleted by `clean` with the module's own."""

    def source(self, root: Path = PACKAGE_DIR.parent) -> Path:
        """The ``.pyx`` file under `root` (the directory holding the ``parlour`` package)."""
        return root.joinpath(*self.name.split(".")).with_suffix(".pyx")

    def former_sources(self, root: Path = PACKAGE_DIR.parent) -> list[Path]:
        """Where the ``.pyx`` of each former name was (`former`), beside `source`."""
        return [self.source(root).with_name(f"{stem}.pyx") for stem in self.former]


MODULES = (
    CompiledModule("parlour.cards._trick_play", "the trick play every trick game's kernels share",
                   former=("_kernel",)),
    CompiledModule("parlour.cards._layer",
                   "random playouts of any game on the general trick layer, from its tables"),
    CompiledModule("parlour.cards._layer_step",
                   "the Match path's step of any game on the general trick layer"),
    CompiledModule("parlour.games.hearts._deals", "whole deals of Hearts (playouts)",
                   former=("_kernel",)),
    CompiledModule("parlour.games.spades._deals", "whole deals of Spades (playouts)",
                   former=("_kernel",)),
    CompiledModule("parlour.games.hearts._step", "the Match path's step of Hearts"),
    CompiledModule("parlour.games.spades._step", "the Match path's step of Spades"),
    CompiledModule("parlour.games.hearts._heuristic", "the Hearts heuristic for playouts"),
    CompiledModule("parlour.games.spades._heuristic",
                   "the Spades heuristic for rollouts: Python's float sums", exact_floats=True),
    CompiledModule("parlour.games.skat._deals_and_step",
                   "whole deals of Skat and the Match path's step", former=("_kernel",)),
    CompiledModule("parlour.games.skat._heuristic",
                   "the Skat heuristic: hand strengths summed in Python's order",
                   exact_floats=True),
    CompiledModule("parlour.agents.search._ismcts",
                   "the ISMCTS loop: UCB with the Python loop's very operations",
                   exact_floats=True),
    CompiledModule("parlour.games.hearts._rows",
                   "Hearts' learner tensor and mask written into batch rows"),
    CompiledModule("parlour.games.spades._rows",
                   "Spades' learner tensor and mask written into batch rows"),
    CompiledModule("parlour.rl._lockstep",
                   "the vector environments' step of a whole batch with random opponents"),
    CompiledModule("parlour.games.territory._zombies",
                   "Territory's zombies: numpy's own multinomial sampler", numpy_random=True,
                   former=("_kernel",)),
)
"""Every compiled module, in build order."""

_CIMPORT = re.compile(r"^\s*(?:from\s+(parlour(?:\.\w+)+)\s+cimport|cimport\s+(parlour(?:\.\w+)+))",
                      re.MULTILINE)


def module_named(name: str) -> CompiledModule:
    """The manifest's entry for dotted module `name`."""
    for module in MODULES:
        if module.name == name:
            return module
    raise KeyError(f"{name!r} is not a compiled module of parlour (see compiled_modules.py)")


def declarations(source: Path, root: Path = PACKAGE_DIR.parent) -> list[Path]:
    """The ``.pxd`` files that `source` (a ``.pyx`` or ``.pxd``) compiles with: its own
    ``.pxd`` beside it and every parlour ``.pxd`` it cimports, followed through ``.pxd`` files."""
    found: list[Path] = []
    pending = [source]
    own = source.with_suffix(".pxd")
    if source.suffix == ".pyx" and own.exists():
        pending.append(own)
        found.append(own)
    while pending:
        text = pending.pop().read_text(encoding="utf-8")
        for match in _CIMPORT.finditer(text):
            path = root.joinpath(*(match[1] or match[2]).split(".")).with_suffix(".pxd")
            if path.exists() and path not in found:
                found.append(path)
                pending.append(path)
    return found


def stale_sources(module: CompiledModule, built: Path,
                  root: Path = PACKAGE_DIR.parent) -> list[Path]:
    """The sources of `module` modified after `built` (its compiled file) was: empty when the
    build is current or when the sources are not there (an installed wheel without them)."""
    source = module.source(root)
    if not source.exists():
        return []
    built_at = built.stat().st_mtime
    return [path for path in [source, *declarations(source, root)]
            if path.stat().st_mtime > built_at]


def build_products(root: Path = PACKAGE_DIR.parent) -> list[Path]:
    """Every file a build leaves beside the sources: the generated C, the compiled module
    (any Python version or platform) and Cython's annotation pages, under the module's name
    and its former ones."""
    products: list[Path] = []
    for module in MODULES:
        for source in (module.source(root), *module.former_sources(root)):
            products += [path for path in (source.with_suffix(".c"), source.with_suffix(".html"))
                         if path.exists()]
            products += sorted(source.parent.glob(f"{source.stem}.*.so"))
            products += sorted(source.parent.glob(f"{source.stem}.*.pyd"))
    return products


def clean(root: Path = PACKAGE_DIR.parent) -> list[Path]:
    """Delete every build product under `root` (`build_products`); returns what was deleted."""
    removed = build_products(root)
    for path in removed:
        path.unlink()
    return removed


def main(argv: list[str]) -> int:
    """``clean`` deletes the build products; ``list`` prints the modules and their sources."""
    if argv == ["clean"]:
        for path in clean():
            print(f"removed {path.relative_to(PACKAGE_DIR.parent.parent)}")
        return 0
    if argv == ["list"]:
        for module in MODULES:
            print(f"{module.name:34} {module.purpose}")
        return 0
    print("usage: python src/parlour/compiled_modules.py {clean|list}\n"
          "hint: clean deletes the compiled modules' build products; list names them",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
