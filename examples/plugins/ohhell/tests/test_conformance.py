"""Oh Hell passes parlour's conformance suite on several parameter sets."""

from parlour.testing import conformance_suite

TestConformance = conformance_suite(
    ["ohhell:cards=3", "ohhell:players=3,cards=5", "ohhell:players=5,cards=4"], scale=0.3,
)
