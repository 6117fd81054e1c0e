"""The optional compiled modules (Cython), as `src/parlour/compiled_modules.py` lists them.
Everything else is declared in pyproject.toml.

Without a working C compiler (or without Cython) the build goes on without them, prints one
warning, and parlour runs on pure Python: `parlour.compiled_switch` says which path is active.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

WARNING = ("warning: parlour's compiled modules were not built ({}); parlour will run on "
           "pure Python, slower. Install a C compiler (gcc) and reinstall to build them.")


BUILDING = ("build_ext", "bdist_wheel", "editable_wheel", "develop", "install")


def _manifest() -> ModuleType:
    """`parlour.compiled_modules`, loaded by path: parlour itself is not importable yet."""
    path = Path(__file__).parent / "src" / "parlour" / "compiled_modules.py"
    spec = importlib.util.spec_from_file_location("parlour_compiled_modules", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look the module up while it loads
    spec.loader.exec_module(module)
    return module


def _extensions() -> list[Extension]:
    try:
        import numpy
        from Cython.Build import cythonize
    except ImportError as error:
        if any(command in sys.argv for command in BUILDING):
            print(WARNING.format(error), file=sys.stderr)
        return []
    numpy_random = {
        "include_dirs": [numpy.get_include()],
        "library_dirs": [os.path.join(os.path.dirname(numpy.__file__), "random", "lib")],
        "libraries": ["npyrandom"],
        "define_macros": [("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
    }
    extensions = [
        Extension(module.name, [str(module.source(Path("src")))],
                  extra_compile_args=["-ffp-contract=off"] if module.exact_floats else [],
                  **(numpy_random if module.numpy_random else {}))
        for module in _manifest().MODULES
    ]
    return cythonize(extensions, compiler_directives={"language_level": "3"}, quiet=True,
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
