"""The conformance suite on every registered game, through the same entry plug-ins use.

The checks are `parlour.testing.ConformanceChecks` and `EncodingChecks` (tensor encodings,
action ids and masks, laid out in docs/rules); conftest.py chooses the parameter sets
(`FAST_PARAMS` shortens long games). New games join automatically.
"""

from __future__ import annotations

from pathlib import Path

from parlour.testing import conformance_suite
from tests.conformance.conftest import fast_games

RULES = Path(__file__).parents[2] / "docs" / "rules"

TestConformance = conformance_suite(fast_games(), rules_docs=RULES)
