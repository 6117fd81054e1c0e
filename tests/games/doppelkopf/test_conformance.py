"""The conformance suite on Doppelkopf's variants (tests/conformance runs the plain deal):
a tournament round with Pflichtsoli and Vorführungen, and the house rules together."""

from __future__ import annotations

from parlour.testing import conformance_suite

TestVariants = conformance_suite(
    ["doppelkopf:deals=4",
     "doppelkopf:deals=2,tournament=false,armut=true,schweinchen=true,with_nines=false,"
     "second_dulle=except_last_trick,hochzeit_partner=first_plain",
     "doppelkopf:deals=1,tournament=false,armut=true,schweinchen=true,"
     "solo_types=damensolo,hochzeit_partner=first_trump,second_dulle=always"],
    scale=0.3)
