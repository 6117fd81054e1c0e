"""Deprecated: the old name of `parlour.compiled_switch` (kept for code that imports it).

`python -m parlour.engine` still prints the active path.
"""

from __future__ import annotations

import warnings

from parlour.compiled_switch import *  # noqa: F403
from parlour.compiled_switch import (  # noqa: F401
    MODULE_NAMES,
    PURE_ENV,
    StaleBuild,
    built,
    check_current,
    compiled,
    engine_description,
    engine_path,
    forced_pure,
    load,
    main,
)

warnings.warn("parlour.engine is deprecated: use parlour.compiled_switch "
              "(engine.kernel is compiled_switch.load)", DeprecationWarning, stacklevel=2)

kernel = load
KERNELS = MODULE_NAMES

if __name__ == "__main__":
    main()
