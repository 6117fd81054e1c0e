"""The conformance suite on every registered game, through the same entry plug-ins use.

The checks are `parlour.testing.ConformanceChecks` and `EncodingChecks` (tensor encodings,
action ids and masks, laid out in docs/rules); conftest.py chooses the parameter sets
(`FAST_PARAMS` shortens long games). New games join automatically; installed plug-ins run
in a suite of their own, without the check that docs/rules documents their encoding.
"""

from __future__ import annotations

from pathlib import Path

from parlour.testing import conformance_suite
from tests.conformance.conftest import fast_games

RULES = Path(__file__).parents[2] / "docs" / "rules"

GAMES = fast_games()
BUILT_IN = [game for game in GAMES if type(game).__module__.startswith("parlour.")]
PLUG_INS = [game for game in GAMES if game not in BUILT_IN]

TestConformance = conformance_suite(BUILT_IN, rules_docs=RULES)
if PLUG_INS:  # installed plug-ins (the Oh Hell example): their rules pages are not in docs/rules
    TestPlugInConformance = conformance_suite(PLUG_INS)
