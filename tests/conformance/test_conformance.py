"""The conformance suite on every registered game, through the same entry plug-ins use.

The checks are `parlour.testing.ConformanceChecks`; conftest.py chooses the parameter sets
(`FAST_PARAMS` shortens long games). New games join automatically.
"""

from __future__ import annotations

from parlour.testing import conformance_suite
from tests.conformance.conftest import fast_games

TestConformance = conformance_suite(fast_games())
