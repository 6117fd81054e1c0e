"""The optional compiled kernels (Cython). Everything else is declared in pyproject.toml.

Without a working C compiler (or without Cython) the build goes on without them, prints one
warning, and parlour runs on pure Python: `parlour.engine` says which path is active.
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

WARNING = ("warning: parlour's compiled kernels were not built ({}); parlour will run on "
           "pure Python, slower. Install a C compiler (gcc) and reinstall to build them.")


BUILDING = ("build_ext", "bdist_wheel", "editable_wheel", "develop", "install")


def _extensions() -> list[Extension]:
    try:
        import numpy
        from Cython.Build import cythonize
    except ImportError as error:
        if any(command in sys.argv for command in BUILDING):
            print(WARNING.format(error), file=sys.stderr)
        return []
    kernels = [
        Extension("parlour.cards._kernel", ["src/parlour/cards/_kernel.pyx"]),
        # whole deals of Hearts and Spades, on the card play they cimport from cards/_kernel.pxd
        Extension("parlour.games.hearts._kernel", ["src/parlour/games/hearts/_kernel.pyx"]),
        Extension("parlour.games.spades._kernel", ["src/parlour/games/spades/_kernel.pyx"]),
        # the Match path's step (legal_actions, apply) of Hearts and Spades, on the states' slots
        Extension("parlour.games.hearts._step", ["src/parlour/games/hearts/_step.pyx"]),
        Extension("parlour.games.spades._step", ["src/parlour/games/spades/_step.pyx"]),
        # the Hearts heuristic for search playouts, on the Hearts deal kernel
        Extension("parlour.games.hearts._heuristic", ["src/parlour/games/hearts/_heuristic.pyx"]),
        # the Spades heuristic for rollouts: its counted tricks with the Python float operations
        Extension("parlour.games.spades._heuristic", ["src/parlour/games/spades/_heuristic.pyx"],
                  extra_compile_args=["-ffp-contract=off"]),
        # Hearts' and Spades' learner tensors and masks written into preallocated batch rows
        Extension("parlour.games.hearts._rows", ["src/parlour/games/hearts/_rows.pyx"]),
        Extension("parlour.games.spades._rows", ["src/parlour/games/spades/_rows.pyx"]),
        # the vector environments' step of a whole batch: learners' moves, then random seats'
        Extension("parlour.rl._lockstep", ["src/parlour/rl/_lockstep.pyx"]),
        Extension("parlour.games.skat._kernel", ["src/parlour/games/skat/_kernel.pyx"]),
        # the Skat heuristic on that kernel: its hand strengths are floats summed in the Python
        # code's order, so no fused multiply-add
        Extension("parlour.games.skat._heuristic", ["src/parlour/games/skat/_heuristic.pyx"],
                  extra_compile_args=["-ffp-contract=off"]),
        # the ISMCTS loop must compute UCB with the Python loop's very operations: no fused
        # multiply-add
        Extension("parlour.agents.search._ismcts", ["src/parlour/agents/search/_ismcts.pyx"],
                  extra_compile_args=["-ffp-contract=off"]),
        # numpy's own multinomial sampler, so zombies draw exactly what numpy would
        Extension("parlour.games.territory._kernel", ["src/parlour/games/territory/_kernel.pyx"],
                  include_dirs=[numpy.get_include()],
                  library_dirs=[os.path.join(os.path.dirname(numpy.__file__), "random", "lib")],
                  libraries=["npyrandom"],
                  define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")]),
    ]
    return cythonize(kernels, compiler_directives={"language_level": "3"}, quiet=True,
                     include_path=["src"])


class OptionalBuildExt(build_ext):
    """Builds the kernels if it can; a compiler failure is one warning, not an error."""

    warned = False

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # no compiler at all
            self.warn_once(error)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:  # the compiler failed on this kernel
            self.warn_once(error)

    def warn_once(self, error: Exception) -> None:
        if not OptionalBuildExt.warned:
            OptionalBuildExt.warned = True
            reason = " ".join(f"{type(error).__name__}: {error}".split())
            print(WARNING.format(reason), file=sys.stderr)


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
