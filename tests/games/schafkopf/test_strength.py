"""Schafkopf strength on duplicate deals (fixed seeds, so the verdict never changes): the
heuristic beats random play (tests/games/schafkopf/test_bot.py), and ISMCTS beats the
heuristic at the iterations 0.1 s buys (about 200; docs/strength.md has the timed row)."""

from __future__ import annotations

import pytest
from benchmarks.schafkopf_strength import duplicate_gains

from parlour.arena.stats import paired_test


@pytest.mark.slow
def test_ismcts_beats_the_heuristic_on_duplicate_deals() -> None:
    """Each of 40 deals played four times, ISMCTS in each seat in turn against three
    heuristics: its mean gain a deal is above 0 at one-sided p < 0.01."""
    gains, _ = duplicate_gains("ismcts:iterations=200", "heuristic", range(2000, 2040))
    interval, p = paired_test(gains)
    assert interval.mean > 0 and p is not None and p / 2 < 0.01, (interval, p)
