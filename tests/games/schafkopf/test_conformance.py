"""The conformance suite on Schafkopf's variants (the default game runs in tests/conformance):
Ramsch when all pass, no doubling, another tariff, Kontra after the lead."""

from __future__ import annotations

from pathlib import Path

from parlour.testing import conformance_suite

RULES = Path(__file__).resolve().parents[3] / "docs" / "rules"

TestSchafkopfVariants = conformance_suite(
    ["schafkopf:all_pass=ramsch,deals=2,ramsch_tie=tricks",
     "schafkopf:kontra=false,deals=2,tariff_rufspiel=20,laufende_min=2",
     "schafkopf:kontra_round=after-lead,deals=2"], scale=0.3,
    rules_docs=RULES)
