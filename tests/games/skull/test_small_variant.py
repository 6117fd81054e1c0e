"""The small Skull variant (two players, fewer roses) passes the whole conformance suite."""

from __future__ import annotations

from pathlib import Path

from parlour.testing import conformance_suite

RULES = Path(__file__).parents[3] / "docs" / "rules"

TestSmallSkull = conformance_suite(["skull:players=2,roses=1,wins=1", "skull:players=3,roses=2"],
                                   rules_docs=RULES, scale=0.3)
